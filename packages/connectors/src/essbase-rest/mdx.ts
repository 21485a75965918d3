import type { Dimension, Member, Outline } from "@qibates/engine";
import { resolveLabel } from "@qibates/engine/grid";
import { CalculatedMember, type MdxAxis, type MdxMember, type MdxResult } from "@qibates/engine/mdx";
import { CELL_TYPE, type RestGrid, type RestGridDimension } from "@qibates/protocols/essbase-rest";

/**
 * Essbase REST's answer to `POST …/grid/mdx` (a `Grid`) read back as an MDX result, so that the engine lays
 * it out as the demo lays its own MDX answers out (`@qibates/engine/mdx`'s `mdxGrid`). The Grid's
 * `dimensions` say where each dimension is (Oracle's `GridDimension`): a columns-axis dimension on the sheet
 * row `row` (`column` -1, as the documented example has Market), a rows-axis dimension in the sheet column
 * `column`, a slicer dimension with its member in `pov`. Header labels are member names or aliases of the
 * Grid's `alias` table; a label the outline lacks is a calculated member of that dimension (`WITH MEMBER`).
 * Data cells are numbers as Essbase writes them; anything else is #Missing.
 *
 * Returns `null` when the Grid does not say where its dimensions are.
 */
export function mdxResultOf(
  outline: Outline,
  grid: RestGrid,
  sheet: { cells: string[][]; types: string[][] },
): MdxResult | null {
  const placed = grid.dimensions;
  if (!Array.isArray(placed)) return null;
  const aliasTable = grid.alias && grid.alias.toLowerCase() !== "none" ? grid.alias : null;
  const dimension = (d: RestGridDimension) => outline.dimension(d.name);
  const top = placed.filter((d) => d.row >= 0 && d.column < 0).sort((a, b) => a.row - b.row);
  const left = placed.filter((d) => d.column >= 0).sort((a, b) => a.column - b.column);
  const axisDims = [...top, ...left].map(dimension);
  if (axisDims.some((d) => d === undefined)) return null;

  const slicer: Member[] = [];
  for (const d of placed) {
    if (d.row >= 0 || d.column >= 0 || !d.pov) continue;
    const m = resolveLabel(outline, d.pov, aliasTable);
    if (!m) return null;
    slicer.push(m);
  }

  const calculated = new Map<string, CalculatedMember>();
  const member = (dim: Dimension, label: string): MdxMember => {
    const text = label.trim();
    const m = resolveLabel(outline, text, aliasTable);
    if (m && m.dimension === dim) return m;
    const key = `${dim.index}:${text}`;
    let c = calculated.get(key);
    if (!c) {
      c = new CalculatedMember(text, dim, dim.root, { kind: "empty", at: { line: 0, column: 0, text } }, 0);
      calculated.set(key, c);
    }
    return c;
  };

  const rows = sheet.cells.length;
  const width = sheet.cells.reduce((w, r) => Math.max(w, r.length), 0);
  const label = (r: number, c: number) => (sheet.cells[r]?.[c] ?? "").trim();
  const headerRows = top.length > 0 ? Math.max(...top.map((d) => d.row)) + 1 : slicer.length > 0 ? 1 : 0;
  const leftColumns = left.length;

  /**
   * The tuples of an axis: one per position (sheet column across, sheet row down) from `from` to `to` whose
   * innermost header is written; an outer header left blank repeats the one before. `headerAt(d, p)` is the
   * label of dimension `d` at position `p`.
   */
  const axisTuples = (
    dims: RestGridDimension[],
    from: number,
    to: number,
    headerAt: (d: RestGridDimension, p: number) => string,
  ) => {
    const outline = dims.map(dimension) as Dimension[];
    const out: { at: number; tuple: MdxMember[] }[] = [];
    const inner = dims[dims.length - 1];
    if (!inner) return { dims: outline, tuples: from < to ? [{ at: from, tuple: [] }] : [] };
    let last: MdxMember[] = [];
    for (let p = from; p < to; p++) {
      if (headerAt(inner, p) === "") continue;
      const tuple = dims.map((d, k) => {
        const text = headerAt(d, p);
        return text === "" && last[k] ? (last[k] as MdxMember) : member(outline[k] as Dimension, text);
      });
      out.push({ at: p, tuple });
      last = tuple;
    }
    return { dims: outline, tuples: out };
  };
  // Across: the columns right of the row headers; down: the rows below the column headers (one data row, and
  // one data column, when the axis is missing).
  const across = axisTuples(top, leftColumns, Math.max(width, leftColumns + 1), (d, c) => label(d.row, c));
  const down = axisTuples(left, headerRows, rows, (d, r) => label(r, d.column));
  const lines = down.tuples;
  // An axis of `{}` has no dimension and no tuple: told from a missing axis (one data row, one data column)
  // by the Grid itself, no row below the column headers, no data cell in the first column right of the row
  // headers. (An axis emptied otherwise keeps its dimensions in `dimensions`, with nothing under them.)
  const noColumns =
    top.length === 0 && !lines.some((l) => sheet.types[l.at]?.[leftColumns] === CELL_TYPE.data);
  const columns = noColumns ? [] : across.tuples;

  const cells: (number | null)[] = [];
  for (const line of lines) {
    for (const col of columns) {
      const text = label(line.at, col.at);
      const n = sheet.types[line.at]?.[col.at] === CELL_TYPE.data && text !== "" ? Number(text) : Number.NaN;
      cells.push(Number.isFinite(n) ? n : null);
    }
  }
  const axes: MdxAxis[] = [{ ordinal: 0, dimensions: across.dims, tuples: columns.map((c) => c.tuple) }];
  if (left.length > 0 || lines.length === 0)
    axes.push({ ordinal: 1, dimensions: down.dims, tuples: lines.map((l) => l.tuple) });
  return { axes, slicer, cells };
}
