import { combine, SKIPS, timeBalance } from "./arithmetic.ts";
import { type BlockValues, loadBlock, NO_SLOT, storeBlock } from "./storage.ts";

/**
 * Aggregation on several threads. The engine names no thread API (it runs in the browser too): the host hands a
 * cube an {@link AggregationThreads} (Node: `@qibates/embedded`'s worker pool), the cube's stored
 * values then live in SharedArrayBuffers, and the heavy loops of CALC ALL / CALC DIM / AGG run as
 * {@link AggregationTask}s cut in chunks that any thread takes in any order. Every target cell is computed by
 * one chunk, from its sources in the same order as on one thread, so the results are the same bit for bit.
 *
 * A block's values are computed as doubles (on the thread's own scratch array, or in place while they stay
 * exact in 32 bits), then stored in 4 or 8 bytes a cell (`storage.ts`'s {@link BlockValues}); a thread that
 * finds no free wide slot for a block that needs one lists it in the task's `overflow`, and the calling thread
 * computes it again once the pool has grown ({@link redoOverflow}).
 */

/** Dense consolidation (a compiled plan, `dense-plan.ts`) in blocks `[0, blocks)`. */
export interface DensePlanTask {
  kind: "dense";
  plan: Int32Array;
  values: BlockValues;
  /**
   * `[n, …]`: the blocks left for the calling thread, each as two numbers: the block, and the instruction of
   * the plan it goes on from (`n` counts numbers; room for two a block).
   */
  overflow: Int32Array;
  input: Uint32Array;
  blockSize: number;
  inputWords: number;
  keepInput: boolean;
  blocks: number;
}

/**
 * One step of a sparse consolidation: target blocks, each the sum of its children's blocks. Target `i` is block
 * `targets[i]`; its sources are `sources[starts[i]] … sources[starts[i + 1] - 1]` in children's order, each
 * `block * 2 + 1` when subtracted (`-`), `block * 2` when added, -1 when the child has no block. Only `cells` are
 * computed (null: the whole block). With `keepInput`, an all-#Missing result leaves a loaded value in place.
 */
export interface GatherTask {
  kind: "gather";
  values: BlockValues;
  /** `[n, target…]`: the targets (their numbers in this task) left for the calling thread. */
  overflow: Int32Array;
  /** Per target: a narrow slot set aside for it when it has none, or -1 (`BlockStore.freshSlots`). */
  fresh: Int32Array | null;
  input: Uint32Array;
  blockSize: number;
  inputWords: number;
  keepInput: boolean;
  cells: Int32Array | null;
  count: number;
  targets: Int32Array;
  starts: Int32Array;
  sources: Int32Array;
}

export type AggregationTask = DensePlanTask | GatherTask;

/**
 * Threads that run a task's chunks beside the calling thread, synchronously: `run` returns when every chunk is
 * done, and throws when a thread failed. Chunk `c` of `chunks` is `runAggregationChunk(task, c, chunks)`.
 */
export interface AggregationThreads {
  /** Threads besides the caller (0: everything runs on the caller). */
  readonly workers: number;
  /** Tasks over fewer blocks (or targets) run on the caller alone (default 4,096: handing over costs more). */
  readonly minItems?: number;
  run(task: AggregationTask, chunks: number): void;
  /**
   * Optional: hands a task's chunks to the threads and returns at once, so that the caller can go on with work
   * that neither reads nor writes the task's values (making the next step's list of blocks); {@link finish}
   * then takes the chunks left on the calling thread too and returns when every chunk is done. One task at a
   * time: `start` is only called again after `finish`.
   */
  start?(task: AggregationTask, chunks: number): void;
  finish?(): void;
}

/** The number of items of chunk `c` of `chunks` over `n` items: `[from, to)`. */
function chunkRange(n: number, c: number, chunks: number): [number, number] {
  return [Math.floor((n * c) / chunks), Math.floor((n * (c + 1)) / chunks)];
}

/** Runs chunk `c` of `chunks` of a task (on whichever thread took it). */
export function runAggregationChunk(task: AggregationTask, c: number, chunks: number): void {
  const [from, to] = chunkRange(task.kind === "dense" ? task.blocks : task.count, c, chunks);
  runAggregationItems(task, from, to);
}

/** Items `[from, to)` of a task: blocks of a dense one, targets of a gather. */
export function runAggregationItems(task: AggregationTask, from: number, to: number): void {
  if (task.kind === "dense") runDenseBlocks(task, from, to);
  else runGather(task, from, to);
}

/**
 * Computes again, on this thread, the items a task left for want of a free wide slot (none when every item
 * found one): `room(n)` makes room for `n` more wide blocks and returns the values' arrays then.
 */
export function redoOverflow(task: AggregationTask, room: (more: number) => BlockValues): void {
  const n = task.overflow[0] as number;
  if (n === 0) return;
  const items = task.overflow.slice(1, n + 1);
  task.overflow[0] = 0;
  if (task.kind === "dense") {
    const again = { ...task, values: room(n / 2), overflow: new Int32Array(n + 1) };
    for (let k = 0; k < n; k += 2) resumeDense(again, items[k] as number, items[k + 1] as number);
    return;
  }
  const again = { ...task, values: room(n), overflow: new Int32Array(n + 1) };
  for (let k = 0; k < n; k++) runGather(again, items[k] as number, (items[k] as number) + 1);
}

/** Item `i` of a task found no free wide slot: listed for the calling thread. */
function overflowed(overflow: Int32Array, i: number): void {
  const k = Atomics.add(overflow, 0, 1);
  overflow[k + 1] = i;
}

/** A task on the calling thread alone. */
export function runAggregationTask(task: AggregationTask): void {
  runAggregationChunk(task, 0, 1);
}

function isInput(input: Uint32Array, words: number, block: number, cell: number): boolean {
  return (((input[block * words + (cell >>> 5)] as number) >>> (cell & 31)) & 1) === 1;
}

/**
 * A compiled dense plan (`[kind, target, n, child0, op0, …]`) over blocks `[from, to)`. A block held in 4 bytes
 * a cell is computed in place while every result is exact in 32 bits; at the first one that is not, the block
 * goes on as doubles and is then stored in a wide slot (put back as it was, and left for the calling thread,
 * when there is no free slot).
 */
export function runDenseBlocks(task: DensePlanTask, from: number, to: number): void {
  const { plan, values, input, blockSize: bs, inputWords, keepInput } = task;
  const { narrow, slots, wide } = values;
  const vals: number[] = [];
  for (let b = from; b < to; b++) {
    const s = slots[b] as number;
    if (s < -1) {
      planWide(plan, 0, wide, (-2 - s) * bs, b, input, inputWords, keepInput, vals);
      continue;
    }
    // a block without a slot is all #Missing: so is every total of it (a loaded value kept is #Missing too)
    if (s === NO_SLOT) continue;
    const at = planNarrow(plan, narrow, s * bs, b, input, inputWords, keepInput, vals);
    if (at >= 0) resumeDense(task, b, at);
  }
}

/**
 * Goes on with a dense plan from instruction `at` in block `b`, held in 4 bytes a cell and computed in place up
 * to there: as doubles, then stored in a wide slot; when there is none, the block is left as it is for the
 * calling thread to go on from the same instruction ({@link redoOverflow}).
 */
function resumeDense(task: DensePlanTask, b: number, at: number): void {
  const { plan, values, overflow, input, blockSize: bs, inputWords, keepInput } = task;
  const doubles = new Float64Array(bs);
  loadBlock(values, bs, b, doubles);
  planWide(plan, at, doubles, 0, b, input, inputWords, keepInput, []);
  if (!storeBlock(values, bs, b, doubles)) {
    const k = Atomics.add(overflow, 0, 2);
    overflow[k + 1] = b;
    overflow[k + 2] = at;
  }
}

/** A dense plan from instruction `p` on, over a block's doubles at `off`. */
function planWide(
  plan: Int32Array,
  p: number,
  data: Float64Array,
  off: number,
  b: number,
  input: Uint32Array,
  inputWords: number,
  keepInput: boolean,
  vals: number[],
): void {
  const len = plan.length;
  while (p < len) {
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
    if (!Number.isNaN(r) || !keepInput || !isInput(input, inputWords, b, target)) data[off + target] = r;
    p += 3 + 2 * n;
  }
}

/**
 * A dense plan over a block's floats at `off`, in place: -1 when done, else the instruction whose result is
 * not exact in 32 bits (not written). The same loop as {@link planWide}, written again on purpose: each reads
 * one kind of typed array, so that the loads of this, the hottest loop of an aggregation, stay monomorphic.
 */
function planNarrow(
  plan: Int32Array,
  data: Float32Array,
  off: number,
  b: number,
  input: Uint32Array,
  inputWords: number,
  keepInput: boolean,
  vals: number[],
): number {
  const len = plan.length;
  let p = 0;
  while (p < len) {
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
    if (!Number.isNaN(r) || !keepInput || !isInput(input, inputWords, b, target)) {
      if (Math.fround(r) !== r && !Number.isNaN(r)) return p;
      data[off + target] = r;
    }
    p += 3 + 2 * n;
  }
  return -1;
}

/** Targets `[from, to)` of a gather task. */
function runGather(task: GatherTask, from: number, to: number): void {
  const {
    values,
    overflow,
    fresh,
    input,
    blockSize: bs,
    inputWords,
    keepInput,
    cells,
    targets,
    starts,
    sources,
  } = task;
  const { narrow, slots, wide } = values;
  // the target's values, computed as doubles, then stored
  const acc = new Float64Array(bs);
  const old = keepInput ? new Float64Array(bs) : null;
  for (let i = from; i < to; i++) {
    const t = targets[i] as number;
    const s0 = starts[i] as number;
    const s1 = starts[i + 1] as number;
    const fr = fresh ? (fresh[i] as number) : -1;
    if (cells) {
      loadBlock(values, bs, t, acc);
      for (let j = 0; j < cells.length; j++) {
        const cc = cells[j] as number;
        let r = Number.NaN;
        for (let s = s0; s < s1; s++) {
          const src = sources[s] as number;
          if (src < 0) continue;
          const slot = slots[src >>> 1] as number;
          if (slot === NO_SLOT) continue;
          const v = slot >= 0 ? (narrow[slot * bs + cc] as number) : (wide[(-2 - slot) * bs + cc] as number);
          if (Number.isNaN(v)) continue;
          if ((src & 1) === 0) r = Number.isNaN(r) ? v : r + v;
          else r = Number.isNaN(r) ? -v : r - v;
        }
        if (!Number.isNaN(r) || !keepInput || !isInput(input, inputWords, t, cc)) acc[cc] = r;
      }
      if (!storeBlock(values, bs, t, acc, fr)) overflowed(overflow, i);
      continue;
    }
    // Whole blocks: the first source is copied, the others added cell by cell.
    let s = s0;
    while (s < s1 && (sources[s] as number) < 0) s++;
    if (s === s1) {
      loadBlock(values, bs, t, acc);
      for (let j = 0; j < bs; j++) if (!keepInput || !isInput(input, inputWords, t, j)) acc[j] = Number.NaN;
      if (!storeBlock(values, bs, t, acc, fr)) overflowed(overflow, i);
      continue;
    }
    const keep = old !== null && anyInput(input, inputWords, t);
    if (keep) loadBlock(values, bs, t, old);
    // A target with a narrow slot (its own, or one set aside for it: `BlockStore.freshSlots`) is written in 4
    // bytes a cell as its last source is added, each value read back to see that it is the same. When one is
    // not, the block goes to a wide slot (its narrow slot left unused); when there is none, the calling thread
    // computes the target again from its sources (which this step does not write) and the values a gather keeps
    // (input cells whose result is #Missing: exact in 32 bits, so written back the same).
    const own = slots[t] as number;
    const ts = keep ? -1 : own === NO_SLOT ? fr : own;
    let last = s1 - 1;
    while (last > s && (sources[last] as number) < 0) last--;
    const first = sources[s] as number;
    const fs = slots[first >>> 1] as number;
    if (last === s && ts >= 0 && fs >= 0) {
      // one source, in 4 bytes a cell: copied (its values, or their opposites, are exact in 32 bits)
      const o = fs * bs;
      const d = ts * bs;
      if ((first & 1) === 0) for (let j = 0; j < bs; j++) narrow[d + j] = narrow[o + j] as number;
      else for (let j = 0; j < bs; j++) narrow[d + j] = -(narrow[o + j] as number);
      if (own === NO_SLOT) slots[t] = ts;
      continue;
    }
    if (fs < 0 || (first & 1) === 0) loadBlock(values, bs, first >>> 1, acc);
    if ((first & 1) === 1) {
      if (fs >= 0) for (let j = 0, o = fs * bs; j < bs; j++) acc[j] = -(narrow[o + j] as number);
      else for (let j = 0; j < bs; j++) acc[j] = -(acc[j] as number);
    }
    let written = false;
    for (s++; s <= last; s++) {
      const src = sources[s] as number;
      if (src < 0) continue;
      const slot = slots[src >>> 1] as number;
      if (slot >= 0) {
        if (s === last && ts >= 0) {
          if (addNarrowInto(acc, narrow, slot * bs, bs, (src & 1) === 1, ts * bs)) written = true;
          else break;
        } else addNarrow(acc, narrow, slot * bs, bs, (src & 1) === 1);
      } else if (slot !== NO_SLOT) addWide(acc, wide, (-2 - slot) * bs, bs, (src & 1) === 1);
    }
    if (written) {
      if (own === NO_SLOT) slots[t] = ts;
      continue;
    }
    if (keep) {
      for (let j = 0; j < bs; j++)
        if (Number.isNaN(acc[j] as number) && isInput(input, inputWords, t, j)) acc[j] = old[j] as number;
    }
    if (ts >= 0) {
      let exact = true;
      for (let j = 0, o = ts * bs; j < bs; j++) {
        const v = acc[j] as number;
        narrow[o + j] = v;
        if ((narrow[o + j] as number) !== v && !Number.isNaN(v)) exact = false;
      }
      if (exact) {
        if (own === NO_SLOT) slots[t] = ts;
        continue;
      }
    }
    if (!storeBlock(values, bs, t, acc, fr)) overflowed(overflow, i);
  }
}

/** Adds (or subtracts) a block held in 4 bytes a cell into `acc` (#Missing adds nothing). */
function addNarrow(acc: Float64Array, from: Float32Array, so: number, bs: number, minus: boolean): void {
  if (!minus) {
    for (let j = 0; j < bs; j++) {
      const v = from[so + j] as number;
      if (!Number.isNaN(v)) {
        const x = acc[j] as number;
        acc[j] = Number.isNaN(x) ? v : x + v;
      }
    }
  } else {
    for (let j = 0; j < bs; j++) {
      const v = from[so + j] as number;
      if (!Number.isNaN(v)) {
        const x = acc[j] as number;
        acc[j] = Number.isNaN(x) ? -v : x - v;
      }
    }
  }
}

/**
 * {@link addNarrow} of a target's last source, each result also written to the target's narrow slot at `to`:
 * whether every one is exact in 32 bits (else `acc` holds them all, for a wide slot).
 */
function addNarrowInto(
  acc: Float64Array,
  from: Float32Array,
  so: number,
  bs: number,
  minus: boolean,
  to: number,
): boolean {
  let exact = true;
  for (let j = 0; j < bs; j++) {
    const v = from[so + j] as number;
    let r = acc[j] as number;
    if (!Number.isNaN(v)) {
      if (minus) r = Number.isNaN(r) ? -v : r - v;
      else r = Number.isNaN(r) ? v : r + v;
      acc[j] = r;
    }
    from[to + j] = r;
    if ((from[to + j] as number) !== r && !Number.isNaN(r)) exact = false;
  }
  return exact;
}

/** {@link addNarrow} for a block held in 8 bytes a cell. */
function addWide(acc: Float64Array, from: Float64Array, so: number, bs: number, minus: boolean): void {
  if (!minus) {
    for (let j = 0; j < bs; j++) {
      const v = from[so + j] as number;
      if (!Number.isNaN(v)) {
        const x = acc[j] as number;
        acc[j] = Number.isNaN(x) ? v : x + v;
      }
    }
  } else {
    for (let j = 0; j < bs; j++) {
      const v = from[so + j] as number;
      if (!Number.isNaN(v)) {
        const x = acc[j] as number;
        acc[j] = Number.isNaN(x) ? -v : x - v;
      }
    }
  }
}

function anyInput(input: Uint32Array, words: number, block: number): boolean {
  for (let w = block * words, end = w + words; w < end; w++) if ((input[w] as number) !== 0) return true;
  return false;
}
