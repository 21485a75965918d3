// `@qibates/engine/browser`: what the engine offers only in a browser. Aggregation on Web Workers, for an engine
// running in a dedicated worker of a cross-origin isolated page (`aggregation-workers.ts`).
export {
  AGGREGATION_THREADS_UNAVAILABLE,
  type AggregationWorkerHandle,
  type AggregationWorkerMessage,
  type BrowserAggregationOptions,
  BrowserAggregationWorkers,
  browserAggregationUnavailable,
  createBrowserAggregationWorkers,
  serveAggregationWorker,
} from "./aggregation-workers.ts";
