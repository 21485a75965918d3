import type { ReactNode } from "react";
import type { LiveStatus } from "./backend";
import { cellName } from "./cells";
import { statusLabels, text } from "./strings";
import styles from "./styles.module.css";

/** What a submit did: each cell's status, the notes, and the totals it changed. */
export interface SubmitReport {
  statuses: LiveStatus[];
  totals: { cell: string; before: string; after: string }[];
  notes: string[];
}

/** The report under the sheet after a submit. */
export function SubmitReportView({
  report,
  missingLabel,
  shown,
}: {
  report: SubmitReport;
  missingLabel: string;
  /** A number as the page's language writes it. */
  shown: (value: string) => string;
}): ReactNode {
  const labels = { status: statusLabels() };
  return (
    <div className={styles.report}>
      <table className={styles.reportTable}>
        <caption>{text.statusCaption()}</caption>
        <thead>
          <tr>
            <th scope="col">{text.cell()}</th>
            <th scope="col">{text.value()}</th>
            <th scope="col">{text.status()}</th>
          </tr>
        </thead>
        <tbody>
          {report.statuses.map((s) => (
            <tr key={`${s.row},${s.column}`}>
              <td>{cellName(s)}</td>
              <td>{s.value === undefined ? "" : s.value === null ? missingLabel : shown(String(s.value))}</td>
              <td>{labels.status[s.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.notes.length > 0 && (
        <ul className={styles.notes}>
          {report.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {report.totals.length > 0 && (
        <table className={styles.reportTable}>
          <caption>{text.totalsCaption()}</caption>
          <thead>
            <tr>
              <th scope="col">{text.cell()}</th>
              <th scope="col">{text.before()}</th>
              <th scope="col">{text.after()}</th>
            </tr>
          </thead>
          <tbody>
            {report.totals.map((t) => (
              <tr key={t.cell}>
                <td>{t.cell}</td>
                <td>{shown(t.before)}</td>
                <td>{shown(t.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
