import {
  calcScriptName,
  cubePath,
  type DimensionBean,
  getLink,
  page,
  ROUTES,
  type ScriptBean,
} from "@qibates/protocols/essbase-rest";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { cubeKey, type EssbaseContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import {
  descendants,
  essbaseOf,
  generationLevels,
  type OutlineIndex,
  type OutlineMember,
  storedMembers,
} from "./outline.ts";
import { enc, JSON_TYPE, linkBase, restBase, TEXT_TYPE, wantsLinks } from "./request.ts";

/** A list answered whole, as `RestCollectionResponse`, with the server's page size as the least `limit`. */
const whole = <T>(items: readonly T[]) => ({
  ...page(items, 0, items.length),
  limit: Math.max(items.length, 50),
});

function dimensionOf(index: OutlineIndex, params: unknown): OutlineMember {
  const wanted = (params as { dimensionName?: string }).dimensionName ?? "";
  const d = index.dimensions.find((x) => x.name.toLowerCase() === wanted.toLowerCase());
  if (!d) throw badRequest(`Dimension ${wanted} does not exist.`);
  return d;
}

/** A cube's dimensions (with their generations and levels), alias tables and calc scripts. */
export function registerCubeRoutes(scope: FastifyInstance, ctx: EssbaseContext): void {
  const { provider } = ctx;
  const db = ROUTES.database;

  scope.get(`${db}/dimensions`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    const index = await ctx.outline(s, ref);
    const links = linkBase(request);
    const base = links === null ? null : `${links}${cubePath(ref.application, ref.cube)}/dimensions`;
    const items = index.dimensions.map((d) => {
      const bean: DimensionBean = {
        name: d.name,
        type: d.dimensionType.toUpperCase(),
        members: 1 + descendants(d),
        storedMembers: storedMembers(d),
      };
      if (base !== null) {
        const at = `${base}/${enc(d.name)}`;
        bean.links = [getLink("generations", `${at}/generations`), getLink("levels", `${at}/levels`)];
      }
      return bean;
    });
    return reply.type(JSON_TYPE).send(whole(items));
  });

  for (const kind of ["generations", "levels"] as const) {
    const one = kind === "generations" ? "generationNumber" : "levelNumber";
    const listOf = async (request: FastifyRequest) => {
      const s = ctx.sessionOf(request);
      const ref = await ctx.cubeRef(s, request.params);
      const index = await ctx.outline(s, ref);
      const dimension = dimensionOf(index, request.params);
      const base = wantsLinks(request)
        ? `${restBase(request)}${cubePath(ref.application, ref.cube)}/dimensions/${enc(dimension.name)}/${kind}`
        : null;
      return generationLevels(index, dimension, kind, base);
    };
    scope.get(`${db}/dimensions/:dimensionName/${kind}`, async (request, reply) => {
      return reply.type(JSON_TYPE).send(whole(await listOf(request)));
    });
    scope.get(`${db}/dimensions/:dimensionName/${kind}/:${one}`, async (request, reply) => {
      const wanted = (request.params as Record<string, string>)[one] ?? "";
      const item = (await listOf(request)).find((g) => String(g.number) === wanted);
      if (!item)
        throw badRequest(`${kind === "generations" ? "Generation" : "Level"} ${wanted} does not exist.`);
      return reply.type(JSON_TYPE).send(item);
    });
  }

  scope.get(`${db}/aliases`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    const tables = (await essbaseOf(provider).aliasTables(s.provider, ref)).aliasTables.map((t) => t.name);
    return reply.type(JSON_TYPE).send(whole(tables));
  });

  scope.get(`${db}/aliases/getActiveAlias`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    return reply.type(TEXT_TYPE).send(ctx.activeAlias(s, ref));
  });

  scope.put(`${db}/aliases/setActiveAlias`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    const wanted = (request.query as { aliasTableName?: string }).aliasTableName ?? "";
    const tables = (await essbaseOf(provider).aliasTables(s.provider, ref)).aliasTables.map((t) => t.name);
    const table = tables.find((t) => t.toLowerCase() === wanted.toLowerCase());
    if (!table) throw badRequest(`Alias table ${wanted} does not exist.`);
    s.activeAlias.set(cubeKey(ref), table);
    return reply.type(JSON_TYPE).send({ ...page([table], 0, 1), limit: 50 });
  });

  scope.get(`${db}/scripts`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    const links = linkBase(request);
    const base = links === null ? null : `${links}${cubePath(ref.application, ref.cube)}/scripts`;
    const scripts = (await essbaseOf(provider).scripts(s.provider, ref)).scripts.map(
      (x): ScriptBean =>
        base === null
          ? { name: x.name }
          : { name: x.name, links: [getLink("self", `${base}/${enc(x.name)}`)] },
    );
    return reply.type(JSON_TYPE).send(whole(scripts));
  });

  scope.get(`${db}/scripts/:scriptName`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    const name = calcScriptName((request.params as { scriptName: string }).scriptName);
    const script = (await essbaseOf(provider).scripts(s.provider, ref)).scripts.find(
      (x) => x.name.toLowerCase() === name.toLowerCase(),
    );
    if (!script) throw badRequest(`Calculation script ${name} does not exist.`);
    const bean: ScriptBean = { name: script.name };
    if (wantsLinks(request)) {
      const at = `${restBase(request)}${cubePath(ref.application, ref.cube)}/scripts/${enc(script.name)}`;
      bean.links = [getLink("self", at), getLink("content", `${at}/content`)];
    }
    return reply.type(JSON_TYPE).send(bean);
  });

  scope.get(`${db}/scripts/:scriptName/content`, async (request) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    const name = calcScriptName((request.params as { scriptName: string }).scriptName);
    const scripts = (await essbaseOf(provider).scripts(s.provider, ref)).scripts;
    if (!scripts.some((x) => x.name.toLowerCase() === name.toLowerCase())) {
      throw badRequest(`Calculation script ${name} does not exist.`);
    }
    // The provider contract lists scripts (name, description) without their text. 400, as every refusal: 501
    // is not among the statuses Oracle lists for the API.
    throw badRequest("The text of calculation scripts is not available through this endpoint.");
  });
}
