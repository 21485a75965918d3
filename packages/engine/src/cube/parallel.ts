import { combine, SKIPS, timeBalance } from "./arithmetic.ts";

/**
 * Aggregation on several threads. The engine names no thread API (it runs in the browser too): the host hands a
 * cube an {@link AggregationThreads} (Node: `@qibates/embedded`'s worker pool), the cube's stored
 * values then live in SharedArrayBuffers, and the heavy loops of CALC ALL / CALC DIM / AGG run as
 * {@link AggregationTask}s cut in chunks that any thread takes in any order. Every target cell is computed by
 * one chunk, from its sources in the same order as on one thread, so the results are the same bit for bit.
 */

/** Dense consolidation (a compiled plan, `dense-plan.ts`) in blocks `[0, blocks)`. */
export interface DensePlanTask {
  kind: "dense";
  plan: Int32Array;
  data: Float64Array;
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
  data: Float64Array;
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
  if (task.kind === "dense") {
    const [from, to] = chunkRange(task.blocks, c, chunks);
    runDenseBlocks(task, from, to);
  } else {
    const [from, to] = chunkRange(task.count, c, chunks);
    runGather(task, from, to);
  }
}

/** A task on the calling thread alone. */
export function runAggregationTask(task: AggregationTask): void {
  runAggregationChunk(task, 0, 1);
}

function isInput(input: Uint32Array, words: number, block: number, cell: number): boolean {
  return (((input[block * words + (cell >>> 5)] as number) >>> (cell & 31)) & 1) === 1;
}

/** A compiled dense plan (`[kind, target, n, child0, op0, …]`) over blocks `[from, to)`. */
export function runDenseBlocks(task: DensePlanTask, from: number, to: number): void {
  const { plan, data, input, blockSize, inputWords, keepInput } = task;
  const vals: number[] = [];
  const len = plan.length;
  for (let b = from; b < to; b++) {
    const off = b * blockSize;
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
      if (!Number.isNaN(r) || !keepInput || !isInput(input, inputWords, b, target)) data[off + target] = r;
      p += 3 + 2 * n;
    }
  }
}

/** Targets `[from, to)` of a gather task. */
function runGather(task: GatherTask, from: number, to: number): void {
  const { data, input, blockSize: bs, inputWords, keepInput, cells, targets, starts, sources } = task;
  for (let i = from; i < to; i++) {
    const t = targets[i] as number;
    const to0 = t * bs;
    const s0 = starts[i] as number;
    const s1 = starts[i + 1] as number;
    if (cells) {
      for (let j = 0; j < cells.length; j++) {
        const cc = cells[j] as number;
        let r = Number.NaN;
        for (let s = s0; s < s1; s++) {
          const src = sources[s] as number;
          if (src < 0) continue;
          const v = data[(src >>> 1) * bs + cc] as number;
          if (Number.isNaN(v)) continue;
          if ((src & 1) === 0) r = Number.isNaN(r) ? v : r + v;
          else r = Number.isNaN(r) ? -v : r - v;
        }
        if (!Number.isNaN(r) || !keepInput || !isInput(input, inputWords, t, cc)) data[to0 + cc] = r;
      }
      continue;
    }
    // Whole blocks: the first source is copied, the others added cell by cell.
    let s = s0;
    while (s < s1 && (sources[s] as number) < 0) s++;
    if (s === s1) {
      for (let j = 0; j < bs; j++)
        if (!keepInput || !isInput(input, inputWords, t, j)) data[to0 + j] = Number.NaN;
      continue;
    }
    const keep = keepInput && anyInput(input, inputWords, t);
    const old = keep ? data.slice(to0, to0 + bs) : null;
    const first = sources[s] as number;
    const f0 = (first >>> 1) * bs;
    if ((first & 1) === 0) for (let j = 0; j < bs; j++) data[to0 + j] = data[f0 + j] as number;
    else for (let j = 0; j < bs; j++) data[to0 + j] = -(data[f0 + j] as number);
    for (s++; s < s1; s++) {
      const src = sources[s] as number;
      if (src < 0) continue;
      const so = (src >>> 1) * bs;
      if ((src & 1) === 0) {
        for (let j = 0; j < bs; j++) {
          const v = data[so + j] as number;
          if (!Number.isNaN(v)) {
            const x = data[to0 + j] as number;
            data[to0 + j] = Number.isNaN(x) ? v : x + v;
          }
        }
      } else {
        for (let j = 0; j < bs; j++) {
          const v = data[so + j] as number;
          if (!Number.isNaN(v)) {
            const x = data[to0 + j] as number;
            data[to0 + j] = Number.isNaN(x) ? -v : x - v;
          }
        }
      }
    }
    if (old) {
      for (let j = 0; j < bs; j++)
        if (Number.isNaN(data[to0 + j] as number) && isInput(input, inputWords, t, j))
          data[to0 + j] = old[j] as number;
    }
  }
}

function anyInput(input: Uint32Array, words: number, block: number): boolean {
  for (let w = block * words, end = w + words; w < end; w++) if ((input[w] as number) !== 0) return true;
  return false;
}
