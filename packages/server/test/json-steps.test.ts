import { describe, expect, it } from "vitest";
import { jsonSteps } from "../src/json-steps.ts";

function text(value: unknown): { text: string; pauses: number } {
  const steps = jsonSteps(value);
  let pauses = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { text: next.value, pauses };
    pauses++;
  }
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
});
