import type { Dimension, Member } from "../../outline.ts";
import { startOf } from "../ast.ts";
import { MdxError } from "../errors.ts";
import { isCalc, type Layer, layerMembers, type MdxMember, type Val } from "../values.ts";
import { type Call, fn, type MdxFunction } from "./call.ts";
import { holds, L, M, N, q, S } from "./description.ts";
import {
  ancestorOn,
  bool,
  choiceArg,
  currentOf,
  EMPTY_SET,
  keywordArg,
  layerArgOf,
  layerOfMember,
  levelNumberOf,
  memberOrEmpty,
  onLayer,
  ordinalOf,
  peersOf,
  setOf,
  shift,
  signedIntegerArg,
  timeDimension,
} from "./helpers.ts";

const ANY = Number.POSITIVE_INFINITY;

/** The call form of a method (`Generations([Year], 2)` is `[Year].Generations(2)`), its other arguments passed on. */
const asMethodWithArgs = (name: string, min: number, max: number): MdxFunction =>
  fn(name, min, max, (c) =>
    c.ev.method({
      name,
      target: c.arg(0),
      args: c.args.slice(1),
      bare: c.args.length === 1,
      at: c.at,
      ctx: c.ctx,
      depth: c.depth,
    }),
  );

/** GENERATION or LEVEL, the layer type a few functions take (generation when left out). */
const layerType = (c: Call, i: number): "generation" | "level" =>
  choiceArg(c, i, ["GENERATION", "LEVEL"], "GENERATION") === "LEVEL" ? "level" : "generation";

/** A member argument that must be in the outline. */
const outline = (c: Call, i: number): Member => c.outlineMemberArg(i);

/** `Lag`/`Lead`: `n` places back (Lag) or forward (Lead) along the generation or level. */
function lagLead(c: Call, sign: 1 | -1): Val {
  const m = c.memberArg(0);
  const n = signedIntegerArg(c, 1);
  return memberOrEmpty(shift(c.ev, m, sign * n, layerType(c, 2)));
}

/** The path of child positions from `ancestor` down to `m`. */
function pathFrom(ancestor: Member, m: Member): number[] | null {
  const path: number[] = [];
  let x: Member = m;
  while (x !== ancestor) {
    const p = x.parent;
    if (!p) return null;
    path.unshift(p.children.indexOf(x));
    x = p;
  }
  return path;
}

/** Cousin(m1, m2): the member under `m2` at the place `m1` holds under its own ancestor at `m2`'s generation. */
export function cousin(m1: Member, m2: Member): Member | null {
  if (m1.dimension !== m2.dimension) return null;
  let a: Member | null = m1;
  while (a && a.generation > m2.generation) a = a.parent;
  if (!a || a.generation !== m2.generation) return null;
  const path = pathFrom(a, m1);
  if (!path) return null;
  let x: Member | undefined = m2;
  for (const i of path) x = x?.children[i];
  return x ?? null;
}

/** The layer `c.arg(i)` names, else the generation of the member's parent (the default of the time functions). */
function layerOrParent(c: Call, i: number, m: Member): Layer | null {
  const layer = layerArgOf(c, i, m.dimension);
  if (layer) return layer;
  if (!m.parent) return null;
  return { by: "generation", dimension: m.dimension, n: m.parent.generation };
}

/** The member a time function reads: argument `i`, else the current member of the layer's (or time) dimension. */
function memberOrCurrent(c: Call, i: number, dimension?: Dimension): Member {
  if (i < c.args.length && c.arg(i).kind !== "empty") return outline(c, i);
  const d = dimension ?? timeDimension(c);
  const m = currentOf(c.ctx, d);
  if (isCalc(m)) throw new MdxError("MDX_ARGUMENT", { id: "needsOutlineMember", name: c.at.text }, c.at);
  return m;
}

/** The first argument of a time function as a layer when it is one (and then its dimension), else `null`. */
function leadingLayer(c: Call): Layer | null {
  if (c.args.length === 0 || c.arg(0).kind === "empty") return null;
  return layerArgOf(c, 0);
}

/** PeriodsToDate(layer, member): the members of `member`'s generation from the first under its layer ancestor to it. */
export function periodsToDate(m: Member, layer: Layer | null): Member[] {
  if (!layer) return [];
  const a = ancestorOn(m, layer);
  if (!a) return [];
  const under = [a, ...a.descendants()].filter((x) => !x.isShared && x.generation === m.generation);
  const i = under.indexOf(m.stored);
  return i < 0 ? [] : under.slice(0, i + 1);
}

/** The generation of a Dynamic Time Series (`QTD`, `Q-T-D`), or undefined when the outline does not enable it. */
export function dtsGeneration(time: Dimension, op: string): number | undefined {
  const k = op.replaceAll("-", "").toUpperCase();
  const dts = `${k[0]}-T-D`;
  return time.dynamicTimeSeries.get(dts);
}

/** The layer of an xTD function: its Dynamic Time Series generation; in SSAS's dialect, else a generation so named. */
function xtdLayer(c: Call, op: string, time: Dimension): Layer | null {
  const g = dtsGeneration(time, op);
  if (g !== undefined) return { by: "generation", dimension: time, n: g };
  if (c.ev.dialect !== "ssas") return null;
  const word = { YTD: "year", QTD: "quarter", MTD: "month", WTD: "week" }[op];
  if (!word) return null;
  for (const [n, name] of time.generationNames)
    if (name.toLowerCase().startsWith(word)) return { by: "generation", dimension: time, n };
  return op === "YTD" ? { by: "generation", dimension: time, n: 1 } : null;
}

/** The eight to-date functions (Oracle's `xTD`), one per Dynamic Time Series. */
export const XTD: readonly string[] = ["HTD", "YTD", "STD", "PTD", "QTD", "MTD", "WTD", "DTD"];

/** The drill of one set (DrilldownMember, DrilldownByLayer/Level): `expand(tuple)` says which position to drill. */
function drillDown(
  tuples: MdxMember[][],
  expand: (t: MdxMember[], i: number) => number,
  recursive: (m: Member) => boolean,
  calculated: (m: Member) => readonly MdxMember[] = () => [],
): MdxMember[][] {
  const out: MdxMember[][] = [];
  const visit = (t: MdxMember[], i: number, depth: number): void => {
    out.push(t);
    const k = expand(t, i);
    if (k < 0) return;
    const m = t[k] as MdxMember;
    if (isCalc(m)) return;
    // A member already followed by one of its children is drilled already.
    const next = tuples[i + 1];
    if (depth === 0 && next && next.length === t.length && !isCalc(next[k] as MdxMember)) {
      const n = next[k] as Member;
      if (n.parent === m && next.every((x, j) => j === k || x === t[j])) return;
    }
    for (const child of m.children) {
      const ct = [...t];
      ct[k] = child;
      if (recursive(child)) visit(ct, -1, depth + 1);
      else out.push(ct);
    }
    // INCLUDE_CALC_MEMBERS: the query's calculated members under the member follow its children.
    for (const calc of calculated(m)) {
      const ct = [...t];
      ct[k] = calc;
      out.push(ct);
    }
  };
  tuples.forEach((t, i) => {
    visit(t, i, 0);
  });
  return out;
}

/** The position in a tuple of the member of a dimension (-1 when the tuple has none). */
const positionOf = (t: readonly MdxMember[], d: Dimension): number => t.findIndex((m) => m.dimension === d);

/** Layer, index or nothing: the layer argument of DrilldownByLayer/DrillupByLayer (index = position in tuples). */
function drillTarget(c: Call, tuples: MdxMember[][]): { layer: Layer | null; position: number | null } {
  // Microsoft's DrilldownLevel(set, [level], [index]): the index in the third place, the level left out.
  const at = c.args.length > 1 && c.arg(1).kind === "empty" && drillIndexGiven(c, 2) ? 2 : 1;
  if (c.args.length <= at || c.arg(at).kind === "empty") return { layer: null, position: null };
  const v = c.val(at);
  if (v.t === "layer") return { layer: v.layer, position: null };
  const n = signedIntegerArg(c, at);
  if (n < 0 || (tuples[0] && n >= tuples[0].length))
    throw new MdxError("MDX_ARGUMENT", { id: "noPosition", position: n }, startOf(c.arg(at)));
  return { layer: null, position: n };
}

/** Whether argument `i` of a drill is an index (given, and not the INCLUDE_CALC_MEMBERS flag). */
const drillIndexGiven = (c: Call, i: number): boolean =>
  c.args.length > i && c.arg(i).kind !== "empty" && keywordArg(c, i) !== INCLUDE_CALC;

/**
 * Microsoft's last argument of DrilldownLevel and DrilldownMember, as Excel writes it in every PivotTable query
 * (`DrilldownLevel({[Market]},,,INCLUDE_CALC_MEMBERS)`): the query's calculated members whose parent is a drilled
 * member come after its children. Any other word in that place is refused.
 */
const INCLUDE_CALC = "INCLUDE_CALC_MEMBERS";
function calculatedUnder(c: Call, last: number): (m: Member) => readonly MdxMember[] {
  const flagged =
    choiceArg(c, last, [INCLUDE_CALC], null) !== null ||
    c.args.some((_, i) => i > 1 && keywordArg(c, i) === INCLUDE_CALC);
  if (!flagged) return () => [];
  return (m) => c.ev.calcMembers.filter((x) => x.parent === m);
}

/** The deepest (highest) generation of the members at a position of a set. */
function deepest(tuples: MdxMember[][], k: number): number {
  let g = 0;
  for (const t of tuples) {
    const m = t[k];
    if (m && !isCalc(m)) g = Math.max(g, m.generation);
  }
  return g;
}

/**
 * The layer (if any) and the position of a non-empty set that a drill by layer works on: the layer's dimension,
 * the index given, else the last dimension of the tuples.
 */
function drillPosition(c: Call, tuples: MdxMember[][]): { layer: Layer | null; k: number } {
  const { layer, position } = drillTarget(c, tuples);
  const first = tuples[0] as MdxMember[];
  const k = layer ? positionOf(first, layer.dimension) : (position ?? first.length - 1);
  if (k < 0)
    throw new MdxError(
      "MDX_ARGUMENT",
      { id: "setHasNoMemberOf", dimension: `${layer?.dimension.name}` },
      c.at,
    );
  return { layer, k };
}

function drilldownByLayer(c: Call): Val {
  const tuples = c.setArg(0);
  if (tuples.length === 0) return EMPTY_SET;
  const { layer, k } = drillPosition(c, tuples);
  const g = deepest(tuples, k);
  const hit = (m: MdxMember): boolean => !isCalc(m) && (layer ? onLayer(m, layer) : m.generation === g);
  c.ev.charge(tuples.length, c.at);
  return {
    t: "set",
    tuples: drillDown(
      tuples,
      (t) => (hit(t[k] as MdxMember) ? k : -1),
      () => false,
      calculatedUnder(c, 3),
    ),
  };
}

function drillupByLayer(c: Call): Val {
  const tuples = c.setArg(0);
  if (tuples.length === 0) return EMPTY_SET;
  const { layer, k } = drillPosition(c, tuples);
  const g = deepest(tuples, k);
  const below = (m: MdxMember): boolean => {
    if (isCalc(m)) return false;
    if (!layer) return m.generation === g && g > 1;
    return layer.by === "generation" ? m.generation > layer.n : m.level < layer.n;
  };
  const gens = new Set(
    tuples
      .map((t) => t[k])
      .filter((m): m is Member => !!m && !isCalc(m))
      .map((m) => m.generation),
  );
  // Without a layer: the set is drilled up to its second deepest generation (one generation only: unchanged).
  if (!layer && gens.size < 2) return { t: "set", tuples };
  return { t: "set", tuples: tuples.filter((t) => !below(t[k] as MdxMember)) };
}

function drilldownMember(c: Call): Val {
  const tuples = c.setArg(0);
  const targets = c.setArg(1);
  // Microsoft's DrilldownMember(set1, set2 [, target hierarchy] [, RECURSIVE] [, INCLUDE_CALC_MEMBERS]).
  const recursive = keywordArg(c, 2) === "RECURSIVE" || keywordArg(c, 3) === "RECURSIVE";
  if (tuples.length === 0 || targets.length === 0) return { t: "set", tuples };
  const d = ((targets[0] as MdxMember[])[0] as MdxMember).dimension;
  const wanted = new Set(targets.map((t) => t[0] as MdxMember));
  const k = positionOf(tuples[0] as MdxMember[], d);
  if (k < 0) return { t: "set", tuples };
  c.ev.charge(tuples.length, c.at);
  return {
    t: "set",
    tuples: drillDown(
      tuples,
      (t) => (wanted.has(t[k] as MdxMember) ? k : -1),
      (m) => recursive && wanted.has(m),
      calculatedUnder(c, 4),
    ),
  };
}

/**
 * DrillupMember(set1, set2): a member of set1 found in set2 takes the place of the descendants that follow it
 * without a break (Oracle: in {West, California, Central, Nevada} drilled up at West, Central breaks the chain
 * and Nevada stays).
 */
function drillupMember(c: Call): Val {
  const tuples = c.setArg(0);
  const targets = c.setArg(1);
  if (tuples.length === 0 || targets.length === 0) return { t: "set", tuples };
  const d = ((targets[0] as MdxMember[])[0] as MdxMember).dimension;
  const k = positionOf(tuples[0] as MdxMember[], d);
  if (k < 0) return { t: "set", tuples };
  const ups = new Set(targets.map((t) => t[0] as MdxMember));
  const out: MdxMember[][] = [];
  let run: Member | null = null;
  for (const t of tuples) {
    const m = t[k] as MdxMember;
    if (run && !isCalc(m) && m.isDescendantOf(run)) continue;
    run = !isCalc(m) && ups.has(m) ? m : null;
    out.push(t);
  }
  return { t: "set", tuples: out };
}

/** Ancestors: Essbase's every ancestor up to the layer or distance, top first; SSAS's the one at the level. */
function ancestors(c: Call): Val {
  const m = outline(c, 0);
  const v = c.val(1);
  const chain = [m, ...m.ancestors()];
  if (v.t === "layer") {
    const layer = v.layer;
    if (layer.dimension !== m.dimension)
      throw new MdxError(
        "MDX_ARGUMENT",
        { id: "levelOfOtherDimension", levelDimension: layer.dimension.name, dimension: m.dimension.name },
        startOf(c.arg(1)),
      );
    if (c.ev.dialect === "ssas") return setOf(chain.filter((a) => onLayer(a, layer)).slice(0, 1));
    const top = chain.findIndex((a) => onLayer(a, layer));
    if (top < 0) return EMPTY_SET;
    return setOf(chain.slice(0, top + 1).reverse());
  }
  const n = signedIntegerArg(c, 1);
  if (n < 0) return EMPTY_SET;
  if (c.ev.dialect === "ssas") return setOf(chain.slice(n, n + 1));
  return setOf(chain.slice(0, n + 1).reverse());
}

/** MemberRange and the `:` operator's rules: peers of one layer between two members, in the order given. */
function memberRange(c: Call): Val {
  const a = outline(c, 0);
  const b = outline(c, 1);
  if (a.dimension !== b.dimension)
    throw new MdxError(
      "MDX_ARGUMENT",
      { id: "notSameDimension", first: a.name, second: b.name },
      startOf(c.arg(1)),
    );
  const by = layerType(c, 2);
  c.ev.charge(a.dimension.members.length, c.at);
  const peers = peersOf(a, by);
  const ia = peers.indexOf(a.stored);
  const ib = peers.indexOf(b.stored);
  if (ia < 0 || ib < 0) return EMPTY_SET;
  return setOf(ia <= ib ? peers.slice(ia, ib + 1) : peers.slice(ib, ia + 1).reverse());
}

function relMemberRange(c: Call): Val {
  const m = outline(c, 0);
  const before = signedIntegerArg(c, 1);
  const after = signedIntegerArg(c, 2);
  const by = layerType(c, 3);
  c.ev.charge(m.dimension.members.length, c.at);
  const peers = peersOf(m, by);
  const i = peers.indexOf(m.stored);
  if (i < 0) return EMPTY_SET;
  return setOf(peers.slice(Math.max(0, i - Math.max(0, before)), i + Math.max(0, after) + 1));
}

/** TupleRange: the tuples between two, each dimension along its peers, the last dimension fastest (as @XRANGE). */
function tupleRange(c: Call): Val {
  const a = c.setArg(0)[0] ?? [];
  const b = c.setArg(1)[0] ?? [];
  if (a.length !== b.length || a.some((m, i) => m.dimension !== b[i]?.dimension))
    throw new MdxError("MDX_ARGUMENT", { id: "tupleRangeDimensions" }, c.at);
  if (a.some(isCalc) || b.some(isCalc)) return EMPTY_SET;
  const peers = (a as Member[]).map((m) => peersOf(m));
  const ia = (a as Member[]).map((m, k) => (peers[k] as Member[]).indexOf(m.stored));
  const ib = (b as Member[]).map((m, k) => (peers[k] as Member[]).indexOf(m.stored));
  if (ib.some((i) => i < 0)) return EMPTY_SET;
  // Mixed radix: position = Σ index × product of the later dimensions' sizes.
  const sizes = peers.map((p) => p.length);
  const pos = (idx: number[]): number => idx.reduce((n, i, k) => n * (sizes[k] as number) + i, 0);
  const from = pos(ia);
  const to = pos(ib);
  if (to < from) return EMPTY_SET;
  c.ev.charge(to - from + 1, c.at);
  const out: MdxMember[][] = [];
  for (let p = from; p <= to; p++) {
    const t: Member[] = [];
    let rest = p;
    for (let k = sizes.length - 1; k >= 0; k--) {
      const size = sizes[k] as number;
      t.unshift((peers[k] as Member[])[rest % size] as Member);
      rest = Math.floor(rest / size);
    }
    out.push(t);
  }
  return { t: "set", tuples: out };
}

function parallelPeriod(c: Call): Val {
  const layer = leadingLayer(c);
  const index = c.args.length > 1 && c.arg(1).kind !== "empty" ? signedIntegerArg(c, 1) : 1;
  const m = memberOrCurrent(c, 2, layer?.dimension);
  const lay = layer ?? layerOrParent(c, 99, m);
  if (!lay) return EMPTY_SET;
  const a1 = ancestorOn(m, lay);
  if (!a1) return EMPTY_SET;
  const a2 = shift(c.ev, a1, -index, "generation");
  return memberOrEmpty(a2 ? cousin(m, a2) : null);
}

function periodsToDateFn(c: Call): Val {
  const layer = leadingLayer(c);
  const m = memberOrCurrent(c, 1, layer?.dimension);
  const lay =
    layer ??
    (c.ev.dialect === "ssas"
      ? layerOrParent(c, 99, m)
      : { by: "generation" as const, dimension: m.dimension, n: 1 });
  return setOf(periodsToDate(m, lay));
}

/** OpeningPeriod / ClosingPeriod: the first or last descendant of a member on a layer (its children by default). */
function openingClosing(c: Call, last: boolean): Val {
  const layer = leadingLayer(c);
  const m = memberOrCurrent(c, 1, layer?.dimension);
  const under = [m, ...m.descendants()].filter((x) => !x.isShared);
  // Without a layer: the member's children (Oracle: ClosingPeriod() is the last child of the time member).
  const on = layer ? under.filter((x) => onLayer(x, layer)) : m.children.filter((x) => !x.isShared);
  return memberOrEmpty(last ? on[on.length - 1] : on[0]);
}

function lastPeriods(c: Call): Val {
  const n = signedIntegerArg(c, 0);
  const m = memberOrCurrent(c, 1);
  if (n === 0) return EMPTY_SET;
  c.ev.charge(m.dimension.members.length, c.at);
  const peers = peersOf(m);
  const i = peers.indexOf(m.stored);
  if (i < 0) return EMPTY_SET;
  return setOf(n > 0 ? peers.slice(Math.max(0, i - n + 1), i + 1) : peers.slice(i, i - n));
}

/** The period each to-date function runs over, as its description names it. */
const XTD_PERIODS: Readonly<Record<string, string>> = {
  HTD: "History",
  YTD: "Year",
  STD: "Season",
  PTD: "Period",
  QTD: "Quarter",
  MTD: "Month",
  WTD: "Week",
  DTD: "Days",
};

function xtd(op: string): MdxFunction {
  return fn(op, 0, 1, (c) => {
    const time = timeDimension(c);
    const m = memberOrCurrent(c, 0, time);
    if (m.dimension !== time)
      throw new MdxError(
        "MDX_ARGUMENT",
        { id: "needsMemberOf", name: c.at.text, dimension: time.name },
        c.at,
      );
    return setOf(periodsToDate(m, xtdLayer(c, op, time)));
  }).described({
    group: "Set",
    parameters: `[${M}]`,
    description: `${XTD_PERIODS[op]} to date, at the Dynamic Time Series ${op[0]}-T-D generation.`,
    example: `${op}([May])`,
  });
}

/** Hierarchy and time: ancestors, cousins, neighbours, ranges, drills, parallel periods, periods to date. */
export const HIERARCHY_FUNCTIONS: readonly MdxFunction[] = [
  fn("ANCESTORS", 2, 2, ancestors).described({
    group: "Set",
    parameters: `${M}, ${L} | ${q("Distance")}`,
    description: "A member's ancestors up to a level, a generation or a distance.",
    example: "Ancestors([New York], [Market].Levels(2))",
  }),
  fn("ASCENDANTS", 1, 1, (c) => {
    const m = c.memberArg(0);
    if (isCalc(m)) return setOf(m.parent ? [m, m.parent, ...m.parent.ancestors()] : [m]);
    return setOf([m, ...m.ancestors()]);
  }).described({
    group: "Set",
    parameters: M,
    description: "A member and all its ancestors, the member first.",
    example: "Ascendants([New York])",
  }),
  fn("COUSIN", 2, 2, (c) => memberOrEmpty(cousin(outline(c, 0), outline(c, 1)))).described({
    group: "Navigation",
    parameters: `${M}, ${q("Ancestor Member")}`,
    description: "The member under another ancestor at the same place as a member under its own.",
    example: "{Cousin([Apr], [Qtr4])}",
  }),
  fn("NEXTMEMBER", 1, 2, (c) => memberOrEmpty(shift(c.ev, c.memberArg(0), 1, layerType(c, 1)))).described({
    group: "Navigation",
    parameters: `${M}[, LEVEL]`,
    description: "The next member on a member's generation.",
    example: "{NextMember([Jan])}",
  }),
  fn("PREVMEMBER", 1, 2, (c) => memberOrEmpty(shift(c.ev, c.memberArg(0), -1, layerType(c, 1)))).described({
    group: "Navigation",
    parameters: `${M}[, LEVEL]`,
    description: "The previous member on a member's generation.",
    example: "{PrevMember([Feb])}",
  }),
  fn("LAG", 2, 3, (c) => lagLead(c, -1)).described({
    group: "Navigation",
    parameters: `${M}, ${q("Index")}[, LEVEL]`,
    description: "The member a number of places before a member on its generation.",
    example: "{Lag([Jun], 3)}",
  }),
  fn("LEAD", 2, 3, (c) => lagLead(c, 1)).described({
    group: "Navigation",
    parameters: `${M}, ${q("Index")}[, LEVEL]`,
    description: "The member a number of places after a member on its generation.",
    example: "{Lead([Jan], 11)}",
  }),
  fn("FIRSTSIBLING", 1, 1, (c) => {
    const m = outline(c, 0);
    return memberOrEmpty(m.parent ? m.parent.children[0] : m);
  }).described({
    group: "Navigation",
    parameters: M,
    description: "The first child of a member's parent.",
    example: "{FirstSibling([West])}",
  }),
  fn("LASTSIBLING", 1, 1, (c) => {
    const m = outline(c, 0);
    return memberOrEmpty(m.parent ? m.parent.children[m.parent.children.length - 1] : m);
  }).described({
    group: "Navigation",
    parameters: M,
    description: "The last child of a member's parent.",
    example: "{LastSibling([West])}",
  }),
  fn("LEAVES", 0, 1, (c) => {
    const m = c.args.length > 0 ? outline(c, 0) : (c.ev.outline.baseDimensions[0] as Dimension).root;
    // The level-0 members that contribute to the member: stored ones, #Missing left out (Oracle's reading).
    const all = [m, ...m.descendants()];
    c.ev.charge(all.length, c.at);
    return setOf(
      all.filter(
        (x) => x.isLeaf && !x.isShared && !Number.isNaN(c.ev.cellValue(c.ev.override(c.ctx, [x]), c.depth)),
      ),
    );
  }).described({
    group: "Set",
    parameters: `[${M}]`,
    description: "The level-0 members under a member.",
    example: "Leaves([East])",
  }),
  fn("MEMBERRANGE", 2, 4, memberRange).described({
    group: "Set",
    parameters: `${M}, ${M}[, LEVEL]`,
    description: "The members of one generation (or level) between two.",
    example: "MemberRange([Qtr1], [Qtr3])",
  }),
  fn("RELMEMBERRANGE", 3, 5, relMemberRange).described({
    group: "Set",
    parameters: `${M}, ${N}, ${N}[, LEVEL]`,
    description: "The members a number of places before and after a member on its generation.",
    example: "RelMemberRange([Apr], 1, 1)",
  }),
  fn("TUPLERANGE", 2, 2, tupleRange).described({
    group: "Set",
    parameters: `${q("Tuple")}, ${q("Tuple")}`,
    description: "The tuples between two, in outline order.",
    example: "TupleRange(([Actual], [Nov]), ([Budget], [Feb]))",
  }),
  fn("DRILLDOWNMEMBER", 2, 5, drilldownMember).described({
    group: "Set",
    parameters: `${S}, ${S}[, RECURSIVE]`,
    description: "A set with the children of its members found in a second set after each.",
    example: "DrilldownMember({[Market]}, {[Market]})",
  }),
  fn("DRILLUPMEMBER", 2, 3, drillupMember).described({
    group: "Set",
    parameters: `${S}, ${S}`,
    description: "A set without the descendants of its members found in a second set.",
    example: "DrillupMember({[East], [New York]}, {[East]})",
  }),
  fn("DRILLDOWNBYLAYER", 1, 2, drilldownByLayer).described({
    group: "Set",
    parameters: `${S}[, ${L} | ${q("Index")}]`,
    description: "A set with the children of its members on a layer (the deepest by default) after each.",
    example: "DrilldownByLayer({[Qtr1], [Qtr2]})",
  }),
  fn("DRILLDOWNLEVEL", 1, 4, drilldownByLayer).described({
    group: "Set",
    parameters: `${S}[, ${L} | ${q("Index")}]`,
    description: "DrilldownByLayer under Microsoft's name.",
    example: "DrilldownLevel({[Qtr1], [Qtr2]})",
  }),
  fn("DRILLUPBYLAYER", 1, 2, drillupByLayer).described({
    group: "Set",
    parameters: `${S}[, ${L}]`,
    description: "A set without its members below a layer (the deepest by default).",
    example: "DrillupByLayer({[Market], [East], [New York]})",
  }),
  fn("DRILLUPLEVEL", 1, 2, drillupByLayer).described({
    group: "Set",
    parameters: `${S}[, ${L}]`,
    description: "DrillupByLayer under its synonym.",
    example: "DrillupLevel({[Market], [East], [New York]})",
  }),
  fn("PARALLELPERIOD", 0, 4, parallelPeriod).described({
    group: "Navigation",
    parameters: `[${L}[, ${q("Index")}[, ${M}]]]`,
    description: "The member at the same place in an earlier period of a layer.",
    example: "{ParallelPeriod([Year].Generations(2), 1, [May])}",
  }),
  fn("PERIODSTODATE", 0, 3, periodsToDateFn).described({
    group: "Set",
    parameters: `[${L}[, ${M}]]`,
    description: "The periods from the start of a layer's period to a member.",
    example: "PeriodsToDate([Year].Generations(2), [May])",
  }),
  fn("OPENINGPERIOD", 0, 3, (c) => openingClosing(c, false)).described({
    group: "Navigation",
    parameters: `[${L}[, ${M}]]`,
    description: "The first descendant of a member on a level (its first child by default).",
    example: "{OpeningPeriod(, [Qtr1])}",
  }),
  fn("CLOSINGPERIOD", 0, 3, (c) => openingClosing(c, true)).described({
    group: "Navigation",
    parameters: `[${L}[, ${M}]]`,
    description: "The last descendant of a member on a level (its last child by default).",
    example: "{ClosingPeriod(, [Qtr1])}",
  }),
  fn("LASTPERIODS", 1, 3, lastPeriods).described({
    group: "Set",
    parameters: `${q("Index")}[, ${M}]`,
    description: "The periods ending (or, negative, starting) at a member.",
    example: "LastPeriods(3, [Apr])",
  }),
  ...XTD.map(xtd),
  fn("DIMENSION", 1, 1, (c) => {
    const v = c.val(0);
    if (v.t === "layer") return { t: "member", m: v.layer.dimension.root };
    return { t: "member", m: c.ev.toMember(v, startOf(c.arg(0))).dimension.root };
  }).described({
    group: "Metadata",
    parameters: M,
    description: "The dimension of a member or level.",
    example: "{Dimension([East])}",
  }),
  fn("DEFAULTMEMBER", 1, 1, (c) => ({ t: "member", m: c.memberArg(0).dimension.root })).described({
    group: "Navigation",
    parameters: M,
    description: "The default member of a dimension (its top).",
    example: "{DefaultMember([Market])}",
  }),
  fn("GENERATION", 1, 1, (c) => layerOfMember(outline(c, 0), "generation", c.ev.dialect)).described({
    group: "Metadata",
    parameters: M,
    description: "The generation of a member.",
    example: "Generation([East]).Members",
  }),
  fn("LEVEL", 1, 1, (c) => layerOfMember(outline(c, 0), "level", c.ev.dialect)).described({
    group: "Metadata",
    parameters: M,
    description: "The level of a member.",
    example: "Level([Jan]).Members",
  }),
  asMethodWithArgs("GENERATIONS", 2, 2),
  asMethodWithArgs("LEVELS", 2, 2),
  asMethodWithArgs("CURRENTMEMBER", 1, 1),
  fn("ORDINAL", 1, 1, (c) => {
    const v = c.val(0);
    if (v.t !== "layer") throw new MdxError("MDX_ARGUMENT", { id: "ordinalNeedsLayer" }, startOf(c.arg(0)));
    // SSAS numbers levels from the root (0 = the top), as its level numbers.
    return { t: "num", v: ordinalOf(v.layer, c.ev.dialect) };
  }).described({
    group: "Metadata",
    parameters: L,
    description: "The number of a level or generation.",
    example: holds("Ordinal([Year].Generations(2)) = 2"),
  }),
  fn("LINKMEMBER", 2, 2, (c) => {
    // The instance of a member (its stored one or a shared one) under another hierarchy of its dimension.
    const m = outline(c, 0);
    const h = outline(c, 1);
    if (h.dimension !== m.dimension) return EMPTY_SET;
    const all = [h, ...h.descendants()];
    c.ev.charge(all.length, c.at);
    return memberOrEmpty(all.find((x) => x.stored === m.stored));
  }).described({
    group: "Navigation",
    parameters: `${M}, ${M}`,
    description: "The instance of a member (stored or shared) under another member of its dimension.",
    example: "{LinkMember([100-20], [Diet])}",
  }),
  fn("ISANCESTOR", 2, 3, (c) => {
    const a = c.memberArg(0);
    const m = c.memberArg(1);
    const self = keywordArg(c, 2) === "INCLUDEMEMBER" && a === m;
    return bool(self || (!isCalc(a) && !isCalc(m) && m.isDescendantOf(a)));
  }).described({
    group: "Logical",
    parameters: `${M}, ${M}[, INCLUDEMEMBER]`,
    description: "Whether a member is an ancestor of another.",
    example: holds("IsAncestor([Market], [East])"),
  }),
  fn("ISCHILD", 2, 3, (c) => {
    const m = c.memberArg(0);
    const p = c.memberArg(1);
    const self = keywordArg(c, 2) === "INCLUDEMEMBER" && m === p;
    return bool(self || (!isCalc(m) && !isCalc(p) && m.parent === p));
  }).described({
    group: "Logical",
    parameters: `${M}, ${M}[, INCLUDEMEMBER]`,
    description: "Whether a member is a child of another.",
    example: holds("IsChild([East], [Market])"),
  }),
  fn("ISSIBLING", 2, 3, (c) => {
    const a = c.memberArg(0);
    const b = c.memberArg(1);
    if (a === b) return bool(keywordArg(c, 2) === "INCLUDEMEMBER");
    return bool(!isCalc(a) && !isCalc(b) && a.parent !== null && a.parent === b.parent);
  }).described({
    group: "Logical",
    parameters: `${M}, ${M}[, INCLUDEMEMBER]`,
    description: "Whether two members have the same parent.",
    example: holds("IsSibling([East], [West])"),
  }),
  fn("ISGENERATION", 2, 2, (c) => {
    const m = c.memberArg(0);
    return bool(!isCalc(m) && m.generation === signedIntegerArg(c, 1));
  }).described({
    group: "Logical",
    parameters: `${M}, ${N}`,
    description: "Whether a member is on a generation.",
    example: holds("IsGeneration([East], 2)"),
  }),
  fn("ISLEVEL", 2, 2, (c) => {
    const m = c.memberArg(0);
    const n = signedIntegerArg(c, 1);
    if (isCalc(m)) return bool(n === 0);
    return bool(levelNumberOf(m, c.ev.dialect) === n);
  }).described({
    group: "Logical",
    parameters: `${M}, ${N}`,
    description: "Whether a member is on a level.",
    example: holds("IsLevel([East], 1)"),
  }),
  fn("ISACCTYPE", 2, 2, (c) => {
    const m = c.memberArg(0);
    const tag = keywordArg(c, 1);
    if (isCalc(m)) return bool(false);
    const s = m.stored;
    switch (tag) {
      case "FIRST":
        return bool(s.timeBalance === "first");
      case "LAST":
        return bool(s.timeBalance === "last");
      case "AVERAGE":
        return bool(s.timeBalance === "average");
      case "EXPENSE":
        return bool(s.expense);
      case "TWOPASS":
        return bool(s.twoPass);
      default:
        throw new MdxError("MDX_ARGUMENT", { id: "isAccTypeKeyword" }, startOf(c.arg(1)));
    }
  }).described({
    group: "Logical",
    parameters: `${M}, ${q("Account Tag")}`,
    description: "Whether an account is tagged FIRST, LAST, AVERAGE, EXPENSE or TWOPASS.",
    example: holds("IsAccType([COGS], EXPENSE)"),
  }),
  fn("IS", 2, 2, (c) => {
    const a = c.memberArg(0);
    const b = c.memberArg(1);
    return bool(a === b);
  }).described({
    group: "Logical",
    parameters: `${M}, ${M}`,
    description: "Whether two members are the same.",
    example: holds("Is([East], [East])"),
  }),
  fn("CONTAINS", 2, 2, (c) => {
    const t = c.setArg(0)[0] ?? [];
    const s = c.setArg(1);
    return bool(s.some((x) => x.length === t.length && x.every((m, i) => m === t[i])));
  }).described({
    group: "Logical",
    parameters: `${q("Tuple")}, ${S}`,
    description: "Whether a set holds a member or tuple.",
    example: holds("Contains([East], [Market].Children)"),
  }),
  fn("CURRENTTUPLE", 1, 1, (c) => currentTuple(c.setArg(0), c)).described({
    group: "Navigation",
    parameters: S,
    description: "The tuple of a set being iterated over.",
    example: 'Filter([Market].Children, CurrentTuple([Market].Children).Name = "East")',
  }),
  fn("ITEM", 2, ANY, (c) => itemOf(c.val(0), signedIntegerArg(c, 1), c)).described({
    group: "Navigation",
    parameters: `${S} | ${q("Tuple")}, ${q("Index")}`,
    description: "The tuple of a set, or the member of a tuple, at a position (from 0).",
    example: "{Item([Market].Children, 1)}",
  }),
];

/** The tuple of a set's dimensions in the current context (what Filter or Generate is iterating over). */
export function currentTuple(tuples: MdxMember[][], c: { ctx: Call["ctx"] }): Val {
  const first = tuples[0];
  if (!first) return EMPTY_SET;
  const ms = first.map((m) => currentOf(c.ctx, m.dimension));
  return ms.length === 1 ? { t: "member", m: ms[0] as MdxMember } : { t: "tuple", ms };
}

/** Item(tuple, n): the member at `n`; Item(set, n): the tuple at `n`; out of range: empty. */
export function itemOf(v: Val, n: number, c: Pick<Call, "ev" | "at">): Val {
  if (v.t === "tuple") return memberOrEmpty(v.ms[n]);
  if (v.t === "member") return memberOrEmpty(n === 0 ? v.m : null);
  const tuples = c.ev.toSet(v, c.at);
  const t = tuples[n];
  if (!t) return EMPTY_SET;
  return t.length === 1 ? { t: "member", m: t[0] as MdxMember } : { t: "tuple", ms: t };
}

/** The layer members of a dimension, for a host: re-exported so the method table and the functions agree. */
export { layerMembers };
