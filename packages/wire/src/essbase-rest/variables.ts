import { page, ROUTES, type Variable } from "@qibates/protocols/essbase-rest";
import { type CubeRef, type Provider, type VariableLevel, withSessionVariable } from "@qibates/provider";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "./errors.ts";
import { essbaseOf } from "./outline.ts";
import { JSON_TYPE } from "./request.ts";
import type { WireSession } from "./sessions.ts";

/** What the variable routes need of the endpoint. */
export interface VariableRouteContext {
  provider: Provider;
  sessionOf(request: FastifyRequest): WireSession;
  server(session: WireSession): Promise<string>;
  cubeRef(session: WireSession, params: unknown): Promise<CubeRef>;
}

/**
 * Substitution variables at the three levels of Essbase's REST API (`/variables`, `/applications/{app}/variables`,
 * `/applications/{app}/databases/{db}/variables`): list (`GET`), create (`POST`, refused when the name exists
 * at that level) and change (`PUT …/{variableName}`, refused when it does not), as Oracle's description says.
 * A variable the provider sets for the calling session only (the demo) is kept with this endpoint's session,
 * so that its grids see it and no other session's do.
 */
export function registerVariableRoutes(scope: FastifyInstance, ctx: VariableRouteContext): void {
  const { provider } = ctx;

  async function levelOf(request: FastifyRequest): Promise<{ s: WireSession; level: VariableLevel }> {
    const s = ctx.sessionOf(request);
    const p = request.params as { applicationName?: string; databaseName?: string };
    const server = await ctx.server(s);
    if (p.databaseName !== undefined) {
      const ref = await ctx.cubeRef(s, request.params);
      return { s, level: { server, application: ref.application, cube: ref.cube } };
    }
    return { s, level: { server, application: p.applicationName ?? null, cube: null } };
  }

  const listed = async (s: WireSession, level: VariableLevel) =>
    (await essbaseOf(provider).variables(s.provider, level)).variables.map((v) => ({
      name: v.name,
      value: v.value,
    }));

  /** The `Variable` of a request body: a JSON object with a string `value` (and `name`, unless the path gives it). */
  function bodyOf(request: FastifyRequest, pathName: string | null): Variable {
    const body = request.body as { name?: unknown; value?: unknown } | null;
    if (!body || typeof body !== "object" || Array.isArray(body)) {
      throw badRequest("The request body must be a variable (JSON object with name and value).");
    }
    const name = body.name ?? pathName;
    if (typeof name !== "string" || name === "") throw badRequest("The variable name is required.");
    if (typeof body.value !== "string") throw badRequest("The variable value is required.");
    if (pathName !== null && name.toLowerCase() !== pathName.toLowerCase()) {
      throw badRequest(`The variable name ${name} does not match ${pathName}.`);
    }
    return { name, value: body.value };
  }

  async function set(s: WireSession, level: VariableLevel, variable: Variable): Promise<Variable> {
    const done = await essbaseOf(provider).setVariable(s.provider, level, variable);
    if (done.session) s.provider.variables = withSessionVariable(s.provider.variables, done.session);
    return { name: done.variable.name, value: done.variable.value };
  }

  const where = (level: VariableLevel) =>
    level.cube !== null
      ? `database ${level.application}.${level.cube}`
      : level.application !== null
        ? `application ${level.application}`
        : "the server";

  for (const base of ROUTES.variables) {
    scope.get(base, async (request, reply) => {
      const { s, level } = await levelOf(request);
      const items = await listed(s, level);
      return reply
        .type(JSON_TYPE)
        .send({ ...page(items, 0, items.length), limit: Math.max(items.length, 50) });
    });

    scope.post(base, async (request, reply) => {
      const { s, level } = await levelOf(request);
      const variable = bodyOf(request, null);
      const name = variable.name.toLowerCase();
      if ((await listed(s, level)).some((v) => v.name.toLowerCase() === name)) {
        throw badRequest(`Variable ${variable.name} already exists in ${where(level)}.`);
      }
      return reply.type(JSON_TYPE).send(await set(s, level, variable));
    });

    scope.get(`${base}/:variableName`, async (request, reply) => {
      const { s, level } = await levelOf(request);
      const pathName = (request.params as { variableName: string }).variableName;
      const found = (await listed(s, level)).find((v) => v.name.toLowerCase() === pathName.toLowerCase());
      if (!found) throw badRequest(`Variable ${pathName} does not exist in ${where(level)}.`);
      return reply.type(JSON_TYPE).send(found);
    });

    scope.put(`${base}/:variableName`, async (request, reply) => {
      const { s, level } = await levelOf(request);
      const pathName = (request.params as { variableName: string }).variableName;
      const variable = bodyOf(request, pathName);
      const existing = (await listed(s, level)).find((v) => v.name.toLowerCase() === pathName.toLowerCase());
      if (!existing) throw badRequest(`Variable ${pathName} does not exist in ${where(level)}.`);
      return reply.type(JSON_TYPE).send(await set(s, level, { name: existing.name, value: variable.value }));
    });
  }
}
