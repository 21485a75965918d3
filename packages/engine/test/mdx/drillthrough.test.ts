import { describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import {
  cellAt,
  executeMdx,
  executeMdxDrillthrough,
  MdxError,
  type MdxOptions,
  parseMdxDrillthrough,
} from "../../src/mdx/index.ts";
import { EAST_STATES } from "../support/sample-basic.ts";
import { thrown } from "../support/thrown.ts";

/** `DRILLTHROUGH` (Excel's Show Details) over Sample.Basic: the stored level-0 cells under one cell. */

const cube = createSampleBasicCube();
const OPTIONS = { application: "Sample", cube: "Basic" };
const drill = (text: string, options: MdxOptions = {}) =>
  executeMdxDrillthrough(cube, parseMdxDrillthrough(text), { ...OPTIONS, ...options });
const names = (r: ReturnType<typeof drill>) => r.rows.map((row) => row.members.map((m) => m.name));
const value = (tuple: string) => cellAt(executeMdx(cube, `SELECT {${tuple}} ON 0 FROM Sample.Basic`), [0]);

describe("DRILLTHROUGH", () => {
  it("returns one row per level-0 cell under the cell that holds data, whose values add up to the cell's", () => {
    const cell = "([Qtr1], [East], [Colas], [Actual], [Sales])";
    const r = drill(`DRILLTHROUGH SELECT ${cell} ON 0 FROM [Sample].[Basic]`);
    expect(r.dimensions.map((d) => d.name)).toEqual(["Year", "Product", "Market", "Scenario"]);
    expect(r.measures.map((m) => m.name)).toEqual(["Sales"]);
    expect(r.truncated).toBe(false);
    // Every row is a level-0 cell under the cell, with a value.
    for (const [year, product, market, scenario] of names(r)) {
      expect(["Jan", "Feb", "Mar"]).toContain(year);
      expect(["100-10", "100-20", "100-30"]).toContain(product);
      expect(EAST_STATES).toContain(market);
      expect(scenario).toBe("Actual");
    }
    for (const row of r.rows) expect(row.values[0]).not.toBeNull();
    const total = r.rows.reduce((s, row) => s + (row.values[0] as number), 0);
    expect(total).toBeCloseTo(value(cell) as number, 6);
    // New York's January Cola is the first row, its value the one a query reads.
    expect(names(r)[0]).toEqual(["Jan", "100-10", "New York", "Actual"]);
    expect(r.rows[0]?.values[0]).toBe(value("([Jan], [100-10], [New York], [Actual], [Sales])"));
  });

  it("the cell may be named on axes and in WHERE; a dimension it leaves out is walked from its top", () => {
    const a = drill(
      "DRILLTHROUGH SELECT ([Jan]) ON 0 FROM Sample.Basic WHERE ([New York], [Sales], [Actual])",
    );
    // Every product that sold in New York in January.
    expect(new Set(names(a).map((n) => n[0]))).toEqual(new Set(["Jan"]));
    expect(names(a).every((n) => n[2] === "New York" && n[3] === "Actual")).toBe(true);
    expect(a.rows.reduce((s, row) => s + (row.values[0] as number), 0)).toBeCloseTo(
      value("([Jan], [New York], [Sales], [Actual])") as number,
      6,
    );
  });

  it("reads stored leaves only: Scenario's Variance (Dynamic Calc) is never a row", () => {
    const r = drill("DRILLTHROUGH SELECT ([Jan], [New York], [100-10], [Sales]) ON 0 FROM Sample.Basic");
    expect(names(r).map((n) => n[3])).toEqual(["Actual", "Budget"]);
  });

  it("MAXROWS returns the first rows only and says more were left", () => {
    const r = drill(
      "DRILLTHROUGH MAXROWS 4 SELECT ([Qtr1], [East], [Sales], [Actual]) ON 0 FROM Sample.Basic",
    );
    expect(r.rows).toHaveLength(4);
    expect(r.truncated).toBe(true);
    expect(r.maxRows).toBe(4);
  });

  it("RETURN picks the columns: measures (as in a query, or by their group, the cube) and dimensions", () => {
    const r = drill(
      "DRILLTHROUGH SELECT ([Jan], [New York], [Actual], [Cola]) ON 0 FROM Sample.Basic " +
        "RETURN [$Market], [Measures].[Sales], [Basic].[COGS], [Product]",
    );
    expect(r.dimensions.map((d) => d.name)).toEqual(["Market", "Product"]);
    expect(r.measures.map((m) => m.name)).toEqual(["Sales", "COGS"]);
    expect(names(r)).toEqual([["New York", "100-10"]]);
    expect(r.rows[0]?.values).toEqual([
      value("([Jan], [New York], [Actual], [100-10], [Sales])"),
      value("([Jan], [New York], [Actual], [100-10], [COGS])"),
    ]);
  });

  it("refuses what it does not read, with a reason", () => {
    const reason = (text: string, options?: MdxOptions) =>
      thrown(MdxError, () => drill(text, options)).reason;
    expect(reason("DRILLTHROUGH SELECT {[Jan], [Feb]} ON 0 FROM Sample.Basic").id).toBe(
      "drillthroughOneCell",
    );
    expect(reason("DRILLTHROUGH FIRSTROWSET 1 SELECT ([Jan]) ON 0 FROM Sample.Basic")).toMatchObject({
      clause: "FIRSTROWSET",
    });
    expect(
      reason("DRILLTHROUGH WITH MEMBER [Measures].[x] AS 1 SELECT ([Jan]) ON 0 FROM Sample.Basic"),
    ).toMatchObject({ clause: "WITH" });
    expect(
      reason("DRILLTHROUGH SELECT ([Jan]) ON 0 FROM (SELECT {[East]} ON 0 FROM Sample.Basic)"),
    ).toMatchObject({ clause: "subselect" });
    expect(reason("DRILLTHROUGH SELECT ([Jan]) ON 0 FROM Sample.Basic RETURN Name([$Market])")).toMatchObject(
      {
        id: "drillthroughReturn",
      },
    );
    expect(reason("DRILLTHROUGH SELECT ([Jan]) ON 0 FROM Sample.Basic RETURN [Jan]")).toMatchObject({
      id: "drillthroughReturn",
    });
    expect(
      reason("DRILLTHROUGH MAXROWS 1000 SELECT ([Jan]) ON 0 FROM Sample.Basic", { maxCells: 500 }),
    ).toEqual({
      id: "drillthroughMaxRows",
      given: 1000,
      max: 100,
    });
    expect(reason("DRILLTHROUGH SELECT ([Jan]) ON 0 FROM Sample.Other").id).toBe("unknownCube");
  });

  it("its reads count against the query's work budget", () => {
    const e = thrown(MdxError, () =>
      drill("DRILLTHROUGH SELECT ([Sales]) ON 0 FROM Sample.Basic", { maxWork: 1000 }),
    );
    expect(e.code).toBe("MDX_TOO_COSTLY");
  });
});
