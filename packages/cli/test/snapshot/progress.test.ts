import { afterEach, describe, expect, it, vi } from "vitest";
import { progressOf } from "../../src/snapshot-cli.ts";

/** The progress lines of `qibates-snapshot` on a log (not a terminal): rate and time left. */
function log() {
  const lines: string[] = [];
  const progress = progressOf({ out() {}, err: (s) => lines.push(s), tty: false, env: {} });
  return { lines, progress };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("qibates-snapshot's progress", () => {
  it("counts the time spent reading, not the waits between tries of a query, in the rate and the time left", () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const { lines, progress } = log();
    const startedAt = Date.now();
    const state = { cube: "Plan1", chunks: 10, startedAt, chunksBefore: 0, cellsBefore: 0 };
    // One query read in 1 s, then a 40 s wait the server asked for, then a second query read in 1 s.
    vi.advanceTimersByTime(1000);
    progress.data({ ...state, chunk: 1, cells: 1000 });
    vi.advanceTimersByTime(40_000);
    progress.paused?.(40_000);
    vi.advanceTimersByTime(1000);
    progress.data({ ...state, chunk: 2, cells: 2000 });
    expect(lines.at(-1)).toBe("Plan1: 2000 cells read, query 2 of 10, 1000 cells/s, about 8 s left\n");
  });

  it("leaves out a wait before the cube's reading started", () => {
    vi.useFakeTimers();
    vi.setSystemTime(2_000_000);
    const { lines, progress } = log();
    progress.paused?.(16_000);
    vi.advanceTimersByTime(1);
    const startedAt = Date.now();
    vi.advanceTimersByTime(2000);
    progress.data({
      cube: "Basic",
      chunk: 1,
      chunks: 2,
      cells: 500,
      startedAt,
      chunksBefore: 0,
      cellsBefore: 0,
    });
    expect(lines.at(-1)).toBe("Basic: 500 cells read, query 1 of 2, 250 cells/s, about 2 s left\n");
  });
});
