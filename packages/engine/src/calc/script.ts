import { type Cube, CubeError, isStorable, type Region } from "../cube/cube.ts";
import { attributeMembers } from "../members.ts";
import type { Dimension, Member } from "../outline.ts";
import type { Expr, Stmt } from "./ast.ts";
import type { CalcReason } from "./errors.ts";
import { CalcError, CalcReturn, FormulaEvaluator } from "./eval.ts";
import { parseCalcScript } from "./parser.ts";

/** A named calc script stored with a cube (`CalcAll`, `BudSeed`, …). */
export interface CalcScript {
  name: string;
  text: string;
  description?: string;
}

export interface CalcRunResult {
  /** Stored cells assigned by formulas, DATACOPY or CLEARDATA. */
  cellsWritten: number;
  /** Cells written to other cubes by @XWRITE. */
  remoteCellsWritten: number;
  /** The message of an `@RETURN` with level WARNING or INFO that ended the run early. */
  returned?: { message: string; level: "WARNING" | "INFO" };
  /** One line per statement executed (e.g. "CALC ALL", "SET AGGMISSG ON"). */
  log: string[];
}

/**
 * Runs a calc script against a cube: CALC ALL, CALC DIM, AGG, FIX/ENDFIX and EXCLUDE/ENDEXCLUDE over member
 * sets, assignments and member blocks with IF/ELSEIF/ELSE, CLEARDATA, CLEARBLOCK, DATACOPY, VAR and SET
 * commands. Syntax errors are thrown before anything runs ({@link CalcSyntaxError} with line and column).
 */
export function runCalcScript(cube: Cube, text: string, options: CalcRunOptions = {}): CalcRunResult {
  const stmts = parseCalcScript(text);
  return new CalcRunner(cube, options).run(stmts);
}

export interface CalcRunOptions {
  /** Other cubes by location alias (e.g. `_Plan2_`), for @XWRITE. */
  locations?: Record<string, Cube>;
}

class CalcRunner {
  private readonly ev: FormulaEvaluator;
  private readonly result: CalcRunResult = { cellsWritten: 0, remoteCellsWritten: 0, log: [] };

  constructor(
    private readonly cube: Cube,
    options: CalcRunOptions,
  ) {
    this.ev = new FormulaEvaluator(cube);
    for (const [alias, target] of Object.entries(options.locations ?? {})) {
      this.ev.locations.set(alias.toLowerCase(), target);
    }
  }

  run(stmts: Stmt[]): CalcRunResult {
    const savedAggMissing = this.cube.aggMissing;
    this.cube.flush();
    try {
      this.block(stmts, null);
    } catch (e) {
      if (!(e instanceof CalcReturn) || e.level === "ERROR") throw e;
      this.result.returned = { message: e.text, level: e.level };
      this.result.log.push(`@RETURN ${e.level}: ${e.text}`);
    } finally {
      this.cube.aggMissing = savedAggMissing;
      this.cube.version++;
      this.result.remoteCellsWritten = this.ev.xwrites;
    }
    return this.result;
  }

  private block(stmts: Stmt[], region: Region | null): void {
    for (const s of stmts) {
      try {
        this.statement(s, region);
      } catch (e) {
        if (e instanceof CalcError && e.line !== undefined) throw e;
        throw new CalcError(placeless(e), s.pos.line, s.pos.column);
      }
    }
  }

  private dimIndex(name: string): number {
    const i = this.cube.dims.findIndex((d) => d.name.toLowerCase() === name.toLowerCase());
    if (i < 0) throw new CalcError({ id: "unknownDimension", dimension: name });
    return i;
  }

  private statement(s: Stmt, region: Region | null): void {
    const cube = this.cube;
    switch (s.kind) {
      case "set": {
        this.result.log.push(`SET ${s.name} ${s.args.join(" ")}`.trim());
        if (s.name === "AGGMISSG") cube.aggMissing = /^on$/i.test(s.args[0] ?? "");
        return;
      }
      case "calcAll":
        this.result.log.push("CALC ALL");
        this.calculate(cube.calcOrder, region, true);
        return;
      case "calcDim":
      case "agg": {
        const dims = s.dims.map((d) => this.dimIndex(d));
        if (s.kind === "agg") {
          const dense = dims.filter((i) => cube.denseDims.includes(i));
          if (dense.length)
            throw new CalcError({ id: "aggDense", dimension: cube.dims[dense[0] as number]?.name ?? "" });
        }
        this.result.log.push(`${s.kind === "agg" ? "AGG" : "CALC DIM"} (${s.dims.join(", ")})`);
        this.calculate(dims, region, s.kind === "calcDim");
        return;
      }
      case "calcTwoPass":
        this.result.log.push("CALC TWOPASS");
        return;
      case "fix": {
        const inner = this.fixRegion(s.members, region, s.exclude);
        this.result.log.push(`${s.exclude ? "EXCLUDE" : "FIX"} (${s.members.length} member sets)`);
        this.block(s.body, inner);
        return;
      }
      case "var": {
        this.ev.vars.set(s.name.toLowerCase(), s.value ? this.ev.eval(s.value, [], 0) : Number.NaN);
        return;
      }
      case "assign":
        this.forEachTargetCell(s.target, region, (coords) => {
          this.store(coords, this.ev.eval(s.value, coords, 0));
        });
        return;
      case "memberBlock":
        this.forEachTargetCell(s.target, region, (coords) => {
          this.cellStatements(s.body, coords, s.target);
        });
        return;
      case "clearData": {
        // Dynamic Calc members hold nothing: CLEARDATA has no effect on them.
        const dynamic = this.ev.memberSet(s.target).filter((m) => !isStorable(m.stored));
        if (dynamic.length > 0) {
          this.result.log.push(
            `CLEARDATA has no effect on ${dynamic.map((m) => `"${m.name}"`).join(", ")} (not stored)`,
          );
          return;
        }
        this.result.log.push("CLEARDATA");
        cube.clear(this.fixRegion([s.target], region, false));
        return;
      }
      case "clearBlock":
        this.result.log.push(`CLEARBLOCK ${s.which}`);
        if (s.which === "DYNAMIC") return;
        cube.clear(region, s.which === "UPPER" || s.which === "NONINPUT");
        return;
      case "dataCopy":
        this.dataCopy(s.from, s.to, region);
        return;
      case "if":
      case "expr":
        throw new CalcError({ id: "assignmentNeeded" });
    }
  }

  /**
   * Consolidates dimensions; with `formulas`, stored members that carry a formula are then calculated (in
   * calculation order of their dimensions, outline order within) and the dimensions consolidated again so
   * that parents include the formula results. AGG never runs formulas.
   */
  private calculate(dims: readonly number[], region: Region | null, formulas: boolean): void {
    const cube = this.cube;
    cube.aggregate(dims, region);
    if (!formulas) return;
    let ran = false;
    for (const i of cube.calcOrder) {
      if (!dims.includes(i)) continue;
      for (const m of (cube.dims[i] as Dimension).members) {
        if (!m.formula || !isStorable(m)) continue;
        if (region?.[i] && region[i]?.[m.ordinal] !== 1) continue;
        const ref: Expr & { kind: "ref" } = { kind: "ref", parts: [m.name], pos: { line: 0, column: 0 } };
        this.forEachTargetCell(ref, region, (coords) => {
          this.store(coords, this.ev.memberValue(m, coords, 0));
        });
        ran = true;
      }
    }
    if (ran) cube.aggregate(dims, region);
  }

  /** Statements inside a member block, evaluated at one cell. */
  private cellStatements(stmts: Stmt[], coords: number[], blockTarget: Expr & { kind: "ref" }): void {
    for (const s of stmts) {
      switch (s.kind) {
        case "assign": {
          const v = this.ev.eval(s.value, coords, 0);
          this.withMembers(this.targetMembers(s.target), coords, () => this.store(coords, v));
          break;
        }
        case "expr": {
          const v = this.ev.eval(s.value, coords, 0);
          // @XWRITE and @RETURN act by themselves; any other expression is the block member's new value.
          if (s.value.kind === "call" && (s.value.name === "XWRITE" || s.value.name === "RETURN")) break;
          this.withMembers(this.targetMembers(blockTarget), coords, () => this.store(coords, v));
          break;
        }
        case "if": {
          const br = s.branches.find((b) => {
            const v = this.ev.eval(b.cond, coords, 0);
            return !Number.isNaN(v) && v !== 0;
          });
          const body = br ? br.body : s.otherwise;
          if (body) this.cellStatements(body, coords, blockTarget);
          break;
        }
        default:
          throw new CalcError({ id: "notInMemberBlock", statement: s.kind }, s.pos.line, s.pos.column);
      }
    }
  }

  private withMembers(members: readonly Member[], coords: number[], fn: () => void): void {
    const saved = members.map((m) => {
      const i = this.cube.dims.indexOf(m.dimension);
      const old = coords[i] as number;
      coords[i] = m.stored.ordinal;
      return [i, old] as const;
    });
    try {
      fn();
    } finally {
      for (const [i, old] of saved.reverse()) coords[i] = old;
    }
  }

  private store(coords: readonly number[], v: number): void {
    if (this.cube.setCalculated(coords, v)) this.result.cellsWritten++;
  }

  private targetMembers(target: Expr & { kind: "ref" }): Member[] {
    const ms = this.ev.refMembers(target);
    for (const m of ms) {
      if (m.dimension.type === "attribute") throw new CalcError({ id: "assignAttribute", member: m.name });
      if (!isStorable(m.stored)) {
        const storage = m.stored.storage === "label-only" ? "label-only" : "dynamic";
        throw new CalcError({ id: "assignNotStored", member: m.name, storage });
      }
    }
    return ms;
  }

  /** The region narrowed by FIX (or EXCLUDE) member sets; sets in the same dimension are united. */
  private fixRegion(sets: readonly Expr[], outer: Region | null, exclude: boolean): Region {
    const cube = this.cube;
    const picked: (Set<number> | null)[] = cube.dims.map(() => null);
    for (const e of sets) {
      for (const raw of this.ev.memberSet(e)) {
        const ms = raw.dimension.type === "attribute" ? attributeMembers(cube.outline, raw) : [raw];
        for (const m of ms) {
          const i = cube.dims.indexOf(m.dimension);
          if (i < 0) continue;
          const set = picked[i] ?? new Set<number>();
          set.add(m.stored.ordinal);
          picked[i] = set;
        }
      }
    }
    return cube.dims.map((d, i) => {
      const base = outer?.[i] ?? null;
      const set = picked[i];
      if (!set) return base;
      const mask = new Uint8Array(d.size);
      for (let o = 0; o < d.size; o++) {
        const inSet = set.has(o);
        const allowed = base ? base[o] === 1 : true;
        mask[o] = allowed && (exclude ? !inSet : inSet) ? 1 : 0;
      }
      return mask;
    });
  }

  private storedOrdinals(dim: Dimension, mask: Uint8Array | null): number[] {
    return dim.members.filter((m) => isStorable(m) && (!mask || mask[m.ordinal] === 1)).map((m) => m.ordinal);
  }

  /** Calls `fn` for each stored cell of the region with the target's members fixed (blocks created on demand). */
  private forEachTargetCell(
    target: Expr & { kind: "ref" },
    region: Region | null,
    fn: (coords: number[]) => void,
  ): void {
    const cube = this.cube;
    const members = this.targetMembers(target);
    const fixed = new Map<number, number>();
    for (const m of members) fixed.set(cube.dims.indexOf(m.dimension), m.stored.ordinal);
    const denseLists = cube.denseDims.map((i) =>
      fixed.has(i)
        ? [fixed.get(i) as number]
        : this.storedOrdinals(cube.dims[i] as Dimension, region?.[i] ?? null),
    );
    const sparseFixed = [...fixed.keys()].filter((i) => cube.sparseDims.includes(i));
    const keys = new Set<number>();
    cube.forEachBlock(
      region && sparseFixed.length ? region.map((m, i) => (sparseFixed.includes(i) ? null : m)) : region,
      (_b, key) => {
        let k = key;
        for (const i of sparseFixed)
          k += ((fixed.get(i) as number) - cube.ordOf(key, i)) * (cube.sparseStride[i] as number);
        keys.add(k);
      },
    );
    const coords = cube.dims.map(() => 0);
    for (const key of keys) {
      cube.decodeKey(key, coords);
      if (cube.sparseDims.some((i) => !isStorable(cube.member(i, coords[i] as number)))) continue;
      const rec = (k: number): void => {
        if (k === cube.denseDims.length) {
          fn(coords);
          return;
        }
        const i = cube.denseDims[k] as number;
        for (const o of denseLists[k] as number[]) {
          coords[i] = o;
          rec(k + 1);
        }
      };
      rec(0);
    }
  }

  private dataCopy(fromE: Expr, toE: Expr, region: Region | null): void {
    const cube = this.cube;
    const from = this.ev.memberSet(fromE);
    const to = this.ev.memberSet(toE);
    if (from.length !== to.length || from.length === 0) throw new CalcError({ id: "dataCopyLists" });
    for (const m of to) {
      if (!isStorable(m.stored)) throw new CalcError({ id: "dataCopyTarget", member: m.name });
    }
    this.result.log.push("DATACOPY");
    from.forEach((src, k) => {
      const dst = to[k] as Member;
      const i = cube.dims.indexOf(src.dimension);
      if (i < 0 || dst.dimension !== src.dimension) throw new CalcError({ id: "dataCopyDimensions" });
      const srcRegion: Region = cube.dims.map((d, j) => {
        if (j !== i) return region?.[j] ?? null;
        const mask = new Uint8Array(d.size);
        mask[src.stored.ordinal] = 1;
        return mask;
      });
      const coords = cube.dims.map(() => 0);
      const denseLists = cube.denseDims.map((j) =>
        j === i ? [src.stored.ordinal] : this.storedOrdinals(cube.dims[j] as Dimension, region?.[j] ?? null),
      );
      const keys: number[] = [];
      cube.forEachBlock(cube.sparseDims.includes(i) ? srcRegion : region, (_b, key) => {
        keys.push(key);
      });
      for (const key of keys) {
        cube.decodeKey(key, coords);
        const rec = (k: number): void => {
          if (k === cube.denseDims.length) {
            const v = cube.storedValue(coords);
            const saved = coords[i] as number;
            coords[i] = dst.stored.ordinal;
            if (!Number.isNaN(v) || cube.blockOf(coords) >= 0) this.store(coords, v);
            coords[i] = saved;
            return;
          }
          const j = cube.denseDims[k] as number;
          for (const o of denseLists[k] as number[]) {
            coords[j] = o;
            rec(k + 1);
          }
        };
        rec(0);
      }
    });
  }
}

/**
 * Why a statement failed, when what it threw has no place yet: a calculation's own reason, a circular dynamic
 * formula, or any other fault with its message.
 */
function placeless(e: unknown): CalcReason {
  if (e instanceof CalcError) return e.reason;
  if (e instanceof CubeError && e.code === "CUBE_TOO_DEEP") return { id: "tooDeep" };
  return { id: "internal", message: (e as Error).message };
}
