import { createSampleBasicCube } from "@qibates/engine/demo";
import { describe, expect, it } from "vitest";
import { encodeCheckpoint } from "../src/index.ts";
import { memoryStore } from "../src/memory-store.ts";
import { budSeed, growRevenue, history, open, read, revenue410, save, until } from "./embedded-calls.ts";

/**
 * The embedded applications' journal: checkpoints with the entries after them rebuild the same state as the
 * whole journal; a checkpoint that cannot be loaded is skipped without losing an acknowledged change.
 */

describe("journal checkpoints", () => {
  it("a checkpoint and the entries after it rebuild the state the whole journal gives, and compact what is covered", async () => {
    const whole = memoryStore();
    const reference = await open(whole, { checkpointEntries: 1_000_000 });
    await history(reference);
    const want = { cells: await read(reference), plan: await revenue410(reference) };
    expect(want.plan).toEqual(["14520", "Second"]);
    expect(whole.checkpointsKept).toHaveLength(0);

    const store = memoryStore();
    const p = await open(store, { checkpointEntries: 2 });
    await history(p);
    // Three checkpoints were due (every 2 entries of each application); the newest two are kept.
    await until(() => store.checkpointsKept.filter((s) => s.application === "Sample").length === 2);
    const kept = store.checkpointsKept.filter((s) => s.application === "Sample").map((s) => s.position);
    // Compaction: the entries the older kept checkpoint covers are gone, those after it are kept.
    const sample = store.entries.filter((e) => e.application === "Sample").map((e) => e.position);
    expect(sample.every((position) => position > Math.min(...kept))).toBe(true);
    expect(sample.length).toBeLessThan(whole.entries.filter((e) => e.application === "Sample").length);

    // A restart: the newest checkpoint, then the entries after it.
    const restarted = await open(store, { checkpointEntries: 2 });
    expect(await read(restarted)).toEqual(want.cells);
    expect(await revenue410(restarted)).toEqual(want.plan);
    // Changes after the restart land on the restored state exactly as on the whole journal's.
    await save(restarted, "Massachusetts", 5);
    await budSeed(restarted);
    await save(reference, "Massachusetts", 5);
    await budSeed(reference);
    expect(await read(restarted)).toEqual(await read(reference));
  });

  it("a checkpoint is saved at shutdown, and a start-up reads only the entries after it", async () => {
    const store = memoryStore();
    const p = await open(store);
    await save(p, "New York", 77);
    await growRevenue(p, "Kept");
    expect(store.checkpointsKept).toHaveLength(0);
    await p.close();
    expect(store.checkpointsKept.map((s) => s.application).sort()).toEqual(["Sample", "Vision"]);
    const restarted = await open(store);
    expect((await read(restarted))[0]).toEqual(["77", "64"]);
    expect(await revenue410(restarted)).toEqual(["13200", "Kept"]);
  });

  it("a checkpoint that cannot be loaded is ignored with a warning, and the journal it covers rebuilds the state", async () => {
    const store = memoryStore();
    const p = await open(store);
    await history(p);
    const want = { cells: await read(p), plan: await revenue410(p) };
    await p.close();
    expect(store.checkpointsKept).toHaveLength(2);
    // Vision's checkpoint is corrupt; Sample's has the right format and application but other outlines (a
    // demo application of another version).
    const sample = store.checkpointsKept.find((s) => s.application === "Sample");
    const visionCheckpoint = store.checkpointsKept.find((s) => s.application === "Vision");
    if (!sample || !visionCheckpoint) throw new Error("no checkpoints");
    visionCheckpoint.data = visionCheckpoint.data.slice(0, 40);
    const changed = createSampleBasicCube();
    sample.data = await encodeCheckpoint("Sample", "fingerprint of other outlines", {
      cubes: [{ name: "Basic", snapshot: changed.snapshot() }],
      texts: [],
    });
    const warnings: string[] = [];
    const log = { warn: (d: Record<string, unknown>, m: string) => warnings.push(`${d.application}: ${m}`) };
    const restarted = await open(store, { log });
    expect(await read(restarted)).toEqual(want.cells);
    expect(await revenue410(restarted)).toEqual(want.plan);
    expect(warnings).toHaveLength(2);
    for (const w of warnings) expect(w).toMatch(/checkpoint ignored/);
  });

  it("refuses to load when no checkpoint can be loaded and the entries it covered were compacted away", async () => {
    const store = memoryStore();
    const p = await open(store, { checkpointEntries: 1 });
    await save(p, "New York", 77);
    await until(() => store.checkpointsKept.filter((s) => s.application === "Sample").length === 1);
    await save(p, "New York", 78);
    await until(() =>
      store.checkpointsKept.some((s) => s.application === "Sample" && s.compactedThrough > 0),
    );
    for (const s of store.checkpointsKept) if (s.application === "Sample") s.data = new Uint8Array([1, 2, 3]);
    await expect(open(store)).rejects.toThrow(/Application Sample: no stored checkpoint can be loaded/);
  });
});
