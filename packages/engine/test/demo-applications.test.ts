import { describe, expect, it } from "vitest";
import {
  createVisionPlan1Cube,
  createVisionPlanning,
  DEMO_SERVERS,
  sampleBasicScripts,
  visionPlan1Scripts,
} from "../demo/index.ts";
import { loadVisionPlan1, visionPlan1Texts } from "../demo/planning/vision-data.ts";
import { visionPlan1Outline } from "../demo/planning/vision-outline.ts";
import { runCalcScript } from "../src/calc/script.ts";
import { Cube } from "../src/cube/cube.ts";
import type { Member } from "../src/outline.ts";
import { CORPUS_PLAN1_DIMENSIONS } from "./vision-plan1.ts";

describe("demo applications", () => {
  it("serve Sample.Basic to the Essbase family and Vision (Plan1, Plan2) to the planning family, with their scripts", () => {
    expect(DEMO_SERVERS.essbase.name).toBe("EssbaseCluster-1");
    expect(DEMO_SERVERS.essbase.applications).toEqual([{ name: "Sample", cubes: ["Basic"] }]);
    expect(DEMO_SERVERS.planning.name).toBe("Planning");
    expect(DEMO_SERVERS.planning.applications).toEqual([{ name: "Vision", cubes: ["Plan1", "Plan2"] }]);
    expect(sampleBasicScripts.map((s) => s.name)).toEqual(["CalcAll", "BudSeed", "MktCut", "ClearBud"]);
    expect(visionPlan1Scripts.map((s) => s.name)).toEqual(["CalcAll", "FcstSeed"]);
  });

  it("Vision.Plan1 follows the corpus outline and holds consolidated data", () => {
    const cube = createVisionPlan1Cube();
    const o = cube.outline;
    expect(cube.dims.map((d) => d.name)).toEqual(CORPUS_PLAN1_DIMENSIONS);
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
    const seed = visionPlan1Scripts.find((s) => s.name === "FcstSeed");
    if (!seed) throw new Error("no FcstSeed script");
    runCalcScript(cube, seed.text);
    expect(at({ ...pov, Scenario: "Forecast", Period: "Q1", Entity: "410", Account: "1110" })).toBe(q1);
  });

  it("gives every Vision application the demo data as generated, in arrays of its own", () => {
    // The data generated from nothing, as the process's first Vision application was.
    const generated = new Cube(visionPlan1Outline());
    loadVisionPlan1(generated);
    const demo = generated.pool();
    const differing = (cube: Cube) => {
      let n = 0;
      cube.changesSince(demo, () => n++);
      return n;
    };
    const [one, two] = [createVisionPlanning(), createVisionPlanning()];
    const [a, b] = [one.dataSource("Plan1"), two.dataSource("Plan1")];
    expect([differing(a), differing(b)]).toEqual([0, 0]);
    expect(b.pool().blockCount).toBe(demo.blockCount);
    // A change to one application is not another's, nor a later one's.
    const [cell] = visionPlan1Texts(b.outline);
    if (!cell) throw new Error("no text cell");
    two.applyCellWrites([{ ...cell, value: 12_345, text: undefined }]);
    // The cell and the totals above it.
    expect(differing(b)).toBeGreaterThan(1);
    expect([differing(a), differing(createVisionPlanning().dataSource("Plan1"))]).toEqual([0, 0]);
  });
});
