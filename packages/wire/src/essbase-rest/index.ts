import { type CubeRef, type GridCall, ProviderError } from "@qibates/connectors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { basicCredentials } from "../basic-auth.ts";
import { refusalStatus } from "../error-answers.ts";
import { registerLiveSessions } from "../live-sessions.ts";
import { basicLogin, LoginThrottle } from "../login-throttle.ts";
import type { WireEndpointOptions } from "../options.ts";
import { badRequest, MESSAGES, sendError, WireError } from "./errors.ts";
import { cellAt, type RestGrid, rangeCells, restGrid, sheetOf } from "./grid.ts";
import { type JobRecord, JobStore } from "./jobs.ts";
import { mdxJson } from "./mdx-json.ts";
import {
  descendants,
  essbaseOf,
  findMember,
  generationLevels,
  getLink,
  memberBean,
  type OutlineIndex,
  type OutlineMember,
  page,
  readOutline,
  storedMembers,
} from "./outline.ts";
import { gridSettings, mergePreferences } from "./preferences.ts";
import { type WireSession, WireSessions } from "./sessions.ts";
import { registerVariableRoutes } from "./variables.ts";

export { CELL_TYPE, type RestGrid } from "./grid.ts";
export { javaDouble } from "./java-double.ts";
export { defaultPreferences, type GridPreferences } from "./preferences.ts";

/** Where the endpoint answers: Essbase 21c's REST base path. */
export const ESSBASE_REST_BASE = "/essbase/rest/v1";
/** The session cookie, as Essbase (WebLogic) names it, and its path. */
export const SESSION_COOKIE = "JSESSIONID";
export const COOKIE_PATH = "/essbase";

/** Options of the Essbase REST endpoint: `connector` defaults to `essbase-stndln` (Essbase 21c), `about` is what
 * `GET /about` answers, writes are journaled as `essbase-rest:<user>`. */
export type EssbaseRestOptions = WireEndpointOptions;

const ACTIONS = [
  "zoomin",
  "zoomout",
  "keeponly",
  "removeonly",
  "refresh",
  "pivot",
  "pivotToPOV",
  "submit",
] as const;
type Action = (typeof ACTIONS)[number];

const JSON_TYPE = "application/json";
/** Fields `GET /jobs` sorts by (`orderBy=field:asc|desc`). */
const JOB_ORDER = new Set<string>([
  "job_ID",
  "appName",
  "dbName",
  "jobType",
  "jobfileName",
  "userName",
  "startTime",
  "endTime",
  "statusCode",
]);
const TEXT_TYPE = "text/plain; charset=utf-8";

function cookieValue(header: string | undefined, name: string): string | undefined {
  // `;` between cookies, and `,` as RFC 2965 clients write several (`$Version=1;JSESSIONID=a,$Version=1;…`).
  for (const part of (header ?? "").split(/[;,]/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function whole(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw badRequest(`${name} must be a whole number, got "${String(value)}".`);
  return n;
}

function bool(value: unknown): boolean {
  return value === true || value === "true";
}

/** `links=none` (John Goodwin's Essbase REST series: "suppress the links in the JSON that is returned"). */
function wantsLinks(request: FastifyRequest): boolean {
  return (request.query as { links?: unknown } | null)?.links !== "none";
}

/** This endpoint's base address as the request reached it (`http://host/essbase/rest/v1`), for links. */
function restBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? "localhost"}${ESSBASE_REST_BASE}`;
}

const enc = encodeURIComponent;

declare module "fastify" {
  interface FastifyRequest {
    essbaseSession: WireSession | null;
  }
}

/**
 * Essbase 21c's REST API (`/essbase/rest/v1/…`) answered by a provider: a Fastify plugin for the routes a
 * client needs to log in, read applications, cubes and outlines, work an ad hoc grid, keep grid preferences
 * and run calc scripts as jobs. Authentication is Essbase's: HTTP Basic creates a session, answered with a
 * `JSESSIONID` cookie (path `/essbase`) that later calls send instead. Errors are the status with Essbase's
 * `{"errorMessage": …}`, also for any path under `/essbase` the endpoint does not serve.
 */
export async function essbaseRestEndpoint(app: FastifyInstance, options: EssbaseRestOptions): Promise<void> {
  const provider = options.provider;
  const throttle = options.loginThrottle ?? new LoginThrottle();
  const connector = options.connector ?? "essbase-stndln";
  const owner = options.owner ?? ((u: string) => `essbase-rest:${u}`);
  const sessions = new WireSessions({
    idleMs: (options.idleMinutes ?? 30) * 60_000,
    max: options.maxSessions ?? 10_000,
    maxPerOwner: options.maxSessionsPerUser ?? 100,
  });
  // The provider session of a call is its JSESSIONID's (the demo's own views live as long as it does).
  const unregister = registerLiveSessions((id) => sessions.has(id));
  app.addHook("onClose", async () => unregister());
  const jobs = new JobStore();
  /** The endpoint's routes (verb and path pattern), for 405 answers. */
  const known: { method: string; pattern: RegExp }[] = [];
  /** Applications are "started" from the moment the endpoint answers for them. */
  const startTime = Date.now();
  const about = options.about ?? { name: "QiBates Essbase REST endpoint", version: "" };

  await app.register(
    async (scope) => {
      scope.decorateRequest("essbaseSession", null);
      // The endpoint's own paths, to tell a verb a path does not take (405) from a path it does not serve (404).
      scope.addHook("onRoute", (route) => {
        if (route.url.endsWith("*") || route.url === ESSBASE_REST_BASE) return;
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const pattern = new RegExp(
          `^${route.url
            .split("/")
            .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
            .join("/")}$`,
        );
        for (const method of methods) if (method !== "HEAD") known.push({ method, pattern });
      });

      scope.setErrorHandler((error, request, reply) => {
        if (error instanceof WireError) return sendError(reply, error.status, error.message);
        if (error instanceof ProviderError) {
          return sendError(reply, error.code === "LOGIN_FAILED" ? 401 : 400, error.message);
        }
        // What the HTTP layer refuses (bad JSON, body too large, wrong media type…), Fastify's or the host's.
        const status = refusalStatus(error);
        if (status !== null) return sendError(reply, status, (error as Error).message ?? "Bad request");
        request.log.error({ err: error }, "essbase-rest: internal error");
        return sendError(reply, 500, "Internal server error");
      });
      scope.setNotFoundHandler(notServed);
      // A route, so that no wider route of the host (the documentation site's `/*`) answers these paths.
      scope.all("/*", notServed);
      scope.all("", notServed);

      // Every call but GET /about needs a session: the cookie's, or a new one from HTTP Basic.
      scope.addHook("onRequest", async (request, reply) => {
        if (request.method === "GET" && request.url.split("?")[0] === `${ESSBASE_REST_BASE}/about`) return;
        const found = sessions.find(cookieValue(request.headers.cookie, SESSION_COOKIE));
        if (found) {
          request.essbaseSession = found;
          return;
        }
        const providerAddress = `${request.protocol}://${request.headers.host ?? "localhost"}/essbase/japi`;
        const username = await basicLogin(throttle, provider, connector, request, new URL(providerAddress));
        if (username === null) {
          reply.header("www-authenticate", 'Basic realm="Essbase"');
          const sent = basicCredentials(request.headers.authorization) !== null;
          return sendError(reply, 401, sent ? "Invalid user name or password." : "Authentication required.");
        }
        const name = username;
        const session = sessions.create(name, request.ip, (id) => ({
          id,
          ownerId: owner(name),
          connector,
          username: name,
          providerAddress,
          aliasTable: null,
        }));
        const secure = request.protocol === "https" ? "; Secure" : "";
        // SameSite=Strict: the session is a REST client's, never a browser page's on another site.
        reply.header(
          "set-cookie",
          `${SESSION_COOKIE}=${session.id}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`,
        );
        request.essbaseSession = session;
      });

      registerRoutes(scope);
    },
    { prefix: ESSBASE_REST_BASE },
  );

  // The rest of `/essbase` (other REST versions, `/essbase/rest`, the web console's paths): Essbase's JSON
  // error too, never the host's page, and no session needed to be told so.
  app.all("/essbase", notServed);
  app.all("/essbase/*", notServed);

  /**
   * A path the endpoint does not serve: 404, or 405 with `Allow` when the path is served with other verbs
   * (Oracle's status codes page: "405 Method Not Allowed: the HTTP verb … is not supported for this request URI").
   */
  function notServed(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split("?")[0] ?? "";
    const allowed = [...new Set(known.filter((k) => k.pattern.test(path)).map((k) => k.method))];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header("allow", allowed.join(", "));
      return sendError(
        reply,
        405,
        `${request.method} is not supported for ${path}; use ${allowed.join(" or ")}.`,
      );
    }
    return sendError(reply, 404, `No resource at ${request.method} ${path}.`);
  }

  function sessionOf(request: FastifyRequest): WireSession {
    const s = request.essbaseSession;
    if (!s) throw new WireError(401, "Authentication required.");
    return s;
  }

  let serverName: Promise<string> | null = null;
  /** The provider's server (one per connector family); asked once. */
  async function server(session: WireSession): Promise<string> {
    serverName ??= provider.servers(session.provider).then((list) => {
      const first = list.servers[0]?.name;
      if (!first) throw badRequest("The provider has no server.");
      return first;
    });
    return serverName.catch((e) => {
      serverName = null;
      throw e;
    });
  }

  /** The cube a call names, as the provider spells it; looked up once per session (a failed lookup is not kept). */
  async function cubeRef(session: WireSession, params: unknown): Promise<CubeRef> {
    const p = params as Record<string, string>;
    const application = p.applicationName ?? p.app ?? "";
    const cube = p.databaseName ?? p.cube ?? "";
    const key = `${application}\n${cube}`.toLowerCase();
    const known = session.cubes.get(key);
    if (known) {
      connect(session, known);
      return known;
    }
    const ref = { server: await server(session), application, cube };
    // Unknown application or cube: the provider's error, answered as 400.
    const cubes = await provider.cubes(session.provider, ref);
    const found = cubes.cubes.find((c) => c.name.toLowerCase() === cube.toLowerCase());
    if (!found) throw badRequest(`Cube ${application}.${cube} does not exist.`);
    const resolved = { ...ref, application: cubes.application, cube: found.name };
    session.cubes.set(key, resolved);
    connect(session, resolved);
    return { ...resolved };
  }

  /** The cube a session works on now (`GET /sessions`, `connectedUsersCount`). */
  function connect(session: WireSession, ref: CubeRef): void {
    if (session.connected && cubeKey(session.connected.ref) === cubeKey(ref)) return;
    session.connected = { ref, since: Date.now() };
  }

  const cubeKey = (ref: CubeRef) => `${ref.application}.${ref.cube}`.toLowerCase();

  function outline(session: WireSession, ref: CubeRef): Promise<OutlineIndex> {
    const key = cubeKey(ref);
    let index = session.outlines.get(key);
    if (!index) {
      index = readOutline(provider, session.provider, ref);
      index.catch(() => session.outlines.delete(key));
      session.outlines.set(key, index);
    }
    return index;
  }

  const activeAlias = (session: WireSession, ref: CubeRef) =>
    session.activeAlias.get(cubeKey(ref)) ?? "Default";

  /** The alias table of a grid call: the request's `alias`, else the session's active one; `none` = names. */
  function gridAlias(session: WireSession, ref: CubeRef, requested: unknown): string | null {
    const alias = typeof requested === "string" && requested !== "" ? requested : activeAlias(session, ref);
    return alias.toLowerCase() === "none" ? null : alias;
  }

  function registerRoutes(scope: FastifyInstance) {
    scope.get("/about", async (_request, reply) =>
      reply.type(JSON_TYPE).send({
        name: about.name,
        version: about.version,
        description: "Essbase 21c REST API (a subset) answered by QiBates over its embedded engine",
      }),
    );

    // appliedolap's process.sh models this answer from a live server: three booleans. None of those features
    // (provisioning, password reset, the Administration Services console) is offered here.
    scope.get("/about/instance", async (_request, reply) =>
      reply
        .type(JSON_TYPE)
        .send({ provisioningSupported: false, resetPasswordSupported: false, easInstalled: false }),
    );

    scope.get("/urls", async (request, reply) => {
      const base = `${request.protocol}://${request.headers.host ?? "localhost"}/essbase`;
      return reply.type(JSON_TYPE).send({
        items: [
          { application: "rest", url: `${base}/rest/v1` },
          { application: "japi", url: `${base}/japi` },
        ],
      });
    });

    scope.get("/session", async (request, reply) => {
      const s = sessionOf(request);
      return reply.type(JSON_TYPE).send({ id: s.username, name: s.username, role: "user", groups: [] });
    });

    scope.delete("/session", async (request, reply) => {
      const s = sessionOf(request);
      await endSession(s);
      reply.header(
        "set-cookie",
        `${SESSION_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict`,
      );
      return reply.code(200).send();
    });

    scope.get("/preferences/grid", async (request, reply) =>
      reply.type(JSON_TYPE).send(sessionOf(request).preferences),
    );

    scope.put("/preferences/grid", async (request, reply) => {
      const s = sessionOf(request);
      s.preferences = mergePreferences(s.preferences, request.body);
      return reply.code(200).send();
    });

    scope.get("/applications", async (request, reply) => {
      const s = sessionOf(request);
      const q = request.query as Record<string, string | undefined>;
      const list = await provider.applications(s.provider, await server(s), true);
      const filter = (q.filter ?? "").toLowerCase();
      const names = list.applications.map((a) => a.name).filter((n) => n.toLowerCase().includes(filter));
      const result = page(names, whole(q.offset, 0, "offset"), whole(q.limit, 50, "limit"));
      const links = wantsLinks(request) ? restBase(request) : null;
      return reply
        .type(JSON_TYPE)
        .send({ ...result, items: result.items.map((name) => applicationBean(name, links)) });
    });

    scope.get("/applications/:applicationName", async (request, reply) => {
      const s = sessionOf(request);
      const wanted = (request.params as { applicationName: string }).applicationName;
      const list = await provider.applications(s.provider, await server(s), true);
      const name = list.applications.find((a) => a.name.toLowerCase() === wanted.toLowerCase())?.name;
      if (!name) throw badRequest(`Application ${wanted} does not exist.`);
      return reply
        .type(JSON_TYPE)
        .send(applicationBean(name, wantsLinks(request) ? restBase(request) : null));
    });

    scope.get("/applications/actions/tree", async (request, reply) => {
      const s = sessionOf(request);
      const srv = await server(s);
      const list = await provider.applications(s.provider, srv, true);
      const items = await Promise.all(
        list.applications.map(async (a) => {
          const cubes = await provider.cubes(s.provider, { server: srv, application: a.name });
          return { name: a.name, databases: cubes.cubes.map((c) => ({ name: c.name })) };
        }),
      );
      return reply.type(JSON_TYPE).send({ items, count: items.length, totalResults: items.length });
    });

    scope.get("/applications/:applicationName/databases", async (request, reply) => {
      const s = sessionOf(request);
      const { applicationName } = request.params as { applicationName: string };
      const cubes = await provider.cubes(s.provider, {
        server: await server(s),
        application: applicationName,
      });
      const links = wantsLinks(request) ? restBase(request) : null;
      const result = page(cubes.cubes, 0, cubes.cubes.length);
      return reply.type(JSON_TYPE).send({
        ...result,
        limit: Math.max(result.limit, 50),
        items: cubes.cubes.map((c) => cubeBean({ application: cubes.application, cube: c.name }, links)),
      });
    });

    scope.get("/applications/:applicationName/databases/:databaseName", async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      return reply.type(JSON_TYPE).send(cubeBean(ref, wantsLinks(request) ? restBase(request) : null));
    });

    registerVariableRoutes(scope, { provider, sessionOf, server, cubeRef });

    const db = "/applications/:applicationName/databases/:databaseName";

    scope.get(`${db}/dimensions`, async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const index = await outline(s, ref);
      const base = wantsLinks(request) ? `${restBase(request)}${cubePath(ref)}/dimensions` : null;
      const items = index.dimensions.map((d) => {
        const bean: Record<string, unknown> = {
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
      return reply
        .type(JSON_TYPE)
        .send({ ...page(items, 0, items.length), limit: Math.max(items.length, 50) });
    });

    for (const kind of ["generations", "levels"] as const) {
      const one = kind === "generations" ? "generationNumber" : "levelNumber";
      const listOf = async (request: FastifyRequest) => {
        const s = sessionOf(request);
        const ref = await cubeRef(s, request.params);
        const dimension = dimensionOf(await outline(s, ref), request.params);
        const base = wantsLinks(request)
          ? `${restBase(request)}${cubePath(ref)}/dimensions/${enc(dimension.name)}/${kind}`
          : null;
        return generationLevels(dimension, kind, base);
      };
      scope.get(`${db}/dimensions/:dimensionName/${kind}`, async (request, reply) => {
        const items = await listOf(request);
        return reply
          .type(JSON_TYPE)
          .send({ ...page(items, 0, items.length), limit: Math.max(items.length, 50) });
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
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const tables = (await essbaseOf(provider).aliasTables(s.provider, ref)).aliasTables.map((t) => t.name);
      return reply
        .type(JSON_TYPE)
        .send({ ...page(tables, 0, tables.length), limit: Math.max(tables.length, 50) });
    });

    scope.get(`${db}/aliases/getActiveAlias`, async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      return reply.type(TEXT_TYPE).send(activeAlias(s, ref));
    });

    scope.put(`${db}/aliases/setActiveAlias`, async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const wanted = (request.query as { aliasTableName?: string }).aliasTableName ?? "";
      const tables = (await essbaseOf(provider).aliasTables(s.provider, ref)).aliasTables.map((t) => t.name);
      const table = tables.find((t) => t.toLowerCase() === wanted.toLowerCase());
      if (!table) throw badRequest(`Alias table ${wanted} does not exist.`);
      s.activeAlias.set(cubeKey(ref), table);
      return reply.type(JSON_TYPE).send({ ...page([table], 0, 1), limit: 50 });
    });

    scope.get(`${db}/scripts`, async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const base = wantsLinks(request) ? `${restBase(request)}${cubePath(ref)}/scripts` : null;
      const scripts = (await essbaseOf(provider).scripts(s.provider, ref)).scripts.map((x) =>
        base === null
          ? { name: x.name }
          : { name: x.name, links: [getLink("self", `${base}/${enc(x.name)}`)] },
      );
      return reply
        .type(JSON_TYPE)
        .send({ ...page(scripts, 0, scripts.length), limit: Math.max(scripts.length, 50) });
    });

    scope.get(`${db}/scripts/:scriptName`, async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const name = scriptName((request.params as { scriptName: string }).scriptName);
      const script = (await essbaseOf(provider).scripts(s.provider, ref)).scripts.find(
        (x) => x.name.toLowerCase() === name.toLowerCase(),
      );
      if (!script) throw badRequest(`Calculation script ${name} does not exist.`);
      const bean: Record<string, unknown> = { name: script.name };
      if (wantsLinks(request)) {
        const at = `${restBase(request)}${cubePath(ref)}/scripts/${enc(script.name)}`;
        bean.links = [getLink("self", at), getLink("content", `${at}/content`)];
      }
      return reply.type(JSON_TYPE).send(bean);
    });

    scope.get(`${db}/scripts/:scriptName/content`, async (request) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const name = scriptName((request.params as { scriptName: string }).scriptName);
      const scripts = (await essbaseOf(provider).scripts(s.provider, ref)).scripts;
      if (!scripts.some((x) => x.name.toLowerCase() === name.toLowerCase())) {
        throw badRequest(`Calculation script ${name} does not exist.`);
      }
      // The provider contract lists scripts (name, description) without their text. 400, as every refusal: 501
      // is not among the statuses Oracle lists for the API.
      throw badRequest("The text of calculation scripts is not available through this endpoint.");
    });

    const outlinePath = "/outline/:app/:cube";

    scope.get(outlinePath, async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const index = await outline(s, ref);
      const q = request.query as Record<string, string | undefined>;
      const offset = whole(q.offset, 0, "offset");
      const limit = whole(q.limit, 50, "limit");
      const parent = q.parent ?? q.parentUniqueName;
      let members = index.dimensions;
      if (parent !== undefined && parent !== "") {
        members = findMember(index, parent).children;
      } else if (q.keyword !== undefined && q.keyword !== "") {
        const k = q.keyword.toLowerCase();
        const whole = bool(q.matchWholeWord);
        const hit = (text: string) => (whole ? text.toLowerCase() === k : text.toLowerCase().includes(k));
        members = index.members.filter((m) => hit(m.name) || Object.values(m.aliases).some(hit));
      }
      const alias = activeAlias(s, ref);
      const links = outlineLinks(request, ref);
      const result = page(members, offset, limit);
      return reply
        .type(JSON_TYPE)
        .send({ ...result, items: result.items.map((m) => memberBean(m, alias, links)) });
    });

    scope.get(`${outlinePath}/descendantsCount/:memberUniqueName`, async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const m = findMember(
        await outline(s, ref),
        (request.params as { memberUniqueName: string }).memberUniqueName,
      );
      return reply.type(TEXT_TYPE).send(String(descendants(m)));
    });

    scope.get(`${outlinePath}/ancestors/:memberUniqueName`, async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const m = findMember(
        await outline(s, ref),
        (request.params as { memberUniqueName: string }).memberUniqueName,
      );
      const ancestors = [];
      for (let p = m.parent; p; p = p.parent) ancestors.unshift(p);
      const alias = activeAlias(s, ref);
      const links = outlineLinks(request, ref);
      const result = page(ancestors, 0, ancestors.length);
      return reply.type(JSON_TYPE).send({
        ...result,
        limit: Math.max(result.limit, 50),
        items: result.items.map((a) => memberBean(a, alias, links)),
      });
    });

    scope.get(`${outlinePath}/:memberUniqueName`, async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const m = findMember(
        await outline(s, ref),
        (request.params as { memberUniqueName: string }).memberUniqueName,
      );
      return reply.type(JSON_TYPE).send(memberBean(m, activeAlias(s, ref), outlineLinks(request, ref)));
    });

    scope.get(`${db}/grid`, async (request, reply) => {
      const s = sessionOf(request);
      const ref = await cubeRef(s, request.params);
      const alias = gridAlias(s, ref, undefined);
      const answer = await essbaseOf(provider).grid(s.provider, ref, {
        action: "initgrid",
        input: gridSettings(s.preferences, alias),
      });
      return reply.type(JSON_TYPE).send(await answerGrid(s, ref, answer, alias));
    });

    scope.post(`${db}/grid`, async (request, reply) => {
      const s = sessionOf(request);
      const body = request.body as Record<string, unknown> | null;
      if (!body || typeof body !== "object" || Array.isArray(body)) {
        throw badRequest("The request body must be a grid operation (JSON object).");
      }
      const action = body.action;
      if (typeof action !== "string" || !(ACTIONS as readonly string[]).includes(action)) {
        throw badRequest(MESSAGES.badAction(String(action)));
      }
      const ref = await cubeRef(s, request.params);
      const grid = await gridOperation(s, ref, action as Action, body);
      return reply.type(JSON_TYPE).send(grid);
    });

    // Essbase's "Execute MDX Query" (Grid.executeMDX): `{query}` in, the answer as a Grid.
    scope.post(`${db}/grid/mdx`, async (request, reply) => {
      const s = sessionOf(request);
      const query = (request.body as { query?: unknown } | null)?.query;
      if (typeof query !== "string" || query.trim() === "") throw badRequest("query is required.");
      const ref = await cubeRef(s, request.params);
      const alias = gridAlias(s, ref, undefined);
      const answer = await essbaseOf(provider).mdx(s.provider, ref, {
        query,
        ...gridSettings(s.preferences, alias),
      });
      return reply.type(JSON_TYPE).send(await answerGrid(s, ref, answer, alias));
    });

    // Essbase's "Execute MDX" (`MDX.executeMDX`): `MDXInput {query, preferences}` in, the report in the
    // `format` asked. JSON only: no description or capture shows the CSV, HTML or XLSX layouts.
    scope.post("/applications/:applicationName/databases/:databaseName/mdx", async (request, reply) => {
      const s = sessionOf(request);
      const format = String((request.query as { format?: unknown }).format ?? "JSON");
      if (!["XLSX", "CSV", "HTML", "JSON"].includes(format)) {
        throw badRequest(`format must be one of XLSX, CSV, HTML, JSON; got "${format}".`);
      }
      if (format !== "JSON")
        throw badRequest(`The ${format} format is not supported by this endpoint; JSON is.`);
      const body = request.body as { query?: unknown; preferences?: unknown } | null;
      const query = body?.query;
      if (typeof query !== "string" || query.trim() === "") throw badRequest("query is required.");
      const prefs = (body?.preferences ?? {}) as { memberIdentifierType?: unknown; dataless?: unknown };
      const ref = await cubeRef(s, request.params);
      const alias = prefs.memberIdentifierType === "ALIAS" ? activeAlias(s, ref) : null;
      const answer = await essbaseOf(provider).mdx(s.provider, ref, {
        query,
        ...gridSettings(s.preferences, alias),
      });
      const index = await outline(s, ref);
      return reply.type(JSON_TYPE).send(
        mdxJson(
          answer,
          index.dimensions.map((d) => ({ name: d.name, attribute: d.dimensionType === "attribute" })),
          prefs.dataless === true,
        ),
      );
    });

    scope.get("/jobs", async (request, reply) => {
      const s = sessionOf(request);
      const q = request.query as Record<string, string | undefined>;
      const orderBy = q.orderBy ?? "job_ID:desc";
      const order = /^([A-Za-z_]+)(?::(asc|desc))?$/i.exec(orderBy);
      const field = order?.[1] as keyof JobRecord | undefined;
      if (!order || !field || !JOB_ORDER.has(field)) throw badRequest(`orderBy ${orderBy} is not supported.`);
      const app = (q.fullAppName ?? q.application ?? "").toLowerCase();
      const cube = (q.fullDatabaseName ?? q.database ?? "").toLowerCase();
      const keyword = (q.keyword ?? "").toLowerCase();
      // `systemjobs=true` asks for the server's own jobs too: this endpoint runs none.
      const listed = jobs
        .list(s.username)
        .filter(
          (j) =>
            (app === "" || j.appName.toLowerCase() === app) &&
            (cube === "" || j.dbName.toLowerCase() === cube) &&
            (keyword === "" ||
              [j.appName, j.dbName, j.jobType, j.jobfileName, j.userName, j.statusMessage].some((t) =>
                t.toLowerCase().includes(keyword),
              )),
        );
      const desc = (order[2] ?? "asc").toLowerCase() === "desc";
      listed.sort((a, b) => {
        const x = a[field] ?? "";
        const y = b[field] ?? "";
        const c = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
        return desc ? -c : c;
      });
      const base = wantsLinks(request) ? restBase(request) : null;
      const result = page(listed, whole(q.offset, 0, "offset"), whole(q.limit, 50, "limit"));
      return reply.type(JSON_TYPE).send({ ...result, items: result.items.map((j) => jobBean(j, base)) });
    });

    // `JobStatisticsBean` (the swagger's spelling, `succesCt`), of the caller's own jobs only.
    scope.get("/jobs/statistics/:userId", async (request, reply) => {
      const s = sessionOf(request);
      const userId = (request.params as { userId: string }).userId;
      if (userId !== s.username)
        throw badRequest(`The jobs of user ${userId} are not visible to ${s.username}.`);
      const mine = jobs.list(s.username);
      const count = (code: number) => mine.filter((j) => j.statusCode === code).length;
      return reply
        .type(JSON_TYPE)
        .send({ errCt: count(400), succesCt: count(200), warningCt: 0, runningCt: count(100) });
    });

    scope.post("/jobs/:id", async (request, reply) => {
      const s = sessionOf(request);
      const id = (request.params as { id: string }).id;
      const job = /^\d+$/.test(id) ? jobs.rerun(Number(id), s.username) : null;
      if (!job) throw badRequest(`Job ${id} does not exist.`);
      return reply.type(JSON_TYPE).send(jobBean(job, wantsLinks(request) ? restBase(request) : null));
    });

    // The caller's own sessions only: another user's sessions are not shown to a user (the session numbers are
    // not the cookies, which never leave the session they belong to).
    scope.get("/sessions", async (request, reply) => {
      const s = sessionOf(request);
      const q = request.query as Record<string, string | undefined>;
      const now = Date.now();
      const items = [...sessions.live()]
        .filter((x) => x.username === s.username)
        .filter((x) => q.userId === undefined || q.userId === "" || x.username === q.userId)
        .filter((x) => matches(x, q.application, q.database))
        .sort((a, b) => a.number - b.number)
        .map((x) => sessionAttributes(x, now));
      return reply.type(JSON_TYPE).send(items);
    });

    scope.delete("/sessions/:sessionId", async (request, reply) => {
      const s = sessionOf(request);
      const id = (request.params as { sessionId: string }).sessionId;
      const target = [...sessions.live()].find((x) => String(x.number) === id && x.username === s.username);
      if (!target) throw badRequest(`Session ${id} does not exist.`);
      await endSession(target);
      return reply.code(200).send();
    });

    scope.delete("/sessions", async (request, reply) => {
      const s = sessionOf(request);
      const q = request.query as Record<string, string | undefined>;
      if (q.userId !== undefined && q.userId !== "" && q.userId !== s.username) {
        throw badRequest(`User ${q.userId} has no session this user may end.`);
      }
      const ending = [...sessions.live()].filter(
        (x) => x.username === s.username && matches(x, q.application, q.database),
      );
      for (const x of ending) await endSession(x);
      return reply.code(200).send();
    });

    scope.post("/jobs", async (request, reply) => {
      const s = sessionOf(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      for (const field of ["application", "db", "jobtype"]) {
        if (typeof body[field] !== "string" || body[field] === "") throw badRequest(`${field} is required.`);
      }
      const jobtype = body.jobtype as string;
      if (jobtype !== "calc") {
        throw badRequest(`Job type ${jobtype} is not supported by this endpoint; only calc jobs are.`);
      }
      const ref = await cubeRef(s, { app: body.application, cube: body.db });
      const parameters = (body.parameters ?? {}) as Record<string, unknown>;
      const file = typeof parameters.file === "string" ? parameters.file : "";
      if (file === "") throw badRequest("parameters.file (the calc script) is required for a calc job.");
      const script = scriptName(file);
      const job = jobs.start(
        {
          appName: ref.application,
          dbName: ref.cube,
          jobType: "Calc Execution",
          jobfileName: script,
          userName: s.username,
          jobInputInfo: { file },
        },
        async () => {
          try {
            await essbaseOf(provider).calculate(s.provider, ref, script);
          } catch (e) {
            if (e instanceof ProviderError) throw e;
            request.log.error({ err: e }, "essbase-rest: calc job failed");
            throw new Error("The calculation failed on the server.");
          }
        },
      );
      return reply.type(JSON_TYPE).send(jobBean(job, wantsLinks(request) ? restBase(request) : null));
    });

    scope.get("/jobs/:id", async (request, reply) => {
      const s = sessionOf(request);
      const id = (request.params as { id: string }).id;
      const job = /^\d+$/.test(id) ? jobs.find(Number(id), s.username) : null;
      if (!job) throw badRequest(`Job ${id} does not exist.`);
      return reply.type(JSON_TYPE).send(jobBean(job, wantsLinks(request) ? restBase(request) : null));
    });
  }

  async function endSession(s: WireSession): Promise<void> {
    sessions.end(s.id);
    await provider.logout(s.provider);
  }

  function matches(s: WireSession, application: string | undefined, database: string | undefined): boolean {
    const c = s.connected?.ref;
    if (application && application !== "" && c?.application.toLowerCase() !== application.toLowerCase()) {
      return false;
    }
    if (database && database !== "" && c?.cube.toLowerCase() !== database.toLowerCase()) return false;
    return true;
  }

  /** `SessionAttributes`: times in seconds as strings, as MaxL's `display session` counts them (elapsed). */
  function sessionAttributes(s: WireSession, now: number): Record<string, string> {
    const out: Record<string, string> = {
      userId: s.username,
      sessionId: String(s.number),
      loginTimeInSeconds: String(Math.floor((now - s.loginTime) / 1000)),
      connectionSource: s.source,
    };
    if (s.connected) {
      out.application = s.connected.ref.application;
      out.database = s.connected.ref.cube;
      out.dbConnectTimeInSeconds = String(Math.floor((now - s.connected.since) / 1000));
    }
    return out;
  }

  const cubePath = (ref: { application: string; cube: string }) =>
    `/applications/${enc(ref.application)}/databases/${enc(ref.cube)}`;

  /** The `/outline/{app}/{cube}` address members link to, or null for `links=none`. */
  function outlineLinks(request: FastifyRequest, ref: CubeRef): string | null {
    return wantsLinks(request)
      ? `${restBase(request)}/outline/${enc(ref.application)}/${enc(ref.cube)}`
      : null;
  }

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
  function applicationBean(name: string, base: string | null): Record<string, unknown> {
    const bean: Record<string, unknown> = {
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
  function cubeBean(
    ref: { application: string; cube: string },
    base: string | null,
  ): Record<string, unknown> {
    const bean: Record<string, unknown> = {
      name: ref.cube,
      application: ref.application,
      status: "started",
      type: "BSO",
      startTime,
    };
    if (base !== null) {
      const at = `${base}${cubePath(ref)}`;
      bean.links = [
        getLink("self", at),
        getLink("dimensions", `${at}/dimensions`),
        getLink("scripts", `${at}/scripts`),
        getLink("grid", `${at}/grid`),
        getLink("variables", `${at}/variables`),
        getLink("outline", `${base}/outline/${enc(ref.application)}/${enc(ref.cube)}`),
      ];
    }
    return bean;
  }

  function jobBean(job: JobRecord, base: string | null): Record<string, unknown> {
    return base === null ? { ...job } : { ...job, links: [getLink("self", `${base}/jobs/${job.job_ID}`)] };
  }

  function dimensionOf(index: OutlineIndex, params: unknown): OutlineMember {
    const wanted = (params as { dimensionName?: string }).dimensionName ?? "";
    const d = index.dimensions.find((x) => x.name.toLowerCase() === wanted.toLowerCase());
    if (!d) throw badRequest(`Dimension ${wanted} does not exist.`);
    return d;
  }

  /** A calc script named with or without its `.csc` suffix. */
  function scriptName(file: string): string {
    return file.replace(/\.csc$/i, "");
  }

  async function answerGrid(
    session: WireSession,
    ref: CubeRef,
    answer: Parameters<typeof restGrid>[0],
    alias: string | null,
  ): Promise<RestGrid> {
    const index = await outline(session, ref);
    return restGrid(
      answer,
      index.dimensions.map((d) => d.name),
      alias,
    );
  }

  /** `POST …/grid`: one operation on the sheet the request's grid describes (its `dimensions` are not read). */
  async function gridOperation(
    s: WireSession,
    ref: CubeRef,
    action: Action,
    body: Record<string, unknown>,
  ): Promise<RestGrid> {
    const essbase = essbaseOf(provider);
    const { sheet, rows, columns } = sheetOf(body.grid);
    const alias = gridAlias(s, ref, body.alias ?? (body.grid as { alias?: unknown }).alias);
    const input = { grid: sheet, ...gridSettings(s.preferences, alias) };
    if (action === "submit") {
      const dirty = (body.grid as { slice?: { dirtyCells?: unknown } }).slice?.dirtyCells ?? [];
      if (!Array.isArray(dirty)) throw badRequest("slice.dirtyCells must be an array of cell indices.");
      const cells = flatCells(dirty, rows, columns);
      const saved = await essbase.save(s.provider, ref, { ...input, cells });
      return answerGrid(s, ref, saved, alias);
    }
    const call = gridCall(action, body, input, rows, columns);
    if (!("action" in call)) return pivotTo(s, ref, input, call.from, call.to, alias);
    return answerGrid(s, ref, await essbase.grid(s.provider, ref, call), alias);
  }

  /** The provider call of a grid operation other than submit, or the two cells of a pivot to a given place. */
  function gridCall(
    action: Exclude<Action, "submit">,
    body: Record<string, unknown>,
    input: { grid: string[][] } & ReturnType<typeof gridSettings>,
    rows: number,
    columns: number,
  ): GridCall | { from: { row: number; column: number }; to: { row: number; column: number } } {
    const refresh: GridCall = { action: "refresh", input };
    const ranges = body.ranges;
    const coordinates = Array.isArray(body.coordinates) ? body.coordinates : null;
    const hasRanges = Array.isArray(ranges) && ranges.length > 0;
    switch (action) {
      case "refresh":
        return refresh;
      case "zoomin":
      case "zoomout":
      case "keeponly":
      case "removeonly": {
        let cells: { row: number; column: number }[];
        if (hasRanges) cells = rangeCells(ranges, rows, columns);
        else if (coordinates && coordinates.length > 0) {
          // A live server ignores coordinates for zoom out and keep only (the grid comes back unchanged);
          // zoom in reads them as [row, column] pairs; remove only as flat cell indices.
          if (action === "zoomout" || action === "keeponly") return refresh;
          cells =
            action === "zoomin"
              ? pairCells(coordinates, rows, columns)
              : flatCells(coordinates, rows, columns);
        } else return refresh;
        return { action, input: { ...input, cells } };
      }
      case "pivot":
      case "pivotToPOV": {
        const picks =
          coordinates && coordinates.length > 0
            ? coordinates
            : hasRanges
              ? [firstRangeIndex(ranges, rows, columns)]
              : [];
        const from = cellAt(picks[0], rows, columns);
        if (!from) throw badRequest(MESSAGES.pivotNoStart);
        if (action === "pivotToPOV") return { action: "pivottopov", input: { ...input, ...from } };
        if (picks.length < 2) return { action: "pivot", input: { ...input, ...from } };
        const to = cellAt(picks[1], rows, columns);
        if (!to) throw badRequest(MESSAGES.nonsensical);
        return { from, to };
      }
    }
  }

  /** `pivot [from, to]`: the dimension of `from` to the POV, the rows or the columns, wherever `to` lies. */
  async function pivotTo(
    s: WireSession,
    ref: CubeRef,
    input: { grid: string[][] } & ReturnType<typeof gridSettings>,
    from: { row: number; column: number },
    to: { row: number; column: number },
    alias: string | null,
  ): Promise<RestGrid> {
    const essbase = essbaseOf(provider);
    // The sheet's regions, as the provider reads them.
    const read = await essbase.grid(s.provider, ref, { action: "refresh", input });
    const { headerRows, leftColumns } = read.layout;
    const kind = (c: { row: number; column: number }) => read.cellKinds[c.row]?.[c.column];
    const region = (c: { row: number; column: number }) => {
      const k = kind(c);
      if (k === "pov") return "pov";
      if (k === "row-header" || (c.row >= headerRows && c.column < leftColumns)) return "rows";
      if (k === "column-header" || (c.row < headerRows && c.column >= leftColumns)) return "columns";
      return null;
    };
    const source = region(from);
    if (source === null) throw badRequest(MESSAGES.pivotNoStart);
    const target = region(to);
    const run = async (call: GridCall) =>
      answerGrid(s, ref, await essbase.grid(s.provider, ref, call), alias);
    if (target === null) return answerGrid(s, ref, read, alias);
    if (target === source) {
      throw badRequest(
        "This endpoint moves a dimension to another axis or to the POV, not within its own axis.",
      );
    }
    if (target === "pov") return run({ action: "pivottopov", input: { ...input, ...from } });
    return run({ action: "pivot", input: { ...input, ...from, to: target } });
  }

  function flatCells(indices: unknown[], rows: number, columns: number) {
    return indices.map((i) => {
      const cell = cellAt(i, rows, columns);
      if (!cell) throw badRequest(MESSAGES.nonsensical);
      return cell;
    });
  }

  function pairCells(values: unknown[], rows: number, columns: number) {
    if (values.length % 2 !== 0) throw badRequest(MESSAGES.nonsensical);
    const cells: { row: number; column: number }[] = [];
    for (let i = 0; i < values.length; i += 2) {
      const [row, column] = [values[i], values[i + 1]];
      if (
        typeof row !== "number" ||
        typeof column !== "number" ||
        !Number.isInteger(row) ||
        !Number.isInteger(column) ||
        row < 0 ||
        column < 0 ||
        row >= rows ||
        column >= columns
      ) {
        throw badRequest(MESSAGES.nonsensical);
      }
      cells.push({ row, column });
    }
    return cells;
  }

  function firstRangeIndex(ranges: unknown, rows: number, columns: number): number {
    const [first] = rangeCells(ranges, rows, columns);
    return first ? first.row * columns + first.column : -1;
  }
}
