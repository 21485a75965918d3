import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import {
  GridError,
  type GridRequest,
  type GridResponse,
  initialGrid,
  runGridOperation,
} from "../../src/grid/index.ts";
import { EAST_COLA_SALES_Q1, EAST_STATES, MONTHS, YEAR_OUTLINE } from "../support/sample-basic.ts";

/** Ad hoc operations on Sample.Basic, checked by value against the published figures. */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const run = (req: GridRequest): GridResponse => runGridOperation(cube, req);
const col = (g: string[][], c: number): string[] => g.map((r) => r[c] ?? "");

describe("initgrid", () => {
  it("lays out Essbase's default grid: first dimension down, second across, the rest in the POV", () => {
    const g = initialGrid(cube);
    expect(g.grid).toEqual([
      ["", "Product", "Market", "Scenario"],
      ["", "Measures", "", ""],
      ["Year", "112121", "", ""],
    ]);
    expect(g.kinds[0]).toEqual(["corner", "pov", "pov", "pov"]);
    expect(g.kinds[2]).toEqual(["row-header", "data", "blank", "blank"]);
    expect(g.placements.map((p) => `${p.name}:${p.region}`)).toEqual([
      "Year:LEFT",
      "Measures:TOP",
      "Product:POV",
      "Market:POV",
      "Scenario:POV",
    ]);
  });

  it("answers a refresh of an empty sheet with the default grid", () => {
    const r = run({ action: "refresh", grid: [[""]] });
    expect(r.grid[2]?.[0]).toBe("Year");
  });
});

describe("refresh", () => {
  it("reads the data of every row and column", () => {
    const r = run({
      action: "refresh",
      grid: [
        ["", "Actual", "Sales", "Cola"],
        ["", "Jan", "Feb", "Mar"],
        ["New York"],
        ["Massachusetts"],
        ["Florida"],
        ["Connecticut"],
        ["New Hampshire"],
        ["East"],
      ],
    });
    const rows = r.grid.slice(2);
    // The states indented under East.
    expect(rows.map((row) => row[0])).toEqual([...EAST_STATES.map((s) => `     ${s}`), "East"]);
    expect(rows.map((row) => [row[0]?.trim(), ...row.slice(1)])).toEqual(EAST_COLA_SALES_Q1);
    expect(r.headerRows).toBe(2);
    expect(r.leftColumns).toBe(1);
  });

  it("reads names, aliases of the active table, indented labels and quoted numeric names", () => {
    const r = run({
      action: "refresh",
      grid: [["", "Actual", "Sales", "East"], ["", "Jan"], ["     100-10"], ["'100"], ["Colas"]],
    });
    expect(col(r.grid, 0).slice(2)).toEqual(["     Cola", "Colas", "Colas"]);
    expect(r.grid[2]?.[1]).toBe("109");
  });

  it("accepts the Long Names alias table", () => {
    const r = run({
      action: "refresh",
      aliasTable: "Long Names",
      grid: [["", "Actual", "Sales", "East"], ["", "Jan"], ["The Best Cola"]],
    });
    expect(r.grid[2]).toEqual(["The Best Cola", "109", "", ""]);
  });

  it("reports unknown members with their cell position", () => {
    try {
      run({
        action: "refresh",
        grid: [["", "Actual", "Sales"], ["", "Jan", "Febuary"], ["East"], ["Neww York"]],
      });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(GridError);
      const err = e as GridError;
      expect(err.code).toBe("GRID_UNKNOWN_MEMBER");
      expect(err.unknownMembers).toEqual([
        { row: 1, column: 2, text: "Febuary" },
        { row: 3, column: 0, text: "Neww York" },
      ]);
    }
  });

  it("keeps blank rows and columns where they are", () => {
    const r = run({
      action: "refresh",
      grid: [["", "Actual", "Sales", "Cola", ""], ["", "Jan", "", "Mar"], ["East"], [""], ["New York"]],
    });
    expect(r.grid).toEqual([
      ["", "Actual", "Sales", "Cola"],
      ["", "Jan", "", "Mar"],
      ["East", "109", "", "112"],
      ["", "", "", ""],
      ["     New York", "36", "", "39"],
    ]);
    expect(r.kinds[3]).toEqual(["blank", "blank", "blank", "blank"]);
    expect(r.kinds[2]).toEqual(["row-header", "data", "blank", "data"]);
  });

  it("adds a dimension missing from the sheet to the POV at its top member", () => {
    const r = run({ action: "refresh", grid: [["", "Actual", "Sales"], ["", "Jan"], ["East"]] });
    expect(r.grid[0]).toEqual(["", "Actual", "Sales", "Product"]);
    expect(r.grid[2]).toEqual(["East", String(eastJanAllProducts()), "", ""]);
  });
});

/** A value read straight from the cube (Year, Measures, Product, Market, Scenario member names). */
function cubeValue(...names: string[]): number | null {
  const t = names.map((n) => cube.outline.member(n));
  if (t.some((m) => !m)) throw new Error(`unknown member in ${names.join(", ")}`);
  return cube.read(t as never);
}

function eastJanAllProducts(): number {
  return cubeValue("Jan", "Sales", "Product", "East", "Actual") as number;
}

describe("data options", () => {
  const SOUTH = [["", "Actual", "Sales", "Year"], ["", "Fruit Soda", "Colas"], ["South"], ["East"]];

  it("shows #Missing, or the missing label asked for", () => {
    expect(run({ action: "refresh", grid: SOUTH }).grid[2]).toEqual(["South", "#Missing", "4099", ""]);
    const r = run({ action: "refresh", grid: SOUTH, settings: { missingLabel: "-" } });
    expect(r.grid[2]?.[1]).toBe("-");
    expect(r.kinds[2]?.[1]).toBe("missing");
  });

  it("suppresses missing rows and missing columns", () => {
    const sheet = [["", "Actual", "Sales", "Year"], ["", "Fruit Soda"], ["South"], ["East"]];
    const r = run({ action: "refresh", grid: sheet, settings: { missingSuppression: true } });
    expect(col(r.grid, 0).slice(2)).toEqual(["East"]);
    expect(r.rangesToDelete).toEqual([{ startRow: 3, startCol: 0, rows: 1, columns: 4 }]);
    const byColumn = run({
      action: "refresh",
      grid: [["", "Actual", "Sales", "Year"], ["", "Fruit Soda", "Colas"], ["South"]],
      settings: { suppressMissingColumns: true },
    });
    expect(byColumn.grid[1]).toEqual(["", "Colas", "", ""]);
    expect(byColumn.grid[2]).toEqual(["South", "4099", "", ""]);
  });

  it("suppresses zero rows", () => {
    const sheet = [["", "Actual", "Sales", "Cola"], ["", "Jan"], ["Connecticut"], ["Florida"]];
    const r = run({ action: "refresh", grid: sheet, settings: { suppressZeroRows: true } });
    expect(r.grid.slice(2)).toEqual([["Florida", "37", "", ""]]);
  });

  it("suppresses rows whose labels hold an underscore", () => {
    const r = run({
      action: "refresh",
      grid: [["", "Actual", "Sales", "Year"], ["", "East"], ["100-10"], ["100-20"]],
      settings: { suppressUnderscoreRows: true, memberDisplay: "name" },
    });
    expect(col(r.grid, 0).slice(2)).toEqual(["100-10", "100-20"]);
  });

  it("navigates without data: no value is read, typed values stay", () => {
    const r = run({
      action: "zoomin",
      grid: [
        ["", "Actual", "Sales", "Cola"],
        ["", "Jan"],
        ["East", "123"],
      ],
      cells: [{ row: 2, column: 0 }],
      settings: { navigateWithoutData: true },
    });
    expect(col(r.grid, 1).slice(2)).toEqual(["", "", "", "", "", "123"]);
  });

  it("marks stored cells writable and dynamic ones read-only", () => {
    const r = run({
      action: "refresh",
      grid: [["", "Actual", "Cola", "New York"], ["", "Jan", "Qtr1", "Year"], ["Sales"], ["Profit"]],
    });
    expect(r.writable[2]).toEqual([false, true, true, false]);
    expect(r.writable[3]).toEqual([false, false, false, false]);
  });
});

describe("member options", () => {
  it("displays names, aliases or both (codeAliasParam)", () => {
    const sheet = [["", "Actual", "Sales", "East"], ["", "Jan"], ["100-10"]];
    expect(run({ action: "refresh", grid: sheet }).grid[2]?.[0]).toBe("Cola");
    expect(run({ action: "refresh", grid: sheet, aliasTable: null }).grid[2]?.[0]).toBe("100-10");
    const both = run({
      action: "refresh",
      grid: sheet,
      settings: { codeAliasParam: { displayCodeAndAlias: true } },
    });
    expect(both.grid[2]?.[0]).toBe("100-10: Cola");
    // and reads its own answer back
    expect(run({ action: "refresh", grid: both.grid }).grid[2]).toEqual(["Cola", "109", "", ""]);
  });

  const QTR = [["", "Actual", "Sales", "East"], ["", "Cola"], ["Qtr1"], ["Jan"], ["Year"]];

  it("indents sub-items, totals or nothing", () => {
    expect(col(run({ action: "refresh", grid: QTR }).grid, 0).slice(2)).toEqual([
      "     Qtr1",
      "          Jan",
      "Year",
    ]);
    expect(
      col(run({ action: "refresh", grid: QTR, settings: { indentation: "TOTALS" } }).grid, 0).slice(2),
    ).toEqual(["     Qtr1", "Jan", "          Year"]);
    expect(
      col(run({ action: "refresh", grid: QTR, settings: { withoutIndentation: true } }).grid, 0).slice(2),
    ).toEqual(["Qtr1", "Jan", "Year"]);
  });

  it("repeats outer labels, or leaves them blank", () => {
    const sheet = [
      ["", "", "Actual", "Sales"],
      ["", "", "Jan"],
      ["East", "Cola"],
      ["East", "Diet Cola"],
      ["West", "Cola"],
    ];
    expect(col(run({ action: "refresh", grid: sheet }).grid, 0).slice(2)).toEqual(["East", "East", "West"]);
    const off = run({ action: "refresh", grid: sheet, settings: { repeatMemberLabels: false } });
    expect(col(off.grid, 0).slice(2)).toEqual(["East", "", "West"]);
    expect(off.kinds[3]?.[0]).toBe("row-header");
    // the blank continuation cell still reads as East
    expect(run({ action: "refresh", grid: off.grid }).grid[3]?.slice(0, 2)).toEqual(["East", "Diet Cola"]);
  });
});

describe("zoom in", () => {
  const sheet = [["", "Actual", "Sales", "East"], ["", "Cola"], ["Qtr1"], ["Qtr2"]];
  const zoom = (settings: GridRequest["settings"], cells = [{ row: 2, column: 0 }], grid = sheet) =>
    col(run({ action: "zoomin", grid, cells, settings }).grid, 0)
      .slice(2)
      .map((s) => s.trim());

  it("NEXT_LEVEL shows the children, the parent below them (ancestor position bottom)", () => {
    const r = run({ action: "zoomin", grid: sheet, cells: [{ row: 2, column: 0 }] });
    expect(r.grid.slice(2)).toEqual([
      ["     Jan", "109", "", ""],
      ["     Feb", "85", "", ""],
      ["     Mar", "112", "", ""],
      ["Qtr1", "306", "", ""],
      ["Qtr2", String(r.grid[6]?.[1]), "", ""],
    ]);
  });

  it("ancestor position top puts the parent above", () => {
    expect(zoom({ ancestorPosition: "TOP" })).toEqual(["Qtr1", "Jan", "Feb", "Mar", "Qtr2"]);
  });

  it("include selection off replaces the member", () => {
    expect(zoom({ includeSelection: false })).toEqual(["Jan", "Feb", "Mar", "Qtr2"]);
  });

  it("ALL_LEVELS, BOTTOM_LEVEL, SIBLING_LEVEL, SAME_LEVEL, SAME_GENERATION", () => {
    const year = [["", "Actual", "Sales", "East"], ["", "Cola"], ["Year"]];
    expect(zoom({ zoomInPreference: "ALL_LEVELS", ancestorPosition: "TOP" }, undefined, year)).toEqual(
      YEAR_OUTLINE,
    );
    expect(zoom({ zoomInPreference: "BOTTOM_LEVEL", includeSelection: false }, undefined, year)).toEqual(
      MONTHS,
    );
    expect(zoom({ zoomInPreference: "SIBLING_LEVEL" }, [{ row: 3, column: 0 }])).toEqual([
      "Qtr1",
      "Qtr1",
      "Qtr2",
      "Qtr3",
      "Qtr4",
    ]);
    const jan = [["", "Actual", "Sales", "East"], ["", "Cola"], ["Jan"]];
    expect(zoom({ zoomInPreference: "SAME_LEVEL" }, undefined, jan)).toHaveLength(12);
    expect(
      zoom({ zoomInPreference: "SAME_GENERATION" }, undefined, [
        ["", "Actual", "Sales", "East"],
        ["", "Cola"],
        ["Qtr3"],
      ]),
    ).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
  });

  it("CALC_LEVEL shows the members of the formula", () => {
    const r = run({
      action: "zoomin",
      grid: [["", "Actual", "Cola", "East"], ["", "Jan"], ["Margin %"]],
      cells: [{ row: 2, column: 0 }],
      settings: { zoomInPreference: "CALC_LEVEL" },
      aliasTable: null,
    });
    expect(
      col(r.grid, 0)
        .slice(2)
        .map((s) => s.trim()),
    ).toEqual(["Margin", "Sales", "Margin %"]);
    const margin = Number(r.grid[2]?.[1]);
    const sales = Number(r.grid[3]?.[1]);
    expect(Number(r.grid[4]?.[1])).toBeCloseTo((margin / sales) * 100, 6);
  });

  it("several selected cells each expand in place", () => {
    expect(
      zoom({}, [
        { row: 2, column: 0 },
        { row: 3, column: 0 },
      ]),
    ).toEqual(["Jan", "Feb", "Mar", "Qtr1", "Apr", "May", "Jun", "Qtr2"]);
  });

  const nested = [
    ["", "", "Actual", "Sales"],
    ["", "", "Jan"],
    ["East", "Colas"],
    ["East", "Root Beer"],
    ["West", "Colas"],
    ["West", "Root Beer"],
  ];
  const pairs = (r: GridResponse) => r.grid.slice(2).map((row) => `${row[0]?.trim()}/${row[1]?.trim()}`);

  it("an inner member expands under every outer member, or only in its group", () => {
    const all = run({ action: "zoomin", grid: nested, cells: [{ row: 2, column: 1 }] });
    expect(pairs(all)).toEqual([
      "East/Cola",
      "East/Diet Cola",
      "East/Caffeine Free Cola",
      "East/Colas",
      "East/Root Beer",
      "West/Cola",
      "West/Diet Cola",
      "West/Caffeine Free Cola",
      "West/Colas",
      "West/Root Beer",
    ]);
    const within = run({
      action: "zoomin",
      grid: nested,
      cells: [{ row: 2, column: 1 }],
      settings: { withinSelectedGroup: true },
    });
    expect(pairs(within)).toEqual([
      "East/Cola",
      "East/Diet Cola",
      "East/Caffeine Free Cola",
      "East/Colas",
      "East/Root Beer",
      "West/Colas",
      "West/Root Beer",
    ]);
  });

  it("an outer member replaces its whole group, inner pairing kept; remove unselected groups drops the rest", () => {
    const r = run({
      action: "zoomin",
      grid: nested,
      cells: [{ row: 2, column: 0 }],
      settings: { removeUnselectedGroup: true, ancestorPosition: "TOP" },
    });
    expect(pairs(r)).toEqual([
      "East/Colas",
      "East/Root Beer",
      "New York/Colas",
      "New York/Root Beer",
      "Massachusetts/Colas",
      "Massachusetts/Root Beer",
      "Florida/Colas",
      "Florida/Root Beer",
      "Connecticut/Colas",
      "Connecticut/Root Beer",
      "New Hampshire/Colas",
      "New Hampshire/Root Beer",
    ]);
    expect(r.grid[4]?.[2]).toBe(String(cubeValue("Jan", "Sales", "100", "New York", "Actual")));
  });

  it("zooms a column member across the top axis", () => {
    const r = run({
      action: "zoomin",
      grid: [["", "Actual", "Sales", "East"], ["", "Qtr1"], ["Cola"]],
      cells: [{ row: 1, column: 1 }],
    });
    expect(r.grid[1]).toEqual(["", "Jan", "Feb", "Mar", "Qtr1"]);
    expect(r.grid[2]).toEqual(["Cola", "109", "85", "112", "306"]);
  });

  it("reduces a range spanning two regions to the region it starts in", () => {
    const r = run({
      action: "zoomin",
      grid: sheet,
      ranges: [{ startRow: 2, startCol: 0, rows: 1, columns: 2 }],
    });
    expect(
      col(r.grid, 0)
        .slice(2)
        .map((x) => x.trim()),
    ).toEqual(["Jan", "Feb", "Mar", "Qtr1", "Qtr2"]);
    const fromData = run({
      action: "zoomin",
      grid: sheet,
      ranges: [{ startRow: 2, startCol: 1, rows: 2, columns: 1 }],
    });
    expect(fromData.changed).toBe(false);
  });

  it("does nothing on a data cell, a blank row or a leaf", () => {
    const blank = [["", "Actual", "Sales", "East"], ["", "Cola"], ["Qtr1"], [""], ["Jan"]];
    for (const cell of [
      { row: 2, column: 1 },
      { row: 3, column: 0 },
      { row: 4, column: 0 },
    ]) {
      const r = run({ action: "zoomin", grid: blank, cells: [cell] });
      expect(r.changed).toBe(false);
      expect(col(r.grid, 0).slice(2)).toEqual(["Qtr1", "", "     Jan"]);
    }
  });
});

describe("zoom out", () => {
  it("collapses the member and its siblings into the parent", () => {
    const r = run({
      action: "zoomout",
      grid: [["", "Actual", "Sales", "East"], ["", "Cola"], ["Jan"], ["Feb"], ["Mar"], ["Qtr1"], ["Qtr2"]],
      cells: [{ row: 3, column: 0 }],
    });
    expect(r.grid.slice(2)).toEqual([
      ["Qtr1", "306", "", ""],
      ["Qtr2", r.grid[3]?.[1], "", ""],
    ]);
    expect(r.rangesToDelete).toEqual([{ startRow: 4, startCol: 0, rows: 3, columns: 4 }]);
  });

  it("two picks in one group collapse once", () => {
    const r = run({
      action: "zoomout",
      grid: [["", "Actual", "Sales", "Cola"], ["", "Jan"], ["New York"], ["Florida"], ["Texas"]],
      cells: [
        { row: 2, column: 0 },
        { row: 3, column: 0 },
      ],
    });
    expect(col(r.grid, 0).slice(2)).toEqual(["East", "     Texas"]);
    expect(r.grid[2]?.[1]).toBe("109");
  });

  it("acts in every group, or only in the picked one within the selected group", () => {
    const nested = [
      ["", "", "Actual", "Sales"],
      ["", "", "Jan"],
      ["East", "Cola"],
      ["East", "Diet Cola"],
      ["West", "Cola"],
      ["West", "Diet Cola"],
    ];
    const pairs = (r: GridResponse) => r.grid.slice(2).map((row) => `${row[0]}/${row[1]}`);
    expect(pairs(run({ action: "zoomout", grid: nested, cells: [{ row: 2, column: 1 }] }))).toEqual([
      "East/Colas",
      "West/Colas",
    ]);
    const within = run({
      action: "zoomout",
      grid: nested,
      cells: [{ row: 2, column: 1 }],
      settings: { withinSelectedGroup: true },
    });
    expect(pairs(within)).toEqual(["East/Colas", "West/     Cola", "West/     Diet Cola"]);
  });

  it("a dimension's top member cannot zoom out", () => {
    expect(
      run({
        action: "zoomout",
        grid: [["", "Actual", "Sales", "East"], ["", "Cola"], ["Year"]],
        cells: [{ row: 2, column: 0 }],
      }).changed,
    ).toBe(false);
  });
});

describe("keep only / remove only", () => {
  const nested = [
    ["", "", "Actual", "Sales"],
    ["", "", "Jan", "Feb"],
    ["East", "Cola"],
    ["East", "Diet Cola"],
    ["West", "Cola"],
    ["West", "Diet Cola"],
  ];
  const pairs = (r: GridResponse) => r.grid.slice(2).map((row) => `${row[0]}/${row[1]}`);

  it("keep only one inner member keeps it under every outer member", () => {
    const r = run({ action: "keeponly", grid: nested, cells: [{ row: 3, column: 1 }] });
    expect(pairs(r)).toEqual(["East/Diet Cola", "West/Diet Cola"]);
  });

  it("keep only across two columns intersects, remove only unions", () => {
    const cells = [
      { row: 2, column: 0 },
      { row: 3, column: 1 },
    ];
    expect(pairs(run({ action: "keeponly", grid: nested, cells }))).toEqual(["East/Diet Cola"]);
    expect(pairs(run({ action: "removeonly", grid: nested, cells }))).toEqual(["West/Cola"]);
  });

  it("keep only within the selected group leaves other groups alone", () => {
    const r = run({
      action: "keeponly",
      grid: nested,
      cells: [{ row: 3, column: 1 }],
      settings: { withinSelectedGroup: true },
    });
    expect(pairs(r)).toEqual(["East/Diet Cola", "West/Cola", "West/Diet Cola"]);
  });

  it("works on the column axis", () => {
    const r = run({ action: "removeonly", grid: nested, cells: [{ row: 1, column: 3 }] });
    expect(r.grid[1]).toEqual(["", "", "Jan", ""]);
    expect(r.grid[2]).toEqual(["East", "Cola", "109", ""]);
    const keep = run({ action: "keeponly", grid: nested, cells: [{ row: 1, column: 3 }] });
    expect(keep.grid[1]).toEqual(["", "", "Feb", ""]);
    expect(keep.grid[2]).toEqual(["East", "Cola", "85", ""]);
  });

  it("refuses a remove only that empties the axis", () => {
    expect(() =>
      run({
        action: "removeonly",
        grid: nested,
        ranges: [{ startRow: 2, startCol: 0, rows: 4, columns: 1 }],
      }),
    ).toThrowError("You must have a row header in order to perform this retrieval");
  });
});

describe("pivot", () => {
  const sheet = [["", "Actual", "Sales", "Cola"], ["", "Jan", "Feb"], ["East"], ["West"]];

  it("moves a POV dimension to the front of the rows", () => {
    const r = run({ action: "pivot", grid: sheet, pivot: { row: 0, column: 3 } });
    expect(r.grid).toEqual([
      ["", "", "Actual", "Sales"],
      ["", "", "Jan", "Feb"],
      ["Cola", "East", "109", "85"],
      ["Cola", "West", r.grid[3]?.[2], r.grid[3]?.[3]],
    ]);
  });

  it("moves a row dimension to the columns when rows keep a dimension", () => {
    const two = [
      ["", "", "Actual", "Sales"],
      ["", "", "Jan"],
      ["East", "Cola"],
      ["East", "Diet Cola"],
    ];
    const r = run({ action: "pivot", grid: two, pivot: { row: 2, column: 1 } });
    expect(r.grid).toEqual([
      ["", "Actual", "Sales"],
      ["", "Cola", "Diet Cola"],
      ["", "Jan", "Jan"],
      ["East", "109", r.grid[3]?.[2]],
    ]);
  });

  it("moves a dimension to the POV keeping the member (pivot to POV)", () => {
    const two = [
      ["", "", "Actual", "Sales"],
      ["", "", "Jan"],
      ["East", "Cola"],
      ["West", "Cola"],
    ];
    const r = run({ action: "pivottopov", grid: two, pivot: { row: 2, column: 1 } });
    expect(r.grid[0]).toEqual(["", "Actual", "Sales", "Cola"]);
    expect(r.grid[2]).toEqual(["East", "109", "", ""]);
  });

  it("refuses to take the last dimension off an axis or to start from a data cell", () => {
    expect(() => run({ action: "pivot", grid: sheet, pivot: { row: 2, column: 0 } })).toThrowError(
      "Cannot pivot last row",
    );
    try {
      run({ action: "pivot", grid: sheet, pivot: { row: 2, column: 1 } });
      expect.unreachable();
    } catch (e) {
      expect((e as GridError).code).toBe("GRID_PIVOT_NO_START");
      expect((e as GridError).message).toBe("Pivot starting point cannot be determined");
    }
  });

  it("grows the sheet without losing anything: no range to delete", () => {
    const r = run({ action: "pivot", grid: sheet, pivot: { row: 0, column: 3 } });
    expect(r.rangesToDelete).toEqual([]);
  });
});

describe("submit", () => {
  it("writes the dirty cells only, reports every one, then refreshes", () => {
    const own = createSampleBasicCube();
    const sheet = [
      ["", "Actual", "Cola", "New York"],
      ["", "Jan", "Feb"],
      ["Sales", "40", "99"],
      ["Profit", "1", "2"],
      ["COGS", "abc", "33"],
    ];
    const r = runGridOperation(own, {
      action: "submit",
      grid: sheet,
      dirtyCells: [
        { row: 2, column: 1 },
        { row: 3, column: 1 },
        { row: 4, column: 1 },
        { row: 0, column: 1 },
      ],
    });
    expect(r.cellStatus).toEqual([
      { row: 2, column: 1, status: "written", value: 40 },
      { row: 3, column: 1, status: "read-only", reason: '"Profit" is Dynamic Calc' },
      { row: 4, column: 1, status: "invalid", reason: '"abc" is not a number' },
      { row: 0, column: 1, status: "not-data", reason: "Not a data cell" },
    ]);
    // Sales Feb was not dirty: not written (it stays 32), Sales Jan now 40.
    expect(r.grid[2]).toEqual(["          Sales", "40", "32", ""]);
  });

  it("without a dirty list, writes the cells that differ from the cube", () => {
    const own = createSampleBasicCube();
    const r = runGridOperation(own, {
      action: "submit",
      grid: [
        ["", "Actual", "Cola", "New York"],
        ["", "Jan", "Feb"],
        ["Sales", "36", "50"],
      ],
    });
    expect(r.cellStatus).toEqual([{ row: 2, column: 2, status: "written", value: 50 }]);
    expect(r.grid[2]).toEqual(["Sales", "36", "50", ""]);
    // A grid shown without data is all empty cells: submitting it writes nothing.
    const blank = runGridOperation(own, {
      action: "submit",
      grid: [
        ["", "Actual", "Cola", "New York"],
        ["", "Jan", "Feb"],
        ["Sales", "", ""],
      ],
    });
    expect(blank.cellStatus).toEqual([]);
    expect(blank.grid[2]).toEqual(["Sales", "36", "50", ""]);
  });
});
