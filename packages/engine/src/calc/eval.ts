import type { CubeCells } from "../cube/cells.ts";
import { EngineError } from "../engine-error.ts";
import {
  ancestors,
  ancestorsInclusive,
  attributeMembers,
  children,
  childrenInclusive,
  descendants,
  descendantsInclusive,
  generationMembers,
  levelMembers,
  relative,
  siblings,
  siblingsInclusive,
  udaMembers,
  wildcardRegExp,
} from "../members.ts";
import type { Dimension, Member, Outline } from "../outline.ts";
import type { Expr, Stmt } from "./ast.ts";
import { CALC_TEXTS, type CalcFailure, type CalcReason, calcText } from "./errors.ts";
import { CalcSyntaxError, parseFormula } from "./parser.ts";

/**
 * A calculation error tied to a position in the script or formula: the message is the reason in English (`detail`),
 * then ` (line L, column C)` when the place is known.
 */
export class CalcError extends EngineError {
  override readonly name: string = "CalcError";
  /** The reason in English, without the place. */
  readonly detail: string;
  constructor(
    /** Why, with what the message names (`detail` is its English). */
    readonly reason: CalcReason,
    readonly line?: number,
    readonly column?: number,
  ) {
    const detail = calcText(CALC_TEXTS, reason);
    super("CALC_FAILED", line !== undefined ? `${detail} (line ${line}, column ${column})` : detail);
    this.detail = detail;
  }

  /** The error as data, for a caller that says it in its own words. */
  get failure(): CalcFailure {
    return { syntax: false, reason: this.reason, line: this.line, column: this.column };
  }
}

/**
 * `@RETURN("message", ERROR | WARNING | INFO)`: stops the calculation. With ERROR the run fails with the
 * message; otherwise it ends early and reports it.
 */
export class CalcReturn extends CalcError {
  override readonly name: string = "CalcReturn";
  constructor(
    readonly text: string,
    readonly level: "ERROR" | "WARNING" | "INFO",
    line?: number,
    column?: number,
  ) {
    super({ id: "returned", text }, line, column);
  }
}

const NaN_ = Number.NaN;

function isMissing(v: number): boolean {
  return Number.isNaN(v);
}

/** Essbase #Missing arithmetic: X+#M=X, #M−X=−X, X×#M=#M, divisions with #M or by 0 give #M. */
export function arith(op: string, a: number, b: number): number {
  switch (op) {
    case "+":
      return isMissing(a) ? b : isMissing(b) ? a : a + b;
    case "-":
      return isMissing(a) ? (isMissing(b) ? NaN_ : -b) : isMissing(b) ? a : a - b;
    case "*":
      return a * b;
    case "/":
      return b === 0 ? NaN_ : a / b;
    case "%":
      return b === 0 ? NaN_ : (a / b) * 100;
    default: {
      // comparisons treat #Missing as 0
      const x = isMissing(a) ? 0 : a;
      const y = isMissing(b) ? 0 : b;
      switch (op) {
        case "==":
          return x === y ? 1 : 0;
        case "<>":
          return x !== y ? 1 : 0;
        case "<":
          return x < y ? 1 : 0;
        case ">":
          return x > y ? 1 : 0;
        case "<=":
          return x <= y ? 1 : 0;
        case ">=":
          return x >= y ? 1 : 0;
        case "AND":
          return x !== 0 && y !== 0 ? 1 : 0;
        case "OR":
          return x !== 0 || y !== 0 ? 1 : 0;
        default:
          throw new CalcError({ id: "unknownOperator", operator: op });
      }
    }
  }
}

/** Seconds since 1970-01-01 of an attribute date name (`mm-dd-yyyy`), as @ATTRIBUTEVAL returns dates. */
export function dateSeconds(name: string): number {
  const m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(name) ?? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(name);
  if (!m) return NaN_;
  const [y, mo, d] = name.indexOf("-") === 4 ? [m[1], m[2], m[3]] : [m[3], m[1], m[2]];
  return Date.UTC(Number(y), Number(mo) - 1, Number(d)) / 1000;
}

/**
 * Evaluates calc expressions at a cell given as stored ordinals per base dimension. Member references read
 * through the cube's `valueAt` ({@link CubeCells}), so they see dynamic members, formulas and materialised totals.
 */
export class FormulaEvaluator {
  private readonly formulas = new Map<Member, Stmt[]>();
  private readonly refs = new WeakMap<Expr, Member[]>();
  readonly outline: Outline;
  /** Calc-script variables (VAR x = …). */
  readonly vars = new Map<string, number>();
  /** Other cubes by location alias (`_Plan2_`), the targets of @XWRITE. */
  locations = new Map<string, CubeCells>();
  /** Cells written by @XWRITE. */
  xwrites = 0;

  constructor(readonly cube: CubeCells) {
    this.outline = cube.outline;
  }

  /** The value of a member with a formula at a cell. */
  memberValue(m: Member, coords: number[], depth: number): number {
    let stmts = this.formulas.get(m);
    if (!stmts) {
      try {
        stmts = parseFormula(m.formula ?? "");
      } catch (e) {
        if (!(e instanceof CalcSyntaxError)) throw e;
        const { line, column, reason: syntax } = e;
        throw new CalcError({ id: "formulaSyntax", member: m.name, line, column, syntax });
      }
      this.formulas.set(m, stmts);
    }
    const dimIdx = this.cube.dims.indexOf(m.dimension);
    const saved = coords[dimIdx] as number;
    coords[dimIdx] = m.ordinal;
    try {
      const out = { value: NaN_ };
      this.runFormula(stmts, coords, depth, m, out);
      return out.value;
    } finally {
      coords[dimIdx] = saved;
    }
  }

  private runFormula(
    stmts: Stmt[],
    coords: number[],
    depth: number,
    self: Member,
    out: { value: number },
  ): void {
    for (const s of stmts) {
      switch (s.kind) {
        case "expr":
          out.value = this.eval(s.value, coords, depth);
          break;
        case "assign": {
          const target = this.refMembers(s.target);
          const v = this.eval(s.value, coords, depth);
          if (target.length === 1 && target[0]?.stored === self.stored) out.value = v;
          break;
        }
        case "if": {
          const branch = s.branches.find((b) => truthy(this.eval(b.cond, coords, depth)));
          const body = branch ? branch.body : s.otherwise;
          if (body) this.runFormula(body, coords, depth, self, out);
          break;
        }
        default:
          throw new CalcError({ id: "notInFormula", statement: s.kind }, s.pos.line, s.pos.column);
      }
    }
  }

  /** Members named by a reference (one per `->` part); substitution variables are expanded. */
  refMembers(e: Expr & { kind: "ref" }): Member[] {
    const hit = this.refs.get(e);
    if (hit) return hit;
    const out = e.parts.map((p) => this.resolveName(p, e.pos));
    this.refs.set(e, out);
    return out;
  }

  resolveName(text: string, pos?: { line: number; column: number }): Member {
    let name = text;
    if (name.startsWith("&")) {
      const v = this.outline.substitutionVariable(name.slice(1));
      if (v === undefined)
        throw new CalcError({ id: "unknownSubstitutionVariable", name }, pos?.line, pos?.column);
      name = v;
    }
    const m = this.outline.member(name) ?? this.outline.memberByAlias(name);
    if (!m) throw new CalcError({ id: "unknownMember", member: name }, pos?.line, pos?.column);
    return m;
  }

  eval(e: Expr, coords: number[], depth: number): number {
    switch (e.kind) {
      case "number":
        return e.value;
      case "missing":
        return NaN_;
      case "string":
        return NaN_;
      case "ref": {
        if (e.parts.length === 1 && this.vars.has((e.parts[0] as string).toLowerCase())) {
          return this.vars.get((e.parts[0] as string).toLowerCase()) as number;
        }
        return this.valueWith(this.refMembers(e), coords, depth);
      }
      case "unary": {
        const v = this.eval(e.arg, coords, depth);
        if (e.op === "NOT") return truthy(v) ? 0 : 1;
        return e.op === "-" ? -v : v;
      }
      case "binary":
        return arith(e.op, this.eval(e.left, coords, depth), this.eval(e.right, coords, depth));
      case "call":
        return this.call(e, coords, depth);
    }
  }

  /** The value at `coords` with some members substituted (a cross-dimensional reference). */
  valueWith(members: readonly Member[], coords: number[], depth: number): number {
    const dims = this.cube.dims;
    const saved: number[] = [];
    const idx: number[] = [];
    for (const m of members) {
      const i = dims.indexOf(m.dimension);
      if (i < 0) throw new CalcError({ id: "attributeInReference", member: m.name });
      idx.push(i);
      saved.push(coords[i] as number);
      coords[i] = m.stored.ordinal;
    }
    try {
      return this.cube.valueAt(coords, depth + 1);
    } finally {
      for (let k = idx.length - 1; k >= 0; k--) coords[idx[k] as number] = saved[k] as number;
    }
  }

  private current(dim: Dimension, coords: readonly number[]): Member {
    const i = this.cube.dims.indexOf(dim);
    if (i < 0) throw new CalcError({ id: "notBaseDimension", dimension: dim.name });
    return dim.members[coords[i] as number] as Member;
  }

  private argMember(e: Expr | undefined, fn: string): Member {
    if (!e) throw new CalcError({ id: "needsMemberArgument", fn });
    if (e.kind === "ref" && e.parts.length === 1) return this.refMembers(e)[0] as Member;
    if (e.kind === "string") return this.resolveName(e.value, e.pos);
    if (e.kind === "call" && e.name === "NAME") return this.argMember(e.args[0], fn);
    throw new CalcError({ id: "expectsMemberName", fn }, e.pos.line, e.pos.column);
  }

  private argText(e: Expr | undefined, fn: string): string {
    if (!e) throw new CalcError({ id: "needsArgument", fn });
    if (e.kind === "string") return e.value;
    if (e.kind === "ref" && e.parts.length === 1) return e.parts[0] as string;
    if (e.kind === "number") return String(e.value);
    if (e.kind === "call" && e.name === "NAME") return this.argText(e.args[0], fn);
    throw new CalcError({ id: "expectsName", fn }, e.pos.line, e.pos.column);
  }

  /**
   * `@XWRITE(expression, locationAlias [, members])`: writes the expression's value at the current cell to the
   * same intersection of another cube, matching members by name dimension by dimension; the optional members
   * name the target's members in dimensions the source does not have (or override a matched one). Dimensions
   * of the source that the target lacks are left out. Answers the value written.
   */
  private xwrite(e: Expr & { kind: "call" }, coords: number[], depth: number): number {
    const a = e.args;
    if (!a[0] || !a[1]) throw new CalcError({ id: "xwriteArguments" }, e.pos.line, e.pos.column);
    const alias = this.argText(a[1], "@XWRITE");
    const target = this.locations.get(alias.toLowerCase());
    if (!target) throw new CalcError({ id: "unknownLocation", alias }, e.pos.line, e.pos.column);
    const value = this.eval(a[0], coords, depth);
    const given = new Map<string, string>();
    for (const x of a.slice(2)) {
      for (const m of this.memberSet(x, coords)) given.set(m.dimension.name.toLowerCase(), m.name);
    }
    const tuple = target.dims.map((d, i) => {
      const explicit = given.get(d.name.toLowerCase());
      const own = this.cube.dims.findIndex((s) => s.name.toLowerCase() === d.name.toLowerCase());
      const name = explicit ?? (own >= 0 ? this.cube.member(own, coords[own] as number).name : undefined);
      const m = name === undefined ? undefined : target.outline.member(name);
      if (!m || m.dimension !== target.dims[i]) {
        throw new CalcError(
          { id: "xwriteNoMember", alias, member: name ?? null, dimension: d.name },
          e.pos.line,
          e.pos.column,
        );
      }
      return m;
    });
    // What the target cube's write refuses, said by the calculation (its place is the statement's).
    for (const m of tuple) {
      if (m.stored.storage === "label-only" || m.stored.isDynamic) {
        const storage = m.stored.storage === "label-only" ? "label-only" : "dynamic";
        throw new CalcError({ id: "notWritable", member: m.name, storage });
      }
    }
    target.write(tuple, Number.isNaN(value) ? null : value);
    this.xwrites++;
    return value;
  }

  private call(e: Expr & { kind: "call" }, coords: number[], depth: number): number {
    const a = e.args;
    const num = (k: number): number => {
      const x = a[k];
      if (!x)
        throw new CalcError({ id: "missingArgument", fn: e.name, ordinal: k + 1 }, e.pos.line, e.pos.column);
      return this.eval(x, coords, depth);
    };
    switch (e.name) {
      case "RETURN": {
        const text = this.argText(a[0], "@RETURN");
        const level = a[1] ? this.argText(a[1], "@RETURN").toUpperCase() : "INFO";
        if (level !== "ERROR" && level !== "WARNING" && level !== "INFO")
          throw new CalcError({ id: "returnLevel", level }, e.pos.line, e.pos.column);
        throw new CalcReturn(text, level, e.pos.line, e.pos.column);
      }
      case "XWRITE":
        return this.xwrite(e, coords, depth);
      case "VAR":
      case "VARPER": {
        const x = this.eval(a[0] as Expr, coords, depth);
        const y = this.eval(a[1] as Expr, coords, depth);
        const acct =
          this.cube.accountsDim >= 0
            ? this.cube.member(this.cube.accountsDim, coords[this.cube.accountsDim] as number)
            : null;
        const variance = acct?.expense ? arith("-", y, x) : arith("-", x, y);
        if (e.name === "VAR") return isMissing(x) && isMissing(y) ? NaN_ : variance;
        return isMissing(x) || isMissing(y) ? NaN_ : arith("%", variance, y);
      }
      case "ABS":
        return Math.abs(num(0));
      case "INT":
        return Math.floor(num(0));
      case "TRUNCATE":
        return Math.trunc(num(0));
      case "ROUND": {
        const v = num(0);
        const n = a.length > 1 ? num(1) : 0;
        const f = 10 ** n;
        return Math.round(v * f) / f;
      }
      case "MOD":
        return num(0) % num(1);
      case "POWER":
        return num(0) ** num(1);
      case "SQRT":
        return Math.sqrt(num(0));
      case "EXP":
        return Math.exp(num(0));
      case "LN":
        return Math.log(num(0));
      case "MIN":
      case "MAX":
      case "SUM":
      case "AVG":
      case "AVGRANGE":
      case "SUMRANGE": {
        const vals = this.listValues(a, coords, depth, e.name);
        const present = vals.filter((v) => !isMissing(v));
        if (present.length === 0) return NaN_;
        if (e.name === "MIN") return Math.min(...present);
        if (e.name === "MAX") return Math.max(...present);
        const sum = present.reduce((x, y) => x + y, 0);
        return e.name.startsWith("AVG") ? sum / present.length : sum;
      }
      case "ISMBR": {
        const set = a.flatMap((x) => this.memberSet(x, coords));
        return set.some((m) => {
          const i = this.cube.dims.indexOf(m.dimension);
          return i >= 0 && coords[i] === m.stored.ordinal;
        })
          ? 1
          : 0;
      }
      case "ISLEV":
      case "ISGEN": {
        const dim = this.argMember(a[0], `@${e.name}`).dimension;
        const n = num(1);
        const cur = this.current(dim, coords);
        return (e.name === "ISLEV" ? cur.level : cur.generation) === n ? 1 : 0;
      }
      case "ISUDA": {
        const dim = this.argMember(a[0], "@ISUDA").dimension;
        const uda = this.argText(a[1], "@ISUDA").toLowerCase();
        return this.current(dim, coords).udas.some((u) => u.toLowerCase() === uda) ? 1 : 0;
      }
      case "ISCHILD":
      case "ISICHILD":
      case "ISDESC":
      case "ISIDESC":
      case "ISPARENT":
      case "ISANCEST":
      case "ISIANCEST": {
        const m = this.argMember(a[0], `@${e.name}`).stored;
        const cur = this.current(m.dimension, coords);
        const self = e.name.startsWith("ISI") && cur === m;
        let r = false;
        if (e.name.endsWith("CHILD")) r = cur.parent === m;
        else if (e.name.endsWith("DESC")) r = cur.isDescendantOf(m);
        else if (e.name === "ISPARENT") r = m.parent === cur;
        else r = m.isDescendantOf(cur);
        return r || self ? 1 : 0;
      }
      case "PRIOR":
      case "NEXT":
      case "SHIFT": {
        const t = this.cube.timeDim;
        if (t < 0) throw new CalcError({ id: "needsTimeDimension", fn: e.name });
        const n = a.length > 1 ? num(1) : 1;
        const step = e.name === "PRIOR" ? -n : n;
        const cur = this.cube.member(t, coords[t] as number);
        const list = levelMembers(this.cube.dims[t] as Dimension, cur.level);
        const pos = list.indexOf(cur);
        const target = list[pos + step];
        if (pos < 0 || !target) return NaN_;
        const saved = coords[t] as number;
        coords[t] = target.ordinal;
        try {
          return a[0] ? this.eval(a[0], coords, depth) : NaN_;
        } finally {
          coords[t] = saved;
        }
      }
      case "ATTRIBUTEVAL":
      case "ATTRIBUTEBVAL":
      case "ATTRIBUTESVAL": {
        const attrDim = this.attributeDimension(a[0]);
        const base = this.outline.dimension(attrDim.baseDimensionName ?? "");
        if (!base) return NaN_;
        const attr = this.current(base, coords).attributes.get(attrDim.name);
        if (!attr) return NaN_;
        if (attrDim.attributeKind === "date") return dateSeconds(attr.name);
        if (attrDim.attributeKind === "boolean")
          return /^(true|yes)$/i.test(attr.name.replace(/^.*_/, "")) ? 1 : 0;
        const n = Number(attr.name.replace(/^.*_/, ""));
        return Number.isFinite(n) ? n : NaN_;
      }
      case "CALCMBR":
        return NaN_;
      default:
        throw new CalcError({ id: "unsupportedFunction", fn: e.name }, e.pos.line, e.pos.column);
    }
  }

  private attributeDimension(arg: Expr | undefined): Dimension {
    const name = this.argText(arg, "@ATTRIBUTEVAL");
    const dim = this.outline.dimension(name) ?? this.outline.member(name)?.dimension;
    if (dim?.type !== "attribute") throw new CalcError({ id: "notAttributeDimension", name });
    return dim;
  }

  private listValues(args: Expr[], coords: number[], depth: number, fn: string): number[] {
    const out: number[] = [];
    for (const x of args) {
      if (x.kind === "ref" && x.parts.length === 1 && /^SKIP/i.test(x.parts[0] as string)) continue;
      if (x.kind === "call" && isSetFunction(x.name)) {
        for (const m of this.memberSet(x, coords)) out.push(this.valueWith([m], coords, depth));
      } else out.push(this.eval(x, coords, depth));
    }
    if (out.length === 0 && fn !== "SUM") return [];
    return out;
  }

  /** A member set: names, and functions such as @CHILDREN, @LEVMBRS, @UDA, @ATTRIBUTE, @REMOVE. */
  memberSet(e: Expr, coords?: readonly number[]): Member[] {
    if (e.kind === "ref") {
      if (e.parts.length !== 1) throw new CalcError({ id: "setCrossesDimensions" }, e.pos.line, e.pos.column);
      return this.refMembers(e);
    }
    if (e.kind === "string") return [this.resolveName(e.value, e.pos)];
    if (e.kind !== "call") throw new CalcError({ id: "expectedMemberSet" }, e.pos.line, e.pos.column);
    const a = e.args;
    const m0 = (): Member => this.argMember(a[0], `@${e.name}`);
    const n1 = (): number => {
      const x = a[1];
      if (!x) throw new CalcError({ id: "needsNumber", fn: e.name }, e.pos.line, e.pos.column);
      const v =
        x.kind === "number" ? x.value : x.kind === "unary" && x.arg.kind === "number" ? -x.arg.value : NaN_;
      if (!Number.isFinite(v)) {
        // level/generation names
        const dim = m0().dimension;
        const name = this.argText(x, `@${e.name}`);
        const byName = e.name.startsWith("LEV") ? dim.levelByName(name) : dim.generationByName(name);
        if (byName === undefined) throw new CalcError({ id: "unknownLevel", name }, e.pos.line, e.pos.column);
        return byName;
      }
      return v;
    };
    switch (e.name) {
      case "CHILDREN":
        return children(m0());
      case "ICHILDREN":
        return childrenInclusive(m0());
      case "DESCENDANTS":
        return descendants(m0());
      case "IDESCENDANTS":
        return descendantsInclusive(m0());
      case "SIBLINGS":
        return siblings(m0());
      case "ISIBLINGS":
        return siblingsInclusive(m0());
      case "PARENT": {
        const p = m0().parent;
        return p ? [p] : [];
      }
      case "ANCESTORS":
        return ancestors(m0());
      case "IANCESTORS":
        return ancestorsInclusive(m0());
      case "LEVMBRS":
        return levelMembers(m0().dimension, n1());
      case "GENMBRS":
        return generationMembers(m0().dimension, n1());
      case "RELATIVE":
        return relative(m0(), n1());
      case "UDA":
        return udaMembers(m0().dimension, this.argText(a[1], "@UDA"));
      case "ATTRIBUTE":
        return attributeMembers(this.outline, m0());
      case "LIST":
        return a.flatMap((x) => this.memberSet(x, coords));
      case "REMOVE": {
        const drop = new Set(this.memberSet(a[1] as Expr, coords).map((m) => m.stored));
        return this.memberSet(a[0] as Expr, coords).filter((m) => !drop.has(m.stored));
      }
      case "MATCH": {
        const scope = m0();
        const re = wildcardRegExp(this.argText(a[1], "@MATCH"));
        return descendantsInclusive(scope).filter((m) => re.test(m.name));
      }
      case "CURRMBR": {
        const dim = m0().dimension;
        if (!coords) throw new CalcError({ id: "currentMemberNeedsCell" }, e.pos.line, e.pos.column);
        return [this.current(dim, coords)];
      }
      default:
        throw new CalcError({ id: "notSetFunction", fn: e.name }, e.pos.line, e.pos.column);
    }
  }
}

const SET_FUNCTIONS = new Set([
  "CHILDREN",
  "ICHILDREN",
  "DESCENDANTS",
  "IDESCENDANTS",
  "SIBLINGS",
  "ISIBLINGS",
  "PARENT",
  "ANCESTORS",
  "IANCESTORS",
  "LEVMBRS",
  "GENMBRS",
  "RELATIVE",
  "UDA",
  "ATTRIBUTE",
  "LIST",
  "REMOVE",
  "MATCH",
]);

export function isSetFunction(name: string): boolean {
  return SET_FUNCTIONS.has(name);
}

function truthy(v: number): boolean {
  return !isMissing(v) && v !== 0;
}
