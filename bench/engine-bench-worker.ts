import { BrowserAggregationWorkers } from "@qibates/engine/browser";
import { runEngineBench } from "./engine-bench-entry.ts";

/**
 * The engine benchmark in a dedicated worker of a cross-origin isolated page (`engine-aggregate.ts` serves it):
 * each message runs one build + CALC ALL of the synthetic cube, on the calling thread alone or on the
 * aggregation workers (`@qibates/engine/browser`, started once, the script `aggregation-worker.js` beside this
 * one), and posts the figures back.
 */

export interface WorkerBenchRequest {
  /** Aggregation workers beside this thread (0: one thread). */
  workers: number;
  withDigest: boolean;
}

type EngineRun = ReturnType<typeof runEngineBench>;

interface WorkerScope {
  postMessage(message: EngineRun | { error: string }): void;
  onmessage: ((event: { data: WorkerBenchRequest }) => void) | null;
}

let pool: BrowserAggregationWorkers | null = null;

async function run(request: WorkerBenchRequest): Promise<EngineRun> {
  if (request.workers === 0) return runEngineBench(undefined, false, request.withDigest);
  if (!pool || pool.workers !== request.workers) {
    pool?.close();
    pool = new BrowserAggregationWorkers({
      spawn: () => new Worker("./aggregation-worker.js"),
      workers: request.workers,
    });
    await pool.ready();
  }
  return runEngineBench(pool, false, request.withDigest);
}

const scope = globalThis as unknown as WorkerScope;
scope.onmessage = (event) => {
  run(event.data).then(
    (r) => scope.postMessage(r),
    (e: unknown) => scope.postMessage({ error: e instanceof Error ? e.message : String(e) }),
  );
};
