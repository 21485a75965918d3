import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWrappedDemoApi } from "../support/api.ts";
import { basicAuth } from "../support/wire-login.ts";

/**
 * "Every call answers", on the wire endpoints over the embedded engine (no upstream, so no call
 * deadline): a request the engine takes longer than CONNECTION_TIMEOUT_SECONDS to answer (a busy machine; here an
 * application list held 5.5 s) gets its answer. Before: the connection's idle timeout (4 s) closed it while the
 * engine worked, and the client got no answer at all (outside read R7, D9).
 */

const IDLE_S = 4;
const HELD_MS = 5_500;
let slow = false;
let app: FastifyInstance;
let base = "";

beforeAll(async () => {
  // The engine's application list held while `slow` is set: the engine busy past the idle timeout.
  ({ app } = await startWrappedDemoApi(
    (engine) => {
      const list = engine.applications.bind(engine);
      engine.applications = async (...args) => {
        if (slow) await sleep(HELD_MS);
        return list(...args);
      };
      return engine;
    },
    {
      QIBATES_WIRE_ENDPOINTS: "essbase-rest",
      CALC_JOB_TIMEOUT_SECONDS: "1",
      PROVIDER_CONNECT_TIMEOUT_SECONDS: "1",
      PROVIDER_READ_TIMEOUT_SECONDS: "1",
      CONNECTION_TIMEOUT_SECONDS: String(IDLE_S),
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
  ));
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe("a wire request the embedded engine works on past CONNECTION_TIMEOUT_SECONDS", () => {
  it("is answered, not dropped", async () => {
    slow = true;
    const started = Date.now();
    const answer = await fetch(`${base}/essbase/rest/v1/applications`, {
      headers: { authorization: basicAuth("demo", "demo") },
    }).then(
      async (r) => ({ status: r.status, body: await r.text() }),
      (e: unknown) => ({ status: 0, body: String((e as Error).cause ?? e) }),
    );
    slow = false;
    expect(answer.status, answer.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(HELD_MS);
    expect(JSON.parse(answer.body).items.map((a: { name: string }) => a.name)).toContain("Sample");
  }, 30_000);
});
