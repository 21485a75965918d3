import { type AggregationTask, type AggregationThreads, runAggregationChunk } from "./parallel.ts";

/**
 * What every pool of aggregation threads shares, whatever starts its threads (Node's worker threads in
 * `@qibates/embedded`, Web Workers in `@qibates/engine/browser`): one Int32Array in a
 * SharedArrayBuffer that the calling thread and the workers read and write with `Atomics`. A task is posted to
 * every worker; each thread, the caller included, takes chunk after chunk from one counter until none is left;
 * each worker then counts itself done, and the caller waits (`Atomics.wait`) until every worker has.
 */

/** Slots of the shared control array. */
export const POOL_CONTROL = {
  /** Workers done with the current task. */
  done: 0,
  /** Set when a worker failed. */
  failed: 1,
  /** The next chunk to take. */
  next: 2,
  /** The task's number (written before it is posted, read by the worker: the task's memory is then visible). */
  task: 3,
  /** Chunks the workers (not the caller) computed, since the pool started. */
  workerChunks: 4,
} as const;

const CONTROL_SLOTS = 5;

/** A chunked task as posted to a worker. */
export interface PoolTask {
  task: AggregationTask;
  chunks: number;
}

/** The longest the calling thread waits for the workers once its own chunks are done. */
const STALL_MS = 120_000;

/** A new control array for a pool. */
export function poolControl(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * CONTROL_SLOTS));
}

/** Runs chunks taken from the shared counter until none is left. */
function takeChunks(control: Int32Array, task: AggregationTask, chunks: number, byWorker: boolean): void {
  for (;;) {
    const c = Atomics.add(control, POOL_CONTROL.next, 1);
    if (c >= chunks) return;
    runAggregationChunk(task, c, chunks);
    if (byWorker) Atomics.add(control, POOL_CONTROL.workerChunks, 1);
  }
}

/** A worker's side: computes chunks of a posted task, then counts itself done (failed or not). */
export function serveChunks(control: Int32Array, m: PoolTask): void {
  try {
    // the task's number, written before it was posted: what the caller wrote before is visible from here on
    Atomics.load(control, POOL_CONTROL.task);
    takeChunks(control, m.task, m.chunks, true);
  } catch {
    Atomics.store(control, POOL_CONTROL.failed, 1);
  } finally {
    Atomics.add(control, POOL_CONTROL.done, 1);
    Atomics.notify(control, POOL_CONTROL.done);
  }
}

/**
 * The calling thread's side of a pool: `run`, or `start` then `finish` (the engine makes the next step's block
 * lists meanwhile). A pool of its own says how many workers are usable, how a task reaches them, and what
 * happens when they stall.
 */
export abstract class ChunkPool implements AggregationThreads {
  protected readonly control = poolControl();
  private pending: (PoolTask & { posted: number }) | null = null;
  private taskNumber = 0;

  constructor(readonly minItems?: number) {}

  /** Threads besides the caller (0: every chunk runs on the caller). */
  abstract get workers(): number;

  /** Posts a task to every worker. */
  protected abstract post(message: PoolTask): void;

  /** The workers did not finish within the stall limit: the pool is to be ended. */
  protected abstract stalled(): void;

  /** Chunks the workers computed since the pool started (the caller's own are not counted). */
  get chunksByWorkers(): number {
    return Atomics.load(this.control, POOL_CONTROL.workerChunks);
  }

  run(task: AggregationTask, chunks: number): void {
    this.start(task, chunks);
    this.finish();
  }

  start(task: AggregationTask, chunks: number): void {
    if (this.pending) throw new Error("An aggregation task is still running");
    const posted = this.workers;
    const control = this.control;
    Atomics.store(control, POOL_CONTROL.done, 0);
    Atomics.store(control, POOL_CONTROL.failed, 0);
    Atomics.store(control, POOL_CONTROL.next, 0);
    Atomics.store(control, POOL_CONTROL.task, ++this.taskNumber);
    const message: PoolTask = { task, chunks };
    // no usable worker (not started, or broken): `finish` computes every chunk on the calling thread
    if (posted > 0) this.post(message);
    this.pending = { ...message, posted };
  }

  finish(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    const control = this.control;
    takeChunks(control, pending.task, pending.chunks, false);
    let waited = 0;
    for (;;) {
      const done = Atomics.load(control, POOL_CONTROL.done);
      if (done >= pending.posted) break;
      if (Atomics.wait(control, POOL_CONTROL.done, done, 100) === "timed-out") {
        waited += 100;
        if (waited >= STALL_MS) {
          this.stalled();
          throw new Error(`Aggregation workers did not finish within ${STALL_MS / 1000} s`);
        }
      }
    }
    if (Atomics.load(control, POOL_CONTROL.failed) !== 0) {
      throw new Error("An aggregation worker failed: the calculation's values are not reliable");
    }
  }
}
