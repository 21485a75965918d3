import { type KeyboardEvent, useEffect, useRef } from "react";
import { type GridCell, moveCell } from "./cells";
import { cellKey, type LiveSheetState } from "./useLiveSheet";
import type { Selection } from "./useSelection";

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * The keyboard of the data grid pattern: arrows move (Shift extends, Ctrl moves alone), Home and End go to the
 * row's ends, Space or Enter select, Enter or F2 edit, Delete or Backspace clear, a character starts typing.
 * The active cell takes the focus after a render that asked for it (`focusGrid`); `cellRefs` holds the cells.
 */
export function useGridKeys(
  live: LiveSheetState,
  selection: Selection,
  rows: number,
  columns: number,
): {
  cellRefs: { current: Map<string, HTMLTableCellElement> };
  onGridKey: (e: KeyboardEvent<HTMLTableElement>) => void;
} {
  const cellRefs = useRef(new Map<string, HTMLTableCellElement>());
  const { active, select, setActive } = selection;
  const { editing, focusGrid, isEditable, setEditing, sheet, shown } = live;

  useEffect(() => {
    if (!focusGrid.current) return;
    focusGrid.current = false;
    cellRefs.current.get(cellKey(active))?.focus();
  });

  const onGridKey = (e: KeyboardEvent<HTMLTableElement>): void => {
    if (editing || (e.target as HTMLElement).tagName === "INPUT") return;
    const move = MOVES[e.key];
    const ctrl = e.ctrlKey || e.metaKey;
    if (move) {
      e.preventDefault();
      const next: GridCell = moveCell(active, move[0], move[1], rows, columns);
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
      setEditing({ cell: active, value: shown((sheet.grid[active.row]?.[active.column] ?? "").trim()) });
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

  return { cellRefs, onGridKey };
}
