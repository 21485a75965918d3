import type { EngineCube } from "@qibates/connectors/engine-port";
import { type Expr, MdxError, type Member } from "@qibates/connectors/engine-port";
import { type Row, TREE_OP, XmlaFault } from "@qibates/protocols/xmla";
import { caption, dimensionName, levelUniqueName, memberName, memberType, same } from "./names.ts";

function memberRow(base: Row, m: Member): Row {
  const d = m.dimension;
  const parent = m.parent;
  return {
    ...base,
    DIMENSION_UNIQUE_NAME: dimensionName(d),
    HIERARCHY_UNIQUE_NAME: dimensionName(d),
    LEVEL_UNIQUE_NAME: levelUniqueName(d, m.generation),
    LEVEL_NUMBER: m.generation - 1,
    MEMBER_ORDINAL: m.ordinal,
    MEMBER_NAME: m.name,
    MEMBER_UNIQUE_NAME: memberName(m),
    MEMBER_TYPE: memberType(m),
    MEMBER_CAPTION: caption(m, "Default"),
    CHILDREN_CARDINALITY: m.children.length,
    PARENT_LEVEL: parent ? parent.generation - 1 : 0,
    ...(parent ? { PARENT_UNIQUE_NAME: memberName(parent) } : {}),
    PARENT_COUNT: parent ? 1 : 0,
    ...(m.formula !== undefined ? { EXPRESSION: m.formula } : {}),
    MEMBER_KEY: m.name,
    IS_PLACEHOLDERMEMBER: false,
    IS_DATAMEMBER: false,
  };
}

export function memberRows(
  base: Row,
  engine: EngineCube,
  restrictions: ReadonlyMap<string, string>,
  parse: (text: string) => Expr,
): Row[] {
  const outline = engine.outline;
  const dims = [...outline.baseDimensions, ...outline.attributeDimensions];
  const treeOpText = restrictions.get("TREE_OP");
  if (treeOpText === undefined) return dims.flatMap((d) => d.members.map((m) => memberRow(base, m)));
  const op = Number(treeOpText);
  if (!Number.isInteger(op) || op < 0 || op > 0x3f)
    throw new XmlaFault("bad-request", `TREE_OP must be a combination of 1, 2, 4, 8, 16 and 32.`);
  const unique = restrictions.get("MEMBER_UNIQUE_NAME");
  if (unique === undefined)
    throw new XmlaFault("bad-request", "TREE_OP needs the MEMBER_UNIQUE_NAME restriction.");
  // A restriction that names no member of the cube selects nothing, as SSAS answers it: an empty rowset, which
  // is how a client asks whether a name (an axis member of a query-scoped calculation) is a real member.
  const pivot = findMember(engine, unique, parse);
  if (!pivot) return [];
  const picked = new Set<Member>();
  const add = (ms: Iterable<Member>) => {
    for (const m of ms) picked.add(m);
  };
  if (op & TREE_OP.SELF) picked.add(pivot);
  if (op & TREE_OP.CHILDREN) add(pivot.children);
  if (op & TREE_OP.DESCENDANTS) add(pivot.descendants().filter((m) => m !== pivot));
  if (op & TREE_OP.PARENT && pivot.parent) picked.add(pivot.parent);
  if (op & TREE_OP.ANCESTORS) add(pivot.ancestors().filter((m) => m !== pivot));
  if (op & TREE_OP.SIBLINGS) add((pivot.parent?.children ?? [pivot]).filter((m) => m !== pivot));
  // In outline order, as the dimension lists its members.
  return pivot.dimension.members.filter((m) => picked.has(m)).map((m) => memberRow(base, m));
}

/** `[a].[b]` or `a.b` → `["a", "b"]`, read by the engine's MDX parser; null when the text is no member name. */
function nameParts(text: string, parse: (text: string) => Expr): string[] | null {
  let e: Expr;
  try {
    e = parse(text);
  } catch (err) {
    if (err instanceof MdxError) return null;
    throw err;
  }
  return e.kind === "ref" ? e.parts.map((p) => p.name) : null;
}

/**
 * A member by the unique name this endpoint answers (`[Market].[East]`, `[Product].[Diet].[100-20]`); null when
 * the cube has no such member or the text names none.
 */
export function findMember(engine: EngineCube, unique: string, parse: (text: string) => Expr): Member | null {
  const parts = nameParts(unique, parse);
  if (!parts) return null;
  const outline = engine.outline;
  const dim = parts[0] === undefined ? undefined : outline.dimension(parts[0]);
  if (!dim) return null;
  let cur = dim.root;
  for (const name of parts.slice(1)) {
    const next =
      cur.children.find((c) => same(c.name, name)) ??
      (() => {
        const m = outline.member(name);
        return m && m.dimension === dim && m.isDescendantOf(cur) ? m : undefined;
      })();
    if (!next) return null;
    cur = next;
  }
  return cur;
}
