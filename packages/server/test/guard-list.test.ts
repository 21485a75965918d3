import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUARD_LIST, NO_CLIENT_WORK, routeMatches, unguardedRoutes } from "../src/guard-list.ts";
import { buildTestApp } from "./support/app.ts";
import { testConfig } from "./support/config.ts";

/**
 * Every route that takes a client's work is on one guard list (src/guard-list.ts), with what bounds it
 * and its heaviest input in the hostile bench. Each wave of features had added a surface (What-If writes, MDX
 * downloads) without the guard the older ones had; a route registered without an entry now fails here.
 */
const SITE = fileURLToPath(new URL("../../../site/build", import.meta.url));
const BENCH = fileURLToPath(new URL("../../../bench/hostile-wire.ts", import.meta.url));

let app: FastifyInstance;
beforeAll(async () => {
  // Every wire endpoint, and the site when it is built: every route a server can register.
  app = await buildTestApp({
    config: testConfig({
      QIBATES_WIRE_ENDPOINTS: "all",
      ...(existsSync(`${SITE}/index.html`) ? { SITE_DIR: SITE } : {}),
    }),
    logger: false,
  });
}, 120_000);
afterAll(async () => app.close());

describe("the guard list", () => {
  it("names every route the server registers (the API, every wire endpoint, Files, MDX, What-If, async operations)", () => {
    expect(app.qibatesRoutes.length).toBeGreaterThan(200);
    expect(unguardedRoutes(app.qibatesRoutes)).toEqual([]);
  });

  it("fails for a route added without an entry", () => {
    const routes = [...app.qibatesRoutes, "POST /essbase-new/rest/v1/applications/:app/whatif"];
    expect(unguardedRoutes(routes)).toEqual(["POST /essbase-new/rest/v1/applications/:app/whatif"]);
  });

  it("lists only routes that exist, and only GETs as taking no client work", () => {
    const stale = GUARD_LIST.flatMap((entry) =>
      entry.routes.filter((pattern) => !app.qibatesRoutes.some((route) => routeMatches(pattern, route))),
    );
    expect(stale).toEqual([]);
    expect(NO_CLIENT_WORK.filter((route) => !route.startsWith("GET "))).toEqual([]);
  });

  it("gives each entry guards and a heaviest input the hostile bench sends", () => {
    const bench = readFileSync(BENCH, "utf8");
    const missing = GUARD_LIST.filter(
      (entry) => entry.guards.length === 0 || !bench.includes(`name: ${JSON.stringify(entry.heaviest)}`),
    );
    expect(missing.map((entry) => entry.name)).toEqual([]);
  });
});
