import { outlinePath, page, ROUTES } from "@qibates/protocols/essbase-rest";
import type { CubeRef } from "@qibates/provider";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EssbaseContext } from "./context.ts";
import { keywordHits } from "./keyword-index.ts";
import { descendants, findMember, memberBean } from "./outline.ts";
import { bool, JSON_TYPE, restBase, TEXT_TYPE, wantsLinks, whole } from "./request.ts";

/** The `/outline/{app}/{cube}` address members link to, or null for `links=none`. */
function outlineLinks(request: FastifyRequest, ref: CubeRef): string | null {
  return wantsLinks(request) ? `${restBase(request)}${outlinePath(ref.application, ref.cube)}` : null;
}

/** `GET /outline/{app}/{cube}`: members (the dimensions, a parent's children, or a keyword's hits), one member, its ancestors and its descendant count. */
export function registerOutlineRoutes(scope: FastifyInstance, ctx: EssbaseContext): void {
  const at = ROUTES.outline;

  scope.get(at, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    const index = await ctx.outline(s, ref);
    const q = request.query as Record<string, string | undefined>;
    const offset = whole(q.offset, 0, "offset");
    const limit = whole(q.limit, 50, "limit");
    const parent = q.parent ?? q.parentUniqueName;
    let members = index.dimensions;
    if (parent !== undefined && parent !== "") {
      members = findMember(index, parent).children;
    } else if (q.keyword !== undefined && q.keyword !== "") {
      members = keywordHits(index, q.keyword, bool(q.matchWholeWord));
    }
    const alias = ctx.activeAlias(s, ref);
    const links = outlineLinks(request, ref);
    const result = page(members, offset, limit);
    return reply
      .type(JSON_TYPE)
      .send({ ...result, items: result.items.map((m) => memberBean(m, alias, links)) });
  });

  const memberOf = async (request: FastifyRequest) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    const m = findMember(
      await ctx.outline(s, ref),
      (request.params as { memberUniqueName: string }).memberUniqueName,
    );
    return { s, ref, m };
  };

  scope.get(`${at}/descendantsCount/:memberUniqueName`, async (request, reply) => {
    const { m } = await memberOf(request);
    return reply.type(TEXT_TYPE).send(String(descendants(m)));
  });

  scope.get(`${at}/ancestors/:memberUniqueName`, async (request, reply) => {
    const { s, ref, m } = await memberOf(request);
    const ancestors = [];
    for (let p = m.parent; p; p = p.parent) ancestors.unshift(p);
    const alias = ctx.activeAlias(s, ref);
    const links = outlineLinks(request, ref);
    const result = page(ancestors, 0, ancestors.length);
    return reply.type(JSON_TYPE).send({
      ...result,
      limit: Math.max(result.limit, 50),
      items: result.items.map((a) => memberBean(a, alias, links)),
    });
  });

  scope.get(`${at}/:memberUniqueName`, async (request, reply) => {
    const { s, ref, m } = await memberOf(request);
    return reply.type(JSON_TYPE).send(memberBean(m, ctx.activeAlias(s, ref), outlineLinks(request, ref)));
  });
}
