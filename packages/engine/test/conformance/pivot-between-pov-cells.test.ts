import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { GridError, pivotPlan, runGridOperation } from "../../src/grid/index.ts";
import { emptySource } from "../../src/grid/replay.ts";
import { Outline } from "../../src/outline.ts";
import { outlineSpecFromDocument } from "../../src/outline-yaml.ts";

/**
 * A pivot from one POV cell onto another cell of the POV row: the dimension goes to the outermost
 * column row, as on the first POV cell — never elsewhere in the POV.
 *
 * Evidence:
 * - the answer key captured from a live Essbase (test/fixtures/essbase-oracle, see its NOTICE):
 *   `pivot-pov-{account,currency,entity,version}-to-top` pivot a POV dimension onto a POV cell (the first one,
 *   flat index 1) and Essbase answers it on the outermost column row, the other POV members closing up;
 * - the held-back live-Essbase cases: a pivot onto another POV cell of the same row is answered
 *   the same way (what the API's `to: "columns"` gives);
 * - Oracle's Smart View guide, "Pivoting Dimensions or Members between the Grid and the POV": a POV dimension
 *   is pivoted onto the grid ("Pivot to Column" / "Pivot to Row"); the POV is reached with Pivot to POV.
 */
const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, "../fixtures/essbase-oracle");
const outline = new Outline(
  outlineSpecFromDocument(parse(readFileSync(join(fixtures, "vision-plan1.yaml"), "utf8"))),
);
const source = emptySource(outline);
const settings = { missingLabel: "" };

function fixture(name: string): {
  basis: { cells: string[][] };
  result: { cells: string[][] };
  operation: { ranges: number[][] };
} {
  return JSON.parse(readFileSync(join(fixtures, `${name}.json`), "utf8"));
}

/** The POV row of Vision.Plan1's default grid, Essbase's own layout (pivot-pov-* bases). */
const basis = fixture("pivot-pov-account-to-top").basis.cells;
const POV_ROW = ["", "Period", "Entity", "HSP_Metric", "Version", "Currency", "Account"];

function pivot(from: number, to: number, action = "pivot") {
  return runGridOperation(source, {
    action,
    grid: basis,
    settings,
    pivot: { row: 0, column: from, toRow: 0, toColumn: to },
  });
}

describe("pivot between two POV cells (Vision.Plan1)", () => {
  it("the basis is the captured grid: one row, one column dimension, six in the POV", () => {
    expect(basis[0]).toEqual(POV_ROW);
  });

  it("onto another POV cell: the dimension goes to the outermost column row, as Essbase answers onto the first", () => {
    for (const name of ["account", "currency", "entity", "version"]) {
      const key = fixture(`pivot-pov-${name}-to-top`);
      const from = key.operation.ranges[0]?.[1] as number;
      // Every other cell of the POV row, right of the row headers (the captured case names the first one).
      for (let to = 1; to < POV_ROW.length; to++) {
        if (to === from) continue;
        expect(pivot(from, to).grid, `${name}: ${from} -> ${to}`).toEqual(key.result.cells);
      }
    }
  });

  it("onto its own POV cell too (a POV dimension never stays in the POV on a pivot)", () => {
    const key = fixture("pivot-pov-account-to-top");
    expect(pivot(6, 6).grid).toEqual(key.result.cells);
  });

  it("with two row dimensions (the POV row starts at column 2): onto the next POV cell or the last one", () => {
    const grid = fixture("pivot-2-to-0").basis.cells;
    for (const to of [3, 5]) {
      const answer = runGridOperation(source, {
        action: "pivot",
        grid,
        settings,
        pivot: { row: 0, column: 2, toRow: 0, toColumn: to },
      });
      expect(answer.grid.slice(0, 4), `HSP_Metric -> ${to}`).toEqual([
        ["", "", "Currency", "Version", "Period"],
        ["", "", "HSP_Metric", "HSP_Metric", ""],
        ["", "", "Plan", "Plan", ""],
        ["", "", "FY22", "FY23", ""],
      ]);
      const where = Object.fromEntries(answer.placements.map((p) => [p.name, `${p.region} ${p.index}`]));
      expect(where).toMatchObject({
        HSP_Metric: "TOP 1",
        Scenario: "TOP 2",
        Year: "TOP 3",
        Entity: "LEFT 0",
      });
    }
  });

  it("pivotPlan names the same move for every path (the API sends it as to: columns)", () => {
    const plan = pivotPlan(outline, {
      action: "pivot",
      grid: basis,
      settings,
      pivot: { row: 0, column: 6, toRow: 0, toColumn: 3 },
    });
    expect(plan).toMatchObject({
      dimension: "Account",
      from: { region: "pov" },
      to: { region: "top", position: 0 },
    });
    // A row dimension onto a POV cell is still sent to the POV (Pivot's general move), and a data cell refused.
    const fromRows = pivotPlan(outline, {
      action: "pivot",
      grid: fixture("pivot-2-to-0").basis.cells,
      settings,
      pivot: { row: 3, column: 1, toRow: 0, toColumn: 4 },
    });
    expect(fromRows).toMatchObject({ dimension: "Account", to: { region: "pov" } });
    expect(() =>
      pivotPlan(outline, {
        action: "pivot",
        grid: basis,
        settings,
        pivot: { row: 0, column: 6, toRow: 2, toColumn: 1 },
      }),
    ).toThrow(GridError);
  });

  it("Pivot to POV between two POV cells still reorders the POV (its destination is the POV)", () => {
    const answer = pivot(6, 2, "pivottopov");
    expect(answer.grid[0]).toEqual(["", "Period", "Account", "Entity", "HSP_Metric", "Version", "Currency"]);
    expect(answer.leftColumns).toBe(1);
  });
});
