import type { CellKind } from "@qibates/engine/grid";
import clsx from "clsx";
import type { KeyboardEvent, ReactNode } from "react";
import { CellEditor } from "./CellEditor";
import { cellName, sameCell } from "./cells";
import styles from "./styles.module.css";
import { cellKey, type LiveSheetState, MEMBER_KINDS } from "./useLiveSheet";
import type { Selection } from "./useSelection";

/**
 * The sheet as a `<table role="grid">`: column letters and row numbers around it, each cell a header (members)
 * or a data cell, styled by kind, selection and edits, with the editor in the cell being edited.
 */
export function SheetTable({
  label,
  live,
  selection,
  columns,
  hintId,
  cellRefs,
  onGridKey,
}: {
  /** The grid's accessible name: which application's sheet or form it is. */
  label: string;
  live: LiveSheetState;
  selection: Selection;
  columns: number;
  hintId: string;
  cellRefs: { current: Map<string, HTMLTableCellElement> };
  onGridKey: (e: KeyboardEvent<HTMLTableElement>) => void;
}): ReactNode {
  const { sheet, editing, setEditing, commitEdit, isEditable, focusGrid, shown } = live;
  const { active, select } = selection;
  const selectedKeys = new Set(selection.selection.map(cellKey));
  const dirtyKeys = new Set(live.dirty.map(cellKey));
  const columnLetters = Array.from({ length: columns }, (_, c) => cellName({ row: -1, column: c }));
  return (
    <div className={styles.scroller}>
      <table
        className={styles.grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA data grid pattern on a real table
        role="grid"
        aria-multiselectable="true"
        aria-label={label}
        aria-describedby={hintId}
        onKeyDown={onGridKey}
      >
        <thead>
          <tr>
            <td className={styles.frameCorner} />
            {columnLetters.map((l) => (
              <th key={l} scope="col" className={styles.frame}>
                {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.grid.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sheet rows have no identity but their position
            <tr key={r}>
              <th scope="row" className={styles.frame}>
                {r + 1}
              </th>
              {Array.from({ length: columns }, (_, c) => {
                const cell = { row: r, column: c };
                const k = cellKey(cell);
                const kind: CellKind = sheet.kinds[r]?.[c] ?? "blank";
                const value = row[c] ?? "";
                const member = MEMBER_KINDS.has(kind);
                const isData = kind === "data" || kind === "missing" || kind === "noaccess";
                const readOnly = isData && sheet.writable[r]?.[c] !== true;
                const isActive = sameCell(cell, active);
                const className = clsx(
                  styles.cell,
                  member && styles.member,
                  isData && styles.data,
                  readOnly && styles.readOnly,
                  kind === "missing" && styles.missing,
                  dirtyKeys.has(k) && styles.dirty,
                  selectedKeys.has(k) && styles.selected,
                );
                const common = {
                  ref: (el: HTMLTableCellElement | null) => {
                    if (el) cellRefs.current.set(k, el);
                    else cellRefs.current.delete(k);
                  },
                  className,
                  tabIndex: isActive ? 0 : -1,
                  "aria-selected": selectedKeys.has(k),
                  "data-cell": cellName(cell),
                  "data-kind": kind,
                  onClick: (e: React.MouseEvent) =>
                    select(cell, e.shiftKey ? "range" : e.ctrlKey || e.metaKey ? "toggle" : "only"),
                  onDoubleClick: () => {
                    if (isEditable(cell)) setEditing({ cell, value: shown(value.trim()) });
                  },
                };
                const content =
                  editing && sameCell(editing.cell, cell) ? (
                    <CellEditor
                      name={cellName(cell)}
                      value={editing.value}
                      onChange={(v) => setEditing({ cell, value: v })}
                      onCommit={commitEdit}
                      onCancel={() => {
                        focusGrid.current = true;
                        setEditing(null);
                      }}
                    />
                  ) : isData ? (
                    shown(value)
                  ) : (
                    value
                  );
                if (kind === "pov" || kind === "column-header")
                  return (
                    <th key={k} scope="col" {...common}>
                      {content}
                    </th>
                  );
                if (kind === "row-header")
                  return (
                    <th key={k} scope="row" {...common}>
                      {content}
                    </th>
                  );
                return (
                  <td key={k} {...common}>
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
