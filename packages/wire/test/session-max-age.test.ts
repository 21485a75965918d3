import { SMARTVIEW_PATH } from "@qibates/protocols/smartview";
import { child, parseXml } from "@qibates/protocols/xml";
import type { Provider } from "@qibates/provider";
import { DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { essbaseRestEndpoint } from "../src/essbase-rest/index.ts";
import { SessionStore } from "../src/session-store.ts";
import { smartViewEndpoint } from "../src/smartview/index.ts";
import { xmlaEndpoint } from "../src/xmla/index.ts";
import { openDemoProvider } from "./support/server.ts";
import { discoverIn, sessionIdOf, XA } from "./support/xmla.ts";

/**
 * A wire session ends `maxSessionSeconds` after its login however busy it is (the server gives
 * SESSION_MAX_HOURS plus CONNECTION_TIMEOUT_SECONDS), though never during one of its requests: on each endpoint
 * that keeps sessions, a session used every 20 minutes (idle limit: an hour) lives two hours, then is refused.
 */

const MINUTE = 60_000;
const MAX_SECONDS = 2 * 3600;
const BASIC = `Basic ${Buffer.from("demo:demo").toString("base64")}`;

let clock = 0;
let app: FastifyInstance;

beforeEach(() => {
  clock = Date.UTC(2026, 10, 28, 9);
  vi.spyOn(Date, "now").mockImplementation(() => clock);
});

afterEach(async () => {
  await app?.close();
  vi.restoreAllMocks();
});

async function start(
  register: (app: FastifyInstance, provider: Provider, scheduler: SliceScheduler) => PromiseLike<unknown>,
) {
  const scheduler = new SliceScheduler(DEFAULT_SLICES);
  const provider = await openDemoProvider({ scheduler });
  app = Fastify({ logger: false });
  await register(app, provider, scheduler);
  return { provider };
}

/** Uses the session every 20 minutes up to one second before the bound; then one second past it. */
async function busyUntilTheBound(works: () => Promise<boolean>) {
  const loginAt = clock;
  while (clock + 20 * MINUTE < loginAt + MAX_SECONDS * 1000) {
    clock += 20 * MINUTE;
    expect(await works()).toBe(true);
  }
  clock = loginAt + MAX_SECONDS * 1000 - 1000;
  expect(await works()).toBe(true);
  clock += 2000;
  expect(await works()).toBe(false);
}

describe("the longest a wire session lasts", () => {
  it("Essbase REST: a busy session ends at the bound; a request running across it completes first", async () => {
    const { provider } = await start((a, p) =>
      a.register(essbaseRestEndpoint, { provider: p, idleMinutes: 60, maxSessionSeconds: MAX_SECONDS }),
    );
    const login = async () => {
      const r = await app.inject({ url: "/essbase/rest/v1/session", headers: { authorization: BASIC } });
      return String(r.headers["set-cookie"]).split(";")[0] as string;
    };
    const cookie = await login();
    const call = (path: string, c = cookie) =>
      app.inject({ url: `/essbase/rest/v1${path}`, headers: { cookie: c } });
    await busyUntilTheBound(async () => (await call("/session")).statusCode === 200);

    // A second session, whose request is still running when the bound passes: answered, then ended.
    const other = await login();
    const original = provider.applications.bind(provider);
    let entered!: () => void;
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    vi.spyOn(provider, "applications").mockImplementation((async (...args: unknown[]) => {
      entered();
      await gate;
      return (original as (...a: unknown[]) => Promise<unknown>)(...args);
    }) as never);
    const otherAt = clock;
    while (clock + 20 * MINUTE < otherAt + MAX_SECONDS * 1000) {
      clock += 20 * MINUTE;
      expect((await call("/session", other)).statusCode).toBe(200);
    }
    clock = otherAt + MAX_SECONDS * 1000 - 60_000;
    const slow = call("/applications", other);
    const early = await Promise.race([inside.then(() => null), slow]);
    expect(early?.body ?? null).toBeNull();
    clock += 5 * MINUTE;
    // Another login sweeps the store meanwhile: the running session is kept.
    await login();
    release();
    expect((await slow).statusCode).toBe(200);
    expect((await call("/session", other)).statusCode).toBe(401);
  });

  it("Smart View: a busy session ends at the bound", async () => {
    await start((a, p) =>
      a.register(smartViewEndpoint, { provider: p, idleMinutes: 60, maxSessionSeconds: MAX_SECONDS }),
    );
    const post = async (body: string) => {
      const r = await app.inject({
        method: "POST",
        url: SMARTVIEW_PATH,
        payload: body,
        headers: { "content-type": "text/xml" },
      });
      return parseXml(r.body);
    };
    const connected = await post(
      '<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><lngs enc="0">en_US</lngs><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>',
    );
    const sid = child(connected, "sID")?.text ?? "";
    expect(sid).not.toBe("");
    await busyUntilTheBound(
      async () =>
        (await post(`<req_ListServers><sID>${sid}</sID></req_ListServers>`)).name === "res_ListServers",
    );
  });

  it("XMLA: a busy session ends at the bound", async () => {
    await start((a, p, scheduler) =>
      a.register(xmlaEndpoint, { provider: p, idleMinutes: 60, maxSessionSeconds: MAX_SECONDS, scheduler }),
    );
    const post = (header: string) => discoverIn(app, header);
    const begun = await post(`<BeginSession xmlns="${XA}"/>`);
    const id = sessionIdOf(begun);
    expect(id).not.toBe("");
    await busyUntilTheBound(
      async () => (await post(`<Session xmlns="${XA}" SessionId="${id}"/>`)).fault === null,
    );
  });

  it("without a bound, a busy session lives on", () => {
    const store = new SessionStore<{ id: string; lastUsed: number }>({ idleMs: 60 * MINUTE, max: 10 });
    const s = store.add((id, now) => ({ id, lastUsed: now }));
    for (let i = 0; i < 100; i++) {
      clock += 50 * MINUTE;
      expect(store.find(s.id)).not.toBeNull();
    }
  });
});
