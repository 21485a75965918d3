import { type SmartViewOptions, smartViewEndpoint } from "../../src/smartview/index.ts";
import { startWire } from "./server.ts";

/** A Fastify server answering the Smart View endpoint over the embedded provider (demo/demo), on a free port. */
export async function startSmartView(options: Partial<SmartViewOptions> = {}) {
  return startWire(smartViewEndpoint, options);
}
