import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { type App, buildTestApp } from "./app.ts";
import { testConfig } from "./config.ts";

export type { App };

/**
 * A, a server answering Essbase REST with `settings`, listening on a free port; and B, a server in front of it
 * serving `frontEndpoints` (QIBATES_WIRE_ENDPOINTS), Essbase 11.x's calls sent on to A (QIBATES_WIRE_UPSTREAM,
 * `upstream` its address). The caller closes both.
 */
export async function serverAndFront(settings: Record<string, string>, frontEndpoints = "essbase-rest") {
  const a = await buildTestApp({
    config: testConfig({ QIBATES_WIRE_ENDPOINTS: "essbase-rest", ...settings }),
    logger: false,
  });
  await a.listen({ port: 0, host: "127.0.0.1" });
  const upstream = `http://127.0.0.1:${(a.server.address() as AddressInfo).port}/essbase/japi`;
  const b = await buildTestApp({
    config: testConfig({
      QIBATES_WIRE_ENDPOINTS: frontEndpoints,
      ALLOWED_HOSTS: "127.0.0.1",
      QIBATES_WIRE_UPSTREAM: `essbase-stndln=${upstream}`,
    }),
    logger: false,
  });
  return { a, b, upstream };
}

/**
 * {@link serverAndFront} for the tests of a `describe` block: built before them (a minute allowed), handed to
 * `ready`, and both closed after them.
 */
export function frontForBlock(
  settings: Record<string, string>,
  frontEndpoints: string,
  ready: (servers: Awaited<ReturnType<typeof serverAndFront>>) => void,
): void {
  let servers: Awaited<ReturnType<typeof serverAndFront>> | undefined;
  beforeAll(async () => {
    servers = await serverAndFront(settings, frontEndpoints);
    ready(servers);
  }, 60_000);
  afterAll(async () => {
    await servers?.b.close();
    await servers?.a.close();
  });
}
