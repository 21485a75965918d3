import type { CellValue, Member } from "@qibates/engine";
import { type MdxOutline, uniformTuples } from "@qibates/grid-bridge";
import {
  backgroundPovXml,
  ESS_INDENT,
  leaf,
  queryPreferences,
  readAnswerGrid,
  requestGridXml,
  SV_MISSING,
  SV_MISSING_TEXT,
  SV_TYPE,
  type SvGrid,
  type SvGridDim,
} from "@qibates/protocols/smartview";

export { ESS_INDENT, queryPreferences, readAnswerGrid as readGrid, type SvGrid };

/**
 * Grids through Smart View's `ExecuteQuery` (MDX), the grid message public captures show with its answer
 * (agardiner/SmartView `ess_maxl_query.log`): the request carries the capture's preferences block and the
 * query; the answer's `grid` has `dims` (`col=i`, `row=i`, `pov=member`) and one `slice` of `rows` × `cols`
 * cells as pipe lists (`vals`, `types`: 7 blank, 0 member, 2 data; `status`: 8193 on `#MISSING`).
 */

/** The body of `req_ExecuteQuery` (after `sID`). */
export function executeQueryBody(mdx: string, aliasTable: string | null = null, indent = 1): string {
  return `${queryPreferences(aliasTable, indent)}\n${leaf("mdx", mdx)}`;
}

/** A data cell's value: `null` for `#MISSING`, a number, or `"noaccess"` for any other text. */
export function cellOf(g: SvGrid, index: number): CellValue | "noaccess" {
  if (g.status[index] === SV_MISSING) return null;
  const text = (g.vals[index] ?? "").trim();
  if (text === "" || text.toUpperCase() === SV_MISSING_TEXT) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : "noaccess";
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * The `SELECT` that reads `given` (the engine's tuples, made of one length with `uniformTuples`: the base
 * dimensions, then each attribute dimension a tuple slices by, at its top where a tuple does not), without
 * `FROM` (the open cube, as in the capture): the first dimension whose member varies goes on the columns, the
 * other varying ones make the row tuples, the rest go to `WHERE` (but a dimension's top member, its default).
 * Answers the query, the same cells as a `Refresh` grid (an attribute dimension is one more dimension of it,
 * named by `dims` as a base one is) and how to find each tuple's cell in the answer.
 */
export function cellQuery(outline: MdxOutline, given: readonly (readonly Member[])[]) {
  const tuples = uniformTuples(outline.outline, given);
  const first = tuples[0] ?? [];
  const varying = first.map((m, i) => tuples.some((t) => t[i] !== m));
  let col = varying.indexOf(true);
  if (col < 0) col = 0;
  let rowDims = varying.map((v, i) => (v && i !== col ? i : -1)).filter((i) => i >= 0);
  if (rowDims.length === 0) rowDims = [col === 0 ? 1 : 0].filter((i) => i < first.length);
  const name = (m: Member) => outline.uniqueName(m);
  const cols: Member[] = [];
  const rowTuples: Member[][] = [];
  const seenCols = new Set<Member>();
  const seenRows = new Set<string>();
  for (const t of tuples) {
    const c = t[col] as Member;
    if (!seenCols.has(c)) {
      seenCols.add(c);
      cols.push(c);
    }
    const r = rowDims.map((i) => t[i] as Member);
    const key = r.map(name).join("\u0000");
    if (!seenRows.has(key)) {
      seenRows.add(key);
      rowTuples.push(r);
    }
  }
  const rowSet = rowTuples.map((r) =>
    r.length === 1 ? name(r[0] as Member) : `(${r.map(name).join(", ")})`,
  );
  // A dimension no axis or slicer names stands at its top member, as in the capture (`pov="Account"`).
  const slicer = first
    .filter((m, i) => i !== col && !rowDims.includes(i) && m !== m.dimension.root)
    .map(name);
  const mdx = `SELECT {${cols.map(name).join(", ")}} ON COLUMNS, {${rowSet.join(", ")}} ON ROWS${
    slicer.length > 0 ? ` WHERE (${slicer.join(", ")})` : ""
  }`;
  /**
   * The same cells as the grid of a `Refresh` (agardiner/SmartView `grid.rb` `to_xml`): the column dimension
   * across the first row, the row dimensions down the left, every other dimension in the POV at its member;
   * data cells empty (type 2), the corner blank (7), member names (0).
   */
  const refreshGrid = (): string => {
    const left = rowDims.length;
    const width = left + cols.length;
    const height = 1 + rowTuples.length;
    const vals: string[] = [...new Array<string>(left).fill(""), ...cols.map((m) => m.name)];
    const types: number[] = [
      ...new Array<number>(left).fill(SV_TYPE.blank),
      ...cols.map(() => SV_TYPE.member),
    ];
    for (const r of rowTuples) {
      vals.push(...r.map((m) => m.name), ...cols.map(() => ""));
      types.push(...r.map(() => SV_TYPE.member), ...cols.map(() => SV_TYPE.data));
    }
    const dims = first.map((m, i): SvGridDim => {
      const name = m.dimension.name;
      if (i === col) return { name, col: 0 };
      const at = rowDims.indexOf(i);
      return at >= 0 ? { name, row: at } : { name, pov: m.name };
    });
    return requestGridXml(dims, { rows: height, cols: width, vals, types });
  };
  /** The values of `tuples` read from the answer's grid, matched by member names. */
  const valuesOf = (g: SvGrid): (CellValue | "noaccess")[] => {
    const top = g.columns.length;
    const left = g.rows.length;
    const colAt = new Map<string, number>();
    for (let c = left; c < g.width; c++) {
      const labels = g.columns.map((_, r) => norm(g.vals[r * g.width + c] ?? ""));
      colAt.set(labels.join("\u0000"), c);
    }
    const rowAt = new Map<string, number>();
    for (let r = top; r < g.height; r++) {
      const labels = g.rows.map((_, c) => norm(g.vals[r * g.width + c] ?? ""));
      rowAt.set(labels.join("\u0000"), r);
    }
    const dimIndex = (d: string) => first.findIndex((m) => norm(m.dimension.name) === norm(d));
    const colOrder = g.columns.map(dimIndex);
    const rowOrder = g.rows.map(dimIndex);
    return tuples.map((t) => {
      const ck = colOrder.map((i) => norm(t[i]?.name ?? "")).join("\u0000");
      const rk = rowOrder.map((i) => norm(t[i]?.name ?? "")).join("\u0000");
      const c = colAt.get(ck);
      const r = rowAt.get(rk);
      if (c === undefined || r === undefined) return null;
      return cellOf(g, r * g.width + c);
    });
  };
  return { mdx, refreshGrid, valuesOf };
}

/** The body of `req_Refresh` (after `sID`): preferences (names, no indentation), then the grid. */
export function refreshBody(grid: string): string {
  return `${queryPreferences(null, ESS_INDENT.NONE)}\n${grid}`;
}

/**
 * The body of `req_GetDefaultGrid` (after `sID`), as agardiner/SmartView's `default_grid` sends it:
 * preferences, then `backgroundpov/dim@{name, pov}` (the server's default POV, from `GetDefaultPOV`).
 */
export function defaultGridBody(pov: readonly { dimension: string; member: string }[]): string {
  return `${queryPreferences(null, ESS_INDENT.NONE)}\n${backgroundPovXml(pov)}`;
}

/**
 * A server's grid (`GetDefaultGrid`) as the sheet the engine reads: a POV row of its POV members over the
 * columns after the row headers, then its rows with the data cells left empty (the grid is read again).
 */
export function sheetOf(g: SvGrid): string[][] {
  const left = g.rows.length;
  const sheet: string[][] = [];
  const pov = g.pov.filter((p) => p.member !== "").map((p) => p.member);
  if (pov.length > 0) sheet.push([...new Array<string>(left).fill(""), ...pov]);
  for (let r = 0; r < g.height; r++) {
    const row: string[] = [];
    for (let c = 0; c < g.width; c++) {
      const i = r * g.width + c;
      row.push(g.types[i] === SV_TYPE.member ? (g.vals[i] ?? "") : "");
    }
    sheet.push(row);
  }
  return sheet;
}
