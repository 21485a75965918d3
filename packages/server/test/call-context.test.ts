import {
  CallContext,
  type EssbaseOperations,
  type LoginInput,
  type Provider,
  type ProviderSession,
} from "@qibates/provider";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { withDeadline } from "../src/call-deadline.ts";
import { underWireDeadline, wireDeadline } from "../src/wire-deadline.ts";

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
  it("replaces the one an endpoint holds with its session by the request's own", async () => {
    const { provider, sessions, logins } = recordingProvider();
    const wrapped = underWireDeadline(provider);
    const held: ProviderSession = {
      id: "held",
      ownerId: "o",
      connector: "essbase",
      username: "demo",
      providerAddress: "https://essbase.example.com/essbase/japi",
      aliasTable: null,
      call: CallContext.unbounded(),
    };
    const app = Fastify();
    await app.register(async (scope) => {
      wireDeadline(scope, "essbase-rest", 30);
      scope.post("/call", async (request) => {
        const { op, client } = request.body as { op: "dimensions" | "save" | "login"; client: string };
        if (op === "login") {
          await wrapped.login({
            connector: "essbase",
            username: "demo",
            password: "demo",
            address: new URL(held.providerAddress),
            call: CallContext.forClient(client),
          });
        } else {
          await wrapped.essbase?.[op](held, { server: "s", application: "a", cube: "c" }, {} as never);
        }
        return {};
      });
    });
    try {
      const started = Date.now();
      const answers = await Promise.all([
        app.inject({ method: "POST", url: "/call", payload: { op: "dimensions", client: "" } }),
        app.inject({ method: "POST", url: "/call", payload: { op: "save", client: "" } }),
        app.inject({ method: "POST", url: "/call", payload: { op: "login", client: "192.0.2.1" } }),
        app.inject({ method: "POST", url: "/call", payload: { op: "login", client: "192.0.2.2" } }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const byName = new Map(sessions.map((s) => [s.name, s.call]));
      const dimensions = byName.get("dimensions");
      const saved = byName.get("save");
      // Each request's own deadline, not the held session's unbounded one, and each its own signal.
      for (const call of [dimensions, saved, ...logins]) {
        expect(call?.deadline).toBeGreaterThanOrEqual(started + 30_000);
        expect(call?.deadline).toBeLessThan(Date.now() + 30_000);
      }
      expect(new Set([dimensions?.signal, saved?.signal, ...logins.map((l) => l.signal)]).size).toBe(4);
      expect(dimensions?.writes).toBe(false);
      expect(saved?.writes).toBe(true);
      // A login keeps the client the endpoint passes it on for, with the request's deadline.
      expect(logins.map((l) => l.client).sort()).toEqual(["192.0.2.1", "192.0.2.2"]);
      // The session the endpoint holds is left as it was.
      expect(held.call.deadline).toBe(Number.POSITIVE_INFINITY);
    } finally {
      await app.close();
    }
  });
});
