import { beforeAll, describe, expect, it } from "vitest";
import { createVisionPlanning } from "../../demo/planning/index.ts";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { GridError, type GridRequest, type GridResponse, runGridOperation } from "../../src/grid/index.ts";
import { thrown } from "../support/thrown.ts";

/**
 * Substitution variables (`&CurrMonth`) and Dynamic Time Series members (`Q-T-D(Feb)`) typed in an ad hoc
 * grid, as Essbase reads them. Sample.Basic defines CurrMonth = Jul, CurrQtr = Qtr3, PriorMonth = Jun and
 * enables H-T-D and Q-T-D on Year; the published figures (Actual, Sales, Cola, East): Jan 109, Feb 85,
 * Mar 112, Jul 2248.
 */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const run = (req: GridRequest): GridResponse => runGridOperation(cube, req);
const POV = ["", "Actual", "Cola", "East"];

/** The GridError that refuses `req`. */
const refusal = (req: GridRequest): GridError => thrown(GridError, () => run(req));

describe("substitution variables in a grid (Sample.Basic)", () => {
  it("a row header &CurrMonth reads the variable's member and is shown as that member after a refresh", () => {
    const r = run({ action: "refresh", grid: [POV, ["", "Sales"], ["&CurrMonth"], ["&PriorMonth"]] });
    expect(r.grid[2]?.slice(0, 2)).toEqual(["Jul", "2248"]);
    expect(r.grid[3]?.[0]).toBe("Jun");
    expect(r.kinds[2]?.[0]).toBe("row-header");
  });

  it("works in the POV and in a column header, whatever the case of the name", () => {
    const r = run({
      action: "refresh",
      grid: [["", "Actual", "Cola", "East"], ["", "&currqtr", "&CURRMONTH"], ["Sales"]],
    });
    expect(r.grid[1]?.slice(0, 3)).toEqual(["", "Qtr3", "Jul"]);
    expect(r.grid[2]?.[2]).toBe("2248");
    const pov = run({
      action: "refresh",
      grid: [["", "&CurrMonth", "Actual", "Cola"], ["", "Sales"], ["East"]],
    });
    expect(pov.grid[0]).toEqual(["", "Jul", "Actual", "Cola"]);
    expect(pov.grid[2]?.slice(0, 2)).toEqual(["East", "2248"]);
  });

  it("a variable the cube does not define is an unknown member, at its cell", () => {
    const e = refusal({ action: "refresh", grid: [POV, ["", "Sales"], ["&NoSuchVar"]] });
    expect(e.code).toBe("GRID_UNKNOWN_MEMBER");
    expect(e.unknownMembers).toEqual([{ row: 2, column: 0, text: "&NoSuchVar" }]);
  });

  it("zooms on the member it stands for (zoom in &CurrQtr gives Jul, Aug, Sep)", () => {
    const r = run({
      action: "zoomin",
      grid: [POV, ["", "Sales"], ["&CurrQtr"]],
      cells: [{ row: 2, column: 0 }],
    });
    expect(r.grid.slice(2).map((row) => row[0]?.trim())).toEqual(["Jul", "Aug", "Sep", "Qtr3"]);
    expect(r.grid[2]?.[1]).toBe("2248");
  });
});

describe("Dynamic Time Series members in a grid (Sample.Basic)", () => {
  it("retrieves to-date values: Q-T-D(Feb) = Jan + Feb, H-T-D(Mar) = Jan + Feb + Mar, Q-T-D(&CurrMonth) = Jul", () => {
    const r = run({
      action: "refresh",
      grid: [POV, ["", "Sales"], ["Q-T-D(Feb)"], ["H-T-D(Mar)"], ["q-t-d(&CurrMonth)"], ["Q-T-D(Jan)"]],
    });
    expect(r.grid.slice(2).map((row) => row.slice(0, 2))).toEqual([
      ["Q-T-D(Feb)", String(109 + 85)],
      ["H-T-D(Mar)", String(109 + 85 + 112)],
      ["Q-T-D(Jul)", "2248"],
      ["Q-T-D(Jan)", "109"],
    ]);
    expect(r.kinds[2]?.slice(0, 2)).toEqual(["row-header", "data"]);
  });

  it("follows the account's time balance (Opening Inventory is TB First: its Q-T-D(Mar) is Jan's)", () => {
    const r = run({
      action: "refresh",
      grid: [["", "Actual", "Cola", "East"], ["", "Opening Inventory"], ["Jan"], ["Q-T-D(Mar)"]],
    });
    expect(r.grid[2]?.[1]).not.toBe("");
    expect(r.grid[3]?.[1]).toBe(r.grid[2]?.[1]);
  });

  it("only the series the outline enables: Y-T-D(Feb) is an unknown member in Sample.Basic", () => {
    const e = refusal({ action: "refresh", grid: [POV, ["", "Sales"], ["Y-T-D(Feb)"]] });
    expect(e.code).toBe("GRID_UNKNOWN_MEMBER");
    expect(e.unknownMembers?.[0]?.text).toBe("Y-T-D(Feb)");
    expect(refusal({ action: "refresh", grid: [POV, ["", "Sales"], ["Q-T-D(East)"]] }).code).toBe(
      "GRID_UNKNOWN_MEMBER",
    );
  });

  const grid = [POV, ["", "Sales"], ["Qtr1"], ["Q-T-D(Feb)"]];

  it("stays on the grid through a zoom in and out of other members; zooming on it changes nothing", () => {
    const z = run({ action: "zoomin", grid, cells: [{ row: 2, column: 0 }] });
    expect(z.grid.slice(2).map((row) => row[0]?.trim())).toEqual(["Jan", "Feb", "Mar", "Qtr1", "Q-T-D(Feb)"]);
    expect(z.grid[6]?.[1]).toBe("194");
    const out = run({ action: "zoomout", grid: z.grid, cells: [{ row: 2, column: 0 }] });
    expect(out.grid.slice(2).map((row) => row[0]?.trim())).toEqual(["Qtr1", "Q-T-D(Feb)"]);
    for (const action of ["zoomin", "zoomout"] as const) {
      const on = run({ action, grid, cells: [{ row: 3, column: 0 }] });
      expect(on.changed).toBe(false);
      expect(on.grid.slice(2).map((row) => row[0]?.trim())).toEqual(["Qtr1", "Q-T-D(Feb)"]);
    }
  });

  it("is kept or removed by Keep Only / Remove Only like any member", () => {
    const keep = run({ action: "keeponly", grid, cells: [{ row: 3, column: 0 }] });
    expect(keep.grid.slice(2).map((row) => row.slice(0, 2))).toEqual([["Q-T-D(Feb)", "194"]]);
    const remove = run({ action: "removeonly", grid, cells: [{ row: 3, column: 0 }] });
    expect(remove.grid.slice(2).map((row) => row[0])).toEqual(["Qtr1"]);
  });

  it("travels with its dimension through a pivot, values unchanged", () => {
    const twoDown = [
      ["", "Actual", "Cola"],
      ["", "", "Sales"],
      ["Qtr1", "East"],
      ["Q-T-D(Feb)", "East"],
    ];
    const p = run({ action: "pivot", grid: twoDown, pivot: { row: 3, column: 0 } });
    expect(p.placements.find((x) => x.name === "Year")?.region).toBe("TOP");
    const header = p.grid.findIndex((row) => row.includes("Q-T-D(Feb)"));
    const col = p.grid[header]?.indexOf("Q-T-D(Feb)") as number;
    const dataRow = p.grid.findIndex((row) => row[0]?.trim() === "East");
    expect(p.grid[dataRow]?.[col]).toBe("194");
    const back = run({
      action: "pivot",
      grid: p.grid,
      pivot: { row: header, column: col, toRow: dataRow, toColumn: 0 },
    });
    expect(back.placements.find((x) => x.name === "Year")).toMatchObject({ region: "LEFT", index: 0 });
    expect(back.grid.slice(-2).map((row) => [row[0]?.trim(), row[1]?.trim(), row[2]])).toEqual([
      ["Qtr1", "East", expect.any(String)],
      ["Q-T-D(Feb)", "East", "194"],
    ]);
  });

  it("is read-only on submit (a Dynamic Time Series value is computed, never stored)", () => {
    const sent = grid.map((row) => [...row]);
    (sent[3] as string[])[1] = "500";
    const r = run({ action: "submit", grid: sent, dirtyCells: [{ row: 3, column: 1 }] });
    expect(r.cellStatus?.[0]?.status).toBe("read-only");
    expect(r.grid[3]?.[1]).toBe("194");
    expect(r.writable[3]?.[1]).toBe(false);
  });
});

describe("substitution variables in a grid (Vision, Plan1)", () => {
  it("&CurYr and &CurMonth read FY15 and Jan, as typing the members does", () => {
    const plan1 = createVisionPlanning().dataSource("Plan1");
    const sheet = (year: string, month: string) => [
      ["", "Plan", "Working", year, "USD", "BaseData", "P_TP"],
      ["", month],
      ["4110"],
    ];
    const withVars = runGridOperation(plan1, { action: "refresh", grid: sheet("&CurYr", "&CurMonth") });
    const typed = runGridOperation(plan1, { action: "refresh", grid: sheet("FY15", "Jan") });
    expect(withVars.grid).toEqual(typed.grid);
    expect(withVars.grid[0]).toContain("FY15");
  });
});
