import { EmbeddedProvider } from "@qibates/embedded";
import { memoryStore } from "@qibates/embedded/testing";
import type { EssbaseOperations, ProviderSession } from "@qibates/provider";
import { DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import { smartViewEndpoint } from "@qibates/wire";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Upstreams } from "../src/net/upstream.ts";
import { parseSv, SESSION_READS } from "../src/smartview/client.ts";
import { SmartViewProvider } from "../src/smartview/provider.ts";
import { loginSession, loopbackUpstreams } from "./support/fake-upstream.ts";

/**
 * A session's first navigation through the essbase connector reads the cube's outline, 84 Smart View
 * requests for Sample.Basic, which were sent one after the other: over a link 10 ms away, more than a second
 * before the user saw the dimensions. The reads that do not wait for another's answer now go a few at a time in
 * the session, and the answers are the ones read one at a time. (nav/dimensions reads the
 * dimensions alone and each tree reads its dimension when asked for: the navigation here asks for every tree.) A server that refuses a request sent while
 * another of the session is in flight (Essbase runs one request per session at a time) still answers the whole
 * outline, and the session then sends one request at a time; one that ends the session while reads are in
 * flight gets one new login, as a call alone did.
 */

const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
/** What each request waits at the server: a server a little away. */
const DELAY_MS = 25;
/** The session-changing messages and lists, which go alone. */
const ALONE = [
  "req_ConnectToProvider",
  "req_ListServers",
  "req_ListApplications",
  "req_ListCubes",
  "req_OpenApplication",
  "req_GetSSOToken",
  "req_OpenCube",
];

interface Seen {
  name: string;
  /** Other requests of the connector in flight when it arrived. */
  beside: number;
  refused: boolean;
}

/**
 * The Smart View endpoint over the demo, each request held DELAY_MS. `beside`: what a request that arrives while
 * another is in flight gets: its answer, or, as a strict server, a Smart View exception or an error page. `control.endAfter`: the server ends the session
 * the connector is in once it has seen that many requests of its first navigation (its idle timeout, a restart).
 */
async function start(beside: "answer" | "exception" | "page") {
  const control = { endAfter: Number.POSITIVE_INFINITY };
  // Single sign-on tokens the endpoint gave, and those given before the session ended: a restarted server, or one
  // whose session timed out, takes them no more.
  const issued: string[] = [];
  const forgotten = new Set<string>();
  const embedded = await EmbeddedProvider.open({
    scheduler: new SliceScheduler(DEFAULT_SLICES),
    store: memoryStore(),
    credentialsValid: (u, p) => u === "demo" && p === "demo",
  });
  const seen: Seen[] = [];
  let inFlight = 0;
  const ended = new Set<string>();
  const app: FastifyInstance = Fastify({ logger: false });
  app.addHook("preHandler", async (request, reply) => {
    if (typeof request.body !== "string") return;
    const root = parseSv(request.body);
    const name = root?.name ?? "";
    const sid = root?.children.find((c) => c.name === "sID")?.text ?? "";
    if (seen.length === control.endAfter) {
      ended.add(sid);
      for (const t of issued) forgotten.add(t);
    }
    const token = /<sso>([^<]*)<\/sso>/.exec(request.body)?.[1];
    if (token !== undefined && forgotten.has(token)) {
      seen.push({ name, beside: inFlight, refused: true });
      return reply
        .type("application/xml")
        .send(
          '<exception errcode="4" type="error"><desc>Invalid login: the single sign-on token is not valid.</desc></exception>',
        );
    }
    const others = inFlight;
    const refused = (beside !== "answer" && others > 0) || ended.has(sid);
    seen.push({ name, beside: others, refused });
    inFlight += 1;
    reply.raw.once("close", () => {
      inFlight -= 1;
    });
    await new Promise((r) => setTimeout(r, DELAY_MS));
    if (refused && beside === "page" && !ended.has(sid))
      return reply.type("text/html").send("<html><body><h1>Server busy</h1></body></html>");
    if (refused) {
      return reply
        .type("application/xml")
        .send(
          `<exception errcode="4" type="error"><desc>${ended.has(sid) ? `Invalid session ${sid}` : "Cannot process the request: the session has a request in progress"}.</desc></exception>`,
        );
    }
  });
  app.addHook("onSend", async (_request, _reply, payload) => {
    const token = typeof payload === "string" ? /<sso>([^<]*)<\/sso>/.exec(payload)?.[1] : undefined;
    if (token) issued.push(token);
    return payload;
  });
  await app.register(smartViewEndpoint, { provider: embedded, about: { name: "QiBates", version: "test" } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const upstreams: Upstreams = loopbackUpstreams();
  const provider = new SmartViewProvider({ upstreams, idleMs: 60_000 });
  const ops = provider.essbase as EssbaseOperations;
  const address = `${origin}/aps/JAPI`;
  // Another session reads the outline first: the demo behind the endpoint warmed up, as on a running server.
  await ops.dimensions(await loginSession(provider, "essbase", address, "demo", "demo"), CUBE);
  const session: ProviderSession = await loginSession(provider, "essbase", address, "demo", "demo");
  return {
    seen,
    control,
    ops,
    session,
    close: async () => {
      await provider.close();
      await upstreams.close();
      await app.close();
    },
  };
}

type Server = Awaited<ReturnType<typeof start>>;

/**
 * The first nav/dimensions of the session, then every tree (each dimension read when its tree is asked for: issue
 * 73) and the alias tables; every tree asked again reads nothing more.
 */
async function firstNavigation(s: Server) {
  s.seen.length = 0;
  const dimensions = await s.ops.dimensions(s.session, CUBE);
  const trees = [];
  for (const d of dimensions.dimensions)
    for (const aliasTable of ["Default", "Long Names"])
      trees.push(await s.ops.dimensionTree(s.session, CUBE, { dimension: d.name, aliasTable }));
  const aliasTables = await s.ops.aliasTables(s.session, CUBE);
  const requests = s.seen.length;
  for (const d of dimensions.dimensions) await s.ops.dimensionTree(s.session, CUBE, { dimension: d.name });
  expect(s.seen).toHaveLength(requests);
  return { requests, answers: { dimensions, trees, aliasTables } };
}

describe("essbase connector: a session's first navigation", () => {
  let overlapping: Server;
  let strict: Server;
  let paging: Server;
  let ending: Server;
  let fast: Awaited<ReturnType<typeof firstNavigation>>;
  let slow: Awaited<ReturnType<typeof firstNavigation>>;
  let paged: Awaited<ReturnType<typeof firstNavigation>>;
  let renewed: Awaited<ReturnType<typeof firstNavigation>>;
  beforeAll(async () => {
    overlapping = await start("answer");
    strict = await start("exception");
    paging = await start("page");
    fast = await firstNavigation(overlapping);
    slow = await firstNavigation(strict);
    paged = await firstNavigation(paging);
    // The session ends on the server with reads in flight (the 40th request of the read).
    ending = await start("answer");
    ending.control.endAfter = 40;
    renewed = await firstNavigation(ending);
  }, 60_000);
  afterAll(async () => {
    await overlapping?.close();
    await strict?.close();
    await paging?.close();
    await ending?.close();
  });

  it("reads the outline a few requests at a time, the session-changing messages alone", () => {
    // Sample.Basic: the cube's list (ListCubes: the names are known), open (OpenApplication, OpenCube; no
    // GetSSOToken for a session that opens one application), EnumAliasTables, EnumDims with each of its 2 alias
    // tables, then each tree as it is asked for: 32 EnumMembers (Children of each parent), 34 ExecuteQuery (the
    // aliases of the children read at once, per alias table).
    expect(fast.requests).toBe(72);
    expect(fast.answers.dimensions.dimensions.map((d) => d.name)).toContain("Product");
    const most = Math.max(...overlapping.seen.map((r) => r.beside + 1));
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(SESSION_READS);
    // What changes the session, and the lists before it, go alone.
    for (const r of overlapping.seen.filter((q) => ALONE.includes(q.name)))
      expect(r).toMatchObject({ beside: 0 });
  });

  it("answers the same outline from a server that runs one request per session at a time, then sends one at a time", () => {
    expect(slow.answers).toEqual(fast.answers);
    // The first read sent beside another was refused, and answered when sent again alone; every request after
    // it went alone.
    const refused = strict.seen.filter((r) => r.refused);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeLessThanOrEqual(3);
    const refusedAt = strict.seen.findIndex((r) => r.refused);
    expect(strict.seen.slice(refusedAt + 4).every((r) => r.beside === 0)).toBe(true);
    expect(slow.requests).toBe(fast.requests + refused.length);
  });

  it("answers the same outline from a server that answers an error page to a request sent beside another", () => {
    expect(paged.answers).toEqual(fast.answers);
    const refusedAt = paging.seen.findIndex((r) => r.refused);
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    expect(paging.seen.slice(refusedAt + 4).every((r) => r.beside === 0)).toBe(true);
  });

  it("logs in again once when the server ends the session with reads in flight, and answers the same outline", () => {
    expect(renewed.answers).toEqual(fast.answers);
    const refused = ending.seen.filter((r) => r.refused).length;
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(ending.seen.filter((r) => r.name === "req_ConnectToProvider")).toHaveLength(1);
    // The new session reads a few at a time again.
    const login = ending.seen.findIndex((r) => r.name === "req_ConnectToProvider");
    expect(Math.max(...ending.seen.slice(login).map((r) => r.beside + 1))).toBeGreaterThan(1);
  });
});
