import { dateSeconds } from "../../calc/eval.ts";
import type { Dimension, Member } from "../../outline.ts";
import { startOf } from "../ast.ts";
import { MdxError } from "../errors.ts";
import { parseMdxExpression } from "../parser.ts";
import { distinct, flatOrder } from "../sets.ts";
import { isCalc, type MdxMember, type Val } from "../values.ts";
import { type Call, fn, type MdxFunction } from "./call.ts";
import { holds, M, N, q, S, STR } from "./description.ts";
import {
  EMPTY_SET,
  joinText,
  keywordArg,
  numberArg,
  setOf,
  signedIntegerArg,
  textArg,
  valueAt,
} from "./helpers.ts";

const ANY = Number.POSITIVE_INFINITY;

/** Whether a value counts as empty: #Missing (NaN); a string is never empty. */
const missing = (v: number | string): boolean => typeof v === "number" && Number.isNaN(v);

/** Whether a tuple's value (argument `i`, else the cell) is not #Missing, crossed with any tuple of `over`. */
function nonEmptyAt(c: Call, t: MdxMember[], i: number, over: MdxMember[][] | null): boolean {
  if (!over || over.length === 0) return !missing(valueAt(c, t, i));
  return over.some(
    (o) => !missing(valueAt(c, [...t, ...o.filter((m) => !t.some((x) => x.dimension === m.dimension))], i)),
  );
}

/** TopSum/TopPercent/BottomSum/BottomPercent: sorted by value, taken until the running total reaches the target. */
function sumOrPercent(c: Call): Val {
  const tuples = c.setArg(0);
  const target = numberArg(c, 1);
  const top = c.name.startsWith("TOP");
  const keys = tuples.map((t) => valueAt(c, t, 2));
  // Missing and negative values are left out (Oracle: these functions ignore them).
  const kept = tuples.map((_, i) => i).filter((i) => typeof keys[i] === "number" && (keys[i] as number) >= 0);
  const sorted = flatOrder(
    kept.map((i) => tuples[i] as MdxMember[]),
    kept.map((i) => keys[i] as number),
    top,
  );
  const valueByTuple = new Map(kept.map((i) => [tuples[i] as MdxMember[], keys[i] as number]));
  const total = kept.reduce((s, i) => s + (keys[i] as number), 0);
  const goal = c.name.endsWith("PERCENT") ? (total * Math.min(100, Math.max(0, target))) / 100 : target;
  const out: MdxMember[][] = [];
  let run = 0;
  for (const t of sorted) {
    if (run >= goal && out.length > 0) break;
    out.push(t);
    run += valueByTuple.get(t) ?? 0;
  }
  return { t: "set", tuples: goal <= 0 ? [] : out };
}

/** The base members an attribute member (or any member under it) is associated with, in outline order. */
export function attributeBase(c: Call, attr: Member): Member[] {
  const d = attr.dimension;
  if (d.type !== "attribute" || !d.baseDimensionName)
    throw new MdxError("MDX_ARGUMENT", { id: "notAttributeMember", member: attr.name }, c.at);
  const base = c.ev.outline.dimension(d.baseDimensionName) as Dimension;
  c.ev.charge(base.members.length, c.at);
  const under = new Set([attr, ...attr.descendants()]);
  return base.members.filter((m) => {
    const a = m.attributes.get(d.name);
    return !m.isShared && a !== undefined && under.has(a);
  });
}

/** The value of an attribute member as WithAttr compares it: a number for numeric dimensions, else its name. */
function attributeValue(m: Member): number | string {
  const kind = m.dimension.attributeKind;
  if (kind === "numeric") return Number(m.name);
  if (kind === "date") return dateSeconds(m.name);
  return m.name.toLowerCase();
}

const COMPARE: Record<string, (a: number | string, b: number | string) => boolean> = {
  ">": (a, b) => a > b,
  ">=": (a, b) => a >= b,
  "<": (a, b) => a < b,
  "<=": (a, b) => a <= b,
  "==": (a, b) => a === b,
  "=": (a, b) => a === b,
  "<>": (a, b) => a !== b,
  "!=": (a, b) => a !== b,
};

function withAttr(c: Call): Val {
  const attrDim = c.outlineMemberArg(0).dimension;
  if (attrDim.type !== "attribute" || !attrDim.baseDimensionName)
    throw new MdxError("MDX_ARGUMENT", { id: "withAttrNeedsAttributeDimension" }, startOf(c.arg(0)));
  const op = textArg(c, 1).trim().toUpperCase();
  const raw = c.val(2);
  const compare = COMPARE[op];
  const base = c.ev.outline.dimension(attrDim.baseDimensionName) as Dimension;
  c.ev.charge(base.members.length, c.at);
  const out = base.members.filter((m) => {
    const a = m.attributes.get(attrDim.name);
    if (!a || m.isShared) return false;
    const v = attributeValue(a);
    if (op === "IN") return typeof v === "string" && raw.t === "str" && v.includes(raw.v.toLowerCase());
    if (!compare)
      throw new MdxError("MDX_ARGUMENT", { id: "withAttrOperator", operator: op }, startOf(c.arg(1)));
    const b =
      typeof v === "number"
        ? c.ev.toNumber(raw, startOf(c.arg(2)), c.ctx, c.depth)
        : raw.t === "str"
          ? raw.v.toLowerCase()
          : String(c.ev.toNumber(raw, startOf(c.arg(2)), c.ctx, c.depth));
    return compare(v, b);
  });
  return setOf(out);
}

/** StrToMbr(string): the member a name or unique name (`[Market].[East]`, `East`) stands for. */
function strToMember(c: Call): Val {
  const text = textArg(c, 0);
  let e: ReturnType<typeof parseMdxExpression>;
  try {
    e = parseMdxExpression(text);
  } catch {
    throw new MdxError(
      "MDX_UNKNOWN_MEMBER",
      { id: "unknownMember", member: text },
      { ...startOf(c.arg(0)), text },
    );
  }
  const v = c.ev.evaluate(e, c.ctx, c.depth);
  return { t: "member", m: c.ev.toMember(v, startOf(c.arg(0))) };
}

/** Sets from sets: slices, iteration, sums and percentages, emptiness, attributes, and strings read as MDX. */
export const MORE_SET_FUNCTIONS: readonly MdxFunction[] = [
  fn("SUBSET", 2, 3, (c) => {
    const tuples = c.setArg(0);
    const start = signedIntegerArg(c, 1);
    const count = c.args.length > 2 ? signedIntegerArg(c, 2) : tuples.length;
    if (start < 0 || count < 0) return EMPTY_SET;
    return { t: "set", tuples: tuples.slice(start, start + count) };
  }).described({
    group: "Set",
    parameters: `${S}, ${q("Start")}[, ${q("Count")}]`,
    description: "The tuples of a set from a position (from 0), a number of them.",
    example: "Subset([Market].Children, 1, 2)",
  }),
  // Generate(set1, set2 [, ALL]); Microsoft's string form Generate(set, string [, delimiter]) joins the strings.
  fn("GENERATE", 2, 3, (c) => {
    const tuples = c.setArg(0);
    const all = keywordArg(c, 2) === "ALL";
    const out: MdxMember[][] = [];
    const strings: string[] = [];
    for (const t of tuples) {
      const ctx = c.ev.override(c.ctx, t);
      const v = c.val(1, ctx);
      if (v.t === "str") strings.push(v.v);
      else if (v.t === "num") strings.push(Number.isNaN(v.v) ? "" : String(v.v));
      else for (const x of c.ev.toSet(v, startOf(c.arg(1)))) out.push(x);
    }
    if (strings.length > 0)
      return { t: "str", v: joinText(c, strings, c.args.length > 2 && !all ? textArg(c, 2) : "") };
    return { t: "set", tuples: c.ev.uniform(all ? out : distinct(out), c.at) };
  }).described({
    group: "Set",
    parameters: `${S}, ${S}[, ALL]`,
    description: "The union of a set evaluated for each tuple of another.",
    example: "Generate({[East], [West]}, [Market].CurrentMember.Children)",
  }),
  fn("EXTRACT", 2, ANY, (c) => {
    const tuples = c.setArg(0);
    const dims = c.args.slice(1).map((_, i) => c.memberArg(i + 1).dimension);
    const first = tuples[0];
    if (!first) return EMPTY_SET;
    const at = dims.map((d) => first.findIndex((m) => m.dimension === d));
    if (at.some((i) => i < 0)) throw new MdxError("MDX_ARGUMENT", { id: "extractDimension" }, c.at);
    return { t: "set", tuples: distinct(tuples.map((t) => at.map((i) => t[i] as MdxMember))) };
  }).described({
    group: "Set",
    parameters: `${S}, ${q("Dimension")}[, …]`,
    description: "A set's tuples reduced to some of their dimensions, repeats removed.",
    example: "Extract(CrossJoin({[Qtr1]}, [Market].Children), [Market])",
  }),
  fn("TOPSUM", 3, 3, sumOrPercent).described({
    group: "Set",
    parameters: `${S}, ${q("Value")}, ${N}`,
    description: "The fewest tuples with the highest values whose total reaches a value.",
    example: "TopSum([Market].Children, 10000, [Sales])",
  }),
  fn("TOPPERCENT", 3, 3, sumOrPercent).described({
    group: "Set",
    parameters: `${S}, ${q("Percentage")}, ${N}`,
    description: "The fewest tuples with the highest values whose total reaches a percentage of the set's.",
    example: "TopPercent([Market].Children, 30, [Sales])",
  }),
  fn("BOTTOMSUM", 3, 3, sumOrPercent).described({
    group: "Set",
    parameters: `${S}, ${q("Value")}, ${N}`,
    description: "The fewest tuples with the lowest values whose total reaches a value.",
    example: "BottomSum([Market].Children, 10000, [Sales])",
  }),
  fn("BOTTOMPERCENT", 3, 3, sumOrPercent).described({
    group: "Set",
    parameters: `${S}, ${q("Percentage")}, ${N}`,
    description: "The fewest tuples with the lowest values whose total reaches a percentage of the set's.",
    example: "BottomPercent([Market].Children, 30, [Sales])",
  }),
  // NonEmptySubset(set [, value [, dimension…]]): the tuples whose value is not #Missing, reduced to the
  // dimensions named (repeats removed).
  fn("NONEMPTYSUBSET", 1, ANY, (c) => {
    const kept = c.setArg(0).filter((t) => nonEmptyAt(c, t, 1, null));
    if (c.args.length < 3 || kept.length === 0) return { t: "set", tuples: kept };
    const first = kept[0] as MdxMember[];
    const at = c.args.slice(2).map((_, i) => {
      const d = c.memberArg(i + 2).dimension;
      const k = first.findIndex((m) => m.dimension === d);
      if (k < 0)
        throw new MdxError(
          "MDX_ARGUMENT",
          { id: "setHasNoMemberOf", dimension: d.name },
          startOf(c.arg(i + 2)),
        );
      return k;
    });
    return { t: "set", tuples: distinct(kept.map((t) => at.map((k) => t[k] as MdxMember))) };
  }).described({
    group: "Set",
    parameters: `${S}[, ${N}[, ${q("Dimension")}…]]`,
    description: "The tuples of a set whose value is not empty, reduced to some of their dimensions.",
    example: "NonEmptySubset([Market].Children)",
  }),
  fn("NONEMPTY", 1, 2, (c) => {
    const tuples = c.setArg(0);
    const over = c.args.length > 1 ? c.setArg(1) : null;
    return { t: "set", tuples: tuples.filter((t) => nonEmptyAt(c, t, 99, over)) };
  }).described({
    group: "Set",
    parameters: `${S}[, ${S}]`,
    description: "The tuples of a set whose value is not empty.",
    example: "NonEmpty([Market].Children)",
  }),
  fn("NONEMPTYCOUNT", 1, 3, (c) => {
    const tuples = c.setArg(0);
    const n = tuples.filter((t) => nonEmptyAt(c, t, 1, null)).length;
    // exclude_missing: #Missing rather than 0 when every value is missing.
    return { t: "num", v: n === 0 && c.args.length > 2 ? Number.NaN : n };
  }).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "The number of tuples of a set whose value is not empty.",
    example: holds("NonEmptyCount([Market].Children, [Sales]) = 4"),
  }),
  fn("ADDCALCULATEDMEMBERS", 1, 1, (c) => {
    const tuples = c.setArg(0);
    const first = tuples[0];
    if (first?.length !== 1) return { t: "set", tuples };
    const d = (first[0] as MdxMember).dimension;
    // The calculated members of the set's dimension whose parent is the parent of a member of the set (its level).
    const parents = new Set(tuples.map((t) => (isCalc(t[0] as MdxMember) ? null : (t[0] as Member).parent)));
    const extra = c.ev.calcMembers.filter(
      (m) => m.dimension === d && parents.has(m.parent) && !tuples.some((t) => t[0] === m),
    );
    return { t: "set", tuples: [...tuples, ...extra.map((m) => [m])] };
  }).described({
    group: "Set",
    parameters: S,
    description: "A set with the query's calculated members at the level of its members.",
    example: "AddCalculatedMembers([Market].Children)",
  }),
  fn("STRIPCALCULATEDMEMBERS", 1, 1, (c) => ({
    t: "set",
    tuples: c.setArg(0).filter((t) => !t.some(isCalc)),
  })).described({
    group: "Set",
    parameters: S,
    description: "A set without its calculated members.",
    example: "StripCalculatedMembers([Market].Children)",
  }),
  fn("ATTRIBUTE", 1, 1, (c) => setOf(attributeBase(c, c.outlineMemberArg(0)))).described({
    group: "Set",
    parameters: M,
    description: "The base members associated with an attribute member.",
    example: "Attribute([Can])",
  }),
  fn("WITHATTR", 3, 3, withAttr).described({
    group: "Set",
    parameters: `${q("Attribute Dimension")}, ${STR}, ${q("Value")}`,
    description: "The base members whose attribute compares with a value.",
    example: 'WithAttr([Ounces], ">", 16)',
  }),
  fn("CROSSJOINATTRIBUTE", 2, 2, (c) => {
    // The product of two sets, only the combinations that exist: a base member with the attribute member it has.
    const a = c.setArg(0);
    const b = c.setArg(1);
    const all = c.ev.crossJoin([a, b], c.at);
    c.ev.charge(all.length * 4, c.at);
    return {
      t: "set",
      tuples: all.filter((t) =>
        t.every((m) => {
          if (isCalc(m) || m.dimension.type !== "attribute" || m.parent === null) return true;
          const base = t.find(
            (x) => x.dimension.name.toLowerCase() === m.dimension.baseDimensionName?.toLowerCase(),
          );
          if (!base || isCalc(base)) return true;
          const under = [base, ...base.descendants()].filter((x) => x.isLeaf);
          return under.some((x) => {
            const at = x.stored.attributes.get(m.dimension.name);
            return at !== undefined && (at === m || at.isDescendantOf(m));
          });
        }),
      ),
    };
  }).described({
    group: "Set",
    parameters: `${S}, ${S}`,
    description:
      "The cross product of two sets, keeping the base members with the attribute members they carry.",
    example: "CrossJoinAttribute({[100-10]}, {[Can], [Bottle]})",
  }),
  fn("STRTOMBR", 1, 3, strToMember).described({
    group: "Navigation",
    parameters: STR,
    description: "The member a name or unique name stands for.",
    example: '{StrToMbr("[Market].[East]")}',
  }),
  fn("STRTOMEMBER", 1, 2, strToMember).described({
    group: "Navigation",
    parameters: STR,
    description: "The member a name or unique name stands for (Microsoft's name).",
    example: '{StrToMember("[Market].[East]")}',
  }),
  fn("STRTOTUPLE", 1, 2, (c) => {
    const text = textArg(c, 0);
    const v = c.ev.evaluate(parseMdxExpression(text), c.ctx, c.depth);
    const t = c.ev.toSet(v, startOf(c.arg(0)));
    if (t.length !== 1) throw new MdxError("MDX_ARGUMENT", { id: "notOneTuple", text }, startOf(c.arg(0)));
    const ms = t[0] as MdxMember[];
    return ms.length === 1 ? { t: "member", m: ms[0] as MdxMember } : { t: "tuple", ms };
  }).described({
    group: "Navigation",
    parameters: STR,
    description: "The tuple an MDX string stands for.",
    example: '{StrToTuple("([Qtr1], [East])")}',
  }),
  fn("STRTOSET", 1, 2, (c) => {
    const text = textArg(c, 0);
    const v = c.ev.evaluate(parseMdxExpression(text), c.ctx, c.depth);
    return { t: "set", tuples: c.ev.toSet(v, startOf(c.arg(0))) };
  }).described({
    group: "Set",
    parameters: STR,
    description: "The set an MDX string stands for.",
    example: 'StrToSet("{[East], [West]}")',
  }),
];
