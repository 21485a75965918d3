import { describe, expect, test } from "vitest";
import { createVisionPlanning } from "../../demo/planning/vision-app.ts";
import type { PlanningApplication } from "../../src/planning/application.ts";
import { cell, edited, launchPlan1, plan1Names, planError } from "../vision-plan1.ts";

const SEED_410 = [
  {
    ruleinfo: { ruleName: "SeedForecast", cube: "Plan1", ruleType: "graphical" },
    prompts: [{ name: "Entity", value: "410" }],
  },
];

function textAt(app: PlanningApplication, entity: string): string | null {
  return app.readText(
    "Plan1",
    plan1Names(app, { Period: "BegBalance", Entity: entity, Account: "4190", Product: "P_000" }),
  );
}

/** Vision with Revenue Plan opened, and its grid with the cell at `row`, `column` changed to `value`. */
function revenuePlanEdited(row: number, column: number, value: string) {
  const app = createVisionPlanning();
  const open = app.openForm({ formName: "Revenue Plan" });
  return { app, open, grid: edited(open.grid, row, column, value) };
}

/** Revenue Plan submitted as `open` shows it with `grid`, its on-save SeedForecast prompted for `entity`. */
function submitSeeding(
  app: PlanningApplication,
  open: ReturnType<PlanningApplication["openForm"]>,
  grid: string[][],
  entity: string,
) {
  return app.submitForm({
    formName: "Revenue Plan",
    pov: open.pov,
    grid,
    codes: open.codes,
    prompts: [{ ruleinfo: { ruleName: "SeedForecast" }, prompts: [{ name: "Entity", value: entity }] }],
  });
}

describe("submit form", () => {
  test("the API example: six writable cells written, SeedForecast run, Q1 and totals recomputed", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ folder: "/Forms/Revenue", formName: "Revenue Plan", pov: { Entity: "410" } });
    const res = app.submitForm({
      folder: "/Forms/Revenue",
      formName: "Revenue Plan",
      pov: open.pov,
      grid: open.grid,
      codes: open.codes,
      prompts: SEED_410,
      enableLargeCellSubmit: false,
    });
    expect(res.submitted).toBe(6);
    expect(res.cells).toEqual([
      { row: 1, column: 1, status: "written", value: "12000" },
      { row: 1, column: 2, status: "written", value: "12500" },
      { row: 1, column: 3, status: "written", value: "13000" },
      { row: 2, column: 1, status: "written", value: "8000" },
      { row: 2, column: 2, status: "written", value: "8200" },
      { row: 2, column: 3, status: "written", value: "8400" },
    ]);
    expect(res.rules.map((r) => [r.ruleName, r.status])).toEqual([["SeedForecast", "completed"]]);
    expect(res.grid).toEqual(open.grid);
    // Nothing changed in Plan; SeedForecast wrote the forecast: plan × (1 + 4%).
    expect(res.changes.every((c) => c.members[0] === "Forecast")).toBe(true);
    expect(cell(app, { Scenario: "Forecast", Period: "Jan", Account: "4110" })).toBe(12480);
    expect(cell(app, { Scenario: "Forecast", Period: "Mar", Account: "4120" })).toBe(8736);
  });

  test("changed cells, and only they, are persisted; totals follow", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ formName: "Revenue by Product" });
    const before = app.openForm({ formName: "Revenue by Product" });
    const grid = open.grid.map((r) => [...r]);
    const desktops = open.codes.findIndex((r) => r[0] === "P_110");
    const keyboards = open.codes.findIndex((r) => r[0] === "P_160");
    (grid[desktops] as string[])[2] = "9999";
    (grid[keyboards] as string[])[3] = "#Missing";
    const res = app.submitForm({ formName: "Revenue by Product", pov: open.pov, grid, codes: open.codes });
    // The journal lists the two entered cells and the stored totals over them (Entity and Product
    // ancestors), each with its final value; nothing else.
    const entered = res.changes.filter(
      (c) => c.members[3] === "410" && ["P_110", "P_160"].includes(c.members[8] ?? ""),
    );
    expect(entered).toEqual([
      {
        cube: "Plan1",
        members: ["Plan", "FY15", "Jan", "410", "No Metric", "Working", "USD", "4110", "P_110", "BaseData"],
        value: 9999,
        stored: true,
        input: true,
      },
      {
        cube: "Plan1",
        members: ["Plan", "FY15", "Feb", "410", "No Metric", "Working", "USD", "4110", "P_160", "BaseData"],
        value: null,
        stored: true,
        input: false,
      },
    ]);
    const outline = app.outline("Plan1");
    for (const c of res.changes) {
      expect(c.members.slice(0, 3).concat(c.members.slice(5, 8), c.members.slice(9))).toEqual(
        c.members[2] === "Jan"
          ? ["Plan", "FY15", "Jan", "Working", "USD", "4110", "BaseData"]
          : ["Plan", "FY15", "Feb", "Working", "USD", "4110", "BaseData"],
      );
      const entity = outline.member(c.members[3] as string);
      const product = outline.member(c.members[8] as string);
      expect(entity?.name === "410" || entity?.descendants().some((m) => m.name === "410")).toBe(true);
      expect(
        ["P_110", "P_160"].includes(product?.name ?? "") ||
          product?.descendants().some((m) => m.name === "P_110" || m.name === "P_160"),
      ).toBe(true);
    }
    expect(cell(app, { Product: "P_110", Period: "Jan", Account: "4110" })).toBe(9999);
    expect(cell(app, { Product: "P_160", Period: "Feb", Account: "4110" })).toBeNull();
    const after = app.openForm({ formName: "Revenue by Product" });
    expect(after.grid[keyboards]?.slice(2)).toEqual(["12000", "#Missing", "13000", "25000"]);
    // Every other data cell of the form is as before, except the totals over the changed cells.
    for (const [r, row] of before.grid.entries()) {
      for (const [c, v] of row.entries()) {
        const code = before.codes[r]?.[0] ?? "";
        const affected =
          c >= 2 &&
          ((r === desktops && (c === 2 || c === 5)) ||
            (r === keyboards && (c === 3 || c === 5)) ||
            ["P_100", "P_150", "P_TP"].includes(code));
        if (!affected) expect(after.grid[r]?.[c]).toBe(v);
      }
    }
  });

  test("read-only, locked and invalid cells are skipped and reported", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ formName: "Revenue by Product" });
    const grid = open.grid.map((r) => [...r]);
    const desktops = open.codes.findIndex((r) => r[0] === "P_110");
    (grid[desktops] as string[])[1] = "1"; // Actual FY14: read-only segment
    (grid[desktops] as string[])[3] = "abc"; // not a number
    const res = app.submitForm({ formName: "Revenue by Product", pov: open.pov, grid, codes: open.codes });
    expect(res.cells.filter((c) => c.status !== "written")).toEqual([
      { row: desktops, column: 1, status: "read-only", value: "1" },
      { row: desktops, column: 3, status: "invalid", value: "abc" },
    ]);
    expect(res.changes).toEqual([]);
  });

  test("a comma is read only as a thousands separator: 12,000 is 12000, 1,25 is refused (never 125)", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ formName: "Revenue by Product" });
    const grid = open.grid.map((r) => [...r]);
    const desktops = open.codes.findIndex((r) => r[0] === "P_110");
    (grid[desktops] as string[])[2] = "12,000";
    (grid[desktops] as string[])[3] = "1,25"; // 1.25 as a French user writes it
    const res = app.submitForm({ formName: "Revenue by Product", pov: open.pov, grid, codes: open.codes });
    expect(res.cells.filter((c) => c.row === desktops && c.column >= 2 && c.column <= 3)).toEqual([
      expect.objectContaining({ column: 2, status: "written" }),
      { row: desktops, column: 3, status: "invalid", value: "1,25" },
    ]);
    const after = app.openForm({ formName: "Revenue by Product", pov: open.pov });
    expect(after.grid[desktops]?.[2]).toBe("12000");
    expect(after.grid[desktops]?.[3]).toBe(open.grid[desktops]?.[3]);
  });

  test("a text over 255 characters is rejected, naming the cell, and nothing is written", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ formName: "Revenue Drivers" });
    const grid = open.grid.map((r) => [...r]);
    const r430 = open.codes.findIndex((r) => r[0] === "430");
    const long = "x".repeat(300);
    (grid[r430] as string[])[1] = "7.5";
    (grid[r430] as string[])[2] = long;
    const err = planError(() =>
      app.submitForm({ formName: "Revenue Drivers", pov: open.pov, grid, codes: open.codes }),
    );
    expect(err.code).toBe("PLANNING_CELL_TOO_LONG");
    expect(err.message).toContain(`grid[${r430}][2] (300 characters)`);
    expect(err.details.cells).toEqual([{ row: r430, column: 2, length: 300 }]);
    expect(textAt(app, "430")).toBeNull();
    expect(
      cell(app, { Entity: "430", Period: "BegBalance", Product: "P_000", Account: "Sales Growth Rate" }),
    ).toBe(3.5);
  });

  test("with enableLargeCellSubmit the first 255 characters are stored", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ formName: "Revenue Drivers" });
    const grid = open.grid.map((r) => [...r]);
    const r430 = open.codes.findIndex((r) => r[0] === "430");
    const long = `${"a".repeat(255)}TAIL`;
    (grid[r430] as string[])[2] = long;
    const res = app.submitForm({
      formName: "Revenue Drivers",
      pov: open.pov,
      grid,
      codes: open.codes,
      enableLargeCellSubmit: true,
    });
    expect(res.cells.find((c) => c.row === r430 && c.column === 2)).toEqual({
      row: r430,
      column: 2,
      status: "truncated",
      value: "a".repeat(255),
    });
    expect(textAt(app, "430")).toBe("a".repeat(255));
    expect(res.changes).toEqual([
      {
        cube: "Plan1",
        members: [
          "Plan",
          "FY15",
          "BegBalance",
          "430",
          "No Metric",
          "Working",
          "USD",
          "4190",
          "P_000",
          "BaseData",
        ],
        value: null,
        text: "a".repeat(255),
      },
    ]);
    expect(res.grid[r430]?.[2]).toBe("a".repeat(255));
  });

  test("a failing on-save rule leaves the data unchanged", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ formName: "Revenue Plan", pov: { Entity: "450" } });
    const jan = open.grid[1]?.[1];
    const grid = edited(open.grid, 1, 1, "77777");
    const err = planError(() => submitSeeding(app, open, grid, "450"));
    expect(err.code).toBe("PLANNING_RULE_FAILED");
    expect(err.message).toContain("entity 450 has no Sales Growth Rate");
    expect(app.openForm({ formName: "Revenue Plan", pov: { Entity: "450" } }).grid[1]?.[1]).toBe(jan);
  });

  test("an invalid on-save prompt is refused before anything is written", () => {
    const { app, open, grid } = revenuePlanEdited(1, 1, "1");
    const err = planError(() => submitSeeding(app, open, grid, "CFO"));
    expect(err.code).toBe("PLANNING_PROMPT_INVALID");
    expect(err.field).toBe("prompts[0].prompts[0].value");
    expect(cell(app, { Period: "Jan", Account: "4110" })).toBe(12000);
  });

  test("labels without codes are read as aliases or names; rows not on the form are refused", () => {
    const { app, open, grid } = revenuePlanEdited(2, 1, "8100");
    const res = app.submitForm({ formName: "Revenue Plan", pov: open.pov, grid });
    expect(cell(app, { Period: "Jan", Account: "4120" })).toBe(8100);
    expect(res.grid[3]?.[1]).toBe("20100");
    const bad = edited(grid, 1, 0, "Sales Growth Rate");
    expect(planError(() => app.submitForm({ formName: "Revenue Plan", pov: open.pov, grid: bad })).code).toBe(
      "PLANNING_GRID_INVALID",
    );
  });

  test("a composite form is submitted one subform at a time", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ formName: "Revenue Review" });
    const sub = open.subforms[0];
    if (!sub) throw new Error("no subform");
    const grid = edited(sub.grid, 1, 2, "12600");
    expect(planError(() => app.submitForm({ formName: "Revenue Review", grid })).code).toBe(
      "PLANNING_REQUEST_INVALID",
    );
    const res = app.submitForm({
      formName: "Revenue Review",
      subform: "Revenue Plan",
      grid,
      codes: sub.codes,
    });
    expect(res.formName).toBe("Revenue Plan");
    expect(cell(app, { Period: "Feb", Account: "4110" })).toBe(12600);
  });

  test("the journal (entered cells, then rules with their prompts) replayed on a fresh application rebuilds the same state", () => {
    const { app, open, grid } = revenuePlanEdited(1, 1, "15000");
    const submitted = app.submitForm({
      formName: "Revenue Plan",
      pov: open.pov,
      grid,
      codes: open.codes,
      prompts: SEED_410,
    });
    const launched = launchPlan1(app, "GrowRevenue", { Entities: "410", Comment: "Price rise" });
    // Compact: what the user did, not the thousands of cells the rules changed.
    expect(submitted.journal).toEqual([
      {
        step: "cells",
        writes: [
          {
            cube: "Plan1",
            members: [
              "Plan",
              "FY15",
              "Jan",
              "410",
              "No Metric",
              "Working",
              "USD",
              "4110",
              "P_160",
              "BaseData",
            ],
            value: 15000,
          },
        ],
      },
      { step: "rule", cube: "Plan1", ruleName: "SeedForecast", prompts: [{ name: "Entity", value: "410" }] },
    ]);
    expect(launched.journal).toEqual([
      {
        step: "rule",
        cube: "Plan1",
        ruleName: "GrowRevenue",
        prompts: [
          { name: "Entities", value: ["410"] },
          { name: "GrowthPct", value: 5 },
          { name: "Comment", value: "Price rise" },
        ],
      },
    ]);
    const forms = (a: typeof app) =>
      ["Revenue Plan", "Revenue by Product", "Revenue Drivers"].map(
        (name) => a.openForm({ formName: name }).grid,
      );
    const replica = createVisionPlanning();
    replica.applyJournal(JSON.parse(JSON.stringify([...submitted.journal, ...launched.journal])));
    expect(forms(replica)).toEqual(forms(app));
    expect(cell(replica, { Scenario: "Forecast", Period: "Jan", Account: "4110" })).toBe(15600);
    expect(textAt(replica, "410")).toBe("Price rise");
    // The exact cell changes replay to the same state too.
    const exact = createVisionPlanning();
    exact.applyCellWrites([...submitted.changes, ...launched.changes]);
    expect(forms(exact)).toEqual(forms(app));
  });
});

describe("on-save prompts", () => {
  test("SeedForecast takes the form's entity when the prompt is not sent (Use Members on Form)", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ formName: "Revenue Plan", pov: { Entity: "430" } });
    const res = app.submitForm({
      formName: "Revenue Plan",
      pov: open.pov,
      grid: open.grid,
      codes: open.codes,
    });
    expect(res.rules[0]?.message).toMatch(/^Seeded the FY15 forecast of entity 430: [\d,]+ cells\.$/);
    expect(cell(app, { Scenario: "Forecast", Entity: "410", Period: "Jan", Account: "4110" })).toBeNull();
  });

  test("blank rows and empty cells are not edits; data under no member is refused", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ formName: "Revenue Plan" });
    const grid = [...open.grid.map((r) => [...r]), ["", "", "", "", ""]];
    (grid[1] as string[])[1] = "";
    const res = app.submitForm({ formName: "Revenue Plan", pov: open.pov, grid, codes: open.codes });
    expect(res.changes.filter((c) => c.members[0] === "Plan")).toEqual([]);
    expect(res.cells.map((c) => `${c.row},${c.column}`)).not.toContain("1,1");
    expect(cell(app, { Period: "Jan", Account: "4110" })).toBe(12000);
    const bad = [...open.grid.map((r) => [...r]), ["", "5", "", "", ""]];
    expect(planError(() => app.submitForm({ formName: "Revenue Plan", pov: open.pov, grid: bad })).code).toBe(
      "PLANNING_GRID_INVALID",
    );
  });

  test("a Smart List cell takes an entry label (or number) and stores the entry number", () => {
    const app = createVisionPlanning();
    const open = app.openForm({ formName: "Revenue Drivers" });
    const grid = open.grid.map((r) => [...r]);
    const r = (code: string) => open.codes.findIndex((x) => x[0] === code);
    (grid[r("440")] as string[])[3] = "approved";
    (grid[r("430")] as string[])[3] = "2";
    (grid[r("423")] as string[])[3] = "Rejected";
    const res = app.submitForm({ formName: "Revenue Drivers", pov: open.pov, grid, codes: open.codes });
    const status = (code: string) => res.cells.find((c) => c.row === r(code) && c.column === 3);
    expect(status("440")).toEqual({ row: r("440"), column: 3, status: "written", value: "Approved" });
    expect(status("430")?.value).toBe("Submitted");
    expect(status("423")?.status).toBe("invalid");
    expect(res.grid[r("440")]?.[3]).toBe("Approved");
    expect(cell(app, { Entity: "440", Period: "BegBalance", Product: "P_000", Account: "4195" })).toBe(3);
    expect(
      res.changes
        .filter((c) => c.members[7] === "4195" && c.input)
        .map((c) => [c.members[3], c.value])
        .sort(),
    ).toEqual([
      ["430", 2],
      ["440", 3],
    ]);
  });
});
