import {
  applicationList,
  PLANNING_PATHS,
  PLANNING_REST_VERSION,
  planningPath,
  planTypeList,
  versionInfo,
} from "@qibates/protocols/planning-rest";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf, link, type PlanningContext } from "../context.ts";

const v = `/${PLANNING_REST_VERSION}`;

/** The one version served, as `GET …/rest/` lists it and `GET …/rest/v3` describes it. */
const version = (request: FastifyRequest, extra: ReturnType<typeof link>[] = []) =>
  versionInfo(PLANNING_REST_VERSION, [link(request, v, "canonical"), ...extra]);

/** Version discovery, the applications and an application's plan types. */
export function discoveryRoutes(scope: FastifyInstance, ctx: PlanningContext): void {
  // Version discovery: `GET /HyperionPlanning/rest/` lists the versions (the trailing slash is required, a
  // live-tested client's note); `GET /HyperionPlanning/rest/v3` describes one, which pbj-pbcs-client reads
  // as `…/v3/`.
  scope.get("/", async (request) => ({
    items: [version(request, [link(request, v, "current")])],
    links: [link(request, "/", "self")],
  }));
  scope.get(v, async (request) => version(request));
  scope.get(`${v}/`, async (request) => version(request));

  scope.get(`${v}${PLANNING_PATHS.applications}`, async (request) => {
    const { session } = callerOf(request);
    const list = await ctx.provider.applications(session, await ctx.server(session), false);
    return applicationList(list.applications.map((a) => a.name));
  });

  scope.get<{ Params: { app: string } }>(`${v}${PLANNING_PATHS.planTypes}`, async (request) => {
    const { session } = callerOf(request);
    const ref = await ctx.appRef(session, request.params.app);
    const cubes = await ctx.provider.cubes(session, ref);
    const self = `${v}${planningPath(PLANNING_PATHS.planTypes, { app: ref.application })}`;
    return planTypeList(
      cubes.cubes.map((c) => c.name),
      [link(request, self, "self")],
    );
  });
}
