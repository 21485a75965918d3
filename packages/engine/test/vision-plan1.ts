// Test support for the demo Vision application (planning tests): one place for the cell address defaults and
// the error capture that every planning test file needs.
import type { PlanningApplication } from "../src/planning/application.ts";
import { PlanningError } from "../src/planning/errors.ts";
import { thrown } from "./support/thrown.ts";

/** The PlanningError `fn` throws (fails the test if it throws nothing or something else). */
export const planError = (fn: () => unknown): PlanningError => thrown(PlanningError, fn);

/** Vision's level-0 sales entities, in outline order (Revenue Drivers' rows, GrowRevenue's Entities prompt). */
export const SALES_ENTITIES = ["450", "440", "430", "423", "422", "421", "420", "410", "240"];

/** A copy of `grid` with the cell at `row`, `column` set to `value`. */
export function edited(
  grid: readonly (readonly string[])[],
  row: number,
  column: number,
  value: string,
): string[][] {
  const copy = grid.map((r) => [...r]);
  (copy[row] as string[])[column] = value;
  return copy;
}

/** Plan1's dimensions in the corpus outline (fixtures/essbase-oracle/vision-plan1.yaml), in order. */
export const CORPUS_PLAN1_DIMENSIONS = [
  "Scenario",
  "Year",
  "Period",
  "Entity",
  "HSP_Metric",
  "Version",
  "Currency",
  "Account",
];

/** Launches the Plan1 rule `ruleName`, its prompts given as name → value, in order. */
export function launchPlan1(
  app: PlanningApplication,
  ruleName: string,
  prompts: Record<string, string> = {},
) {
  return app.launchRule({
    cube: "Plan1",
    ruleName,
    prompts: Object.entries(prompts).map(([name, value]) => ({ name, value })),
  });
}

/** Plan1 members of the dimensions a test leaves out (Period and Account are always given). */
export const PLAN1_DEFAULTS: Record<string, string> = {
  Scenario: "Plan",
  Year: "FY15",
  Version: "Working",
  Currency: "USD",
  HSP_View: "BaseData",
  HSP_Metric: "No Metric",
  Product: "P_160",
  Entity: "410",
};

/** One member name per Plan1 base dimension (outline order): `at`, else the defaults above. */
export function plan1Names(app: PlanningApplication, at: Record<string, string>): string[] {
  return app.outline("Plan1").baseDimensions.map((d) => at[d.name] ?? PLAN1_DEFAULTS[d.name] ?? d.name);
}

/** Value of one Plan1 cell by dimension name (others: Plan, FY15, Working, USD, BaseData, No Metric, P_160, 410). */
export function cell(app: PlanningApplication, at: Record<string, string>): number | null {
  const outline = app.outline("Plan1");
  const tuple = plan1Names(app, at).map((name) => {
    const m = outline.member(name);
    if (!m) throw new Error(name);
    return m;
  });
  return app.dataSource("Plan1").read(tuple);
}
