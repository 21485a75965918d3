import { describe, expect, it } from "vitest";
import { Cube } from "../src/cube/cube.ts";
import { cubeImageParts, loadCubeImage } from "../src/cube/image.ts";
import { type AggregationTask, type AggregationThreads, runAggregationChunk } from "../src/cube/parallel.ts";
import { BlockStore, NO_SLOT } from "../src/cube/storage.ts";
import { type Member, type MemberSpec, Outline } from "../src/outline.ts";
import { snapshotDifference } from "./support/snapshots.ts";

/**
 * A block's values are held in 4 bytes a cell while each is exactly a 32-bit float (or #Missing), else in 8
 * bytes a cell (`cube/storage.ts`): no value ever changes, whichever way it is held, and the bytes counted are
 * those held.
 */

describe("a block store's values", () => {
  it("stay in 4 bytes a cell while exact in 32 bits; a value that is not moves its block to 8, none changing", () => {
    const store = new BlockStore(4, 2);
    const ints = store.append(10, 0);
    const big = store.append(11, 0);
    const later = store.append(12, 0);
    const empty = store.append(13, 0);
    expect(store.slots[empty]).toBe(NO_SLOT);
    store.set(ints, 0, 1000);
    store.set(ints, 1, 2 ** 24);
    store.set(ints, 2, -0);
    store.set(big, 0, 2 ** 24 + 1);
    store.set(later, 0, 7);
    expect([store.narrowSlots, store.wideSlots]).toEqual([2, 1]);
    store.set(later, 1, 0.1);
    expect([store.narrowSlots, store.wideSlots]).toEqual([2, 2]);
    expect(store.slots[ints]).toBeGreaterThanOrEqual(0);
    expect(store.slots[big]).toBeLessThan(-1);
    expect(store.slots[later]).toBeLessThan(-1);
    expect(store.get(ints, 0)).toBe(1000);
    expect(store.get(ints, 1)).toBe(2 ** 24);
    expect(Object.is(store.get(ints, 2), -0)).toBe(true);
    expect(store.get(ints, 3)).toBeNaN();
    expect(store.get(big, 0)).toBe(2 ** 24 + 1);
    expect(store.get(later, 0)).toBe(7);
    expect(store.get(later, 1)).toBe(0.1);
    expect(store.get(empty, 0)).toBeNaN();
    // the narrow slot the block moved from is given back
    store.compact();
    expect(store.narrowSlots).toBe(1);
    expect(store.get(ints, 0)).toBe(1000);
    // every byte held for the blocks is counted: slot number, input flags, key, upper-level bits; the slots
    const perBlock = 4 + 4 + 8 + 1;
    expect(store.usedBytes).toBe(4 * perBlock + 1 * 4 * 4 + 2 * 4 * 8 + 12 + store.index.byteLength);
    expect(store.storedCellCount()).toBe(6);
  });

  it("are read into a snapshot as doubles and restored into the same slots' kinds, bit for bit", () => {
    const store = new BlockStore(3, 4);
    const values = [
      [1, 2, 3],
      [0.5, Number.NaN, -(2 ** 30)],
      [Number.NaN, Number.NaN, Number.NaN],
      [2 ** 40 + 1, -0, 1e-310],
    ];
    values.forEach((vs, k) => {
      const b = store.append(k, 0);
      vs.forEach((v, c) => {
        store.set(b, c, v);
      });
      store.setInput(b, 0, true);
    });
    const snap = store.snapshot();
    expect(Array.from(snap.data)).toEqual(values.flat());
    for (const take of [false, true]) {
      const again = new BlockStore(3, 1);
      const copy = take
        ? {
            ...snap,
            keys: snap.keys.slice(),
            data: snap.data.slice(),
            input: snap.input.slice(),
            upperBits: snap.upperBits.slice(),
          }
        : snap;
      again.restore(copy, take);
      expect(snapshotDifference(again.snapshot(), snap)).toBeNull();
      expect(Object.is(again.get(3, 1), -0)).toBe(true);
      expect(again.slots[0]).toBeGreaterThanOrEqual(0);
      expect(again.slots[1]).toBeGreaterThanOrEqual(0);
      expect(again.slots[2]).toBe(NO_SLOT);
      expect(again.slots[3]).toBeLessThan(-1);
      expect([again.narrowSlots, again.wideSlots]).toEqual([2, 1]);
      // a block restored goes on like any other
      again.set(0, 1, 2 ** 25 + 1);
      expect(again.get(0, 1)).toBe(2 ** 25 + 1);
      expect(again.get(0, 0)).toBe(1);
    }
  });
});

/** Dense Measures (with `ratio`, Ratio = A / B), sparse P (groups of two) and Q (flat). */
function outline(groups: number, flat: number, ratio: boolean): Outline {
  const group = (prefix: string, n: number): MemberSpec[] =>
    Array.from({ length: n }, (_, g) => ({
      name: `${prefix}${g}`,
      children: [{ name: `${prefix}${g}_0` }, { name: `${prefix}${g}_1` }],
    }));
  return new Outline({
    name: "Widths",
    dimensions: [
      {
        name: "Measures",
        type: "accounts",
        density: "dense",
        members: [
          ratio
            ? { name: "Ratio", children: [{ name: "A" }, { name: "B", consolidation: "/" }] }
            : { name: "Sum", children: [{ name: "A" }, { name: "B" }] },
          { name: "Count" },
        ],
      },
      { name: "P", density: "sparse", members: group("P", groups) },
      {
        name: "Q",
        density: "sparse",
        members: Array.from({ length: flat }, (_, k) => ({ name: `Q${k}` })),
      },
    ],
  });
}

/** Level-0 values above 2^23: a sum of two of them is above 2^24 and, odd, not exact in 32 bits. */
function load(cube: Cube, groups: number, flat: number): void {
  for (let g = 0; g < groups; g++)
    for (let k = 0; k < 2; k++)
      for (let q = 0; q < flat; q++) {
        const p = `P${g}_${k}`;
        cube.loadByNames(["A", p, `Q${q}`], 2 ** 23 + 1 + k + q);
        cube.loadByNames(["B", p, `Q${q}`], 3);
        cube.loadByNames(["Count", p, `Q${q}`], 1 + k);
      }
}

/** Threads that run every chunk on the calling thread; the most items a task left for want of a wide slot. */
function sameThread(): AggregationThreads & { leftOver: number } {
  const t = {
    workers: 1,
    minItems: 1,
    leftOver: 0,
    run(task: AggregationTask, chunks: number) {
      for (let c = 0; c < chunks; c++) runAggregationChunk(task, c, chunks);
      t.leftOver = Math.max(t.leftOver, task.overflow[0] as number);
    },
  };
  return t;
}

describe("a cube's blocks, 4 or 8 bytes a cell", () => {
  const groups = 10;
  const flat = 30;

  it("CALC ALL gives totals above 2^24 exactly, only their blocks in 8 bytes a cell", () => {
    const o = outline(groups, flat, false);
    const cube = new Cube(o);
    load(cube, groups, flat);
    const level0 = cube.blockCount;
    cube.calcAll();
    const m = (n: string) => o.member(n) as Member;
    let all = 0;
    for (let g = 0; g < groups; g++) {
      for (let q = 0; q < flat; q++) {
        const sum = 2 ** 23 + 1 + q + (2 ** 23 + 2 + q);
        all += sum;
        expect(cube.read([m("A"), m(`P${g}`), m(`Q${q}`)])).toBe(sum);
        expect(cube.read([m("Sum"), m(`P${g}`), m(`Q${q}`)])).toBe(sum + 6);
        expect(cube.read([m("Count"), m(`P${g}`), m(`Q${q}`)])).toBe(3);
      }
    }
    expect(cube.read([m("A"), m("P"), m(`Q${flat - 1}`)])).toBe(
      groups * (2 ** 23 + 1 + flat - 1 + (2 ** 23 + 2 + flat - 1)),
    );
    expect(all).toBeGreaterThan(2 ** 24);
    // the level-0 blocks in 4 bytes a cell, the others (sums above 2^24, odd) in 8, the narrow slots set aside
    // for them left unused until given back
    const store = (cube as unknown as { store: BlockStore }).store;
    expect(store.wideSlots).toBe(cube.blockCount - level0);
    expect(store.narrowSlots - (store.counts[2] as number)).toBe(level0);
    const before = cube.snapshot();
    store.compact();
    expect(store.narrowSlots).toBe(level0);
    expect(snapshotDifference(cube.snapshot(), before)).toBeNull();
  });

  it("on threads, blocks left for want of a wide slot are computed again: the same values bit for bit", () => {
    const o = outline(groups, flat, true);
    const one = new Cube(o);
    const threads = sameThread();
    const many = new Cube(o, { threads });
    load(one, groups, flat);
    load(many, groups, flat);
    one.calcAll();
    many.calcAll();
    // ratios make every level-0 block wide in one dense step, sums above 2^24 their parents
    expect(threads.leftOver).toBeGreaterThan(0);
    expect(snapshotDifference(many.snapshot(), one.snapshot())).toBeNull();
    expect(many.usedBytes).toBe(one.usedBytes);
    // and again over the totals there, after a write; and in a cube that took a snapshot's arrays as they are
    const taken = new Cube(o, { threads });
    taken.restore(one.snapshot(), true);
    expect(snapshotDifference(taken.snapshot(), one.snapshot())).toBeNull();
    const m = (n: string) => o.member(n) as Member;
    for (const c of [one, many, taken]) {
      c.write([m("A"), m("P0_0"), m("Q0")], 0.25);
      c.calcAll();
    }
    expect(snapshotDifference(many.snapshot(), one.snapshot())).toBeNull();
    expect(snapshotDifference(taken.snapshot(), one.snapshot())).toBeNull();
  });

  it("an image of more blocks than one part holds reads back the same values, 4 or 8 bytes a cell alike", () => {
    const o = outline(100, 50, false);
    const cube = new Cube(o);
    load(cube, 100, 50);
    cube.write([o.member("Count") as Member, o.member("P7_1") as Member, o.member("Q3") as Member], 0.1);
    cube.calcAll();
    expect(cube.blockCount).toBeGreaterThan(8192);
    const parts = [...cubeImageParts(cube)];
    expect(parts.length).toBeGreaterThan(5);
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      at += p.length;
    }
    const fresh = new Cube(o);
    loadCubeImage(fresh, bytes);
    expect(snapshotDifference(fresh.snapshot(), cube.snapshot())).toBeNull();
    expect(fresh.usedBytes).toBeLessThanOrEqual(cube.usedBytes);
  });
});
