import { esc } from "../xml/index.ts";
import { type SvElement, SvException, svChild, svList } from "./message.ts";

/**
 * The grid as Smart View carries it (agardiner/SmartView `lib/smartview/grid.rb`, the APS capture
 * `ess_maxl_query.log`): `dims/dim@{id, name, col=i | row=i | pov=member}` and one
 * `slices/slice@{rows, cols}/data/range@{start, end}` of row-major cells as pipe lists (`enc="1"`): `vals`,
 * `types` (7 blank, 0 member, 2 data), in an answer also `status` (8193 on a `#MISSING` data cell), `txts` and
 * `filters`. A request's grid (`Refresh`, `ProcessFreeFormGrid`) has no POV row; `ProcessFreeFormGrid` sends
 * its `dims` beside the grid.
 */

/** Cell type codes. */
export const SV_TYPE = { blank: 7, member: 0, data: 2 } as const;
/** Status of a `#MISSING` data cell. */
export const SV_MISSING = 8193;
/** What an answer writes in a data cell without data, whatever `missingLabelText` says. */
export const SV_MISSING_TEXT = "#MISSING";

/** A dimension of a grid: on the columns or rows at a position, or in the POV at a member. */
export type SvGridDim =
  | { name: string; col: number }
  | { name: string; row: number }
  | { name: string; pov: string };

/** The cells of one slice, row-major. */
export interface SvSlice {
  rows: number;
  cols: number;
  vals: readonly string[];
  types: readonly (string | number)[];
}

function dimWhere(d: SvGridDim): string {
  if ("col" in d) return `col="${d.col}"`;
  if ("row" in d) return `row="${d.row}"`;
  return `pov="${esc(d.pov)}"`;
}

/** A `grid`: `head` (cube, dims, …), then one slice of `rows` × `cols` whose range ends at `end`, holding `lists`. */
function gridXml(head: readonly string[], slice: SvSlice, end: number, lists: readonly string[]): string {
  return [
    "<grid>",
    "  <cube/>",
    ...head,
    "  <slices>",
    `    <slice rows="${slice.rows}" cols="${slice.cols}">`,
    "      <data>",
    `        <range start="0" end="${end}">`,
    ...lists.map((l) => `          ${l}`),
    "        </range>",
    "      </data>",
    "    </slice>",
    "  </slices>",
    "</grid>",
  ].join("\n");
}

const joined = (values: readonly (string | number)[]) => esc(values.map(String).join("|"));

/**
 * The `grid` of an answer (`res_ExecuteQuery`, `res_Refresh`, …) in the capture's shape: an empty `cube`,
 * `gridType` 0, `dims` (`expand="0"`), the echoed `preferences` (already written), then the slice with
 * `status`, and empty `txts` and `filters`.
 */
export function answerGridXml(
  dims: readonly SvGridDim[],
  preferences: string,
  slice: SvSlice & { status: readonly number[] },
): string {
  const n = slice.vals.length;
  const empty = new Array<string>(n).fill("");
  const list = (name: string, values: readonly (string | number)[]) =>
    `<${name} enc="1">${joined(values)}</${name}>`;
  const head = [
    "  <gridType>0</gridType>",
    "  <dims>",
    ...dims.map((d, i) => `    <dim id="${i}" name="${esc(d.name)}" ${dimWhere(d)} expand="0"/>`),
    "  </dims>",
    preferences,
  ];
  return gridXml(head, slice, Math.max(0, n - 1), [
    list("vals", slice.vals),
    list("types", slice.types),
    list("status", slice.status),
    list("txts", empty),
    list("filters", empty),
  ]);
}

/**
 * The `grid` of a request (`Refresh`; agardiner/SmartView `grid.rb` `to_xml`): dims by `id` (`hidden="0"
 * expand="1"`, a POV dimension with `display`), one slice of `vals` and `types`.
 */
export function requestGridXml(dims: readonly SvGridDim[], slice: SvSlice): string {
  const dimXml = dims.map((d, i) => {
    const name = esc(d.name);
    if ("pov" in d) {
      const pov = esc(d.pov);
      return `    <dim id="${i}" name="${name}" pov="${pov}" display="${pov}" hidden="0" expand="1"/>`;
    }
    return `    <dim id="${i}" name="${name}" ${dimWhere(d)} hidden="0" expand="1"/>`;
  });
  const list = (name: string, values: readonly (string | number)[]) => {
    const text = joined(values);
    return text === "" ? `<${name}/>` : `<${name}>${text}</${name}>`;
  };
  return gridXml(["  <dims>", ...dimXml, "  </dims>"], slice, slice.rows * slice.cols - 1, [
    list("vals", slice.vals),
    list("types", slice.types),
  ]);
}

/** An answer's grid as read: dimension names by axis, the POV, and the first range's cells. */
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

/** Reads the `grid` of an answer; `null` when it has no slice. */
export function readAnswerGrid(answer: SvElement): SvGrid | null {
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
    types: place(svList(range, "types").map(Number), SV_TYPE.blank),
    status: place(svList(range, "status").map(Number), 0),
  };
}

/** A request's grid as read: its cells (every range placed), the dimensions by axis and the POV. */
export interface SvRequestGrid {
  rows: number;
  cols: number;
  vals: string[];
  types: string[];
  rowDims: string[];
  colDims: string[];
  /** POV dimension → member, as the `dims` say (a `pov` left empty is not a POV member). */
  pov: Map<string, string>;
}

/** Reads a request's grid; `null` when it has none. A slice of more than `maxCells` cells is refused. */
export function readRequestGrid(
  grid: SvElement | undefined,
  dims: SvElement | undefined,
  maxCells: number,
): SvRequestGrid | null {
  if (!grid) return null;
  const slice = svChild(svChild(grid, "slices"), "slice");
  if (!slice) throw new SvException("The grid has no slice.");
  const rows = wholeNumber(slice.attrs.rows);
  const cols = wholeNumber(slice.attrs.cols);
  if (rows === null || cols === null) throw new SvException("The grid's slice needs whole rows and cols.");
  if (rows * cols > maxCells) {
    throw new SvException(`The grid has ${rows * cols} cells; at most ${maxCells} are read.`);
  }
  const size = rows * cols;
  const vals = new Array<string>(size).fill("");
  const types = new Array<string>(size).fill("");
  for (const range of svChild(slice, "data")?.children ?? []) {
    if (range.name !== "range") continue;
    const start = wholeNumber(range.attrs.start ?? "0");
    if (start === null) throw new SvException("A range's start must be a whole number.");
    const place = (list: string[], into: string[]) => {
      list.forEach((v, i) => {
        if (start + i < size) into[start + i] = v;
      });
    };
    place(svList(range, "vals"), vals);
    place(svList(range, "types"), types);
  }
  const rowDims: { at: number; name: string }[] = [];
  const colDims: { at: number; name: string }[] = [];
  const pov = new Map<string, string>();
  for (const d of (dims ?? svChild(grid, "dims"))?.children ?? []) {
    const name = d.attrs.name ?? "";
    if (d.name !== "dim" || name === "") continue;
    if (d.attrs.row !== undefined) rowDims.push({ at: Number(d.attrs.row), name });
    else if (d.attrs.col !== undefined) colDims.push({ at: Number(d.attrs.col), name });
    else if ((d.attrs.pov ?? "") !== "") pov.set(name, d.attrs.pov as string);
  }
  const order = (list: { at: number; name: string }[]) => list.sort((a, b) => a.at - b.at).map((d) => d.name);
  return { rows, cols, vals, types, rowDims: order(rowDims), colDims: order(colDims), pov };
}

function wholeNumber(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,9}$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** `backgroundpov/dim@{name, pov}`: the POV a grid message asks for (`GetDefaultGrid`, `ProcessFreeFormGrid`). */
export function backgroundPovXml(pov: readonly { dimension: string; member: string }[]): string {
  const dims = pov.map((p) => `  <dim name="${esc(p.dimension)}" pov="${esc(p.member)}"/>`);
  return dims.length > 0 ? `<backgroundpov>\n${dims.join("\n")}\n</backgroundpov>` : "<backgroundpov/>";
}

/** A request's `backgroundpov` (dimension → member; a dimension without a member is left out). */
export function readBackgroundPov(req: SvElement): Map<string, string> {
  const pov = new Map<string, string>();
  for (const d of svChild(req, "backgroundpov")?.children ?? []) {
    const name = d.attrs.name ?? "";
    const member = d.attrs.pov ?? "";
    if (d.name === "dim" && name !== "" && member !== "") pov.set(name, member);
  }
  return pov;
}
