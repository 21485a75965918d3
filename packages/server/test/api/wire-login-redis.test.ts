import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";
import { type RunningService, startRedis } from "../support/services.ts";

/**
 * The wire endpoints' failed logins are counted through Redis when REDIS_URL is set, as the
 * API's rate limit is: two API nodes over one Redis allow WIRE_LOGIN_FAILURES_PER_MINUTE failed logins per
 * address in total, not that many on each node.
 */
const LIMIT = 6;
let redis: RunningService;
const nodes: FastifyInstance[] = [];

beforeAll(async () => {
  redis = await startRedis();
  for (let i = 0; i < 2; i++) {
    nodes.push(
      await buildTestApp({
        config: testConfig({
          QIBATES_WIRE_ENDPOINTS: "essbase-rest",
          REDIS_URL: redis.url,
          WIRE_LOGIN_FAILURES_PER_MINUTE: String(LIMIT),
        }),
        logger: false,
      }),
    );
  }
}, 120_000);
afterAll(async () => {
  for (const n of nodes) await n.close();
  await redis?.stop();
});

const login = (node: FastifyInstance, password: string, address: string) =>
  node.inject({
    method: "GET",
    url: "/essbase/rest/v1/applications",
    remoteAddress: address,
    headers: { authorization: `Basic ${Buffer.from(`demo:${password}`).toString("base64")}` },
  });

describe("failed logins on the wire endpoints of two nodes over one Redis", () => {
  it("allow the limit per address in total, and other addresses still log in", async () => {
    const statuses: number[] = [];
    // Wrong passwords from one address, in turn on each node.
    for (let i = 0; i < 2 * LIMIT; i++)
      statuses.push((await login(nodes[i % 2] as FastifyInstance, "wrong", "198.51.100.7")).statusCode);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual(Array(LIMIT).fill(429));
    // Held back on both nodes, the right password included, with when to try again.
    for (const node of nodes) {
      const held = await login(node, "demo", "198.51.100.7");
      expect(held.statusCode).toBe(429);
      expect(held.json().errorMessage).toMatch(/^Too many failed logins: try again in \d+ s\.$/);
    }
    // Another address logs in on either node.
    for (const node of nodes) expect((await login(node, "demo", "198.51.100.8")).statusCode).toBe(200);
  });
});
