import { dateSeconds } from "../../calc/eval.ts";
import { generationMembers, levelMembers } from "../../members.ts";
import type { Dimension, Member, Outline } from "../../outline.ts";
import { type Expr, startOf } from "../ast.ts";
import { foundOf, MdxError } from "../errors.ts";
import { type Coords, isCalc, type Layer, type MdxMember, type Val } from "../values.ts";
import type { Call, Evaluator, MdxDialect } from "./call.ts";

/** Shared pieces of the function families: keywords, layers, peers along a layer, empty results. */

export const EMPTY_SET: Val = { t: "set", tuples: [] };

export const setOf = (ms: readonly MdxMember[]): Val => ({ t: "set", tuples: ms.map((m) => [m]) });

export const memberOrEmpty = (m: MdxMember | null | undefined): Val =>
  m ? { t: "member", m } : { t: "set", tuples: [] };

export const num = (v: number): Val => ({ t: "num", v });

export const str = (v: string): Val => ({ t: "str", v });

export const bool = (v: boolean): Val => ({ t: "bool", v });

/**
 * A keyword argument (`RECURSIVE`, `LEVEL`, `INCLUDEMEMBER`, `QTD`…), upper case, whether the parser read it as a
 * flag, a bare name or a string; `null` when the argument is left out.
 */
export function keywordArg(c: Call, i: number): string | null {
  if (i >= c.args.length) return null;
  const e = c.arg(i);
  return keywordOf(e);
}

export function keywordOf(e: Expr): string | null {
  switch (e.kind) {
    case "empty":
      return null;
    case "flag":
      return e.name;
    case "string":
      return e.value.toUpperCase();
    case "ref":
      if (e.parts.length === 1) return (e.parts[0]?.name ?? "").toUpperCase();
      break;
    case "binary": {
      // `Q-T-D` as written reads as a subtraction of three names.
      const names: string[] = [];
      const walk = (x: Expr): boolean => {
        if (x.kind === "ref" && x.parts.length === 1) {
          names.push(x.parts[0]?.name ?? "");
          return true;
        }
        return x.kind === "binary" && x.op === "-" && walk(x.left) && walk(x.right);
      };
      if (walk(e)) return names.join("-").toUpperCase();
      break;
    }
  }
  return null;
}

/** A keyword among `allowed`, or `fallback` when it is left out; any other word is refused, naming the choices. */
export function choiceArg(
  c: Call,
  i: number,
  allowed: readonly string[],
  fallback: string | null,
): string | null {
  const k = keywordArg(c, i);
  if (k === null) return fallback;
  if (!allowed.includes(k))
    throw new MdxError(
      "MDX_ARGUMENT",
      { id: "takesHere", name: c.at.text, allowed, found: startOf(c.arg(i)).text },
      startOf(c.arg(i)),
    );
  return k;
}

/** A layer (a level or a generation) argument of a dimension, or `null` when it is left out. */
export function layerArgOf(c: Call, i: number, dimension?: Dimension): Layer | null {
  if (i >= c.args.length || c.arg(i).kind === "empty") return null;
  const v = c.val(i);
  const at = startOf(c.arg(i));
  if (v.t !== "layer")
    throw new MdxError(
      "MDX_ARGUMENT",
      { id: "expected", needed: "levelOrGeneration", found: foundOf(v) },
      at,
    );
  if (dimension && v.layer.dimension !== dimension)
    throw new MdxError(
      "MDX_ARGUMENT",
      { id: "levelOfOtherDimension", levelDimension: v.layer.dimension.name, dimension: dimension.name },
      at,
    );
  return v.layer;
}

/** A member's level number: Essbase's (0 = the leaves), or SSAS's (numbered from the root, 0 = the dimension). */
export const levelNumberOf = (m: Member, dialect: MdxDialect): number =>
  dialect === "ssas" ? m.generation - 1 : m.level;

/** The generation or the level a member stands on (SSAS's levels are numbered from the root: its generation). */
export function layerOfMember(m: Member, by: "generation" | "level", dialect: MdxDialect): Val {
  return by === "level" && dialect !== "ssas"
    ? { t: "layer", layer: { by: "level", dimension: m.dimension, n: m.level } }
    : { t: "layer", layer: { by: "generation", dimension: m.dimension, n: m.generation } };
}

/** A layer's `.Ordinal`: its number, SSAS counting generations from 0. */
export const ordinalOf = (layer: Layer, dialect: MdxDialect): number =>
  dialect === "ssas" && layer.by === "generation" ? layer.n - 1 : layer.n;

/** Whether a member stands on a layer. */
export const onLayer = (m: Member, layer: Layer): boolean =>
  layer.by === "generation" ? m.generation === layer.n : m.level === layer.n;

/** The members of a dimension on the same generation (or level) as `m`, shared instances left out, outline order. */
export function peersOf(m: Member, by: "generation" | "level" = "generation"): Member[] {
  return by === "generation"
    ? generationMembers(m.dimension, m.generation)
    : levelMembers(m.dimension, m.level);
}

/** `m` moved `n` places along its generation (or level): `null` past either end. */
export function shift(ev: Evaluator, m: MdxMember, n: number, by: "generation" | "level"): Member | null {
  if (isCalc(m)) return null;
  const peers = peersOf(m, by);
  ev.charge(m.dimension.members.length, { line: 0, column: 0, text: "" });
  const i = peers.indexOf(m.stored);
  const j = i + n;
  return i < 0 || j < 0 || j >= peers.length ? null : (peers[j] as Member);
}

/** The time dimension (type time), or the refusal naming the function that needs one. */
export function timeDimension(c: Call): Dimension {
  const d = c.ev.outline.dimensions.find((x) => x.type === "time");
  if (!d) throw new MdxError("MDX_ARGUMENT", { id: "needsTimeDimension", name: c.at.text }, c.at);
  return d;
}

/** The current member of a dimension in the call's context. */
export function currentOf(ctx: Coords, d: Dimension): MdxMember {
  return ctx.get(d) ?? d.root;
}

/** The ancestor of `m` (or `m` itself) on a layer, or `null`. */
export function ancestorOn(m: Member, layer: Layer): Member | null {
  for (let a: Member | null = m; a; a = a.parent) if (onLayer(a, layer)) return a;
  return null;
}

/** The value of a value expression (argument `i`) over a tuple, or of the cell when the argument is left out. */
export function valueAt(c: Call, tuple: readonly MdxMember[], i: number): number | string {
  const ctx = c.ev.override(c.ctx, tuple);
  if (i >= c.args.length || c.arg(i).kind === "empty") return c.ev.cellValue(ctx, c.depth);
  const v = c.ev.evaluate(c.arg(i), ctx, c.depth);
  return v.t === "str" ? v.v : c.ev.toNumber(v, startOf(c.arg(i)), ctx, c.depth);
}

/** A number argument, any sign or fraction allowed (#Missing stays NaN). */
export function numberArg(c: Call, i: number): number {
  return c.ev.toNumber(c.val(i), startOf(c.arg(i)), c.ctx, c.depth);
}

/** A whole number argument, negative ones allowed. */
export function signedIntegerArg(c: Call, i: number): number {
  const n = numberArg(c, i);
  if (!Number.isFinite(n))
    throw new MdxError(
      "MDX_ARGUMENT",
      { id: "expected", needed: "number", found: { kind: "text", text: startOf(c.arg(i)).text } },
      startOf(c.arg(i)),
    );
  return Math.trunc(n);
}

/** Characters of text a query may build for one unit of its work budget (`MAX_MDX_WORK`: 16 MB of text in all). */
export const TEXT_CHARS_PER_WORK = 16;

/**
 * Joins `parts` with `separator` once the text is counted in the query's work: a string function repeated over a
 * set (`Generate`'s string form, `Concat`) built a text of the set's size times its own, in the memory of the
 * process that runs the query (a 20 KB query: 187 MB of text, 1.4 GB of memory at its peak).
 */
export function joinText(c: Call, parts: readonly string[], separator = ""): string {
  let length = separator.length * Math.max(0, parts.length - 1);
  for (const p of parts) length += p.length;
  c.ev.charge(Math.ceil(length / TEXT_CHARS_PER_WORK), c.at);
  return parts.join(separator);
}

/** A string argument; a number is written as MDX writes it. */
export function textArg(c: Call, i: number): string {
  return textOf(c, c.val(i), i);
}

/** {@link textArg} of argument `i` already evaluated (`v`): an argument is evaluated once per call. */
export function textOf(c: Call, v: Val, i: number): string {
  if (v.t === "str") return v.v;
  if (v.t === "num") return Number.isNaN(v.v) ? "" : String(v.v);
  if (v.t === "bool") return v.v ? "TRUE" : "FALSE";
  if (v.t === "member") return v.m.name;
  throw new MdxError(
    "MDX_ARGUMENT",
    { id: "expected", needed: "string", found: foundOf(v) },
    startOf(c.arg(i)),
  );
}

/** A member's unique name as the endpoints write it: `[Market].[East]`, the dimension alone as `[Market]`. */
export function uniqueNameOf(m: MdxMember): string {
  const b = (s: string) => `[${s.replaceAll("]", "]]")}]`;
  if (isCalc(m)) return `${m.parent ? uniqueNameOf(m.parent) : b(m.dimension.name)}.${b(m.name)}`;
  return m.parent === null ? b(m.dimension.name) : `${b(m.dimension.name)}.${b(m.name)}`;
}

/**
 * A member's attribute as a value, by its attribute dimension's name (`[Cola].[Intro Date]`,
 * `[Product].CurrentMember.[Ounces]`): a number for numeric attributes, seconds since 1970 for date ones (as
 * Essbase reads them), the attribute member's name otherwise, #Missing when the member has none. `null` when no
 * attribute dimension of the member's dimension has that name.
 */
export function attributeValueOf(outline: Outline, m: MdxMember, name: string): Val | null {
  const lower = name.toLowerCase();
  const d = outline.dimensions.find(
    (x) =>
      x.type === "attribute" &&
      x.name.toLowerCase() === lower &&
      x.baseDimensionName?.toLowerCase() === m.dimension.name.toLowerCase(),
  );
  if (!d) return null;
  const a = isCalc(m) ? undefined : m.stored.attributes.get(d.name);
  if (!a) return d.attributeKind === "text" || d.attributeKind === "boolean" ? str("") : num(Number.NaN);
  if (d.attributeKind === "numeric") return num(Number(a.name));
  if (d.attributeKind === "date") return num(dateSeconds(a.name));
  return str(a.name);
}
