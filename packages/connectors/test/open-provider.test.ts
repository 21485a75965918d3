import { CONNECTORS } from "@qibates/provider";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { Upstreams } from "../src/net/index.ts";
import { openProvider, openRemoteProviders } from "../src/open-provider.ts";
import { PlanningRestProvider } from "../src/planning-rest/index.ts";
import type { SmartViewProvider } from "../src/smartview/index.ts";

/**
 * `openProvider`: the one wiring of a connector value to its remote provider, shared by the server and the
 * command-line tools.
 */

const upstreams = new Upstreams({ allowedHosts: ["127.0.0.1"], connectTimeoutMs: 1000, readTimeoutMs: 2000 });
const base = { upstreams, idleMs: 60_000, jobTimeoutMs: 30_000 };
afterEach(() => vi.restoreAllMocks());
afterAll(() => upstreams.close());

describe("openProvider", () => {
  it("builds each connector's provider", async () => {
    const ids: Record<string, string> = {};
    for (const connector of CONNECTORS) {
      const opened = openProvider(connector, base);
      ids[connector] = opened.provider.id;
      await opened.close();
    }
    expect(ids).toEqual({
      essbase: "smartview",
      ssas: "xmla",
      planning: "planning-smartview",
      "essbase-stndln": "essbase-rest",
      pbcs: "planning-rest",
    });
  });

  it("gives Smart View a calculation wait only when one is given (else the read timeout)", async () => {
    const without = openProvider("essbase", base);
    const withWait = openProvider("essbase", { ...base, smartViewJobTimeoutMs: 45_000 });
    expect((without.provider as SmartViewProvider).jobTimeoutMs).toBeUndefined();
    expect((withWait.provider as SmartViewProvider).jobTimeoutMs).toBe(45_000);
    await without.close();
    await withWait.close();
  });

  it("wraps the caller's pbcs provider for planning, and closes only what it made", async () => {
    const pbcs = openProvider("pbcs", base);
    expect(pbcs.provider).toBeInstanceOf(PlanningRestProvider);
    const rest = pbcs.provider as PlanningRestProvider;
    const closeShared = vi.spyOn(rest, "close");
    const planning = openProvider("planning", { ...base, planningRest: rest });
    await planning.close();
    expect(closeShared).not.toHaveBeenCalled();
    await pbcs.close();
    expect(closeShared).toHaveBeenCalledTimes(1);

    // Without one, planning makes its own Planning REST provider and closes it with itself.
    const closeRest = vi.spyOn(PlanningRestProvider.prototype, "close");
    const alone = openProvider("planning", base);
    await alone.close();
    expect(closeRest).toHaveBeenCalledTimes(1);
  });

  it("opens every connector's provider once per client, planning over pbcs's Planning REST sessions", async () => {
    const closed: string[] = [];
    const remote = openRemoteProviders(base);
    for (const p of new Set(Object.values(remote.providers)))
      vi.spyOn(p as unknown as { close(): Promise<void> }, "close").mockImplementation(async () => {
        closed.push(p.id);
      });
    expect(Object.fromEntries(Object.entries(remote.providers).map(([c, p]) => [c, p.id]))).toEqual({
      essbase: "smartview",
      ssas: "xmla",
      planning: "planning-smartview",
      "essbase-stndln": "essbase-rest",
      pbcs: "planning-rest",
    });
    await remote.close();
    // Each once, and the wrapping client before the one it wraps.
    expect([...closed].sort()).toEqual([
      "essbase-rest",
      "planning-rest",
      "planning-smartview",
      "smartview",
      "xmla",
    ]);
    expect(closed.indexOf("planning-smartview")).toBeLessThan(closed.indexOf("planning-rest"));
  });
});
