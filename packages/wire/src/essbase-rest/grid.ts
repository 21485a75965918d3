import type { components } from "@qibates/client/schema";
import {
  CELL_TYPE,
  gridSlice,
  javaDataText,
  MESSAGES,
  type RestGrid,
  type RestGridDimension,
  rangeCells as readRanges,
  readSlice,
  SLICE_FAULTS,
} from "@qibates/protocols/essbase-rest";
import { badRequest } from "./errors.ts";

type Schemas = components["schemas"];

export { cellAt } from "@qibates/protocols/essbase-rest";

const TYPE_OF_KIND: Record<Schemas["CellKind"], string> = {
  corner: CELL_TYPE.blank,
  blank: CELL_TYPE.blank,
  pov: CELL_TYPE.member,
  "column-header": CELL_TYPE.member,
  "row-header": CELL_TYPE.member,
  data: CELL_TYPE.data,
  "read-only": CELL_TYPE.data,
  missing: CELL_TYPE.data,
  "no-access": CELL_TYPE.data,
};

/**
 * The sheet a request's `grid` describes: `slice.rows` x `slice.columns`, filled from its ranges; a slice of
 * more than `maxCells` cells is refused before any is made.
 */
export function sheetOf(
  grid: unknown,
  maxCells: number,
): { sheet: string[][]; rows: number; columns: number } {
  const read = readSlice(grid, "refuse", maxCells);
  if (typeof read === "string") throw badRequest(SLICE_FAULTS[read]);
  return { sheet: read.cells, rows: read.rows, columns: read.columns };
}

/**
 * The cells of `ranges` (`[startRow, startCol, rowCount, colCount]`, 0-based). A range that is not four whole
 * numbers, is empty or leaves the grid is Essbase's "nonsensical report".
 */
export function rangeCells(ranges: unknown, rows: number, columns: number): Schemas["CellRef"][] {
  const cells = readRanges(ranges, rows, columns);
  if (!cells) throw badRequest(MESSAGES.nonsensical);
  return cells;
}

/** A provider's grid as the Essbase REST `Grid`: the sheet row-major in one range, and the dimensions' places. */
export function restGrid(
  answer: Pick<Schemas["GridResponse"], "grid" | "cellKinds" | "layout">,
  outlineOrder: readonly string[],
  alias: string | null,
): RestGrid {
  const { grid, cellKinds } = answer;
  const rows = grid.length;
  let columns = 0;
  for (const line of grid) if (line.length > columns) columns = line.length;
  const values: string[] = [];
  const types: string[] = [];
  for (let r = 0; r < rows; r++) {
    const line = grid[r];
    const kindLine = cellKinds[r];
    for (let c = 0; c < columns; c++) {
      const text = line?.[c] ?? "";
      const kind = kindLine?.[c] ?? "blank";
      const type = TYPE_OF_KIND[kind];
      // A value in Java's form (`912.0`); a missing or no-access cell's label as the preferences set it, even one
      // that reads as a number (missing label `0`), which a client tells from a 0 (`0.0`) only so.
      const labelled = kind === "missing" || kind === "no-access";
      values.push(type === CELL_TYPE.data && !labelled ? javaDataText(text) : text);
      types.push(type);
    }
  }
  const { pov, rowDimensions, columnDimensions, headerRows } = answer.layout;
  const firstTopRow = headerRows - columnDimensions.length;
  const placed = new Map<string, RestGridDimension>();
  for (const [name, member] of Object.entries(pov)) {
    placed.set(name, { name, row: -1, column: -1, pov: member, hidden: false, expanded: false });
  }
  for (let column = 0; column < rowDimensions.length; column++) {
    const name = rowDimensions[column] as string;
    placed.set(name, { name, row: -1, column, pov: "", hidden: false, expanded: false });
  }
  for (let i = 0; i < columnDimensions.length; i++) {
    const name = columnDimensions[i] as string;
    placed.set(name, { name, row: firstTopRow + i, column: -1, pov: "", hidden: false, expanded: false });
  }
  // Outline order first, then any placed dimension the outline does not name.
  const dimensions: RestGridDimension[] = [];
  for (const d of outlineOrder) {
    const p = placed.get(d);
    if (p) {
      dimensions.push(p);
      placed.delete(d);
    }
  }
  for (const p of placed.values()) dimensions.push(p);
  return {
    dimensions,
    alias: alias ?? "none",
    slice: gridSlice(rows, columns, values, types),
  };
}
