import type { CellValue, Member } from "@qibates/engine";
import { bracket, uniformTuples } from "@qibates/grid-bridge";
import type { DataSet } from "@qibates/protocols/xmla";
import type { XmlaOutline } from "./outline.ts";

/**
 * The data cells of an ad hoc grid over XMLA (laid out by the engine, `grid-bridge/grid-over-server.ts`), read
 * with MDX `SELECT`s of at most 64 KiB ({@link cellQueries}): the dimensions whose member is the same in every
 * tuple go to the `WHERE` slicer; the others make the columns' and the rows' tuples of the grid, or one set of
 * tuples on `COLUMNS` (cell `i` is tuple `i`).
 */

/**
 * The `SELECT` that reads `tuples` of `cube`: one column per tuple, constant dimensions in the slicer. A tuple
 * holds one member per base dimension in outline order, then the attribute members a grid slices by; a tuple
 * without a member of an attribute dimension another one has is read at that dimension's top (no slicing), so
 * that every tuple of the set names the same dimensions.
 */
export function cellQuery(
  outline: XmlaOutline,
  cube: string,
  tuples: readonly (readonly Member[])[],
): string {
  const rows = uniformTuples(outline.outline, tuples);
  const first = rows[0] ?? [];
  // The first dimension always stays on the axis, so that the answer has one: cell i is tuple i.
  const varying = first.map((m, i) => i === 0 || rows.some((t) => t[i] !== m));
  const name = (m: Member) => outline.uniqueName(m);
  const axis = rows
    .map(
      (t) =>
        `(${t
          .filter((_, i) => varying[i])
          .map(name)
          .join(", ")})`,
    )
    .join(", ");
  const slicer = first.filter((_, i) => !varying[i]).map(name);
  return `SELECT {${axis}} ON COLUMNS FROM ${bracket(cube)}${slicer.length > 0 ? ` WHERE (${slicer.join(", ")})` : ""}`;
}

/**
 * The longest statement the connector sends, in characters: 64 KiB, the MDX text QiBates' own XMLA endpoint
 * reads (the engine's `MAX_MDX_CHARS`). A grid whose tuples make a longer `SELECT` (a refresh of 11,001 rows is
 * about 1 MB of MDX) is read with several, each within it.
 */
export const MAX_STATEMENT_CHARS = 64 * 1024;

/**
 * The most cells one statement reads: its answer, about 150 bytes of XML a cell, stays near 7 MiB, within the
 * default `UPSTREAM_MAX_ANSWER_BYTES` (16 MiB) and the elements an answer may hold.
 */
export const MAX_STATEMENT_CELLS = 50_000;

/** One statement of a grid's read: the tuple each cell of its answer reads, and the length of each axis. */
export interface CellStatement {
  statement: string;
  /** Cell `i` of the answer (as XMLA numbers cells: columns fastest) is tuple `cells[i]`. */
  cells: number[];
  /** The tuples on `COLUMNS`, then on `ROWS` when the statement has two axes. */
  axes: number[];
}

/**
 * Tuples laid out as a grid's data cells are, row after row: `width` tuples per row, the dimensions `across`
 * varying along a row and the same in every row, the others the same along a row. A crossjoin of several
 * dimensions can be cut so at each dimension where the columns start again (3 × 158,950 as well as 867 × 550):
 * the cut nearest a square, whose axes are the shortest to write. `null` for any other list (then read on one
 * axis).
 */
function rectangleOf(rows: readonly (readonly Member[])[]): { width: number; across: boolean[] } | null {
  const first = rows[0];
  if (!first || rows.length < 4) return null;
  const n = rows.length;
  // Dimensions seen varying within the first `j` tuples; a tuple that differs from the first only in others
  // may start the second row.
  const seen = first.map(() => false);
  let best: { width: number; across: boolean[] } | null = null;
  for (let j = 1; j < n; j++) {
    const t = rows[j] as readonly Member[];
    const differs = first.map((m, i) => t[i] !== m);
    if (differs.some(Boolean) && !differs.some((d, i) => d && seen[i]) && seen.some(Boolean)) {
      const across = [...seen];
      if (n % j === 0 && isRectangle(rows, j, across)) {
        if (!best || Math.abs(Math.log((j * j) / n)) < Math.abs(Math.log((best.width * best.width) / n))) {
          best = { width: j, across };
        }
      }
    }
    differs.forEach((d, i) => {
      if (d) seen[i] = true;
    });
  }
  return best;
}

/** Whether tuple `j` is row `j / width`'s member of the dimensions not `across`, column `j % width`'s of the others. */
function isRectangle(rows: readonly (readonly Member[])[], width: number, across: boolean[]): boolean {
  for (let j = 0; j < rows.length; j++) {
    const t = rows[j] as readonly Member[];
    const column = rows[j % width] as readonly Member[];
    const start = rows[j - (j % width)] as readonly Member[];
    if (t.some((m, i) => m !== (across[i] ? column[i] : start[i]))) return false;
  }
  return true;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * The `SELECT`s that read `tuples`, each at most `max` characters where a single tuple allows, and at most
 * {@link MAX_STATEMENT_CELLS} cells. Tuples laid out as a rectangle (a grid's rows × its columns) are read in
 * tiles: a block of the columns' tuples on `COLUMNS` (at most half of `max`) and a block of the rows' on `ROWS`,
 * so that a refresh of 553 rows × 867 columns is 26 statements, not 950 lists of tuples. Any other list, or a
 * single row past `max`, is read on one axis ({@link cellQuery}), split in halves until each part fits.
 */
export function cellQueries(
  outline: XmlaOutline,
  cube: string,
  tuples: readonly (readonly Member[])[],
  max = MAX_STATEMENT_CHARS,
): CellStatement[] {
  const out: CellStatement[] = [];
  const oneAxis = (from: number, to: number): void => {
    const statement = cellQuery(outline, cube, tuples.slice(from, to));
    if (statement.length <= max || to - from <= 1) {
      out.push({ statement, cells: range(from, to), axes: [to - from] });
      return;
    }
    const mid = (from + to) >>> 1;
    oneAxis(from, mid);
    oneAxis(mid, to);
  };
  const rows = uniformTuples(outline.outline, tuples);
  const rect = rectangleOf(rows);
  if (!rect) {
    oneAxis(0, tuples.length);
    return out;
  }
  const { width, across } = rect;
  const name = (m: Member) => outline.uniqueName(m);
  const tuple = (t: readonly Member[], keep: (i: number) => boolean) =>
    `(${t
      .filter((_, i) => keep(i))
      .map(name)
      .join(", ")})`;
  const columns = rows.slice(0, width).map((t) => tuple(t, (i) => across[i] === true));
  const tile = (c0: number, c1: number, r0: number, r1: number): void => {
    const starts = range(r0, r1).map((r) => rows[r * width] as readonly Member[]);
    const first = starts[0] as readonly Member[];
    const down = first.map((m, i) => !across[i] && starts.some((t) => t[i] !== m));
    if (!down.some(Boolean)) {
      // One row (or the same row again): each row's cells of these columns on one axis.
      for (let r = r0; r < r1; r++) oneAxis(r * width + c0, r * width + c1);
      return;
    }
    const slicer = first.filter((_, i) => !across[i] && !down[i]).map(name);
    const statement = `SELECT {${columns.slice(c0, c1).join(", ")}} ON COLUMNS, {${starts
      .map((t) => tuple(t, (i) => down[i] === true))
      .join(", ")}} ON ROWS FROM ${bracket(cube)}${slicer.length > 0 ? ` WHERE (${slicer.join(", ")})` : ""}`;
    if (statement.length <= max && (c1 - c0) * (r1 - r0) <= MAX_STATEMENT_CELLS) {
      const cells = range(r0, r1).flatMap((r) => range(r * width + c0, r * width + c1));
      out.push({ statement, cells, axes: [c1 - c0, r1 - r0] });
      return;
    }
    const mid = (r0 + r1) >>> 1;
    tile(c0, c1, r0, mid);
    tile(c0, c1, mid, r1);
  };
  // Blocks of columns whose tuples take at most half the statement, the rest left to the rows.
  let c0 = 0;
  let length = 0;
  for (let c = 0; c < width; c++) {
    const l = (columns[c] as string).length + 2;
    if (c > c0 && length + l > max / 2) {
      tile(c0, c, 0, rows.length / width);
      c0 = c;
      length = 0;
    }
    length += l;
  }
  tile(c0, width, 0, rows.length / width);
  return out;
}

/** The value of cell `i` of a one-axis answer: a number, `null` (empty), or `"noaccess"` (a cell error). */
export function cellValue(data: DataSet, i: number): CellValue | "noaccess" {
  const cell = data.cells.get(i);
  if (!cell) return null;
  if (cell.error) return "noaccess";
  return typeof cell.value === "number" ? cell.value : null;
}
