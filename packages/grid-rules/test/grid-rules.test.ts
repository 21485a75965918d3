import { describe, expect, it } from "vitest";
import { changedCells, sheetCells, ZOOM_MODES } from "../src/index.ts";

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
