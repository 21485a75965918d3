import type { Member } from "../../outline.ts";
import { type MdxPosition, startOf } from "../ast.ts";
import { foundOf, MdxError } from "../errors.ts";
import type { AnyLayer, Val } from "../values.ts";
import { type Call, fn, type MdxFunction } from "./call.ts";
import { L, M, q, STR } from "./description.ts";
import { hasUda } from "./logical-functions.ts";

/** The sides of the layer each flag of Descendants keeps: -1 above it, 0 on it, 1 below it. */
const DESCENDANT_FLAGS: Record<string, readonly number[]> = {
  SELF: [0],
  AFTER: [1],
  BEFORE: [-1],
  BEFORE_AND_AFTER: [-1, 1],
  SELF_AND_AFTER: [0, 1],
  SELF_AND_BEFORE: [-1, 0],
  SELF_BEFORE_AFTER: [-1, 0, 1],
};

/** The call form of a method: `Children([East])` is `[East].Children`. */
const asMethod = (name: string): MdxFunction => ({
  name,
  minArgs: 1,
  maxArgs: 1,
  evaluate: (c) =>
    c.ev.method({ name, target: c.arg(0), args: [], bare: true, at: c.at, ctx: c.ctx, depth: c.depth }),
});

/** Functions that find members in the outline from a member: descendants, ancestors, members by UDA. */
export const MEMBER_FUNCTIONS: readonly MdxFunction[] = [
  fn("DESCENDANTS", 1, 3, (c) => {
    const m = c.outlineMemberArg(0);
    const layer = c.args.length > 1 ? layerArg(c, 1, m) : null;
    const flag =
      c.flagArg(2, [...Object.keys(DESCENDANT_FLAGS), "LEAVES"]) ?? (layer ? "SELF" : "SELF_BEFORE_AFTER");
    const subtree = [m, ...m.descendants()];
    c.ev.charge(subtree.length, c.at);
    return { t: "set", tuples: descendants(m, subtree, layer, flag).map((d) => [d]) };
  }).described({
    group: "Set",
    parameters: `${M}[, ${L}[, ${q("Desc_flags")}]]`,
    description: "The descendants of a member, at or around a level.",
    example: "Descendants([East], [Market].Levels(0))",
  }),
  fn("ANCESTOR", 2, 2, (c) => {
    const m = c.outlineMemberArg(0);
    const layer = layerArg(c, 1, m);
    const a = ancestor(m, layer);
    return a ? { t: "member", m: a } : { t: "set", tuples: [] };
  }).described({
    group: "Navigation",
    parameters: `${M}, ${L}`,
    description: "The ancestor of a member at a level, a generation or a distance.",
    example: "{Ancestor([New York], [Market].Generations(2))}",
  }),
  fn("UDA", 2, 2, (c) => {
    const m = c.outlineMemberArg(0);
    const uda = c.stringArg(1);
    const pool = m.parent === null ? m.dimension.members.filter((x) => !x.isShared) : [m, ...m.descendants()];
    c.ev.charge(pool.length, c.at);
    return { t: "set", tuples: pool.filter((x) => hasUda(x, uda)).map((x) => [x]) };
  }).described({
    group: "Set",
    parameters: `${M}, ${STR}`,
    description: "The members at or below a member that carry a user-defined attribute.",
    example: 'Uda([Market], "Major Market")',
  }),
  ...["MEMBERS", "CHILDREN", "PARENT", "SIBLINGS", "FIRSTCHILD", "LASTCHILD"].map(asMethod),
];

/** The layer argument of Descendants and Ancestor: a level, a generation, or a distance. */
function layerArg(c: Call, i: number, m: Member): AnyLayer | null {
  const v: Val = c.val(i);
  const at: MdxPosition = startOf(c.arg(i));
  if (v.t === "empty") return null;
  if (v.t === "layer") {
    if (v.layer.dimension !== m.dimension)
      throw new MdxError(
        "MDX_ARGUMENT",
        { id: "levelOfOtherDimension", levelDimension: v.layer.dimension.name, dimension: m.dimension.name },
        at,
      );
    return v.layer;
  }
  if (v.t === "num") return { by: "distance", n: c.ev.toInteger(v, at, c.ctx, c.depth) };
  throw new MdxError("MDX_ARGUMENT", { id: "expected", needed: "levelOrDistance", found: foundOf(v) }, at);
}

/** Where a descendant `d` of `m` stands against a layer: -1 above it, 0 on it, 1 below it. */
function side(m: Member, d: Member, layer: AnyLayer | null): number {
  if (!layer) return 0;
  switch (layer.by) {
    case "distance":
      return Math.sign(d.generation - m.generation - layer.n);
    case "generation":
      return Math.sign(d.generation - layer.n);
    case "level":
      return Math.sign(layer.n - d.level);
  }
}

/** Descendants(member, layer, flag), in outline order, the member itself included when the flag says so. */
function descendants(m: Member, all: Member[], layer: AnyLayer | null, flag: string): Member[] {
  if (flag === "LEAVES") return all.filter((d) => d.isLeaf && side(m, d, layer) <= 0);
  const sides = DESCENDANT_FLAGS[flag] as readonly number[];
  return all.filter((d) => sides.includes(side(m, d, layer)));
}

/** Ancestor(member, layer): the ancestor (or the member itself) on the layer, or null. */
function ancestor(m: Member, layer: AnyLayer | null): Member | null {
  if (!layer) return m;
  if (layer.by === "distance") {
    let a: Member | null = m;
    for (let i = 0; i < layer.n && a; i++) a = a.parent;
    return a;
  }
  for (let a: Member | null = m; a; a = a.parent) {
    if (layer.by === "generation" ? a.generation === layer.n : a.level === layer.n) return a;
  }
  return null;
}
