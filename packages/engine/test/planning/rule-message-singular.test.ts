import { describe, expect, test } from "vitest";
import { createVisionPlanning } from "../../demo/planning/vision-app.ts";
import { launchPlan1 } from "../vision-plan1.ts";

/**
 * A demo rule's message says "1 comment", not "1 comments": GrowRevenue of one entity with a Comment read "Grew
 * the FY15 plan revenue of 410 by 5%: 1,536 cells, 1 comments." Other counts keep the plural ("0 comments").
 */
describe("demo rule messages count in good English", () => {
  test("one comment stored is '1 comment'", () => {
    const app = createVisionPlanning();
    const res = launchPlan1(app, "GrowRevenue", { Entities: "410", GrowthPct: "5", Comment: "Trade fair" });
    expect(res.message).toBe("Grew the FY15 plan revenue of 410 by 5%: 1,536 cells, 1 comment.");
  });

  test("no comment is still '0 comments'", () => {
    const app = createVisionPlanning();
    const res = launchPlan1(app, "GrowRevenue", { Entities: "410", GrowthPct: "5" });
    expect(res.message).toBe("Grew the FY15 plan revenue of 410 by 5%: 1,536 cells, 0 comments.");
  });
});
