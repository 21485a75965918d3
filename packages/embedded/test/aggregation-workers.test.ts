import { Cube, type CubeOptions, type MemberSpec, Outline, runCalcScript } from "@qibates/engine";
import { loadSampleBasicData, sampleBasicOutline } from "@qibates/engine/demo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotDifference } from "../../engine/test/support/snapshots.ts";
import { AggregationWorkers } from "../src/aggregation-workers.ts";
import { snapshotCopies } from "../src/applications.ts";
import { memoryStore } from "../src/memory-store.ts";
import type { LoadedSnapshot } from "../src/snapshot-files.ts";

/**
 * Aggregation on worker threads (`aggregation-workers.ts`, the engine's `cube/parallel.ts`): the same cube
 * aggregated on one thread and on several holds the same stored values bit for bit, block for block.
 */

// Two workers beside the test's thread, every task handed to them however small.
const pool = new AggregationWorkers(2, 1);
let tasks = 0;
/** Tasks started and returned from at once, finished when the cube needs their values (the pool as it is). */
let started = 0;
const counted = {
  workers: 2,
  minItems: 1,
  run: (task: Parameters<AggregationWorkers["run"]>[0], chunks: number) => {
    tasks++;
    pool.run(task, chunks);
  },
  start: (task: Parameters<AggregationWorkers["run"]>[0], chunks: number) => {
    tasks++;
    started++;
    pool.start(task, chunks);
  },
  finish: () => pool.finish(),
};
/** Threads that only run a task to its end (`AggregationThreads` without `start`). */
const runOnly = { workers: 2, minItems: 1, run: counted.run };
beforeAll(() => pool.ready());
afterAll(() => pool.close());

const group = (prefix: string, groups: number, per: number, ops: string[] = []): MemberSpec[] =>
  Array.from({ length: groups }, (_, g) => ({
    name: `${prefix}${g}`,
    children: Array.from({ length: per }, (_, k) => ({
      name: `${prefix}${g}_${k}`,
      ...(ops[(g + k) % Math.max(1, ops.length)] ? { consolidation: ops[(g + k) % ops.length] } : {}),
    })),
  })) as MemberSpec[];

/** A cube with subtractions, ignored members, a product parent and time balance: every path of aggregation. */
function mixedOutline(): Outline {
  return new Outline({
    name: "Mixed",
    dimensions: [
      {
        name: "Measures",
        type: "accounts",
        density: "dense",
        members: [
          {
            name: "Profit",
            children: [{ name: "Sales" }, { name: "Cost", consolidation: "-" }],
          },
          { name: "Stock", timeBalance: "last" },
        ],
      },
      {
        name: "Year",
        type: "time",
        density: "dense",
        members: ["Q1", "Q2"].map((q, k) => ({
          name: q,
          children: [1, 2, 3].map((j) => ({ name: `M${k * 3 + j}` })),
        })),
      },
      { name: "Product", density: "sparse", members: group("P", 4, 5, ["+", "+", "-", "~"]) },
      { name: "Market", density: "sparse", members: group("K", 4, 5) },
      {
        name: "Scenario",
        density: "sparse",
        members: [
          { name: "Actual" },
          { name: "Budget" },
          { name: "Ratio", children: [{ name: "Base" }, { name: "Rate", consolidation: "*" }] },
        ],
      },
    ],
  } as ConstructorParameters<typeof Outline>[0]);
}

/** Loads level-0 values that are not small integers (so that the order of additions shows in the bits). */
function loadMixed(cube: Cube): void {
  const o = cube.outline;
  const names = (dim: string) => (o.dimension(dim)?.members ?? []).filter((m) => m.isLeaf).map((m) => m.name);
  let seed = 12345;
  const rand = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  for (const p of names("Product"))
    for (const k of names("Market"))
      for (const s of names("Scenario")) {
        if (rand() < 0.2) continue;
        for (const m of ["Sales", "Cost", "Stock"])
          for (const y of names("Year")) {
            if (rand() < 0.1) continue;
            cube.loadByNames([m, y, p, k, s], rand() * 1000 - 100 + 1 / 3);
          }
      }
  // a value loaded at an upper level, kept under AGGMISSG off when its children are #Missing
  cube.loadByNames(["Sales", "Q1", "P0", "K0", "Actual"], 7.25);
}

/** The mixed cube loaded twice: `one` on the test's thread, `many` on `threads`; both with `options`. */
function loadedPair(threads: CubeOptions["threads"], options: CubeOptions = {}) {
  const one = new Cube(mixedOutline(), options);
  const many = new Cube(mixedOutline(), { threads, ...options });
  loadMixed(one);
  loadMixed(many);
  return { one, many };
}

describe("aggregation on worker threads", () => {
  it("CALC ALL gives the same stored values as on one thread, bit for bit", () => {
    const { one, many } = loadedPair(counted);
    tasks = 0;
    one.calcAll();
    many.calcAll();
    expect(tasks).toBeGreaterThan(3);
    expect(many.blockCount).toBe(one.blockCount);
    expect(snapshotDifference(many.snapshot(), one.snapshot())).toBeNull();
    // and again over the totals already there, and with AGGMISSG on
    one.aggMissing = true;
    many.aggMissing = true;
    one.calcAll();
    many.calcAll();
    expect(snapshotDifference(many.snapshot(), one.snapshot())).toBeNull();
  });

  it("threads that cannot start a task and return give the same values too", () => {
    const { one, many } = loadedPair(runOnly);
    tasks = 0;
    started = 0;
    one.calcAll();
    many.calcAll();
    expect(tasks).toBeGreaterThan(3);
    expect(started).toBe(0);
    expect(snapshotDifference(many.snapshot(), one.snapshot())).toBeNull();
  });

  it("a task left running while the next step is made, and the pool growing meanwhile, change nothing", () => {
    // 16 blocks to begin with: the pool grows several times during CALC ALL, each time with a task started
    const { one, many } = loadedPair(counted, { expectedBlocks: 16 });
    started = 0;
    one.calcAll();
    many.calcAll();
    expect(started).toBeGreaterThan(3);
    expect(many.blockCount).toBeGreaterThan(64);
    expect(snapshotDifference(many.snapshot(), one.snapshot())).toBeNull();
  });

  it("AGG and CALC DIM of a calc script agree too", () => {
    const { one, many } = loadedPair(counted);
    for (const c of [one, many])
      runCalcScript(c, 'CALC DIM ("Year", "Measures"); AGG ("Market", "Product");');
    expect(snapshotDifference(many.snapshot(), one.snapshot())).toBeNull();
  });

  it("a served copy loaded on the threads aggregates on them afterwards too, to the same values", async () => {
    const loaded = new Cube(mixedOutline(), { threads: counted });
    loadMixed(loaded);
    loaded.calcAll();
    const snapshot = {
      folder: "/copies/Mixed",
      manifest: { application: "Mixed", source: { connector: "essbase-stndln" } },
      cubes: [{ name: "Mixed", cube: loaded, dataSha256: "0".repeat(64) }],
    } as unknown as LoadedSnapshot;
    const [copy] = snapshotCopies([snapshot], memoryStore());
    if (!copy) throw new Error("no copy served");
    await copy.app.load();
    const served = copy.app.cube;
    expect(served.threads).toBe(counted);
    const one = new Cube(mixedOutline());
    loadMixed(one);
    one.calcAll();
    expect(snapshotDifference(served.snapshot(), one.snapshot())).toBeNull();
    // a later CALC ALL of the served copy runs its loops on the threads
    for (const c of [served, one]) c.loadByNames(["Sales", "M1", "P0_0", "K0_0", "Actual"], 99);
    tasks = 0;
    served.calcAll();
    one.calcAll();
    expect(tasks).toBeGreaterThan(3);
    expect(snapshotDifference(served.snapshot(), one.snapshot())).toBeNull();
  });

  it("Sample.Basic aggregates to the same values", () => {
    const one = new Cube(new Outline(sampleBasicOutline));
    const many = new Cube(new Outline(sampleBasicOutline), { threads: counted });
    loadSampleBasicData(one);
    tasks = 0;
    loadSampleBasicData(many);
    expect(tasks).toBeGreaterThan(0);
    expect(snapshotDifference(many.snapshot(), one.snapshot())).toBeNull();
    const top = (c: Cube) => c.readNumber(c.dims.map((d) => d.root));
    expect(top(many)).toBe(top(one));
  });
});
