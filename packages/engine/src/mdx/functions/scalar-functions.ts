import { combine, OP_PLUS, tbCode, timeBalance } from "../../cube/arithmetic.ts";
import { type LinearMatcher, linearRegExp } from "../../linear-match.ts";
import { startOf } from "../ast.ts";
import { MdxError } from "../errors.ts";
import { flatOrder } from "../sets.ts";
import { isCalc, type MdxMember, type Val } from "../values.ts";
import { type Call, type DescribableFunction, fn, type MdxFunction } from "./call.ts";
import { D, holds, M, N, q, S, STR } from "./description.ts";
import {
  bool,
  currentOf,
  joinText,
  keywordArg,
  num,
  numberArg,
  signedIntegerArg,
  str,
  textArg,
  textOf,
  timeDimension,
  valueAt,
} from "./helpers.ts";
import { dtsGeneration, periodsToDate, XTD } from "./hierarchy-functions.ts";

const ANY = Number.POSITIVE_INFINITY;
const NaN_ = Number.NaN;

/** A function of numbers: #Missing in, #Missing out. */
const math = (name: string, min: number, max: number, f: (...xs: number[]) => number): DescribableFunction =>
  fn(name, min, max, (c) => {
    const xs = c.args.map((_, i) => numberArg(c, i));
    if (xs.some((x) => Number.isNaN(x))) return num(NaN_);
    const v = f(...xs);
    return num(Number.isFinite(v) ? v : NaN_);
  });

/** The numbers of a value expression over a set, #Missing left out (or as 0 with INCLUDEEMPTY). */
function numbersOver(c: Call, exprAt: number, flagAt: number): number[] {
  const include = keywordArg(c, flagAt) === "INCLUDEEMPTY";
  const out: number[] = [];
  for (const t of c.setArg(0)) {
    const v = valueAt(c, t, exprAt);
    if (typeof v !== "number") continue;
    if (Number.isNaN(v)) {
      if (include) out.push(0);
    } else out.push(v);
  }
  return out;
}

function variance(xs: number[], sample: boolean): number {
  const n = xs.length;
  if (n === 0 || (sample && n < 2)) return NaN_;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const ss = xs.reduce((a, b) => a + (b - mean) ** 2, 0);
  return ss / (sample ? n - 1 : n);
}

/** The value at a percentile (0–100) of the numbers, sorted ascending: the smallest one at or above that share. */
export function percentileOf(xs: number[], p: number): number {
  if (xs.length === 0) return NaN_;
  const sorted = [...xs].sort((a, b) => a - b);
  const k = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[k] as number;
}

const stat = (name: string, sample: boolean, root: boolean): DescribableFunction =>
  fn(name, 1, 3, (c) => {
    const v = variance(numbersOver(c, 1, 2), sample);
    return num(root ? Math.sqrt(v) : v);
  });

/** Rank(tuple, set [, value [, ORDINALRANK | DENSERANK | PERCENTRANK]]): 1-based; 0 when the tuple is not in the set. */
function rank(c: Call): Val {
  const t = c.setArg(0)[0] ?? [];
  const tuples = c.setArg(1);
  const same = (x: readonly MdxMember[]): boolean => x.length === t.length && x.every((m, i) => m === t[i]);
  const at = tuples.findIndex(same);
  if (at < 0) return num(0);
  if (c.args.length < 3) return num(at + 1);
  const keys = tuples.map((x) => valueAt(c, x, 2));
  const order = flatOrder(tuples, keys, true);
  const mode = keywordArg(c, 3);
  const pos = order.findIndex(same);
  if (mode === "ORDINALRANK") return num(pos + 1);
  const key = (x: readonly MdxMember[]) => keys[tuples.indexOf(x as MdxMember[])] as number | string;
  const mine = key(order[pos] as MdxMember[]);
  const eq = (a: number | string, b: number | string) =>
    (typeof a === "number" && typeof b === "number" && Number.isNaN(a) && Number.isNaN(b)) || a === b;
  if (mode === "DENSERANK") {
    const distinctAbove = new Set<string>();
    for (const x of order.slice(0, pos)) {
      const k = key(x);
      if (!eq(k, mine)) distinctAbove.add(String(k));
    }
    return num(distinctAbove.size + 1);
  }
  // Ties share the rank of the first of them.
  let first = pos;
  while (first > 0 && eq(key(order[first - 1] as MdxMember[]), mine)) first--;
  if (mode === "PERCENTRANK") {
    // Oracle: the share of the set's total held by the tuple and those below it (the highest is 1).
    const nums = keys.map((k) => (typeof k === "number" && !Number.isNaN(k) ? k : 0));
    const total = nums.reduce((a, b) => a + b, 0);
    const below = order.slice(pos).reduce((a, x) => a + (nums[tuples.indexOf(x)] as number), 0);
    return num(total === 0 ? Number.NaN : below / total);
  }
  return num(first + 1);
}

/** Aggregate(set [, accounts member]): the members' values the way the account consolidates over time. */
function aggregate(c: Call): Val {
  const tuples = c.setArg(0);
  const accounts = c.ev.outline.dimensions.find((d) => d.type === "accounts");
  const acct: MdxMember | undefined =
    c.args.length > 1 ? c.memberArg(1) : accounts ? currentOf(c.ctx, accounts) : undefined;
  const over = c.args.length > 1 && acct ? tuples.map((t) => [...t, acct]) : tuples;
  const vals = over.map((t) => valueAt(c, t, 99)).filter((v): v is number => typeof v === "number");
  const time = c.ev.outline.dimensions.find((d) => d.type === "time");
  const overTime = time !== undefined && tuples.every((t) => t.length === 1 && t[0]?.dimension === time);
  if (acct && !isCalc(acct) && overTime && acct.stored.timeBalance !== "none")
    return num(timeBalance(vals, tbCode(acct.stored.timeBalance), acct.stored.timeBalanceSkip));
  return num(vals.reduce((a, b) => combine(a, b, OP_PLUS), NaN_));
}

/** DTS(QTD, member): the Dynamic Time Series value, as a `Q-T-D(member)` cell would read. */
function dts(c: Call): Val {
  const op = keywordArg(c, 0);
  const time = timeDimension(c);
  const m = c.outlineMemberArg(1);
  const k = op?.replaceAll("-", "");
  if (!k || !XTD.includes(k))
    throw new MdxError(
      "MDX_ARGUMENT",
      { id: "dtsKeyword", allowed: XTD, found: startOf(c.arg(0)).text },
      startOf(c.arg(0)),
    );
  const g = dtsGeneration(time, k);
  if (g === undefined)
    throw new MdxError("MDX_ARGUMENT", { id: "dtsNotEnabled", period: `${k[0]}` }, startOf(c.arg(0)));
  const direct = c.ev.readToDate(c.ctx, `${k[0]}-T-D`, m);
  if (direct !== undefined) return num(direct);
  const periods = periodsToDate(m, { by: "generation", dimension: time, n: g });
  const vals = periods.map((p) => valueAt(c, [p], 99)).filter((v): v is number => typeof v === "number");
  return num(vals.reduce((a, b) => combine(a, b, OP_PLUS), NaN_));
}

// ------------------------------------------------------------------------------------------------ dates

/** Essbase MDX dates are numbers: seconds since midnight, January 1, 1970 (UTC). */
const DAY = 86_400;
const toDate = (n: number): Date => new Date(n * 1000);
const fromDate = (d: Date): number => Math.floor(d.getTime() / 1000);

const PARTS = ["DP_YEAR", "DP_QUARTER", "DP_MONTH", "DP_WEEK", "DP_DAY", "DP_DAYOFYEAR", "DP_WEEKDAY"];

function datePartArg(c: Call, i: number): string {
  const k = keywordArg(c, i);
  const p = k && !k.startsWith("DP_") ? `DP_${k}` : k;
  if (!p || !PARTS.includes(p))
    throw new MdxError("MDX_ARGUMENT", { id: "expectedOneOf", allowed: PARTS }, startOf(c.arg(i)));
  return p;
}

function datePart(d: Date, part: string): number {
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((d.getTime() - start) / 86_400_000) + 1;
  switch (part) {
    case "DP_YEAR":
      return d.getUTCFullYear();
    case "DP_QUARTER":
      return Math.floor(d.getUTCMonth() / 3) + 1;
    case "DP_MONTH":
      return d.getUTCMonth() + 1;
    case "DP_WEEK":
      return Math.floor((dayOfYear - 1 + new Date(start).getUTCDay()) / 7) + 1;
    case "DP_DAY":
      return d.getUTCDate();
    case "DP_DAYOFYEAR":
      return dayOfYear;
    default:
      return d.getUTCDay() + 1;
  }
}

function roll(d: Date, part: string, n: number): Date {
  const x = new Date(d.getTime());
  switch (part) {
    case "DP_YEAR":
      x.setUTCFullYear(x.getUTCFullYear() + n);
      return x;
    case "DP_QUARTER":
      x.setUTCMonth(x.getUTCMonth() + 3 * n);
      return x;
    case "DP_MONTH":
      x.setUTCMonth(x.getUTCMonth() + n);
      return x;
    case "DP_WEEK":
      return new Date(x.getTime() + 7 * n * 86_400_000);
    default:
      return new Date(x.getTime() + n * 86_400_000);
  }
}

/** The first day of the period (year, quarter, month, week, day) holding the date. */
function firstDay(d: Date, part: string): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (part) {
    case "DP_YEAR":
      return new Date(Date.UTC(y, 0, 1));
    case "DP_QUARTER":
      return new Date(Date.UTC(y, m - (m % 3), 1));
    case "DP_MONTH":
      return new Date(Date.UTC(y, m, 1));
    case "DP_WEEK":
      return new Date(Date.UTC(y, m, d.getUTCDate() - d.getUTCDay()));
    default:
      return new Date(Date.UTC(y, m, d.getUTCDate()));
  }
}

function lastDay(d: Date, part: string): Date {
  const next = roll(firstDay(d, part), part === "DP_DAYOFYEAR" || part === "DP_WEEKDAY" ? "DP_DAY" : part, 1);
  return new Date(next.getTime() - 86_400_000);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** FormatDate: `yyyy`, `yy`, `mm`, `dd`, `month`, `mon`, `weekday`, `wkd` in the format, the rest as written. */
export function formatDate(n: number, format: string): string {
  const d = toDate(n);
  const two = (x: number) => String(x).padStart(2, "0");
  const tokens: [RegExp, () => string][] = [
    [/^yyyy/i, () => String(d.getUTCFullYear())],
    [/^yy/i, () => two(d.getUTCFullYear() % 100)],
    [/^month/i, () => MONTHS[d.getUTCMonth()] as string],
    [/^mon/i, () => (MONTHS[d.getUTCMonth()] as string).slice(0, 3)],
    [/^mm/i, () => two(d.getUTCMonth() + 1)],
    [/^weekday/i, () => DAYS[d.getUTCDay()] as string],
    [/^wkd/i, () => (DAYS[d.getUTCDay()] as string).slice(0, 3)],
    [/^dd/i, () => two(d.getUTCDate())],
  ];
  let out = "";
  let rest = format;
  outer: while (rest.length > 0) {
    for (const [re, f] of tokens) {
      const m = re.exec(rest);
      if (m) {
        out += f();
        rest = rest.slice(m[0].length);
        continue outer;
      }
    }
    out += rest[0];
    rest = rest.slice(1);
  }
  return out;
}

/** Todate(format, date string): the date a string names, read by a format of `mm`, `dd`, `yyyy` and separators. */
export function parseDate(format: string, value: string): number {
  const f = format.toLowerCase();
  const fields = f.match(/yyyy|yy|mm|dd|month|mon/g) ?? [];
  const parts = value
    .trim()
    .split(/[^0-9A-Za-z]+/)
    .filter((x) => x !== "");
  let y = 1970;
  let mo = 1;
  let d = 1;
  fields.forEach((field, i) => {
    const p = parts[i] ?? "";
    if (field === "yyyy") y = Number(p);
    // Two-digit years: 1970 to 2029, as Essbase reads them.
    else if (field === "yy") y = Number(p) + (Number(p) < 70 ? 2000 : 1900);
    else if (field === "dd") d = Number(p);
    else if (field === "mm") mo = Number(p);
    else mo = MONTHS.findIndex((x) => x.toLowerCase().startsWith(p.toLowerCase().slice(0, 3))) + 1;
  });
  if (
    !Number.isFinite(y) ||
    !Number.isFinite(mo) ||
    !Number.isFinite(d) ||
    mo < 1 ||
    mo > 12 ||
    d < 1 ||
    d > 31
  )
    return NaN_;
  return Date.UTC(y, mo - 1, d) / 1000;
}

/** Todate's two arguments in either order: the one with letters (`mm-dd-yyyy`) is the format. */
function todate(c: Call): Val {
  const a = textArg(c, 0);
  const b = textArg(c, 1);
  const aIsFormat = /[a-z]/i.test(a) && !/^\d/.test(a);
  return num(aIsFormat ? parseDate(a, b) : parseDate(b, a));
}

// --------------------------------------------------------------------------------------------- strings

/** Substring(string, begin [, end]): 1-based, `end` included, to the end of the string when left out. */
function substring(c: Call): Val {
  const s = textArg(c, 0);
  const begin = Math.max(1, signedIntegerArg(c, 1));
  const end = c.args.length > 2 ? signedIntegerArg(c, 2) : s.length;
  return str(end < begin ? "" : s.slice(begin - 1, end));
}

/** InStr([start,] string, search): the 1-based position of `search` in `string`, 0 when absent. */
function inStr(c: Call): Val {
  const first = c.val(0);
  const hasStart = first.t === "num" && c.args.length >= 3;
  const start = hasStart ? Math.max(1, Math.trunc(first.v)) : 1;
  // The first argument is the string itself unless it is the start: it is not evaluated a second time.
  const s = hasStart ? textArg(c, 1) : textOf(c, first, 0);
  const search = textArg(c, hasStart ? 2 : 1);
  return num(s.indexOf(search, start - 1) + 1);
}

/**
 * The current cell as the outline has it: a calculated member of the context (the one whose formula is being
 * computed) stands at its parent, so that `CellValue()` in a calculated member reads the cell it decorates.
 */
function outlineContext(c: Call): Call["ctx"] {
  const ctx = new Map(c.ctx);
  for (const [d, m] of ctx) if (isCalc(m)) ctx.set(d, m.parent ?? d.root);
  return ctx;
}

/** Numbers, strings, dates, statistics, ranks, aggregation and the value of cells. */
export const SCALAR_FUNCTIONS: readonly MdxFunction[] = [
  math("ABS", 1, 1, Math.abs).described({
    group: "Value",
    parameters: N,
    description: "The absolute value of a number.",
    example: holds("Abs(-2) = 2"),
  }),
  math("ROUND", 1, 2, (x, d = 0) => {
    const f = 10 ** Math.trunc(d);
    return Math.sign(x) * (Math.round(Math.abs(x) * f) / f);
  }).described({
    group: "Value",
    parameters: `${N}[, ${N}]`,
    description: "A number rounded to a number of decimals.",
    example: holds("Round(2.5) = 3"),
  }),
  math("TRUNCATE", 1, 2, (x, d = 0) => {
    const f = 10 ** Math.trunc(d);
    return Math.trunc(x * f) / f;
  }).described({
    group: "Value",
    parameters: `${N}[, ${N}]`,
    description: "A number cut to a number of decimals.",
    example: holds("Truncate(2.7) = 2"),
  }),
  math("INT", 1, 1, Math.floor).described({
    group: "Value",
    parameters: N,
    description: "A number rounded down to a whole number.",
    example: holds("Int(2.5) = 2"),
  }),
  math("POWER", 2, 2, (x, p) => x ** p).described({
    group: "Value",
    parameters: `${N}, ${N}`,
    description: "A number raised to a power.",
    example: holds("Power(2, 3) = 8"),
  }),
  math("EXP", 1, 1, Math.exp).described({
    group: "Value",
    parameters: N,
    description: "The number e raised to a power.",
    example: holds("Exp(0) = 1"),
  }),
  math("LN", 1, 1, (x) => (x > 0 ? Math.log(x) : NaN_)).described({
    group: "Value",
    parameters: N,
    description: "The natural logarithm of a number.",
    example: holds("Ln(1) = 0"),
  }),
  math("LOG", 1, 2, (x, b = 10) => (x > 0 && b > 0 && b !== 1 ? Math.log(x) / Math.log(b) : NaN_)).described({
    group: "Value",
    parameters: `${N}[, ${q("Base")}]`,
    description: "The logarithm of a number (base 10 by default).",
    example: holds("Log(8, 2) = 3"),
  }),
  math("LOG10", 1, 1, (x) => (x > 0 ? Math.log10(x) : NaN_)).described({
    group: "Value",
    parameters: N,
    description: "The base-10 logarithm of a number.",
    example: holds("Log10(100) = 2"),
  }),
  math("MOD", 2, 2, (x, y) => (y === 0 ? NaN_ : x % y)).described({
    group: "Value",
    parameters: `${N}, ${N}`,
    description: "The remainder of a division.",
    example: holds("Mod(7, 3) = 1"),
  }),
  math("REMAINDER", 1, 1, (x) => x - Math.trunc(x)).described({
    group: "Value",
    parameters: N,
    description: "The fractional part of a number.",
    example: holds("Remainder(2.5) = 0.5"),
  }),
  math("FACTORIAL", 1, 1, (x) => {
    if (x < 0 || !Number.isInteger(x) || x > 170) return NaN_;
    let f = 1;
    for (let i = 2; i <= x; i++) f *= i;
    return f;
  }).described({
    group: "Value",
    parameters: N,
    description: "The factorial of a whole number.",
    example: holds("Factorial(4) = 24"),
  }),
  fn("COALESCEEMPTY", 2, ANY, (c) => {
    for (let i = 0; i < c.args.length; i++) {
      const v = c.val(i);
      if (v.t === "str") return v;
      const n = c.ev.toNumber(v, startOf(c.arg(i)), c.ctx, c.depth);
      if (!Number.isNaN(n)) return num(n);
    }
    return num(NaN_);
  }).described({
    group: "Value",
    parameters: `${q("Value Expression")}, ${q("Value Expression")}[, …]`,
    description: "The first of its values that is not empty.",
    example: holds("CoalesceEmpty([Sales], 0) > 0"),
  }),
  fn("AGGREGATE", 1, 2, aggregate).described({
    group: "Statistical",
    parameters: `${S}[, ${M}]`,
    description: "The values of a set consolidated as the account consolidates them over time.",
    example: holds("Aggregate({[Jan], [Feb]}, [Sales]) > 0"),
  }),
  fn("RANK", 2, 4, rank).described({
    group: "Statistical",
    parameters: `${q("Tuple")}, ${S}[, ${N}]`,
    description: "The position of a tuple in a set, or its rank by value.",
    example: holds("Rank([East], [Market].Children) = 1"),
  }),
  fn("MEDIAN", 1, 2, (c) => num(percentileOf(numbersOver(c, 1, 99), 50))).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "The middle value of a numeric expression over a set.",
    example: holds("Median([Market].Children, [Sales]) > 0"),
  }),
  fn("PERCENTILE", 3, 3, (c) => num(percentileOf(numbersOver(c, 1, 99), numberArg(c, 2)))).described({
    group: "Statistical",
    parameters: `${S}, ${N}, ${q("Percentile")}`,
    description: "The value at a percentile of a numeric expression over a set.",
    example: holds("Percentile([Market].Children, [Sales], 50) > 0"),
  }),
  fn("NTILE", 4, 4, (c) => {
    const t = c.setArg(0)[0] ?? [];
    const tuples = c.setArg(1);
    const n = signedIntegerArg(c, 2);
    if (n < 1) throw new MdxError("MDX_ARGUMENT", { id: "ntileDivision" }, startOf(c.arg(2)));
    const keys = tuples.map((x) => valueAt(c, x, 3));
    const order = flatOrder(tuples, keys, false);
    const pos = order.findIndex((x) => x.length === t.length && x.every((m, i) => m === t[i]));
    if (pos < 0) return num(NaN_);
    return num(Math.floor((pos * n) / order.length) + 1);
  }).described({
    group: "Statistical",
    parameters: `${q("Tuple")}, ${S}, ${N}, ${N}`,
    description: "The division (1 to n) a tuple falls in, the set sorted by value.",
    example: holds("NTile([East], [Market].Children, 2, [Sales]) > 0"),
  }),
  stat("STDDEV", true, true).described({
    group: "Statistical",
    parameters: `${S}[, ${N}[, INCLUDEEMPTY]]`,
    description: "The sample standard deviation of a numeric expression over a set.",
    example: holds("Stddev([Market].Children, [Sales]) > 0"),
  }),
  stat("STDDEVP", false, true).described({
    group: "Statistical",
    parameters: `${S}[, ${N}[, INCLUDEEMPTY]]`,
    description: "The population standard deviation of a numeric expression over a set.",
    example: holds("Stddevp([Market].Children, [Sales]) > 0"),
  }),
  stat("STDEV", true, true).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "Stddev under Microsoft's name.",
    example: holds("Stdev([Market].Children, [Sales]) > 0"),
  }),
  stat("STDEVP", false, true).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "Stddevp under Microsoft's name.",
    example: holds("StdevP([Market].Children, [Sales]) > 0"),
  }),
  stat("VAR", true, false).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "The sample variance of a numeric expression over a set.",
    example: holds("Var([Market].Children, [Sales]) > 0"),
  }),
  stat("VARIANCE", true, false).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "The sample variance of a numeric expression over a set.",
    example: holds("Variance([Market].Children, [Sales]) > 0"),
  }),
  stat("VARP", false, false).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "The population variance of a numeric expression over a set.",
    example: holds("VarP([Market].Children, [Sales]) > 0"),
  }),
  stat("VARIANCEP", false, false).described({
    group: "Statistical",
    parameters: `${S}[, ${N}]`,
    description: "The population variance of a numeric expression over a set.",
    example: holds("VarianceP([Market].Children, [Sales]) > 0"),
  }),
  fn("DTS", 2, 2, dts).described({
    group: "Value",
    parameters: `${q("DTS Operation")}, ${M}`,
    description: "A Dynamic Time Series value (QTD, HTD…) at a period.",
    example: holds("DTS(QTD, [May]) > 0"),
  }),
  fn("CELLVALUE", 0, 0, (c) => num(c.ev.cellValue(outlineContext(c), c.depth))).described({
    group: "Value",
    parameters: "(none)",
    description: "The value of the current cell.",
    example: holds("CellValue() > 0"),
  }),
  fn("REALVALUE", 0, 0, (c) => num(c.ev.cellValue(outlineContext(c), c.depth))).described({
    group: "Value",
    parameters: "(none)",
    description: "The value of the current cell.",
    example: holds("RealValue() > 0"),
  }),
  fn("VALUE", 0, 1, (c) => {
    if (c.args.length === 0) return num(c.ev.cellValue(c.ctx, c.depth));
    const v = c.val(0);
    if (v.t === "str" || v.t === "num") return v;
    return num(c.ev.toNumber(v, startOf(c.arg(0)), c.ctx, c.depth));
  }).described({
    group: "Value",
    parameters: `[${q("Value Expression")}]`,
    description: "The value of a member, a tuple or the current cell.",
    example: holds("Value([Sales]) > 0"),
  }),
  fn("ISVALID", 1, 1, (c) => {
    try {
      const v = c.val(0);
      if (v.t === "set") return bool(v.tuples.length > 0);
      return bool(v.t !== "empty");
    } catch (e) {
      if (e instanceof MdxError && e.code !== "MDX_TOO_COSTLY" && e.code !== "MDX_TOO_DEEP")
        return bool(false);
      throw e;
    }
  }).described({
    group: "Logical",
    parameters: q("Expression"),
    description: "Whether an expression gives a member, a set or a value.",
    example: holds("IsValid([East].Parent)"),
  }),
  fn("ISMATCH", 2, 3, (c) => {
    const s = textArg(c, 0);
    const pattern = textArg(c, 1);
    const ignore = keywordArg(c, 2) === "IGNORE_CASE";
    // Matched in linear time: the query gives both the text and the pattern, and a backtracking RegExp held the
    // server for minutes on `^(a+)+$` against 35 characters.
    let re: LinearMatcher;
    try {
      re = linearRegExp(pattern, ignore);
    } catch {
      throw new MdxError("MDX_ARGUMENT", { id: "notRegex", pattern }, startOf(c.arg(1)));
    }
    return bool(re.test(s));
  }).described({
    group: "Logical",
    parameters: `${STR}, ${STR}[, IGNORE_CASE]`,
    description: "Whether a string matches a regular expression.",
    example: holds('IsMatch("East", "^E")'),
  }),
  // Strings.
  fn("CONCAT", 1, ANY, (c) =>
    str(
      joinText(
        c,
        c.args.map((_, i) => textArg(c, i)),
      ),
    ),
  ).described({
    group: "Value",
    parameters: `${STR}[, ${STR}…]`,
    description: "Strings joined end to end.",
    example: holds('Concat("a", "b") = "ab"'),
  }),
  fn("LEFT", 2, 2, (c) => str(textArg(c, 0).slice(0, Math.max(0, signedIntegerArg(c, 1))))).described({
    group: "Value",
    parameters: `${STR}, ${N}`,
    description: "The first characters of a string.",
    example: holds('Left("East", 2) = "Ea"'),
  }),
  fn("RIGHT", 2, 2, (c) => {
    const s = textArg(c, 0);
    const n = Math.max(0, signedIntegerArg(c, 1));
    return str(n === 0 ? "" : s.slice(-n));
  }).described({
    group: "Value",
    parameters: `${STR}, ${N}`,
    description: "The last characters of a string.",
    example: holds('Right("East", 2) = "st"'),
  }),
  fn("LEN", 1, 1, (c) => num(textArg(c, 0).length)).described({
    group: "Value",
    parameters: STR,
    description: "The length of a string.",
    example: holds('Len("East") = 4'),
  }),
  fn("UPPER", 1, 1, (c) => str(textArg(c, 0).toUpperCase())).described({
    group: "Value",
    parameters: STR,
    description: "A string in upper case.",
    example: holds('Upper("east") = "EAST"'),
  }),
  fn("LOWER", 1, 1, (c) => str(textArg(c, 0).toLowerCase())).described({
    group: "Value",
    parameters: STR,
    description: "A string in lower case.",
    example: holds('Lower("EAST") = "east"'),
  }),
  fn("UCASE", 1, 1, (c) => str(textArg(c, 0).toUpperCase())).described({
    group: "Value",
    parameters: STR,
    description: "A string in upper case.",
    example: holds('UCase("ab") = "AB"'),
  }),
  fn("LCASE", 1, 1, (c) => str(textArg(c, 0).toLowerCase())).described({
    group: "Value",
    parameters: STR,
    description: "A string in lower case.",
    example: holds('LCase("AB") = "ab"'),
  }),
  fn("LTRIM", 1, 1, (c) => str(textArg(c, 0).replace(/^\s+/, ""))).described({
    group: "Value",
    parameters: STR,
    description: "A string without its leading spaces.",
    example: holds('LTrim(" a") = "a"'),
  }),
  fn("RTRIM", 1, 1, (c) => str(textArg(c, 0).replace(/\s+$/, ""))).described({
    group: "Value",
    parameters: STR,
    description: "A string without its trailing spaces.",
    example: holds('RTrim("a ") = "a"'),
  }),
  fn("TRIM", 1, 1, (c) => str(textArg(c, 0).trim())).described({
    group: "Value",
    parameters: STR,
    description: "A string without its leading and trailing spaces.",
    example: holds('Trim(" a ") = "a"'),
  }),
  fn("SUBSTRING", 2, 3, substring).described({
    group: "Value",
    parameters: `${STR}, ${N}[, ${N}]`,
    description: "The characters of a string between two positions (from 1).",
    example: holds('Substring("East", 2, 3) = "as"'),
  }),
  fn("MID", 2, 3, (c) => {
    const s = textArg(c, 0);
    const start = Math.max(1, signedIntegerArg(c, 1));
    const len = c.args.length > 2 ? Math.max(0, signedIntegerArg(c, 2)) : s.length;
    return str(s.slice(start - 1, start - 1 + len));
  }).described({
    group: "Value",
    parameters: `${STR}, ${N}[, ${N}]`,
    description: "Characters from the middle of a string.",
    example: holds('Mid("East", 2, 2) = "as"'),
  }),
  fn("INSTR", 2, 4, inStr).described({
    group: "Value",
    parameters: `[${N}, ]${STR}, ${STR}`,
    description: "The position of a string in another (from 1), 0 when absent.",
    example: holds('InStr("abc", "c") = 3'),
  }),
  fn("INSTRING", 2, 2, (c) => num(textArg(c, 0).indexOf(textArg(c, 1)) + 1)).described({
    group: "Value",
    parameters: `${STR}, ${STR}`,
    description: "The position of a string in another (from 1), 0 when absent.",
    example: holds('InString("abc", "b") = 2'),
  }),
  fn("NUMTOSTR", 1, 1, (c) => {
    const n = numberArg(c, 0);
    return str(Number.isNaN(n) ? "#Missing" : String(n));
  }).described({
    group: "Value",
    parameters: N,
    description: "A number written as a string.",
    example: holds('NumToStr(2) = "2"'),
  }),
  fn("STRTONUM", 1, 1, (c) => {
    const s = textArg(c, 0).trim();
    const n = s === "" ? NaN_ : Number(s);
    return num(Number.isFinite(n) ? n : NaN_);
  }).described({
    group: "Value",
    parameters: STR,
    description: "The number a string holds.",
    example: holds('StrToNum("2") = 2'),
  }),
  // Dates: numbers of seconds since 1970-01-01 UTC.
  fn("TODAY", 0, 0, () => num(Math.floor(Date.now() / 1000 / DAY) * DAY)).described({
    group: "Value",
    parameters: "(none)",
    description: "Today's date, in seconds since 1970.",
    example: holds("Today() > 0"),
  }),
  fn("TODATE", 2, 2, todate).described({
    group: "Value",
    parameters: `${STR}, ${STR}`,
    description: "The date a string holds, read by a format such as mm-dd-yyyy.",
    example: holds('Todate("mm-dd-yyyy", "01-02-1970") = 86400'),
  }),
  fn("TODATEEX", 2, 2, todate).described({
    group: "Value",
    parameters: `${STR}, ${STR}`,
    description: "The date a string holds, read by a format.",
    example: holds('TodateEx("yyyy-mm-dd", "1970-01-02") = 86400'),
  }),
  fn("DATEDIFF", 3, 3, (c) => {
    const a = toDate(numberArg(c, 0));
    const b = toDate(numberArg(c, 1));
    const part = datePartArg(c, 2);
    const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
    const days = Math.round((firstDay(b, "DP_DAY").getTime() - firstDay(a, "DP_DAY").getTime()) / 86_400_000);
    switch (part) {
      case "DP_YEAR":
        return num(b.getUTCFullYear() - a.getUTCFullYear());
      case "DP_QUARTER":
        return num(
          (b.getUTCFullYear() - a.getUTCFullYear()) * 4 +
            (Math.floor(b.getUTCMonth() / 3) - Math.floor(a.getUTCMonth() / 3)),
        );
      case "DP_MONTH":
        return num(months);
      case "DP_WEEK":
        return num(
          Math.round(
            (firstDay(b, "DP_WEEK").getTime() - firstDay(a, "DP_WEEK").getTime()) / (7 * 86_400_000),
          ),
        );
      default:
        return num(days);
    }
  }).described({
    group: "Value",
    parameters: `${D}, ${D}, ${q("Date Part")}`,
    description: "The difference between two dates in years, quarters, months, weeks or days.",
    example: holds("DateDiff(0, 86400, DP_DAY) = 1"),
  }),
  fn("DATEPART", 2, 3, (c) => num(datePart(toDate(numberArg(c, 0)), datePartArg(c, 1)))).described({
    group: "Value",
    parameters: `${D}, ${q("Date Part")}`,
    description: "The year, quarter, month, week, day or weekday of a date.",
    example: holds("DatePart(0, DP_YEAR) = 1970"),
  }),
  fn("DATEROLL", 3, 3, (c) =>
    num(fromDate(roll(toDate(numberArg(c, 0)), datePartArg(c, 1), signedIntegerArg(c, 2)))),
  ).described({
    group: "Value",
    parameters: `${D}, ${q("Date Part")}, ${N}`,
    description: "A date moved by a number of years, quarters, months, weeks or days.",
    example: holds("DateRoll(0, DP_DAY, 1) = 86400"),
  }),
  // FormatDate(date, format); a format given first (as one of Oracle's examples writes it) is read the same.
  fn("FORMATDATE", 2, 2, (c) => {
    const first = c.val(0);
    return first.t === "str"
      ? str(formatDate(numberArg(c, 1), first.v))
      : str(formatDate(numberArg(c, 0), textArg(c, 1)));
  }).described({
    group: "Value",
    parameters: `${D}, ${STR}`,
    description: "A date written in a format (yyyy, mm, dd, month, mon…).",
    example: holds('FormatDate(0, "yyyy") = "1970"'),
  }),
  fn("GETFIRSTDAY", 2, 2, (c) =>
    num(fromDate(firstDay(toDate(numberArg(c, 0)), datePartArg(c, 1)))),
  ).described({
    group: "Value",
    parameters: `${D}, ${q("Date Part")}`,
    description: "The first day of the year, quarter, month or week of a date.",
    example: holds("GetFirstDay(86400, DP_MONTH) = 0"),
  }),
  fn("GETLASTDAY", 2, 2, (c) => num(fromDate(lastDay(toDate(numberArg(c, 0)), datePartArg(c, 1))))).described(
    {
      group: "Value",
      parameters: `${D}, ${q("Date Part")}`,
      description: "The last day of the year, quarter, month or week of a date.",
      example: holds("GetLastDay(0, DP_MONTH) = 2592000"),
    },
  ),
  fn("GETROUNDDATE", 2, 2, (c) =>
    num(fromDate(firstDay(toDate(numberArg(c, 0)), datePartArg(c, 1)))),
  ).described({
    group: "Value",
    parameters: `${D}, ${q("Date Part")}`,
    description: "A date rounded down to its year, quarter, month or week.",
    example: holds("GetRoundDate(86400, DP_YEAR) = 0"),
  }),
  fn("GETNEXTDAY", 2, 2, (c) => {
    // The first date after `date` that falls on the weekday (1 = Sunday … 7 = Saturday).
    const d = toDate(numberArg(c, 0));
    const w = signedIntegerArg(c, 1);
    if (w < 1 || w > 7) throw new MdxError("MDX_ARGUMENT", { id: "weekday" }, startOf(c.arg(1)));
    const ahead = (w - 1 - d.getUTCDay() + 7) % 7 || 7;
    return num(fromDate(firstDay(d, "DP_DAY")) + ahead * DAY);
  }).described({
    group: "Value",
    parameters: `${D}, ${q("Weekday")}`,
    description: "The first date after a date that falls on a weekday (1 = Sunday).",
    example: holds("GetNextDay(0, 5) = 604800"),
  }),
  fn("JULIANDATE", 1, 1, (c) => num(numberArg(c, 0) / DAY + 2440587.5)).described({
    group: "Value",
    parameters: D,
    description: "The Julian date of a date.",
    example: holds("JulianDate(0) > 2440587"),
  }),
  fn("UNIXDATE", 1, 1, (c) => num(Math.round((numberArg(c, 0) - 2440587.5) * DAY))).described({
    group: "Value",
    parameters: q("Julian Date"),
    description: "The date (seconds since 1970) of a Julian date.",
    example: holds("UnixDate(2440587.5) = 0"),
  }),
];
