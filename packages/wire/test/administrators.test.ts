import { EmbeddedProvider } from "@qibates/embedded";
import { DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountName, administratorsNamed } from "../src/options.ts";
import { planningRestEndpoint } from "../src/planning-rest/index.ts";
import { BASE, endpointForTests } from "./support/endpoint.ts";
import { CALC_ALL_JOB, jobIds, launchAggregateData, pollJob } from "./support/jobs.ts";
import { memoryStore } from "./support/memory-store.ts";

/**
 * Every wire list and action is scoped to its owner, and an administrator of a deployment keeps the
 * service administrator's rights, by role: every user's sessions, jobs, job re-runs, job status and files.
 * The shared demo user never has the role, even when named an administrator.
 */
const USERS = { alice: "a-pass", bob: "b-pass", root: "r-pass" };
const PASSWORDS: Record<string, string> = { ...USERS, demo: "demo" };
const ADDRESS: Record<string, string> = {
  alice: "203.0.113.1",
  bob: "203.0.113.2",
  root: "203.0.113.3",
  demo: "203.0.113.4",
};
const roles = {
  sharedUser: (u: string) => u === "demo",
  // `demo` is named too: a shared user must not get the role.
  administrator: (u: string) => u === "root" || u === "demo",
};
const basic = (user: string) => `Basic ${Buffer.from(`${user}:${PASSWORDS[user] ?? ""}`).toString("base64")}`;

describe("Essbase REST: an administrator's rights, by role", () => {
  const endpoint = endpointForTests(roles, USERS);

  /** A call of `user` from their own address, with a session cookie (or Basic, without one). */
  const call = (
    user: string,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    cookie: string | null,
    body?: object | Buffer,
  ) =>
    endpoint.app.inject({
      method,
      url: `${BASE}${url}`,
      remoteAddress: ADDRESS[user] ?? "203.0.113.9",
      headers: {
        ...(cookie ? { cookie } : { authorization: basic(user) }),
        ...(Buffer.isBuffer(body)
          ? { "content-type": "application/octet-stream" }
          : body
            ? { "content-type": "application/json" }
            : {}),
      },
      ...(body ? { payload: body } : {}),
    });
  const login = async (user: string) => {
    const r = await call(user, "GET", "/session", null);
    expect(r.statusCode, r.body).toBe(200);
    return { cookie: String(r.headers["set-cookie"]).split(";")[0] ?? "", role: r.json().role as string };
  };
  const sessions = async (user: string, cookie: string) => {
    const r = await call(user, "GET", "/sessions", cookie);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { userId: string; sessionId: string }[];
  };
  const numberOf = async (cookie: string, user: string) => {
    const r = await call(user, "GET", "/sessions", cookie);
    return (r.json() as { sessionId: string }[])[0]?.sessionId ?? "";
  };

  it("says the role at GET /session: service_administrator for an administrator, user for the others", async () => {
    expect((await login("root")).role).toBe("service_administrator");
    expect((await login("alice")).role).toBe("user");
    expect((await login("demo")).role).toBe("user");
  });

  it("lists and ends every user's sessions for an administrator; a user, or the shared user, only their own", async () => {
    const alice = await login("alice");
    const bob = await login("bob");
    const root = await login("root");
    const demo = await login("demo");
    const all = (await sessions("root", root.cookie)).map((s) => s.userId);
    for (const u of ["alice", "bob", "root", "demo"]) expect(all).toContain(u);
    expect(new Set((await sessions("alice", alice.cookie)).map((s) => s.userId))).toEqual(new Set(["alice"]));
    expect(new Set((await sessions("demo", demo.cookie)).map((s) => s.userId))).toEqual(new Set(["demo"]));

    const bobNumber = await numberOf(bob.cookie, "bob");
    expect((await call("alice", "DELETE", `/sessions/${bobNumber}`, alice.cookie)).statusCode).toBe(400);
    expect((await call("demo", "DELETE", `/sessions/${bobNumber}`, demo.cookie)).statusCode).toBe(400);
    expect((await call("bob", "GET", "/session", bob.cookie)).statusCode).toBe(200);
    expect((await call("root", "DELETE", `/sessions/${bobNumber}`, root.cookie)).statusCode).toBe(200);
    // Bob's cookie no longer works: without Basic, 401.
    expect((await call("bob", "GET", "/session", bob.cookie)).statusCode).toBe(401);

    expect((await call("demo", "DELETE", "/sessions?userId=alice", demo.cookie)).statusCode).toBe(400);
    expect((await call("alice", "GET", "/session", alice.cookie)).statusCode).toBe(200);
    expect((await call("root", "DELETE", "/sessions?userId=alice", root.cookie)).statusCode).toBe(200);
    expect((await call("alice", "GET", "/session", alice.cookie)).statusCode).toBe(401);
    expect((await call("root", "GET", "/session", root.cookie)).statusCode).toBe(200);
  });

  it("shows, counts and re-runs every user's jobs for an administrator; the re-run stays its owner's", async () => {
    const alice = await login("alice");
    const bob = await login("bob");
    const root = await login("root");
    const demo = await login("demo");
    const started = await call("alice", "POST", "/jobs", alice.cookie, CALC_ALL_JOB);
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().job_ID as number;
    const listed = async (user: string, cookie: string) => jobIds(await call(user, "GET", "/jobs", cookie));

    expect(await listed("bob", bob.cookie)).not.toContain(id);
    expect(await listed("demo", demo.cookie)).not.toContain(id);
    expect(await listed("root", root.cookie)).toContain(id);
    expect((await call("bob", "GET", `/jobs/${id}`, bob.cookie)).statusCode).toBe(400);
    expect((await call("demo", "GET", `/jobs/${id}`, demo.cookie)).statusCode).toBe(400);
    const read = await call("root", "GET", `/jobs/${id}`, root.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().userName).toBe("alice");

    expect((await call("bob", "POST", `/jobs/${id}`, bob.cookie)).statusCode).toBe(400);
    expect((await call("demo", "POST", `/jobs/${id}`, demo.cookie)).statusCode).toBe(400);
    const again = await call("root", "POST", `/jobs/${id}`, root.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(await listed("alice", alice.cookie)).toContain(again.json().job_ID);

    expect((await call("bob", "GET", "/jobs/statistics/alice", bob.cookie)).statusCode).toBe(400);
    expect((await call("demo", "GET", "/jobs/statistics/alice", demo.cookie)).statusCode).toBe(400);
    const stats = await call("root", "GET", "/jobs/statistics/alice", root.cookie);
    expect(stats.statusCode, stats.body).toBe(200);
    const s = stats.json() as { errCt: number; succesCt: number; runningCt: number };
    expect(s.errCt + s.succesCt + s.runningCt).toBe(2);
  });

  it("reads, lists, writes and deletes every user's files for an administrator; others reach none", async () => {
    const alice = await login("alice");
    const bob = await login("bob");
    const root = await login("root");
    const demo = await login("demo");
    const path = "/files/users/alice/notes.txt";
    expect((await call("alice", "PUT", path, alice.cookie, Buffer.from("alice's"))).statusCode).toBe(200);

    expect((await call("bob", "GET", path, bob.cookie)).statusCode).toBe(400);
    expect((await call("demo", "GET", path, demo.cookie)).statusCode).toBe(400);
    expect((await call("bob", "DELETE", path, bob.cookie)).statusCode).toBe(400);
    expect((await call("demo", "PUT", path, demo.cookie, Buffer.from("x"))).statusCode).toBe(400);
    const bobsFolders = (await call("bob", "GET", "/files/users", bob.cookie)).json().items as {
      name: string;
    }[];
    expect(bobsFolders.map((i) => i.name)).toEqual(["bob"]);

    const rootsFolders = (await call("root", "GET", "/files/users", root.cookie)).json().items as {
      name: string;
    }[];
    expect(rootsFolders.map((i) => i.name)).toContain("alice");
    const listed = (await call("root", "GET", "/files/users/alice", root.cookie)).json().items as {
      name: string;
    }[];
    expect(listed.map((i) => i.name)).toEqual(["notes.txt"]);
    const read = await call("root", "GET", path, root.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe("alice's");
    expect(
      (await call("root", "PUT", `${path}?overwrite=true`, root.cookie, Buffer.from("root's"))).statusCode,
    ).toBe(200);
    expect((await call("alice", "GET", path, alice.cookie)).body).toBe("root's");
    expect((await call("root", "DELETE", path, root.cookie)).statusCode).toBe(204);
    expect((await call("alice", "GET", path, alice.cookie)).statusCode).toBe(400);
  });

  it("keeps a shared-user visitor's files to the client address that wrote them", async () => {
    const visitor =
      (address: string) => (method: "GET" | "PUT", url: string, cookie: string | null, body?: Buffer) =>
        endpoint.app.inject({
          method,
          url: `${BASE}${url}`,
          remoteAddress: address,
          headers: {
            ...(cookie ? { cookie } : { authorization: basic("demo") }),
            ...(body ? { "content-type": "application/octet-stream" } : {}),
          },
          ...(body ? { payload: body } : {}),
        });
    const first = visitor("198.51.100.1");
    const second = visitor("198.51.100.2");
    const cookieOf = async (v: typeof first) =>
      String((await v("GET", "/session", null)).headers["set-cookie"]).split(";")[0] ?? "";
    const one = await cookieOf(first);
    const two = await cookieOf(second);
    expect((await first("PUT", "/files/users/demo/mine.txt", one, Buffer.from("first's"))).statusCode).toBe(
      200,
    );
    expect((await first("GET", "/files/users/demo/mine.txt", one)).body).toBe("first's");
    expect((await second("GET", "/files/users/demo/mine.txt", two)).statusCode).toBe(400);
    const listed = (await second("GET", "/files/users/demo", two)).json().items as { name: string }[];
    expect(listed.map((i) => i.name)).not.toContain("mine.txt");
  });
});

describe("Planning REST: an administrator polls every caller's jobs", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const provider = await EmbeddedProvider.open({
      scheduler: new SliceScheduler(DEFAULT_SLICES),
      store: memoryStore(),
      credentialsValid: (u, p) => PASSWORDS[u] !== undefined && PASSWORDS[u] === p,
    });
    app = Fastify({ logger: false });
    await app.register(planningRestEndpoint, { provider, connector: "pbcs", ...roles });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it("a job is polled by its caller and an administrator, never another user or the shared user", async () => {
    const id = await launchAggregateData(app, ADDRESS.alice, basic("alice"));
    const poll = (user: string) => pollJob(app, id, ADDRESS[user], basic(user));
    expect((await poll("alice")).statusCode).toBe(200);
    expect((await poll("root")).statusCode).toBe(200);
    expect((await poll("bob")).statusCode).toBe(404);
    expect((await poll("demo")).statusCode).toBe(404);
  });
});

describe("administrators named in a setting (administratorsNamed)", () => {
  it("compares names without case, a Windows domain as the realm it stands for", () => {
    const admin = administratorsNamed(["CORP\\Root", "alice", " Bob@Example.com "]);
    for (const u of [
      "corp\\root",
      "ROOT@corp",
      "root@CORP",
      "Alice",
      "ALICE",
      "bob@example.com",
      "EXAMPLE.COM\\bob",
    ])
      expect(admin(u), u).toBe(true);
  });

  it("never gives the role to another account: another domain, no domain, or a name that only ends alike", () => {
    const admin = administratorsNamed(["CORP\\Root", "alice"]);
    for (const u of [
      "root",
      "EVIL\\root",
      "root@evil",
      "corp.root",
      "x.alice",
      "alice@corp",
      "CORP\\alice",
      "",
      "@corp",
    ])
      expect(admin(u), u).toBe(false);
    expect(administratorsNamed([])("alice")).toBe(false);
    expect(administratorsNamed(["", "CORP\\"])("@corp")).toBe(false);
  });

  it("writes a name in one form", () => {
    expect(accountName(" CORP\\Root ")).toBe("root@corp");
    expect(accountName("Root@Corp")).toBe("root@corp");
    expect(accountName("Domain.User")).toBe("domain.user");
  });
});
