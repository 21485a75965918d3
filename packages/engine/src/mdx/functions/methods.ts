import type { Dimension, Member } from "../../outline.ts";
import { type Expr, type MdxPosition, startOf } from "../ast.ts";
import { MdxError } from "../errors.ts";
import { isCalc, layerMembers, layerName, type MdxMember, type Val } from "../values.ts";
import type { MdxMethod, MdxNavigation, MethodCall } from "./call.ts";
import { holds, N, q, STR } from "./description.ts";
import {
  keywordOf,
  layerOfMember,
  levelNumberOf,
  memberOrEmpty,
  ordinalOf,
  shift,
  uniqueNameOf,
} from "./helpers.ts";
import { currentTuple, itemOf } from "./hierarchy-functions.ts";

const empty = (): Val => ({ t: "set", tuples: [] });

const set = (ms: readonly Member[]): Val => ({ t: "set", tuples: ms.map((m) => [m]) });

/** `.Members` and `.AllMembers` (the latter with the dimension's calculated members after the outline's). */
function members(c: MethodCall): Val {
  const calculated = (d: Dimension): MdxMember[][] =>
    c.name === "ALLMEMBERS" ? c.ev.calcMembers.filter((m) => m.dimension === d).map((m) => [m]) : [];
  const tv = c.tv;
  // A subselect restricts what `.Members` lists (`Filter([Market].[State].AllMembers, …)` in its space).
  if (tv.t === "layer")
    return {
      t: "set",
      tuples: [...c.ev.inSubcube(layerMembers(tv.layer).map((x) => [x])), ...calculated(tv.layer.dimension)],
    };
  const m = c.ev.toMember(tv, startOf(c.target));
  if (isCalc(m) || m.parent !== null)
    throw new MdxError("MDX_ARGUMENT", { id: "methodNeedsDimensionOrLevel", name: c.at.text }, c.at);
  return {
    t: "set",
    tuples: [...c.ev.inSubcube(m.dimension.members.map((x) => [x])), ...calculated(m.dimension)],
  };
}

/** `.Levels(n or name)` and `.Generations(n or name)`: a layer of the target's dimension. */
function layer(c: MethodCall): Val {
  const m = c.ev.toMember(c.tv, startOf(c.target));
  const argE = c.args[0] as Expr;
  const arg = c.ev.evaluate(argE, c.ctx, c.depth);
  const dimension = m.dimension;
  let n: number | undefined;
  let by: "level" | "generation" = c.name === "LEVELS" ? "level" : "generation";
  if (arg.t === "str") {
    n = by === "level" ? dimension.levelByName(arg.v) : dimension.generationByName(arg.v);
    if (n === undefined) {
      // A level name that is a generation name (or the reverse) still names a layer of the dimension.
      const other = by === "level" ? dimension.generationByName(arg.v) : dimension.levelByName(arg.v);
      if (other === undefined)
        throw new MdxError(
          "MDX_UNKNOWN_MEMBER",
          { id: "unknownLevel", level: arg.v, dimension: dimension.name },
          startOf(argE),
        );
      n = other;
      by = by === "level" ? "generation" : "level";
    }
  } else {
    n = c.ev.toInteger(arg, startOf(argE), c.ctx, c.depth);
    // SSAS numbers levels from the root: its level n is generation n + 1.
    if (by === "level" && c.ev.dialect === "ssas") {
      by = "generation";
      n += 1;
    }
  }
  if (by === "generation" && n < 1)
    throw new MdxError("MDX_ARGUMENT", { id: "generationsStart" }, startOf(argE));
  return { t: "layer", layer: { by, dimension, n } };
}

/** `.LEVEL_NUMBER` and `.GEN_NUMBER` (a calculated member stands at generation 2, level 0). */
function layerNumber(c: MethodCall): Val {
  const m = c.ev.toMember(c.tv, startOf(c.target));
  const ssas = c.ev.dialect === "ssas";
  if (isCalc(m)) return { t: "num", v: c.name === "GEN_NUMBER" ? 2 : ssas ? 1 : 0 };
  return { t: "num", v: c.name === "GEN_NUMBER" ? m.generation : levelNumberOf(m, c.ev.dialect) };
}

/** Methods that read their target as it is: a dimension, a level, a member in the current context. */
export const METHODS: readonly MdxMethod[] = [
  {
    name: "MEMBERS",
    args: 0,
    evaluate: members,
    description: {
      group: "Metadata",
      parameters: "(none)",
      description: "The members of a dimension or level.",
      example: "[Market].Members",
      object: q("Dimension"),
    },
  },
  {
    name: "ALLMEMBERS",
    args: 0,
    evaluate: members,
    description: {
      group: "Metadata",
      parameters: "(none)",
      description: "The members of a dimension or level, with its calculated members.",
      example: "{[Market].ALLMEMBERS}",
      object: q("Dimension"),
    },
  },
  {
    name: "LEVELS",
    args: 1,
    evaluate: layer,
    description: {
      group: "Metadata",
      parameters: `${N}`,
      description: "A level of a dimension, by number or name.",
      example: "[Market].Levels(0).Members",
      object: q("Dimension"),
    },
  },
  {
    name: "GENERATIONS",
    args: 1,
    evaluate: layer,
    description: {
      group: "Metadata",
      parameters: `${N}`,
      description: "A generation of a dimension, by number or name.",
      example: "[Market].Generations(2).Members",
      object: q("Dimension"),
    },
  },
  {
    name: "CURRENTMEMBER",
    args: 0,
    evaluate(c) {
      const m = c.ev.toMember(c.tv, startOf(c.target));
      return { t: "member", m: c.ctx.get(m.dimension) ?? m.dimension.root };
    },
    description: {
      group: "Navigation",
      parameters: "(none)",
      description: "The member of a dimension in the current context.",
      example: 'Filter([Market].Children, [Market].CurrentMember.Name = "East")',
      object: q("Dimension"),
    },
  },
  {
    name: "NAME",
    args: 0,
    evaluate(c) {
      if (c.tv.t === "layer") return { t: "str", v: layerName(c.tv.layer) };
      return { t: "str", v: c.ev.toMember(c.tv, startOf(c.target)).name };
    },
    description: {
      group: "Metadata",
      parameters: "(none)",
      description: "The name of a member.",
      example: 'Filter([Market].Children, [Market].CurrentMember.Name = "West")',
      object: q("Member"),
    },
  },
  {
    name: "LEVEL_NUMBER",
    args: 0,
    evaluate: layerNumber,
    description: {
      group: "Metadata",
      parameters: "(none)",
      description: "The level number of a member (0 for a leaf).",
      example: "Filter([Market].Children, [Market].CurrentMember.LEVEL_NUMBER = 1)",
      object: q("Member"),
    },
  },
  {
    name: "GEN_NUMBER",
    args: 0,
    evaluate: layerNumber,
    description: {
      group: "Metadata",
      parameters: "(none)",
      description: "The generation number of a member (1 for the dimension).",
      example: "Filter([Market].Children, [Market].CurrentMember.GEN_NUMBER = 2)",
      object: q("Member"),
    },
  },
  {
    name: "COUNT",
    args: 0,
    maxArgs: 1,
    evaluate: (c) => ({ t: "num", v: c.ev.toSet(c.tv, startOf(c.target)).length }),
  },
  {
    name: "ITEM",
    args: 1,
    evaluate: (c) =>
      itemOf(
        c.tv,
        c.ev.toInteger(
          c.ev.evaluate(c.args[0] as Expr, c.ctx, c.depth),
          startOf(c.args[0] as Expr),
          c.ctx,
          c.depth,
        ),
        c,
      ),
  },
  {
    name: "CURRENT",
    args: 0,
    evaluate: (c) => currentTuple(c.ev.toSet(c.tv, startOf(c.target)), c),
    description: {
      group: "Navigation",
      parameters: "(none)",
      description: "The tuple of a set being iterated over.",
      example: 'Filter([Market].Children, [Market].Children.Current.Name = "East")',
      object: q("Set"),
    },
  },
  { name: "CURRENTTUPLE", args: 0, evaluate: (c) => currentTuple(c.ev.toSet(c.tv, startOf(c.target)), c) },
  {
    name: "VALUE",
    args: 0,
    evaluate: (c) => ({ t: "num", v: c.ev.toNumber(c.tv, startOf(c.target), c.ctx, c.depth) }),
  },
  {
    name: "UNIQUENAME",
    args: 0,
    evaluate: (c) => ({ t: "str", v: uniqueNameOf(c.ev.toMember(c.tv, startOf(c.target))) }),
    description: {
      group: "Metadata",
      parameters: "(none)",
      description: "The unique name of a member.",
      example: holds('[East].UniqueName = "[Market].[East]"'),
      object: q("Member"),
    },
  },
  {
    name: "CAPTION",
    args: 0,
    evaluate: (c) => ({ t: "str", v: c.ev.toMember(c.tv, startOf(c.target)).name }),
    description: {
      group: "Metadata",
      parameters: "(none)",
      description: "The caption of a member (its name).",
      example: holds('[East].Caption = "East"'),
      object: q("Member"),
    },
  },
  {
    name: "PROPERTIES",
    args: 1,
    maxArgs: 2,
    evaluate: properties,
    description: {
      group: "Metadata",
      parameters: STR,
      description:
        "A member's property: MEMBER_NAME, MEMBER_UNIQUE_NAME, PARENT_UNIQUE_NAME, LEVEL_NUMBER, an attribute and others.",
      example: holds('[East].Properties("MEMBER_NAME") = "East"'),
      object: q("Member"),
    },
  },
  { name: "LAG", args: 1, maxArgs: 2, evaluate: (c) => lagLeadMethod(c, -1) },
  { name: "NEXTMEMBER", args: 0, maxArgs: 1, evaluate: (c) => nextPrev(c, 1) },
  { name: "PREVMEMBER", args: 0, maxArgs: 1, evaluate: (c) => nextPrev(c, -1) },
  { name: "LEAD", args: 1, maxArgs: 2, evaluate: (c) => lagLeadMethod(c, 1) },
  {
    name: "ORDINAL",
    args: 0,
    evaluate(c) {
      if (c.tv.t !== "layer") throw new MdxError("MDX_ARGUMENT", { id: "ordinalNeedsLevel" }, c.at);
      return { t: "num", v: ordinalOf(c.tv.layer, c.ev.dialect) };
    },
  },
  { name: "DIMENSION", args: 0, evaluate: dimensionRoot },
  {
    name: "LEVEL",
    args: 0,
    evaluate: (c) => layerOfMember(c.ev.toOutlineMember(c.tv, startOf(c.target)), "level", c.ev.dialect),
  },
  {
    name: "GENERATION",
    args: 0,
    evaluate: (c) => layerOfMember(c.ev.toOutlineMember(c.tv, startOf(c.target)), "generation", c.ev.dialect),
  },
  {
    // An Essbase dimension is one hierarchy: `[Market].Hierarchy` (SSAS) is the dimension.
    name: "HIERARCHY",
    args: 0,
    evaluate: dimensionRoot,
    description: {
      group: "Metadata",
      parameters: "(none)",
      description:
        "The hierarchy of a member or level: its dimension (an Essbase dimension is one hierarchy).",
      example: 'Filter({[East]}, [East].Hierarchy.Name = "Market")',
      object: q("Member"),
    },
  },
  { name: "DEFAULTMEMBER", args: 0, evaluate: dimensionRoot },
];

/** `.Dimension`, `.Hierarchy`, `.DefaultMember`: the dimension (its root) of a member or a level. */
function dimensionRoot(c: MethodCall): Val {
  const d = c.tv.t === "layer" ? c.tv.layer.dimension : c.ev.toMember(c.tv, startOf(c.target)).dimension;
  return { t: "member", m: d.root };
}

/** `.NextMember` / `.PrevMember` (`[, LEVEL]` along the level rather than the generation). */
function nextPrev(c: MethodCall, n: 1 | -1): Val {
  const m = c.ev.toMember(c.tv, startOf(c.target));
  const by = c.args[0] && keywordOf(c.args[0]) === "LEVEL" ? "level" : "generation";
  return memberOrEmpty(shift(c.ev, m, n, by));
}

/** `.Lag(n [, LEVEL])` / `.Lead(n [, LEVEL])`. */
function lagLeadMethod(c: MethodCall, sign: 1 | -1): Val {
  const m = c.ev.toMember(c.tv, startOf(c.target));
  const nE = c.args[0] as Expr;
  const n = Math.trunc(c.ev.toNumber(c.ev.evaluate(nE, c.ctx, c.depth), startOf(nE), c.ctx, c.depth));
  const by = c.args[1] && keywordOf(c.args[1]) === "LEVEL" ? "level" : "generation";
  return memberOrEmpty(Number.isFinite(n) ? shift(c.ev, m, sign * n, by) : null);
}

/** `.Properties("NAME")`: a member's intrinsic property, or the name of its attribute in an attribute dimension. */
function properties(c: MethodCall): Val {
  const nameE = c.args[0] as Expr;
  const v = c.ev.evaluate(nameE, c.ctx, c.depth);
  const prop = (v.t === "str" ? v.v : (keywordOf(nameE) ?? "")).toUpperCase();
  return memberProperty(c, prop, startOf(nameE));
}

/**
 * Microsoft's intrinsic member properties read as methods (`[Market].CurrentMember.MEMBER_CAPTION`, as Excel's
 * label filters and Report Builder's parameter queries write them): `.Properties("MEMBER_CAPTION")`.
 */
const INTRINSIC_METHODS = new Set([
  "MEMBER_CAPTION",
  "MEMBER_NAME",
  "MEMBER_UNIQUE_NAME",
  "MEMBER_KEY",
  "PARENT_UNIQUE_NAME",
]);

/**
 * The intrinsic property read by a bare method of that name, or `undefined`. Kept out of the method table: they
 * are `PROPERTIES` written otherwise, not functions of their own.
 */
export function intrinsicProperty(c: MethodCall): Val | undefined {
  return INTRINSIC_METHODS.has(c.name) ? memberProperty(c, c.name, c.at) : undefined;
}

/** A member's intrinsic property `prop` (upper case), or the name of its attribute in an attribute dimension. */
function memberProperty(c: MethodCall, prop: string, at: MdxPosition): Val {
  const m = c.ev.toMember(c.tv, startOf(c.target));
  const calc = isCalc(m);
  const ssas = c.ev.dialect === "ssas";
  const s = (x: string): Val => ({ t: "str", v: x });
  const n = (x: number): Val => ({ t: "num", v: x });
  switch (prop) {
    // Microsoft's caption is what its clients show: the Default alias, as the XMLA endpoint's captions.
    case "MEMBER_CAPTION":
      if (ssas && !calc) return s(m.alias("Default") ?? m.name);
      return s(m.name);
    case "MEMBER_NAME":
    case "CAPTION":
    case "NAME":
    case "MEMBER_KEY":
    case "KEY":
    case "KEY0":
    case "MEMBER_VALUE":
      // A member's key and value are its name (the XMLA endpoint's MDSCHEMA_PROPERTIES says so).
      return s(m.name);
    case "MEMBER_UNIQUE_NAME":
    case "UNIQUE_NAME":
      return s(uniqueNameOf(m));
    case "PARENT_UNIQUE_NAME":
      return s(m.parent ? uniqueNameOf(m.parent) : "");
    case "DIMENSION_UNIQUE_NAME":
    case "HIERARCHY_UNIQUE_NAME":
      return s(`[${m.dimension.name}]`);
    case "LEVEL_NUMBER":
      return n(calc ? (ssas ? 1 : 0) : levelNumberOf(m, c.ev.dialect));
    case "GEN_NUMBER":
      return n(calc ? 2 : m.generation);
    case "PARENT_LEVEL":
      return n(m.parent ? levelNumberOf(m.parent, c.ev.dialect) : 0);
    case "CHILDREN_CARDINALITY":
      return n(calc ? 0 : m.children.length);
    case "MEMBER_ALIAS":
      return s(calc ? m.name : (m.alias("Default") ?? m.name));
    case "MEMBER_TYPE":
      return n(calc ? 4 : 1);
  }
  if (!calc) {
    const d = c.ev.outline.dimensions.find((x) => x.type === "attribute" && x.name.toUpperCase() === prop);
    if (d) return s(m.stored.attributes.get(d.name)?.name ?? "");
  }
  throw new MdxError("MDX_ARGUMENT", { id: "unknownProperty", property: prop }, at);
}

/**
 * Methods from a member to its neighbours in the outline. A calculated member has its parent, is its only
 * sibling and has no child.
 */
export const NAVIGATION: readonly MdxNavigation[] = [
  {
    name: "CHILDREN",
    navigate: (m) => (isCalc(m) ? empty() : set(m.children)),
    description: {
      group: "Navigation",
      parameters: "(none)",
      description: "The children of a member.",
      example: "[Market].Children",
      object: q("Member"),
    },
  },
  {
    name: "PARENT",
    navigate: (m) => (m.parent ? { t: "member", m: m.parent } : empty()),
    description: {
      group: "Navigation",
      parameters: "(none)",
      description: "The parent of a member.",
      example: "{[East].Parent}",
      object: q("Member"),
    },
  },
  {
    name: "SIBLINGS",
    navigate: (m) => (isCalc(m) ? { t: "set", tuples: [[m]] } : set(m.parent ? m.parent.children : [m])),
    description: {
      group: "Navigation",
      parameters: "(none)",
      description: "The children of a member's parent, the member included.",
      example: "[East].Siblings",
      object: q("Member"),
    },
  },
  {
    name: "FIRSTCHILD",
    navigate: (m) => child(m, 0),
    description: {
      group: "Navigation",
      parameters: "(none)",
      description: "The first child of a member.",
      example: "{[Market].FirstChild}",
      object: q("Member"),
    },
  },
  {
    name: "LASTCHILD",
    navigate: (m) => child(m, -1),
    description: {
      group: "Navigation",
      parameters: "(none)",
      description: "The last child of a member.",
      example: "{[Market].LastChild}",
      object: q("Member"),
    },
  },
  { name: "FIRSTSIBLING", navigate: (m) => sibling(m, 0) },
  { name: "LASTSIBLING", navigate: (m) => sibling(m, -1) },
];

function sibling(m: MdxMember, at: 0 | -1): Val {
  if (isCalc(m) || !m.parent) return { t: "member", m };
  const s = m.parent.children;
  return { t: "member", m: (at === 0 ? s[0] : s[s.length - 1]) as Member };
}

function child(m: MdxMember, at: 0 | -1): Val {
  if (isCalc(m)) return empty();
  const c = at === 0 ? m.children[0] : m.children[m.children.length - 1];
  return c ? { t: "member", m: c } : empty();
}
