import type { PlanningOperations } from "@qibates/provider";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Upstreams } from "../src/net/upstream.ts";
import {
  type PlanningRestSide,
  PlanningSmartViewProvider,
  type PlanningSmartViewSession,
} from "../src/planning-smartview/provider.ts";
import { SmartViewProvider } from "../src/smartview/provider.ts";
import {
  type FakeUpstream,
  fakeSmartView,
  loginSession,
  loopbackUpstreams,
} from "./support/fake-upstream.ts";

/**
 * The connectors' upstream sessions (remote/sessions.ts) with an idle time of one minute and a request the
 * server holds for minutes (as Essbase 11.x holds LaunchBusinessRule until its script ends): the server-side
 * session is not logged out while the request waits, and its idle time counts from the answer. The sweeper's
 * interval and the clock are the test's fake ones; the HTTP exchange is real, on the loopback address.
 */

const MINUTE = 60_000;

describe("an upstream session with a request the server holds", () => {
  const replies = new Map([
    ["req_ConnectToProvider", "<res_ConnectToProvider><sID>7</sID></res_ConnectToProvider>"],
    ["req_ListServers", '<res_ListServers><srvs enc="1">ess1</srvs></res_ListServers>'],
    ["req_Logout", "<res_Logout/>"],
  ]);
  const received: string[] = [];
  let held: { arrived: () => void; answer: Promise<void> } | null = null;
  let upstream: FakeUpstream;
  let upstreams: Upstreams;
  let provider: SmartViewProvider;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    received.length = 0;
    upstream = await fakeSmartView(replies, async (root) => {
      received.push(root.name);
      if (root.name === "req_ListServers" && held) {
        held.arrived();
        await held.answer;
      }
    });
    upstreams = loopbackUpstreams();
    provider = new SmartViewProvider({ upstreams, idleMs: MINUTE });
  });
  afterEach(async () => {
    await provider.close();
    await upstreams.close();
    await upstream.close();
    vi.useRealTimers();
  });

  it("is not logged out while the request waits, and is ended one idle time after its answer", async () => {
    const s = await loginSession(provider, "essbase", `${upstream.origin}/aps/JAPI`);
    let answer = () => {};
    const arrived = new Promise<void>((arrive) => {
      held = { arrived: arrive, answer: new Promise<void>((r) => (answer = r)) };
    });
    const waiting = provider.servers(s);
    await arrived;
    // Five idle times while the server works: the sweeper runs five times and leaves the session.
    vi.advanceTimersByTime(5 * MINUTE);
    expect(received).not.toContain("req_Logout");
    held = null;
    answer();
    expect(await waiting).toEqual({ servers: [{ name: "ess1" }] });

    // Within the idle time after the answer: the same upstream session serves the next call.
    vi.advanceTimersByTime(MINUTE - 2000);
    expect(await provider.servers(s)).toEqual({ servers: [{ name: "ess1" }] });
    expect(received.filter((r) => r === "req_ConnectToProvider")).toHaveLength(1);

    // Idle past the idle time: logged out on the server, and the login is gone on this node.
    vi.advanceTimersByTime(2 * MINUTE);
    await vi.waitFor(() => expect(received).toContain("req_Logout"));
    await expect(provider.servers(s)).rejects.toMatchObject({ code: "SESSION_LOST" });
  });
});

describe("a planning login used through Planning REST only", () => {
  let provider: PlanningSmartViewProvider;
  let smartViewLoggedOut = false;
  let held: Promise<void> | null = null;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    smartViewLoggedOut = false;
    // The Smart View side is only logged in: every call of the test goes to the REST side (forms, rules).
    const smartView = (): PlanningSmartViewSession => ({
      lastUsed: Date.now(),
      inFlight: 0,
      connect: async () => {},
      // The same session whatever the call: it makes no request.
      within() {
        return this;
      },
      logout: async () => {
        smartViewLoggedOut = true;
      },
      call: async () => {
        throw new Error("no Smart View call expected");
      },
      malformed: () => {
        throw new Error("no Smart View answer expected");
      },
    });
    const planning = {
      listForms: async (_s: unknown, ref: { application: string }, folder: string) => {
        if (held) await held;
        return { application: ref.application, folder, forms: [] };
      },
    } as unknown as PlanningOperations;
    const rest = {
      id: "planning-rest",
      login: async () => ({ username: "u", handle: "rest-1" }),
      logout: async () => {},
      planning,
    } as unknown as PlanningRestSide;
    provider = new PlanningSmartViewProvider(rest, {
      upstreams: loopbackUpstreams(),
      idleMs: MINUTE,
      smartView,
    });
  });
  afterEach(async () => {
    await provider.close();
    vi.useRealTimers();
  });

  const ref = { server: "Planning", application: "Vision" };

  it("stays while its REST calls come within the idle time, or one waits; ends one idle time after the last", async () => {
    const s = await loginSession(provider, "planning", "https://planning.example/HyperionPlanning/SmartView");
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(MINUTE - 10_000);
      await expect(provider.planning.listForms(s, ref, "Forms")).resolves.toMatchObject({ folder: "Forms" });
    }
    let answer = () => {};
    held = new Promise<void>((r) => (answer = r));
    const waiting = provider.planning.listForms(s, ref, "Forms");
    vi.advanceTimersByTime(5 * MINUTE);
    expect(smartViewLoggedOut).toBe(false);
    held = null;
    answer();
    await expect(waiting).resolves.toMatchObject({ folder: "Forms" });
    vi.advanceTimersByTime(MINUTE - 2000);
    await expect(provider.planning.listForms(s, ref, "Forms")).resolves.toMatchObject({ folder: "Forms" });
    vi.advanceTimersByTime(2 * MINUTE);
    expect(smartViewLoggedOut).toBe(true);
    await expect(provider.planning.listForms(s, ref, "Forms")).rejects.toMatchObject({
      code: "SESSION_LOST",
    });
  });
});
