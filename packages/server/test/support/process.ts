import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createQibatesClient, type QibatesClient } from "@qibates/client";
import { afterAll, beforeAll, expect } from "vitest";
import { SERVER_ENTRY } from "../../../../scripts/server-build.mjs";
import { testDataDir } from "./data-dir.ts";

/**
 * Node's flags for a test's server process: V8 runs the embedded database's WebAssembly (PGlite) with its baseline
 * compiler only. A test's server lives for seconds, in which recompiling the database's busiest functions in the
 * optimizing tier, on V8's background threads, costs more CPU than it gives back; the product's own start keeps it.
 */
const TEST_SERVER_NODE_FLAGS = ["--liftoff-only"] as const;

/**
 * The real server process — the bundle `npm start` runs with plain `node` (built by the unit project's global
 * setup, `scripts/vitest-server-build.ts`) — API only, on a free port.
 */
export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  client(connector?: "essbase" | "planning"): Promise<QibatesClient>;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs a server to its exit (it must not start): its exit code and what it printed. */
export function refusedStart(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, SERVER_ENTRY], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", SITE_DIR: "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    }),
  );
}

/**
 * Starts a server with `env`, on a data folder of its own, that must refuse the setting as it refuses any bad
 * one: exit code 2 and `message` alone, no stack trace.
 */
export async function expectRefusedSetting(env: Record<string, string>, message: string): Promise<void> {
  const { code, out } = await refusedStart({ DATA_DIR: testDataDir("qibates-refused-"), ...env });
  expect(code).toBe(2);
  expect(out).toContain(message);
  expect(out).not.toMatch(/\n\s+at /);
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  // A data folder of its own unless the test names one: servers started at once by test files running in
  // parallel must not share the embedded database (the second would refuse to start: folder-lock.ts).
  const dataDir = env.DATA_DIR ?? testDataDir("qibates-process-");
  const child = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      SITE_DIR: "",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    // A server that did not start in time is killed: left running, it would outlive the test run.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start:\n${out}`));
    }, 120_000);
    const check = setInterval(() => {
      const m = /REST API\s+(http:\/\/\S+?)\/qibates\/api\/v2/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        clearInterval(check);
        resolve(m[1].replace("localhost", "127.0.0.1"));
      }
    }, 50);
    child.once("exit", (code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`server exited (${code}):\n${out}`));
    });
  });
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      if (env.DATA_DIR === undefined) rmSync(dataDir, { recursive: true, force: true });
      resolve();
    }),
  );
  return {
    baseUrl,
    child,
    output: () => out,
    client: async (connector = "essbase") => {
      const health = await fetch(`${baseUrl}/qibates/api/v2/health`).then((r) => r.json());
      return createQibatesClient({ baseUrl, apiKey: health.demo.apiKey, connector });
    },
    kill: async () => {
      child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A server process of `useWireServer`, and the demo's API key on it. */
export interface RunningServer {
  server: ServerProcess;
  key: string;
}

/**
 * The real server process with the wire `endpoints` on (QIBATES_WIRE_ENDPOINTS), 127.0.0.1 allowed and a debug
 * log, started before the enclosing suite's tests and stopped after them.
 */
export function useWireServer(endpoints: string): RunningServer {
  const running = {} as RunningServer;
  beforeAll(async () => {
    running.server = await startServer({
      QIBATES_WIRE_ENDPOINTS: endpoints,
      ALLOWED_HOSTS: "127.0.0.1",
      LOG_LEVEL: "debug",
    });
    const health = await fetch(`${running.server.baseUrl}/qibates/api/v2/health`).then((r) => r.json());
    running.key = health.demo.apiKey;
  }, 180_000);
  afterAll(async () => {
    await running.server?.stop();
  });
  return running;
}

/**
 * A call of the API of `running` with its demo key as `connector`: `method` at `path`, with `body` as JSON when
 * POST; the answer's status and JSON body.
 */
export async function callApi(
  running: RunningServer,
  path: string,
  body: unknown,
  connector: string,
  method = "POST",
) {
  const res = await fetch(`${running.server.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", qibateskey: running.key, connector },
    ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Logs demo in to the demo's Essbase (connector essbase) through `client`: the session's loginid. */
export async function demoLogin(client: QibatesClient): Promise<string> {
  const { data, error } = await client.POST("/action/login", {
    body: { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/aps/JAPI" },
  });
  if (!data) throw new Error(`login failed: ${JSON.stringify(error)}`);
  return data.loginid;
}

/** The clean-ups of a file's tests (services, servers), run last first after them. */
export function cleanupsAfterAll(): (() => Promise<void> | void)[] {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  return cleanups;
}

/**
 * A data folder that outlives the servers started on it (a restart reads what the previous server stored), made
 * from the migrated template as any test server's folder ({@link testDataDir}), removed by `cleanups`, and the settings of a server on it. Demo-key sessions share the demo data there
 * (QIBATES_DEMO_SESSION_VIEWS off), so a new login after a restart reads what an earlier one saved.
 */
export function restartFolder(
  prefix: string,
  cleanups: (() => Promise<void> | void)[],
): { dataDir: string; env: { DATA_DIR: string; QIBATES_DEMO_SESSION_VIEWS: "false" } } {
  const dataDir = testDataDir(prefix);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { dataDir, env: { DATA_DIR: dataDir, QIBATES_DEMO_SESSION_VIEWS: "false" } };
}
