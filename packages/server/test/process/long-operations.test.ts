import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/database.ts";
import { KeyStore } from "../../src/keys.ts";
import { cleanupsAfterAll, refusedStart, type ServerProcess, startServer } from "../support/process.ts";
import { scriptedPlanning } from "../support/scripted-planning.ts";
import { type RunningService, startPostgres } from "../support/services.ts";

/**
 * A business rule that runs longer than a connection may stay silent by default, with every timeout of the
 * server scaled down a hundredfold from the shipped defaults (a job followed for 6 s, connections closed after
 * 10 s of silence, a whole request within 1 s, idle keep-alive connections closed after 1 s): a scripted
 * Planning server whose rule runs 4.5 s answers its result through the API, synchronously on a kept connection
 * and through `Prefer: respond-async` then polling, on two API nodes over one PostgreSQL.
 */

const RULE_MS = 4_500;
const TIMEOUTS = {
  CALC_JOB_TIMEOUT_SECONDS: "6",
  PROVIDER_CONNECT_TIMEOUT_SECONDS: "1",
  PROVIDER_READ_TIMEOUT_SECONDS: "2",
  CONNECTION_TIMEOUT_SECONDS: "10",
  REQUEST_TIMEOUT_SECONDS: "1",
  KEEP_ALIVE_TIMEOUT_SECONDS: "1",
};

const cleanups = cleanupsAfterAll();

const nodes: ServerProcess[] = [];
let planning: Awaited<ReturnType<typeof scriptedPlanning>>;
let key = "";
let otherKey = "";

beforeAll(async () => {
  planning = await scriptedPlanning(RULE_MS);
  cleanups.push(() => new Promise<void>((r) => planning.server.close(() => r())));
  const pg: RunningService = await startPostgres();
  cleanups.push(() => pg.stop());
  const env = {
    ...TIMEOUTS,
    DATABASE_URL: pg.url,
    DATA_DIR: "/nonexistent-so-pglite-is-not-used",
    ALLOWED_HOSTS: "127.0.0.1",
  };
  for (let i = 0; i < 2; i++) {
    const node = await startServer(env);
    cleanups.push(() => node.stop());
    nodes.push(node);
  }
  const db = await openDatabase({ databaseUrl: pg.url, dataDir: "/nonexistent-so-pglite-is-not-used" });
  const keys = new KeyStore(db);
  const owner = (subject: string) => ({
    issuer: "https://accounts.google.com",
    subject,
    email: `${subject}@example.com`,
    provider: "google" as const,
  });
  key = (await keys.create(owner("ada"), "long-operations")).key;
  otherKey = (await keys.create(owner("bob"), "long-operations")).key;
  await db.close();
}, 180_000);

async function call(
  node: ServerProcess,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  apiKey = key,
) {
  const res = await fetch(`${node.baseUrl}/qibates/api/v2${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      qibateskey: apiKey,
      ...(body === undefined ? {} : { "content-type": "application/json", connector: "pbcs" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

async function login(node: ServerProcess): Promise<string> {
  const r = await call(node, "/action/loginpbcs", {
    username: "acme.planner",
    password: "secret",
    providerAddress: `${planning.origin}/HyperionPlanning/SmartView`,
  });
  if (r.status !== 200) console.log(node.output().slice(-4000));
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.loginid as string;
}

const rule = (loginid: string, ruleName: string) => ({
  loginid,
  server: "Planning",
  application: "Vision",
  cube: "Plan1",
  ruleName,
  prompts: [],
});

/** Reads an operation on `node` until it ends, following Retry-After; every read must answer 200. */
async function pollUntilEnded(node: ServerProcess, location: string) {
  for (;;) {
    const r = await call(node, location.replace("/qibates/api/v2", ""), undefined);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    if (r.json.status !== "running") return r.json;
    const retry = Number(r.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, Math.min(retry, 1) * 500));
  }
}

// Its tests run at the same time (each its own session, on nodes that serve many calls at once): each waits on the
// rule's real run on the scripted server, which is what it is about.
describe.concurrent("a business rule longer than the connection's old 120 s, timeouts scaled down", () => {
  it("answers synchronously on a connection kept for the whole wait", async () => {
    const [a] = nodes as [ServerProcess];
    const loginid = await login(a);
    const started = Date.now();
    const r = await call(a, "/action/launchrule", rule(loginid, "Slow"));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ ruleName: "Slow", status: "completed", message: "Done." });
    expect(Date.now() - started).toBeGreaterThanOrEqual(RULE_MS);
  });

  it("answers 202 with Prefer: respond-async, then its result on the other node", async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const loginid = await login(a);
    const r = await call(a, "/action/launchrule", rule(loginid, "Slow"), { prefer: "respond-async, wait=1" });
    expect(r.status, JSON.stringify(r.json)).toBe(202);
    expect(r.headers.get("preference-applied")).toBe("respond-async");
    const location = r.headers.get("location") ?? "";
    expect(location).toMatch(/^\/qibates\/api\/v2\/operations\/op_[A-Za-z0-9_-]{22}$/);
    expect(r.json).toMatchObject({ operation: "launchRule", status: "running", endedAt: null, result: null });
    expect(location.endsWith(r.json.id as string)).toBe(true);

    // Another key cannot read it, nor learn that it exists.
    const stranger = await call(b, location.replace("/qibates/api/v2", ""), undefined, {}, otherKey);
    expect(stranger.status).toBe(404);
    expect(stranger.json.code).toBe("QB_ERR_OPERATION_UNKNOWN");

    const ended = await pollUntilEnded(b, location);
    expect(ended).toMatchObject({
      id: r.json.id,
      status: "succeeded",
      error: null,
      result: { ruleName: "Slow", status: "completed", message: "Done." },
    });
    // Exactly the synchronous answer, its keys in the same order.
    expect(Object.keys(ended.result as object)).toEqual(["ruleName", "status", "durationMs", "message"]);
    expect(Date.parse(ended.expiresAt as string) - Date.parse(ended.endedAt as string)).toBe(24 * 3_600_000);
  });

  it("keeps the error the call gives, in the caller's language", async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const loginid = await login(a);
    const r = await call(a, "/action/launchrule", rule(loginid, "Broken"), {
      prefer: "respond-async",
      "accept-language": "fr-FR",
    });
    expect(r.status).toBe(202);
    const ended = await pollUntilEnded(b, r.headers.get("location") ?? "");
    expect(ended.status).toBe("failed");
    expect(ended.error).toMatchObject({
      status: 422,
      body: {
        code: "QB_ERR_RULE_FAILED",
        message: "La règle métier « Broken » a échoué : Cannot copy to a locked version.",
        field: "ruleName",
      },
    });
  });

  it("answers as usual when the call ends within the caller's wait", async () => {
    const [a] = nodes as [ServerProcess];
    const loginid = await login(a);
    const r = await call(a, "/action/launchrule", rule(loginid, "Nope"), { prefer: "respond-async, wait=5" });
    expect(r.status).toBe(404);
    expect(r.json.code).toBe("QB_ERR_RULE_UNKNOWN");
    expect(r.headers.get("preference-applied")).toBeNull();
  });

  it("refuses an id that is not an operation's", async () => {
    const [a] = nodes as [ServerProcess];
    expect((await call(a, "/operations/op_AAAAAAAAAAAAAAAAAAAAAA", undefined)).status).toBe(404);
    expect((await call(a, "/operations/nope", undefined)).json.code).toBe("QB_ERR_VALIDATION");
  });
});

describe("timeouts that could drop a call", () => {
  it("stop the start with exit code 2, naming the settings", async () => {
    const { code, out } = await refusedStart({ ...TIMEOUTS, CONNECTION_TIMEOUT_SECONDS: "9" });
    expect(code).toBe(2);
    expect(out).toContain("CONNECTION_TIMEOUT_SECONDS (9) must be longer than CALC_JOB_TIMEOUT_SECONDS");
    expect(out).toContain("6 + 1 + 2 = 9 s");
  });
});
