import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import {
  labelMember,
  requestZoomMode,
  resolveSettings,
  runGridOperation,
  zoomCellsAtLeast,
} from "../../src/grid/index.ts";
import { dynamicTimeSeriesLabel } from "../../src/index.ts";

/**
 * The grid's readings every side calls: a Dynamic Time Series label, the member a cell names, a request's zoom mode
 * and the size a zoom may reach before it runs. Sample.Basic: East has 5 states, Market 25 members.
 */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

describe("a Dynamic Time Series label", () => {
  it("is read with its series upper case and its latest period as written, spaces and case aside", () => {
    expect(dynamicTimeSeriesLabel(" q-t-d( &CurrMonth ) ")).toEqual({
      series: "Q-T-D",
      latest: "&CurrMonth",
    });
    expect(dynamicTimeSeriesLabel("H-T-D(May)")).toEqual({ series: "H-T-D", latest: "May" });
    expect(dynamicTimeSeriesLabel("Qtr1")).toBeUndefined();
    expect(dynamicTimeSeriesLabel("Q-T-D")).toBeUndefined();
  });
});

describe("the member a cell names", () => {
  const s = () => resolveSettings({}, "Default");

  it("reads names, aliases, a quoted name and a Dynamic Time Series as the grid does", () => {
    const outline = cube.outline;
    expect(labelMember(outline, "East", s())?.name).toBe("East");
    expect(labelMember(outline, " Cola ", s())?.name).toBe("100-10");
    expect(labelMember(outline, "'East", s())?.name).toBe("East");
    expect(labelMember(outline, "Q-T-D(Feb)", s())?.name).toBe("Q-T-D(Feb)");
    expect(labelMember(outline, "&CurrMonth", s())?.name).toBe("Jul");
  });

  it("names none for an empty cell, a missing or no-access label, or a number held as a number", () => {
    const outline = cube.outline;
    for (const raw of ["", "#Missing", "#NoAccess", 100, null])
      expect(labelMember(outline, raw, s())).toBeUndefined();
  });

  it("is the member the grid zooms on", () => {
    const r = runGridOperation(cube, {
      action: "zoomin",
      grid: [
        ["", "Sales"],
        ["'East", ""],
      ],
      cells: [{ row: 1, column: 0 }],
    });
    const rows = r.grid.map((line) => (line[0] ?? "").trim());
    expect(rows).toContain("New York");
    const member = labelMember(cube.outline, "'East", s());
    expect(rows.filter((t) => t !== "" && t !== "East")).toHaveLength(member?.children.length ?? -1);
  });
});

describe("a zoom's mode and size before it runs", () => {
  const grid = [
    ["", "Sales"],
    ["East", ""],
  ];

  it("takes the request's own mode first, then its settings', in any spelling a client writes", () => {
    expect(requestZoomMode({ zoomMode: "ALL_LEVELS", settings: { zoomInPreference: "Children" } })).toBe(
      "ALL_LEVELS",
    );
    expect(requestZoomMode({ settings: { zoomInPreference: "Children" } })).toBe("NEXT_LEVEL");
    expect(requestZoomMode({})).toBe("NEXT_LEVEL");
  });

  it("counts a member's children at next level, however the mode is written", () => {
    // 4 cells, and East's 5 states as rows as wide as the sheet (2): 14.
    const children = { grid, cells: [{ row: 1, column: 0 }], settings: { zoomInPreference: "Children" } };
    expect(zoomCellsAtLeast(cube.outline, children, 14)).toBe(true);
    expect(zoomCellsAtLeast(cube.outline, children, 15)).toBe(false);
  });

  it("counts the whole dimension for a mode that reaches past the children", () => {
    const all = { grid, cells: [{ row: 1, column: 0 }], zoomMode: "ALL_LEVELS" as const };
    const market = cube.outline.dimension("Market")?.size ?? 0;
    expect(zoomCellsAtLeast(cube.outline, all, 4 + market * 2)).toBe(true);
    expect(zoomCellsAtLeast(cube.outline, all, 4 + market * 2 + 1)).toBe(false);
  });

  it("reads a selected cell's label as the grid does: a quoted name and a variable count, a missing label does not", () => {
    const quoted = [
      ["", "Sales"],
      ["'East", ""],
    ];
    expect(zoomCellsAtLeast(cube.outline, { grid: quoted, cells: [{ row: 1, column: 0 }] }, 14)).toBe(true);
    // A substitution variable names its member (CurrQtr = Qtr3, 3 months): 4 + 3 × 2.
    const variable = [
      ["", "Sales"],
      ["&CurrQtr", ""],
    ];
    expect(zoomCellsAtLeast(cube.outline, { grid: variable, cells: [{ row: 1, column: 0 }] }, 10)).toBe(true);
    expect(zoomCellsAtLeast(cube.outline, { grid: variable, cells: [{ row: 1, column: 0 }] }, 11)).toBe(
      false,
    );
    const missing = [
      ["", "Sales"],
      ["#Missing", ""],
    ];
    expect(zoomCellsAtLeast(cube.outline, { grid: missing, cells: [{ row: 1, column: 0 }] }, 5)).toBe(false);
  });
});
