import type { Member, Outline } from "../../outline.ts";
import { type Expr, type MdxPosition, startOf } from "../ast.ts";
import { MdxError } from "../errors.ts";
import type { CalculatedMember, Coords, MdxMember, Val } from "../values.ts";
import type { MdxFunctionDescription } from "./description.ts";

/**
 * What a function of the library may ask of the evaluator: evaluating its arguments (each evaluation counted
 * against the query's work budget and nesting bound), coercing values, reading cells (calculated members
 * computed once per cell context) and charging the work it does itself.
 */
export interface Evaluator {
  readonly calcMembers: readonly CalculatedMember[];
  /** Whose MDX the query is read as (`MdxOptions.dialect`): level numbers and a few functions differ. */
  readonly dialect: MdxDialect;
  /** The outline the query runs over. */
  readonly outline: Outline;
  /**
   * A Dynamic Time Series value read by the source itself (`Cube.readToDate`), or `undefined` when the source
   * cannot (a calculated member in the coordinates, a source without Dynamic Time Series).
   */
  readToDate(coords: Coords, dts: string, latest: Member): number | undefined;
  evaluate(e: Expr, ctx: Coords, depth?: number): Val;
  charge(n: number, at: MdxPosition): void;
  cellValue(coords: Coords, depth: number): number;
  override(ctx: Coords, ms: readonly MdxMember[]): Coords;
  uniform(tuples: MdxMember[][], at: MdxPosition): MdxMember[][];
  crossJoin(sets: MdxMember[][][], at: MdxPosition): MdxMember[][];
  toSet(v: Val, at: MdxPosition): MdxMember[][];
  /** The tuples that lie in the query's subselects' space (all of them without a subselect). */
  inSubcube(tuples: MdxMember[][]): MdxMember[][];
  toMember(v: Val, at: MdxPosition): MdxMember;
  toOutlineMember(v: Val, at: MdxPosition): Member;
  toNumber(v: Val, at: MdxPosition, ctx: Coords, depth: number): number;
  toBool(v: Val, at: MdxPosition, ctx: Coords, depth: number): boolean;
  toInteger(v: Val, at: MdxPosition, ctx: Coords, depth: number): number;
  /** A method (`target.NAME`) through the method table: the call form `Children(m)` is the same function. */
  method(request: MethodRequest): Val;
}

/**
 * Whose MDX a query is read as: `essbase` (Oracle's: `Levels(0)` are the leaves, `Ancestors(m, layer)` is every
 * ancestor up to the layer) or `ssas` (Microsoft's: levels numbered from the root, `Level_Number` 0 at the top,
 * `Ancestors(m, level)` the one ancestor at that level). Essbase's by default.
 */
export type MdxDialect = "essbase" | "ssas";

/** A method to evaluate: `target.NAME(args)`, or `target.NAME` when `bare` (no parentheses). */
export interface MethodRequest {
  name: string;
  target: Expr;
  args: Expr[];
  bare: boolean;
  at: MdxPosition;
  ctx: Coords;
  depth: number;
}

/** One call of a function (`NAME(args)`): its arguments, evaluated on demand in the caller's context. */
export class Call {
  constructor(
    readonly ev: Evaluator,
    readonly name: string,
    readonly args: Expr[],
    readonly at: MdxPosition,
    readonly ctx: Coords,
    readonly depth: number,
  ) {}

  arg(i: number): Expr {
    return this.args[i] as Expr;
  }

  val(i: number, c: Coords = this.ctx): Val {
    return this.ev.evaluate(this.arg(i), c, this.depth);
  }

  setArg(i: number): MdxMember[][] {
    return this.ev.toSet(this.val(i), startOf(this.arg(i)));
  }

  memberArg(i: number): MdxMember {
    return this.ev.toMember(this.val(i), startOf(this.arg(i)));
  }

  outlineMemberArg(i: number): Member {
    return this.ev.toOutlineMember(this.val(i), startOf(this.arg(i)));
  }

  integerArg(i: number): number {
    return this.ev.toInteger(this.val(i), startOf(this.arg(i)), this.ctx, this.depth);
  }

  boolArg(i: number): boolean {
    return this.ev.toBool(this.val(i), startOf(this.arg(i)), this.ctx, this.depth);
  }

  stringArg(i: number): string {
    const v = this.val(i);
    const at = startOf(this.arg(i));
    if (v.t !== "str")
      throw new MdxError(
        "MDX_ARGUMENT",
        { id: "expected", needed: "string", found: { kind: "text", text: at.text } },
        at,
      );
    return v.v;
  }

  /** A keyword argument among `allowed`, or null when it is left out. */
  flagArg(i: number, allowed: readonly string[]): string | null {
    if (i >= this.args.length || this.arg(i).kind === "empty") return null;
    const v = this.val(i);
    if (v.t !== "flag" || !allowed.includes(v.name))
      throw new MdxError(
        "MDX_ARGUMENT",
        { id: "expectedKeyword", allowed, found: startOf(this.arg(i)).text },
        startOf(this.arg(i)),
      );
    return v.name;
  }

  /** Evaluates a value expression for each tuple of a set, in the context of that tuple. */
  valuesOver(tuples: MdxMember[][], i: number): (number | string)[] {
    return tuples.map((t) => {
      const c = this.ev.override(this.ctx, t);
      if (i >= this.args.length) return this.ev.cellValue(c, this.depth);
      const v = this.ev.evaluate(this.arg(i), c, this.depth);
      return v.t === "str" ? v.v : this.ev.toNumber(v, startOf(this.arg(i)), c, this.depth);
    });
  }
}

/** A function of the library, called as `NAME(args)`. */
export interface MdxFunction {
  /** The name, upper case (MDX names are case-insensitive). */
  name: string;
  /** How many arguments it takes, checked before any is evaluated. */
  minArgs: number;
  maxArgs: number;
  evaluate(call: Call): Val;
  /** What MDSCHEMA_FUNCTIONS says of it; absent from a call form whose method is described (`Children(m)`). */
  description?: MdxFunctionDescription;
}

/** A function entry as `fn` builds it, given its description by `.described({…})`. */
export interface DescribableFunction extends MdxFunction {
  described(description: MdxFunctionDescription): MdxFunction;
}

/** A function entry: its name, the fewest and most arguments it takes, and how it evaluates a call. */
export const fn = (
  name: string,
  minArgs: number,
  maxArgs: number,
  evaluate: (call: Call) => Val,
): DescribableFunction => ({
  name,
  minArgs,
  maxArgs,
  evaluate,
  described: (description) => ({ name, minArgs, maxArgs, evaluate, description }),
});

/** The arity check of a call, with the message naming what the function takes. */
export function checkArity(f: MdxFunction, args: readonly Expr[], at: MdxPosition): void {
  const min = f.minArgs;
  const max = f.maxArgs;
  if (args.length < min || args.length > max) {
    throw new MdxError(
      "MDX_ARGUMENT",
      {
        id: "argumentCount",
        name: at.text,
        min,
        max: max === Number.POSITIVE_INFINITY ? null : max,
        given: args.length,
      },
      at,
    );
  }
}

/** One call of a method (`target.NAME` or `target.NAME(args)`), its target already evaluated. */
export interface MethodCall {
  ev: Evaluator;
  name: string;
  target: Expr;
  /** The target's value. */
  tv: Val;
  args: Expr[];
  at: MdxPosition;
  ctx: Coords;
  depth: number;
}

/** A method that reads its target as it is (a dimension, a level, a member): its exact argument count first. */
export interface MdxMethod {
  name: string;
  args: number;
  /** The most arguments it takes when it takes a varying number (`.Lag(n [, LEVEL])`); `args` is the fewest. */
  maxArgs?: number;
  evaluate(call: MethodCall): Val;
  /** What MDSCHEMA_FUNCTIONS says of it, when the method rather than its call form is described. */
  description?: MdxFunctionDescription;
}

/** A method that moves from a member to others (`.Children`, `.Parent`…): it takes no argument. */
export interface MdxNavigation {
  name: string;
  navigate(m: MdxMember): Val;
  /** What MDSCHEMA_FUNCTIONS says of it. */
  description?: MdxFunctionDescription;
}

/** The arity check of a method. */
export function checkMethodArity(
  name: string,
  args: readonly Expr[],
  n: number,
  at: MdxPosition,
  max = n,
): void {
  if (max > n && args.length >= n && args.length <= max) return;
  if (max > n || args.length !== n)
    throw new MdxError(
      "MDX_ARGUMENT",
      { id: "methodArgumentCount", name, min: n, max, given: args.length },
      at,
    );
}

/** The entries of a family as a table by name; a name given twice is a mistake in the library. */
export function tableOf<T extends { name: string }>(...families: (readonly T[])[]): ReadonlyMap<string, T> {
  const table = new Map<string, T>();
  for (const family of families)
    for (const entry of family) {
      if (table.has(entry.name)) throw new Error(`The MDX function ${entry.name} is defined twice`);
      table.set(entry.name, entry);
    }
  return table;
}
