import { FormulaEvaluator } from "../calc/eval.ts";
import type { CellValue, DataSource } from "../data-source.ts";
import type { Member, Outline } from "../outline.ts";
import { toDateOf } from "../time-series-members.ts";
import { Aggregation } from "./aggregation.ts";
import { readByAttributes } from "./attributes.ts";
import type { CubeCells } from "./cells.ts";
import { CubeError } from "./cube-error.ts";
import { DynamicCalc } from "./dynamic-calc.ts";
import { CUBE_SHAPE, CubeLayout, type CubeShape, isStorable, type Region } from "./layout.ts";
import type { AggregationThreads } from "./parallel.ts";
import { type BlockPool, BlockStore, type CubeSnapshot, NO_SLOT, type StoredBlocks } from "./storage.ts";
import { readToDate } from "./time-series.ts";

export { combine } from "./arithmetic.ts";
export { CubeError } from "./cube-error.ts";
export { isStorable, type Region } from "./layout.ts";
export {
  type BlockPool,
  type CubeSnapshot,
  copyOfPool,
  poolBuffers,
  type StoredBlocks,
} from "./storage.ts";

/**
 * Why a member makes every intersection it is in read-only, whatever the data: label only, Dynamic Calc, or
 * an attribute member below its dimension. `null` when it does not. Read from the outline alone.
 */
export function memberWriteBlocker(m: Member): string | null {
  if (m.dimension.type === "attribute")
    return m.ordinal !== 0 ? "Attribute intersections are read-only" : null;
  const s = m.stored;
  if (s.storage === "label-only") return `"${m.name}" is label only`;
  if (s.isDynamic) return `"${m.name}" is Dynamic Calc`;
  return null;
}

/**
 * A block-storage cube (Essbase BSO style). Stored values live in one Float64Array pool of blocks (NaN =
 * #Missing); a block holds every stored combination of the dense dimensions for one combination of sparse
 * members, found through a {@link BlockIndex} keyed by the packed sparse ordinals. Upper levels of stored
 * members are materialised by aggregation (CALC ALL or the incremental pass after writes); dynamic-calc and
 * label-only members, member formulas, attribute slices and Dynamic Time Series are computed at retrieval.
 *
 * The class is the cube's public face; its parts are beside it in `cube/`: the outline's shape as block addresses
 * (`layout.ts`), the blocks (`storage.ts`), aggregation (`aggregation.ts`, `dense-plan.ts`), dynamic calculation
 * (`dynamic-calc.ts`), attribute slices (`attributes.ts`) and Dynamic Time Series (`time-series.ts`), which read
 * the cube through `CubeCells` (`cells.ts`).
 */

export interface CubeOptions {
  /** SET AGGMISSG: when true, all-#Missing children overwrite a value stored at the parent. Default false. */
  aggMissing?: boolean;
  /** Blocks to reserve room for. */
  expectedBlocks?: number;
  /**
   * Threads that aggregate beside the caller's (`cube/parallel.ts`; in Node, `@qibates/embedded`'s
   * `AggregationWorkers`): the stored values then live in SharedArrayBuffers. The results are the same bit for
   * bit as on one thread.
   */
  threads?: AggregationThreads;
}

/** The cube's layout fields (`dims`, `blockSize`, …), declared once in `CubeLayout` and set by the constructor. */
export interface Cube extends CubeShape {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the constructor sets every field of `CUBE_SHAPE`.
export class Cube implements DataSource, CubeCells {
  readonly outline: Outline;
  aggMissing: boolean;

  /** Where each stored cell sits: dimensions, blocks, keys, children as ordinals. */
  private readonly layout: CubeLayout;
  /** The blocks: stored values, input flags, keys, upper-level bits and the sparse index. */
  private readonly store: BlockStore;
  private readonly aggregation: Aggregation;
  private readonly dynamic: DynamicCalc;
  /** Blocks written since the last read: their totals are recomputed before the next one. */
  private readonly dirty = new Set<number>();
  /** Bumped on every change, so callers can cache reads. */
  version = 0;

  constructor(outline: Outline, options: CubeOptions = {}) {
    this.outline = outline;
    this.aggMissing = options.aggMissing ?? false;
    const layout = new CubeLayout(outline);
    this.layout = layout;
    Object.assign(this, Object.fromEntries(CUBE_SHAPE.map((field) => [field, layout[field]])));
    this.store = new BlockStore(
      layout.blockSize,
      Math.max(16, options.expectedBlocks ?? 64),
      options.threads !== undefined && typeof SharedArrayBuffer === "function",
      layout.sparseSpace,
    );
    this.aggregation = new Aggregation(layout, this.store);
    this.aggregation.threads = options.threads ?? null;
    this.dynamic = new DynamicCalc(layout, this.store, new FormulaEvaluator(this));
  }

  // ---------------------------------------------------------------- addressing

  /** Stored ordinals of a tuple of base members (shared members map to their prototype). */
  coordsOf(tuple: readonly Member[]): number[] {
    if (tuple.length < this.dims.length) {
      throw new CubeError(`A tuple needs one member per base dimension (${this.dims.length})`);
    }
    // sized once: a grid reads one tuple per cell
    const out = new Array<number>(this.dims.length);
    for (let i = 0; i < this.dims.length; i++) {
      const m = tuple[i] as Member;
      if (m.dimension !== this.dims[i]) {
        throw new CubeError(
          `Member "${m.name}" is not in dimension ${this.dims[i]?.name} (tuple position ${i})`,
        );
      }
      out[i] = m.stored.ordinal;
    }
    return out;
  }

  member(dim: number, ordinal: number): Member {
    return this.layout.member(dim, ordinal);
  }

  keyOf(coords: readonly number[]): number {
    return this.layout.keyOf(coords);
  }

  /** Offset of a cell inside its block, or -1 when a dense member is not stored. */
  cellOf(coords: readonly number[]): number {
    return this.layout.cellOf(coords);
  }

  ordOf(key: number, dim: number): number {
    return this.layout.ordOf(key, dim);
  }

  blockOf(coords: readonly number[]): number {
    return this.store.index.get(this.layout.keyOf(coords));
  }

  /** Finds or creates the block of a sparse key (new blocks are all #Missing). */
  ensureBlock(key: number, upperBits = -1): number {
    const b = this.store.index.get(key);
    if (b >= 0) return b;
    return this.store.append(key, upperBits >= 0 ? upperBits : this.layout.upperBitsOf(key));
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
    const cell = this.layout.cellOf(coords);
    if (cell < 0) return false;
    for (const i of this.sparseDims)
      if (!isStorable(this.layout.member(i, coords[i] as number))) return false;
    const key = this.layout.keyOf(coords);
    if (value === null) {
      const b = this.store.index.get(key);
      if (b < 0) return true;
      this.store.set(b, cell, Number.NaN);
      this.store.setInput(b, cell, false);
      this.version++;
      return true;
    }
    const b = this.ensureBlock(key);
    this.store.set(b, cell, value);
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
      const why = memberWriteBlocker(m);
      if (why) return why;
    }
    return null;
  }

  write(tuple: readonly Member[], value: CellValue): void {
    const blocker = this.writeBlocker(tuple);
    if (blocker) throw new CubeError(blocker);
    const coords = this.coordsOf(tuple);
    const cell = this.layout.cellOf(coords);
    if (cell < 0) throw new CubeError("The intersection is not stored");
    const key = this.layout.keyOf(coords);
    let b = this.store.index.get(key);
    if (b < 0) {
      if (value === null) return;
      b = this.ensureBlock(key);
    }
    const v = value === null ? Number.NaN : value;
    this.store.set(b, cell, v);
    this.store.setInput(b, cell, value !== null);
    this.dirty.add(b);
    this.version++;
  }

  /** Sets a stored cell from a calculation (not an input value). */
  setCalculated(coords: readonly number[], v: number): boolean {
    const cell = this.layout.cellOf(coords);
    if (cell < 0) return false;
    const key = this.layout.keyOf(coords);
    let b = this.store.index.get(key);
    if (b < 0) {
      if (Number.isNaN(v)) return true;
      b = this.ensureBlock(key);
    }
    this.store.set(b, cell, v);
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
    for (let i = 0; i < tuple.length; i++) {
      const m = tuple[i] as Member;
      // Outline members are numbered within their dimension; only a DTS member's ordinal lies past it.
      if (m.ordinal < m.dimension.members.length) continue;
      const toDate = toDateOf(m);
      if (!toDate) continue;
      // A Dynamic Time Series member (`Q-T-D(Feb)`, typed in a grid): the to-date value up to its latest period.
      const at = tuple.slice(0, this.dims.length);
      at[i] = toDate.latest;
      const v = readToDate(this, at, toDate.dts, toDate.latest);
      return v === null ? Number.NaN : v;
    }
    const coords = this.coordsOf(tuple);
    if (tuple.length > this.dims.length) {
      const attrs = tuple.slice(this.dims.length).filter((m) => m.dimension.type === "attribute");
      if (attrs.length > 0) return readByAttributes(this, coords, attrs);
    }
    return this.valueAt(coords);
  }

  /** The stored value of an intersection (no dynamic calculation). */
  storedValue(coords: readonly number[]): number {
    return this.dynamic.storedValue(coords);
  }

  /**
   * The value of an intersection given as stored ordinals: dynamic members are expanded outermost-first in
   * reverse calculation order (two-pass members last of all, i.e. outermost), then stored cells are read
   * (see `cube/dynamic-calc.ts`).
   */
  valueAt(coords: number[], depth = 0): number {
    return this.dynamic.valueAt(coords, depth);
  }

  /**
   * A Dynamic Time Series value such as `Q-T-D(May)` (see `cube/time-series.ts`).
   */
  readToDate(tuple: readonly Member[], dts: string, latest: Member): CellValue {
    return readToDate(this, tuple, dts, latest);
  }

  // ---------------------------------------------------------------- aggregation (see cube/aggregation.ts)

  /** CALC ALL: dense consolidation in every block, then each sparse dimension in outline order. */
  /** The threads this cube aggregates on beside the caller's (its `threads` option), or null. */
  get threads(): AggregationThreads | null {
    return this.aggregation.threads;
  }

  calcAll(): void {
    this.flush();
    this.aggregate(this.calcOrder, null);
  }

  /**
   * Consolidates the given base dimensions (in calculation order) within a region: dense dimensions inside
   * each block, sparse dimensions across blocks. Used by CALC ALL, CALC DIM and AGG.
   */
  aggregate(dims: readonly number[], region: Region | null): void {
    this.aggregation.aggregate(dims, region, this.aggMissing);
    this.version++;
  }

  /** Brings totals up to date after writes: dense parents in the written blocks, then their sparse ancestors. */
  flush(): void {
    if (this.dirty.size === 0) return;
    const blocks = [...this.dirty];
    this.dirty.clear();
    this.aggregation.afterWrites(blocks, this.aggMissing);
    this.version++;
  }

  /** Clears stored values in a region (CLEARDATA); with `upperOnly`, only blocks above level 0 (CLEARBLOCK UPPER). */
  clear(region: Region | null, upperOnly = false): void {
    this.flush();
    const cells = this.layout.regionCells(region);
    const store = this.store;
    for (let b = 0; b < store.blockCount; b++) {
      const key = store.keys[b] as number;
      if (region && !this.layout.keyInRegion(key, region, -1)) continue;
      if (upperOnly && !this.sparseDims.some((i) => !this.layout.member(i, this.layout.ordOf(key, i)).isLeaf))
        continue;
      if (cells) {
        for (let j = 0; j < cells.length; j++) {
          store.set(b, cells[j] as number, Number.NaN);
          store.setInput(b, cells[j] as number, false);
        }
      } else {
        store.clearBlock(b);
        store.input.fill(0, b * store.inputWords, (b + 1) * store.inputWords);
      }
    }
    this.version++;
  }

  // ---------------------------------------------------------------- snapshots (all-or-nothing changes)

  /**
   * A copy of every stored value and input flag (totals brought up to date first). Blocks are only ever
   * appended, never moved, so block `b` of the snapshot is block `b` of the cube afterwards. `into`: an older
   * snapshot no longer needed, whose arrays are reused when large enough (it is then overwritten).
   */
  snapshot(into?: CubeSnapshot): CubeSnapshot {
    this.flush();
    return this.store.snapshot(into);
  }

  /**
   * The stored blocks as they are (totals brought up to date first): keys, input flags and upper-level bits
   * uncopied, values read as doubles a range of blocks at a time; read only, and valid until the next change of
   * the cube. For writing them out at once (`cube/image.ts`).
   */
  storedBlocks(): StoredBlocks {
    this.flush();
    return this.store.views();
  }

  /**
   * Arrays for `blocks` blocks, all zero, of a snapshot's kinds (input flags shared when the cube aggregates on
   * threads): filled by the caller, then {@link restore}d with `take` (`cube/image.ts`).
   */
  blankSnapshot(blocks: number): CubeSnapshot {
    return this.store.allocate(blocks);
  }

  /**
   * Puts the cube back exactly as it was at {@link snapshot} (blocks created since are dropped). With `take`, the
   * snapshot's keys, input flags and upper-level bits become the cube's own, uncopied (its values are read into
   * the cube's 4- or 8-byte slots): the caller must not use them afterwards.
   */
  restore(s: CubeSnapshot, take = false): void {
    this.dirty.clear();
    this.store.restore(s, take);
    this.version++;
  }

  /**
   * A copy of the stored blocks exactly as they are held (totals brought up to date first): their values in 4 or
   * 8 bytes a cell as stored, with their slots, input flags, keys and upper-level bits. Cheaper than a
   * {@link snapshot} (no value is read), for a copy of the data that another cube of the same outline takes
   * ({@link takePool}): a state moved to a worker thread and back.
   */
  pool(): BlockPool {
    this.flush();
    return this.store.pool();
  }

  /**
   * Puts a {@link pool} of a cube of the same outline in place: the cube then holds exactly those blocks, their
   * arrays its own, uncopied (the caller no longer uses them). Throws, changing nothing, when they do not fit.
   */
  takePool(p: BlockPool): void {
    this.store.takePool(p);
    this.dirty.clear();
    this.version++;
  }

  /**
   * Calls `fn` for every stored cell whose value or input flag differs from the snapshot (or {@link pool}), with
   * its stored coordinates (reused array), its value (NaN = #Missing) and whether it holds input: blocks in
   * order, cells in block order.
   */
  changesSince(
    s: CubeSnapshot | BlockPool,
    fn: (coords: number[], value: number, input: boolean) => void,
  ): void {
    if (!("data" in s)) {
      this.changesSincePool(s, fn);
      return;
    }
    this.flush();
    const bs = this.blockSize;
    const iw = this.store.inputWords;
    const coords = this.dims.map(() => 0);
    const denseOrds = this.layout.denseOrdinalsOfCells();
    const input = this.store.input;
    const data = new Float64Array(bs);
    for (let b = 0; b < this.store.blockCount; b++) {
      const old = b < s.blockCount;
      let decoded = false;
      this.store.load(b, data);
      // 32 cells per input word: compare the word once, values cell by cell (NaN = NaN).
      for (let w = 0; w < iw; w++) {
        const nowBits = input[b * iw + w] as number;
        const wasBits = old ? (s.input[b * iw + w] as number) : 0;
        for (let c = w * 32, end = Math.min(bs, c + 32); c < end; c++) {
          const v = data[c] as number;
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
   * {@link changesSince} a pool: each cell's value read where each side holds it (4 or 8 bytes a cell, or none),
   * without reading a block into doubles first; the same cells, values and order as against a snapshot.
   */
  private changesSincePool(
    p: BlockPool,
    fn: (coords: number[], value: number, input: boolean) => void,
  ): void {
    this.flush();
    const store = this.store;
    const bs = this.blockSize;
    const iw = store.inputWords;
    const coords = this.dims.map(() => 0);
    const denseOrds = this.layout.denseOrdinalsOfCells();
    const input = store.input;
    // A block without a slot reads #Missing from here.
    const none = new Float64Array(bs).fill(Number.NaN);
    const valuesOf = (
      slot: number,
      narrow: Float32Array,
      wide: Float64Array,
    ): [Float32Array | Float64Array, number] =>
      slot >= 0 ? [narrow, slot * bs] : slot === NO_SLOT ? [none, 0] : [wide, (-2 - slot) * bs];
    for (let b = 0; b < store.blockCount; b++) {
      const old = b < p.blockCount;
      const [now, at] = valuesOf(store.slots[b] as number, store.narrow, store.wide);
      const [was, from] = old ? valuesOf(p.slots[b] as number, p.narrow, p.wide) : [none, 0];
      let decoded = false;
      // 32 cells per input word: compare the word once, values cell by cell (NaN = NaN).
      for (let w = 0; w < iw; w++) {
        const nowBits = input[b * iw + w] as number;
        const wasBits = old ? (p.input[b * iw + w] as number) : 0;
        for (let c = w * 32, end = Math.min(bs, c + 32); c < end; c++) {
          const v = now[at + c] as number;
          const before = was[from + c] as number;
          const sameValue = v === before || (Number.isNaN(v) && Number.isNaN(before));
          if (sameValue && nowBits === wasBits) continue;
          const bit = 1 << (c & 31);
          const isInput = (nowBits & bit) !== 0;
          if (sameValue && isInput === ((wasBits & bit) !== 0)) continue;
          if (!decoded) {
            this.decodeKey(store.keys[b] as number, coords);
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
   * Calls `fn` for every stored, non-#Missing cell of the blocks `which` selects, block by block (blocks in
   * creation order, cells in block order), with its stored coordinates (a reused array), its value and whether
   * it holds input. `level0`: blocks whose sparse members are all level 0 (they may hold upper-level dense
   * cells, as Essbase's level-0 export does); `input`: blocks holding at least one input cell; `all`: every block.
   * `onBlock` (optional) is called before each block's cells (sparse coordinates set); false skips the block.
   */
  forEachStoredCell(
    which: "all" | "level0" | "input",
    fn: (coords: number[], value: number, input: boolean) => void,
    onBlock?: (coords: readonly number[]) => boolean | undefined,
    /** Blocks `from` (inclusive) to `to` (exclusive) only: a long walk can be cut in turns. */
    from = 0,
    to = Number.POSITIVE_INFINITY,
  ): void {
    this.flush();
    const bs = this.blockSize;
    const iw = this.store.inputWords;
    const coords = this.dims.map(() => 0);
    const denseOrds = this.layout.denseOrdinalsOfCells();
    const input = this.store.input;
    const data = new Float64Array(bs);
    for (let b = from, end = Math.min(to, this.store.blockCount); b < end; b++) {
      const key = this.store.keys[b] as number;
      this.decodeKey(key, coords);
      if (
        which === "level0" &&
        this.sparseDims.some((i) => !this.layout.member(i, coords[i] as number).isLeaf)
      )
        continue;
      if (which === "input") {
        let any = false;
        for (let w = 0; w < iw && !any; w++) any = (input[b * iw + w] as number) !== 0;
        if (!any) continue;
      }
      if (onBlock && onBlock(coords) === false) continue;
      this.store.load(b, data);
      for (let c = 0; c < bs; c++) {
        const v = data[c] as number;
        if (Number.isNaN(v)) continue;
        for (let k = 0; k < denseOrds.length; k++) {
          coords[this.denseDims[k] as number] = (denseOrds[k] as Int32Array)[c] as number;
        }
        fn(coords, v, ((input[b * iw + (c >> 5)] as number) & (1 << (c & 31))) !== 0);
      }
    }
  }

  /**
   * Sets one stored cell exactly (value and input flag) without recalculating anything: replays a change
   * listed by {@link changesSince}. Returns false when the intersection is not stored.
   */
  setStored(coords: readonly number[], value: number, input: boolean): boolean {
    const cell = this.layout.cellOf(coords);
    if (cell < 0) return false;
    for (const i of this.sparseDims)
      if (!isStorable(this.layout.member(i, coords[i] as number))) return false;
    this.flush();
    const b = this.ensureBlock(this.layout.keyOf(coords));
    this.store.set(b, cell, value);
    this.store.setInput(b, cell, input);
    this.version++;
    return true;
  }

  /** Calls `fn(block)` for each existing block inside a region (sparse part). */
  forEachBlock(region: Region | null, fn: (block: number, key: number) => void): void {
    const n = this.store.blockCount;
    for (let b = 0; b < n; b++) {
      const key = this.store.keys[b] as number;
      if (region && !this.layout.keyInRegion(key, region, -1)) continue;
      fn(b, key);
    }
  }

  /** Decodes the sparse ordinals of a block key into `coords`. */
  decodeKey(key: number, coords: number[]): void {
    this.layout.decodeKey(key, coords);
  }
}
