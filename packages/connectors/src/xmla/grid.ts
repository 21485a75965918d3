import type { CellValue, Member } from "@qibates/engine";
import { bracket, uniformTuples } from "@qibates/grid-bridge";
import type { DataSet } from "@qibates/protocols/xmla";
import type { XmlaOutline } from "./outline.ts";

/**
 * The data cells of an ad hoc grid over XMLA (laid out by the engine, `grid-bridge/grid-over-server.ts`), read
 * with one MDX `SELECT` per answer: the dimensions whose member is the same in every tuple go to the `WHERE`
 * slicer, the others make one set of tuples on `COLUMNS`; cell `i` is tuple `i`.
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
 * The `SELECT`s that read `tuples` (see {@link cellQuery}), each at most `max` characters where a single tuple
 * allows: the tuples split in halves until each part's query fits, in order; `from`/`to` give each query's
 * tuples.
 */
export function cellQueries(
  outline: XmlaOutline,
  cube: string,
  tuples: readonly (readonly Member[])[],
  max = MAX_STATEMENT_CHARS,
): { statement: string; from: number; to: number }[] {
  const out: { statement: string; from: number; to: number }[] = [];
  const visit = (from: number, to: number): void => {
    const statement = cellQuery(outline, cube, tuples.slice(from, to));
    if (statement.length <= max || to - from <= 1) {
      out.push({ statement, from, to });
      return;
    }
    const mid = (from + to) >>> 1;
    visit(from, mid);
    visit(mid, to);
  };
  visit(0, tuples.length);
  return out;
}

/** The value of cell `i` of a one-axis answer: a number, `null` (empty), or `"noaccess"` (a cell error). */
export function cellValue(data: DataSet, i: number): CellValue | "noaccess" {
  const cell = data.cells.get(i);
  if (!cell) return null;
  if (cell.error) return "noaccess";
  return typeof cell.value === "number" ? cell.value : null;
}
