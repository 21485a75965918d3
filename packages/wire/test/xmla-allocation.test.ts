import { describe, expect, it } from "vitest";
import { faultOf, rowsOf, xmlaCalls, xmlaForTests } from "./support/xmla.ts";

/**
 * Excel's What-If Analysis through the XMLA endpoint over the embedded demo: a value typed at any level is
 * written with `UPDATE CUBE … USE_EQUAL_ALLOCATION` (or `USE_EQUAL_INCREMENT`), spread over the stored level-0
 * cells under it, in the user's own copy of the demo data.
 */

const server = xmlaForTests();
const calls = () => xmlaCalls(server);

/** East's Qtr1 Cola Actual Sales, and its fifteen month-by-state cells. */
const TOTAL = "([Qtr1], [East], [100-10], [Sales], [Actual])";
const read = async (tuple: string) => {
  const r = await calls().execute(`SELECT {${tuple}} ON 0 FROM [Sample].[Basic]`, { Format: "Tabular" });
  const v = Object.values(rowsOf(r)[0] ?? {})[0];
  return v === undefined ? null : Number(v);
};

describe("What-If Analysis (UPDATE CUBE with an equal allocation) at the XMLA endpoint", () => {
  it("USE_EQUAL_ALLOCATION spreads a total over its level-0 cells; USE_EQUAL_INCREMENT adds an equal part", async () => {
    const write = await calls().execute(
      `UPDATE CUBE [Sample].[Basic] SET ${TOTAL} = 300 USE_EQUAL_ALLOCATION`,
    );
    expect(faultOf(write)).toBeNull();
    expect(await read(TOTAL)).toBe(300);
    expect(await read("([Feb], [Florida], [100-10], [Sales], [Actual])")).toBe(20);
    const increment = await calls().execute(`UPDATE CUBE Basic SET ${TOTAL} = 315 USE_EQUAL_INCREMENT`);
    expect(faultOf(increment)).toBeNull();
    expect(await read(TOTAL)).toBe(315);
    expect(await read("([Mar], [Connecticut], [100-10], [Sales], [Actual])")).toBe(21);
  });

  it("refuses, writing nothing, a tuple whose only leaf is Dynamic Calc, and the weighted forms", async () => {
    const before = await read("([Jan], [New York], [100-10], [Sales], [Actual])");
    const variance = await calls().execute(
      "UPDATE CUBE Basic SET ([Jan], [New York], [100-10], [Sales], [Variance]) = 5 USE_EQUAL_ALLOCATION",
    );
    expect(faultOf(variance)?.faultstring).toMatch(/Dynamic Calc/);
    const weighted = await calls().execute(
      "UPDATE CUBE Basic SET ([Jan], [New York], [100-10], [Sales], [Actual]) = 5 USE_WEIGHTED_ALLOCATION BY 1",
    );
    expect(faultOf(weighted)?.faultstring).toMatch(/USE_WEIGHTED_ALLOCATION is not supported/);
    expect(await read("([Jan], [New York], [100-10], [Sales], [Actual])")).toBe(before);
  });
});

describe("What-If Analysis under MAX_GRID_CELLS", () => {
  const small = xmlaForTests({ maxCells: 20 });
  const smallCalls = () => xmlaCalls(small);

  it("refuses, writing nothing, an allocation over more cells than allowed; a smaller one is written", async () => {
    const cell = "([Jan], [New York], [100-10], [Sales], [Actual])";
    const readSmall = async () => {
      const r = await smallCalls().execute(`SELECT {${cell}} ON 0 FROM [Sample].[Basic]`, {
        Format: "Tabular",
      });
      return Number(Object.values(rowsOf(r)[0] ?? {})[0]);
    };
    const before = await readSmall();
    // Year × Market × Product under Sales Actual: 12 months × 20 states × 13 products, far more than 20 cells.
    const wide = await smallCalls().execute(
      "UPDATE CUBE Basic SET ([Year], [Market], [Product], [Sales], [Actual]) = 5 USE_EQUAL_ALLOCATION",
    );
    expect(faultOf(wide)?.faultstring).toMatch(/more than the 20 allowed|at most 20/);
    expect(await readSmall()).toBe(before);
    // East's Qtr1 Cola: 15 cells, within the 20.
    const narrow = await smallCalls().execute(`UPDATE CUBE Basic SET ${TOTAL} = 300 USE_EQUAL_ALLOCATION`);
    expect(faultOf(narrow)).toBeNull();
  });
});
