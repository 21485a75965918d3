import type { components } from "@qibates/client/schema";
import { child, esc, type XmlElement } from "../xmla/xml.ts";
import { SvException } from "./protocol.ts";

type Schemas = components["schemas"];

/**
 * An API grid answer written as the `grid` element of Smart View's `res_ExecuteQuery`, in the shape of the
 * APS capture (`ess_maxl_query.log`): an empty `cube`, `gridType` 0, `dims` (column dimensions `col=i`, then
 * row dimensions `row=i`, then every other dimension `pov=<member>`, each `expand="0"`), the echoed
 * `preferences`, and one `slice` of the sheet without its POV row, row-major, as pipe lists (`enc="1"`):
 * `vals`, `types` (7 blank, 0 member, 2 data), `status` (8193 on a `#MISSING` data cell, 0 elsewhere),
 * `txts` and `filters` (empty fields).
 */

/** Cell type codes of the capture. */
export const SV_TYPE = { blank: 7, member: 0, data: 2 } as const;
/** Status of a `#MISSING` data cell in the capture. */
export const SV_MISSING = 8193;
/** What the capture writes in a data cell without data, whatever `missingLabelText` says. */
export const SV_MISSING_TEXT = "#MISSING";

export function pipes(values: readonly (string | number)[]): string {
  return esc(values.map(String).join("|"));
}

function typeOf(kind: Schemas["CellKind"]): number {
  if (kind === "corner" || kind === "blank" || kind === "pov") return SV_TYPE.blank;
  if (kind === "column-header" || kind === "row-header") return SV_TYPE.member;
  return SV_TYPE.data;
}

/** The `grid` element of an answer; `preferences` is the echoed preferences element, already written. */
export function gridXml(answer: Schemas["GridResponse"], dimensions: readonly string[], preferences: string) {
  const { layout } = answer;
  const povRows = layout.headerRows - layout.columnDimensions.length;
  const rows = answer.grid.slice(povRows);
  const kinds = answer.cellKinds.slice(povRows);
  // The POV row may be wider than the sheet below it: the slice is as wide as its last non-blank cell.
  let cols = 0;
  for (const row of kinds) {
    for (let c = row.length - 1; c >= cols; c--) {
      if (row[c] !== "blank") {
        cols = c + 1;
        break;
      }
    }
  }
  const vals: string[] = [];
  const types: number[] = [];
  const status: number[] = [];
  rows.forEach((row, r) => {
    for (let c = 0; c < cols; c++) {
      const kind = kinds[r]?.[c] ?? "blank";
      const type = typeOf(kind);
      types.push(type);
      status.push(kind === "missing" ? SV_MISSING : 0);
      vals.push(kind === "missing" ? SV_MISSING_TEXT : String(row[c] ?? ""));
    }
  });
  const dims: string[] = [];
  const dim = (name: string, where: string) =>
    dims.push(`    <dim id="${dims.length}" name="${esc(name)}" ${where} expand="0"/>`);
  layout.columnDimensions.forEach((d, i) => {
    dim(d, `col="${i}"`);
  });
  layout.rowDimensions.forEach((d, i) => {
    dim(d, `row="${i}"`);
  });
  const onAxis = new Set([...layout.columnDimensions, ...layout.rowDimensions]);
  for (const d of dimensions) {
    if (!onAxis.has(d)) dim(d, `pov="${esc(layout.pov[d] ?? d)}"`);
  }
  const n = vals.length;
  const empty = pipes(new Array(n).fill(""));
  return [
    "<grid>",
    "  <cube/>",
    "  <gridType>0</gridType>",
    "  <dims>",
    ...dims,
    "  </dims>",
    preferences,
    "  <slices>",
    `    <slice rows="${rows.length}" cols="${cols}">`,
    "      <data>",
    `        <range start="0" end="${Math.max(0, n - 1)}">`,
    `          <vals enc="1">${pipes(vals)}</vals>`,
    `          <types enc="1">${pipes(types)}</types>`,
    `          <status enc="1">${pipes(status)}</status>`,
    `          <txts enc="1">${empty}</txts>`,
    `          <filters enc="1">${empty}</filters>`,
    "        </range>",
    "      </data>",
    "    </slice>",
    "  </slices>",
    "</grid>",
  ].join("\n");
}

/** The preferences a request sends, as the engine's grid settings read them. */
export interface QueryPreferences {
  suppress: { zero: string; invalid: string; missing: string; underscore: string; noaccess: string };
  celltext: string;
  zoomin: { ancestor: string; mode: string };
  navigate: string;
  includeSelection: string;
  repeatMemberLabels: string;
  withinSelectedGroup: string;
  removeUnSelectedGroup: string;
  includeDescriptionInLabel: string;
  missingLabelText: string;
  noAccessText: string;
  aliasTableName: string;
  essIndent: string;
}

/** The preferences element of a reply, in the capture's shape (`zoomin` split in two elements). */
export function preferencesXml(p: QueryPreferences): string {
  const s = p.suppress;
  const sup = `zero="${esc(s.zero)}" invalid="${esc(s.invalid)}" missing="${esc(s.missing)}" underscore="${esc(s.underscore)}" error="0" derived="0" noaccess="${esc(s.noaccess)}"`;
  const val = (name: string, v: string) => `    <${name} val="${esc(v)}"/>`;
  return [
    "  <preferences>",
    `    <row_suppression ${sup}/>`,
    `    <col_suppression zero="0" invalid="0" missing="0" underscore="0" error="0" derived="0" noaccess="0"/>`,
    val("celltext", p.celltext),
    val("itemdetails", "0"),
    val("offline", "0"),
    `    <zoomin ancestor="${esc(p.zoomin.ancestor)}"/>`,
    `    <zoomin mode="${esc(p.zoomin.mode)}"/>`,
    `    <navigate withData="${esc(p.navigate)}"/>`,
    val("includeSelection", p.includeSelection),
    val("repeatMemberLabels", p.repeatMemberLabels),
    val("withinSelectedGroup", p.withinSelectedGroup),
    val("removeUnSelectedGroup", p.removeUnSelectedGroup),
    val("includeDescriptionInLabel", p.includeDescriptionInLabel),
    val("missingLabelText", p.missingLabelText),
    val("noAccessText", p.noAccessText),
    val("aliasTableName", p.aliasTableName),
    "  </preferences>",
  ].join("\n");
}

/**
 * A grid as a request sends it (`Refresh`, `ProcessFreeFormGrid`; agardiner/SmartView `lib/smartview/grid.rb`
 * `to_xml`, `dims_to_xml`): `dims/dim@{id, name, row=i | col=i | pov=member}` (inside `grid`, or beside it in
 * `ProcessFreeFormGrid`) and one `slice@{rows, cols}/data/range@{start, end}` with the pipe lists `vals` and
 * `types` (7 blank, 0 member, 2 data), row-major, without the POV row.
 */
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
  grid: XmlElement | undefined,
  dims: XmlElement | undefined,
  maxCells: number,
): SvRequestGrid | null {
  if (!grid) return null;
  const slice = child(child(grid, "slices"), "slice");
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
  for (const range of child(slice, "data")?.children ?? []) {
    if (range.name !== "range") continue;
    const start = wholeNumber(range.attrs.start ?? "0");
    if (start === null) throw new SvException("A range's start must be a whole number.");
    const place = (list: string[], into: string[]) => {
      list.forEach((v, i) => {
        if (start + i < size) into[start + i] = v;
      });
    };
    place(pipeList(child(range, "vals")?.text), vals);
    place(pipeList(child(range, "types")?.text), types);
  }
  const rowDims: { at: number; name: string }[] = [];
  const colDims: { at: number; name: string }[] = [];
  const pov = new Map<string, string>();
  for (const d of (dims ?? child(grid, "dims"))?.children ?? []) {
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

/** A pipe list (`enc="1"`), empty fields kept, as SVgem reads them (`split('|', -1)`). */
export function pipeList(text: string | undefined): string[] {
  return text === undefined || text === "" ? [] : text.split("|");
}

/**
 * The sheet the engine reads for a grid of `labels` (rows of cells, data cells already blank): a POV row of
 * the `pov` members (those of dimensions on neither axis) over the columns after the `left` row-header
 * columns, then the grid's rows. Data is never read from the sheet: a refresh reads it again.
 */
export function sheetWithPov(
  labels: readonly (readonly string[])[],
  left: number,
  pov: ReadonlyMap<string, string>,
  onAxes: readonly string[],
): string[][] {
  const axes = new Set(onAxes.map((d) => d.toLowerCase()));
  const members = [...pov].filter(([d, m]) => !axes.has(d.toLowerCase()) && m !== "").map(([, m]) => m);
  const sheet = labels.map((r) => [...r]);
  if (members.length > 0) sheet.unshift([...new Array<string>(left).fill(""), ...members]);
  return sheet;
}

/** The rows of a request's grid with its data cells (type 2) blank, and its row-header width. */
export function labelsOf(g: SvRequestGrid): { labels: string[][]; left: number } {
  const labels: string[][] = [];
  for (let r = 0; r < g.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < g.cols; c++) {
      const i = r * g.cols + c;
      row.push(g.types[i] === String(SV_TYPE.data) ? "" : (g.vals[i] ?? ""));
    }
    labels.push(row);
  }
  let left = g.rowDims.length;
  if (left === 0) {
    // No row dimension named: the blank corner cells of the first row tell the row-header width.
    const first = labels[0] ?? [];
    while (left < first.length && first[left] === "" && g.types[left] !== String(SV_TYPE.member)) left++;
  }
  return { labels, left };
}
