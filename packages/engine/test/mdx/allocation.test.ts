import { describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import { MdxError, parseMdxUpdate, resolveMdxUpdate } from "../../src/mdx/index.ts";
import { EAST_STATES } from "../support/sample-basic.ts";
import { thrown } from "../support/thrown.ts";

/** What-If Analysis: `UPDATE CUBE … USE_EQUAL_ALLOCATION / USE_EQUAL_INCREMENT` spreads a value over the leaves. */

const cube = createSampleBasicCube();
const OPTIONS = { application: "Sample", cube: "Basic" };
const writes = (text: string, options = {}) =>
  resolveMdxUpdate(cube, parseMdxUpdate(text), { ...OPTIONS, ...options });
const named = (ws: ReturnType<typeof writes>) => ws.map((w) => w.tuple.map((m) => m.name).join("/"));
const read = (names: string[]) =>
  cube.read(names.map((n) => cube.outline.member(n) as NonNullable<ReturnType<typeof cube.outline.member>>));

describe("UPDATE CUBE with an equal allocation", () => {
  it("USE_EQUAL_ALLOCATION gives each stored level-0 cell under the tuple an equal share", () => {
    const ws = writes(
      "UPDATE CUBE Basic SET ([Qtr1], [East], [100-10], [Sales], [Actual]) = 300 USE_EQUAL_ALLOCATION",
    );
    // Three months by five states: 15 cells of 20 each.
    expect(ws).toHaveLength(15);
    expect(new Set(ws.map((w) => w.value))).toEqual(new Set([20]));
    expect(named(ws)[0]).toBe("Jan/Sales/100-10/New York/Actual");
    expect(new Set(ws.map((w) => w.tuple[3]?.name))).toEqual(new Set(EAST_STATES));
  });

  it("leaves out Dynamic Calc leaves (Scenario's Variance) and reads a shared member once", () => {
    const ws = writes("UPDATE Basic SET ([Jan], [New York], [100-10], [Sales]) = 10 USE_EQUAL_ALLOCATION");
    expect(named(ws)).toEqual(["Jan/Sales/100-10/New York/Actual", "Jan/Sales/100-10/New York/Budget"]);
    expect(ws.map((w) => w.value)).toEqual([5, 5]);
    const diet = writes(
      "UPDATE Basic SET ([Jan], [New York], [Product], [Sales], [Actual]) = 13 USE_EQUAL_ALLOCATION",
    );
    // Diet's children are shared members of other families: each product once.
    expect(new Set(named(diet)).size).toBe(diet.length);
  });

  it("USE_EQUAL_INCREMENT moves each cell by an equal part of the change, keeping their differences", () => {
    const before = (["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"] as const).map(
      (s) => read(["Jan", "Sales", "100-10", s, "Actual"]),
    );
    const total = read(["Jan", "Sales", "100-10", "East", "Actual"]) as number;
    const ws = writes(
      `UPDATE Basic SET ([Jan], [East], [100-10], [Sales], [Actual]) = ${total + 50} USE_EQUAL_INCREMENT`,
    );
    expect(ws.map((w) => w.value)).toEqual(before.map((v) => (v ?? 0) + 10));
  });

  it("a level-0 tuple writes itself; a tuple with no stored leaf is handed to the write rule as it is", () => {
    expect(
      named(
        writes("UPDATE Basic SET ([Jan], [New York], [100-10], [Sales], [Actual]) = 7 USE_EQUAL_ALLOCATION"),
      ),
    ).toEqual(["Jan/Sales/100-10/New York/Actual"]);
    const variance = writes(
      "UPDATE Basic SET ([Jan], [New York], [100-10], [Sales], [Variance]) = 7 USE_EQUAL_ALLOCATION",
    );
    expect(named(variance)).toEqual(["Jan/Sales/100-10/New York/Variance"]);
    expect(cube.writeBlocker(variance[0]?.tuple ?? [])).toMatch(/Dynamic Calc/);
  });

  it("NULL empties every cell under the tuple; the weighted forms and too wide a tuple are refused", () => {
    expect(
      new Set(
        writes(
          "UPDATE Basic SET ([Qtr1], [New York], [100-10], [Sales], [Actual]) = NULL USE_EQUAL_ALLOCATION",
        ).map((w) => w.value),
      ),
    ).toEqual(new Set([null]));
    expect(
      thrown(MdxError, () => writes("UPDATE Basic SET ([Qtr1]) = 3 USE_WEIGHTED_INCREMENT")).reason,
    ).toEqual({
      id: "allocationUnsupported",
      allocation: "USE_WEIGHTED_INCREMENT",
    });
    const wide = thrown(MdxError, () =>
      writes("UPDATE Basic SET ([Sales]) = 3 USE_EQUAL_ALLOCATION", { maxCells: 1000 }),
    );
    expect(wide.reason).toEqual({ id: "allocationTooLarge", cells: 6240, max: 1000 });
  });
});
