import { ChunkPool, type PoolTask, serveChunks } from "../cube/chunk-pool.ts";
import { EngineError } from "../engine-error.ts";

/**
 * Aggregation on Web Workers: the browser side of the engine's `AggregationThreads` (`cube/parallel.ts`; in
 * Node, `@qibates/embedded`'s `AggregationWorkers` does the same with worker threads). A cube made
 * with a pool (`new Cube(outline, { threads: pool })`) keeps its stored values in SharedArrayBuffers; each heavy
 * loop of CALC ALL / CALC DIM / AGG is cut in chunks, posted to every worker, and taken chunk by chunk from one
 * shared counter by the workers and the calling thread alike; the caller then waits (`Atomics.wait`) until every
 * worker is done, so a calculation stays synchronous. Every target value is computed by one chunk, in the same
 * order as on one thread: the results are the same bit for bit.
 *
 * Where it works: in a dedicated worker of a cross-origin isolated page (`crossOriginIsolated`, which
 * SharedArrayBuffer needs: the page is served with `Cross-Origin-Opener-Policy: same-origin` and
 * `Cross-Origin-Embedder-Policy: require-corp`). The engine runs in that dedicated worker, which starts the
 * aggregation workers itself (nested workers). A page's main thread may not block (`Atomics.wait` throws
 * there), so the pool refuses to be made on it, as it refuses on a page that is not isolated, with an
 * `EngineError` of code {@link AGGREGATION_THREADS_UNAVAILABLE} saying why: never a hang.
 */

/** The code of the `EngineError` thrown where aggregation workers cannot work. */
export const AGGREGATION_THREADS_UNAVAILABLE = "AGGREGATION_THREADS_UNAVAILABLE";

/** A message to an aggregation worker: the control array once, then each chunked task. */
export type AggregationWorkerMessage = { kind: "start"; control: Int32Array } | ({ kind: "task" } & PoolTask);

/** What the pool uses of a Web Worker (the DOM's `Worker`; the engine is typed without the DOM's library). */
export interface AggregationWorkerHandle {
  postMessage(message: AggregationWorkerMessage): void;
  terminate(): void;
  onmessage: ((event: never) => unknown) | null;
  onerror: ((event: never) => unknown) | null;
}

export interface BrowserAggregationOptions {
  /**
   * Starts one aggregation worker: a dedicated worker whose script is a bundle of
   * `@qibates/engine/browser/aggregation-worker` (or of any script that calls {@link serveAggregationWorker}),
   * e.g. `() => new Worker(new URL("./aggregation-worker.js", import.meta.url))`.
   */
  spawn: () => AggregationWorkerHandle;
  /** Workers besides the calling thread (default: one fewer than `navigator.hardwareConcurrency`). */
  workers?: number;
  /** See `AggregationThreads.minItems` (tests set 1, so that small cubes take the parallel path too). */
  minItems?: number;
}

interface BrowserGlobals {
  crossOriginIsolated?: boolean;
  Worker?: unknown;
  navigator?: { hardwareConcurrency?: number };
}

/**
 * Why aggregation workers cannot work in this context (a sentence), or null when they can: the page must be
 * cross-origin isolated, the context must be able to start workers, and it must be allowed to block (a
 * dedicated worker; not a page's main thread).
 */
export function browserAggregationUnavailable(): string | null {
  const g = globalThis as BrowserGlobals;
  if (typeof SharedArrayBuffer !== "function" || g.crossOriginIsolated !== true) {
    return (
      "Aggregation workers need a cross-origin isolated page (crossOriginIsolated is not true here), for " +
      "SharedArrayBuffer: serve the page with the headers Cross-Origin-Opener-Policy: same-origin and " +
      "Cross-Origin-Embedder-Policy: require-corp"
    );
  }
  let blocks = true;
  try {
    // "not-equal" at once where blocking is allowed; a TypeError on a page's main thread
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
  } catch {
    blocks = false;
  }
  if (!blocks) {
    return (
      "Aggregation workers need the engine to run in a dedicated worker: this thread may not block " +
      "(Atomics.wait), and a calculation waits there for its workers; a page's main thread never may. Run the " +
      "engine in a dedicated worker and make the aggregation workers there"
    );
  }
  if (typeof g.Worker !== "function") {
    return "Aggregation workers need a context that can start workers (a dedicated worker): Worker is not available here";
  }
  return null;
}

/**
 * A pool of aggregation workers for the engine running in this dedicated worker (see the module's comment).
 * Throws an `EngineError` ({@link AGGREGATION_THREADS_UNAVAILABLE}) where it cannot work. Workers start
 * asynchronously: until {@link BrowserAggregationWorkers.ready} resolves, `workers` is 0 and calculations run on
 * the calling thread alone (a calculation never waits for a worker that has not started).
 */
export class BrowserAggregationWorkers extends ChunkPool {
  private readonly threads: AggregationWorkerHandle[] = [];
  private readonly started: Promise<void>;
  private running = false;
  private broken = false;

  constructor(options: BrowserAggregationOptions) {
    const why = browserAggregationUnavailable();
    if (why) throw new EngineError(AGGREGATION_THREADS_UNAVAILABLE, why);
    super(options.minItems);
    const hc = (globalThis as BrowserGlobals).navigator?.hardwareConcurrency ?? 1;
    const n = Math.max(0, Math.floor(options.workers ?? hc - 1));
    const starts: Promise<void>[] = [];
    for (let k = 0; k < n; k++) {
      const w = options.spawn();
      this.threads.push(w);
      starts.push(
        new Promise<void>((resolve, reject) => {
          // the first message says the worker has started; a worker that fails makes the pool unusable
          // (calculations then run on the calling thread alone)
          w.onmessage = () => resolve();
          w.onerror = () => {
            this.broken = true;
            reject(new Error("An aggregation worker failed to start (see the browser's console)"));
          };
        }),
      );
      w.postMessage({ kind: "start", control: this.control });
    }
    this.started = Promise.all(starts).then(() => {
      this.running = true;
    });
    // a failed start is also seen by `workers` (0: calculations run on the calling thread)
    this.started.catch(() => {});
  }

  /** Threads besides the caller: 0 until every worker has started, or once one failed. */
  get workers(): number {
    return this.running && !this.broken ? this.threads.length : 0;
  }

  /** Resolves when every worker has started (rejects when one failed to). */
  ready(): Promise<void> {
    return this.started;
  }

  protected post(message: PoolTask): void {
    const m: AggregationWorkerMessage = { kind: "task", ...message };
    for (const w of this.threads) w.postMessage(m);
  }

  protected stalled(): void {
    this.close();
  }

  /** Ends the workers; calculations then run on the calling thread alone. */
  close(): void {
    this.broken = true;
    for (const w of this.threads) w.terminate();
  }
}

/** Makes a pool of aggregation workers (see {@link BrowserAggregationWorkers}); throws where it cannot work. */
export function createBrowserAggregationWorkers(
  options: BrowserAggregationOptions,
): BrowserAggregationWorkers {
  return new BrowserAggregationWorkers(options);
}

/** What an aggregation worker uses of its global scope (the DOM's `DedicatedWorkerGlobalScope`). */
interface AggregationWorkerScope {
  postMessage(message: string): void;
  onmessage: ((event: { data: AggregationWorkerMessage }) => void) | null;
}

/**
 * Serves a {@link BrowserAggregationWorkers} pool from this dedicated worker: takes chunks of each task posted to
 * it, computes them in the cube's SharedArrayBuffers, and counts itself done. The script
 * `@qibates/engine/browser/aggregation-worker` calls it; a worker script of an application's own may too.
 */
export function serveAggregationWorker(): void {
  const scope = globalThis as unknown as AggregationWorkerScope;
  let control: Int32Array | null = null;
  scope.onmessage = (event) => {
    const m = event.data;
    if (m.kind === "start") {
      control = m.control;
      scope.postMessage("ready");
      return;
    }
    if (control) serveChunks(control, m);
  };
}
