import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { type GridRequest, gridOperationSteps, runGridOperation, STEP_CELLS } from "../../src/grid/index.ts";
import { MONTHS } from "../support/sample-basic.ts";
import { runCountingPauses } from "../support/steps.ts";

/** A grid operation in steps answers what it answers at once, pausing every few rows on a large grid. */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const STATES = ["New York", "Massachusetts", "Florida", "California", "Oregon", "Texas", "Ohio", "Iowa"];
const PRODUCTS = ["100-10", "100-20", "200-10", "300-10", "400-10", "Diet"];

/** Product × Market × month down the rows (576 rows), Measures × Scenario across (8 columns). */
function largeSheet(): string[][] {
  const columns = ["Sales", "COGS", "Margin", "Profit %"].flatMap((m) => [
    [m, "Actual"],
    [m, "Budget"],
  ]);
  const rows = PRODUCTS.flatMap((p) => STATES.flatMap((s) => MONTHS.map((mo) => [p, s, mo])));
  return [
    ["", "", "", ...columns.map((c) => c[0] as string)],
    ["", "", "", ...columns.map((c) => c[1] as string)],
    ...rows.map((r) => [...r, ...columns.map(() => "")]),
  ];
}

function stepsOf(request: GridRequest) {
  const { value: answer, pauses } = runCountingPauses(gridOperationSteps(cube, request));
  return { answer, pauses };
}

describe("gridOperationSteps", () => {
  it("answers the same grid as runGridOperation, pausing about every STEP_CELLS cells", () => {
    const request: GridRequest = { action: "refresh", grid: largeSheet() };
    const { answer, pauses } = stepsOf(request);
    expect(answer).toEqual(runGridOperation(cube, request));
    const cells = answer.grid.length * (answer.grid[0]?.length ?? 0);
    // Read (8 columns a row), then written (11 a row): each pass pauses once per STEP_CELLS cells or so.
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(cells / STEP_CELLS));
    expect(pauses).toBeLessThanOrEqual(Math.ceil((2 * cells) / STEP_CELLS) + 6);
    expect(answer.grid[2]?.map((t) => t.trim()).slice(0, 3)).toEqual(["Cola", "New York", "Jan"]);
  });

  it("answers a zoom and a suppressed refresh as at once", () => {
    const grid = largeSheet();
    for (const request of [
      { action: "zoomin", grid, cells: [{ row: 2, column: 1 }] },
      { action: "refresh", grid, settings: { missingSuppression: true } },
    ] as GridRequest[]) {
      expect(stepsOf(request).answer).toEqual(runGridOperation(cube, request));
    }
  });

  it("pauses on a small grid only between its passes (request checked, sheet read in three passes)", () => {
    const { pauses } = stepsOf({
      action: "refresh",
      grid: [
        ["", "Sales"],
        ["Jan", ""],
      ],
    });
    expect(pauses).toBe(4);
  });

  it("throws the engine's error from the step that meets it", () => {
    const steps = gridOperationSteps(cube, { action: "refresh", grid: largeSheet(), maxCells: 100 });
    expect(() => {
      for (let next = steps.next(); !next.done; next = steps.next());
    }).toThrow(/cells/);
  });
});
