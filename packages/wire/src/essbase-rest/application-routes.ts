import {
  type ApplicationBean,
  type ApplicationTree,
  type CubeBean,
  cubePath,
  getLink,
  outlinePath,
  page,
  ROUTES,
} from "@qibates/protocols/essbase-rest";
import type { FastifyInstance } from "fastify";
import type { EssbaseContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { enc, JSON_TYPE, linkBase, whole } from "./request.ts";

/** `GET /applications`, one application, the tree, an application's cubes and one cube. */
export function registerApplicationRoutes(scope: FastifyInstance, ctx: EssbaseContext): void {
  const { provider, sessions, startTime } = ctx;

  /** Users with a session working on `application` (`connectedUsersCount`). */
  function connectedUsers(application: string): number {
    const users = new Set<string>();
    for (const x of sessions.live()) {
      if (x.connected?.ref.application.toLowerCase() === application.toLowerCase()) users.add(x.username);
    }
    return users.size;
  }

  /**
   * `Application` with what the provider can tell: running (`started`) since the endpoint answers for it,
   * block storage (the engine's calculation model: calc scripts, stored and dynamic members), the users
   * working on it. The provider contract carries no owner, creation or modification record, nor the user's
   * role, so those fields are left out rather than made up (NOTES.md).
   */
  function applicationBean(name: string, base: string | null): ApplicationBean {
    const bean: ApplicationBean = {
      name,
      status: "started",
      type: "BSO",
      startTime,
      connectedUsersCount: connectedUsers(name),
    };
    if (base !== null) {
      const at = `${base}/applications/${enc(name)}`;
      bean.links = [getLink("self", at), getLink("databases", `${at}/databases`)];
    }
    return bean;
  }

  /** `Cube`, on the same terms as `applicationBean`. */
  function cubeBean(ref: { application: string; cube: string }, base: string | null): CubeBean {
    const bean: CubeBean = {
      name: ref.cube,
      application: ref.application,
      status: "started",
      type: "BSO",
      startTime,
    };
    if (base !== null) {
      const at = `${base}${cubePath(ref.application, ref.cube)}`;
      bean.links = [
        getLink("self", at),
        getLink("dimensions", `${at}/dimensions`),
        getLink("scripts", `${at}/scripts`),
        getLink("grid", `${at}/grid`),
        getLink("variables", `${at}/variables`),
        getLink("outline", `${base}${outlinePath(ref.application, ref.cube)}`),
      ];
    }
    return bean;
  }

  scope.get("/applications", async (request, reply) => {
    const s = ctx.sessionOf(request);
    const q = request.query as Record<string, string | undefined>;
    const list = await provider.applications(s.provider, await ctx.server(s), true);
    const filter = (q.filter ?? "").toLowerCase();
    const names = list.applications.map((a) => a.name).filter((n) => n.toLowerCase().includes(filter));
    const result = page(names, whole(q.offset, 0, "offset"), whole(q.limit, 50, "limit"));
    const links = linkBase(request);
    return reply
      .type(JSON_TYPE)
      .send({ ...result, items: result.items.map((name) => applicationBean(name, links)) });
  });

  scope.get(ROUTES.application, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const wanted = (request.params as { applicationName: string }).applicationName;
    const list = await provider.applications(s.provider, await ctx.server(s), true);
    const name = list.applications.find((a) => a.name.toLowerCase() === wanted.toLowerCase())?.name;
    if (!name) throw badRequest(`Application ${wanted} does not exist.`);
    return reply.type(JSON_TYPE).send(applicationBean(name, linkBase(request)));
  });

  scope.get("/applications/actions/tree", async (request, reply) => {
    const s = ctx.sessionOf(request);
    const srv = await ctx.server(s);
    const list = await provider.applications(s.provider, srv, true);
    const items = await Promise.all(
      list.applications.map(async (a) => {
        const cubes = await provider.cubes(s.provider, { server: srv, application: a.name });
        return { name: a.name, databases: cubes.cubes.map((c) => ({ name: c.name })) };
      }),
    );
    const tree: ApplicationTree = { items, count: items.length, totalResults: items.length };
    return reply.type(JSON_TYPE).send(tree);
  });

  scope.get(`${ROUTES.application}/databases`, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const { applicationName } = request.params as { applicationName: string };
    const cubes = await provider.cubes(s.provider, {
      server: await ctx.server(s),
      application: applicationName,
    });
    const links = linkBase(request);
    const result = page(cubes.cubes, 0, cubes.cubes.length);
    return reply.type(JSON_TYPE).send({
      ...result,
      limit: Math.max(result.limit, 50),
      items: cubes.cubes.map((c) => cubeBean({ application: cubes.application, cube: c.name }, links)),
    });
  });

  scope.get(ROUTES.database, async (request, reply) => {
    const s = ctx.sessionOf(request);
    const ref = await ctx.cubeRef(s, request.params);
    return reply.type(JSON_TYPE).send(cubeBean(ref, linkBase(request)));
  });
}
