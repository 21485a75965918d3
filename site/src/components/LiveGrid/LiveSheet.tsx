import clsx from "clsx";
import { type ReactNode, useId } from "react";
import type { Backend } from "./backend";
import { cellName } from "./cells";
import { MemberTools } from "./MemberTools";
import { type LivePreset, PRESETS, type PresetName } from "./presets";
import { SettingsPanel } from "./SettingsPanel";
import { SheetTable } from "./SheetTable";
import { SheetToolbar } from "./SheetToolbar";
import { SubmitReportView } from "./SubmitReport";
import { text } from "./strings";
import styles from "./styles.module.css";
import { useGridKeys } from "./useGridKeys";
import { useLiveSheet } from "./useLiveSheet";
import { useSelection } from "./useSelection";

/**
 * A live sheet: the reader selects cells (mouse or keyboard), applies the page's operations and sees what
 * `@qibates/engine` answers, all in the browser (`backend`: Sample.Basic ad hoc grids or a Vision form).
 * The state and the engine calls are in `useLiveSheet`, the selection in `useSelection`, the keyboard in
 * `useGridKeys`; the parts below only draw them.
 */
export function LiveSheet({ example, backend }: { example: PresetName; backend: () => Backend }): ReactNode {
  const preset: LivePreset = PRESETS[example];
  const selection = useSelection(preset);
  const live = useLiveSheet(preset, backend, selection);
  const { sheet, options, message, report, dirty } = live;
  const id = useId();
  const columns = sheet.grid.reduce((w, r) => Math.max(w, r.length), 0);
  const { cellRefs, onGridKey } = useGridKeys(live, selection, sheet.grid.length, columns);

  const selectionText = selection.selection
    .map((c) => {
      const v = (sheet.grid[c.row]?.[c.column] ?? "").trim();
      return v ? `${cellName(c)} (${live.shown(v)})` : cellName(c);
    })
    .join(", ");
  const hintId = `${id}-hint`;

  return (
    <section className={styles.liveGrid} aria-labelledby={`${id}-title`} data-live-grid={example}>
      <h3 id={`${id}-title`} className={styles.title}>
        {preset.application === "vision" ? text.formTitle() : text.title()}
      </h3>
      <p id={hintId} className={styles.hint}>
        {preset.application === "vision" ? text.formIntro() : text.intro()}{" "}
        {preset.editable === "members"
          ? text.editMembers()
          : preset.editable === "data"
            ? text.editData()
            : ""}
      </p>
      {preset.controls.length > 0 && (
        <SettingsPanel preset={preset} options={options} onChange={live.setOptions} />
      )}
      {preset.tools && preset.editable === "members" && (
        <MemberTools
          tools={preset.tools}
          backend={live.backend}
          target={cellName(selection.active)}
          onPick={live.pick}
        />
      )}
      <SheetToolbar
        actions={preset.actions}
        labels={live.labels.actions}
        onAction={live.apply}
        onReset={live.reset}
      />
      <p className={styles.selection}>
        {text.selection(selectionText)}
        {preset.editable === "data" && (
          <span className={styles.dirtyCount}> · {text.dirtyCount(dirty.length)}</span>
        )}
      </p>
      <SheetTable
        label={preset.application === "vision" ? text.formGridLabel() : text.gridLabel()}
        live={live}
        selection={selection}
        columns={columns}
        hintId={hintId}
        cellRefs={cellRefs}
        onGridKey={onGridKey}
      />
      <p
        className={clsx(styles.status, message?.error && styles.statusError)}
        role="status"
        aria-live="polite"
        data-status
      >
        {message?.text ?? ""}
      </p>
      {report && <SubmitReportView report={report} missingLabel={options.missingLabel} shown={live.shown} />}
    </section>
  );
}
