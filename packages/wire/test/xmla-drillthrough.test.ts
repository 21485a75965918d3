import { describe, expect, it } from "vitest";
import { EAST_STATES } from "../../embedded/test/support/sample-basic.ts";
import { faultOf, rowsetColumns, rowsOf, xmlaCalls, xmlaForTests } from "./support/xmla.ts";

/**
 * Excel's Show Details (double-click on a PivotTable value) through the XMLA endpoint over the embedded demo: a
 * `DRILLTHROUGH` answered as Analysis Services answers one, a rowset of the stored level-0 cells under the cell.
 */

const server = xmlaForTests();
const calls = () => xmlaCalls(server);

/** New York's Colas in January, Actual Sales, as Excel sends a Show Details on that cell. */
const CELL =
  "([Year].[Jan], [Market].[New York], [Product].[Colas], [Scenario].[Actual], [Measures].[Sales])";

describe("DRILLTHROUGH (Show Details) at the XMLA endpoint", () => {
  it("MDSCHEMA_CUBES says the demo's cubes take drillthrough", async () => {
    const r = await calls().discover("MDSCHEMA_CUBES", { CUBE_NAME: "Basic" });
    expect(rowsOf(r).map((row) => row.IS_DRILLTHROUGH_ENABLED)).toEqual(["true"]);
  });

  it("returns a rowset: one column per dimension ($-prefixed) and the cell's measure, one row per level-0 cell", async () => {
    const r = await calls().execute(`DRILLTHROUGH MAXROWS 1000 SELECT ${CELL} ON 0 FROM [Sample].[Basic]`);
    expect(faultOf(r)).toBeNull();
    expect(rowsetColumns(r)).toEqual([
      ["_x005B__x0024_Year_x005D_._x005B_Year_x005D_", "[$Year].[Year]"],
      ["_x005B__x0024_Product_x005D_._x005B_Product_x005D_", "[$Product].[Product]"],
      ["_x005B__x0024_Market_x005D_._x005B_Market_x005D_", "[$Market].[Market]"],
      ["_x005B__x0024_Scenario_x005D_._x005B_Scenario_x005D_", "[$Scenario].[Scenario]"],
      ["_x005B_Basic_x005D_._x005B_Sales_x005D_", "[Basic].[Sales]"],
    ]);
    const rows = rowsOf(r).map((row) => Object.values(row));
    // The three colas New York sold in January, as Sample.Basic holds them.
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ["Jan", "100-10", "New York", "Actual"],
      ["Jan", "100-20", "New York", "Actual"],
      ["Jan", "100-30", "New York", "Actual"],
    ]);
    const total = rows.reduce((s, row) => s + Number(row[4]), 0);
    const cell = await calls().execute(`SELECT ${CELL} ON 0 FROM [Sample].[Basic]`, { Format: "Tabular" });
    expect(total).toBe(Number(Object.values(rowsOf(cell)[0] ?? {})[0]));
  });

  it("reads the cell from WHERE as Excel writes it, honours MAXROWS and RETURN", async () => {
    const r = await calls().execute(
      "DRILLTHROUGH MAXROWS 2 SELECT FROM [Basic] WHERE ([Year].[Qtr1], [Market].[East], [Measures].[Sales]) " +
        "RETURN [$Market], [Measures].[Sales], [Measures].[COGS]",
    );
    expect(faultOf(r)).toBeNull();
    expect(rowsetColumns(r).map(([, field]) => field)).toEqual([
      "[$Market].[Market]",
      "[Basic].[Sales]",
      "[Basic].[COGS]",
    ]);
    const rows = rowsOf(r);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(EAST_STATES).toContain(Object.values(row)[0]);
  });

  it("refuses with a fault what it does not run: RETURN functions, MAXROWS beyond the cap, several cells", async () => {
    const name = await calls().execute(
      `DRILLTHROUGH SELECT ${CELL} ON 0 FROM [Basic] RETURN Name([$Market])`,
    );
    expect(faultOf(name)?.faultstring).toMatch(/RETURN lists measures and dimensions .* not Name/);
    const many = await calls().execute(`DRILLTHROUGH MAXROWS 900000 SELECT ${CELL} ON 0 FROM [Basic]`);
    expect(faultOf(many)?.faultstring).toMatch(
      /MAXROWS 900,000 is out of range: a drillthrough returns 1 to/,
    );
    const two = await calls().execute("DRILLTHROUGH SELECT {[Jan], [Feb]} ON 0 FROM [Basic]");
    expect(faultOf(two)?.faultstring).toMatch(/DRILLTHROUGH needs one cell/);
  });
});
