/**
 * Aggregation workers: the Node side of the engine's `AggregationThreads` (`@qibates/engine`, `cube/parallel.ts`).
 * A cube made with them keeps its stored values in SharedArrayBuffers; each heavy loop of CALC ALL / CALC DIM /
 * AGG (dense consolidation over the blocks, one step of a sparse dimension) is cut in chunks, posted to every
 * worker (`aggregation-worker.ts`), and taken chunk by chunk from one shared counter by the workers and the
 * calling thread alike, which then waits (`Atomics.wait`) until every worker is done: a calculation stays
 * synchronous for its caller. Every target value is computed by one chunk, in the same order as on one thread,
 * so the results are the same bit for bit.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ChunkPool, type PoolTask } from "@qibates/engine";

/**
 * How a worker thread is started: beside the server's bundle (`aggregation-worker.mjs`, built by
 * `scripts/server-build.mjs`), or from the TypeScript sources through tsx's loader (tests, `tsx`).
 */
function spawn(control: Int32Array): Worker {
  const here = import.meta.url;
  const workerData = { control };
  if (!here.endsWith(".ts")) return new Worker(new URL("./aggregation-worker.mjs", here), { workerData });
  const api = createRequire(here)
    .resolve("tsx/esm/api")
    .replace(/\.cjs$/, ".mjs");
  const entry = new URL("./aggregation-worker.ts", here).href;
  const boot = `import(${JSON.stringify(pathToFileURL(api).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); }).catch((e) => { console.error(e); process.exit(1); });`;
  return new Worker(boot, { eval: true, workerData });
}

export class AggregationWorkers extends ChunkPool {
  private readonly threads: Worker[] = [];
  private broken = false;
  private readonly started: Promise<void>;

  /**
   * `workers`: threads besides the caller's (default: one fewer than the machine's processors); `minItems`: see
   * `AggregationThreads` (tests set 1, so that small cubes take the parallel path too).
   */
  constructor(workers = Math.max(0, availableParallelism() - 1), minItems?: number) {
    super(minItems);
    for (let k = 0; k < workers; k++) {
      const w = spawn(this.control);
      // they never keep the process alive, and a worker that ends makes the pool unusable (calculations then
      // run on the calling thread alone)
      w.unref();
      w.on("error", () => {
        this.broken = true;
      });
      w.on("exit", () => {
        this.broken = true;
      });
      this.threads.push(w);
    }
    this.started = Promise.all(
      this.threads.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            w.once("message", () => resolve());
            w.once("error", reject);
            w.once("exit", () => reject(new Error("An aggregation worker ended before it started")));
          }),
      ),
    ).then(() => undefined);
    // a failed start is also seen by `workers` (0: calculations run on the calling thread)
    this.started.catch(() => {});
  }

  get workers(): number {
    return this.broken ? 0 : this.threads.length;
  }

  /** Resolves when every worker has started (a task posted before then waits for it). */
  ready(): Promise<void> {
    return this.started;
  }

  protected post(message: PoolTask): void {
    for (const w of this.threads) w.postMessage(message);
  }

  protected stalled(): void {
    void this.close();
  }

  async close(): Promise<void> {
    this.broken = true;
    await Promise.all(this.threads.map((w) => w.terminate()));
  }
}

let shared: AggregationWorkers | null = null;

/** The process's aggregation workers (one fewer than its processors), started at the first call; null on one. */
export function aggregationWorkers(): AggregationWorkers | null {
  if (availableParallelism() < 2) return null;
  shared ??= new AggregationWorkers();
  return shared;
}
