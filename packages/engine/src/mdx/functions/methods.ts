import type { Dimension, Member } from "../../outline.ts";
import { type Expr, startOf } from "../ast.ts";
import { MdxError } from "../errors.ts";
import { isCalc, layerMembers, layerName, type MdxMember, type Val } from "../values.ts";
import type { MdxMethod, MdxNavigation, MethodCall } from "./call.ts";

const empty = (): Val => ({ t: "set", tuples: [] });

const set = (ms: readonly Member[]): Val => ({ t: "set", tuples: ms.map((m) => [m]) });

/** `.Members` and `.AllMembers` (the latter with the dimension's calculated members after the outline's). */
function members(c: MethodCall): Val {
  const calculated = (d: Dimension): MdxMember[][] =>
    c.name === "ALLMEMBERS" ? c.ev.calcMembers.filter((m) => m.dimension === d).map((m) => [m]) : [];
  const tv = c.tv;
  if (tv.t === "layer")
    return {
      t: "set",
      tuples: [...layerMembers(tv.layer).map((x) => [x]), ...calculated(tv.layer.dimension)],
    };
  const m = c.ev.toMember(tv, startOf(c.target));
  if (isCalc(m) || m.parent !== null)
    throw new MdxError("MDX_ARGUMENT", `.${c.at.text} needs a dimension or a level`, c.at);
  return { t: "set", tuples: [...m.dimension.members.map((x) => [x]), ...calculated(m.dimension)] };
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
          `Unknown level "${arg.v}" in ${dimension.name}`,
          startOf(argE),
        );
      n = other;
      by = by === "level" ? "generation" : "level";
    }
  } else n = c.ev.toInteger(arg, startOf(argE), c.ctx, c.depth);
  if (by === "generation" && n < 1)
    throw new MdxError("MDX_ARGUMENT", "Generations start at 1 (the dimension)", startOf(argE));
  return { t: "layer", layer: { by, dimension, n } };
}

/** `.LEVEL_NUMBER` and `.GEN_NUMBER` (a calculated member stands at generation 2, level 0). */
function layerNumber(c: MethodCall): Val {
  const m = c.ev.toMember(c.tv, startOf(c.target));
  if (isCalc(m)) return { t: "num", v: c.name === "GEN_NUMBER" ? 2 : 0 };
  return { t: "num", v: c.name === "GEN_NUMBER" ? m.generation : m.level };
}

/** Methods that read their target as it is: a dimension, a level, a member in the current context. */
export const METHODS: readonly MdxMethod[] = [
  { name: "MEMBERS", args: 0, evaluate: members },
  { name: "ALLMEMBERS", args: 0, evaluate: members },
  { name: "LEVELS", args: 1, evaluate: layer },
  { name: "GENERATIONS", args: 1, evaluate: layer },
  {
    name: "CURRENTMEMBER",
    args: 0,
    evaluate(c) {
      const m = c.ev.toMember(c.tv, startOf(c.target));
      return { t: "member", m: c.ctx.get(m.dimension) ?? m.dimension.root };
    },
  },
  {
    name: "NAME",
    args: 0,
    evaluate(c) {
      if (c.tv.t === "layer") return { t: "str", v: layerName(c.tv.layer) };
      return { t: "str", v: c.ev.toMember(c.tv, startOf(c.target)).name };
    },
  },
  { name: "LEVEL_NUMBER", args: 0, evaluate: layerNumber },
  { name: "GEN_NUMBER", args: 0, evaluate: layerNumber },
];

/**
 * Methods from a member to its neighbours in the outline. A calculated member has its parent, is its only
 * sibling and has no child.
 */
export const NAVIGATION: readonly MdxNavigation[] = [
  { name: "CHILDREN", navigate: (m) => (isCalc(m) ? empty() : set(m.children)) },
  { name: "PARENT", navigate: (m) => (m.parent ? { t: "member", m: m.parent } : empty()) },
  {
    name: "SIBLINGS",
    navigate: (m) => (isCalc(m) ? { t: "set", tuples: [[m]] } : set(m.parent ? m.parent.children : [m])),
  },
  { name: "FIRSTCHILD", navigate: (m) => child(m, 0) },
  { name: "LASTCHILD", navigate: (m) => child(m, -1) },
];

function child(m: MdxMember, at: 0 | -1): Val {
  if (isCalc(m)) return empty();
  const c = at === 0 ? m.children[0] : m.children[m.children.length - 1];
  return c ? { t: "member", m: c } : empty();
}
