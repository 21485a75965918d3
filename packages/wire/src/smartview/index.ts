import { SMARTVIEW_21C_PATH, SMARTVIEW_PATH } from "@qibates/protocols/smartview";
import type { FastifyInstance } from "fastify";
import type { WireEndpointOptions } from "../options.ts";
import { connectionHandlers } from "./connection.ts";
import type { SvContext } from "./context.ts";
import { cubeHandlers } from "./cube.ts";
import { gridHandlers } from "./grid-messages.ts";
import { memberHandlers } from "./members.ts";
import { dispatch, smartViewRoutes } from "./protocol.ts";
import { smartViewSessions } from "./session.ts";

export { withFrom } from "./grid-messages.ts";
export { SMARTVIEW_21C_PATH, SMARTVIEW_PATH };

/**
 * Options of the Smart View endpoint: `provider` answers as the embedded engine does; `connector` defaults to
 * `essbase` (the capability table's Essbase 11.x profile); writes are journaled as `smartview:<user>`.
 */
export type SmartViewOptions = WireEndpointOptions & {
  /** Largest grid (in cells) a grid message sends or is answered (default 500,000, `MAX_GRID_CELLS`'s). */
  maxCells?: number;
};

/**
 * Smart View's XML provider protocol (Essbase APS 11.x, `/aps/SmartView`) over the embedded engine, answering
 * the messages public captures show, in their shape: one XML document per POST, request root `req_<Method>`,
 * answer root `res_<Method>` or `exception`. The sessions (`session.ts`) log in and out; the handlers by
 * family answer the rest: servers, applications and cubes (`connection.ts`), the open cube's aliases,
 * dimensions, POV and business rules (`cube.ts`), members and filters (`members.ts`), grids (`grid-messages.ts`).
 * Any other message answers the exception element: the captures show no other exchange.
 */
export async function smartViewEndpoint(app: FastifyInstance, options: SmartViewOptions): Promise<void> {
  const essbase = options.provider.essbase;
  if (!essbase) throw new Error("the Smart View endpoint needs a provider with Essbase operations");
  const sessions = smartViewSessions(app, options);
  const ctx: SvContext = {
    provider: options.provider,
    essbase,
    connector: options.connector ?? "essbase",
    sessions,
    maxCells: options.maxCells ?? 500_000,
  };
  const answer = dispatch(
    sessions.handlers,
    connectionHandlers(ctx),
    cubeHandlers(ctx),
    memberHandlers(ctx),
    gridHandlers(ctx),
  );
  await smartViewRoutes(
    app,
    // APS 11.x's address and Essbase 21c's own: the same protocol, the same answers.
    { [SMARTVIEW_PATH]: answer, [SMARTVIEW_21C_PATH]: answer },
    "smartview",
    { prefix: "/aps/", except: ["/aps/XMLA"] },
    sessions,
  );
}
