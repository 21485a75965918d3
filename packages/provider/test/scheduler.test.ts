import { describe, expect, it } from "vitest";
import { SliceScheduler, type Work } from "../src/scheduler.ts";

/** Work of `steps` steps of about `stepMs` each, recording the order in which steps ran. */
function* busy(steps: number, stepMs: number, log: string[], name: string): Work<string> {
  for (let i = 0; i < steps; i++) {
    const until = performance.now() + stepMs;
    while (performance.now() < until);
    log.push(name);
    yield;
  }
  return name;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("SliceScheduler", () => {
  it("ends short work within its first slice, before the caller's next turn", async () => {
    const scheduler = new SliceScheduler({ sliceMs: 5, shortSlices: 8, maxRunning: 1 });
    const log: string[] = [];
    const done = scheduler.run({ start: () => busy(2, 0, log, "small") });
    // Ran at once, synchronously: nothing is left for a later turn.
    expect(log).toEqual(["small", "small"]);
    expect(scheduler.pending).toBe(0);
    await expect(done).resolves.toBe("small");
  });

  it("lets the event loop run between the slices of long work", async () => {
    const scheduler = new SliceScheduler({ sliceMs: 2, shortSlices: 8, maxRunning: 2 });
    const log: string[] = [];
    const heavy = scheduler.run({ start: () => busy(50, 0.5, log, "heavy") });
    let turns = 0;
    let stop = false;
    const probe = (async () => {
      while (!stop) {
        await turn();
        log.push("turn");
        turns++;
      }
    })();
    await heavy;
    stop = true;
    await probe;
    // The probe's turns came in between the steps, never more than a slice apart.
    const firstTurn = log.indexOf("turn");
    const lastHeavy = log.lastIndexOf("heavy");
    expect(firstTurn).toBeGreaterThan(0);
    expect(firstTurn).toBeLessThan(lastHeavy);
    expect(turns).toBeGreaterThanOrEqual(5);
    let run = 0;
    let longest = 0;
    for (const e of log) {
      run = e === "heavy" ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    expect(longest).toBeLessThanOrEqual(10);
  });

  it("runs at most maxRunning pieces of long work in turn; the others wait after their first slice", async () => {
    const scheduler = new SliceScheduler({ sliceMs: 1, shortSlices: 0, maxRunning: 1 });
    const log: string[] = [];
    const a = scheduler.run({ start: () => busy(10, 0.6, log, "a") });
    const b = scheduler.run({ start: () => busy(10, 0.6, log, "b") });
    expect(scheduler.pending).toBe(2);
    expect(await Promise.all([a, b])).toEqual(["a", "b"]);
    // After b's first slice, a ran to its end before b went on.
    const firstB = log.indexOf("b");
    const lastA = log.lastIndexOf("a");
    const bAfterItsFirstSlice = log.findIndex((e, i) => e === "b" && i > firstB && log[i - 1] !== "b");
    expect(bAfterItsFirstSlice).toBeGreaterThan(lastA);
  });

  it("lets short work that outran its first slice go before longer work", async () => {
    const scheduler = new SliceScheduler({ sliceMs: 1, shortSlices: 8, maxRunning: 1 });
    const log: string[] = [];
    const heavy = scheduler.run({ start: () => busy(60, 0.4, log, "heavy") });
    for (let i = 0; i < 10; i++) await turn();
    // About 1.6 ms of work: two or three slices, fewer than shortSlices.
    const small = scheduler.run({ start: () => busy(4, 0.4, log, "small") });
    expect(await Promise.all([heavy, small])).toEqual(["heavy", "small"]);
    const first = log.indexOf("small");
    const last = log.lastIndexOf("small");
    expect(first).toBeGreaterThan(0);
    expect(log.slice(first, last + 1)).not.toContain("heavy");
    expect(log.slice(last + 1)).toContain("heavy");
  });

  it("starts again from the beginning, at once, when what the work reads changed", async () => {
    const scheduler = new SliceScheduler({ sliceMs: 1, shortSlices: 8, maxRunning: 2 });
    let state = 1;
    let starts = 0;
    const read = scheduler.run({
      start: function* () {
        starts++;
        const seen = state;
        for (let i = 0; i < 20; i++) {
          const until = performance.now() + 0.3;
          while (performance.now() < until);
          yield;
        }
        return seen === state ? `read ${seen}` : "torn";
      },
      changed: () => state !== 1,
    });
    await turn();
    state = 2;
    expect(await read).toBe("read 2");
    expect(starts).toBe(2);
  });

  it("answers the work's error", async () => {
    const scheduler = new SliceScheduler({ sliceMs: 1, shortSlices: 8, maxRunning: 1 });
    const failing = function* (): Work<never> {
      const until = performance.now() + 3;
      while (performance.now() < until);
      yield;
      throw new Error("refused");
    };
    await expect(scheduler.run({ start: failing })).rejects.toThrow("refused");
    await expect(
      scheduler.run({
        start: function* (): Work<string> {
          if (scheduler.pending >= 0) throw new Error("at once");
          yield;
          return "never reached";
        },
      }),
    ).rejects.toThrow("at once");
    expect(scheduler.pending).toBe(0);
  });

  it("moves work that outlasts its short slices elsewhere, unfinished, and answers what it answers there", async () => {
    const scheduler = new SliceScheduler({ sliceMs: 1, shortSlices: 3, maxRunning: 1 });
    const log: string[] = [];
    let moved = 0;
    const heavy = scheduler.run({
      start: () => busy(100, 0.5, log, "heavy"),
      move: {
        after: 3,
        to: async () => {
          moved++;
          return "elsewhere";
        },
      },
    });
    const small = scheduler.run({
      start: () => busy(1, 0, log, "small"),
      move: { after: 3, to: async () => "never" },
    });
    await expect(small).resolves.toBe("small");
    await expect(heavy).resolves.toBe("elsewhere");
    expect(moved).toBe(1);
    // Three slices of about a millisecond ran here, far from the work's 100 steps.
    expect(log.filter((x) => x === "heavy").length).toBeLessThan(30);
    expect(scheduler.pending).toBe(0);
    // Its failure there is the work's failure.
    const failing = scheduler.run({
      start: () => busy(100, 0.5, [], "heavy"),
      move: {
        after: 1,
        to: () => Promise.reject(new Error("worker stopped")),
      },
    });
    await expect(failing).rejects.toThrow("worker stopped");
  });
});
