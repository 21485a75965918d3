import { type Row, TREE_OP, XmlaFault } from "@qibates/protocols/xmla";
import type { OlapDimension, OlapMember } from "@qibates/provider";
import type { Restrictions } from "./discover-source.ts";
import {
  type CubeOutline,
  caption,
  dimensionName,
  type LevelRule,
  memberLevel,
  memberName,
  memberType,
  same,
} from "./names.ts";

function memberRow(
  base: Row,
  d: OlapDimension,
  m: OlapMember,
  parent: OlapMember | null,
  rule: LevelRule,
): Row {
  const level = memberLevel(d, m, rule);
  return {
    ...base,
    DIMENSION_UNIQUE_NAME: dimensionName(d),
    HIERARCHY_UNIQUE_NAME: dimensionName(d),
    LEVEL_UNIQUE_NAME: level.uniqueName,
    LEVEL_NUMBER: level.number,
    MEMBER_ORDINAL: m.ordinal,
    MEMBER_NAME: m.name,
    MEMBER_UNIQUE_NAME: memberName(m),
    MEMBER_TYPE: memberType(m, d),
    MEMBER_CAPTION: caption(m, "Default"),
    CHILDREN_CARDINALITY: m.childCount,
    PARENT_LEVEL: parent ? memberLevel(d, parent, rule).number : 0,
    ...(parent ? { PARENT_UNIQUE_NAME: memberName(parent) } : {}),
    PARENT_COUNT: parent ? 1 : 0,
    ...(m.formula !== undefined ? { EXPRESSION: m.formula } : {}),
    MEMBER_KEY: m.name,
    IS_PLACEHOLDERMEMBER: false,
    IS_DATAMEMBER: false,
    // Provider Services' own columns on Essbase's addresses (Essbase API reference, "MDSCHEMA_MEMBERS Rowset",
    // https://docs.oracle.com/cd/E36352_01/epm.1112/esb_api_ref/ch28s03s07.html): the generation number and the
    // Default alias, beside LEVEL_NUMBER, the Essbase level.
    ...(rule === "leaves"
      ? {
          GENERATION_NUMBER: m.generation,
          ...(m.aliases.Default !== undefined ? { MEMBER_ALIAS: m.aliases.Default } : {}),
        }
      : {}),
  };
}

export function memberRows(
  base: Row,
  outline: CubeOutline,
  restrictions: Restrictions,
  parse: (text: string) => string[] | null,
  rule: LevelRule,
): Row[] {
  const rowsOf = (d: OlapDimension, ms: readonly OlapMember[]) => {
    const index = outline.index(d);
    return ms.map((m) => memberRow(base, d, m, index.parent(m), rule));
  };
  const treeOpText = restrictions.get("TREE_OP")?.[0];
  if (treeOpText === undefined) {
    // The restrictions a client narrows its question with (a member by name or caption, a dimension, a level)
    // are applied before the rows are made, so that asking for one member of a dimension of a million does not
    // make a million rows to keep one (the rows are filtered by every restriction afterwards all the same).
    const names = restrictions.get("MEMBER_NAME");
    const captions = restrictions.get("MEMBER_CAPTION");
    const dimensions = restrictions.get("DIMENSION_UNIQUE_NAME");
    const levels = restrictions.get("LEVEL_NUMBER");
    const wanted = (d: OlapDimension, m: OlapMember) =>
      (!names || names.some((n) => same(n, m.name))) &&
      (!captions || captions.some((c) => same(c, caption(m, "Default")))) &&
      (!levels || levels.some((l) => Number(l) === memberLevel(d, m, rule).number));
    return outline.dimensions
      .filter((d) => !dimensions || dimensions.some((u) => same(u, dimensionName(d))))
      .flatMap((d) =>
        rowsOf(d, names || captions || levels ? d.members.filter((m) => wanted(d, m)) : d.members),
      );
  }
  const op = Number(treeOpText);
  if (!Number.isInteger(op) || op < 0 || op > 0x3f)
    throw new XmlaFault("bad-request", `TREE_OP must be a combination of 1, 2, 4, 8, 16 and 32.`);
  const pivots = restrictions.get("MEMBER_UNIQUE_NAME");
  if (pivots === undefined)
    throw new XmlaFault("bad-request", "TREE_OP needs the MEMBER_UNIQUE_NAME restriction.");
  // Several pivots (olap4j's list of unique names) answer the members around each, each member once, pivot by
  // pivot.
  const rows: Row[] = [];
  const seen = new Set<OlapMember>();
  for (const unique of pivots) {
    // A restriction that names no member of the cube selects nothing, as SSAS answers it: an empty rowset, which
    // is how a client asks whether a name (an axis member of a query-scoped calculation) is a real member.
    const found = findMember(outline, unique, parse);
    if (!found) continue;
    const { dimension: d, member: pivot } = found;
    const index = outline.index(d);
    const picked = new Set<OlapMember>();
    const add = (ms: Iterable<OlapMember>) => {
      for (const m of ms) picked.add(m);
    };
    const parent = index.parent(pivot);
    if (op & TREE_OP.SELF) picked.add(pivot);
    if (op & TREE_OP.CHILDREN) add(index.children(pivot));
    if (op & TREE_OP.DESCENDANTS) add(index.descendants(pivot).filter((m) => m !== pivot));
    if (op & TREE_OP.PARENT && parent) picked.add(parent);
    if (op & TREE_OP.ANCESTORS) add(index.ancestors(pivot).filter((m) => m !== pivot));
    if (op & TREE_OP.SIBLINGS) add((parent ? index.children(parent) : [pivot]).filter((m) => m !== pivot));
    // In outline order, as the dimension lists its members.
    // Sorted by ordinal rather than picked from the dimension's list: a member's children or ancestors in a
    // dimension of a million members are found without going through the million.
    const ms = [...picked].filter((m) => !seen.has(m)).sort((a, b) => a.ordinal - b.ordinal);
    for (const m of ms) seen.add(m);
    rows.push(...rowsOf(d, ms));
  }
  return rows;
}

/**
 * A member by the unique name this endpoint answers (`[Market].[East]`, `[Product].[Diet].[100-20]`); null when
 * the cube has no such member or the text names none.
 */
export function findMember(
  outline: CubeOutline,
  unique: string,
  parse: (text: string) => string[] | null,
): { dimension: OlapDimension; member: OlapMember } | null {
  const parts = parse(unique);
  if (!parts) return null;
  const dim = parts[0] === undefined ? undefined : outline.dimension(parts[0]);
  if (!dim) return null;
  const index = outline.index(dim);
  let cur = index.root;
  for (const name of parts.slice(1)) {
    const next =
      index.children(cur).find((c) => same(c.name, name)) ??
      (() => {
        const m = index.member(name);
        return m && m !== cur && index.ancestors(m).includes(cur) ? m : undefined;
      })();
    if (!next) return null;
    cur = next;
  }
  return { dimension: dim, member: cur };
}
