import { useState } from "react";
import { clampCell, type GridCell, sameCell } from "./cells";
import type { LivePreset } from "./presets";

/** How a click or a key changes the selection. */
export type SelectMode = "only" | "toggle" | "extend" | "range";

/**
 * The selection of a sheet: the active cell (the one the keyboard moves), the selected cells, and the anchor a
 * shift-click extends a range from.
 */
export function useSelection(preset: LivePreset) {
  const firstCell = preset.selected?.[0] ?? { row: 0, column: 0 };
  const [active, setActive] = useState<GridCell>(firstCell);
  const [selection, setSelection] = useState<GridCell[]>(preset.selected ?? []);
  const [anchor, setAnchor] = useState<GridCell>(firstCell);

  const select = (cell: GridCell, mode: SelectMode): void => {
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

  /** Back to the preset's selection. */
  const reset = (): void => {
    setSelection(preset.selected ?? []);
    setActive(firstCell);
    setAnchor(firstCell);
  };

  /** Keeps the active cell and the selection inside a sheet of a new size (each cell once). */
  const fit = (rows: number, columns: number): void => {
    setActive((a) => clampCell(a, rows, columns));
    setSelection((sel) =>
      sel
        .filter((c) => c.row < rows && c.column < columns)
        .filter((c, i, all) => all.findIndex((d) => sameCell(c, d)) === i),
    );
  };

  return { active, setActive, selection, select, reset, fit };
}

export type Selection = ReturnType<typeof useSelection>;
