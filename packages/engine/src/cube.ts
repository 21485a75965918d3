import { FormulaEvaluator } from "./calc-eval.ts";
import {
  combine,
  OP_MINUS,
  OP_SKIP,
  opCode,
  SKIPS,
  skipCode,
  tbCode,
  timeBalance,
} from "./cube/arithmetic.ts";
import { readByAttributes } from "./cube/attributes.ts";
import { CubeError } from "./cube/cube-error.ts";
import { BlockStore, type CubeSnapshot } from "./cube/storage.ts";
import { readToDate } from "./cube/time-series.ts";
import type { CellValue, DataSource } from "./data-source.ts";
import type { Dimension, Member, Outline } from "./outline.ts";

export { combine } from "./cube/arithmetic.ts";
export { CubeError } from "./cube/cube-error.ts";
export type { CubeSnapshot } from "./cube/storage.ts";

/**
 * A block-storage cube (Essbase BSO style). Stored values live in one Float64Array pool of blocks (NaN =
 * #Missing); a block holds every stored combination of the dense dimensions for one combination of sparse
 * members, found through a {@link BlockIndex} keyed by the packed sparse ordinals. Upper levels of stored
 * members are materialised by aggregation (CALC ALL or the incremental pass after writes); dynamic-calc and
 * label-only members, member formulas, attribute slices and Dynamic Time Series are computed at retrieval.
 */

/** Per base dimension: the member ordinals a calculation may touch (`null` = every member). */
export type Region = (Uint8Array | null)[];

/** Whether a member keeps data in the cube (stored or never-share; shared members point at their prototype). */
export function isStorable(m: Member): boolean {
  return m.storage === "store" || m.storage === "never-share";
}

export interface CubeOptions {
  /** SET AGGMISSG: when true, all-#Missing children overwrite a value stored at the parent. Default false. */
  aggMissing?: boolean;
  /** Blocks to reserve room for. */
  expectedBlocks?: number;
}

export class Cube implements DataSource {
  readonly outline: Outline;
  /** Base (non-attribute) dimensions in outline order: the tuple order. */
  readonly dims: readonly Dimension[];
  aggMissing: boolean;
  readonly denseDims: readonly number[];
  readonly sparseDims: readonly number[];
  /** Base dimension indexes in Essbase calculation order (accounts, time, other dense, sparse). */
  readonly calcOrder: readonly number[];
  readonly accountsDim: number;
  readonly timeDim: number;
  readonly blockSize: number;
  /** Dense dims: ordinal → slot in the block (-1 when the member is not stored). */
  readonly slotOf: readonly Int32Array[];
  readonly denseStride: readonly number[];
  readonly sparseStride: readonly number[];
  /** Number of sparse member combinations (the range of block keys). */
  readonly sparseSpace: number;
  /** Per base dim: 1 for members tagged `^` (never consolidated, in any dimension); null when none. */
  private readonly never: (Uint8Array | null)[];
  /** Dense cells that consolidate across other dimensions (none of their dense members is `^`); null = all. */
  private readonly consolidating: Int32Array | null;
  private readonly childOrds: Int32Array[][];
  private readonly childOps: Uint8Array[][];
  /** Per base dim: stored parents by increasing level (their values are materialised by aggregation). */
  private readonly aggParents: Member[][];
  /** Per base dim: 1 for stored parents (the members aggregation materialises). */
  private readonly isUpperOrd: Uint8Array[];
  private readonly densePlans = new Map<string, Int32Array>();
  private readonly depChains = new Map<number, number[]>();

  /** The blocks: stored values, input flags, keys, upper-level bits and the sparse index. */
  private readonly store: BlockStore;
  private readonly dirty = new Set<number>();
  private readonly evaluator: FormulaEvaluator;
  /** Bumped on every change, so callers can cache reads. */
  version = 0;

  constructor(outline: Outline, options: CubeOptions = {}) {
    this.outline = outline;
    this.dims = outline.baseDimensions;
    this.aggMissing = options.aggMissing ?? false;
    const dense: number[] = [];
    const sparse: number[] = [];
    this.dims.forEach((d, i) => {
      (d.density === "dense" ? dense : sparse).push(i);
    });
    this.denseDims = dense;
    this.sparseDims = sparse;
    this.accountsDim = this.dims.findIndex((d) => d.type === "accounts");
    this.timeDim = this.dims.findIndex((d) => d.type === "time");
    const denseOrder = [
      ...dense.filter((i) => i === this.accountsDim),
      ...dense.filter((i) => i === this.timeDim),
      ...dense.filter((i) => i !== this.accountsDim && i !== this.timeDim),
    ];
    this.calcOrder = [...denseOrder, ...sparse];

    const slotOf: Int32Array[] = [];
    const denseStride: number[] = [];
    const sparseStride: number[] = [];
    let bs = 1;
    for (let i = this.dims.length - 1; i >= 0; i--) {
      const d = this.dims[i] as Dimension;
      const slots = new Int32Array(d.size).fill(-1);
      if (d.density === "dense") {
        let n = 0;
        for (const m of d.members) if (isStorable(m)) slots[m.ordinal] = n++;
        for (const m of d.members)
          if (m.isShared && m.prototype) slots[m.ordinal] = slots[m.prototype.ordinal] as number;
        denseStride[i] = bs;
        bs *= n;
        sparseStride[i] = 0;
      } else denseStride[i] = 0;
      slotOf[i] = slots;
    }
    let ss = 1;
    for (let i = this.dims.length - 1; i >= 0; i--) {
      const d = this.dims[i] as Dimension;
      if (d.density === "sparse") {
        sparseStride[i] = ss;
        ss *= d.size;
      }
    }
    if (ss > Number.MAX_SAFE_INTEGER)
      throw new CubeError("Too many sparse combinations for 53-bit block keys");
    this.sparseSpace = ss;
    this.slotOf = slotOf;
    this.denseStride = denseStride;
    this.sparseStride = sparseStride;
    this.blockSize = bs;

    this.childOrds = this.dims.map((d) =>
      d.members.map((m) => Int32Array.from(m.children.map((c) => c.stored.ordinal))),
    );
    this.childOps = this.dims.map((d) =>
      d.members.map((m) => Uint8Array.from(m.children.map((c) => opCode(c.consolidation)))),
    );
    this.never = this.dims.map((d) => {
      if (!d.members.some((m) => m.consolidation === "^")) return null;
      const mask = new Uint8Array(d.size);
      for (const m of d.members)
        if (m.stored.consolidation === "^" || m.consolidation === "^") mask[m.stored.ordinal] = 1;
      return mask;
    });
    this.consolidating = this.regionCells(null, true);
    this.aggParents = this.dims.map((d) =>
      d.members
        .filter((m) => !m.isLeaf && isStorable(m))
        .sort((a, b) => a.level - b.level || a.ordinal - b.ordinal),
    );
    this.isUpperOrd = this.dims.map((d, i) => {
      const mask = new Uint8Array(d.size);
      for (const p of this.aggParents[i] as Member[]) mask[p.ordinal] = 1;
      return mask;
    });

    this.store = new BlockStore(bs, Math.max(16, options.expectedBlocks ?? 64));
    this.evaluator = new FormulaEvaluator(this);
  }

  // ---------------------------------------------------------------- addressing

  /** Stored ordinals of a tuple of base members (shared members map to their prototype). */
  coordsOf(tuple: readonly Member[]): number[] {
    if (tuple.length < this.dims.length) {
      throw new CubeError(`A tuple needs one member per base dimension (${this.dims.length})`);
    }
    const out: number[] = [];
    for (let i = 0; i < this.dims.length; i++) {
      const m = tuple[i] as Member;
      if (m.dimension !== this.dims[i]) {
        throw new CubeError(
          `Member "${m.name}" is not in dimension ${this.dims[i]?.name} (tuple position ${i})`,
        );
      }
      out.push(m.stored.ordinal);
    }
    return out;
  }

  member(dim: number, ordinal: number): Member {
    return (this.dims[dim] as Dimension).members[ordinal] as Member;
  }

  keyOf(coords: readonly number[]): number {
    let k = 0;
    for (const i of this.sparseDims) k += (coords[i] as number) * (this.sparseStride[i] as number);
    return k;
  }

  /** Offset of a cell inside its block, or -1 when a dense member is not stored. */
  cellOf(coords: readonly number[]): number {
    let c = 0;
    for (const i of this.denseDims) {
      const s = (this.slotOf[i] as Int32Array)[coords[i] as number] as number;
      if (s < 0) return -1;
      c += s * (this.denseStride[i] as number);
    }
    return c;
  }

  ordOf(key: number, dim: number): number {
    return Math.floor(key / (this.sparseStride[dim] as number)) % (this.dims[dim] as Dimension).size;
  }

  blockOf(coords: readonly number[]): number {
    return this.store.index.get(this.keyOf(coords));
  }

  /** Finds or creates the block of a sparse key (new blocks are all #Missing). */
  ensureBlock(key: number, upperBits = -1): number {
    const b = this.store.index.get(key);
    if (b >= 0) return b;
    return this.appendBlock(key, upperBits);
  }

  /** Appends a block for a key known to be absent. */
  private appendBlock(key: number, upperBits: number, fill = true): number {
    return this.store.append(key, upperBits >= 0 ? upperBits : this.upperBitsOf(key), fill);
  }

  private upperBitsOf(key: number): number {
    let bits = 0;
    this.sparseDims.forEach((i, k) => {
      if (k < 8 && this.isUpperOrd[i]?.[this.ordOf(key, i)] === 1) bits |= 1 << k;
    });
    return bits;
  }

  isInput(block: number, cell: number): boolean {
    return this.store.isInput(block, cell);
  }

  /** Blocks that exist. */
  get blockCount(): number {
    return this.store.blockCount;
  }

  /** Bytes held by stored values, input flags, block keys and the sparse index. */
  get byteLength(): number {
    return this.store.byteLength;
  }

  /** Bytes actually used by the blocks that exist (pool capacity excluded). */
  get usedBytes(): number {
    return this.store.usedBytes;
  }

  /** Number of non-#Missing stored cells. */
  storedCellCount(): number {
    return this.store.storedCellCount();
  }

  // ---------------------------------------------------------------- loading and writing

  /**
   * Loads a stored value without re-aggregating (bulk loads call {@link calcAll} afterwards). Dynamic and
   * label-only intersections are skipped, as Essbase loads skip them; returns whether the value was kept.
   */
  loadCell(coords: readonly number[], value: number | null): boolean {
    const cell = this.cellOf(coords);
    if (cell < 0) return false;
    for (const i of this.sparseDims) if (!isStorable(this.member(i, coords[i] as number))) return false;
    const key = this.keyOf(coords);
    if (value === null) {
      const b = this.store.index.get(key);
      if (b < 0) return true;
      this.store.data[b * this.blockSize + cell] = Number.NaN;
      this.store.setInput(b, cell, false);
      this.version++;
      return true;
    }
    const b = this.ensureBlock(key);
    this.store.data[b * this.blockSize + cell] = value;
    this.store.setInput(b, cell, true);
    this.version++;
    return true;
  }

  /** Loads a value by member names (one per base dimension, in outline order). */
  loadByNames(names: readonly string[], value: number | null): void {
    const tuple = names.map((n) => {
      const m = this.outline.member(n);
      if (!m) throw new CubeError(`Unknown member "${n}"`);
      return m;
    });
    if (!this.loadCell(this.coordsOf(tuple), value))
      throw new CubeError(`Cannot load into ${names.join(", ")}`);
  }

  writeBlocker(tuple: readonly Member[]): string | null {
    if (tuple.length < this.dims.length) return "The intersection needs one member per dimension";
    for (let i = 0; i < tuple.length; i++) {
      const m = tuple[i] as Member;
      if (i >= this.dims.length) {
        if (m.dimension.type === "attribute" && m.ordinal !== 0)
          return "Attribute intersections are read-only";
        continue;
      }
      if (m.dimension !== this.dims[i]) return `"${m.name}" is not a member of ${this.dims[i]?.name}`;
      const s = m.stored;
      if (s.storage === "label-only") return `"${m.name}" is label only`;
      if (s.isDynamic) return `"${m.name}" is Dynamic Calc`;
    }
    return null;
  }

  write(tuple: readonly Member[], value: CellValue): void {
    const blocker = this.writeBlocker(tuple);
    if (blocker) throw new CubeError(blocker);
    const coords = this.coordsOf(tuple);
    const cell = this.cellOf(coords);
    if (cell < 0) throw new CubeError("The intersection is not stored");
    const key = this.keyOf(coords);
    let b = this.store.index.get(key);
    if (b < 0) {
      if (value === null) return;
      b = this.ensureBlock(key);
    }
    const v = value === null ? Number.NaN : value;
    this.store.data[b * this.blockSize + cell] = v;
    this.store.setInput(b, cell, value !== null);
    this.dirty.add(b);
    this.version++;
  }

  /** Sets a stored cell from a calculation (not an input value). */
  setCalculated(coords: readonly number[], v: number): boolean {
    const cell = this.cellOf(coords);
    if (cell < 0) return false;
    const key = this.keyOf(coords);
    let b = this.store.index.get(key);
    if (b < 0) {
      if (Number.isNaN(v)) return true;
      b = this.ensureBlock(key);
    }
    this.store.data[b * this.blockSize + cell] = v;
    this.version++;
    return true;
  }

  // ---------------------------------------------------------------- reading

  read(tuple: readonly Member[]): CellValue {
    const v = this.readNumber(tuple);
    return !Number.isNaN(v) ? v : null;
  }

  /** Like {@link read} with NaN for #Missing. Extra attribute members in the tuple slice by attributes. */
  readNumber(tuple: readonly Member[]): number {
    this.flush();
    const coords = this.coordsOf(tuple);
    if (tuple.length > this.dims.length) {
      const attrs = tuple.slice(this.dims.length).filter((m) => m.dimension.type === "attribute");
      if (attrs.length > 0) return readByAttributes(this, coords, attrs);
    }
    return this.valueAt(coords);
  }

  /** The stored value of an intersection (no dynamic calculation). */
  storedValue(coords: readonly number[]): number {
    const b = this.blockOf(coords);
    if (b < 0) return Number.NaN;
    const c = this.cellOf(coords);
    return c < 0 ? Number.NaN : (this.store.data[b * this.blockSize + c] as number);
  }

  /**
   * The value of an intersection given as stored ordinals: dynamic members are expanded outermost-first in
   * reverse calculation order (two-pass members last of all, i.e. outermost), then stored cells are read.
   */
  valueAt(coords: number[], depth = 0): number {
    if (depth > 64)
      throw new CubeError("Dynamic calculation is too deep (circular formula?)", "CUBE_TOO_DEEP");
    const order = this.calcOrder;
    for (let k = order.length - 1; k >= 0; k--) {
      const i = order[k] as number;
      const m = this.member(i, coords[i] as number);
      if (m.twoPass && !isStorable(m)) return this.expand(i, m, coords, depth);
    }
    for (let k = order.length - 1; k >= 0; k--) {
      const i = order[k] as number;
      const m = this.member(i, coords[i] as number);
      if (!isStorable(m)) return this.expand(i, m, coords, depth);
    }
    return this.storedValue(coords);
  }

  private expand(i: number, m: Member, coords: number[], depth: number): number {
    const saved = coords[i] as number;
    try {
      if (m.storage === "label-only") {
        const first = m.children[0];
        if (!first) return Number.NaN;
        coords[i] = first.stored.ordinal;
        return this.valueAt(coords, depth + 1);
      }
      if (m.formula) return this.evaluator.memberValue(m, coords, depth + 1);
      if (m.isLeaf) return Number.NaN;
      return this.consolidate(i, m, coords, depth);
    } finally {
      coords[i] = saved;
    }
  }

  private consolidate(i: number, m: Member, coords: number[], depth: number): number {
    for (let j = 0; j < coords.length; j++) {
      if (j !== i && this.never[j]?.[coords[j] as number] === 1) return Number.NaN;
    }
    const ords = (this.childOrds[i] as Int32Array[])[m.ordinal] as Int32Array;
    const ops = (this.childOps[i] as Uint8Array[])[m.ordinal] as Uint8Array;
    const tb =
      i === this.timeDim && this.accountsDim >= 0
        ? this.member(this.accountsDim, coords[this.accountsDim] as number)
        : null;
    if (tb && tb.timeBalance !== "none") {
      const vals: number[] = [];
      for (let k = 0; k < ords.length; k++) {
        coords[i] = ords[k] as number;
        vals.push(this.valueAt(coords, depth + 1));
      }
      return timeBalance(vals, tbCode(tb.timeBalance), tb.timeBalanceSkip);
    }
    let r = Number.NaN;
    for (let k = 0; k < ords.length; k++) {
      const op = ops[k] as number;
      if (op === OP_SKIP) continue;
      coords[i] = ords[k] as number;
      r = combine(r, this.valueAt(coords, depth + 1), op);
    }
    return r;
  }

  /**
   * A Dynamic Time Series value such as `Q-T-D(May)` (see `cube/time-series.ts`).
   */
  readToDate(tuple: readonly Member[], dts: string, latest: Member): CellValue {
    return readToDate(this, tuple, dts, latest);
  }

  // ---------------------------------------------------------------- aggregation

  /** CALC ALL: dense consolidation in every block, then each sparse dimension in outline order. */
  calcAll(): void {
    this.flush();
    this.aggregate(this.calcOrder, null);
  }

  /**
   * Consolidates the given base dimensions (in calculation order) within a region: dense dimensions inside
   * each block, sparse dimensions across blocks. Used by CALC ALL, CALC DIM and AGG.
   */
  aggregate(dims: readonly number[], region: Region | null): void {
    const ordered = this.calcOrder.filter((i) => dims.includes(i));
    const dense = ordered.filter((i) => this.denseDims.includes(i));
    const sparse = ordered.filter((i) => this.sparseDims.includes(i));
    if (dense.length > 0) {
      const plan = this.densePlan(dense, region);
      for (let b = 0; b < this.store.blockCount; b++) {
        if (region && !this.blockInRegion(b, region, -1)) continue;
        this.runDensePlan(plan, b);
      }
    }
    sparse.forEach((d, k) => {
      this.aggregateSparse(d, region, sparse.slice(k + 1));
    });
    this.version++;
  }

  private blockInRegion(b: number, region: Region, except: number): boolean {
    const key = this.store.keys[b] as number;
    for (const i of this.sparseDims) {
      if (i === except) continue;
      const mask = region[i];
      if (mask && mask[this.ordOf(key, i)] !== 1) return false;
    }
    return true;
  }

  /** Dense cells (block offsets) inside a region, or null for the whole block. */
  private regionCells(region: Region | null, consolidating = false): Int32Array | null {
    const skipNever = consolidating && this.denseDims.some((i) => this.never[i]);
    if (!skipNever && (!region || this.denseDims.every((i) => !region[i]))) return null;
    const out: number[] = [];
    const rec = (k: number, off: number): void => {
      if (k === this.denseDims.length) {
        out.push(off);
        return;
      }
      const i = this.denseDims[k] as number;
      const dim = this.dims[i] as Dimension;
      const mask = region?.[i];
      const never = skipNever ? this.never[i] : null;
      for (const m of dim.members) {
        if (m.isShared || (mask && mask[m.ordinal] !== 1) || never?.[m.ordinal] === 1) continue;
        const s = (this.slotOf[i] as Int32Array)[m.ordinal] as number;
        if (s >= 0) rec(k + 1, off + s * (this.denseStride[i] as number));
      }
    };
    rec(0, 0);
    return Int32Array.from(out);
  }

  /**
   * Compiles the consolidation of stored dense parents into instructions over block offsets:
   * `[kind, target, n, child0, op0, …]`, kind = time balance code | skip << 2.
   */
  private densePlan(dims: readonly number[], region: Region | null): Int32Array {
    const cacheKey = region ? "" : dims.join(",");
    const cached = cacheKey ? this.densePlans.get(cacheKey) : undefined;
    if (cached) return cached;
    const out: number[] = [];
    const denseSlots = (i: number): Member[] =>
      (this.dims[i] as Dimension).members.filter(
        (m) => !m.isShared && (this.slotOf[i] as Int32Array)[m.ordinal] !== -1,
      );
    for (const d of dims) {
      const others = this.denseDims.filter((i) => i !== d);
      const parents = (this.aggParents[d] as Member[]).filter(
        (p) => !region?.[d] || region[d]?.[p.ordinal] === 1,
      );
      if (parents.length === 0) continue;
      // every combination of the other dense dimensions' stored members
      const combos: Map<number, number>[] = [new Map()];
      for (const o of others) {
        const next: Map<number, number>[] = [];
        for (const c of combos) {
          for (const m of denseSlots(o)) {
            if (region?.[o] && region[o]?.[m.ordinal] !== 1) continue;
            const n = new Map(c);
            n.set(o, m.ordinal);
            next.push(n);
          }
        }
        combos.splice(0, combos.length, ...next);
      }
      for (const combo of combos) {
        if ([...combo].some(([o, ord]) => this.never[o]?.[ord] === 1)) continue;
        let base = 0;
        for (const [o, ord] of combo)
          base += ((this.slotOf[o] as Int32Array)[ord] as number) * (this.denseStride[o] as number);
        const acct =
          d === this.timeDim && this.accountsDim >= 0 && combo.has(this.accountsDim)
            ? this.member(this.accountsDim, combo.get(this.accountsDim) as number)
            : null;
        const kind =
          acct && acct.timeBalance !== "none"
            ? tbCode(acct.timeBalance) | (skipCode(acct.timeBalanceSkip) << 2)
            : 0;
        for (const p of parents) {
          const target =
            base + ((this.slotOf[d] as Int32Array)[p.ordinal] as number) * (this.denseStride[d] as number);
          const kids: number[] = [];
          p.children.forEach((c) => {
            const s = (this.slotOf[d] as Int32Array)[c.stored.ordinal] as number;
            const op = opCode(c.consolidation);
            if (op === OP_SKIP && kind === 0) return;
            kids.push(s < 0 ? -1 : base + s * (this.denseStride[d] as number), op);
          });
          out.push(kind, target, kids.length / 2, ...kids);
        }
      }
    }
    const plan = Int32Array.from(out);
    if (cacheKey) this.densePlans.set(cacheKey, plan);
    return plan;
  }

  private runDensePlan(plan: Int32Array, b: number): void {
    const data = this.store.data;
    const off = b * this.blockSize;
    const keepInput = !this.aggMissing;
    let p = 0;
    const vals: number[] = [];
    while (p < plan.length) {
      const kind = plan[p] as number;
      const target = plan[p + 1] as number;
      const n = plan[p + 2] as number;
      let r = Number.NaN;
      if (kind === 0) {
        for (let k = 0; k < n; k++) {
          const c = plan[p + 3 + 2 * k] as number;
          const v = c < 0 ? Number.NaN : (data[off + c] as number);
          r = combine(r, v, plan[p + 4 + 2 * k] as number);
        }
      } else {
        vals.length = 0;
        for (let k = 0; k < n; k++) {
          const c = plan[p + 3 + 2 * k] as number;
          vals.push(c < 0 ? Number.NaN : (data[off + c] as number));
        }
        r = timeBalance(vals, kind & 3, SKIPS[kind >>> 2] as string);
      }
      if (!Number.isNaN(r) || !keepInput || !this.isInput(b, target)) data[off + target] = r;
      p += 3 + 2 * n;
    }
  }

  private aggregateSparse(d: number, region: Region | null, later: readonly number[]): void {
    const dim = this.dims[d] as Dimension;
    const stride = this.sparseStride[d] as number;
    const bs = this.blockSize;
    const cells = this.regionCells(region, true);
    const keepInput = !this.aggMissing;
    const neverOthers = this.sparseDims.filter((i) => i !== d && this.never[i]);
    // Blocks by their member of `d`, in block order (sequential in memory).
    const buckets: number[][] = dim.members.map(() => []);
    // Blocks that are upper-level in a dimension aggregated later are recomputed then: leave them out.
    let laterMask = 0;
    for (const i of later) {
      const k = this.sparseDims.indexOf(i);
      if (k < 8) laterMask |= 1 << k;
    }
    const ownBit = this.sparseDims.indexOf(d) < 8 ? 1 << this.sparseDims.indexOf(d) : 0;
    const upperBits = this.store.upperBits;
    const n0 = this.store.blockCount;
    for (let b = 0; b < n0; b++) {
      if ((upperBits[b] as number) & laterMask) continue;
      const key = this.store.keys[b] as number;
      if (region && !this.blockInRegion(b, region, d)) continue;
      let skip = false;
      for (const i of neverOthers) if ((this.never[i] as Uint8Array)[this.ordOf(key, i)] === 1) skip = true;
      if (!skip) (buckets[this.ordOf(key, d)] as number[]).push(b);
    }
    // Targets of one parent share every sparse member but `d`: when that space is small, a flat array indexed
    // by the other members finds them without hashing.
    // Indexed by the key with `d`'s member taken out (key − member × stride).
    const proj = this.sparseSpace <= 1 << 24 ? this.projection(this.sparseSpace) : null;
    const mask = region?.[d] ?? null;
    const scratch = new Float64Array(bs);
    for (const p of this.aggParents[d] as Member[]) {
      if (mask && mask[p.ordinal] !== 1) continue;
      const ords = (this.childOrds[d] as Int32Array[])[p.ordinal] as Int32Array;
      const ops = (this.childOps[d] as Uint8Array[])[p.ordinal] as Uint8Array;
      const targets = buckets[p.ordinal] as number[];
      let simple = true;
      for (let k = 0; k < ops.length; k++)
        if ((ops[k] as number) > OP_MINUS && ops[k] !== OP_SKIP) simple = false;
      if (!simple) {
        // Ordered operators: compute every target from its children in outline order.
        for (let k = 0; k < ords.length; k++) {
          const c = ords[k] as number;
          if (ops[k] === OP_SKIP) continue;
          const delta = (p.ordinal - c) * stride;
          for (const b of buckets[c] as number[]) {
            const tKey = (this.store.keys[b] as number) + delta;
            if (this.store.index.get(tKey) < 0) targets.push(this.ensureBlock(tKey));
          }
        }
        for (const t of targets) this.computeBlockFrom(t, d, p, cells, scratch);
        continue;
      }
      // Reset the existing targets (keeping input cells aside under AGGMISSG off), then accumulate.
      const backups: { b: number; cell: number; v: number }[] = [];
      const touched: number[] = [];
      for (const t of targets) {
        const o = t * bs;
        if (proj) {
          const r = (this.store.keys[t] as number) - p.ordinal * stride;
          proj[r] = t;
          touched.push(r);
        }
        if (cells) {
          for (let k = 0; k < cells.length; k++) {
            const c = cells[k] as number;
            if (keepInput && this.isInput(t, c))
              backups.push({ b: t, cell: c, v: this.store.data[o + c] as number });
            this.store.data[o + c] = Number.NaN;
          }
        } else {
          if (keepInput) {
            for (let c = 0; c < bs; c++) {
              if (this.isInput(t, c)) backups.push({ b: t, cell: c, v: this.store.data[o + c] as number });
            }
          }
          this.store.data.fill(Number.NaN, o, o + bs);
        }
      }
      for (let k = 0; k < ords.length; k++) {
        const op = ops[k] as number;
        if (op === OP_SKIP) continue;
        const c = ords[k] as number;
        const sign = op === OP_MINUS ? -1 : 1;
        const delta = (p.ordinal - c) * stride;
        const sources = buckets[c] as number[];
        for (let s = 0; s < sources.length; s++) {
          const b = sources[s] as number;
          const sKey = this.store.keys[b] as number;
          let t: number;
          let fresh = false;
          if (proj) {
            const r = sKey - c * stride;
            t = proj[r] as number;
            if (t < 0) {
              t = this.store.index.get(sKey + delta);
              if (t < 0) {
                // a whole-block copy follows, so the new block needs no #Missing fill
                t = this.appendBlock(
                  sKey + delta,
                  (this.store.upperBits[b] as number) | ownBit,
                  cells !== null,
                );
                fresh = true;
              }
              targets.push(t);
              proj[r] = t;
              touched.push(r);
            }
          } else {
            t = this.store.index.get(sKey + delta);
            if (t < 0) {
              t = this.appendBlock(
                sKey + delta,
                (this.store.upperBits[b] as number) | ownBit,
                cells !== null,
              );
              fresh = true;
              targets.push(t);
            }
          }
          const data = this.store.data;
          const so = b * bs;
          const to = t * bs;
          if (cells) {
            for (let j = 0; j < cells.length; j++) {
              const cc = cells[j] as number;
              const v = data[so + cc] as number;
              if (!Number.isNaN(v)) {
                const x = data[to + cc] as number;
                data[to + cc] = Number.isNaN(x) ? sign * v : x + sign * v;
              }
            }
          } else if (fresh) {
            // first contribution to a new block: a copy (NaN stays NaN)
            for (let j = 0; j < bs; j++) data[to + j] = sign * (data[so + j] as number);
          } else if (sign === 1) {
            for (let j = 0; j < bs; j++) {
              const v = data[so + j] as number;
              if (!Number.isNaN(v)) {
                const x = data[to + j] as number;
                data[to + j] = Number.isNaN(x) ? v : x + v;
              }
            }
          } else {
            for (let j = 0; j < bs; j++) {
              const v = data[so + j] as number;
              if (!Number.isNaN(v)) {
                const x = data[to + j] as number;
                data[to + j] = Number.isNaN(x) ? -v : x - v;
              }
            }
          }
        }
      }
      if (proj) for (const r of touched) proj[r] = -1;
      for (const bk of backups) {
        const at = bk.b * bs + bk.cell;
        if (Number.isNaN(this.store.data[at] as number)) this.store.data[at] = bk.v;
      }
    }
  }

  private projBuffer: Int32Array | null = null;

  /** A reusable all-minus-one Int32Array of at least `size` entries (callers reset what they set). */
  private projection(size: number): Int32Array {
    if (!this.projBuffer || this.projBuffer.length < size) this.projBuffer = new Int32Array(size).fill(-1);
    return this.projBuffer;
  }

  /** Recomputes block `t` (whose member in sparse dim `d` is `p`) from its children blocks in order. */
  private computeBlockFrom(
    t: number,
    d: number,
    p: Member,
    cells: Int32Array | null,
    scratch: Float64Array,
  ): boolean {
    const bs = this.blockSize;
    const stride = this.sparseStride[d] as number;
    const ords = (this.childOrds[d] as Int32Array[])[p.ordinal] as Int32Array;
    const ops = (this.childOps[d] as Uint8Array[])[p.ordinal] as Uint8Array;
    const tKey = this.store.keys[t] as number;
    scratch.fill(Number.NaN);
    const data = this.store.data;
    for (let k = 0; k < ords.length; k++) {
      const op = ops[k] as number;
      if (op === OP_SKIP) continue;
      const cb = this.store.index.get(tKey + ((ords[k] as number) - p.ordinal) * stride);
      const so = cb * bs;
      if (cells) {
        for (let j = 0; j < cells.length; j++) {
          const c = cells[j] as number;
          scratch[c] = combine(scratch[c] as number, cb < 0 ? Number.NaN : (data[so + c] as number), op);
        }
      } else {
        for (let j = 0; j < bs; j++)
          scratch[j] = combine(scratch[j] as number, cb < 0 ? Number.NaN : (data[so + j] as number), op);
      }
    }
    const to = t * bs;
    const keepInput = !this.aggMissing;
    let any = false;
    const n = cells ? cells.length : bs;
    for (let j = 0; j < n; j++) {
      const c = cells ? (cells[j] as number) : j;
      const r = scratch[c] as number;
      if (!Number.isNaN(r)) any = true;
      if (!Number.isNaN(r) || !keepInput || !this.isInput(t, c)) data[to + c] = r;
    }
    return any;
  }

  /** Stored members whose value depends on a sparse member: its ancestors through every shared instance. */
  private dependents(d: number, ord: number): number[] {
    const ck = d * 1e9 + ord;
    const hit = this.depChains.get(ck);
    if (hit) return hit;
    const dim = this.dims[d] as Dimension;
    const out: number[] = [ord];
    const seen = new Set<number>([ord]);
    for (let q = 0; q < out.length; q++) {
      const m = dim.members[out[q] as number] as Member;
      for (const inst of dim.members) {
        if (inst !== m && inst.prototype !== m) continue;
        const p = inst.parent;
        if (p && isStorable(p) && !seen.has(p.ordinal)) {
          seen.add(p.ordinal);
          out.push(p.ordinal);
        }
      }
    }
    this.depChains.set(ck, out);
    return out;
  }

  /** Brings totals up to date after writes: dense parents in the written blocks, then their sparse ancestors. */
  flush(): void {
    if (this.dirty.size === 0) return;
    const blocks = [...this.dirty];
    this.dirty.clear();
    const fullPlan = this.densePlan(
      this.calcOrder.filter((i) => this.denseDims.includes(i)),
      null,
    );
    for (const b of blocks) this.runDensePlan(fullPlan, b);
    const sparse = this.calcOrder.filter((i) => this.sparseDims.includes(i));
    const todo = new Map<number, number>();
    for (const b of blocks) {
      const key = this.store.keys[b] as number;
      const own = sparse.map((i) => this.ordOf(key, i));
      const chains = sparse.map((i, k) => this.dependents(i, own[k] as number));
      const rec = (k: number, kk: number, changed: boolean): void => {
        if (k === sparse.length) {
          if (changed && !todo.has(kk)) todo.set(kk, this.rankOf(kk, sparse));
          return;
        }
        const i = sparse[k] as number;
        const chain = chains[k] as number[];
        for (let j = 0; j < chain.length; j++) {
          const nk = kk + ((chain[j] as number) - (own[k] as number)) * (this.sparseStride[i] as number);
          rec(k + 1, nk, changed || j > 0);
        }
      };
      rec(0, key, false);
    }
    const ordered = [...todo.entries()].filter((e) => e[1] >= 0).sort((a, b) => a[1] - b[1]);
    const scratch = new Float64Array(this.blockSize);
    for (const [key, rank] of ordered) {
      const k = Math.floor(rank / 1000);
      const d = sparse[k] as number;
      const p = this.member(d, this.ordOf(key, d));
      // a block whose member in another sparse dimension is `^` is never consolidated
      if (this.sparseDims.some((i) => i !== d && this.never[i]?.[this.ordOf(key, i)] === 1)) continue;
      this.computeBlockFrom(this.ensureBlock(key), d, p, this.consolidating, scratch);
    }
    this.version++;
  }

  /** A combination is computed along the last sparse dimension where its member is a stored parent. */
  private rankOf(key: number, sparse: readonly number[]): number {
    for (let k = sparse.length - 1; k >= 0; k--) {
      const i = sparse[k] as number;
      const m = this.member(i, this.ordOf(key, i));
      if (!m.isLeaf && isStorable(m)) return k * 1000 + m.level;
    }
    return -1;
  }

  /** Clears stored values in a region (CLEARDATA); with `upperOnly`, only blocks above level 0 (CLEARBLOCK UPPER). */
  clear(region: Region | null, upperOnly = false): void {
    this.flush();
    const cells = this.regionCells(region);
    for (let b = 0; b < this.store.blockCount; b++) {
      if (region && !this.blockInRegion(b, region, -1)) continue;
      if (upperOnly) {
        const key = this.store.keys[b] as number;
        if (!this.sparseDims.some((i) => !this.member(i, this.ordOf(key, i)).isLeaf)) continue;
      }
      const o = b * this.blockSize;
      if (cells) {
        for (let j = 0; j < cells.length; j++) {
          this.store.data[o + (cells[j] as number)] = Number.NaN;
          this.store.setInput(b, cells[j] as number, false);
        }
      } else {
        this.store.data.fill(Number.NaN, o, o + this.blockSize);
        this.store.input.fill(0, b * this.store.inputWords, (b + 1) * this.store.inputWords);
      }
    }
    this.version++;
  }

  // ---------------------------------------------------------------- snapshots (all-or-nothing changes)

  /**
   * A copy of every stored value and input flag (totals brought up to date first). Blocks are only ever
   * appended, never moved, so block `b` of the snapshot is block `b` of the cube afterwards.
   */
  snapshot(): CubeSnapshot {
    this.flush();
    return this.store.snapshot();
  }

  /** Puts the cube back exactly as it was at {@link snapshot} (blocks created since are dropped). */
  restore(s: CubeSnapshot): void {
    this.dirty.clear();
    this.store.restore(s);
    this.version++;
  }

  /**
   * Calls `fn` for every stored cell whose value or input flag differs from the snapshot, with its stored
   * coordinates (reused array), its value (NaN = #Missing) and whether it holds input.
   */
  changesSince(s: CubeSnapshot, fn: (coords: number[], value: number, input: boolean) => void): void {
    this.flush();
    const bs = this.blockSize;
    const iw = this.store.inputWords;
    const coords = this.dims.map(() => 0);
    const denseOrds = this.denseOrdinalsOfCells();
    const data = this.store.data;
    const input = this.store.input;
    for (let b = 0; b < this.store.blockCount; b++) {
      const old = b < s.blockCount;
      let decoded = false;
      // 32 cells per input word: compare the word once, values cell by cell (NaN = NaN).
      for (let w = 0; w < iw; w++) {
        const nowBits = input[b * iw + w] as number;
        const wasBits = old ? (s.input[b * iw + w] as number) : 0;
        for (let c = w * 32, end = Math.min(bs, c + 32); c < end; c++) {
          const v = data[b * bs + c] as number;
          const was = old ? (s.data[b * bs + c] as number) : Number.NaN;
          const sameValue = v === was || (Number.isNaN(v) && Number.isNaN(was));
          if (sameValue && nowBits === wasBits) continue;
          const bit = 1 << (c & 31);
          const isInput = (nowBits & bit) !== 0;
          if (sameValue && isInput === ((wasBits & bit) !== 0)) continue;
          if (!decoded) {
            this.decodeKey(this.store.keys[b] as number, coords);
            decoded = true;
          }
          for (let k = 0; k < denseOrds.length; k++) {
            coords[this.denseDims[k] as number] = (denseOrds[k] as Int32Array)[c] as number;
          }
          fn(coords, v, isInput);
        }
      }
    }
  }

  /**
   * Sets one stored cell exactly (value and input flag) without recalculating anything: replays a change
   * listed by {@link changesSince}. Returns false when the intersection is not stored.
   */
  setStored(coords: readonly number[], value: number, input: boolean): boolean {
    const cell = this.cellOf(coords);
    if (cell < 0) return false;
    for (const i of this.sparseDims) if (!isStorable(this.member(i, coords[i] as number))) return false;
    this.flush();
    const b = this.ensureBlock(this.keyOf(coords));
    this.store.data[b * this.blockSize + cell] = value;
    this.store.setInput(b, cell, input);
    this.version++;
    return true;
  }

  private cellOrds: Int32Array[] | null = null;

  /** Per dense dimension (in `denseDims` order): the stored member ordinal of each cell offset. */
  private denseOrdinalsOfCells(): Int32Array[] {
    if (this.cellOrds) return this.cellOrds;
    this.cellOrds = this.denseDims.map((i) => {
      const d = this.dims[i] as Dimension;
      const slots = this.slotOf[i] as Int32Array;
      const bySlot: number[] = [];
      for (const m of d.members) {
        const sl = slots[m.ordinal] as number;
        if (sl >= 0 && m.stored === m && bySlot[sl] === undefined) bySlot[sl] = m.ordinal;
      }
      const stride = this.denseStride[i] as number;
      const out = new Int32Array(this.blockSize);
      for (let c = 0; c < this.blockSize; c++)
        out[c] = bySlot[Math.floor(c / stride) % bySlot.length] as number;
      return out;
    });
    return this.cellOrds;
  }

  /** Calls `fn(block)` for each existing block inside a region (sparse part). */
  forEachBlock(region: Region | null, fn: (block: number, key: number) => void): void {
    const n = this.store.blockCount;
    for (let b = 0; b < n; b++) {
      if (region && !this.blockInRegion(b, region, -1)) continue;
      fn(b, this.store.keys[b] as number);
    }
  }

  /** Decodes the sparse ordinals of a block key into `coords`. */
  decodeKey(key: number, coords: number[]): void {
    for (const i of this.sparseDims) coords[i] = this.ordOf(key, i);
  }
}
