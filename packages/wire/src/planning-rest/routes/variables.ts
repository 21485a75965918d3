import {
  PLANNING_PATHS,
  PLANNING_REST_VERSION,
  planningPath,
  type SubstitutionVariable,
} from "@qibates/protocols/planning-rest";
import type { ApplicationRef, ProviderSession } from "@qibates/provider";
import type { FastifyInstance } from "fastify";
import { callerOf, HttpError, link, type PlanningContext } from "../context.ts";

const v = `/${PLANNING_REST_VERSION}`;

/**
 * Substitution variables (Oracle's "Get All Substitution Variables Defined for the Application": every plan
 * type's, each with its planType, `ALL` for the application level, which the demo does not use); a plan type's
 * (with or without q={"derivedValues":true}) are its own.
 */
export function variableRoutes(scope: FastifyInstance, ctx: PlanningContext): void {
  const planTypeVariables = async (
    session: ProviderSession,
    ref: ApplicationRef,
    cube: string,
  ): Promise<SubstitutionVariable[]> =>
    (await ctx.planning.planTypeVariables(session, ref, cube)).map((x) => ({
      name: x.name,
      value: x.value,
      planType: cube,
    }));
  const applicationVariables = async (session: ProviderSession, ref: ApplicationRef) => {
    const cubes = (await ctx.provider.cubes(session, ref)).cubes.map((c) => c.name);
    return (await Promise.all(cubes.map((c) => planTypeVariables(session, ref, c)))).flat();
  };

  scope.get<{ Params: { app: string } }>(`${v}${PLANNING_PATHS.variables}`, async (request) => {
    const { session } = callerOf(request);
    const ref = await ctx.appRef(session, request.params.app);
    return { items: await applicationVariables(session, ref) };
  });

  scope.get<{ Params: { app: string; name: string } }>(`${v}${PLANNING_PATHS.variable}`, async (request) => {
    const { session } = callerOf(request);
    const ref = await ctx.appRef(session, request.params.app);
    // The application level holds `ALL` variables only; the demo defines none there.
    const found = (await applicationVariables(session, ref)).find(
      (x) => x.planType === "ALL" && x.name.toLowerCase() === request.params.name.toLowerCase(),
    );
    if (!found) throw new HttpError(400, `Substitution variable ${request.params.name} does not exist.`);
    const self = planningPath(PLANNING_PATHS.variable, { app: ref.application, name: found.name });
    return { ...found, links: [link(request, `${v}${self}`, "self")] };
  });

  scope.get<{ Params: { app: string; pt: string } }>(
    `${v}${PLANNING_PATHS.planTypeVariables}`,
    async (request) => {
      const { session } = callerOf(request);
      const ref = await ctx.appRef(session, request.params.app);
      const cube = await ctx.planTypeOf(session, ref, request.params.pt);
      return { items: await planTypeVariables(session, ref, cube) };
    },
  );

  scope.get<{ Params: { app: string; pt: string; name: string } }>(
    `${v}${PLANNING_PATHS.planTypeVariable}`,
    async (request) => {
      const { session } = callerOf(request);
      const ref = await ctx.appRef(session, request.params.app);
      const cube = await ctx.planTypeOf(session, ref, request.params.pt);
      const found = (await planTypeVariables(session, ref, cube)).find(
        (x) => x.name.toLowerCase() === request.params.name.toLowerCase(),
      );
      if (!found) throw new HttpError(400, `Substitution variable ${request.params.name} does not exist.`);
      const self = planningPath(PLANNING_PATHS.planTypeVariable, {
        app: ref.application,
        pt: cube,
        name: found.name,
      });
      return { ...found, links: [link(request, `${v}${self}`, "self")] };
    },
  );
}
