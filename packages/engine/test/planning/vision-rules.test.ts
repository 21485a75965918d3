import { describe, expect, test } from "vitest";
import { createVisionPlanning } from "../../demo/planning/vision-app.ts";
import { cell, launchPlan1, plan1Names, planError, SALES_ENTITIES } from "../vision-plan1.ts";

describe("runtime prompts", () => {
  test("enumPrompts of CopyVersion matches the API example", () => {
    const app = createVisionPlanning();
    expect(app.enumPrompts("Plan1", "CopyVersion", "graphical")).toEqual({
      ruleName: "CopyVersion",
      cube: "Plan1",
      ruleType: "graphical",
      prompts: [
        {
          name: "SrcVersion",
          type: "member",
          dimension: "Version",
          defaultValue: "Working",
          required: true,
          description: "Version to copy from",
        },
        {
          name: "TgtVersion",
          type: "member",
          dimension: "Version",
          defaultValue: "What If",
          required: true,
          description: "Version to copy to",
        },
      ],
    });
  });

  test("every rule enumerates its prompts, of all five types", () => {
    const app = createVisionPlanning();
    const types = app
      .listRules("Plan1")
      .map((r) => [r.ruleName, r.prompts.map((p) => `${p.name}:${p.type}`)]);
    expect(types).toEqual([
      ["CopyVersion", ["SrcVersion:member", "TgtVersion:member"]],
      ["SeedForecast", ["Entity:member"]],
      ["GrowRevenue", ["Entities:members", "GrowthPct:numeric", "Comment:string"]],
      ["AllocateRevenue", ["Amount:numeric", "Account:member", "Period:member", "Entity:member"]],
      ["AggregateData", ["Dimension:dimension", "Scenario:member"]],
      ["PushRevenueToPlan2", ["Entities:members", "Scenario:member"]],
    ]);
  });

  test("enumPromptMembers lists the members (or dimensions) a prompt accepts", () => {
    const app = createVisionPlanning();
    expect(
      app.enumPromptMembers({
        cube: "Plan1",
        ruleName: "CopyVersion",
        promptName: "TgtVersion",
        aliastable: "Default",
      }),
    ).toEqual({
      ruleName: "CopyVersion",
      promptName: "TgtVersion",
      dimension: "Version",
      members: [
        { name: "What If", alias: null, generation: 2, level: 0 },
        { name: "Working", alias: null, generation: 2, level: 0 },
      ],
    });
    const entities = app.enumPromptMembers({
      cube: "Plan1",
      ruleName: "GrowRevenue",
      promptName: "Entities",
    });
    expect(entities.members.map((m) => m.name)).toEqual(SALES_ENTITIES);
    expect(entities.members[0]).toEqual({ name: "450", alias: "Sales West", generation: 5, level: 0 });
    const dims = app.enumPromptMembers({ cube: "Plan1", ruleName: "AggregateData", promptName: "Dimension" });
    expect(dims.members.map((m) => m.name)).toEqual(["Entity", "Product"]);
    expect(
      app
        .enumPromptMembers({ cube: "Plan1", ruleName: "AllocateRevenue", promptName: "Account" })
        .members.map((m) => m.alias),
    ).toEqual(["Hardware Sales", "Software Sales"]);
    expect(
      planError(() =>
        app.enumPromptMembers({ cube: "Plan1", ruleName: "GrowRevenue", promptName: "GrowthPct" }),
      ).code,
    ).toBe("PLANNING_REQUEST_INVALID");
    expect(
      planError(() => app.enumPromptMembers({ cube: "Plan1", ruleName: "GrowRevenue", promptName: "Nope" }))
        .code,
    ).toBe("PLANNING_PROMPT_UNKNOWN");
  });

  test("prompt validation: unknown, invalid member, not allowed, bad number, too long, unknown rule or cube", () => {
    const app = createVisionPlanning();
    const launch = (ruleName: string, prompts: { name: string; value: string }[]) =>
      planError(() => app.launchRule({ cube: "Plan1", ruleName, prompts }));
    expect(launch("CopyVersion", [{ name: "Version", value: "Working" }]).code).toBe(
      "PLANNING_PROMPT_UNKNOWN",
    );
    const notAllowed = launch("CopyVersion", [{ name: "TgtVersion", value: "Final" }]);
    expect(notAllowed.code).toBe("PLANNING_PROMPT_INVALID");
    expect(notAllowed.field).toBe("prompts[0].value");
    expect(notAllowed.message).toContain("TgtVersion");
    expect(launch("SeedForecast", [{ name: "Entity", value: "Atlantis" }]).code).toBe(
      "PLANNING_PROMPT_INVALID",
    );
    expect(launch("GrowRevenue", [{ name: "GrowthPct", value: "ten" }]).code).toBe("PLANNING_PROMPT_INVALID");
    expect(launch("GrowRevenue", [{ name: "GrowthPct", value: "-150" }]).code).toBe(
      "PLANNING_PROMPT_INVALID",
    );
    expect(launch("GrowRevenue", [{ name: "Comment", value: "y".repeat(256) }]).code).toBe(
      "PLANNING_PROMPT_INVALID",
    );
    expect(launch("GrowRevenue", [{ name: "Entities", value: "" }]).code).toBe("PLANNING_PROMPT_MISSING");
    expect(launch("AggregateData", [{ name: "Dimension", value: "Account" }]).code).toBe(
      "PLANNING_PROMPT_INVALID",
    );
    expect(launch("Nope", []).code).toBe("PLANNING_RULE_UNKNOWN");
    expect(planError(() => app.launchRule({ cube: "Plan9", ruleName: "CopyVersion" })).code).toBe(
      "PLANNING_CUBE_UNKNOWN",
    );
  });
});

describe("launch rule", () => {
  test("CopyVersion copies Working to What If, values and texts", () => {
    const app = createVisionPlanning();
    expect(cell(app, { Version: "What If", Period: "Jan", Account: "4110" })).toBeNull();
    const res = app.launchRule({
      cube: "Plan1",
      ruleName: "CopyVersion",
      ruleType: "graphical",
      prompts: [
        { name: "SrcVersion", value: "Working" },
        { name: "TgtVersion", value: "What If" },
      ],
    });
    expect(res.status).toBe("completed");
    expect(res.message).toMatch(/^Copied Working to What If: [\d,]+ cells and 2 texts\.$/);
    expect(cell(app, { Version: "What If", Period: "Jan", Account: "4110" })).toBe(12000);
    const actualJul = {
      Scenario: "Actual",
      Year: "FY14",
      Entity: "430",
      Product: "P_120",
      Period: "Jul",
      Account: "4120",
    };
    expect(cell(app, { Version: "What If", ...actualJul })).toBe(cell(app, actualJul));
    expect(
      cell(app, { Version: "What If", Period: "BegBalance", Product: "P_000", Account: "Sales Growth Rate" }),
    ).toBe(4);
    expect(res.changes.every((c) => c.members[5] === "What If")).toBe(true);
    expect(res.changes.filter((c) => c.text !== undefined)).toHaveLength(2);
  });

  test("CopyVersion to the same version fails and changes nothing", () => {
    const app = createVisionPlanning();
    const err = planError(() => launchPlan1(app, "CopyVersion", { TgtVersion: "Working" }));
    expect(err.code).toBe("PLANNING_RULE_FAILED");
    expect(err.message).toBe(
      "Business rule CopyVersion failed: the source and target versions are both Working. No data was changed.",
    );
  });

  test("SeedForecast grows each month's plan by the entity's growth rate", () => {
    const app = createVisionPlanning();
    const res = launchPlan1(app, "SeedForecast", { Entity: "430" });
    const plan = cell(app, { Entity: "430", Product: "P_110", Period: "Apr", Account: "4110" }) as number;
    expect(
      cell(app, { Scenario: "Forecast", Entity: "430", Product: "P_110", Period: "Apr", Account: "4110" }),
    ).toBe(Math.round(plan * 1.035 * 100) / 100);
    expect(
      cell(app, { Scenario: "Forecast", Entity: "410", Product: "P_110", Period: "Apr", Account: "4110" }),
    ).toBeNull();
    // The 120 level-0 cells (5 products with data × 2 accounts × 12 months) and their stored totals.
    const leaves = res.changes.filter(
      (c) =>
        c.members.includes("430") &&
        ["P_110", "P_120", "P_130", "P_160", "P_170"].includes(c.members[8] ?? ""),
    );
    expect(leaves).toHaveLength(120);
    expect(res.changes.every((c) => c.members[0] === "Forecast" && c.members[5] === "Working")).toBe(true);
    expect(res.message).toBe(
      `Seeded the FY15 forecast of entity 430: ${res.changes.length.toLocaleString("en-US")} cells.`,
    );
    // The script aggregates: the totals of the other entities (none seeded) are the totals of 430.
    const forecastTotal = (entity: string) =>
      cell(app, { Scenario: "Forecast", Entity: entity, Product: "P_TP", Period: "Apr", Account: "4110" });
    expect(forecastTotal("Sales VP")).toBe(forecastTotal("430"));
    expect(forecastTotal("Sales VP")).toBeGreaterThan(0);
  });

  test("GrowRevenue grows the chosen entities only and stores the comment", () => {
    const app = createVisionPlanning();
    const before410 = cell(app, { Period: "Jun", Account: "4120" }) as number;
    const before440 = cell(app, { Entity: "440", Period: "Jun", Account: "4120" });
    launchPlan1(app, "GrowRevenue", {
      Entities: "410,420",
      GrowthPct: "10",
      Comment: "Price increase of 10%",
    });
    expect(cell(app, { Period: "Jun", Account: "4120" })).toBe(Math.round(before410 * 1.1 * 100) / 100);
    expect(cell(app, { Entity: "440", Period: "Jun", Account: "4120" })).toBe(before440);
    const drivers = app.openForm({ formName: "Revenue Drivers" });
    const r420 = drivers.codes.findIndex((r) => r[0] === "420");
    expect(drivers.grid[r420]?.[2]).toBe("Price increase of 10%");
  });

  test("AllocateRevenue spreads the amount across an entity's products by FY14 actuals", () => {
    const app = createVisionPlanning();
    const res = launchPlan1(app, "AllocateRevenue", {
      Amount: "50000",
      Account: "4120",
      Period: "Dec",
      Entity: "421",
    });
    expect(res.message).toMatch(
      /^Allocated 50,000 of 4120 in Dec across the products of 421: [\d,]+ cells\.$/,
    );
    const products = ["P_110", "P_120", "P_130", "P_160", "P_170"];
    const shares = products.map(
      (p) => cell(app, { Entity: "421", Product: p, Period: "Dec", Account: "4120" }) ?? 0,
    );
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(50000, 6);
    const actual = products.map(
      (p) =>
        cell(app, {
          Scenario: "Actual",
          Year: "FY14",
          Entity: "421",
          Product: p,
          Period: "YearTotal",
          Account: "4120",
        }) ?? 0,
    );
    const total = actual.reduce((a, b) => a + b, 0);
    shares.forEach((share, i) => {
      expect(share).toBeCloseTo((50000 * (actual[i] as number)) / total, 6);
    });
    // The stored product total follows (the script ends with AGG).
    expect(cell(app, { Entity: "421", Product: "P_TP", Period: "Dec", Account: "4120" })).toBeCloseTo(
      50000,
      6,
    );
  });

  test("a rule that stops with @RETURN ERROR fails and changes nothing", () => {
    const app = createVisionPlanning();
    const jan = cell(app, {
      Scenario: "Forecast",
      Entity: "450",
      Product: "P_110",
      Period: "Jan",
      Account: "4110",
    });
    const err = planError(() => launchPlan1(app, "SeedForecast", { Entity: "450" }));
    expect(err.code).toBe("PLANNING_RULE_FAILED");
    expect(err.message).toBe(
      "Business rule SeedForecast failed: entity 450 has no Sales Growth Rate for FY15 (form Revenue Drivers). No data was changed.",
    );
    expect(
      cell(app, { Scenario: "Forecast", Entity: "450", Product: "P_110", Period: "Jan", Account: "4110" }),
    ).toBe(jan);
  });

  test("AggregateData (a dimension prompt) brings the totals of a loaded slice up to date", () => {
    const app = createVisionPlanning();
    const cube = app.dataSource("Plan1");
    const at = (entity: string, product: string) => ({
      Scenario: "Forecast",
      Entity: entity,
      Product: product,
      Period: "Feb",
      Account: "4110",
    });
    // A data load writes level 0 without aggregating.
    cube.loadByNames(plan1Names(app, at("422", "P_130")), 700);
    expect(cell(app, at("Sales VP", "P_130"))).toBeNull();
    const byEntity = launchPlan1(app, "AggregateData", { Dimension: "Entity", Scenario: "Forecast" });
    expect(cell(app, at("Sales VP", "P_130"))).toBe(700);
    expect(cell(app, at("422", "P_TP"))).toBeNull();
    expect(byEntity.message).toMatch(/^Aggregated Entity for Forecast: [\d,]+ cells\.$/);
    launchPlan1(app, "AggregateData", { Dimension: "Product" });
    expect(cell(app, at("422", "P_TP"))).toBeNull();
    launchPlan1(app, "AggregateData", { Dimension: "Product", Scenario: "Forecast" });
    expect(cell(app, at("422", "P_TP"))).toBe(700);
  });

  test("PushRevenueToPlan2 writes Plan1 totals into plan type Plan2", () => {
    const app = createVisionPlanning();
    const before = app.openForm({ folder: "/Forms/Summary", formName: "Revenue Summary" });
    expect(before.grid[1]).toEqual([
      "Sales West",
      "#Missing",
      "#Missing",
      "#Missing",
      "#Missing",
      "#Missing",
    ]);
    const res = launchPlan1(app, "PushRevenueToPlan2");
    expect(res.message).toMatch(
      /^Pushed the Plan revenue of 450, 440, 430, 423, 422, 421, 420, 410, 240 to Plan2: [\d,]+ cells\.$/,
    );
    expect(res.changes.every((c) => c.cube === "Plan2")).toBe(true);
    const after = app.openForm({ folder: "/Forms/Summary", formName: "Revenue Summary" });
    const r410 = after.codes.findIndex((r) => r[0] === "410");
    const plan = app.openForm({ formName: "Revenue by Product", pov: { Account: "4100" } });
    const total = plan.grid[plan.codes.findIndex((r) => r[0] === "P_TP")] as string[];
    expect(after.grid[r410]?.slice(1, 5)).toEqual(total.slice(2, 6));
    expect(after.cellKinds[r410]?.slice(1)).toEqual([
      "read-only",
      "read-only",
      "read-only",
      "read-only",
      "read-only",
    ]);
    const vp = after.grid[after.grid.length - 1] as string[];
    expect(vp[0]).toBe("Sales VP");
    const sumJan = after.grid.slice(1, -1).reduce((a, r) => a + Number(r[1]), 0);
    expect(Number(vp[1])).toBeCloseTo(sumJan, 6);
    const replica = createVisionPlanning();
    replica.applyCellWrites(res.changes);
    expect(replica.openForm({ formName: "Revenue Summary" }).grid).toEqual(after.grid);
  });
});
