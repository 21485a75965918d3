import {
  CallContext,
  type EssbaseOperations,
  type LoginInput,
  type Provider,
  type ProviderSession,
} from "@qibates/provider";
import { heldFor } from "@qibates/wire";
import Fastify, { type FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { withDeadline } from "../src/call-deadline.ts";
import { underWireDeadline, wireCallOf, wireDeadline } from "../src/wire-deadline.ts";

/**
 * Each call's context (`CallContext`: its deadline, its signal, the client it passes a login on for, whether it
 * writes) is made where its deadline starts and handed to the provider with the session: two calls under way at
 * once each reach the provider with their own, never the other's, and a tool's session says it has none.
 */

const read = { operationId: "getDimensions", longRunning: false };
const save = { operationId: "saveGrid", longRunning: false };

describe("the call context of an API call", () => {
  it("is each call's own deadline and signal, aborted when that deadline passes", async () => {
    const seen: Record<string, CallContext> = {};
    const started = Date.now();
    const short = withDeadline(read, 0.2, async (call) => {
      seen.short = call;
      await new Promise((r) => setTimeout(r, 400));
      return call.signal.aborted;
    });
    const long = withDeadline(save, 5, async (call) => {
      seen.long = call;
      await new Promise((r) => setTimeout(r, 400));
      return call.signal.aborted;
    });
    await expect(short).rejects.toMatchObject({ code: "QB_ERR_CALL_TIMEOUT" });
    expect(await long).toBe(false);
    expect(seen.short?.signal.aborted).toBe(true);
    expect(seen.short?.deadline).toBeGreaterThanOrEqual(started + 200);
    expect(seen.short?.deadline).toBeLessThan(started + 1000);
    expect(seen.long?.deadline).toBeGreaterThanOrEqual(started + 5000);
    expect(seen.short?.signal).not.toBe(seen.long?.signal);
    // Whether the call writes is the operation's, not guessed by the provider.
    expect(seen.short?.writes).toBe(false);
    expect(seen.long?.writes).toBe(true);
  });

  it("is unbounded for a tool", () => {
    const call = CallContext.unbounded();
    expect(call.deadline).toBe(Number.POSITIVE_INFINITY);
    expect(call.signal.aborted).toBe(false);
    expect(CallContext.forClient("192.0.2.7").client).toBe("192.0.2.7");
    expect(CallContext.forClient("192.0.2.7").deadline).toBe(Number.POSITIVE_INFINITY);
  });
});

/** What a context says when the provider is called (its deadline is lifted once the request is answered). */
const asSeen = (call: CallContext): CallContext => ({
  signal: call.signal,
  deadline: call.deadline,
  writes: call.writes,
  ...(call.client !== undefined ? { client: call.client } : {}),
});

/** A provider that records the context of each session and login it is given. */
function recordingProvider() {
  const sessions: { name: string; call: CallContext }[] = [];
  const logins: CallContext[] = [];
  const record = (name: string) => async (session: ProviderSession) => {
    sessions.push({ name, call: asSeen(session.call) });
    // Long enough for the other request to start meanwhile.
    await new Promise((r) => setTimeout(r, 100));
    return {} as never;
  };
  const essbase = {
    dimensions: record("dimensions"),
    save: record("save"),
  } as unknown as EssbaseOperations;
  const provider: Provider = {
    id: "recording",
    login: async (input: LoginInput) => {
      logins.push(asSeen(input.call));
      return { username: input.username };
    },
    logout: async () => {},
    servers: record("servers") as Provider["servers"],
    applications: record("applications") as Provider["applications"],
    cubes: record("cubes") as Provider["cubes"],
    essbase,
    planning: null,
  };
  return { provider, sessions, logins };
}

describe("the call context of a wire endpoint's request", () => {
  const held: ProviderSession = {
    id: "held",
    ownerId: "o",
    connector: "essbase",
    username: "demo",
    providerAddress: "https://essbase.example.com/essbase/japi",
    aliasTable: null,
    call: CallContext.unbounded(),
  };
  const ref = { server: "s", application: "a", cube: "c" };

  /**
   * An endpoint as the wire endpoints are written: one session held between requests (`held`), used by each request
   * as its own view (`heldFor`, given the server's `wireCallOf`), at `/short` under a deadline of 30 s and at `/long`
   * under one of 60 s. `route` answers a request.
   */
  async function endpoint(
    route: (request: FastifyRequest, session: { provider: ProviderSession }) => Promise<unknown>,
  ) {
    const app = Fastify();
    for (const [path, seconds] of [
      ["/short", 30],
      ["/long", 60],
    ] as const) {
      await app.register(async (scope) => {
        wireDeadline(scope, "essbase-rest", seconds);
        scope.post(path, async (request) => {
          await route(request, heldFor({ provider: held }, { callOf: wireCallOf }, request));
          return {};
        });
      });
    }
    return app;
  }

  it("is each request's own, with the session it holds: its deadline, its signal, and what it asked", async () => {
    const { provider, sessions, logins } = recordingProvider();
    const wrapped = underWireDeadline(provider);
    const app = await endpoint(async (request, s) => {
      const { op, client } = request.body as { op: "dimensions" | "save" | "login"; client: string };
      if (op === "login")
        await wrapped.login({
          connector: "essbase",
          username: "demo",
          password: "demo",
          address: new URL(held.providerAddress),
          call: CallContext.forClient(client, wireCallOf(request)),
        });
      else await wrapped.essbase?.[op](s.provider, ref, {} as never);
    });
    try {
      const started = Date.now();
      const answers = await Promise.all([
        app.inject({ method: "POST", url: "/short", payload: { op: "dimensions", client: "" } }),
        app.inject({ method: "POST", url: "/long", payload: { op: "save", client: "" } }),
        app.inject({ method: "POST", url: "/short", payload: { op: "login", client: "192.0.2.1" } }),
        app.inject({ method: "POST", url: "/long", payload: { op: "login", client: "192.0.2.2" } }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const byName = new Map(sessions.map((s) => [s.name, s.call]));
      const dimensions = byName.get("dimensions");
      const saved = byName.get("save");
      // Each request's own deadline, not the held session's unbounded one, and each its own signal.
      const within = (call: CallContext | undefined, seconds: number) => {
        expect(call?.deadline).toBeGreaterThanOrEqual(started + seconds * 1000);
        expect(call?.deadline).toBeLessThan(Date.now() + seconds * 1000);
      };
      within(dimensions, 30);
      within(saved, 60);
      const loginOf = (client: string) => logins.find((l) => l.client === client);
      within(loginOf("192.0.2.1"), 30);
      within(loginOf("192.0.2.2"), 60);
      expect(new Set([dimensions?.signal, saved?.signal, ...logins.map((l) => l.signal)]).size).toBe(4);
      // The save marks its own request as writing, never the read beside it on the same session.
      expect(dimensions?.writes).toBe(false);
      expect(saved?.writes).toBe(true);
      // The session the endpoint holds is left as it was.
      expect(held.call.deadline).toBe(Number.POSITIVE_INFINITY);
      expect(held.call.writes).toBe(false);
    } finally {
      await app.close();
    }
  });

  it("is the request's whose session a call is made with, even run by work another request started", async () => {
    // A loop that runs the calls queued to it, started by the first request that queues one: the other request's
    // call runs from the first's work, yet with its own context (the session it was queued with).
    const queued: (() => Promise<unknown>)[] = [];
    let looping = false;
    const runQueued = async () => {
      looping = true;
      await new Promise((r) => setTimeout(r, 50));
      while (queued.length > 0) await queued.shift()?.();
      looping = false;
    };
    const seen: { path: string; call: CallContext }[] = [];
    const provider: Provider = {
      ...recordingProvider().provider,
      essbase: {
        save: async (session: ProviderSession) => {
          seen.push({
            path: (session as ProviderSession & { path: string }).path,
            call: asSeen(session.call),
          });
          return {} as never;
        },
      } as unknown as EssbaseOperations,
    };
    const wrapped = underWireDeadline(provider);
    const app = await endpoint(async (request, s) => {
      const session = { ...s.provider, path: request.url };
      const done = new Promise((resolve) => {
        queued.push(() =>
          (wrapped.essbase as EssbaseOperations).save(session, ref, {} as never).then(resolve),
        );
      });
      if (!looping) void runQueued();
      await done;
    });
    try {
      const started = Date.now();
      const answers = await Promise.all([
        app.inject({ method: "POST", url: "/short", payload: {} }),
        app.inject({ method: "POST", url: "/long", payload: {} }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const short = seen.find((x) => x.path === "/short")?.call;
      const long = seen.find((x) => x.path === "/long")?.call;
      expect(short?.deadline).toBeLessThan(started + 60_000);
      expect(long?.deadline).toBeGreaterThanOrEqual(started + 60_000);
      expect(short?.signal).not.toBe(long?.signal);
      // Each request marked as writing by its own save.
      expect([short?.writes, long?.writes]).toEqual([true, true]);
    } finally {
      await app.close();
    }
  });
});
