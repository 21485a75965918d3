import { describe, expect, it } from "vitest";
import {
  changedCells,
  GRID_CALL_ROUTES,
  SHEET_ACTIONS,
  sheetCells,
  ZOOM_MODES,
  zoomModeOf,
  zoomReach,
} from "../src/index.ts";

describe("the changed cells of a save", () => {
  it("names each cell once, in the order first listed", () => {
    const listed = [
      { row: 2, column: 3 },
      { row: 1, column: 1 },
      { row: 2, column: 3 },
      { row: 1, column: 1 },
    ];
    expect(changedCells(listed, 4)).toEqual({
      cells: [
        { row: 2, column: 3 },
        { row: 1, column: 1 },
      ],
      tooMany: null,
    });
  });

  it("writes 300,000 copies of one cell once, in a grid of one cell", () => {
    const listed = Array.from({ length: 300_000 }, () => ({ row: 0, column: 0 }));
    expect(changedCells(listed, 1).cells).toHaveLength(1);
  });

  it("refuses more distinct cells than the grid holds, and says how many it names", () => {
    const listed = [0, 1, 2].map((column) => ({ row: 0, column }));
    expect(changedCells(listed, 2)).toEqual({ cells: null, tooMany: 3 });
    expect(changedCells(listed, 3).tooMany).toBeNull();
  });
});

describe("the cells of a sheet", () => {
  it("counts the cells of its rows, whatever its shape", () => {
    expect(sheetCells([["a", "b"], ["c"]])).toBe(3);
    expect(sheetCells([["a"], "not a row", null])).toBe(1);
    expect(sheetCells("text")).toBe(0);
    expect(sheetCells(null)).toBe(0);
    expect(sheetCells([[]])).toBe(0);
  });
});

describe("the zoom-in modes", () => {
  it("are Smart View's seven, once each", () => {
    expect(new Set(ZOOM_MODES).size).toBe(7);
  });
});

describe("a zoom mode as a client writes it", () => {
  it("is read whatever its case and separators, Smart View's older words included", () => {
    expect(zoomModeOf("nextLevel")).toBe("NEXT_LEVEL");
    expect(zoomModeOf("same-generation")).toBe("SAME_GENERATION");
    expect(zoomModeOf("Bottom Level")).toBe("BOTTOM_LEVEL");
    expect(zoomModeOf("Children")).toBe("NEXT_LEVEL");
    expect(zoomModeOf("descendents")).toBe("ALL_LEVELS");
    expect(zoomModeOf("base")).toBe("BOTTOM_LEVEL");
    expect(zoomModeOf("formulas")).toBe("CALC_LEVEL");
  });

  it("falls back to next level, or to the caller's default, for anything else", () => {
    expect(zoomModeOf("sideways")).toBe("NEXT_LEVEL");
    expect(zoomModeOf(undefined)).toBe("NEXT_LEVEL");
    expect(zoomModeOf(3, "ALL_LEVELS")).toBe("ALL_LEVELS");
  });

  it("reads every mode's own name back as that mode", () => {
    for (const mode of ZOOM_MODES) expect(zoomModeOf(mode)).toBe(mode);
  });
});

describe("what a zoom mode reaches", () => {
  it("is the children at next level, the subtree at all and bottom levels, the siblings, else the dimension", () => {
    expect(Object.fromEntries(ZOOM_MODES.map((m) => [m, zoomReach(m)]))).toEqual({
      NEXT_LEVEL: "children",
      ALL_LEVELS: "subtree",
      BOTTOM_LEVEL: "subtree",
      SIBLING_LEVEL: "siblings",
      SAME_LEVEL: "dimension",
      SAME_GENERATION: "dimension",
      CALC_LEVEL: "dimension",
    });
  });
});

describe("the grid calls", () => {
  it("give each sheet action and Initialize Grid one route of the API, as the contract spells it", () => {
    expect(Object.keys(GRID_CALL_ROUTES).sort()).toEqual([...SHEET_ACTIONS, "initgrid"].sort());
    expect(GRID_CALL_ROUTES.pivottopov).toBe("action/pivotToPOV");
    expect(new Set(Object.values(GRID_CALL_ROUTES)).size).toBe(SHEET_ACTIONS.length + 1);
  });
});
