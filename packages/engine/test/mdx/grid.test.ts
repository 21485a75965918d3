import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { GridError, resolveSettings, runGridOperation } from "../../src/grid/index.ts";
import type { GridSettings } from "../../src/grid/settings.ts";
import { MdxError, runMdxGrid } from "../../src/mdx/index.ts";

/**
 * MDX answers laid out as grids on Sample.Basic. Values are the published figures the demo data pins
 * (demo/sample-basic-data.ts): the Jan–Mar Actual Cola Sales of the East states (New York 36/32/39, East
 * 109/85/112), Jul Actual Cola Sales/Profit of East 2248/1156 and Central 1392/369, Product 100's Actual
 * Sales by quarter 7048/7872/8511/7037.
 */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const grid = (query: string, settings: GridSettings = {}, maxCells?: number) =>
  runMdxGrid(cube, query, {
    settings: resolveSettings(settings),
    ...(maxCells !== undefined ? { maxCells } : {}),
  });

const COLA_EAST =
  "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS, {[East], [New York]} ON ROWS FROM Sample.Basic " +
  "WHERE ([Sales], [100-10], [Actual])";

describe("an MDX answer as a grid", () => {
  it("puts the slicer in the POV row, the columns axis across and the rows axis down", () => {
    const r = grid(COLA_EAST);
    expect(r.grid).toEqual([
      ["", "Sales", "Cola", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["East", "109", "85", "112"],
      ["     New York", "36", "32", "39"],
    ]);
    expect(r.kinds).toEqual([
      ["corner", "pov", "pov", "pov"],
      ["corner", "column-header", "column-header", "column-header"],
      ["row-header", "data", "data", "data"],
      ["row-header", "data", "data", "data"],
    ]);
    expect(r.headerRows).toBe(2);
    expect(r.leftColumns).toBe(1);
    expect(r.placements.map((p) => `${p.name}:${p.region}:${p.member ?? p.index}`)).toEqual([
      "Year:TOP:1",
      "Measures:POV:Sales",
      "Product:POV:100-10",
      "Market:LEFT:0",
      "Scenario:POV:Actual",
    ]);
  });

  it("lists the slicer in outline order, whatever the order of the WHERE tuple", () => {
    const r = grid(
      "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS, {[East], [New York]} ON ROWS FROM Sample.Basic " +
        "WHERE ([Actual], [100-10], [Sales])",
    );
    expect(r.grid).toEqual(grid(COLA_EAST).grid);
  });

  it("answers what a refresh of the same sheet answers", () => {
    const r = grid(COLA_EAST);
    const refreshed = runGridOperation(cube, { action: "refresh", grid: r.grid });
    expect(refreshed.grid).toEqual(r.grid);
    expect(refreshed.kinds).toEqual(r.kinds);
  });

  it("has no POV row without WHERE: the column headers start on the first row (Essbase REST's grid/mdx)", () => {
    const r = grid("SELECT {[Year].Children} ON COLUMNS, {[Product].[100]} ON ROWS FROM Sample.Basic");
    expect(r.grid[0]).toEqual(["", "Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(r.headerRows).toBe(1);
    expect(r.placements.find((p) => p.name === "Year")).toMatchObject({ region: "TOP", index: 0 });
    expect(r.placements.filter((p) => p.region === "POV")).toEqual([]);
    // The other dimensions stand at their top: a refresh reads the same cells, with their POV row added.
    const refreshed = runGridOperation(cube, { action: "refresh", grid: r.grid });
    expect(refreshed.grid[0]).toEqual(["", "Measures", "Market", "Scenario", ""]);
    expect(refreshed.grid.slice(1)).toEqual(r.grid);
  });

  it("reads Product 100's Actual Sales by quarter: 7048/7872/8511/7037", () => {
    const r = grid(
      "SELECT {[Year].Children} ON COLUMNS, {[Product].[100]} ON ROWS FROM Sample.Basic WHERE ([Sales], [Actual])",
    );
    expect(r.grid).toEqual([
      ["", "Sales", "Actual", "", ""],
      ["", "Qtr1", "Qtr2", "Qtr3", "Qtr4"],
      ["Colas", "7048", "7872", "8511", "7037"],
    ]);
  });

  it("gives one header row per column dimension and one header column per row dimension", () => {
    const r = grid(
      "SELECT CrossJoin({[Sales], [Profit]}, {[Jul]}) ON COLUMNS, {[East], [Central]} ON ROWS " +
        "FROM Sample.Basic WHERE ([100-10], [Actual])",
    );
    expect(r.grid).toEqual([
      ["", "Cola", "Actual"],
      ["", "Sales", "Profit"],
      ["", "Jul", "Jul"],
      ["East", "2248", "1156"],
      ["Central", "1392", "369"],
    ]);
    expect(r.headerRows).toBe(3);
    const rows = grid(
      "SELECT {[Sales], [Profit]} ON COLUMNS, CrossJoin({[East], [Central]}, {[Jul]}) ON ROWS " +
        "FROM Sample.Basic WHERE ([100-10], [Actual])",
      { repeatMemberLabels: false },
    );
    expect(rows.leftColumns).toBe(2);
    expect(rows.grid.slice(2)).toEqual([
      ["East", "Jul", "2248", "1156"],
      ["Central", "Jul", "1392", "369"],
    ]);
  });

  it("reads the data even with navigate without data: a query is asked for its values", () => {
    expect(grid(COLA_EAST, { navigateWithoutData: true }).grid).toEqual(grid(COLA_EAST).grid);
  });

  it("shows names or aliases as the settings say", () => {
    const names = grid(COLA_EAST, { aliasTable: "none" });
    expect(names.grid[0]).toEqual(["", "Sales", "100-10", "Actual"]);
    const flat = grid(COLA_EAST, { indentation: "NONE" });
    expect(flat.grid[3]?.[0]).toBe("New York");
  });

  it("shows #Missing with the missing label, and drops missing rows when asked (South × 400 is #Missing)", () => {
    const q =
      "SELECT {[Jan], [Year]} ON COLUMNS, {[Product].Children} ON ROWS FROM Sample.Basic " +
      "WHERE ([Sales], [Actual], [South])";
    const all = grid(q, { missingLabel: "-", aliasTable: "none" });
    expect(all.grid.map((row) => row[0])).toEqual(["", "", "100", "200", "300", "400", "Diet"]);
    expect(all.grid[5]?.slice(1, 3)).toEqual(["-", "-"]);
    expect(all.kinds[5]?.slice(1, 3)).toEqual(["missing", "missing"]);
    const suppressed = grid(q, { missingLabel: "-", aliasTable: "none", missingSuppression: true });
    expect(suppressed.grid).toEqual(all.grid.filter((_, i) => i !== 5));
  });

  it("NON EMPTY drops empty tuples before the grid is laid out (100-30 has no South data)", () => {
    const q = (nonEmpty: string) =>
      `SELECT {[Jan]} ON COLUMNS, ${nonEmpty}{[Product].[100].Children} ON ROWS FROM Sample.Basic ` +
      "WHERE ([Sales], [Actual], [South])";
    const plain = grid(q(""), { aliasTable: "none" });
    expect(plain.grid.map((row) => row[0])).toEqual(["", "", "100-10", "100-20", "100-30"]);
    expect(plain.grid[4]?.[1]).toBe("#Missing");
    const nonEmpty = grid(q("NON EMPTY "), { aliasTable: "none" });
    expect(nonEmpty.grid).toEqual(plain.grid.slice(0, 4));
  });

  it("lays out a calculated member under its parent, computed, never writable", () => {
    const r = grid(
      "WITH MEMBER [Measures].[Margin %] AS '[Profit] / [Sales] * 100' " +
        "SELECT {[Sales], [Profit], [Margin %]} ON COLUMNS, {[East]} ON ROWS FROM Sample.Basic " +
        "WHERE ([Jul], [100-10], [Actual])",
    );
    expect(r.grid[1]).toEqual(["", "Sales", "Profit", "Margin %"]);
    expect(r.grid[2]?.slice(0, 3)).toEqual(["East", "2248", "1156"]);
    expect(Number(r.grid[2]?.[3])).toBeCloseTo((1156 / 2248) * 100, 6);
    expect(r.writable[2]?.[3]).toBe(false);
    expect(r.kinds[2]?.[3]).toBe("data");
  });

  it("answers one data row without row headers when the query has no rows axis", () => {
    const r = grid(
      "SELECT {[Qtr1], [Qtr2], [Qtr3], [Qtr4]} ON COLUMNS FROM Sample.Basic WHERE ([Sales], [Actual], [100])",
    );
    expect(r.grid).toEqual([
      ["Sales", "Colas", "Actual", ""],
      ["Qtr1", "Qtr2", "Qtr3", "Qtr4"],
      ["7048", "7872", "8511", "7037"],
    ]);
    expect(r.leftColumns).toBe(0);
  });

  it("keeps the headers of an axis left empty, with no data row or column under them (no state sells above 30000)", () => {
    // The tester's query: the Market column stays, as for an axis NON EMPTY leaves empty; no #Missing row.
    const rows = grid(
      "SELECT {[Sales]} ON COLUMNS, Order(Filter([Market].Levels(0).Members, [Sales] > 30000), [Sales], BDESC) " +
        "ON ROWS FROM Sample.Basic WHERE ([Actual])",
    );
    expect(rows.grid).toEqual([
      ["", "Actual"],
      ["", "Sales"],
    ]);
    expect(rows.leftColumns).toBe(1);
    expect(rows.placements.find((p) => p.name === "Market")).toMatchObject({ region: "LEFT", index: 0 });
    const nonEmpty = grid(
      "SELECT {[Sales]} ON COLUMNS, NON EMPTY {[South].Children} ON ROWS FROM Sample.Basic WHERE ([400], [Actual])",
    );
    expect(nonEmpty.placements.find((p) => p.name === "Market")).toMatchObject({ region: "LEFT", index: 0 });
    // Across: Market's header row stays, empty; Sales has no cell.
    const columns = grid(
      "SELECT Filter([Market].Levels(0).Members, [Sales] > 30000) ON COLUMNS, {[Sales]} ON ROWS " +
        "FROM Sample.Basic WHERE ([Actual])",
    );
    expect(columns.grid).toEqual([
      ["", "Actual"],
      ["", ""],
      ["Sales", ""],
    ]);
    expect(columns.kinds[2]).toEqual(["row-header", "blank"]);
    expect(columns.placements.find((p) => p.name === "Market")).toMatchObject({ region: "TOP", index: 1 });
    // Nested: both dimensions of the cross join keep their header columns.
    const nested = grid(
      "SELECT {[Sales]} ON COLUMNS, Filter(CrossJoin([Market].Children, [Product].Children), [Sales] > 1000000) " +
        "ON ROWS FROM Sample.Basic WHERE ([Actual])",
    );
    expect(nested.grid).toEqual([
      ["", "", "Actual"],
      ["", "", "Sales"],
    ]);
    // `{}` names no dimension: no header column, and still no data row.
    const none = grid("SELECT {[Sales]} ON COLUMNS, {} ON ROWS FROM Sample.Basic WHERE ([Actual])");
    expect(none.grid).toEqual([["Actual"], ["Sales"]]);
  });

  it("refuses a PAGES axis, naming where it is", () => {
    const q = "SELECT {[Jan]} ON COLUMNS, {[East]} ON ROWS, {[Sales]} ON PAGES FROM Sample.Basic";
    expect(() => grid(q)).toThrowError(MdxError);
    try {
      grid(q);
    } catch (e) {
      expect((e as MdxError).code).toBe("MDX_ARGUMENT");
      expect((e as MdxError).line).toBe(1);
      expect((e as MdxError).column).toBe(q.indexOf("{[Sales]}") + 1);
    }
  });

  it("stops an answer over the cell budget: the axes' product before any cell is read, the sheet after", () => {
    const q =
      "SELECT {[Year].Levels(0).Members} ON COLUMNS, {[Market].Levels(0).Members} ON ROWS FROM Sample.Basic";
    try {
      grid(q, {}, 100);
      expect.unreachable();
    } catch (e) {
      expect((e as MdxError).code).toBe("MDX_TOO_LARGE");
      expect((e as MdxError).size).toEqual({ cells: 12 * 20, max: 100 });
    }
    // 12 × 20 = 240 cells pass the axes' check, but the sheet (21 rows of 13 cells) is larger.
    expect(() => grid(q, {}, 250)).toThrowError(GridError);
    expect(grid(q, {}, 21 * 13).grid.length).toBe(21);
  });
});
