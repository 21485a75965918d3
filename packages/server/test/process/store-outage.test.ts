import { afterAll, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../support/process.ts";
import { type RunningService, startPostgres, startRedis } from "../support/services.ts";

/** PostgreSQL or Redis stopping under a running server (a restart, a failover) must not take it down. */

let pg: RunningService | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop().catch(() => undefined);
  await pg?.stop().catch(() => undefined);
});

it("keeps running and answering when PostgreSQL goes away", async () => {
  pg = await startPostgres();
  server = await startServer({ DATABASE_URL: pg.url });
  const health = await fetch(`${server.baseUrl}/qibates/api/v2/health`);
  expect(health.status).toBe(200);
  // Open pooled connections, so that PostgreSQL has idle ones to drop.
  const key = ((await health.json()) as { demo: { apiKey: string } }).demo.apiKey;
  await fetch(`${server.baseUrl}/qibates/api/v2/listkeys`, { headers: { qibateskey: key } });
  await pg.stop();
  pg = undefined;
  await new Promise((r) => setTimeout(r, 1500));
  expect(server.child.exitCode, server.output()).toBeNull();
  const after = await fetch(`${server.baseUrl}/qibates/api/v2/health`);
  expect(after.status).toBe(200);
}, 180_000);

it("keeps answering /health when Redis goes away (the rate limiter fails open)", async () => {
  const redis = await startRedis();
  const node = await startServer({ REDIS_URL: redis.url });
  try {
    expect((await fetch(`${node.baseUrl}/qibates/api/v2/health`)).status).toBe(200);
    await redis.stop();
    await new Promise((r) => setTimeout(r, 1500));
    const after = await fetch(`${node.baseUrl}/qibates/api/v2/health`);
    expect(after.status, node.output().slice(-2000)).toBe(200);
  } finally {
    await node.stop();
  }
}, 180_000);
