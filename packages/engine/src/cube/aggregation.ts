import type { Dimension, Member } from "../outline.ts";
import { combine, OP_MINUS, OP_SKIP } from "./arithmetic.ts";
import { compileDensePlan, runDensePlan } from "./dense-plan.ts";
import { type CubeLayout, isStorable, type Region } from "./layout.ts";
import {
  type AggregationTask,
  type AggregationThreads,
  redoOverflow,
  runAggregationTask,
} from "./parallel.ts";
import type { BlockStore } from "./storage.ts";

/** Below this many blocks (or targets) a task runs on the calling thread: handing it over costs more. */
const PARALLEL_MIN_ITEMS = 4096;
/** Chunks per thread: threads that finish early take more, so a thread slowed by other work holds none up. */
const CHUNKS_PER_THREAD = 8;
/**
 * Targets after which a sparse step over the direct table is started on the threads before the next parent is
 * scanned (`scanSparse`): the scan, on this thread alone, then runs while they compute.
 */
const PIPELINE_ITEMS = 4096;

function sharedCopy(a: Int32Array): Int32Array {
  const out = new Int32Array(new SharedArrayBuffer(a.length * 4));
  out.set(a);
  return out;
}

/**
 * A growing list of 32-bit integers, in SharedArrayBuffers when `shared` (aggregation threads read it). Its values
 * are handed over without a copy ({@link handOver}); it then goes on in a second buffer, so that the next step's
 * list is made while a task still reads the one handed over.
 */
class IntList {
  private data: Int32Array;
  private spare: Int32Array | null = null;
  length = 0;

  constructor(private readonly shared = false) {
    this.data = this.alloc(1024);
  }

  private alloc(n: number): Int32Array {
    return new Int32Array(this.shared ? new SharedArrayBuffer(n * 4) : new ArrayBuffer(n * 4));
  }

  push(v: number): void {
    if (this.length === this.data.length) this.room(1);
    this.data[this.length++] = v;
  }

  /** The list's storage, with room for `n` more values past `length` (the caller writes them, then sets `length`). */
  room(n: number): Int32Array {
    if (this.length + n > this.data.length) {
      let cap = this.data.length * 2;
      while (cap < this.length + n) cap *= 2;
      const next = this.alloc(cap);
      next.set(this.data.subarray(0, this.length));
      this.data = next;
    }
    return this.data;
  }

  set(i: number, v: number): void {
    this.data[i] = v;
  }

  get(i: number): number {
    return this.data[i] as number;
  }

  /**
   * The values (then `extra`, when given), as a view of the list's buffer, which the list leaves to the caller:
   * it goes on empty, in the buffer handed over the time before (whose reader must be done by then).
   */
  handOver(extra?: number): Int32Array {
    if (extra !== undefined) this.room(1)[this.length++] = extra;
    const out = this.data.subarray(0, this.length);
    const next = this.spare ?? this.alloc(this.data.length);
    this.spare = this.data;
    this.data = next;
    this.length = 0;
    return out;
  }
}

/**
 * The blocks of each member of a sparse dimension during its aggregation: those there before (a slice of one
 * sorted array), then the blocks added for it (appended one after the other while its targets are made).
 */
class Buckets {
  private readonly addFrom: Int32Array;
  private readonly addTo: Int32Array;

  /**
   * `order`: the blocks there before, member after member, in block order; `keys`: their keys, in the same
   * order (read in sequence rather than at each block's place); `start`: where each member's blocks begin.
   */
  constructor(
    private readonly order: Int32Array,
    private readonly keys: Float64Array,
    private readonly start: Int32Array,
  ) {
    this.addFrom = new Int32Array(start.length - 1);
    this.addTo = new Int32Array(start.length - 1);
  }

  base(m: number): { order: Int32Array; keys: Float64Array; from: number; to: number } {
    return {
      order: this.order,
      keys: this.keys,
      from: this.start[m] as number,
      to: this.start[m + 1] as number,
    };
  }

  addedRange(m: number): [number, number] {
    return [this.addFrom[m] as number, this.addTo[m] as number];
  }

  /** Block `b`, just appended to the store, belongs to member `m`. */
  added(m: number, b: number): void {
    const to = this.addTo[m] as number;
    if (to === (this.addFrom[m] as number)) {
      this.addFrom[m] = b;
      this.addTo[m] = b + 1;
    } else if (to === b) this.addTo[m] = b + 1;
    else throw new Error(`aggregation: block ${b} of member ${m} was not appended after the member's others`);
  }

  /** Calls `f` on every block of member `m`, the blocks there before first. */
  forEach(m: number, f: (b: number) => void): void {
    const order = this.order;
    for (let s = this.start[m] as number, end = this.start[m + 1] as number; s < end; s++)
      f(order[s] as number);
    for (let b = this.addFrom[m] as number, end = this.addTo[m] as number; b < end; b++) f(b);
  }
}

/** Whether a parent's children operators only add or subtract (or are ignored): no `*`, `/`, `%`. */
function additive(ops: Uint8Array): boolean {
  for (let k = 0; k < ops.length; k++) if ((ops[k] as number) > OP_MINUS && ops[k] !== OP_SKIP) return false;
  return true;
}

/** Targets of a gather step (`parallel.ts`'s `GatherTask`) and the parents and children they involve. */
class GatherStep {
  readonly targets: IntList;
  readonly starts: IntList;
  readonly sources: IntList;
  /** Member ordinals (of the dimension aggregated) of the targets, and of their sources. */
  readonly parents = new Set<number>();
  readonly children = new Set<number>();

  /** `shared`: the lists are read by aggregation threads. */
  constructor(shared: boolean) {
    this.targets = new IntList(shared);
    this.starts = new IntList(shared);
    this.sources = new IntList(shared);
  }

  get count(): number {
    return this.targets.length;
  }

  /** A target block with `kids` sources (none yet): its slot. */
  add(block: number, kids: number): number {
    this.targets.push(block);
    this.starts.push(this.sources.length);
    for (let k = 0; k < kids; k++) this.sources.push(-1);
    return this.targets.length - 1;
  }

  /** A target block whose sources are those appended to `sources` from `start` on (none #Missing listed). */
  addListed(block: number, start: number): void {
    this.targets.push(block);
    this.starts.push(start);
  }

  setSource(slot: number, k: number, source: number): void {
    this.sources.set(this.starts.get(slot) + k, source);
  }

  clear(): void {
    this.targets.length = 0;
    this.starts.length = 0;
    this.sources.length = 0;
    this.parents.clear();
    this.children.clear();
  }
}

/**
 * Aggregation: the stored upper levels of the outline materialised from level 0 in the blocks. CALC ALL, CALC
 * DIM and AGG consolidate whole dimensions (dense parents inside each block, then each sparse dimension across
 * blocks); after writes, only the written blocks and their sparse ancestors are recomputed.
 *
 * Under AGGMISSG off (`aggMissing` false, the default), a loaded value at a parent stays when all its children
 * are #Missing.
 */
export class Aggregation {
  private readonly densePlans = new Map<string, Int32Array>();
  private readonly depChains = new Map<number, number[]>();
  private projBuffer: Int32Array | null = null;
  /** Projected keys set in the projection buffer for one parent (reset afterwards). */
  private readonly touched = new IntList();

  /** The task started on the threads that may still be running ({@link settle}). */
  private pending: AggregationTask | null = null;

  /** Threads that run the heavy loops beside this one (`parallel.ts`); null: this thread alone. */
  threads: AggregationThreads | null = null;

  constructor(
    private readonly layout: CubeLayout,
    private readonly store: BlockStore,
  ) {}

  /**
   * Consolidates the given base dimensions (in calculation order) within a region: dense dimensions inside
   * each block, sparse dimensions across blocks.
   */
  aggregate(dims: readonly number[], region: Region | null, aggMissing: boolean): void {
    try {
      this.aggregateDims(dims, region, aggMissing);
    } finally {
      this.settle();
    }
  }

  private aggregateDims(dims: readonly number[], region: Region | null, aggMissing: boolean): void {
    const layout = this.layout;
    const ordered = layout.calcOrder.filter((i) => dims.includes(i));
    const dense = ordered.filter((i) => layout.denseDims.includes(i));
    const sparse = ordered.filter((i) => layout.sparseDims.includes(i));
    if (dense.length > 0) {
      const plan = this.densePlan(dense, region);
      const store = this.store;
      if (region) {
        for (let b = 0; b < store.blockCount; b++) {
          if (layout.keyInRegion(store.keys[b] as number, region, -1))
            runDensePlan(plan, store, b, !aggMissing);
        }
      } else {
        const shared = this.threads !== null && this.threads.workers > 0 && store.shared;
        // the task's arrays are the pool's once a running task is done and the wide slots have room
        const overflow = this.overflowList(store.blockCount, shared, 2);
        this.run(
          {
            kind: "dense",
            plan: shared ? sharedCopy(plan) : plan,
            values: store.values,
            overflow,
            input: store.input,
            blockSize: store.blockSize,
            inputWords: store.inputWords,
            keepInput: !aggMissing,
            blocks: store.blockCount,
          },
          store.blockCount,
        );
      }
    }
    sparse.forEach((d, k) => {
      this.aggregateSparse(d, region, sparse.slice(k + 1), !aggMissing);
    });
  }

  /** Brings totals up to date after writes: dense parents in the written blocks, then their sparse ancestors. */
  afterWrites(blocks: readonly number[], aggMissing: boolean): void {
    this.settle();
    const layout = this.layout;
    const keepInput = !aggMissing;
    const fullPlan = this.densePlan(
      layout.calcOrder.filter((i) => layout.denseDims.includes(i)),
      null,
    );
    for (const b of blocks) runDensePlan(fullPlan, this.store, b, keepInput);
    const sparse = layout.calcOrder.filter((i) => layout.sparseDims.includes(i));
    const todo = new Map<number, number>();
    for (const b of blocks) {
      const key = this.store.keys[b] as number;
      const own = sparse.map((i) => layout.ordOf(key, i));
      const chains = sparse.map((i, k) => this.dependents(i, own[k] as number));
      const rec = (k: number, kk: number, changed: boolean): void => {
        if (k === sparse.length) {
          if (changed && !todo.has(kk)) todo.set(kk, this.rankOf(kk, sparse));
          return;
        }
        const i = sparse[k] as number;
        const chain = chains[k] as number[];
        for (let j = 0; j < chain.length; j++) {
          const nk = kk + ((chain[j] as number) - (own[k] as number)) * (layout.sparseStride[i] as number);
          rec(k + 1, nk, changed || j > 0);
        }
      };
      rec(0, key, false);
    }
    const ordered = [...todo.entries()].filter((e) => e[1] >= 0).sort((a, b) => a[1] - b[1]);
    const scratch = new Float64Array(layout.blockSize);
    for (const [key, rank] of ordered) {
      const k = Math.floor(rank / 1000);
      const d = sparse[k] as number;
      const p = layout.member(d, layout.ordOf(key, d));
      // a block whose member in another sparse dimension is `^` is never consolidated
      if (layout.neverOutside(key, d)) continue;
      this.computeBlockFrom(this.ensure(key), d, p, layout.consolidating, scratch, keepInput);
    }
  }

  /** The compiled dense plan of whole dimensions is kept; a plan restricted to a region is compiled each time. */
  private densePlan(dims: readonly number[], region: Region | null): Int32Array {
    const cacheKey = region ? "" : dims.join(",");
    const cached = cacheKey ? this.densePlans.get(cacheKey) : undefined;
    if (cached) return cached;
    const plan = compileDensePlan(this.layout, dims, region);
    if (cacheKey) this.densePlans.set(cacheKey, plan);
    return plan;
  }

  /** The block of a key, created (all #Missing) when absent. */
  private ensure(key: number): number {
    const b = this.store.index.get(key);
    return b >= 0 ? b : this.store.append(key, this.layout.upperBitsOf(key));
  }

  /** Consolidates sparse dimension `d` across blocks; `later` are the sparse dimensions aggregated after it. */
  private aggregateSparse(
    d: number,
    region: Region | null,
    later: readonly number[],
    keepInput: boolean,
  ): void {
    const layout = this.layout;
    const store = this.store;
    const stride = layout.sparseStride[d] as number;
    const bs = layout.blockSize;
    const cells = layout.regionCells(region, true);
    const never = layout.never;
    const neverOthers = layout.sparseDims.filter((i) => i !== d && never[i]);
    // Blocks by their member of `d`, in block order (sequential in memory): a counting sort into one array.
    // Blocks that are upper-level in a dimension aggregated later are recomputed then: leave them out.
    let laterMask = 0;
    for (const i of later) {
      const k = layout.sparseDims.indexOf(i);
      if (k < 8) laterMask |= 1 << k;
    }
    const ownBit = layout.sparseDims.indexOf(d) < 8 ? 1 << layout.sparseDims.indexOf(d) : 0;
    // A whole dimension of `+`/`-` parents over a directly indexed cube: its combinations read in key order.
    const table = region === null && neverOthers.length === 0 ? store.index.table : null;
    if (table && this.onlyAdditive(d)) {
      this.scanSparse(d, table, laterMask, ownBit, cells, keepInput);
      return;
    }
    const buckets = this.bucketBlocks(d, region, laterMask, neverOthers);
    // Targets of one parent share every sparse member but `d`: when that space is small, a flat array indexed
    // by the other members finds them without hashing.
    // Indexed by the key with `d`'s member taken out (key − member × stride).
    const proj = layout.sparseSpace <= 1 << 24 ? this.projection(layout.sparseSpace) : null;
    const mask = region?.[d] ?? null;
    const scratch = new Float64Array(bs);
    const step = new GatherStep(this.sharedTasks);
    for (const p of layout.aggParents[d] as Member[]) {
      if (mask && mask[p.ordinal] !== 1) continue;
      const ords = (layout.childOrds[d] as Int32Array[])[p.ordinal] as Int32Array;
      const ops = (layout.childOps[d] as Uint8Array[])[p.ordinal] as Uint8Array;
      const po = p.ordinal;
      if (!additive(ops)) {
        this.flush(step, cells, keepInput);
        // the ordered computation reads and writes values on this thread
        this.settle();
        // Ordered operators: compute every target from its children in outline order.
        for (let k = 0; k < ords.length; k++) {
          const c = ords[k] as number;
          if (ops[k] === OP_SKIP) continue;
          const delta = (po - c) * stride;
          buckets.forEach(c, (b) => {
            const tKey = (store.keys[b] as number) + delta;
            if (store.index.get(tKey) < 0) buckets.added(po, this.ensure(tKey));
          });
        }
        buckets.forEach(po, (t) => {
          this.computeBlockFrom(t, d, p, cells, scratch, keepInput);
        });
        continue;
      }
      // The targets of `p`, each with one source per child (in children's order), computed in one step with
      // the parents before it, unless one of them reads what another writes.
      const kids = ords.length;
      this.enterStep(step, po, ords, cells, keepInput);
      const slots = proj ? null : new Map<number, number>();
      const touched = this.touched;
      touched.length = 0;
      const keys0 = store.keys;
      const pOff = po * stride;
      buckets.forEach(po, (t) => {
        const slot = step.add(t, kids);
        const r = (keys0[t] as number) - pOff;
        if (proj) {
          proj[r] = slot;
          touched.push(r);
        } else slots?.set(r, slot);
      });
      for (let k = 0; k < kids; k++) {
        const op = ops[k] as number;
        if (op === OP_SKIP) continue;
        const c = ords[k] as number;
        const minus = op === OP_MINUS ? 1 : 0;
        const delta = (po - c) * stride;
        const cOff = c * stride;
        const { order, keys: orderKeys, from, to } = buckets.base(c);
        const [addFrom, addTo] = buckets.addedRange(c);
        // the blocks there before, then those added (new blocks of `c`, when `c` is a parent computed earlier)
        for (let s = from, end = to + (addTo - addFrom); s < end; s++) {
          const b = s < to ? (order[s] as number) : addFrom + (s - to);
          const sKey = s < to ? (orderKeys[s] as number) : (store.keys[b] as number);
          const r = sKey - cOff;
          let slot = proj ? (proj[r] as number) : (slots?.get(r) ?? -1);
          if (slot < 0) {
            // Not among the targets: the block is new (a block of `p` with the source's other members would be
            // in `p`'s bucket, since the source is in `c`'s). Every value of it is computed, unless only some
            // cells are.
            // a pool that grows is copied: the threads must be done with it first
            if (store.full) this.settle();
            const t = store.append(sKey + delta, (store.upperBits[b] as number) | ownBit);
            buckets.added(po, t);
            slot = step.add(t, kids);
            if (proj) {
              proj[r] = slot;
              touched.push(r);
            } else slots?.set(r, slot);
          }
          step.setSource(slot, k, b * 2 + minus);
        }
      }
      if (proj) for (let i = 0; i < touched.length; i++) proj[touched.get(i)] = -1;
    }
    this.flush(step, cells, keepInput);
  }

  /** Whether every stored parent of sparse dimension `d` adds or subtracts its children (no `*`, `/`, `%`). */
  private onlyAdditive(d: number): boolean {
    const ops = this.layout.childOps[d] as Uint8Array[];
    return (this.layout.aggParents[d] as Member[]).every((p) => additive(ops[p.ordinal] as Uint8Array));
  }

  /**
   * Puts parent `po` (children `ords`) in the current step, run first when one of its parents is among `po`'s
   * children or `po` among its children (a step's targets never read one another's).
   */
  private enterStep(
    step: GatherStep,
    po: number,
    ords: Int32Array,
    cells: Int32Array | null,
    keepInput: boolean,
  ): void {
    if (ords.some((c) => step.parents.has(c)) || step.children.has(po)) this.flush(step, cells, keepInput);
    step.parents.add(po);
    for (let k = 0; k < ords.length; k++) step.children.add(ords[k] as number);
  }

  /**
   * Consolidates sparse dimension `d` over the whole cube when the index is a direct table (block + 1 by key)
   * and every parent of `d` adds or subtracts: for each parent, every combination of the other dimensions'
   * members is visited in key order, its children's blocks read from the table (runs of consecutive entries:
   * no sorting of the blocks by member, no random reads). A combination with neither a block of the parent nor
   * one of a child is passed over; one whose blocks are upper-level in a dimension aggregated later
   * (`laterMask`) is left for then. New blocks of the parent are made in key order.
   */
  private scanSparse(
    d: number,
    table: Int32Array,
    laterMask: number,
    ownBit: number,
    cells: Int32Array | null,
    keepInput: boolean,
  ): void {
    const layout = this.layout;
    const store = this.store;
    const stride = layout.sparseStride[d] as number;
    const size = (layout.dims[d] as Dimension).size;
    const span = stride * size;
    const outer = layout.sparseSpace / span;
    const step = new GatherStep(this.sharedTasks);
    const list = step.sources;
    let offs = new Int32Array(16);
    let signs = new Int32Array(16);
    for (const p of layout.aggParents[d] as Member[]) {
      const po = p.ordinal;
      const ords = (layout.childOrds[d] as Int32Array[])[po] as Int32Array;
      const ops = (layout.childOps[d] as Uint8Array[])[po] as Uint8Array;
      const kids = ords.length;
      this.enterStep(step, po, ords, cells, keepInput);
      if (offs.length < kids) {
        offs = new Int32Array(kids);
        signs = new Int32Array(kids);
      }
      for (let k = 0; k < kids; k++) {
        offs[k] = ops[k] === OP_SKIP ? -1 : (ords[k] as number) * stride;
        signs[k] = ops[k] === OP_MINUS ? 1 : 0;
      }
      const pOff = po * stride;
      for (let hi = 0; hi < outer; hi++) {
        const base = hi * span;
        for (let lo = 0; lo < stride; lo++) {
          const r = base + lo;
          let t = (table[r + pOff] as number) - 1;
          if (t >= 0 && ((store.upperBits[t] as number) & laterMask) !== 0) continue;
          let found = t >= 0;
          // the combination's sources, in children's order, written straight into the step's list (a child
          // without a block is left out: it adds nothing)
          const start = list.length;
          const data = list.room(kids);
          let at = start;
          for (let k = 0; k < kids; k++) {
            const off = offs[k] as number;
            if (off < 0) continue;
            const b = (table[r + off] as number) - 1;
            if (b < 0) continue;
            if (!found) {
              // the other dimensions' members are the parent's: upper-level in a later dimension alike
              if (((store.upperBits[b] as number) & laterMask) !== 0) break;
              // a pool that grows is copied: the threads must be done with it first
              if (store.full) this.settle();
              t = store.append(r + pOff, (store.upperBits[b] as number) | ownBit);
              found = true;
            }
            data[at++] = b * 2 + (signs[k] as number);
          }
          if (found) {
            list.length = at;
            step.addListed(t, start);
          }
        }
      }
      // Started on the threads once it is large enough, while this thread lists the next parents' blocks.
      if (step.count >= PIPELINE_ITEMS) this.flush(step, cells, keepInput);
    }
    this.flush(step, cells, keepInput);
  }

  /**
   * The blocks of each member of sparse dimension `d`, in block order, leaving out the blocks outside `region`,
   * those upper-level in a dimension of `laterMask` (recomputed when that dimension is aggregated) and those
   * whose member in a dimension of `neverOthers` is never consolidated.
   */
  private bucketBlocks(
    d: number,
    region: Region | null,
    laterMask: number,
    neverOthers: readonly number[],
  ): Buckets {
    const layout = this.layout;
    const store = this.store;
    const size = (layout.dims[d] as Dimension).size;
    const never = layout.never;
    const stride = layout.sparseStride[d] as number;
    const n0 = store.blockCount;
    const keys = store.keys;
    const upperBits = store.upperBits;
    const memberOf = new Int32Array(n0);
    const start = new Int32Array(size + 1);
    for (let b = 0; b < n0; b++) {
      let m = -1;
      if (((upperBits[b] as number) & laterMask) === 0) {
        const key = keys[b] as number;
        let skip = region !== null && !layout.keyInRegion(key, region, d);
        for (let i = 0; !skip && i < neverOthers.length; i++) {
          const o = neverOthers[i] as number;
          if ((never[o] as Uint8Array)[layout.ordOf(key, o)] === 1) skip = true;
        }
        if (!skip) {
          m = Math.floor(key / stride) % size;
          start[m + 1] = (start[m + 1] as number) + 1;
        }
      }
      memberOf[b] = m;
    }
    for (let m = 0; m < size; m++) start[m + 1] = (start[m + 1] as number) + (start[m] as number);
    const order = new Int32Array(start[size] as number);
    const orderKeys = new Float64Array(start[size] as number);
    const next = start.slice(0, size);
    for (let b = 0; b < n0; b++) {
      const m = memberOf[b] as number;
      if (m < 0) continue;
      const at = next[m] as number;
      order[at] = b;
      orderKeys[at] = keys[b] as number;
      next[m] = at + 1;
    }
    return new Buckets(order, orderKeys, start);
  }

  /** Whether tasks are handed to aggregation threads, which read their arrays in shared memory. */
  private get sharedTasks(): boolean {
    return this.threads !== null && this.threads.workers > 0 && this.store.shared;
  }

  /** Runs a gather step (on the aggregation threads when there are some) and empties it. */
  private flush(step: GatherStep, cells: Int32Array | null, keepInput: boolean): void {
    const count = step.count;
    if (count > 0) {
      const store = this.store;
      const shared = this.sharedTasks;
      // The step's lists, handed over as they are while the task before may still run (they go on in their
      // other buffers, which that task read: done once `run` returns); then the pool's arrays, once it is done
      // and the slots have room.
      const starts = step.starts.handOver(step.sources.length);
      const targets = step.targets.handOver();
      const sources = step.sources.handOver();
      const overflow = this.overflowList(count, shared);
      const fresh = store.freshSlots(targets, count);
      this.run(
        {
          kind: "gather",
          values: store.values,
          overflow,
          input: store.input,
          blockSize: store.blockSize,
          inputWords: store.inputWords,
          keepInput,
          cells: cells && shared ? sharedCopy(cells) : cells,
          count,
          targets,
          fresh,
          starts,
          sources,
        },
        count,
      );
    }
    step.clear();
  }

  /**
   * A task on the aggregation threads when there are some and it is worth it, else on this thread. On threads
   * that can start a task and return ({@link AggregationThreads.start}), it runs while this thread makes the
   * next step's lists of blocks (which read only keys and the index); {@link settle} waits for it.
   */
  private run(task: AggregationTask, items: number): void {
    this.settle();
    const threads = this.threads;
    if (
      !threads ||
      threads.workers === 0 ||
      !this.store.shared ||
      items < (threads.minItems ?? PARALLEL_MIN_ITEMS)
    ) {
      runAggregationTask(task);
      this.redo(task);
      return;
    }
    const chunks = Math.min(items, (threads.workers + 1) * CHUNKS_PER_THREAD);
    if (threads.start && threads.finish) {
      threads.start(task, chunks);
      this.pending = task;
    } else {
      threads.run(task, chunks);
      this.redo(task);
    }
  }

  /** Waits until the task started on the threads (if any) is done, this thread taking its share. */
  private settle(): void {
    const task = this.pending;
    if (!task) return;
    this.pending = null;
    this.threads?.finish?.();
    this.redo(task);
  }

  /** The blocks a done task left for want of a wide slot, computed on this thread (the slots' pool grown). */
  private redo(task: AggregationTask): void {
    redoOverflow(task, (more) => this.store.room(more));
  }

  /**
   * A task's list of items left for this thread (`parallel.ts`), with room for all `items` (`numbers` each).
   * The pool of wide slots is given room first for twice the share of its items that the blocks made wide so
   * far suggest (every item when most blocks are wide), so that few are left.
   */
  private overflowList(items: number, shared: boolean, numbers = 1): Int32Array {
    this.settle();
    const store = this.store;
    const wide = store.wideSlots;
    const share = wide / Math.max(1, wide + store.narrowSlots);
    store.ensureWide(Math.min(items, Math.max(64, Math.ceil(items * 2 * share))));
    const bytes = (items * numbers + 1) * 4;
    return new Int32Array(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  }

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
    keepInput: boolean,
  ): boolean {
    const layout = this.layout;
    const store = this.store;
    const bs = layout.blockSize;
    const stride = layout.sparseStride[d] as number;
    const ords = (layout.childOrds[d] as Int32Array[])[p.ordinal] as Int32Array;
    const ops = (layout.childOps[d] as Uint8Array[])[p.ordinal] as Uint8Array;
    const tKey = store.keys[t] as number;
    scratch.fill(Number.NaN);
    const block = this.blockScratch(bs);
    for (let k = 0; k < ords.length; k++) {
      const op = ops[k] as number;
      if (op === OP_SKIP) continue;
      const cb = store.index.get(tKey + ((ords[k] as number) - p.ordinal) * stride);
      if (cb < 0) block.fill(Number.NaN);
      else store.load(cb, block);
      if (cells) {
        for (let j = 0; j < cells.length; j++) {
          const c = cells[j] as number;
          scratch[c] = combine(scratch[c] as number, block[c] as number, op);
        }
      } else {
        for (let j = 0; j < bs; j++) scratch[j] = combine(scratch[j] as number, block[j] as number, op);
      }
    }
    store.load(t, block);
    let any = false;
    const n = cells ? cells.length : bs;
    for (let j = 0; j < n; j++) {
      const c = cells ? (cells[j] as number) : j;
      const r = scratch[c] as number;
      if (!Number.isNaN(r)) any = true;
      if (!Number.isNaN(r) || !keepInput || !store.isInput(t, c)) block[c] = r;
    }
    store.save(t, block);
    return any;
  }

  private blockBuffer: Float64Array | null = null;

  /** One block's worth of doubles, reused. */
  private blockScratch(bs: number): Float64Array {
    if (!this.blockBuffer || this.blockBuffer.length !== bs) this.blockBuffer = new Float64Array(bs);
    return this.blockBuffer;
  }

  /** Stored members whose value depends on a sparse member: its ancestors through every shared instance. */
  private dependents(d: number, ord: number): number[] {
    const ck = d * 1e9 + ord;
    const hit = this.depChains.get(ck);
    if (hit) return hit;
    const dim = this.layout.dims[d] as Dimension;
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

  /** A combination is computed along the last sparse dimension where its member is a stored parent. */
  private rankOf(key: number, sparse: readonly number[]): number {
    for (let k = sparse.length - 1; k >= 0; k--) {
      const i = sparse[k] as number;
      const m = this.layout.member(i, this.layout.ordOf(key, i));
      if (!m.isLeaf && isStorable(m)) return k * 1000 + m.level;
    }
    return -1;
  }
}
