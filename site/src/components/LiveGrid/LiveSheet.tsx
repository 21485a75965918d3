import type { CellKind } from "@qibates/engine/grid";
import clsx from "clsx";
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { type Backend, LiveError, type MemberDisplay, type Options, padded, type Sheet } from "./backend";
import { cellName, clampCell, type GridCell, moveCell, sameCell } from "./cells";
import { MemberTools } from "./MemberTools";
import { type LiveAction, type LivePreset, PRESETS, type PresetName } from "./presets";
import { SettingsPanel } from "./SettingsPanel";
import { type SubmitReport, SubmitReportView } from "./SubmitReport";
import { actionLabels, doneLabels, text } from "./strings";
import styles from "./styles.module.css";

interface Message {
  error: boolean;
  text: string;
}

const MEMBER_KINDS: ReadonlySet<CellKind> = new Set(["pov", "column-header", "row-header"]);

function initialOptions(preset: LivePreset): Options {
  const s = preset.settings;
  return {
    zoomMode: preset.zoomMode ?? "NEXT_LEVEL",
    includeSelection: true,
    missingLabel: s.missingLabel ?? "#Missing",
    missingSuppression: s.missingSuppression ?? false,
    withoutIndentation: s.withoutIndentation ?? false,
    memberDisplay: (s.memberDisplay as MemberDisplay | undefined) ?? "name",
    navigateWithoutData: s.navigateWithoutData === true,
  };
}

const key = (c: GridCell): string => `${c.row},${c.column}`;

/**
 * A live sheet: the reader selects cells (mouse or keyboard), applies the page's operations and sees what
 * `@qibates/engine` answers, all in the browser (`backend`: Sample.Basic ad hoc grids or a Vision form).
 */
export function LiveSheet({ example, backend }: { example: PresetName; backend: () => Backend }): ReactNode {
  const preset: LivePreset = PRESETS[example];
  const engine = useRef<Backend | null>(null);
  if (engine.current === null) engine.current = backend();
  const [options, setOptions] = useState<Options>(() => initialOptions(preset));
  const [sheet, setSheet] = useState<Sheet>(() =>
    (engine.current as Backend).start(preset, initialOptions(preset)),
  );
  const firstCell = preset.selected?.[0] ?? { row: 0, column: 0 };
  const [active, setActive] = useState<GridCell>(firstCell);
  const [selection, setSelection] = useState<GridCell[]>(preset.selected ?? []);
  const [anchor, setAnchor] = useState<GridCell>(firstCell);
  const [dirty, setDirty] = useState<GridCell[]>([]);
  const [editing, setEditing] = useState<{ cell: GridCell; value: string } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [report, setReport] = useState<SubmitReport | null>(null);
  const focusGrid = useRef(false);
  const cellRefs = useRef(new Map<string, HTMLTableCellElement>());
  const id = useId();

  const labels = useMemo(() => ({ actions: actionLabels(), done: doneLabels() }), []);
  const rows = sheet.grid.length;
  const columns = sheet.grid.reduce((w, r) => Math.max(w, r.length), 0);

  useEffect(() => {
    if (!focusGrid.current) return;
    focusGrid.current = false;
    cellRefs.current.get(key(active))?.focus();
  });

  const isEditable = useCallback(
    (c: GridCell): boolean => {
      if (preset.editable === "members") {
        const kind = sheet.kinds[c.row]?.[c.column] ?? "blank";
        return MEMBER_KINDS.has(kind) || kind === "blank" || kind === "corner";
      }
      if (preset.editable === "data") return sheet.writable[c.row]?.[c.column] === true;
      return false;
    },
    [preset.editable, sheet],
  );

  const apply = (action: LiveAction): void => {
    const label = labels.actions[action];
    const needsSelection = action !== "refresh" && action !== "submit";
    if (needsSelection && selection.length === 0) {
      setMessage({ error: true, text: text.noSelection() });
      return;
    }
    if (action === "submit" && dirty.length === 0) {
      setMessage({ error: true, text: text.nothingToSubmit() });
      return;
    }
    const pivot = action === "pivot" || action === "pivottopov";
    const pivotStart = selection.some((c) => sameCell(c, active)) ? active : selection[0];
    try {
      const r = (engine.current as Backend).run(preset, {
        action,
        grid: sheet.grid,
        cells: pivot && pivotStart ? [pivotStart] : selection,
        dirty,
        options,
      });
      const next = r.sheet;
      if (action === "submit") {
        const statuses = r.statuses ?? [];
        const dirtyKeys = new Set(dirty.map(key));
        const totals: SubmitReport["totals"] = [];
        next.grid.forEach((row, i) => {
          row.forEach((after, j) => {
            const before = sheet.grid[i]?.[j] ?? "";
            const kind = next.kinds[i]?.[j];
            if ((kind === "data" || kind === "missing") && before !== after && !dirtyKeys.has(`${i},${j}`))
              totals.push({ cell: cellName({ row: i, column: j }), before, after });
          });
        });
        setReport({ statuses, totals, notes: r.notes ?? [] });
        const written = statuses.filter((s) => s.status === "written" || s.status === "truncated").length;
        setMessage({ error: false, text: text.submitted(written, statuses.length - written) });
      } else {
        setReport(null);
        const shape = next.grid.length - (preset.editable === "members" ? 1 : 0);
        const width = (next.grid[0]?.length ?? 0) - (preset.editable === "members" ? 1 : 0);
        setMessage({
          error: false,
          text:
            r.changed || action === "refresh"
              ? text.done(labels.done[action], shape, width)
              : text.unchanged(label),
        });
      }
      setSheet(next);
      setDirty([]);
      const nextRows = next.grid.length;
      const nextCols = next.grid.reduce((w, row) => Math.max(w, row.length), 0);
      setActive((a) => clampCell(a, nextRows, nextCols));
      setSelection((sel) =>
        sel
          .filter((c) => c.row < nextRows && c.column < nextCols)
          .filter((c, i, all) => all.findIndex((d) => sameCell(c, d)) === i),
      );
    } catch (e) {
      if (e instanceof LiveError) {
        const where = e.unknown.length ? ` ${text.unknownMembers(e.unknown.join(", "))}` : "";
        setMessage({ error: true, text: text.error(e.message) + where });
      } else {
        setMessage({ error: true, text: text.error(e instanceof Error ? e.message : String(e)) });
      }
    }
  };

  const reset = (): void => {
    const o = initialOptions(preset);
    setOptions(o);
    setSheet((engine.current as Backend).start(preset, o));
    setSelection(preset.selected ?? []);
    setActive(firstCell);
    setAnchor(firstCell);
    setDirty([]);
    setEditing(null);
    setReport(null);
    setMessage({ error: false, text: text.reset_done() });
  };

  const commitEdit = (): void => {
    if (!editing) return;
    const { cell, value } = editing;
    setEditing(null);
    focusGrid.current = true;
    if ((sheet.grid[cell.row]?.[cell.column] ?? "") === value) return;
    writeCell(cell, value);
  };

  /** Puts `value` in a cell, as typing it would (and, on a member sheet, opens a new spare row or column). */
  const writeCell = (cell: GridCell, value: string): void => {
    setSheet((s) => {
      const edited = {
        ...s,
        grid: s.grid.map((row, i) =>
          i === cell.row ? row.map((v, j) => (j === cell.column ? value : v)) : row,
        ),
      };
      // Typing in the spare row or column opens a new spare one: a sheet always has more room.
      const last = cell.row === s.grid.length - 1 || cell.column === (s.grid[0]?.length ?? 0) - 1;
      return preset.editable === "members" && value.trim() && last ? padded(edited, true) : edited;
    });
    if (preset.editable === "data") setDirty((d) => (d.some((c) => sameCell(c, cell)) ? d : [...d, cell]));
  };

  const select = (cell: GridCell, mode: "only" | "toggle" | "extend" | "range"): void => {
    setActive(cell);
    if (mode === "only") {
      setSelection([cell]);
      setAnchor(cell);
    } else if (mode === "toggle") {
      setSelection((sel) =>
        sel.some((c) => sameCell(c, cell)) ? sel.filter((c) => !sameCell(c, cell)) : [...sel, cell],
      );
      setAnchor(cell);
    } else if (mode === "extend") {
      setSelection((sel) => (sel.some((c) => sameCell(c, cell)) ? sel : [...sel, cell]));
    } else {
      const cells: GridCell[] = [];
      for (let r = Math.min(anchor.row, cell.row); r <= Math.max(anchor.row, cell.row); r++)
        for (let c = Math.min(anchor.column, cell.column); c <= Math.max(anchor.column, cell.column); c++)
          cells.push({ row: r, column: c });
      setSelection(cells);
    }
  };

  const onGridKey = (e: KeyboardEvent<HTMLTableElement>): void => {
    if (editing || (e.target as HTMLElement).tagName === "INPUT") return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[e.key];
    const ctrl = e.ctrlKey || e.metaKey;
    if (move) {
      e.preventDefault();
      const next = moveCell(active, move[0], move[1], rows, columns);
      focusGrid.current = true;
      if (ctrl) setActive(next);
      else select(next, e.shiftKey ? "extend" : "only");
      return;
    }
    if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      focusGrid.current = true;
      select({ row: active.row, column: e.key === "Home" ? 0 : columns - 1 }, "only");
      return;
    }
    if (e.key === " " || (e.key === "Enter" && !isEditable(active))) {
      e.preventDefault();
      select(active, ctrl || e.shiftKey ? "toggle" : "only");
      return;
    }
    if ((e.key === "Enter" || e.key === "F2") && isEditable(active)) {
      e.preventDefault();
      setEditing({ cell: active, value: (sheet.grid[active.row]?.[active.column] ?? "").trim() });
      return;
    }
    if ((e.key === "Delete" || e.key === "Backspace") && isEditable(active)) {
      e.preventDefault();
      setEditing({ cell: active, value: "" });
      return;
    }
    if (e.key.length === 1 && !ctrl && !e.altKey && isEditable(active)) {
      e.preventDefault();
      setEditing({ cell: active, value: e.key });
    }
  };

  const selectedKeys = new Set(selection.map(key));
  const dirtyKeys = new Set(dirty.map(key));
  const columnLetters = Array.from({ length: columns }, (_, c) => cellName({ row: -1, column: c }));
  const selectionText = selection
    .map((c) => {
      const v = (sheet.grid[c.row]?.[c.column] ?? "").trim();
      return v ? `${cellName(c)} (${v})` : cellName(c);
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
        <SettingsPanel preset={preset} options={options} onChange={setOptions} />
      )}
      {preset.tools && preset.editable === "members" && (
        <MemberTools
          tools={preset.tools}
          backend={engine.current as Backend}
          target={cellName(active)}
          onPick={(value) => {
            if (!isEditable(active)) {
              setMessage({ error: true, text: text.pickWhere() });
              return;
            }
            writeCell(active, value);
            focusGrid.current = true;
          }}
        />
      )}
      <div className={styles.toolbar} role="toolbar" aria-label={text.operations()}>
        {preset.actions.map((a) => (
          <button
            key={a}
            type="button"
            className="button button--primary button--sm"
            data-action={a}
            onClick={() => apply(a)}
          >
            {labels.actions[a]}
          </button>
        ))}
        <button
          type="button"
          className="button button--secondary button--sm"
          data-action="reset"
          onClick={reset}
        >
          {text.reset()}
        </button>
      </div>
      <p className={styles.selection}>
        {text.selection(selectionText)}
        {preset.editable === "data" && (
          <span className={styles.dirtyCount}> · {text.dirtyCount(dirty.length)}</span>
        )}
      </p>
      <div className={styles.scroller}>
        <table
          className={styles.grid}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA data grid pattern on a real table
          role="grid"
          aria-multiselectable="true"
          aria-label={text.gridLabel()}
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
                  const k = key(cell);
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
                    sheet.locked?.[r]?.[c] && styles.locked,
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
                      if (isEditable(cell)) setEditing({ cell, value: value.trim() });
                    },
                  };
                  const content =
                    editing && sameCell(editing.cell, cell) ? (
                      <input
                        className={styles.editor}
                        // biome-ignore lint/a11y/noAutofocus: the editor opens on the reader's own keystroke
                        autoFocus
                        aria-label={text.editCell(cellName(cell))}
                        value={editing.value}
                        onChange={(e) => setEditing({ cell, value: e.target.value })}
                        onBlur={commitEdit}
                        onKeyDown={(e) => {
                          if (e.key === "Enter" || e.key === "Tab") {
                            e.preventDefault();
                            commitEdit();
                          } else if (e.key === "Escape") {
                            e.preventDefault();
                            focusGrid.current = true;
                            setEditing(null);
                          }
                        }}
                      />
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
      <p
        className={clsx(styles.status, message?.error && styles.statusError)}
        role="status"
        aria-live="polite"
        data-status
      >
        {message?.text ?? ""}
      </p>
      {report && <SubmitReportView report={report} missingLabel={options.missingLabel} />}
    </section>
  );
}
