/**
 * An aggregation worker's thread (`aggregation-workers.ts` starts it): it takes chunks of each task posted to it
 * from the shared counter, computes them in the cube's SharedArrayBuffers, and counts itself done (the engine's
 * `serveChunks`).
 */
import { parentPort, workerData } from "node:worker_threads";
import { type PoolTask, serveChunks } from "@qibates/engine";

const control = (workerData as { control: Int32Array }).control;

parentPort?.on("message", (m: PoolTask) => serveChunks(control, m));
parentPort?.postMessage("ready");
