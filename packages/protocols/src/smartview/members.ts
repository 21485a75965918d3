import { esc } from "../xml/index.ts";
import { leaf, listElement, type SvElement, svChild } from "./message.ts";

/** The pipe-list element each list message answers. */
export const LIST_ELEMENT = {
  ListServers: "srvs",
  ListApplications: "apps",
  ListCubes: "cubes",
  EnumAliasTables: "alstbls",
} as const;

/**
 * The body of `req_EnumMembers` (after `sID`): the dimension, one member filter and its arguments; the members
 * named as in `aliasTable` when one is given (`alsTbl`), else by name (`none`, as the captures send).
 */
export function enumMembersBody(
  dim: string,
  filter: string,
  args: readonly string[],
  aliasTable: string | null = null,
): string {
  return [
    leaf("dim", dim),
    "<memberFilter>",
    `  <filter name="${esc(filter)}">`,
    ...args.map((a, i) => `    <arg id="${i}">${esc(a)}</arg>`),
    "  </filter>",
    "</memberFilter>",
    leaf("getAtts", 1),
    leaf("alsTbl", aliasTable ?? "none"),
    leaf("allGenerations", 0),
  ].join("\n");
}

/** A `filter` element as read: its name (`Hierarchy` when none) and its arguments by id (`""` when absent). */
export function readFilter(filter: SvElement | undefined): { name: string; arg: (id: string) => string } {
  return {
    name: filter?.attrs.name ?? "Hierarchy",
    arg: (id) => filter?.children.find((a) => a.name === "arg" && a.attrs.id === id)?.text ?? "",
  };
}

/** The `filter` of an `EnumMembers` request (inside `memberFilter`). */
export function memberFilterOf(req: SvElement): SvElement | undefined {
  return svChild(svChild(req, "memberFilter"), "filter");
}

/** The content of `res_EnumMembers`: names, attributes (2 has children, 0 not), empty descriptions. */
export function enumMembersAnswerXml(names: readonly string[], atts: readonly number[]): string {
  return [
    "<overflow>0</overflow>",
    listElement("mbrs", names),
    listElement("atts", atts),
    listElement(
      "mbrDesc",
      names.map(() => ""),
    ),
  ].join("\n");
}

/** A dimension of `res_EnumDims`. */
export interface SvDimension {
  name: string;
  type: "attribute" | "regular";
  alias: string;
}

/** The content of `res_EnumDims`. */
export function dimListXml(dims: readonly SvDimension[]): string {
  const lines = dims.map(
    (d, i) =>
      `  <dim id="${i}" name="${esc(d.name)}" type="${d.type === "attribute" ? "Attribute" : "None"}" alias="${esc(d.alias)}"/>`,
  );
  return `<dimList>\n${lines.join("\n")}\n</dimList>`;
}

/**
 * The dimensions of `res_EnumDims`, in outline order; `type="Attribute"` marks an attribute dimension; `alias` as
 * the request's `alsTbl` shows the dimension (`""` when the answer has none).
 */
export function readDimList(
  answer: SvElement,
): { name: string; type: "attribute" | "regular"; alias: string }[] {
  return (svChild(answer, "dimList")?.children ?? [])
    .filter((d) => d.name === "dim" && d.attrs.name)
    .map((d) => ({
      name: d.attrs.name as string,
      type:
        (d.attrs.type ?? "").toLowerCase() === "attribute" ? ("attribute" as const) : ("regular" as const),
      alias: d.attrs.alias ?? "",
    }));
}

/** One path of `res_FindMember` (`pathList/path/mbrs`), from the dimension down. */
export function findMemberAnswerXml(paths: readonly (readonly string[])[]): string {
  if (paths.length === 0) return "<pathList/>";
  const lines = paths.map((p) => `  <path>${listElement("mbrs", p)}</path>`);
  return `<pathList>\n${lines.join("\n")}\n</pathList>`;
}

/** Essbase's member filter catalogue, as `res_EnumFilters` answers it in the capture (`ess_mbr_sel_uda.log`). */
export const FILTER_CATALOGUE = `<filterList>
  <filter name="Hierarchy" id="0" compose="" decompose="">
    <arg id="0" name="top" type="str" prompt="Member"/>
  </filter>
  <filter name="Children" id="1" compose="(%0.CHILDREN)" decompose="^\\((.+)\\.CHILDREN\\)$">
    <arg id="0" name="top" type="str" prompt="Member"/>
  </filter>
  <filter name="Level" id="2" compose="DESCENDANTS(%0,%0.DIMENSION.LEVELS(%1))" decompose="^DESCENDANTS\\((.+),.*\\.LEVELS\\((.+)\\)\\)$">
    <arg id="0" name="top" type="str" prompt="Member"/>
    <arg id="1" name="n" type="int" prompt="Level"/>
  </filter>
  <filter name="Descendants" id="3" compose="DESCENDANTS(%0)" decompose="^DESCENDANTS\\( *(.+) *\\)$">
    <arg id="0" name="top" type="str" prompt="Member"/>
  </filter>
  <filter name="Generation" id="4" compose="(%0.GENERATIONS(%1).MEMBERS)" decompose="^\\((.+)\\.GENERATIONS\\((.+)\\)\\.MEMBERS\\)$">
    <arg id="0" name="top" type="str" prompt="Member"/>
    <arg id="1" name="n" type="int" prompt="Generation"/>
  </filter>
  <filter name="UDA" id="5" compose="UDA(%0, %1)" decompose="^UDA\\((.+), *(.+)\\)$">
    <arg id="0" name="top" type="str" prompt="Top Dimension or Member"/>
    <arg id="1" name="uda" type="str" prompt="UDA"/>
  </filter>
  <filter name="Attribute" id="6" compose="ATTRIBUTE(%0)" decompose="^ATTRIBUTE\\( *(.+) *\\)$">
    <arg id="0" name="name" type="attribute" prompt="Attribute Member"/>
  </filter>
  <filter name="SharedLevel" id="7" compose="SHAREDLEVEL(%0,%0.DIMENSION.LEVELS(%1))" decompose="^SHAREDLEVEL\\((.+),.*\\.LEVELS\\((.+)\\)\\)$">
    <arg id="0" name="top" type="str" prompt="Member"/>
    <arg id="1" name="n" type="int" prompt="Level"/>
  </filter>
</filterList>`;

/** A UTF-16 unit without case, as a RegExp with the `i` flag (and no `u`) compares units. */
function unitFolded(code: number): number {
  const lower = String.fromCharCode(code).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : code;
}

/** Where `part` (each `?` any one unit) first stands in `text` at or after `from`, or -1. */
function placeOf(text: number[], part: number[], from: number, ANY: number): number {
  for (let at = from; at + part.length <= text.length; at++) {
    let k = 0;
    while (k < part.length && (part[k] === ANY || part[k] === text[at + k])) k++;
    if (k === part.length) return at;
  }
  return -1;
}

/**
 * Smart View's wildcards in a member search (`FindMember`'s `mbr`): `*` any run of characters, `?` exactly one,
 * every other character literal, case ignored, the pattern matching the whole name. Matched without going back:
 * the parts between stars are placed left to right, each at the first place it fits (a later place never helps
 * the parts after it), the first part at the start and the last at the end, so a check takes at most the
 * pattern's length times the name's steps, whatever the pattern (a RegExp of `*?` fourteen times then `*!` took
 * 3 s against a name of 28 characters).
 */
export function wildcardMatcher(pattern: string): (text: string) => boolean {
  const ANY = -1;
  const parts = pattern
    .trim()
    .split("*")
    .map((part) =>
      Array.from({ length: part.length }, (_, i) => (part[i] === "?" ? ANY : unitFolded(part.charCodeAt(i)))),
    );
  return (name: string) => {
    const text = Array.from({ length: name.length }, (_, i) => unitFolded(name.charCodeAt(i)));
    const first = parts[0] ?? [];
    if (parts.length === 1) return text.length === first.length && placeOf(text, first, 0, ANY) === 0;
    const last = parts[parts.length - 1] ?? [];
    const end = text.length - last.length;
    if (end < first.length || placeOf(text, first, 0, ANY) !== 0 || placeOf(text, last, end, ANY) !== end)
      return false;
    let at = first.length;
    for (const part of parts.slice(1, -1)) {
      const found = placeOf(text, part, at, ANY);
      if (found < 0 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  };
}
