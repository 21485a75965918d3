// `@qibates/engine/browser/aggregation-worker`: the script of one aggregation worker, started by a
// `BrowserAggregationWorkers` pool (`aggregation-workers.ts`) through its `spawn` option.
import { serveAggregationWorker } from "./aggregation-workers.ts";

serveAggregationWorker();
