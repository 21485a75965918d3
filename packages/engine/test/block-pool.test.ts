import { describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../demo/index.ts";
import { Cube } from "../src/cube/cube.ts";
import { BlockStore, NO_SLOT } from "../src/cube/storage.ts";
import { Outline } from "../src/outline.ts";
import { snapshotDifference } from "./support/snapshots.ts";
import { tupleOf as at, STORED_STATE_CELLS, sampleBasicWithNewBlock } from "./support/stored-state.ts";

/**
 * A cube's blocks copied as they are held (`Cube.pool`: values in 4 or 8 bytes a cell, as stored) and taken by
 * another cube of the same outline (`Cube.takePool`), as a business rule's state goes to a grid worker and back:
 * every value, input flag and block the same, no value read into a double and back; the copy shares nothing.
 */

describe("a cube's blocks copied as they are held", () => {
  it("are taken by another cube of the outline: the same values, input flags and blocks, the copy its own", () => {
    // A block the demo data lacks, and a value that needs 8 bytes a cell.
    const source = sampleBasicWithNewBlock();
    source.write(at(source, ["Feb", "Sales", "100-20", "New York", "Actual"]), 0.1);
    const pool = source.pool();
    expect(pool.counts[1]).toBeGreaterThan(0);
    const taker = new Cube(source.outline);
    taker.takePool(pool);
    expect(snapshotDifference(taker.snapshot(), source.snapshot())).toBeNull();
    for (const names of STORED_STATE_CELLS)
      expect(taker.read(at(taker, names))).toBe(source.read(at(source, names)));
    expect(taker.read(at(taker, ["Feb", "Sales", "100-20", "New York", "Actual"]))).toBe(0.1);

    // Later writes to either stay there; the taker grows past the blocks it took.
    source.write(at(source, ["Jan", "Sales", "100-10", "New York", "Actual"]), 1);
    expect(taker.read(at(taker, ["Jan", "Sales", "100-10", "New York", "Actual"]))).not.toBe(1);
    const blocks = pool.blockCount;
    taker.write(at(taker, ["Mar", "Sales", "100-30", "Texas", "Budget"]), 77);
    taker.write(at(taker, ["Mar", "Sales", "400-10", "Oklahoma", "Budget"]), 0.3);
    expect(taker.read(at(taker, ["Mar", "Sales", "100-30", "Texas", "Budget"]))).toBe(77);
    expect(taker.read(at(taker, ["Mar", "Sales", "400-10", "Oklahoma", "Budget"]))).toBe(0.3);
    expect(taker.snapshot().blockCount).toBeGreaterThan(blocks);
    expect(source.read(at(source, ["Mar", "Sales", "100-30", "Texas", "Budget"]))).toBeNull();
  });

  it("keep each block in the slot it had: 4 bytes, 8 bytes, or none when it was never written", () => {
    const store = new BlockStore(3, 2);
    const narrow = store.append(1, 0);
    const wide = store.append(2, 0);
    const none = store.append(3, 0);
    store.set(narrow, 0, 5);
    store.set(wide, 1, 0.1);
    store.setInput(wide, 1, true);
    const taker = new BlockStore(3, 1);
    taker.takePool(store.pool());
    expect(taker.blockCount).toBe(3);
    expect(taker.slots[narrow]).toBeGreaterThanOrEqual(0);
    expect(taker.slots[wide]).toBeLessThan(-1);
    expect(taker.slots[none]).toBe(NO_SLOT);
    expect([taker.get(narrow, 0), taker.get(wide, 1), taker.get(none, 2)]).toEqual([5, 0.1, Number.NaN]);
    expect(taker.isInput(wide, 1)).toBe(true);
    expect(taker.index.get(2)).toBe(wide);
    // A store whose values threads share holds a pool in shared memory; its own pool is never shared.
    const shared = new BlockStore(3, 2, true);
    shared.takePool(store.pool());
    expect(shared.narrow.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.get(wide, 1)).toBe(0.1);
    expect(shared.pool().narrow.buffer).toBeInstanceOf(ArrayBuffer);
  });

  it("give the changes made since, as a snapshot does, and put the cube back exactly (an operation undone)", () => {
    const cube = createSampleBasicCube();
    const pool = cube.pool();
    const snapshot = cube.snapshot();
    const before = cube.snapshot();
    cube.write(at(cube, ["Jan", "Sales", "100-10", "New York", "Budget"]), 12345);
    cube.write(at(cube, ["Feb", "Sales", "100-20", "New York", "Actual"]), 0.1);
    cube.write(at(cube, ["Mar", "Sales", "100-30", "Texas", "Budget"]), 9);
    cube.write(at(cube, ["Jan", "COGS", "100-10", "Utah", "Actual"]), null);
    const since = (s: Parameters<Cube["changesSince"]>[0]) => {
      const out: { coords: number[]; value: number; input: boolean }[] = [];
      cube.changesSince(s, (coords, value, input) => out.push({ coords: [...coords], value, input }));
      return out;
    };
    const changes = since(pool);
    // The cells written, the totals over them, a new block: in the same order, with the same values.
    expect(changes.length).toBeGreaterThan(4);
    expect(changes.some((c) => c.value === 0.1 && c.input)).toBe(true);
    expect(changes.some((c) => Number.isNaN(c.value))).toBe(true);
    expect(changes).toEqual(since(snapshot));
    cube.takePool(pool);
    expect(snapshotDifference(cube.snapshot(), before)).toBeNull();
    expect(since(cube.pool())).toEqual([]);
  });

  it("are refused by a cube they do not fit, which keeps its own", () => {
    const sample = createSampleBasicCube();
    const other = new Cube(
      new Outline({
        name: "Small",
        dimensions: [
          { name: "Year", density: "dense", members: [{ name: "Jan" }, { name: "Feb" }] },
          { name: "Market", density: "sparse", members: [{ name: "East" }, { name: "West" }] },
        ],
      }),
    );
    other.write(at(other, ["Jan", "East"]), 3);
    expect(() => other.takePool(sample.pool())).toThrow(/does not fit/);
    expect(other.read(at(other, ["Jan", "East"]))).toBe(3);
  });
});
