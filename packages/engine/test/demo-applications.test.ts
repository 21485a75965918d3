import { describe, expect, it } from "vitest";
import { createDemoApplications } from "../demo/index.ts";
import type { Member } from "../src/outline.ts";

describe("demo applications", () => {
  const server = createDemoApplications();

  it("serves EssbaseCluster-1 with Sample.Basic and Vision.Plan1 and their scripts", () => {
    expect(server.name).toBe("EssbaseCluster-1");
    expect(server.applications.map((a) => [a.name, a.cubes.map((c) => c.name)])).toEqual([
      ["Sample", ["Basic"]],
      ["Vision", ["Plan1"]],
    ]);
    expect(server.cube("sample", "basic")?.scriptNames).toEqual(["CalcAll", "BudSeed", "MktCut", "ClearBud"]);
    expect(server.cube("Vision", "Plan1")?.scriptNames).toEqual(["CalcAll", "FcstSeed"]);
  });

  it("Vision.Plan1 follows the corpus outline and holds consolidated data", () => {
    const demo = server.cube("Vision", "Plan1");
    if (!demo) throw new Error("no Vision");
    const cube = demo.cube;
    const o = cube.outline;
    expect(cube.dims.map((d) => d.name)).toEqual([
      "Scenario",
      "Year",
      "Period",
      "Entity",
      "HSP_Metric",
      "Version",
      "Currency",
      "Account",
    ]);
    expect(o.member("410")?.alias("Default")).toBeDefined();
    expect(o.member("CFO")?.alias("Default")).toBe("CFO Office Management");
    const at = (names: Record<string, string>): number | null =>
      cube.read(
        cube.dims.map((d) => (names[d.name] ? (o.member(names[d.name] as string) as Member) : d.root)),
      );
    const pov = {
      Scenario: "Actual",
      Year: "FY15",
      Version: "Working",
      Currency: "USD",
      HSP_Metric: "HSP_Metric",
    };
    const q1 = at({ ...pov, Period: "Q1", Entity: "410", Account: "1110" }) as number;
    const months = ["Jan", "Feb", "Mar"].map(
      (p) => at({ ...pov, Period: p, Entity: "410", Account: "1110" }) as number,
    );
    expect(q1).toBeGreaterThan(0);
    expect(q1).toBe(months.reduce((a, b) => a + b, 0));
    const rollup = at({ ...pov, Period: "YearTotal", Entity: "Sales Director 2", Account: "1100" }) as number;
    const kids = (o.member("Sales Director 2") as Member).children.map(
      (e) => at({ ...pov, Period: "YearTotal", Entity: e.name, Account: "1100" }) ?? 0,
    );
    expect(rollup).toBe(kids.reduce((a, b) => a + b, 0));
    demo.runScript("FcstSeed");
    expect(at({ ...pov, Scenario: "Forecast", Period: "Q1", Entity: "410", Account: "1110" })).toBe(q1);
  });
});
