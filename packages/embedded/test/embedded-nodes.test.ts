import { describe, expect, it } from "vitest";
import { memoryStore } from "../src/memory-store.ts";
import { budSeed, growRevenue, open, read, revenue410, save, until } from "./embedded-calls.ts";

/**
 * Several embedded providers over one store, as API nodes over one PostgreSQL: each applies what the others
 * journaled before it serves a call, and writes one at a time under the application's lock.
 */

describe("several providers over one store (API nodes over one PostgreSQL)", () => {
  it("a call on one node sees every change acknowledged on the other before it, in the order they were made", async () => {
    const store = memoryStore({ shared: true });
    const a = await open(store, { checkpointEntries: 1_000_000 });
    const b = await open(store, { checkpointEntries: 1_000_000 });
    await save(a, "New York", 77);
    expect((await read(b))[0]).toEqual(["77", "64"]);
    // A calculation on B uses A's value (Budget = Actual × 1.05).
    await budSeed(b);
    expect((await read(a))[0]).toEqual(["77", "80.85"]);
    // B writes without reading first: it applies A's changes, then its own, in one order.
    await save(a, "Massachusetts", 12);
    await save(b, "New York", 50);
    await growRevenue(a, "From A");
    expect(await revenue410(b)).toEqual(["13200", "From A"]);
    expect(await read(a)).toEqual(await read(b));
    // A node started now rebuilds the same state from the journal.
    const c = await open(store);
    expect(await read(c)).toEqual(await read(a));
  });

  it("a node that fell behind the compaction reloads the newest checkpoint", async () => {
    const store = memoryStore({ shared: true });
    const a = await open(store, { checkpointEntries: 1 });
    const b = await open(store, { checkpointEntries: 1_000_000 });
    for (const value of [1, 2, 3, 4]) {
      await save(a, "New York", value);
      const head = await store.head("Sample");
      await until(() => store.checkpointsKept.some((s) => s.application === "Sample" && s.position === head));
    }
    // B has applied nothing, and only the newest entry is still stored.
    expect(store.entries.filter((e) => e.application === "Sample")).toHaveLength(1);
    expect((await read(b))[0]).toEqual(["4", "64"]);
    await save(b, "New York", 5);
    expect((await read(a))[0]).toEqual(["5", "64"]);
  });
});
