/**
 * The rules of a spreadsheet grid that the engine, the provider contract and the API server hold the same, written
 * once. Plain data and pure functions; no other package of the workspace, no Node module: the engine runs it in
 * the browser too.
 */

/** How Zoom In expands a member: Smart View's seven modes (`settings.zoomInMode` in the API). */
export type ZoomMode =
  | "NEXT_LEVEL"
  | "ALL_LEVELS"
  | "BOTTOM_LEVEL"
  | "SIBLING_LEVEL"
  | "SAME_LEVEL"
  | "SAME_GENERATION"
  | "CALC_LEVEL";

/** Every zoom-in mode, in the order the capability table and the documentation list them. */
export const ZOOM_MODES: readonly ZoomMode[] = [
  "NEXT_LEVEL",
  "ALL_LEVELS",
  "BOTTOM_LEVEL",
  "SIBLING_LEVEL",
  "SAME_LEVEL",
  "SAME_GENERATION",
  "CALC_LEVEL",
];

/** The cells of a sheet as a client sent it (rows of cells): what is not a list of rows holds none. */
export function sheetCells(sheet: unknown): number {
  if (!Array.isArray(sheet)) return 0;
  let n = 0;
  for (const row of sheet) n += Array.isArray(row) ? row.length : 0;
  return n;
}

/** A cell of a grid, by its row and column (from 0). */
export interface CellPosition {
  row: number;
  column: number;
}

/**
 * The changed cells a save names, each once in the order first listed, against the `size` of its grid (its cells):
 * 300,000 copies of one cell write it once; a list naming more distinct cells than the grid holds is refused before
 * anything is written, in the words of the side that refuses it (`tooMany`: how many distinct cells it names).
 */
export function changedCells<T extends CellPosition>(
  listed: readonly T[],
  size: number,
): { cells: T[]; tooMany: null } | { cells: null; tooMany: number } {
  const seen = new Set<string>();
  const cells = listed.filter((c) => {
    const key = `${c.row},${c.column}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return cells.length > size ? { cells: null, tooMany: cells.length } : { cells, tooMany: null };
}

/**
 * What Planning answers (400) when a data entry form or a data slice holds more cells than its threshold, as a
 * live-tested client records it (terameta EPMToolBox splits its rows and retries on this text): the engine's data
 * slice and the Planning REST endpoint's form refuse in these words alike.
 */
export const DATA_ENTRY_THRESHOLD =
  "Unable to load the data entry form as the number of data entry cells exceeded the threshold.";
