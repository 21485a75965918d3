import type { components } from "@qibates/client/schema";
import { sheetCells } from "@qibates/grid-rules";

export { sheetCells };

/** A grid as the API contract has it: rows of cell texts. */
export type GridRows = components["schemas"]["GridInput"];

/**
 * A grid left as the JSON text of the request it came in: `text.slice(start, end)` is the grid, an array of rows
 * of strings already checked against the contract's limits, `cells` cells in all.
 */
export interface GridText {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly cells: number;
  /** Its rows, and the length of its longest row. */
  readonly rows: number;
  readonly columns: number;
}

/**
 * A request's grid as it crosses the seam: its rows, or the request's JSON text with the grid's span in it. The
 * server leaves a large body's grid as text (`json-parser.ts`), so that a heavy call's grid is parsed only where
 * it is read: a grid worker is handed the text and the span and parses the grid itself, never on the event loop.
 * A provider that reads the cells takes the rows ({@link gridRows}).
 */
export type GridSource = GridRows | GridText;

/** Whether a grid source is the request's text (else it is the rows). */
export function isGridText(source: GridSource): source is GridText {
  return !Array.isArray(source);
}

/** The rows of a grid source: a grid left as text parsed from its span of the text (a new array at each call). */
export function gridRows(source: GridSource): GridRows {
  return isGridText(source) ? (JSON.parse(source.text.slice(source.start, source.end)) as GridRows) : source;
}

/** The cells of a grid source (its rows' lengths added up), without parsing a grid left as text. */
export function gridCells(source: GridSource): number {
  return isGridText(source) ? source.cells : sheetCells(source);
}

/** Rows of a grid source, and the length of its longest row: the sheet's extent, without parsing a grid left as text. */
export function gridExtent(source: GridSource): { rows: number; columns: number } {
  if (isGridText(source)) return { rows: source.rows, columns: source.columns };
  let columns = 0;
  for (const row of source) if (Array.isArray(row) && row.length > columns) columns = row.length;
  return { rows: source.length, columns };
}

/**
 * Whether a grid source has no row at all (`[]`; a grid of empty rows has rows), without parsing a grid left as
 * text: its text is an array, so it is empty when the first character after `[` that is not a space is `]`.
 */
export function gridIsEmpty(source: GridSource): boolean {
  if (!isGridText(source)) return source.length === 0;
  const { text, end } = source;
  for (let i = source.start + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return c === 93;
  }
  return true;
}
