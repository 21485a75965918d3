import { MESSAGES } from "./errors.ts";

/**
 * The Essbase REST grid (`Grid{dimensions, alias, slice}`), request and answer. Wire facts (Oracle's REST
 * description and captured exchanges): the slice is the sheet row-major in ranges (`values[]` as strings,
 * numbers like Java's `105522.0`); `types[]` "0" member, "2" data, "7" blank; a POV dimension carries its
 * member in `pov` with `row`/`column` -1; a left-axis dimension its column; a top-axis dimension its row.
 * What a live server was seen to leave out is optional: the grids of Oracle's examples carry no `start` nor
 * `types` in their ranges, and a slice alone, without `alias` or `dimensions`.
 */

/** `GridDimension`: where a dimension sits in the grid. */
export interface RestGridDimension {
  name: string;
  row: number;
  column: number;
  pov: string;
  hidden: boolean;
  expanded: boolean;
}

/** `GridRange`: parallel arrays over a row-major run of cells, from `start` (0 when left out). */
export interface RestGridRange {
  start?: number;
  end: number;
  values: string[];
  types?: string[];
}

/** `Grid` of the Essbase REST API. */
export interface RestGrid {
  alias?: string;
  dimensions?: RestGridDimension[];
  slice: {
    rows: number;
    columns: number;
    /** Cells a `submit` writes (flat row-major indices). */
    dirtyCells?: number[];
    dirtyTexts?: number[];
    data: { ranges: RestGridRange[] };
  };
}

/** Cell types of `GridRange.types`, as a live server sends them: member, data, blank. */
export const CELL_TYPE = { member: "0", data: "2", blank: "7" } as const;
export type CellType = (typeof CELL_TYPE)[keyof typeof CELL_TYPE];

/** The actions of `POST …/grid`, spelled as the server's case-sensitive enum. */
export const GRID_ACTIONS = [
  "zoomin",
  "zoomout",
  "keeponly",
  "removeonly",
  "refresh",
  "pivot",
  "pivotToPOV",
  "submit",
] as const;
export type GridAction = (typeof GRID_ACTIONS)[number];

export function isGridAction(action: unknown): action is GridAction {
  return typeof action === "string" && (GRID_ACTIONS as readonly string[]).includes(action);
}

/**
 * `POST …/grid`'s body: the action, the grid it works on, and where: `ranges` as `[startRow, startCol,
 * rowCount, colCount]`, or `coordinates` (zoom in reads `[row, column]` pairs, the others flat indices).
 */
export interface GridOperation {
  action: GridAction;
  grid: RestGrid;
  alias?: string;
  ranges?: number[][];
  coordinates?: number[];
}

/** `POST …/grid/mdx`'s body. */
export interface GridMdxInput {
  query: string;
}

/** One range holding a whole `rows` x `columns` sheet, row-major (`types` where the writer knows them). */
export function gridSlice(
  rows: number,
  columns: number,
  values: string[],
  types?: string[],
): RestGrid["slice"] {
  const range: RestGridRange = { start: 0, end: Math.max(0, rows * columns - 1), values };
  if (types) range.types = types;
  return { rows, columns, data: { ranges: [range] } };
}

/** A sheet read from a slice: its cells row by row, and their types. */
export interface SliceSheet {
  rows: number;
  columns: number;
  cells: string[][];
  types: string[][];
}

/** Why a slice cannot be read. */
export type SliceFault = "shape" | "size" | "ranges" | "range" | "outside";

/** The words of each fault, as the endpoint answers them (`outside` is Essbase's own). */
export const SLICE_FAULTS: Record<SliceFault, string> = {
  shape: "The grid must have a slice with whole numbers of rows and columns.",
  size: "The grid's slice has more cells (rows × columns) than the server accepts.",
  ranges: "slice.data.ranges must be an array.",
  range: "Each grid range needs a whole start and an array of values.",
  outside: MESSAGES.nonsensical,
};

/** The most cells a slice may describe unless the caller says fewer (QiBates' largest grid setting). */
export const SLICE_MAX_CELLS = 10_000_000;

/**
 * The sheet a grid's slice describes: `slice.rows` x `slice.columns`, filled from its ranges (a cell no range
 * names is blank, a value `null` is `""`, a cell without a type is blank when empty, a member otherwise). A
 * value beyond the sheet is a fault when `outside` is `refuse` (the server's reading of a request) and left
 * out when it is `skip` (a client's reading of an answer). A slice of more than `maxCells` cells is a fault
 * before any is made: its size is the sender's word, whatever few values it carries.
 */
export function readSlice(
  grid: unknown,
  outside: "refuse" | "skip",
  maxCells: number = SLICE_MAX_CELLS,
): SliceSheet | SliceFault {
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
    return "shape";
  }
  if (rows * columns > maxCells) return "size";
  const cells: string[][] = [];
  const types: string[][] = [];
  for (let r = 0; r < rows; r++) {
    cells.push(new Array<string>(columns).fill(""));
    types.push(new Array<string>(columns).fill(CELL_TYPE.blank));
  }
  const ranges = slice.data?.ranges ?? [];
  if (!Array.isArray(ranges)) return "ranges";
  for (const range of ranges as { start?: unknown; values?: unknown; types?: unknown }[]) {
    const start = range?.start ?? 0;
    const values = range?.values ?? [];
    if (typeof start !== "number" || !Number.isInteger(start) || start < 0 || !Array.isArray(values)) {
      return "range";
    }
    const rangeTypes = Array.isArray(range?.types) ? (range.types as unknown[]) : null;
    for (let i = 0; i < values.length; i++) {
      const at = start + i;
      const r = columns === 0 ? rows : Math.floor(at / columns);
      if (r >= rows) {
        if (outside === "refuse") return "outside";
        continue;
      }
      const v = values[i];
      const text = v === null || v === undefined ? "" : typeof v === "string" ? v : String(v);
      const type = rangeTypes?.[i];
      (cells[r] as string[])[at % columns] = text;
      (types[r] as string[])[at % columns] =
        typeof type === "string" ? type : text === "" ? CELL_TYPE.blank : CELL_TYPE.member;
    }
  }
  return { rows, columns, cells, types };
}

/** A flat, row-major cell index of a grid of `columns` columns, as a cell; `null` outside the grid. */
export function cellAt(
  index: unknown,
  rows: number,
  columns: number,
): { row: number; column: number } | null {
  if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= rows * columns)
    return null;
  return { row: Math.floor(index / columns), column: index % columns };
}

/**
 * The cells of `ranges` (`[startRow, startCol, rowCount, colCount]`, 0-based); `null` when a range is not four
 * whole numbers, is empty or leaves the grid (Essbase's "nonsensical report").
 */
export function rangeCells(
  ranges: unknown,
  rows: number,
  columns: number,
): { row: number; column: number }[] | null {
  if (!Array.isArray(ranges)) return null;
  const cells: { row: number; column: number }[] = [];
  for (const range of ranges) {
    const ok =
      Array.isArray(range) &&
      range.length === 4 &&
      range.every((n) => typeof n === "number" && Number.isInteger(n));
    const [r, c, rc, cc] = ok ? (range as [number, number, number, number]) : [0, 0, 0, 0];
    if (!ok || r < 0 || c < 0 || rc < 1 || cc < 1 || r + rc > rows || c + cc > columns) return null;
    for (let i = r; i < r + rc; i++) for (let j = c; j < c + cc; j++) cells.push({ row: i, column: j });
  }
  return cells;
}
