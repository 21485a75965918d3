import { EmbeddedProvider } from "@qibates/embedded";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALC_ALL_JOB, jobIds, launchAggregateData, pollJob } from "../../../wire/test/support/jobs.ts";
import { databaseStore } from "../../src/embedded-store.ts";
import { providerRegistry } from "../../src/providers.ts";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";

/**
 * The server names the wire endpoints' administrators (`QIBATES_WIRE_ADMINISTRATORS`), compared
 * without case and with either spelling of a domain. On every endpoint that keeps lists of its users' work
 * (Essbase REST sessions and jobs, Planning REST jobs), an administrator lists and ends everyone's; any other
 * user, and the shared demo user even when named, only their own. The provider here knows users besides the
 * demo's, as a deployment's would.
 */
const PASSWORDS: Record<string, string> = {
  alice: "a-pass",
  bob: "b-pass",
  // The administrator, named `CORP\Root` in the setting, logs in as `ROOT@corp`.
  "ROOT@corp": "r-pass",
  // The same name without the domain is another account: not an administrator.
  root: "x-pass",
  demo: "demo",
};
const ADDRESS: Record<string, string> = {
  alice: "203.0.113.1",
  bob: "203.0.113.2",
  "ROOT@corp": "203.0.113.3",
  root: "203.0.113.4",
  demo: "203.0.113.5",
};
const ADMIN = "ROOT@corp";
const basic = (user: string) => `Basic ${Buffer.from(`${user}:${PASSWORDS[user] ?? ""}`).toString("base64")}`;

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({
    config: testConfig({
      QIBATES_WIRE_ENDPOINTS: "essbase-rest,planning-rest",
      QIBATES_WIRE_ADMINISTRATORS: "CORP\\Root, demo",
      RATE_LIMIT_PER_MINUTE: "1000000",
    }),
    logger: false,
    providers: async (db, scheduler) => {
      const embedded = await EmbeddedProvider.open({
        scheduler,
        store: databaseStore(db),
        credentialsValid: (u, p) => PASSWORDS[u] !== undefined && PASSWORDS[u] === p,
      });
      return { ...providerRegistry({ demo: embedded }), close: () => embedded.close() };
    },
  });
});
afterAll(async () => {
  await app.close();
});

describe("Essbase REST: administrators by setting", () => {
  const call = (
    user: string,
    method: "GET" | "POST" | "DELETE",
    url: string,
    cookie: string | null,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/essbase/rest/v1${url}`,
      remoteAddress: ADDRESS[user] ?? "203.0.113.9",
      headers: {
        ...(cookie ? { cookie } : { authorization: basic(user) }),
        ...(payload ? { "content-type": "application/json" } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const login = async (user: string) => {
    const r = await call(user, "GET", "/session", null);
    expect(r.statusCode, r.body).toBe(200);
    return { cookie: String(r.headers["set-cookie"]).split(";")[0] ?? "", role: r.json().role as string };
  };
  const users = async (user: string, cookie: string) => {
    const r = await call(user, "GET", "/sessions", cookie);
    expect(r.statusCode, r.body).toBe(200);
    return new Set((r.json() as { userId: string }[]).map((s) => s.userId));
  };

  it("gives the role to the user the setting names, in any case and either domain form, and to nobody else", async () => {
    expect((await login(ADMIN)).role).toBe("service_administrator");
    expect((await login("root")).role).toBe("user");
    expect((await login("alice")).role).toBe("user");
    // Named in the setting, the shared demo user still never has the role.
    expect((await login("demo")).role).toBe("user");
  });

  it("lets an administrator list and end another user's sessions; a user sees and ends only their own", async () => {
    const alice = await login("alice");
    const bob = await login("bob");
    const admin = await login(ADMIN);
    const demo = await login("demo");
    const all = await users(ADMIN, admin.cookie);
    for (const u of ["alice", "bob", ADMIN, "demo"]) expect(all).toContain(u);
    expect(await users("alice", alice.cookie)).toEqual(new Set(["alice"]));
    expect(await users("root", (await login("root")).cookie)).toEqual(new Set(["root"]));
    expect(await users("demo", demo.cookie)).toEqual(new Set(["demo"]));

    const bobs = (await call("bob", "GET", "/sessions", bob.cookie)).json() as { sessionId: string }[];
    const bobNumber = bobs[0]?.sessionId ?? "";
    expect((await call("alice", "DELETE", `/sessions/${bobNumber}`, alice.cookie)).statusCode).toBe(400);
    expect((await call("demo", "DELETE", `/sessions/${bobNumber}`, demo.cookie)).statusCode).toBe(400);
    expect((await call("bob", "GET", "/session", bob.cookie)).statusCode).toBe(200);
    expect((await call(ADMIN, "DELETE", `/sessions/${bobNumber}`, admin.cookie)).statusCode).toBe(200);
    expect((await call("bob", "GET", "/session", bob.cookie)).statusCode).toBe(401);
  });

  it("lets an administrator list, read and re-run another user's jobs; a user sees only their own", async () => {
    const alice = await login("alice");
    const bob = await login("bob");
    const admin = await login(ADMIN);
    const started = await call("alice", "POST", "/jobs", alice.cookie, CALC_ALL_JOB);
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().job_ID as number;
    const listed = async (user: string, cookie: string) => jobIds(await call(user, "GET", "/jobs", cookie));
    expect(await listed("alice", alice.cookie)).toContain(id);
    expect(await listed("bob", bob.cookie)).not.toContain(id);
    expect(await listed(ADMIN, admin.cookie)).toContain(id);
    expect((await call("bob", "GET", `/jobs/${id}`, bob.cookie)).statusCode).toBe(400);
    const read = await call(ADMIN, "GET", `/jobs/${id}`, admin.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().userName).toBe("alice");
    expect((await call("bob", "POST", `/jobs/${id}`, bob.cookie)).statusCode).toBe(400);
    const again = await call(ADMIN, "POST", `/jobs/${id}`, admin.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(await listed("alice", alice.cookie)).toContain(again.json().job_ID);
  });
});

describe("Planning REST: administrators by setting", () => {
  it("lets an administrator poll another user's job; another user, or the shared user, does not find it", async () => {
    const id = await launchAggregateData(app, ADDRESS.alice, basic("alice"));
    const poll = (user: string) => pollJob(app, id, ADDRESS[user] ?? "203.0.113.9", basic(user));
    expect((await poll("alice")).statusCode).toBe(200);
    const admin = await poll(ADMIN);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().jobId).toBe(id);
    expect((await poll("bob")).statusCode).toBe(404);
    expect((await poll("root")).statusCode).toBe(404);
    expect((await poll("demo")).statusCode).toBe(404);
  });
});
