import type { components } from "@qibates/client/schema";
import { badRequest, MESSAGES } from "./errors.ts";
import { javaDataText } from "./java-double.ts";

type Schemas = components["schemas"];

/** `GridDimension`: where a dimension sits in the grid. */
export interface RestGridDimension {
  name: string;
  row: number;
  column: number;
  pov: string;
  hidden: boolean;
  expanded: boolean;
}

/** `GridRange`: parallel arrays over a row-major run of cells. */
export interface RestGridRange {
  start: number;
  end: number;
  values: string[];
  types: string[];
}

/** `Grid` of the Essbase REST API (request and answer). */
export interface RestGrid {
  dimensions: RestGridDimension[];
  alias: string;
  slice: {
    rows: number;
    columns: number;
    data: { ranges: RestGridRange[] };
  };
}

/** Cell types of `GridRange.types`, as a live server sends them: member, data, blank. */
export const CELL_TYPE = { member: "0", data: "2", blank: "7" } as const;

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

/** The sheet a request's `grid` describes: `slice.rows` x `slice.columns`, filled from its ranges. */
export function sheetOf(grid: unknown): { sheet: string[][]; rows: number; columns: number } {
  const g = grid as { slice?: { rows?: unknown; columns?: unknown; data?: { ranges?: unknown } } } | null;
  const slice = g && typeof g === "object" ? g.slice : undefined;
  const rows = slice?.rows;
  const columns = slice?.columns;
  if (
    !slice ||
    typeof rows !== "number" ||
    typeof columns !== "number" ||
    !Number.isInteger(rows) ||
    !Number.isInteger(columns) ||
    rows < 0 ||
    columns < 0
  ) {
    throw badRequest("The grid must have a slice with whole numbers of rows and columns.");
  }
  const sheet: string[][] = [];
  for (let r = 0; r < rows; r++) sheet.push(new Array<string>(columns).fill(""));
  const ranges = slice.data?.ranges ?? [];
  if (!Array.isArray(ranges)) throw badRequest("slice.data.ranges must be an array.");
  for (const range of ranges as { start?: unknown; values?: unknown }[]) {
    const start = range?.start ?? 0;
    const values = range?.values ?? [];
    if (typeof start !== "number" || !Number.isInteger(start) || start < 0 || !Array.isArray(values)) {
      throw badRequest("Each grid range needs a whole start and an array of values.");
    }
    for (let i = 0; i < values.length; i++) {
      const at = start + i;
      const row = sheet[Math.floor(at / columns)];
      if (columns === 0 || !row) throw badRequest(MESSAGES.nonsensical);
      const v = values[i];
      row[at % columns] = v === null || v === undefined ? "" : typeof v === "string" ? v : String(v);
    }
  }
  return { sheet, rows, columns };
}

/** A flat, row-major cell index of a grid of `columns` columns, as a cell. */
export function cellAt(index: unknown, rows: number, columns: number): Schemas["CellRef"] | null {
  if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= rows * columns)
    return null;
  return { row: Math.floor(index / columns), column: index % columns };
}

/**
 * The cells of `ranges` (`[startRow, startCol, rowCount, colCount]`, 0-based). A range that is not four whole
 * numbers, is empty or leaves the grid is Essbase's "nonsensical report".
 */
export function rangeCells(ranges: unknown, rows: number, columns: number): Schemas["CellRef"][] {
  if (!Array.isArray(ranges)) throw badRequest(MESSAGES.nonsensical);
  const cells: Schemas["CellRef"][] = [];
  for (const range of ranges) {
    const ok =
      Array.isArray(range) &&
      range.length === 4 &&
      range.every((n) => typeof n === "number" && Number.isInteger(n));
    const [r, c, rc, cc] = ok ? (range as [number, number, number, number]) : [0, 0, 0, 0];
    if (!ok || r < 0 || c < 0 || rc < 1 || cc < 1 || r + rc > rows || c + cc > columns) {
      throw badRequest(MESSAGES.nonsensical);
    }
    for (let i = r; i < r + rc; i++) for (let j = c; j < c + cc; j++) cells.push({ row: i, column: j });
  }
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
      const type = TYPE_OF_KIND[kindLine?.[c] ?? "blank"];
      values.push(type === CELL_TYPE.data ? javaDataText(text) : text);
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
    slice: {
      rows,
      columns,
      data: { ranges: [{ start: 0, end: Math.max(0, rows * columns - 1), values, types }] },
    },
  };
}
