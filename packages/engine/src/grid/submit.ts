import { changedCells, sheetCells } from "@qibates/grid-rules";
import { GridError } from "./errors.ts";
import type { GridModel } from "./model.ts";
import { type CellRef, cellRef, parseValue } from "./parse.ts";
import { type GridDataSource, tupleBuilder } from "./render.ts";
import type { ResolvedGridSettings } from "./settings.ts";

/** What became of one submitted cell. */
export interface CellStatus {
  row: number;
  column: number;
  /** `written`; `read-only` (dynamic, label only, no access…); `invalid` (not a number); `not-data` (not a data cell). */
  status: "written" | "read-only" | "invalid" | "not-data";
  /** Why the cell was not written. */
  reason?: string;
  /** The value written (`null` = #Missing). */
  value?: number | null;
}

/**
 * Writes the dirty data cells of a sheet. Without an explicit list, a data cell is dirty when the value typed
 * (a number or the missing label; an empty cell never) differs from the cube's. Only stored, readable intersections are written (block storage accepts stored
 * cells at any level; Dynamic Calc and label-only cells never).
 */
export function submitCells(
  source: GridDataSource,
  model: GridModel,
  sheet: readonly (readonly unknown[])[],
  dirty: readonly { row: number; column: number }[] | undefined,
  s: ResolvedGridSettings,
): CellStatus[] {
  const build = tupleBuilder(model.outline, model.pov);
  const text = (r: number, c: number): string => {
    const v = sheet[r]?.[c];
    return v == null ? "" : String(v);
  };
  let cells: { row: number; column: number; ref: CellRef }[];
  if (dirty) {
    // Each cell once; never more cells than the sheet has (the rule of every save, `changedCells`).
    const size = sheetCells(sheet);
    const changed = changedCells(dirty, size);
    if (changed.cells === null) {
      throw new GridError("GRID_BAD_REQUEST", { id: "tooManyCells", cells: changed.tooMany, size });
    }
    cells = changed.cells.map((d) => ({ ...d, ref: cellRef(model, d.row, d.column, sheet) }));
  } else {
    cells = [];
    const L = model.layout;
    for (let r = L.headerRows; r < L.rows; r++) {
      for (let c = L.leftColumns; c < L.columns; c++) {
        const ref = cellRef(model, r, c, sheet);
        if (ref.region !== "data") continue;
        // An empty cell is never taken as an edit here (a grid shown without data is all empty): clearing a
        // value takes the missing label, or an explicit dirty list.
        if (text(r, c).trim() === "") continue;
        const value = parseValue(text(r, c), s);
        if (value === undefined) continue;
        const t = build(
          model.left.tuples[ref.row]?.members ?? [],
          model.top.tuples[ref.column]?.members ?? [],
        );
        if (source.canRead && !source.canRead(t)) continue;
        if (source.read(t) !== value) cells.push({ row: r, column: c, ref });
      }
    }
  }
  const out: CellStatus[] = [];
  for (const { row, column, ref } of cells) {
    if (ref.region !== "data") {
      out.push({ row, column, status: "not-data", reason: "Not a data cell" });
      continue;
    }
    const value = parseValue(text(row, column), s);
    if (value === undefined) {
      out.push({ row, column, status: "invalid", reason: `"${text(row, column).trim()}" is not a number` });
      continue;
    }
    const t = build(model.left.tuples[ref.row]?.members ?? [], model.top.tuples[ref.column]?.members ?? []);
    if (source.canRead && !source.canRead(t)) {
      out.push({ row, column, status: "read-only", reason: "No access" });
      continue;
    }
    const blocker = source.writeBlocker(t);
    if (blocker) {
      out.push({ row, column, status: "read-only", reason: blocker });
      continue;
    }
    try {
      source.write(t, value);
    } catch (e) {
      out.push({ row, column, status: "read-only", reason: (e as Error).message });
      continue;
    }
    out.push({ row, column, status: "written", value });
  }
  return out;
}
