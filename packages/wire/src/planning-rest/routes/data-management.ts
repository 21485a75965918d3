import {
  DATA_MANAGEMENT_PATHS,
  DATA_MANAGEMENT_PLANS,
  DATA_MANAGEMENT_REST_ROOT,
  DATA_MANAGEMENT_REST_VERSION,
  dataManagementApplication,
  versionInfo,
} from "@qibates/protocols/planning-rest";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf, type PlanningContext } from "../context.ts";

const v = `/${DATA_MANAGEMENT_REST_VERSION}`;

/**
 * Data Management's REST API (`/aif/rest/V1`): the version, and an application with its plan types and
 * dimensions, the shape pbj-pbcs-client reads plan types from. Nothing else of Data Management is served.
 */
export function dataManagementRoutes(scope: FastifyInstance, ctx: PlanningContext): void {
  const version = (request: FastifyRequest) =>
    versionInfo(DATA_MANAGEMENT_REST_VERSION, [
      {
        rel: "canonical",
        href: `${request.protocol}://${request.headers.host ?? "localhost"}${DATA_MANAGEMENT_REST_ROOT}${v}`,
        action: "GET",
      },
    ]);
  scope.get(v, async (request) => version(request));
  scope.get(`${v}/`, async (request) => version(request));

  scope.get<{ Params: { app: string } }>(`${v}${DATA_MANAGEMENT_PATHS.application}`, async (request) => {
    const { session } = callerOf(request);
    const ref = await ctx.appRef(session, request.params.app);
    const plans = (await ctx.provider.cubes(session, ref)).cubes
      .map((c) => c.name)
      .slice(0, DATA_MANAGEMENT_PLANS);
    const perPlan = await Promise.all(
      plans.map((cube) => ctx.planning.planTypeDimensions(session, ref, cube)),
    );
    return dataManagementApplication(
      ref.application,
      plans.map((name, i) => ({ name, dimensions: perPlan[i] ?? [] })),
    );
  });
}
