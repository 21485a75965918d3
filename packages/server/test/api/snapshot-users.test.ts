import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config.ts";
import { hashPassword } from "../../src/snapshot-users.ts";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";
import { writeSmallSnapshot } from "../support/small-snapshot.ts";

/**
 * Snapshots served to their own users: the users of QIBATES_SNAPSHOT_USERS log in to the embedded
 * servers, each seeing only the snapshot applications the file allows it, in every list and on every call;
 * with QIBATES_DEMO=false, the demo applications and the demo users are gone.
 */

const root = mkdtempSync(join(tmpdir(), "qibates-snapshot-users-"));
const snapshots = join(root, "snapshots");
const ADDRESS = "https://demo.qibates.local/essbase/japi";
const SERVER = "EssbaseCluster-1";

/** A small snapshot written by hand: a cube `Plan` of two dimensions, with `cells` at level 0. */
function writeSnapshot(application: string, cells: [string, string, number][]): void {
  writeSmallSnapshot(snapshots, application, cells, { server: SERVER });
}

function writeUsers(name: string, doc: unknown): string {
  const path = join(root, name);
  writeFileSync(path, typeof doc === "string" ? doc : JSON.stringify(doc));
  return path;
}

let usersFile: string;

beforeAll(async () => {
  writeSnapshot("Budget", [
    ["Sales", "East", 100],
    ["Sales", "West", 50],
  ]);
  writeSnapshot("Forecast", [["Sales", "East", 7]]);
  usersFile = writeUsers("users.json", {
    users: [
      { name: "alice", passwordHash: await hashPassword("alice-secret"), applications: ["budget"] },
      { name: "bob", passwordHash: await hashPassword("bob-secret"), applications: "all" },
    ],
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A server over the snapshots, with an API key of an account of its own (no demo key without demo mode). */
async function start(env: Record<string, string>) {
  const app: FastifyInstance = await buildTestApp({
    config: testConfig({ QIBATES_SNAPSHOTS: snapshots, QIBATES_SNAPSHOT_USERS: usersFile, ...env }),
    logger: false,
    validateResponses: true,
  });
  const { key } = await app.services.keys.create(
    { issuer: "https://accounts.google.com", subject: "ops", email: "ops@example.com", provider: "google" },
    "laptop",
  );
  const post = async (path: string, body: object, connector = "essbase-stndln") => {
    const res = await app.inject({
      method: "POST",
      url: `/qibates/api/v2/${path}`,
      headers: { "content-type": "application/json", qibateskey: key, connector },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const login = async (username: string, password: string, connector = "essbase-stndln") =>
    post("action/login", { username, password, providerAddress: ADDRESS }, connector);
  const session = async (username: string, password: string) => {
    const r = await login(username, password);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.loginid as string;
  };
  return { app, post, login, session };
}

/** The server of the enclosing block's tests, started with `env` before them and closed after them. */
function startedForBlock(env: Record<string, string>) {
  const api = {} as Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    Object.assign(api, await start(env));
  });
  afterAll(async () => api.app.close());
  return api;
}

const GRID = [
  ["", "Sales"],
  ["East", ""],
  ["West", ""],
  ["Market", ""],
];

describe("snapshots served to their own users, demo mode off", () => {
  const api = startedForBlock({ QIBATES_DEMO: "false" });

  it("lets a user of the file log in and list only its applications", async () => {
    const alice = await api.session("alice", "alice-secret");
    const servers = await api.post("nav/servers", { loginid: alice });
    expect(servers.body.servers).toEqual([{ name: SERVER }]);
    const apps = await api.post("nav/applications", { loginid: alice, server: SERVER });
    expect(apps.status).toBe(200);
    expect(apps.body.applications).toEqual([{ name: "Budget" }]);
    const cubes = await api.post("nav/cubes", { loginid: alice, server: SERVER, application: "Budget" });
    expect(cubes.body.cubes).toEqual([{ name: "Plan" }]);
  });

  it("reads a grid of the user's snapshot", async () => {
    const alice = await api.session("alice", "alice-secret");
    const r = await api.post("action/refresh", {
      loginid: alice,
      server: SERVER,
      application: "Budget",
      cube: "Plan",
      grid: GRID,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.grid.slice(1).map((row: string[]) => row[1])).toEqual(["100", "50", "150"]);
  });

  it("refuses every call naming another snapshot as an unknown application", async () => {
    const alice = await api.session("alice", "alice-secret");
    const other = { server: SERVER, application: "Forecast", cube: "Plan" };
    const calls = [
      await api.post("nav/cubes", { loginid: alice, server: SERVER, application: "Forecast" }),
      await api.post("action/refresh", { loginid: alice, ...other, grid: GRID }),
      await api.post("action/mdx", {
        loginid: alice,
        ...other,
        query: "SELECT {[Sales]} ON COLUMNS FROM Forecast.Plan",
      }),
      await api.post("nav/dimensions", { loginid: alice, ...other }),
    ];
    for (const r of calls) {
      expect(r.status, JSON.stringify(r.body)).toBe(404);
      expect(r.body.code).toBe("QB_ERR_APPLICATION_UNKNOWN");
    }
    // An MDX query of its own cube naming the other one in FROM reads nothing, as for a cube that does not exist.
    const own = { server: SERVER, application: "Budget", cube: "Plan" };
    const mdx = (from: string) =>
      api.post("action/mdx", { loginid: alice, ...own, query: `SELECT {[Sales]} ON COLUMNS FROM ${from}` });
    const fromOther = await mdx("Forecast.Plan");
    const fromNone = await mdx("Nowhere.Plan");
    expect(fromOther.status, JSON.stringify(fromOther.body)).toBe(fromNone.status);
    expect(fromOther.status).toBeGreaterThanOrEqual(400);
    expect(fromOther.body.code).toBe(fromNone.body.code);
    expect(fromOther.body.message.replaceAll("Forecast", "X")).toBe(
      fromNone.body.message.replaceAll("Nowhere", "X"),
    );
    // An application that does not exist at all is refused the same way.
    const none = await api.post("nav/cubes", { loginid: alice, server: SERVER, application: "Nowhere" });
    expect(none.body.code).toBe("QB_ERR_APPLICATION_UNKNOWN");
  });

  it("lets a user allowed every snapshot see them all, and none of the demo's", async () => {
    const bob = await api.session("bob", "bob-secret");
    const apps = await api.post("nav/applications", { loginid: bob, server: SERVER, sort: true });
    expect(apps.body.applications).toEqual([{ name: "Budget" }, { name: "Forecast" }]);
    const sample = await api.post("nav/cubes", { loginid: bob, server: SERVER, application: "Sample" });
    expect(sample.body.code).toBe("QB_ERR_APPLICATION_UNKNOWN");
  });

  it("refuses a wrong password, an unknown user and the demo user", async () => {
    for (const [user, password] of [
      ["alice", "bob-secret"],
      ["ALICE", "bob-secret"],
      ["carol", "alice-secret"],
      ["demo", "demo"],
    ] as const) {
      const r = await api.login(user, password);
      expect(r.status, `${user}: ${JSON.stringify(r.body)}`).toBe(401);
      expect(r.body.code).toBe("QB_ERR_LOGIN_FAILED");
    }
    expect(api.app.services.demoKey).toBeNull();
  });

  it("does not serve the demo's planning application either", async () => {
    const r = await api.post(
      "action/login",
      {
        username: "bob",
        password: "bob-secret",
        providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView",
      },
      "planning",
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const apps = await api.post(
      "nav/applications",
      { loginid: r.body.loginid, server: "Planning" },
      "planning",
    );
    expect(apps.body.applications ?? []).toEqual([]);
  });
});

describe("snapshots served to their own users on a wire endpoint, demo mode off", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      config: testConfig({
        QIBATES_DEMO: "false",
        QIBATES_SNAPSHOTS: snapshots,
        QIBATES_SNAPSHOT_USERS: usersFile,
        QIBATES_WIRE_ENDPOINTS: "essbase-rest",
      }),
      logger: false,
    });
  });
  afterAll(async () => app.close());
  const get = (url: string, user: string, password: string) =>
    app.inject({
      method: "GET",
      url,
      headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` },
    });

  it("lists the user's applications alone and refuses another's as Essbase does an unknown one", async () => {
    const list = await get("/essbase/rest/v1/applications", "alice", "alice-secret");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((a: { name: string }) => a.name)).toEqual(["Budget"]);
    const mine = await get("/essbase/rest/v1/applications/Budget/databases", "alice", "alice-secret");
    expect(mine.statusCode, mine.body).toBe(200);
    const other = await get("/essbase/rest/v1/applications/Forecast/databases", "alice", "alice-secret");
    const none = await get("/essbase/rest/v1/applications/Nowhere/databases", "alice", "alice-secret");
    expect(other.statusCode).toBe(none.statusCode);
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.body.replace("Forecast", "X")).toBe(none.body.replace("Nowhere", "X"));
    expect((await get("/essbase/rest/v1/applications", "demo", "demo")).statusCode).toBe(401);
  });
});

describe("snapshots served to their own users beside the demo", () => {
  const api = startedForBlock({ QIBATES_DEMO: "true" });

  it("shows a user of the file its snapshot alone, and the demo user everything", async () => {
    const alice = await api.session("alice", "alice-secret");
    const mine = await api.post("nav/applications", { loginid: alice, server: SERVER });
    expect(mine.body.applications).toEqual([{ name: "Budget" }]);
    const sample = await api.post("action/refresh", {
      loginid: alice,
      server: SERVER,
      application: "Sample",
      cube: "Basic",
      grid: [
        ["", "Sales"],
        ["East", ""],
      ],
    });
    expect(sample.body.code).toBe("QB_ERR_APPLICATION_UNKNOWN");
    const demo = await api.session("demo", "demo");
    const all = await api.post("nav/applications", { loginid: demo, server: SERVER });
    const names = all.body.applications.map((a: { name: string }) => a.name).sort();
    expect(names).toEqual(["Budget", "Forecast", "Sample"]);
  });
});

describe("the users file is checked at start", () => {
  const refusal = (env: Record<string, string>): string => {
    try {
      testConfig(env);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error("the configuration was accepted");
  };

  it("refuses a bad file with a message naming the file and the entry, never the hash", async () => {
    const hash = await hashPassword("x");
    const cases: [unknown, RegExp][] = [
      ["{ not json", /not valid JSON/],
      [{ users: [] }, /"users" lists at least one user/],
      [
        { users: [{ name: "eve", password: "x", applications: "all" }] },
        /users\[0\] \("eve"\): a password is never written/,
      ],
      [
        { users: [{ name: "eve", passwordHash: "plain", applications: "all" }] },
        /users\[0\] \("eve"\): "passwordHash" is not a scrypt hash/,
      ],
      [
        { users: [{ name: "eve", passwordHash: hash, applications: [] }] },
        /"applications" must be "all" or a list/,
      ],
      [
        {
          users: [
            { name: "eve", passwordHash: hash, applications: "all" },
            { name: "EVE", passwordHash: hash, applications: "all" },
          ],
        },
        /users\[1\] \("EVE"\): the same name as users\[0\]/,
      ],
    ];
    for (const [doc, expected] of cases) {
      const file = writeUsers("bad.json", doc);
      const message = refusal({
        QIBATES_DEMO: "false",
        QIBATES_SNAPSHOTS: snapshots,
        QIBATES_SNAPSHOT_USERS: file,
      });
      expect(message).toContain(`QIBATES_SNAPSHOT_USERS (${file}): `);
      expect(message).toMatch(expected);
      expect(message).not.toContain(hash.split(":").at(-1));
    }
    const missing = join(root, "missing.json");
    expect(refusal({ QIBATES_SNAPSHOTS: snapshots, QIBATES_SNAPSHOT_USERS: missing })).toContain(
      `QIBATES_SNAPSHOT_USERS (${missing}): the file cannot be read (ENOENT)`,
    );
  });

  it("needs the file without demo mode, the snapshots with it, and no demo user's name in it", async () => {
    expect(refusal({ QIBATES_DEMO: "false", QIBATES_SNAPSHOTS: snapshots })).toMatch(
      /QIBATES_SNAPSHOTS: with QIBATES_DEMO=false, the snapshots are served to the users of QIBATES_SNAPSHOT_USERS alone/,
    );
    expect(refusal({ QIBATES_SNAPSHOT_USERS: usersFile })).toContain(
      `QIBATES_SNAPSHOT_USERS (${usersFile}): lists the users of the snapshots, so it needs QIBATES_SNAPSHOTS`,
    );
    const demoNamed = writeUsers("demo-named.json", {
      users: [{ name: "Demo", passwordHash: await hashPassword("x"), applications: "all" }],
    });
    expect(refusal({ QIBATES_SNAPSHOTS: snapshots, QIBATES_SNAPSHOT_USERS: demoNamed })).toContain(
      `QIBATES_SNAPSHOT_USERS (${demoNamed}): "Demo" is a demo user's name`,
    );
  });

  it("refuses at start an application no snapshot serves", async () => {
    const file = writeUsers("unknown-app.json", {
      users: [{ name: "eve", passwordHash: await hashPassword("x"), applications: ["Budget", "Payroll"] }],
    });
    const e = await buildTestApp({
      config: testConfig({
        QIBATES_DEMO: "false",
        QIBATES_SNAPSHOTS: snapshots,
        QIBATES_SNAPSHOT_USERS: file,
      }),
      logger: false,
    }).then(
      async (app) => {
        await app.close();
        return null;
      },
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as Error).message).toContain(
      `QIBATES_SNAPSHOT_USERS (${file}): users[0] ("eve"): application "Payroll" is not a snapshot of QIBATES_SNAPSHOTS (served: Budget, Forecast)`,
    );
  });
});
