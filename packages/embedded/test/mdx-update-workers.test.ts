import { parseMdxUpdate } from "@qibates/engine/mdx";
import { DEFAULT_SLICES, type ProviderSession, SliceScheduler } from "@qibates/provider";
import { afterAll, describe, expect, it } from "vitest";
import { countingTurns } from "../../protocols/test/support/turns.ts";
import { EmbeddedProvider } from "../src/index.ts";
import { memoryStore } from "../src/memory-store.ts";
import { demoSession } from "./support/demo-session.ts";
import { bundledSpawn } from "./support/worker-bundle.ts";

/**
 * XMLA's `UPDATE CUBE … USE_EQUAL_ALLOCATION` on the embedded engine (What-If writes) runs in a
 * grid worker, its state put in place under the lock, as one job of the caller's in the job queue; its work is
 * counted before any is done. It ran on the event loop: a statement of 100 allocating tuples (9.5 KB) held every
 * other call for 1.2 s, eight at once 9 s.
 */
const REF = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const session: ProviderSession = demoSession("what-if", "ada");

/** The attack's statement: `n` tuples of Sales × Budget at the top of Year, Product and Market, each allocated. */
function allocation(n: number, allocation = "USE_EQUAL_ALLOCATION"): string {
  const sets = Array.from(
    { length: n },
    (_, i) =>
      `([Year],[Measures].[Sales],[Product],[Market],[Scenario].[Budget]) = ${1000 + i} ${allocation}`,
  );
  return `UPDATE CUBE [Basic] SET ${sets.join(", ")}`;
}

const providers: EmbeddedProvider[] = [];
async function open(gridWorkers: number): Promise<EmbeddedProvider> {
  const p = await EmbeddedProvider.open({
    scheduler: new SliceScheduler(DEFAULT_SLICES),
    store: memoryStore(),
    credentialsValid: () => true,
    gridWorkers,
    // Workers started from the test bundle of the worker: the product's own start is tested in grid-workers.
    ...(gridWorkers > 0 ? { gridWorkerLimits: { spawn: await bundledSpawn() } } : {}),
  });
  providers.push(p);
  return p;
}
afterAll(async () => {
  await Promise.all(providers.map((p) => p.close()));
});

const budgetSales = (p: EmbeddedProvider) =>
  p.olap
    .cube("ssas", REF, session)
    .then((c) =>
      c.mdx("SELECT {[Sales]} ON COLUMNS, {[Jan], [Year]} ON ROWS FROM Sample.Basic WHERE ([Budget])"),
    );

describe("UPDATE CUBE with allocations in a grid worker", () => {
  it("leaves the event loop free while 100 allocating tuples are written, and writes what the event loop wrote", async () => {
    const withWorker = await open(1);
    const cube = withWorker.engineCube("ssas", REF, session);
    const statement = parseMdxUpdate(allocation(100));
    const { value: written, turns } = await countingTurns(() => cube.update("ada", statement));
    // On the event loop, the 312,000 cells (12 months × 13 products × 20 states a tuple) were written in one turn.
    expect(turns).toBeGreaterThan(100);
    // The same cells and values as without workers.
    const onLoop = await open(0);
    expect(await onLoop.engineCube("ssas", REF, session).update("ada", statement)).toBe(written);
    expect(written).toBe(100 * 3_120);
    const [a, b] = await Promise.all([budgetSales(withWorker), budgetSales(onLoop)]);
    expect(Array.from(a.cells)).toEqual(Array.from(b.cells));
    // The last assignment wins: 1,099 spread over Year's cells, Year itself 1,099.
    expect(Number(a.cells[1])).toBeCloseTo(1099, 6);
  });

  it("queues one visitor's statements behind each other in the job queue, each taking its turn", async () => {
    const p = await open(1);
    const cube = p.engineCube("ssas", REF, session);
    // The queue's one running place held by another owner's job: the statements wait without any work done.
    let release: () => void = () => {};
    const held = p.jobs.admit("test: another owner")?.run(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const order: number[] = [];
    const statements = [1, 2, 3].map((k) =>
      cube.update("ada", parseMdxUpdate(allocation(k * 5))).then((n) => {
        order.push(k);
        return n;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(p.jobs.size).toEqual({ running: 1, waiting: 3 });
    expect(order).toEqual([]);
    release();
    await held;
    await Promise.all(statements);
    expect(order).toEqual([1, 2, 3]);
    expect(p.jobs.size).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a statement past the work budget before it takes a place in the queue", async () => {
    const p = await open(1);
    const cube = p.engineCube("ssas", REF, session);
    // 250 increments of 4,560 cells each read and write every cell: over the 1,000,000 units of one statement.
    await expect(cube.update("ada", parseMdxUpdate(allocation(250, "USE_EQUAL_INCREMENT")))).rejects.toThrow(
      /units of work/,
    );
    expect(p.jobs.size).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a cell that cannot be written, from the worker, with the engine's reason, writing nothing", async () => {
    const p = await open(1);
    const cube = p.engineCube("ssas", REF, session);
    const before = await budgetSales(p);
    // Profit is a Dynamic Calc parent: no stored leaf under it to take an allocation, so the cell itself is written.
    await expect(
      cube.update(
        "ada",
        parseMdxUpdate(
          "UPDATE CUBE [Basic] SET ([Jan],[Sales],[Product],[Market],[Budget]) = 5 USE_EQUAL_ALLOCATION, ([Jan],[Profit],[100-10],[New York],[Budget]) = 1",
        ),
      ),
    ).rejects.toThrow(/Profit|Dynamic|calculated/i);
    expect(Array.from((await budgetSales(p)).cells)).toEqual(Array.from(before.cells));
  });
});
