import { startOf } from "../ast.ts";
import { distinct, except, flatOrder, hierarchize, hierOrder, intersect } from "../sets.ts";
import type { Val } from "../values.ts";
import { type Call, fn, type MdxFunction } from "./call.ts";
import { N, q, S } from "./description.ts";
import { numberArg } from "./helpers.ts";

const ANY = Number.POSITIVE_INFINITY;

/** Functions that build a set from sets: joins, set algebra, filters, orderings and slices. */
export const SET_FUNCTIONS: readonly MdxFunction[] = [
  fn("CROSSJOIN", 2, ANY, (c) => ({
    t: "set",
    tuples: c.ev.crossJoin(
      c.args.map((_, i) => c.setArg(i)),
      c.at,
    ),
  })).described({
    group: "Set",
    parameters: `${q("Set1")}, ${q("Set2")}[, ${S}...]`,
    description: "The cross product of two or more sets.",
    example: "CrossJoin({[Sales]}, [Market].Children)",
  }),
  fn("UNION", 2, ANY, (c) => {
    const all = c.args[c.args.length - 1]?.kind === "flag" && c.flagArg(c.args.length - 1, ["ALL"]) === "ALL";
    const sets = (all ? c.args.slice(0, -1) : c.args).map((_, i) => c.setArg(i));
    const tuples = sets.flat();
    return { t: "set", tuples: c.ev.uniform(all ? tuples : distinct(tuples), c.at) };
  }).described({
    group: "Set",
    parameters: `${q("Set1")}, ${q("Set2")}[, ALL]`,
    description: "The tuples of two or more sets, repeated ones once unless ALL.",
    example: "Union({[East]}, {[West]}, ALL)",
  }),
  fn("EXCEPT", 2, 3, (c) => exceptOrIntersect(c)).described({
    group: "Set",
    parameters: `${q("Set1")}, ${q("Set2")}`,
    description: "The tuples of the first set that are not in the second.",
    example: "Except([Market].Children, {[East]})",
  }),
  fn("INTERSECT", 2, 3, (c) => exceptOrIntersect(c)).described({
    group: "Set",
    parameters: `${q("Set1")}, ${q("Set2")}`,
    description: "The tuples two sets have in common.",
    example: "Intersect([Market].Children, {[East]})",
  }),
  fn("FILTER", 2, 2, (c) => {
    const tuples = c.setArg(0);
    return {
      t: "set",
      tuples: tuples.filter((t) => {
        const ctx = c.ev.override(c.ctx, t);
        return c.ev.toBool(c.val(1, ctx), startOf(c.arg(1)), ctx, c.depth);
      }),
    };
  }).described({
    group: "Set",
    parameters: `${S}, ${q("Search Condition")}`,
    description: "The tuples of a set for which a condition holds.",
    example: "Filter([Market].Children, [Sales] > 0)",
  }),
  fn("ORDER", 2, 3, (c) => {
    const tuples = c.setArg(0);
    const dir = c.flagArg(2, ["ASC", "DESC", "BASC", "BDESC"]) ?? "ASC";
    const keys = c.valuesOver(tuples, 1);
    const desc = dir === "DESC" || dir === "BDESC";
    const hierarchical = (dir === "ASC" || dir === "DESC") && tuples.every((t) => t.length === 1);
    return {
      t: "set",
      tuples: hierarchical ? hierOrder(tuples, keys, desc) : flatOrder(tuples, keys, desc),
    };
  }).described({
    group: "Set",
    parameters: `${S}, ${N}[, ASC | DESC | BASC | BDESC]`,
    description: "A set sorted by a numeric or string expression.",
    example: "Order([Market].Children, [Sales], BDESC)",
  }),
  fn("HEAD", 1, 2, (c) => headOrTail(c)).described({
    group: "Set",
    parameters: `${S}[, ${q("Count")}]`,
    description: "The first tuples of a set.",
    example: "Head([Market].Children, 2)",
  }),
  fn("TAIL", 1, 2, (c) => headOrTail(c)).described({
    group: "Set",
    parameters: `${S}[, ${q("Count")}]`,
    description: "The last tuples of a set.",
    example: "Tail([Market].Children, 2)",
  }),
  fn("TOPCOUNT", 2, 3, (c) => topOrBottom(c)).described({
    group: "Set",
    parameters: `${S}, ${q("Count")}[, ${N}]`,
    description: "The given number of tuples of a set with the highest values.",
    example: "TopCount([Market].Children, 2, [Sales])",
  }),
  fn("BOTTOMCOUNT", 2, 3, (c) => topOrBottom(c)).described({
    group: "Set",
    parameters: `${S}, ${q("Count")}[, ${N}]`,
    description: "The given number of tuples of a set with the lowest values.",
    example: "BottomCount([Market].Children, 2, [Sales])",
  }),
  fn("DISTINCT", 1, 1, (c) => ({ t: "set", tuples: distinct(c.setArg(0)) })).described({
    group: "Set",
    parameters: `${S}`,
    description: "A set without its repeated tuples.",
    example: "Distinct({[East], [East]})",
  }),
  fn("HIERARCHIZE", 1, 1, (c) => ({ t: "set", tuples: hierarchize(c.setArg(0)) })).described({
    group: "Set",
    parameters: `${S}`,
    description: "A set in outline order.",
    example: "Hierarchize({[New York], [East]})",
  }),
];

function exceptOrIntersect(c: Call): Val {
  const all = c.flagArg(2, ["ALL"]) === "ALL";
  const a = c.setArg(0);
  const b = c.setArg(1);
  const out = c.name === "EXCEPT" ? except(a, b) : intersect(a, b);
  return { t: "set", tuples: all ? out : distinct(out) };
}

function headOrTail(c: Call): Val {
  const tuples = c.setArg(0);
  // Oracle: a count below 1 (#Missing as 0) gives an empty set, one past the set's size the whole set.
  const n = c.args.length > 1 ? Math.max(0, Math.trunc(numberArg(c, 1) || 0)) : 1;
  return {
    t: "set",
    tuples: c.name === "HEAD" ? tuples.slice(0, n) : tuples.slice(Math.max(0, tuples.length - n)),
  };
}

function topOrBottom(c: Call): Val {
  const tuples = c.setArg(0);
  const n = c.integerArg(1);
  if (c.args.length < 3) return { t: "set", tuples: tuples.slice(0, n) };
  const keys = c.valuesOver(tuples, 2);
  return { t: "set", tuples: flatOrder(tuples, keys, c.name === "TOPCOUNT").slice(0, n) };
}
