import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeClusterOnce } from "./data-dir.ts";

/**
 * Real Redis and PostgreSQL servers from Debian's packages, started by the tests on loopback with
 * throw-away data folders (`scripts/ensure-system.sh` installs them).
 */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === "object" ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start within ${ms / 1000} s`);
}

export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

/** PostgreSQL, which can also be shut down (fast: clients disconnected) and started again on its data. */
export interface RunningPostgres extends RunningService {
  down(): Promise<void>;
  up(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

/** A Redis server; with `password`, one that requires it (`requirepass`), its `url` without it. */
export async function startRedis(options: { password?: string } = {}): Promise<RunningService> {
  if (!existsSync("/usr/bin/redis-server")) {
    throw new Error("redis-server is missing: run `bash scripts/ensure-system.sh` as root");
  }
  const port = await freePort();
  const { password } = options;
  const child = spawn(
    "/usr/bin/redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      ...(password === undefined ? [] : ["--requirepass", password]),
    ],
    {
      stdio: "ignore",
    },
  );
  const { Redis } = await import("ioredis");
  await waitFor(async () => {
    const r = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0, password });
    r.on("error", () => {});
    try {
      await r.connect();
      return (await r.ping()) === "PONG";
    } finally {
      r.disconnect();
    }
  }, "redis-server");
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

function pgBin(name: string): string {
  const versions = readdirSync("/usr/lib/postgresql").sort();
  const v = versions.at(-1);
  if (!v) throw new Error("PostgreSQL is missing: run `bash scripts/ensure-system.sh` as root");
  return join("/usr/lib/postgresql", v, "bin", name);
}

type AsPostgres = (cmd: string, args: string[]) => [string, string[]];

/** How the tests' clusters are made: its owner, authentication and encoding. */
const INITDB_ARGS = ["-U", "qibates", "--auth=trust", "-E", "UTF8"];

/**
 * The cluster every test PostgreSQL starts from: made by `initdb` once, then copied for each server (`cp -a`, which
 * keeps the `postgres` user's ownership and the folder's mode), at a fraction of `initdb`'s CPU. Keyed by
 * PostgreSQL's version and `initdb`'s arguments; several processes at once each make one, one rename wins.
 */
async function pgTemplate(wrap: AsPostgres): Promise<string> {
  const initdb = pgBin("initdb");
  const key = createHash("sha256").update(initdb).update(INITDB_ARGS.join(" ")).digest("hex").slice(0, 16);
  const target = join(tmpdir(), `qibates-pg-template-${key}`);
  await makeClusterOnce(target, "qibates-pg-build-", async (work) => {
    if (process.getuid?.() === 0) {
      chmodSync(work, 0o755);
      chownSync(work, Number(execFileSync("id", ["-u", "postgres"]).toString()), 0);
    }
    const [initCmd, initArgs] = wrap(initdb, ["-D", join(work, "data"), ...INITDB_ARGS]);
    execFileSync(initCmd, initArgs, { stdio: "ignore" });
    return join(work, "data");
  });
  return target;
}

export async function startPostgres(): Promise<RunningPostgres> {
  if (!existsSync("/usr/lib/postgresql")) {
    throw new Error("PostgreSQL is missing: run `bash scripts/ensure-system.sh` as root");
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "qibates-pg-"));
  const data = join(dir, "data");
  // PostgreSQL refuses to run as root: run it as the `postgres` user the Debian package creates.
  const asRoot = process.getuid?.() === 0;
  const wrap: AsPostgres = (cmd, args) =>
    asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  if (asRoot) {
    chmodSync(dir, 0o755);
    chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), 0);
  }
  execFileSync("cp", ["-a", await pgTemplate(wrap), data], { stdio: "ignore" });
  const [cmd, args] = wrap(pgBin("postgres"), [
    "-D",
    data,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-c",
    "fsync=off",
  ]);
  const url = `postgresql://qibates@127.0.0.1:${port}/postgres`;
  const { default: pg } = await import("pg");
  const start = async () => {
    const started = spawn(cmd, args, { stdio: "ignore" });
    await waitFor(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.end();
      return true;
    }, "PostgreSQL");
    return started;
  };
  let child: ChildProcess | null = await start();
  return {
    url,
    stop: async () => {
      if (child) await stopChild(child);
      child = null;
      rmSync(dir, { recursive: true, force: true });
    },
    down: async () => {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
      // pg_ctl, as the `postgres` user when the tests run as root: a signal to `runuser` would not reach it.
      const [ctl, ctlArgs] = wrap(pgBin("pg_ctl"), ["stop", "-D", data, "-m", "fast", "-w"]);
      execFileSync(ctl, ctlArgs, { stdio: "ignore" });
      await exited;
    },
    up: async () => {
      child ??= await start();
    },
  };
}

/**
 * PostgreSQL and Redis for a server of the tests, each stopped with `cleanups`; `env`, the server's settings over
 * them (DATA_DIR set to a folder that does not exist, so that the embedded PGlite is not used).
 */
export async function startPostgresAndRedis(cleanups: (() => Promise<void> | void)[]) {
  const pg = await startPostgres();
  cleanups.push(() => pg.stop());
  const redis = await startRedis();
  cleanups.push(() => redis.stop());
  const env = { DATABASE_URL: pg.url, REDIS_URL: redis.url, DATA_DIR: "/nonexistent-so-pglite-is-not-used" };
  return { pg, redis, env };
}
