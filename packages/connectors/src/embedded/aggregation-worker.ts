/**
 * An aggregation worker's thread (`aggregation-workers.ts` starts it): it takes chunks of each task posted to it
 * from the shared counter, computes them in the cube's SharedArrayBuffers, and counts itself done.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type AggregationMessage, CONTROL, takeChunks } from "./aggregation-workers.ts";

const control = (workerData as { control: Int32Array }).control;

parentPort?.on("message", (m: AggregationMessage) => {
  try {
    // the task's number, written before it was posted: what the caller wrote before is visible from here on
    Atomics.load(control, CONTROL.task);
    takeChunks(control, m.task, m.chunks);
  } catch {
    Atomics.store(control, CONTROL.failed, 1);
  } finally {
    Atomics.add(control, CONTROL.done, 1);
    Atomics.notify(control, CONTROL.done);
  }
});
parentPort?.postMessage("ready");
