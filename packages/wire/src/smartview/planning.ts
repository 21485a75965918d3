import { PLANNING_SMARTVIEW_PATH, SMARTVIEW_PROVIDERS_PATH } from "@qibates/protocols/smartview";
import type { FastifyInstance } from "fastify";
import type { WireEndpointOptions } from "../options.ts";
import { planningHandlers } from "./planning-messages.ts";
import { planningSessions } from "./planning-session.ts";
import { dispatch, smartViewRoutes } from "./protocol.ts";

export { PLANNING_SMARTVIEW_PATH, SMARTVIEW_PROVIDERS_PATH };

/** Options of the Planning Smart View endpoint; `connector` defaults to `planning`. */
export type PlanningSmartViewOptions = WireEndpointOptions;

/**
 * Hyperion Planning's Smart View provider (`/HyperionPlanning/SmartView`) and EPM Workspace's provider list
 * (`/workspace/SmartViewProviders`) over the embedded engine's Vision application, answering the on-premises
 * login and the messages a described client sends (terameta/EPMToolBox-v3, see
 * `packages/connectors/NOTES-planning-smartview.md`), in the shapes of agardiner/SmartView's APS captures where
 * the two overlap (`EnumBusinessRules`, `LaunchBusinessRule`, the exception element): the sessions
 * (`planning-session.ts`) answer Workspace's `GetProvisionedDataSources` and Planning's `ConnectToProvider`
 * and `Logout`, the messages (`planning-messages.ts`) the rest. Anything else answers the exception element.
 */
export async function planningSmartViewEndpoint(
  app: FastifyInstance,
  options: PlanningSmartViewOptions,
): Promise<void> {
  const planning = options.provider.planning;
  if (!planning) throw new Error("the Planning Smart View endpoint needs a provider of the planning family");
  const sessions = planningSessions(app, options);
  await smartViewRoutes(
    app,
    {
      [SMARTVIEW_PROVIDERS_PATH]: dispatch(sessions.workspace),
      [PLANNING_SMARTVIEW_PATH]: dispatch(
        sessions.handlers,
        planningHandlers(options.provider, planning, sessions),
      ),
    },
    "smartview planning",
    undefined,
    sessions,
  );
}
