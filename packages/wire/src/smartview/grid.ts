import type { components } from "@qibates/client/schema";
import { esc } from "../xmla/xml.ts";

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
