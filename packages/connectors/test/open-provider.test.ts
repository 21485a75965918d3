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

  it("gives Smart View a calculation wait only when its setting is given (else the read timeout)", async () => {
    const without = openProvider("essbase", base);
    const withWait = openProvider("essbase", { ...base, settings: { calcJobTimeoutSeconds: 45 } });
    expect((without.provider as SmartViewProvider).jobTimeoutMs).toBeUndefined();
    expect((withWait.provider as SmartViewProvider).jobTimeoutMs).toBe(45_000);
    await without.close();
    await withWait.close();
  });

  it("opens planning over a Planning REST provider of its own, and closes both", async () => {
    const closeRest = vi.spyOn(PlanningRestProvider.prototype, "close");
    const alone = openProvider("planning", base);
    expect(alone.provider.id).toBe("planning-smartview");
    await alone.close();
    expect(closeRest).toHaveBeenCalledTimes(1);
  });

  it("reads XMLA's address mapping from the settings, and refuses one of another shape", async () => {
    const mapped = openProvider("ssas", {
      ...base,
      settings: { ssasXmlaUrls: [["https://h.example/aps/JAPI", "https://x.example/olap/msmdpump.dll"]] },
    });
    const options = (mapped.provider as unknown as { options: { xmlaUrls?: ReadonlyMap<string, string> } })
      .options;
    expect(options.xmlaUrls?.get("https://h.example/aps/japi")).toBe("https://x.example/olap/msmdpump.dll");
    await mapped.close();
    expect(() => openProvider("ssas", { ...base, settings: { ssasXmlaUrls: "https://x.example" } })).toThrow(
      /ssasXmlaUrls/,
    );
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
