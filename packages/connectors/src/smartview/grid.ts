import type { CellValue, Member } from "@qibates/engine";
import type { XmlaOutline } from "../xmla/outline.ts";
import { leaf, type SvElement, svChild, svList } from "./client.ts";

/**
 * Grids through Smart View's `ExecuteQuery` (MDX), the grid message public captures show with its answer
 * (agardiner/SmartView `ess_maxl_query.log`): the request carries the capture's preferences block and the
 * query; the answer's `grid` has `dims` (`col=i`, `row=i`, `pov=member`) and one `slice` of `rows` × `cols`
 * cells as pipe lists (`vals`, `types`: 7 blank, 0 member, 2 data; `status`: 8193 on `#MISSING`).
 */

/** `essIndent`: 0 none, 1 sub-items (the capture's), 2 totals — Smart View's three indentation options. */
export const ESS_INDENT = { NONE: 0, SUBITEMS: 1, TOTALS: 2 } as const;

/** The preferences block of the capture, with `aliasTableName` (`none`: member names) and `essIndent`. */
export function queryPreferences(aliasTable: string | null, indent = 1): string {
  return [
    "<preferences>",
    '  <row_suppression zero="0" invalid="0" missing="0" underscore="0" noaccess="0"/>',
    '  <celltext val="1"/>',
    '  <zoomin ancestor="bottom" mode="base"/>',
    '  <navigate withData="1"/>',
    '  <includeSelection val="1"/>',
    '  <repeatMemberLabels val="1"/>',
    '  <withinSelectedGroup val="0"/>',
    '  <removeUnSelectedGroup val="0"/>',
    '  <includeDescriptionInLabel val="2"/>',
    '  <missingLabelText val="#missing"/>',
    '  <noAccessText val="#NoAccess"/>',
    '  <invalidLabelText val="#Invalid"/>',
    `  <aliasTableName val="${(aliasTable ?? "none").replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}"/>`,
    `  <essIndent val="${indent}"/>`,
    "</preferences>",
  ].join("\n");
}

/** The body of `req_ExecuteQuery` (after `sID`). */
export function executeQueryBody(mdx: string, aliasTable: string | null = null, indent = 1): string {
  return `${queryPreferences(aliasTable, indent)}\n${leaf("mdx", mdx)}`;
}

export interface SvGrid {
  /** Dimension names by axis: columns and rows in their order, the others with their POV member. */
  columns: string[];
  rows: string[];
  pov: { dimension: string; member: string }[];
  /** The slice, row-major: `rows` × `cols` cells. */
  height: number;
  width: number;
  vals: string[];
  types: number[];
  status: number[];
}

/** Reads the `grid` of a `res_ExecuteQuery`; `null` when it has no slice. */
export function readGrid(answer: SvElement): SvGrid | null {
  const grid = svChild(answer, "grid");
  const slice = svChild(svChild(grid, "slices"), "slice");
  const range = svChild(svChild(slice, "data"), "range");
  if (!grid || !slice || !range) return null;
  const columns: { i: number; name: string }[] = [];
  const rows: { i: number; name: string }[] = [];
  const pov: { dimension: string; member: string }[] = [];
  for (const d of svChild(grid, "dims")?.children ?? []) {
    const name = d.attrs.name ?? "";
    if (d.attrs.col !== undefined) columns.push({ i: Number(d.attrs.col), name });
    else if (d.attrs.row !== undefined) rows.push({ i: Number(d.attrs.row), name });
    else pov.push({ dimension: name, member: d.attrs.pov ?? name });
  }
  const height = Number(slice.attrs.rows ?? 0);
  const width = Number(slice.attrs.cols ?? 0);
  const start = Number(range.attrs.start ?? 0);
  const size = height * width;
  // A range may leave out leading cells (`start` > 0): they are blank.
  const place = <T>(list: T[], blank: T): T[] => {
    const out = new Array<T>(size).fill(blank);
    list.forEach((v, i) => {
      if (start + i < size) out[start + i] = v;
    });
    return out;
  };
  return {
    columns: columns.sort((a, b) => a.i - b.i).map((c) => c.name),
    rows: rows.sort((a, b) => a.i - b.i).map((r) => r.name),
    pov,
    height,
    width,
    vals: place(svList(range, "vals"), ""),
    types: place(svList(range, "types").map(Number), 7),
    status: place(svList(range, "status").map(Number), 0),
  };
}

const MISSING_STATUS = 8193;

/** A data cell's value: `null` for `#MISSING`, a number, or `"noaccess"` for any other text. */
export function cellOf(g: SvGrid, index: number): CellValue | "noaccess" {
  if (g.status[index] === MISSING_STATUS) return null;
  const text = (g.vals[index] ?? "").trim();
  if (text === "" || text.toUpperCase() === "#MISSING") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : "noaccess";
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * The `SELECT` that reads `tuples` (one member per dimension, in the same dimension order), without `FROM`
 * (the open cube, as in the capture): the first dimension whose member varies goes on the columns, the other
 * varying ones make the row tuples, the rest go to `WHERE` (but a dimension's top member, its default). Answers the query and how to find each tuple's
 * cell in the answer.
 */
export function cellQuery(outline: XmlaOutline, tuples: readonly (readonly Member[])[]) {
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
    const types: number[] = [...new Array<number>(left).fill(7), ...cols.map(() => 0)];
    for (const r of rowTuples) {
      vals.push(...r.map((m) => m.name), ...cols.map(() => ""));
      types.push(...r.map(() => 0), ...cols.map(() => 2));
    }
    const dims = first.map((m, i) => {
      const d = escapeAttr(m.dimension.name);
      if (i === col) return `    <dim id="${i}" name="${d}" col="0" hidden="0" expand="1"/>`;
      const at = rowDims.indexOf(i);
      if (at >= 0) return `    <dim id="${i}" name="${d}" row="${at}" hidden="0" expand="1"/>`;
      const pov = escapeAttr(m.name);
      return `    <dim id="${i}" name="${d}" pov="${pov}" display="${pov}" hidden="0" expand="1"/>`;
    });
    return [
      "<grid>",
      "  <cube/>",
      "  <dims>",
      ...dims,
      "  </dims>",
      "  <slices>",
      `    <slice rows="${height}" cols="${width}">`,
      "      <data>",
      `        <range start="0" end="${height * width - 1}">`,
      `          ${leaf("vals", vals.join("|"))}`,
      `          ${leaf("types", types.join("|"))}`,
      "        </range>",
      "      </data>",
      "    </slice>",
      "  </slices>",
      "</grid>",
    ].join("\n");
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

function escapeAttr(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
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
  const dims = pov.map((p) => `  <dim name="${escapeAttr(p.dimension)}" pov="${escapeAttr(p.member)}"/>`);
  return [
    queryPreferences(null, ESS_INDENT.NONE),
    dims.length > 0 ? `<backgroundpov>\n${dims.join("\n")}\n</backgroundpov>` : "<backgroundpov/>",
  ].join("\n");
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
      row.push(g.types[i] === 0 ? (g.vals[i] ?? "") : "");
    }
    sheet.push(row);
  }
  return sheet;
}
