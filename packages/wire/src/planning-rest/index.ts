import {
  DATA_MANAGEMENT_REST_ROOT,
  dataManagementErrorBody,
  PLANNING_REST_ROOT,
  planningErrorBody,
} from "@qibates/protocols/planning-rest";
import type { Connector, Provider } from "@qibates/provider";
import type { FastifyInstance, FastifyReply } from "fastify";
import { CallerSessions, registerLiveSessions } from "../live-sessions.ts";
import { LoginThrottle } from "../login-throttle.ts";
import { administratorRole, type WireEndpointOptions } from "../options.ts";
import { type PlanningAuth, planningApi } from "./auth.ts";
import { planningContext } from "./context.ts";
import { dataManagementRoutes } from "./routes/data-management.ts";
import { dataSliceRoutes } from "./routes/data-slices.ts";
import { dimensionRoutes } from "./routes/dimensions.ts";
import { discoveryRoutes } from "./routes/discovery.ts";
import { formRoutes } from "./routes/forms.ts";
import { jobRoutes } from "./routes/jobs.ts";
import { variableRoutes } from "./routes/variables.ts";

/**
 * The Planning REST API of EPM Cloud (`/HyperionPlanning/rest/v3/…`) answered by a provider: a Fastify plugin
 * for what a client needs to find the API version, list applications, plan types and business rules, launch
 * a rule with its runtime prompts as a job and poll it, read dimension members and substitution variables,
 * data slices and forms. Every call authenticates with HTTP Basic, the user name alone or
 * `identitydomain.user` (`auth.ts`); each resource's routes are a module of `routes/`, given what they need.
 * Replies have the JSON shapes of `@qibates/protocols/planning-rest` (sources in
 * `packages/connectors/NOTES-planning-rest.md` and `NOTES.md` here).
 */

export interface PlanningRestOptions extends Pick<WireEndpointOptions, "callOf"> {
  /** Every call goes to this provider (the server passes the embedded one: the demo's users and data). */
  provider: Provider;
  /** The connector value of the provider sessions (default `pbcs`). */
  connector?: Connector;
  /** Who rule runs are journaled under, from the user name (default `planning-rest:<user>`). */
  owner?: (username: string) => string;
  /** At most this many job records are kept, newest first (default 1000). */
  maxJobs?: number;
  /**
   * Largest data slice, and form of Export Form Data, answered, in cells (default 100,000); beyond it, Planning's
   * "threshold" error.
   */
  maxSliceCells?: number;
  /** The server's grid limit (MAX_GRID_CELLS): a slice or form past it is refused as past the threshold. */
  maxCells?: number;
  /** A caller's provider session (the demo's own view of its writes) ends this long after its last call (default 30 minutes). */
  idleMinutes?: number;
  /**
   * Whether Export Form Data is served (default true). False answers it as a deployment without AI Studio
   * would refuse it (Oracle: the call "requires an Oracle Fusion Cloud deployment with AI Studio"), so that a
   * client's fallback can be tried.
   */
  exportFormData?: boolean;
  /** Failed logins counted per address and user (`login-throttle.ts`); share one across endpoints. */
  loginThrottle?: LoginThrottle;
  /** Users whose one account many people share (the public demo user): never an administrator. */
  sharedUser?: (username: string) => boolean;
  /**
   * Users with the service administrator's role: they poll every caller's jobs (a user polls only the jobs
   * launched by that user from that client address). Default: nobody.
   */
  administrator?: (username: string) => boolean;
}

const sendPlanningError = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).type("application/json").send(planningErrorBody(status, message));

const sendDataManagementError = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).type("application/json").send(dataManagementErrorBody(message));

export async function planningRestEndpoint(
  app: FastifyInstance,
  options: PlanningRestOptions,
): Promise<void> {
  const provider = options.provider;
  const planning = provider.planning;
  if (!planning) throw new Error("the Planning REST endpoint needs a provider of the planning family");
  // Basic on every call, no session: one provider session per user at one address (the demo's own views).
  const callers = new CallerSessions("planning-rest", (options.idleMinutes ?? 30) * 60_000);
  const unregister = registerLiveSessions((id) => callers.alive(id));
  app.addHook("onClose", async () => unregister());
  const auth: PlanningAuth = {
    provider,
    connector: options.connector ?? "pbcs",
    throttle: options.loginThrottle ?? new LoginThrottle(),
    callers,
    owner: options.owner ?? ((u: string) => `planning-rest:${u}`),
    callOf: options.callOf,
  };
  const ctx = planningContext(provider, planning);

  await planningApi(app, auth, {
    prefix: PLANNING_REST_ROOT,
    sendError: sendPlanningError,
    rootServed: true,
    routes: (scope) => {
      discoveryRoutes(scope, ctx);
      jobRoutes(scope, ctx, {
        maxJobs: options.maxJobs ?? 1000,
        administrator: administratorRole(options),
      });
      variableRoutes(scope, ctx);
      // Planning's data-entry threshold, or the server's grid limit (MAX_GRID_CELLS) when it is the lower.
      const threshold = Math.min(
        options.maxSliceCells ?? 100_000,
        options.maxCells ?? Number.POSITIVE_INFINITY,
      );
      dataSliceRoutes(scope, ctx, { maxSliceCells: threshold });
      formRoutes(scope, ctx, { exportFormData: options.exportFormData !== false, maxFormCells: threshold });
      dimensionRoutes(scope, ctx);
    },
  });
  // Data Management serves nothing at its root (Planning lists its versions there).
  await planningApi(app, auth, {
    prefix: DATA_MANAGEMENT_REST_ROOT,
    sendError: sendDataManagementError,
    rootServed: false,
    routes: (scope) => dataManagementRoutes(scope, ctx),
  });
}
