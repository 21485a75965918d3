import type { ProviderSession } from "@qibates/provider";
import { answerValue, DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { EmbeddedProvider } from "../src/index.ts";
import { memoryStore } from "../src/memory-store.ts";
import { demoSession } from "./support/demo-session.ts";
import { colaSheet as grid, saveNewYorkJan } from "./support/sample-basic.ts";

/**
 * Issue 57 (part 3): each demo session that wrote kept its own copy of the demo data in memory, with no total
 * (300 sessions held 7.5 GB). The copies in memory now have a bound: past it, those used longest ago are set
 * aside and rebuilt from the journal at their session's next call — the memory stays under the bound, and no
 * session loses a change.
 */
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

const jan = async (p: EmbeddedProvider, s: ProviderSession) =>
  (await p.essbase.grid(s, cube, { action: "refresh", input: { grid: grid() } }).then(answerValue))
    .grid[2]?.[1];

const save = saveNewYorkJan;

describe("the demo sessions' copies in memory", () => {
  it("stay under their bound, the oldest set aside first, and none loses its changes", async () => {
    const open = (maxBytes?: number) =>
      EmbeddedProvider.open({
        scheduler: new SliceScheduler(DEFAULT_SLICES),
        store: memoryStore(),
        credentialsValid: () => true,
        ownViews: {
          isolated: () => true,
          alive: async () => true,
          sweepMs: 3_600_000,
          idleMs: 3_600_000,
          ...(maxBytes !== undefined ? { maxBytes } : {}),
        },
      });
    // The size of one copy of Sample.Basic, from a provider without a bound.
    const unbounded = await open();
    await save(unbounded, demoSession("x", "demo-owner"), "1");
    const one = unbounded.views?.bytes ?? 0;
    expect(one).toBeGreaterThan(0);
    await unbounded.close();

    const p = await open(3 * one);
    const sessions = Array.from({ length: 12 }, (_, i) => demoSession(`s${i}`, "demo-owner"));
    for (const [i, s] of sessions.entries()) {
      await save(p, s, String(100 + i));
      expect(p.views?.bytes ?? 0).toBeLessThanOrEqual(3 * one);
    }
    expect(p.views?.essbase.size).toBe(3);
    // The first sessions' copies were set aside; their next calls read their own values, rebuilt.
    for (const [i, s] of sessions.entries()) expect(await jan(p, s)).toBe(String(100 + i));
    expect(p.views?.bytes ?? 0).toBeLessThanOrEqual(3 * one);
    await p.close();
  });
});
