import { type FormEvent, type ReactNode, useId, useMemo, useState } from "react";
import type { Backend, FoundMember } from "./backend";
import type { LiveTool } from "./presets";
import { text } from "./strings";
import styles from "./styles.module.css";

/** How many found members the panel lists. */
const SHOWN = 8;

/**
 * Beside an ad hoc grid: find a member by part of its name or alias (what `nav/search` does), and the cube's
 * substitution variables (what `nav/variables` lists). A click types the member, or `&Variable`, into the
 * active cell; Refresh then reads it.
 */
export function MemberTools({
  tools,
  backend,
  target,
  onPick,
}: {
  tools: readonly LiveTool[];
  backend: Backend;
  /** The active cell, as `B3`. */
  target: string;
  onPick: (text: string) => void;
}): ReactNode {
  const id = useId();
  const [keyword, setKeyword] = useState("");
  const [found, setFound] = useState<{ keyword: string; total: number; members: FoundMember[] } | null>(null);
  const variables = useMemo(
    () => (tools.includes("variables") ? (backend.variables?.() ?? []) : []),
    [backend, tools],
  );

  const find = (e: FormEvent): void => {
    e.preventDefault();
    const k = keyword.trim();
    if (!k || !backend.search) return;
    setFound({ keyword: k, ...backend.search(k, SHOWN) });
  };

  return (
    <div className={styles.tools} data-live-tools>
      {tools.includes("search") && backend.search && (
        <form className={styles.toolPanel} onSubmit={find} data-tool="search">
          <label htmlFor={`${id}-keyword`}>{text.findLabel()}</label>{" "}
          <input
            id={`${id}-keyword`}
            type="search"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder="cola, new*"
          />{" "}
          <button type="submit" className="button button--secondary button--sm">
            {text.find()}
          </button>
          {found && (
            <div aria-live="polite">
              <p className={styles.toolNote} data-found-total={found.total}>
                {text.found(found.total, found.keyword)} {found.total > 0 ? text.pickMember(target) : ""}
              </p>
              <ul className={styles.toolList}>
                {found.members.map((m) => (
                  <li key={`${m.dimension}/${m.name}`}>
                    <button
                      type="button"
                      className={styles.toolPick}
                      data-member={m.name}
                      onClick={() => onPick(m.name)}
                    >
                      {m.name}
                      {m.alias ? ` (${m.alias})` : ""}
                    </button>{" "}
                    <span className={styles.toolNote}>{m.dimension}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </form>
      )}
      {tools.includes("variables") && variables.length > 0 && (
        <div className={styles.toolPanel} data-tool="variables">
          <p className={styles.toolNote}>{text.variablesIntro(target)}</p>
          <table className={styles.toolTable}>
            <caption>{text.variablesCaption()}</caption>
            <thead>
              <tr>
                <th scope="col">{text.variable()}</th>
                <th scope="col">{text.value()}</th>
              </tr>
            </thead>
            <tbody>
              {variables.map((v) => (
                <tr key={v.name}>
                  <td>
                    <button
                      type="button"
                      className={styles.toolPick}
                      data-variable={v.name}
                      onClick={() => onPick(`&${v.name}`)}
                    >
                      &amp;{v.name}
                    </button>
                  </td>
                  <td>{v.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
