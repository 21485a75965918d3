import useDocusaurusContext from "@docusaurus/useDocusaurusContext";
import type { CellKind } from "@qibates/engine/grid";
import { useCallback, useMemo, useRef, useState } from "react";
import { type Backend, LiveError, type MemberDisplay, type Options, padded, type Sheet } from "./backend";
import { cellName, type GridCell, readIn, sameCell, writtenIn } from "./cells";
import type { LiveAction, LivePreset } from "./presets";
import type { SubmitReport } from "./SubmitReport";
import { actionLabels, doneLabels, text } from "./strings";
import type { Selection } from "./useSelection";

export interface Message {
  error: boolean;
  text: string;
}

/** The cell kinds that hold a member name. */
export const MEMBER_KINDS: ReadonlySet<CellKind> = new Set(["pov", "column-header", "row-header"]);

/** A cell as a key of a set. */
export const cellKey = (c: GridCell): string => `${c.row},${c.column}`;

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

/**
 * The state of a live sheet and the engine calls that change it: the grid, the display options, the cells
 * edited since the last operation, the cell being edited, the status line and the last submit's report.
 * `focusGrid` asks for the active cell to take the focus after the next render.
 */
export function useLiveSheet(preset: LivePreset, backend: () => Backend, selection: Selection) {
  // Numbers are shown, and may be typed, as the page's language writes them (1234,5 in French).
  const french = useDocusaurusContext().i18n.currentLocale === "fr";
  const shown = useCallback((value: string): string => writtenIn(value, french), [french]);
  const engine = useRef<Backend | null>(null);
  if (engine.current === null) engine.current = backend();
  const [options, setOptions] = useState<Options>(() => initialOptions(preset));
  const [sheet, setSheet] = useState<Sheet>(() =>
    (engine.current as Backend).start(preset, initialOptions(preset)),
  );
  const [dirty, setDirty] = useState<GridCell[]>([]);
  const [editing, setEditing] = useState<{ cell: GridCell; value: string } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [report, setReport] = useState<SubmitReport | null>(null);
  const focusGrid = useRef(false);
  const labels = useMemo(() => ({ actions: actionLabels(), done: doneLabels() }), []);
  const { active } = selection;

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
    if (needsSelection && selection.selection.length === 0) {
      setMessage({ error: true, text: text.noSelection() });
      return;
    }
    if (action === "submit" && dirty.length === 0) {
      setMessage({ error: true, text: text.nothingToSubmit() });
      return;
    }
    const pivot = action === "pivot" || action === "pivottopov";
    const pivotStart = selection.selection.some((c) => sameCell(c, active)) ? active : selection.selection[0];
    try {
      const r = (engine.current as Backend).run(preset, {
        action,
        grid: sheet.grid,
        cells: pivot && pivotStart ? [pivotStart] : selection.selection,
        dirty,
        options,
      });
      const next = r.sheet;
      if (action === "submit") {
        const statuses = r.statuses ?? [];
        const dirtyKeys = new Set(dirty.map(cellKey));
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
      selection.fit(
        next.grid.length,
        next.grid.reduce((w, row) => Math.max(w, row.length), 0),
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
    selection.reset();
    setDirty([]);
    setEditing(null);
    setReport(null);
    setMessage({ error: false, text: text.reset_done() });
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

  const commitEdit = (): void => {
    if (!editing) return;
    const { cell } = editing;
    const value = readIn(editing.value, french);
    setEditing(null);
    focusGrid.current = true;
    if ((sheet.grid[cell.row]?.[cell.column] ?? "") === value) return;
    writeCell(cell, value);
  };

  /** A value picked in the member tools goes into the active cell, when that cell takes a member. */
  const pick = (value: string): void => {
    if (!isEditable(active)) {
      setMessage({ error: true, text: text.pickWhere() });
      return;
    }
    writeCell(active, value);
    focusGrid.current = true;
  };

  return {
    backend: engine.current as Backend,
    labels,
    options,
    setOptions,
    sheet,
    dirty,
    editing,
    setEditing,
    shown,
    message,
    report,
    focusGrid,
    isEditable,
    apply,
    reset,
    commitEdit,
    pick,
  };
}

export type LiveSheetState = ReturnType<typeof useLiveSheet>;
