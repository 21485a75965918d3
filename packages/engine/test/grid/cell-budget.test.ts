import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { type GridDataSource, GridError, runGridOperation } from "../../src/grid/index.ts";
import { thrown } from "../support/thrown.ts";

/** A grid operation stops as soon as its answer would exceed the caller's cell budget, without building it. */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

/** The cube, counting the calls of its `method` a grid operation makes (the data cells it reads, or writes). */
function counting(
  source: Cube,
  method: "read" | "write" = "read",
): { source: GridDataSource; calls: () => number } {
  let calls = 0;
  const wrapped = new Proxy(source, {
    get(target, prop, receiver) {
      if (prop === method) {
        return (...args: unknown[]) => {
          calls++;
          return (target[method] as (...a: unknown[]) => unknown)(...args);
        };
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  }) as GridDataSource;
  return { source: wrapped, calls: () => calls };
}

// Product × Market down the rows: zooming Market to all levels gives 10 × 25 rows (some all #Missing).
const sheet = [
  ["", "", "Measures", "Scenario"],
  ["", "", "Year", ""],
  ["Product", "Market", "0", ""],
];
const zoomAll = {
  action: "zoomin",
  grid: sheet,
  cells: [
    { row: 2, column: 0 },
    { row: 2, column: 1 },
  ],
  settings: { zoomInPreference: "ALL_LEVELS" as const },
};

/** The GridError `run` stops with. */
const tooLarge = (run: () => unknown): GridError => thrown(GridError, run);

describe("cell budget", () => {
  it("answers in full within the budget", () => {
    const whole = runGridOperation(cube, { ...zoomAll });
    const cells = whole.grid.length * (whole.grid[0]?.length ?? 0);
    expect(cells).toBeGreaterThan(100);
    const again = runGridOperation(cube, { ...zoomAll, maxCells: cells });
    expect(again.grid).toEqual(whole.grid);
  });

  it("stops before reading any data when the answer's size is known to exceed it", () => {
    const { source, calls: reads } = counting(cube);
    const e = tooLarge(() => runGridOperation(source, { ...zoomAll, maxCells: 100 }));
    expect(e.code).toBe("GRID_TOO_LARGE");
    expect(e.size?.max).toBe(100);
    expect(e.size?.cells).toBeGreaterThan(100);
    expect(reads()).toBe(0);
  });

  it("with missing rows suppressed, stops at the first row beyond it", () => {
    const settings = { ...zoomAll.settings, missingSuppression: true };
    const full = counting(cube);
    const whole = runGridOperation(full.source, { ...zoomAll, settings });
    const { source, calls: reads } = counting(cube);
    const e = tooLarge(() => runGridOperation(source, { ...zoomAll, settings, maxCells: 30 }));
    expect(e.code).toBe("GRID_TOO_LARGE");
    expect(reads()).toBeGreaterThan(0);
    expect(reads()).toBeLessThan(full.calls() / 2);
    expect(whole.grid.length * (whole.grid[0]?.length ?? 0)).toBeGreaterThan(30);
  });
});

describe("save", () => {
  it("writes a cell listed many times once, and refuses more distinct cells than the grid has", () => {
    const grid = [
      ["", "Sales", "Cola", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["New York", "678", "645", "675"],
    ];
    const { source: wrapped, calls: writes } = counting(cube, "write");
    const copies = Array.from({ length: 300_000 }, () => ({ row: 2, column: 1 }));
    const r = runGridOperation(wrapped, { action: "submit", grid, dirtyCells: copies });
    expect(r.cellStatus).toHaveLength(1);
    expect(writes()).toBe(1);
    const outside = Array.from({ length: 13 }, (_, i) => ({ row: 100 + i, column: 0 }));
    const e = tooLarge(() => runGridOperation(wrapped, { action: "submit", grid, dirtyCells: outside }));
    expect(e.code).toBe("GRID_BAD_REQUEST");
    expect(writes()).toBe(1);
  });
});
