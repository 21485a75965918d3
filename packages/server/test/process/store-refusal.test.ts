import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDataDir } from "../support/data-dir.ts";
import { refusedStart } from "../support/process.ts";
import { freePort, type RunningService, startPostgres, startRedis } from "../support/services.ts";

/**
 * PostgreSQL (DATABASE_URL) or Redis (REDIS_URL) that the server cannot reach, or that refuses it, stops the start
 * with exit code 4 and one line an administrator can act on: the setting, its address with the password hidden,
 * the cause in plain words and what to check. No stack trace, and the password is never printed.
 */

const PASSWORD = "s3cret-Pa55";

/** Starts a server with `env` that must refuse to start for a service: exit code 4, `line` alone, no password. */
async function expectStoreRefusal(env: Record<string, string>, line: string): Promise<string> {
  // The stores are checked before the embedded database is opened: the folder needs none.
  const { code, out } = await refusedStart({
    DATA_DIR: testDataDir("qibates-store-", undefined, { database: false }),
    ...env,
  });
  expect(out).toContain(`QiBates cannot start: ${line}`);
  expect(code, out).toBe(4);
  expect(out).not.toMatch(/\n\s+at /);
  expect(out).not.toContain(PASSWORD);
  expect(out).not.toContain("failed to start");
  return out;
}

describe("a start whose DATABASE_URL or REDIS_URL cannot be used", () => {
  let closed = 0;
  beforeAll(async () => {
    closed = await freePort();
  });

  it("stops with exit code 4 naming DATABASE_URL when nothing listens at its port", async () => {
    await expectStoreRefusal(
      { DATABASE_URL: `postgresql://qibates:${PASSWORD}@127.0.0.1:${closed}/qibates` },
      `DATABASE_URL (postgresql://qibates:***@127.0.0.1:${closed}/qibates): connection refused (nothing listens on 127.0.0.1:${closed}); check that PostgreSQL is running there and that DATABASE_URL names its host and port`,
    );
  });

  it("stops with exit code 4 naming REDIS_URL when nothing listens at its port", async () => {
    await expectStoreRefusal(
      { REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:${closed}` },
      `REDIS_URL (redis://:***@127.0.0.1:${closed}): connection refused (nothing listens on 127.0.0.1:${closed}); check that Redis is running there and that REDIS_URL names its host and port`,
    );
  });

  it("names each service it cannot reach, a line each", async () => {
    const out = await expectStoreRefusal(
      {
        DATABASE_URL: `postgresql://qibates:${PASSWORD}@127.0.0.1:${closed}/qibates`,
        REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:${closed}`,
      },
      `DATABASE_URL (postgresql://qibates:***@127.0.0.1:${closed}/qibates): connection refused`,
    );
    expect(out).toContain(
      `QiBates cannot start: REDIS_URL (redis://:***@127.0.0.1:${closed}): connection refused`,
    );
  });

  it("says when the host name does not resolve", async () => {
    // .invalid never resolves (RFC 6761).
    await expectStoreRefusal(
      { DATABASE_URL: `postgres://qibates:${PASSWORD}@qibates-db.invalid/qibates?password=${PASSWORD}` },
      "DATABASE_URL (postgres://qibates:***@qibates-db.invalid/qibates): name not resolved (the host name qibates-db.invalid has no address); check the host name in DATABASE_URL",
    );
  });
});

describe("a start whose PostgreSQL or Redis answers but refuses the server", () => {
  let pg: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let redis: RunningService | undefined;
  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedis({ password: PASSWORD })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([pg?.stop(), redis?.stop()]);
  });

  it("stops with exit code 4 when the database does not exist", async () => {
    const url = (pg?.url ?? "").replace(/\/postgres$/, "/qibates_missing");
    const port = new URL(url).port;
    await expectStoreRefusal(
      { DATABASE_URL: url },
      `DATABASE_URL (postgresql://qibates@127.0.0.1:${port}/qibates_missing): database does not exist (PostgreSQL: database "qibates_missing" does not exist); create it, or name an existing database in DATABASE_URL`,
    );
  });

  it("stops with exit code 4 when Redis requires a password and REDIS_URL gives none", async () => {
    const url = redis?.url ?? "";
    await expectStoreRefusal(
      { REDIS_URL: url },
      `REDIS_URL (${url}): authentication failed (Redis requires a password and REDIS_URL gives none); add it: redis://:password@host:port`,
    );
  });

  it("stops with exit code 4 when Redis refuses the password", async () => {
    const url = (redis?.url ?? "").replace("redis://", `redis://:${PASSWORD}x@`);
    await expectStoreRefusal(
      { REDIS_URL: url },
      `REDIS_URL (${(redis?.url ?? "").replace("redis://", "redis://:***@")}): authentication failed (Redis: WRONGPASS`,
    );
  });
});

describe("a start whose PostgreSQL or Redis accepts the connection and never answers", () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let port = 0;
  beforeAll(async () => {
    silent = createServer((s) => {
      sockets.add(s);
      s.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it("gives up after STORE_CONNECT_TIMEOUT_SECONDS, for each, with exit code 4", async () => {
    const out = await expectStoreRefusal(
      {
        STORE_CONNECT_TIMEOUT_SECONDS: "2",
        DATABASE_URL: `postgresql://qibates:${PASSWORD}@127.0.0.1:${port}/qibates`,
        REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:${port}`,
      },
      `DATABASE_URL (postgresql://qibates:***@127.0.0.1:${port}/qibates): timed out (no answer from 127.0.0.1:${port} within 2 s); check the host and port in DATABASE_URL and that no firewall drops the connection, or raise STORE_CONNECT_TIMEOUT_SECONDS`,
    );
    expect(out).toContain(
      `QiBates cannot start: REDIS_URL (redis://:***@127.0.0.1:${port}): timed out (no answer from 127.0.0.1:${port} within 2 s)`,
    );
  }, 60_000);
});
