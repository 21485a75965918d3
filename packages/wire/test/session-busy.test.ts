import { SMARTVIEW_PATH } from "@qibates/protocols/smartview";
import { child, parseXml } from "@qibates/protocols/xml";
import type { Provider } from "@qibates/provider";
import { DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { essbaseRestEndpoint } from "../src/essbase-rest/index.ts";
import { smartViewEndpoint } from "../src/smartview/index.ts";
import { xmlaEndpoint } from "../src/xmla/index.ts";
import { openDemoProvider } from "./support/server.ts";
import { discoverIn, sessionIdOf, XA } from "./support/xmla.ts";

/**
 * A wire session whose request runs longer than the idle limit (one minute here) is not ended meanwhile, and
 * its idle time counts from the request's end: on each endpoint, a provider call held open while the clock
 * moves ten minutes on.
 */

const MINUTE = 60_000;
const BASIC = `Basic ${Buffer.from("demo:demo").toString("base64")}`;

let clock = 0;
let app: FastifyInstance;

beforeEach(() => {
  clock = Date.UTC(2026, 10, 24, 9);
  // Before the endpoint is made: its sessions read this clock.
  vi.spyOn(Date, "now").mockImplementation(() => clock);
});

afterEach(async () => {
  await app?.close();
  vi.restoreAllMocks();
});

/** Holds the provider's `method` until `release` (or `fail`): `entered` once a call waits there. */
function hold(provider: Provider, method: "applications" | "servers") {
  const original = (provider[method] as (...a: unknown[]) => Promise<unknown>).bind(provider);
  let entered!: () => void;
  const enteredP = new Promise<void>((r) => {
    entered = r;
  });
  let open!: (error: Error | null) => void;
  const gate = new Promise<Error | null>((r) => {
    open = r;
  });
  vi.spyOn(provider, method).mockImplementation((async (...args: unknown[]) => {
    entered();
    const error = await gate;
    if (error) throw error;
    return original(...args);
  }) as never);
  return { entered: enteredP, release: () => open(null), fail: (e: Error) => open(e) };
}

/** The endpoint `register` adds over the demo provider, on a server answering `inject` only. */
async function start(
  register: (app: FastifyInstance, provider: Provider, scheduler: SliceScheduler) => PromiseLike<unknown>,
) {
  // One scheduler of long work for the provider and the endpoint, as the server has.
  const scheduler = new SliceScheduler(DEFAULT_SLICES);
  const provider = await openDemoProvider({ scheduler });
  app = Fastify({ logger: false });
  await register(app, provider, scheduler);
  return { provider };
}

describe("Essbase REST: a call longer than the idle time", () => {
  async function essbase() {
    const { provider } = await start((a, p) =>
      a.register(essbaseRestEndpoint, { provider: p, idleMinutes: 1 }),
    );
    const login = await app.inject({ url: "/essbase/rest/v1/session", headers: { authorization: BASIC } });
    const cookie = String(login.headers["set-cookie"]).split(";")[0] as string;
    const call = (path: string) => app.inject({ url: `/essbase/rest/v1${path}`, headers: { cookie } });
    return { provider, call };
  }

  /** A call of /applications the provider holds while ten minutes pass, ten times the idle time. */
  async function heldPastIdle() {
    const { provider, call } = await essbase();
    const held = hold(provider, "applications");
    const slow = call("/applications");
    await held.entered;
    clock += 10 * MINUTE;
    return { held, slow, call };
  }

  /** The session lives for the idle time (a minute) from now, and ends after it. */
  async function expectIdleMinute(call: (path: string) => Promise<{ statusCode: number }>) {
    clock += MINUTE - 1000;
    expect((await call("/session")).statusCode).toBe(200);
    clock += MINUTE + 1000;
    expect((await call("/session")).statusCode).toBe(401);
  }

  it("keeps its session, which then lives for the idle time after the call's end", async () => {
    const { held, slow, call } = await heldPastIdle();
    // Another visitor's login sweeps the idle sessions meanwhile.
    await app.inject({ url: "/essbase/rest/v1/session", headers: { authorization: BASIC } });
    held.release();
    expect((await slow).statusCode).toBe(200);
    await expectIdleMinute(call);
  });

  it("ends the call's hold on the session when the call fails", async () => {
    const { held, slow, call } = await heldPastIdle();
    held.fail(new Error("the provider broke down"));
    expect((await slow).statusCode).toBeGreaterThanOrEqual(400);
    // Not held forever by the failed call: idle again, it ends.
    await expectIdleMinute(call);
  });
});

describe("Smart View: a message answered after more than the idle time", () => {
  it("keeps its session, which then lives for the idle time after the answer", async () => {
    const { provider } = await start((a, p) =>
      a.register(smartViewEndpoint, { provider: p, idleMinutes: 1 }),
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
    const listServers = `<req_ListServers><sID>${sid}</sID></req_ListServers>`;
    const held = hold(provider, "servers");
    const slow = post(listServers);
    await held.entered;
    clock += 10 * MINUTE;
    held.release();
    expect((await slow).name).toBe("res_ListServers");
    vi.mocked(provider.servers).mockRestore();
    clock += MINUTE - 1000;
    expect((await post(listServers)).name).toBe("res_ListServers");
    clock += MINUTE + 1000;
    expect((await post(listServers)).name).toBe("exception");
  });
});

describe("XMLA: a request answered after more than the idle time", () => {
  it("keeps its session, which then lives for the idle time after the answer", async () => {
    const { provider } = await start((a, p, scheduler) =>
      a.register(xmlaEndpoint, {
        provider: p,
        idleMinutes: 1,
        scheduler,
      }),
    );
    const post = (header: string) => discoverIn(app, header);
    const begun = await post(`<BeginSession xmlns="${XA}"/>`);
    const id = sessionIdOf(begun);
    expect(id).not.toBe("");
    const inSession = `<Session xmlns="${XA}" SessionId="${id}"/>`;
    const held = hold(provider, "servers");
    const slow = post(inSession);
    await held.entered;
    clock += 10 * MINUTE;
    held.release();
    expect((await slow).fault).toBeNull();
    vi.mocked(provider.servers).mockRestore();
    clock += MINUTE - 1000;
    expect((await post(inSession)).fault).toBeNull();
    clock += MINUTE + 1000;
    expect((await post(inSession)).fault?.faultstring).toBe(`The session ${id} does not exist or has ended.`);
  });
});
