import { describe, expect, it } from "vitest";
import { runCountingPauses } from "../../engine/test/support/steps.ts";
import { jsonSteps } from "../src/json-steps.ts";

function text(value: unknown): { text: string; pauses: number } {
  const { value: out, pauses } = runCountingPauses(jsonSteps(value));
  return { text: out, pauses };
}

describe("jsonSteps", () => {
  it("writes what JSON.stringify writes", () => {
    const values: unknown[] = [
      null,
      0,
      -1.5e-7,
      'é "quoted" \\ \n \u2028',
      true,
      [],
      {},
      [1, "a", null, undefined, () => 1, Symbol("s"), [2, [3]]],
      { a: 1, b: undefined, c: () => 2, d: { e: [{ f: "g" }], h: null }, 'k"ey': "v" },
      { at: new Date(0), n: Number.NaN, i: Number.POSITIVE_INFINITY, nested: { toJSON: () => "j" } },
      Object.assign(Object.create(null) as object, { x: [1, 2] }),
      // a sparse array, rows mixed with objects, an empty row, a Date among primitives
      Object.assign(new Array<number>(3), { 0: 1, 2: 3 }),
      [["a"], { b: [1] }, [], ["c", undefined], new Date(0), "d"],
      Array.from({ length: 3000 }, (_, i) => (i % 700 === 0 ? { at: i } : [i, `${i}`])),
    ];
    for (const v of values) expect(text(v).text).toBe(JSON.stringify(v));
  });

  it("pauses every few rows of a large grid", () => {
    const grid = Array.from({ length: 1000 }, (_, r) => Array.from({ length: 20 }, (_, c) => `${r}.${c}`));
    const answer = { grid, cellKinds: grid.map((row) => row.map(() => "data")), layout: { headerRows: 2 } };
    const { text: out, pauses } = text(answer);
    expect(out).toBe(JSON.stringify(answer));
    expect(pauses).toBeGreaterThanOrEqual(14);
    expect(text({ grid: [["a"]] }).pauses).toBe(0);
  });

  it("pauses by cells written, not by rows: 100 rows of 1,000 cells take a step every two rows", () => {
    const wide = Array.from({ length: 100 }, (_, r) => Array.from({ length: 1000 }, (_, c) => r * c));
    const { text: out, pauses } = text({ grid: wide });
    expect(out).toBe(JSON.stringify({ grid: wide }));
    expect(pauses).toBeGreaterThanOrEqual(45);
  });
});
