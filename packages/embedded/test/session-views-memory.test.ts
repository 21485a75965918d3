import type { Cube } from "@qibates/engine";
import type { ProviderSession } from "@qibates/provider";
import { answerValue, DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { EmbeddedProvider } from "../src/index.ts";
import { memoryStore } from "../src/memory-store.ts";
import { demoSession } from "./support/demo-session.ts";
import { colaSheet as grid, saveNewYorkJan } from "./support/sample-basic.ts";

/**
 * Each demo session that wrote kept its own copy of the demo data in memory, with no total
 * (300 sessions held 7.5 GB). The copies in memory now have a bound: past it, those used longest ago are set
 * aside and rebuilt from the journal at their session's next call — the memory stays under the bound, and no
 * session loses a change.
 */
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

const jan = async (p: EmbeddedProvider, s: ProviderSession) =>
  (await p.essbase.grid(s, cube, { action: "refresh", input: { grid: grid() } }).then(answerValue))
    .grid[2]?.[1];

const save = saveNewYorkJan;

/** The embedded provider with every session kept apart in a copy of its own, those copies bounded by `maxBytes`. */
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

describe("the demo sessions' copies in memory", () => {
  it("stay under their bound, the oldest set aside first, and none loses its changes", async () => {
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

  it("stay under their bound when a change makes a copy grow (a new data block), and keep that change", async () => {
    // One copy of Sample.Basic as it is made (a change in an existing block).
    const unbounded = await open();
    await save(unbounded, demoSession("x", "demo-owner"), "1");
    const made = unbounded.views?.bytes ?? 0;
    await unbounded.close();

    // Room for two copies as made, not for a grown one beside another.
    const bound = Math.floor(2.5 * made);
    const p = await open(bound);
    const [a, b] = [demoSession("a", "demo-owner"), demoSession("b", "demo-owner")];
    await save(p, a, "101");
    await save(p, b, "102");
    expect(p.views?.essbase.size).toBe(2);

    const base = p.views?.essbase.base.cube as Cube;
    const [product, state] = emptyCombination(base);
    const at = (value = "") => [
      ["", "Jan", product, "Sales"],
      ["", "Actual"],
      [state, value],
    ];
    const saveAt = async (s: ProviderSession, value: string) => {
      const r = await p.essbase
        .save(s, cube, { grid: at(value), cells: [{ row: 2, column: 1 }] })
        .then(answerValue);
      expect(r.cells[0]?.status).toBe("written");
      expect(p.views?.bytes ?? 0).toBeLessThanOrEqual(bound);
    };
    const readAt = async (s: ProviderSession) =>
      (await p.essbase.grid(s, cube, { action: "refresh", input: { grid: at() } }).then(answerValue))
        .grid[2]?.[1];

    await saveAt(a, "7");
    await saveAt(b, "8");
    expect([await readAt(a), await jan(p, a)]).toEqual(["7", "101"]);
    expect([await readAt(b), await jan(p, b)]).toEqual(["8", "102"]);
    expect(p.views?.bytes ?? 0).toBeLessThanOrEqual(bound);
    await p.close();
  });
});

/** A product and a state, both level 0, whose combination holds no data block in `cube`. */
function emptyCombination(cube: Cube): [string, string] {
  const dim = (name: string) => cube.dims.findIndex((d) => d.name === name);
  const leaves = (d: number) =>
    (cube.dims[d]?.members ?? []).filter((m) => m.children.length === 0).map((m) => m.ordinal);
  const [product, market] = [dim("Product"), dim("Market")];
  const coords = cube.dims.map(() => 0);
  for (const p of leaves(product))
    for (const m of leaves(market)) {
      coords[product] = p;
      coords[market] = m;
      if (cube.blockOf(coords) < 0) return [cube.member(product, p).name, cube.member(market, m).name];
    }
  throw new Error("every product has data in every state");
}
