import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { GridError, type GridRequest, runGridOperation } from "../../src/grid/index.ts";

/**
 * A grid read with the substitution variables of one session (`settings.substitutionVariables`) in place of
 * the outline's: Sample.Basic defines CurrMonth = Jul; a session that set CurrMonth = Aug reads Aug, and the
 * cube's own variables are unchanged for every other grid. Published figures (Actual, Sales, Cola, East): Jul
 * 2248 (as the outline's CurrMonth), Q-T-D(Feb) 194.
 */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const POV = ["", "Actual", "Cola", "East"];
const grid = [POV, ["", "Sales"], ["&CurrMonth"], ["H-T-D(&CurrMonth)"]];
const session = { CurrMonth: "Aug", CurrQtr: "Qtr3", PriorMonth: "Jul" };
const run = (req: GridRequest) => runGridOperation(cube, req);
const labels = (g: string[][]) => g.slice(2).map((row) => row[0]?.trim());

describe("a grid with a session's substitution variables", () => {
  it("reads &CurrMonth as the session's value, and the outline's without them", () => {
    const own = run({ action: "refresh", grid, settings: { substitutionVariables: session } });
    expect(labels(own.grid)).toEqual(["Aug", "H-T-D(Aug)"]);
    const shared = run({ action: "refresh", grid });
    expect(labels(shared.grid)).toEqual(["Jul", "H-T-D(Jul)"]);
    expect(shared.grid[2]?.[1]).toBe("2248");
    expect(own.grid[2]?.[1]).not.toBe(shared.grid[2]?.[1]);
    expect(cube.outline.substitutionVariable("CurrMonth")).toBe("Jul");
  });

  it("matches names without regard to case and zooms on the member the variable names", () => {
    const z = run({
      action: "zoomin",
      grid: [POV, ["", "Sales"], ["&currqtr"]],
      cells: [{ row: 2, column: 0 }],
      settings: { substitutionVariables: { CURRQTR: "Qtr4" } },
    });
    expect(labels(z.grid)).toEqual(["Oct", "Nov", "Dec", "Qtr4"]);
  });

  it("sees only the variables given: one the outline defines but the session's list lacks is unknown", () => {
    let error: unknown;
    try {
      run({
        action: "refresh",
        grid: [POV, ["", "Sales"], ["&PriorMonth"]],
        settings: { substitutionVariables: { X: "Jan" } },
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GridError);
    expect((error as GridError).unknownMembers).toEqual([{ row: 2, column: 0, text: "&PriorMonth" }]);
  });
});
