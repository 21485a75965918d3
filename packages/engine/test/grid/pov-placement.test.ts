import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { type GridRequest, type GridResponse, readLayout, runGridOperation } from "../../src/grid/index.ts";

/**
 * Where each POV dimension stands (`Placement.member`): the API's `layout.pov` is read from it. A Dynamic Time
 * Series member placed in the POV is the member the grid shows (`Q-T-D(Feb)`), not left out because no outline
 * member bears that name.
 */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const run = (req: GridRequest): GridResponse => runGridOperation(cube, req);
const povOf = (r: { placements: { name: string; region: string; member?: string }[] }) =>
  Object.fromEntries(r.placements.filter((p) => p.region === "POV").map((p) => [p.name, p.member]));

describe("the POV placements name their member", () => {
  it("a Dynamic Time Series member typed in the POV row is the Year dimension's POV member", () => {
    const r = run({
      action: "refresh",
      grid: [["", "Q-T-D(Feb)", "Actual", "Cola"], ["", "Sales"], ["East"]],
    });
    expect(r.grid[0]).toEqual(["", "Q-T-D(Feb)", "Actual", "Cola"]);
    expect(r.grid[2]?.slice(0, 2)).toEqual(["East", "194"]);
    expect(povOf(r)).toEqual({ Year: "Q-T-D(Feb)", Scenario: "Actual", Product: "100-10" });
  });

  it("a Dynamic Time Series member pivoted to the POV stays there, named", () => {
    const grid = [
      ["", "Actual", "Cola", "East"],
      ["", "Sales"],
      ["Q-T-D(Feb)", ""],
    ];
    const r = run({ action: "pivottopov", grid, row: 2, column: 0 });
    expect(r.placements.find((p) => p.name === "Year")).toMatchObject({
      region: "POV",
      member: "Q-T-D(Feb)",
    });
  });

  it("a substitution variable in the POV names the variable's member; an absent dimension its top member", () => {
    const r = run({ action: "refresh", grid: [["", "&CurrMonth", "Actual"], ["", "Sales"], ["East"]] });
    expect(povOf(r)).toEqual({ Year: "Jul", Scenario: "Actual", Product: "Product" });
  });

  it("readLayout (the layout of a sheet, for connectors) names the same members", () => {
    const sheet = [
      ["", "Q-T-D(Feb)", "Actual", "Cola"],
      ["", "Sales"],
      ["East", ""],
    ];
    // By member name (Cola is 100-10's alias); attribute dimensions stand at their top member.
    expect(povOf(readLayout(cube.outline, sheet))).toMatchObject({
      Year: "Q-T-D(Feb)",
      Scenario: "Actual",
      Product: "100-10",
      Ounces: "Ounces",
    });
  });
});
