import { esc } from "../xml/index.ts";
import { type SvElement, svChild } from "./message.ts";

/** `essIndent`: 0 none, 1 sub-items (the capture's), 2 totals — Smart View's three indentation options. */
export const ESS_INDENT = { NONE: 0, SUBITEMS: 1, TOTALS: 2 } as const;

/** The preferences a grid message sends. */
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

/** The preferences block of the capture's requests, with `aliasTableName` (`none`: member names) and `essIndent`. */
export function queryPreferences(aliasTable: string | null, indent: number = ESS_INDENT.SUBITEMS): string {
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
    `  <aliasTableName val="${esc(aliasTable ?? "none")}"/>`,
    `  <essIndent val="${indent}"/>`,
    "</preferences>",
  ].join("\n");
}

/** A request's preferences, with the capture's values where one is not sent. */
export function readPreferences(p: SvElement | undefined): QueryPreferences {
  const at = (name: string, attr: string, fallback: string) => svChild(p, name)?.attrs[attr] ?? fallback;
  const val = (name: string, fallback: string) => at(name, "val", fallback);
  return {
    suppress: {
      zero: at("row_suppression", "zero", "0"),
      invalid: at("row_suppression", "invalid", "0"),
      missing: at("row_suppression", "missing", "0"),
      underscore: at("row_suppression", "underscore", "0"),
      noaccess: at("row_suppression", "noaccess", "0"),
    },
    celltext: val("celltext", "1"),
    zoomin: { ancestor: at("zoomin", "ancestor", "bottom"), mode: at("zoomin", "mode", "children") },
    navigate: at("navigate", "withData", "1"),
    includeSelection: val("includeSelection", "1"),
    repeatMemberLabels: val("repeatMemberLabels", "1"),
    withinSelectedGroup: val("withinSelectedGroup", "0"),
    // The capture spells it removeUnSelectedGroup, agardiner/SmartView removeUnselectedGroup.
    removeUnSelectedGroup: val("removeUnSelectedGroup", val("removeUnselectedGroup", "0")),
    includeDescriptionInLabel: val("includeDescriptionInLabel", "0"),
    missingLabelText: val("missingLabelText", "#Missing"),
    noAccessText: val("noAccessText", "#NoAccess"),
    aliasTableName: val("aliasTableName", "none"),
    essIndent: val("essIndent", "0"),
  };
}

/** The preferences element of an answer, in the capture's shape (`zoomin` split in two elements). */
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

/** `none` (or nothing) shows member names; any other value names an alias table. */
export function aliasTableOf(value: string): string | null {
  return value === "" || value.toLowerCase() === "none" ? null : value;
}
