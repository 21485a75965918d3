import { describe, expect, test } from "vitest";
import { createVisionPlanning } from "../../demo/planning/vision-app.ts";
import { planError, SALES_ENTITIES } from "../vision-plan1.ts";

const REVENUE_PLAN_POV = {
  HSP_View: "BaseData",
  Year: "FY15",
  Scenario: "Plan",
  Version: "Working",
  Entity: "410",
  Product: "P_160",
  Currency: "USD",
};

/** The product rows of Revenue by Product for entity 410 (P_170 Monitors, no data for 410, suppressed). */
const PRODUCT_ROWS_410 = ["P_110", "P_120", "P_130", "P_100", "P_160", "P_150", "P_TP"];

describe("form folders", () => {
  test("listForms lists the forms of /Forms/Revenue alphabetically, as the API example shows", () => {
    const app = createVisionPlanning();
    expect(app.listForms("/Forms/Revenue")).toEqual({
      folder: "/Forms/Revenue",
      folders: [],
      forms: [
        {
          formName: "Revenue by Product",
          folder: "/Forms/Revenue",
          type: "regular",
          cube: "Plan1",
          description: "Revenue of each product of entity 410.",
        },
        {
          formName: "Revenue Plan",
          folder: "/Forms/Revenue",
          type: "regular",
          cube: "Plan1",
          description: "Monthly revenue plan by account.",
        },
        {
          formName: "Revenue Review",
          folder: "/Forms/Revenue",
          type: "composite",
          cube: "Plan1",
          description: "Revenue Plan and Revenue by Product side by side.",
        },
      ],
    });
  });

  test("the root folder lists its sub-folders; an unknown folder is an error", () => {
    const app = createVisionPlanning();
    expect(app.listForms("/Forms")).toEqual({
      folder: "/Forms",
      folders: ["/Forms/Drivers", "/Forms/Revenue", "/Forms/Summary"],
      forms: [],
    });
    expect(planError(() => app.listForms("/Forms/Nope")).code).toBe("PLANNING_FOLDER_UNKNOWN");
  });
});

describe("open form", () => {
  test("Revenue Plan for entity 410 gives the grid, codes and cell kinds of the API example", () => {
    const app = createVisionPlanning();
    const f = app.openForm({
      folder: "/Forms/Revenue",
      formName: "Revenue Plan",
      type: "regular",
      preferences: {
        missingRowSuppression: false,
        missingColSuppression: false,
        missingLabel: "#Missing",
        locale: "en_US",
      },
      pov: { Entity: "410" },
    });
    expect(f.pov).toEqual(REVENUE_PLAN_POV);
    expect(f.grid).toEqual([
      ["", "Jan", "Feb", "Mar", "Q1"],
      ["Hardware Sales", "12000", "12500", "13000", "37500"],
      ["Software Sales", "8000", "8200", "8400", "24600"],
      ["Total Revenue", "20000", "20700", "21400", "62100"],
    ]);
    expect(f.codes).toEqual([
      ["", "Jan", "Feb", "Mar", "Q1"],
      ["4110", "", "", "", ""],
      ["4120", "", "", "", ""],
      ["4100", "", "", "", ""],
    ]);
    expect(f.cellKinds).toEqual([
      ["corner", "column-header", "column-header", "column-header", "column-header"],
      ["row-header", "data", "data", "data", "read-only"],
      ["row-header", "data", "data", "data", "read-only"],
      ["row-header", "read-only", "read-only", "read-only", "read-only"],
    ]);
    expect(f.subforms).toEqual([]);
    expect(f.povChoices.Entity).toContain("420");
    expect(f.povChoices.Scenario).toEqual(["Plan"]);
  });

  test("Revenue Plan for P_170 (no revenue yet): the computed cells are read-only though empty", () => {
    const app = createVisionPlanning();
    const f = app.openForm({ folder: "/Forms/Revenue", formName: "Revenue Plan", pov: { Product: "P_170" } });
    expect(f.grid.slice(1).map((r) => r.slice(1))).toEqual(new Array(3).fill(new Array(4).fill("#Missing")));
    // Jan to Mar of the two accounts take input; Q1 and Total Revenue never do, with or without a value.
    expect(f.cellKinds.slice(1)).toEqual([
      ["row-header", "missing", "missing", "missing", "read-only"],
      ["row-header", "missing", "missing", "missing", "read-only"],
      ["row-header", "read-only", "read-only", "read-only", "read-only"],
    ]);
  });

  test("an approved entity opens with locked cells", () => {
    const app = createVisionPlanning();
    const f = app.openForm({ folder: "/Forms/Revenue", formName: "Revenue Plan", pov: { Entity: "420" } });
    expect(f.cellStates[1]).toEqual(["member", "locked", "locked", "locked", "read-only"]);
    expect(f.cellKinds[1]).toEqual(["row-header", "read-only", "read-only", "read-only", "read-only"]);
  });

  test("Revenue by Product: read-only actual segment, suppressed empty product, aliases as labels", () => {
    const app = createVisionPlanning();
    const f = app.openForm({ folder: "/Forms/Revenue", formName: "Revenue by Product" });
    expect(f.grid.slice(0, 3)).toEqual([
      ["", "Actual", "Plan", "Plan", "Plan", "Plan"],
      ["", "FY14", "FY15", "FY15", "FY15", "FY15"],
      ["", "Total Year", "Jan", "Feb", "Mar", "Q1"],
    ]);
    // P_170 Monitors has no data for 410: the row is suppressed.
    expect(f.codes.slice(3).map((r) => r[0])).toEqual(PRODUCT_ROWS_410);
    const keyboards = f.grid[7] as string[];
    expect(keyboards.slice(0, 6)).toEqual(["Keyboards", keyboards[1], "12000", "12500", "13000", "37500"]);
    expect(f.cellKinds[7]).toEqual(["row-header", "read-only", "data", "data", "data", "read-only"]);
    // Upper-level products are aggregated, not entered.
    expect(f.cellKinds[6]).toEqual([
      "row-header",
      "read-only",
      "read-only",
      "read-only",
      "read-only",
      "read-only",
    ]);
    const sum = [3, 4, 5].reduce((a, r) => a + Number(f.grid[r]?.[2]), 0);
    expect(Number(f.grid[6]?.[2])).toBe(sum);
  });

  test("Revenue Review opens as a composite form with one grid per subform", () => {
    const app = createVisionPlanning();
    const f = app.openForm({ folder: "/Forms/Revenue", formName: "Revenue Review", type: "composite" });
    expect(f.type).toBe("composite");
    expect(f.grid).toEqual([]);
    expect(f.subforms.map((s) => [s.folder, s.formName, s.pov.Entity])).toEqual([
      ["/Forms/Revenue", "Revenue Plan", "410"],
      ["/Forms/Revenue", "Revenue by Product", "410"],
    ]);
    expect(f.subforms[0]?.grid[1]).toEqual(["Hardware Sales", "12000", "12500", "13000", "37500"]);
    const other = app.openForm({ formName: "Revenue Review", pov: { Entity: "Sales South" } });
    expect(other.subforms.map((s) => s.pov.Entity)).toEqual(["430", "430"]);
    const own = app.openForm({
      formName: "Revenue Review",
      pov: { Entity: "430" },
      subforms: [
        { folder: "/Forms/Revenue", formName: "Revenue by Product", pov: { Entity: "440", Account: "4120" } },
      ],
    });
    expect(own.subforms.map((s) => [s.pov.Entity, s.pov.Account ?? null])).toEqual([
      ["430", null],
      ["440", "4120"],
    ]);
    expect(() =>
      app.openForm({ formName: "Revenue Review", subforms: [{ formName: "Revenue Drivers" }] }),
    ).toThrow(/not a subform/);
  });

  test("Revenue Drivers shows numbers, text cells, a missing driver and the locked entity", () => {
    const app = createVisionPlanning();
    const f = app.openForm({ folder: "/Forms/Drivers", formName: "Revenue Drivers" });
    const row = (code: string) => f.codes.findIndex((r) => r[0] === code);
    expect(f.grid[0]).toEqual(["", "Sales Growth Rate", "Revenue Commentary", "Revenue Status"]);
    expect(f.grid[row("450")]).toEqual(["Sales West", "#Missing", "#Missing", "#Missing"]);
    expect(f.cellStates[row("450")]).toEqual(["member", "missing", "text", "smart-list"]);
    expect(f.grid[row("410")]?.[3]).toBe("Submitted");
    expect(f.grid[row("410")]?.[1]).toBe("4");
    expect(f.grid[row("410")]?.[2]).toMatch(/^Keyboard and desktop demand/);
    expect(f.cellStates[row("420")]).toEqual(["member", "locked", "locked", "locked"]);
    expect(f.grid[row("420")]?.[3]).toBe("Approved");
  });

  test("errors: unknown form, wrong type, POV member the form does not allow", () => {
    const app = createVisionPlanning();
    const unknown = planError(() => app.openForm({ folder: "/Forms/Revenue", formName: "Revenue Forecast" }));
    expect(unknown.code).toBe("PLANNING_FORM_UNKNOWN");
    expect(unknown.message).toBe('The form "Revenue Forecast" does not exist in folder "/Forms/Revenue".');
    expect(planError(() => app.openForm({ formName: "Revenue Plan", type: "composite" })).code).toBe(
      "PLANNING_FORM_TYPE_MISMATCH",
    );
    const pov = planError(() => app.openForm({ formName: "Revenue Plan", pov: { Scenario: "Actual" } }));
    expect(pov.code).toBe("PLANNING_POV_INVALID");
    expect(pov.field).toBe("pov.Scenario");
    expect(planError(() => app.openForm({ formName: "Revenue Plan", pov: { Entity: "Nowhere" } })).code).toBe(
      "PLANNING_MEMBER_UNKNOWN",
    );
    const dim = planError(() => app.openForm({ formName: "Revenue Plan", pov: { Market: "East" } }));
    expect([dim.code, dim.field]).toEqual(["PLANNING_POV_INVALID", "pov.Market"]);
    // A dimension on an axis of the form is not a POV choice: it is ignored.
    expect(app.openForm({ formName: "Revenue Plan", pov: { Period: "Jul" } }).grid[0]).toEqual([
      "",
      "Jan",
      "Feb",
      "Mar",
      "Q1",
    ]);
  });
});

describe("every demo form, in full", () => {
  test("Revenue by Product", () => {
    const f = createVisionPlanning().openForm({ folder: "/Forms/Revenue", formName: "Revenue by Product" });
    expect(f.grid).toEqual([
      ["", "Actual", "Plan", "Plan", "Plan", "Plan"],
      ["", "FY14", "FY15", "FY15", "FY15", "FY15"],
      ["", "Total Year", "Jan", "Feb", "Mar", "Q1"],
      ["Desktops", "95090", "8500", "9250", "9630", "27380"],
      ["Laptops", "145980", "13100", "14000", "14840", "41940"],
      ["Servers", "82200", "7660", "7530", "8130", "23320"],
      ["Hardware", "323270", "29260", "30780", "32600", "92640"],
      ["Keyboards", "198130", "12000", "12500", "13000", "37500"],
      ["Accessories", "198130", "12000", "12500", "13000", "37500"],
      ["Total Product", "521400", "41260", "43280", "45600", "130140"],
    ]);
    expect(f.codes.map((r) => r[0])).toEqual(["", "", "", ...PRODUCT_ROWS_410]);
    expect(f.codes[2]).toEqual(["", "YearTotal", "Jan", "Feb", "Mar", "Q1"]);
    const leaf = ["row-header", "read-only", "data", "data", "data", "read-only"];
    const total = ["row-header", "read-only", "read-only", "read-only", "read-only", "read-only"];
    expect(f.cellKinds.slice(3)).toEqual([leaf, leaf, leaf, total, leaf, total, total]);
    expect(f.cellKinds[0]?.[0]).toBe("corner");
  });

  test("Revenue Drivers", () => {
    const f = createVisionPlanning().openForm({ folder: "/Forms/Drivers", formName: "Revenue Drivers" });
    expect(f.grid.map((r) => r.slice(0, 2))).toEqual([
      ["", "Sales Growth Rate"],
      ["Sales West", "#Missing"],
      ["Sales Central", "4.5"],
      ["Sales South", "3.5"],
      ["Sales SouthEast", "5"],
      ["Sales Mid-Atlantic", "2.5"],
      ["Sales NorthEast", "6"],
      ["Sales East", "3"],
      ["International Sales", "4"],
      ["Marketing", "2"],
    ]);
    expect(f.codes.map((r) => r[0])).toEqual(["", ...SALES_ENTITIES]);
    expect(f.codes[0]).toEqual(["", "Sales Growth Rate", "4190", "4195"]);
    expect(f.grid.map((r) => r[3])).toEqual([
      "Revenue Status",
      "#Missing",
      "#Missing",
      "Draft",
      "#Missing",
      "#Missing",
      "#Missing",
      "Approved",
      "Submitted",
      "#Missing",
    ]);
    expect(f.cellKinds.map((r) => r.slice(1).join(","))).toEqual([
      "column-header,column-header,column-header",
      "missing,missing,missing",
      "data,missing,missing",
      "data,missing,data",
      "data,missing,missing",
      "data,missing,missing",
      "data,missing,missing",
      "read-only,read-only,read-only",
      "data,data,data",
      "data,missing,missing",
    ]);
  });

  test("Revenue Summary (Plan2) starts empty and read-only", () => {
    const f = createVisionPlanning().openForm({ folder: "/Forms/Summary", formName: "Revenue Summary" });
    expect(f.cube).toBe("Plan2");
    expect(f.codes[0]).toEqual(["", "Jan", "Feb", "Mar", "Q1", "YearTotal"]);
    expect(f.codes.map((r) => r[0]).slice(1)).toEqual([...SALES_ENTITIES, "Sales VP"]);
    expect(f.cellStates.slice(1).every((r) => r.slice(1).every((s) => s === "read-only"))).toBe(true);
  });
});

describe("on-save rules", () => {
  test("a form lists its on-save rules with their prompts; a composite lists its subforms' rules", () => {
    const app = createVisionPlanning();
    expect(app.listOnSaveRules("/Forms/Revenue", "Revenue Plan")).toEqual({
      formName: "Revenue Plan",
      folder: "/Forms/Revenue",
      rules: [
        {
          ruleName: "SeedForecast",
          cube: "Plan1",
          ruleType: "graphical",
          prompts: [
            {
              name: "Entity",
              type: "member",
              dimension: "Entity",
              defaultValue: "410",
              required: true,
              description: "Entity to seed the forecast for",
            },
          ],
        },
      ],
    });
    expect(app.listOnSaveRules("/Forms/Revenue", "Revenue by Product").rules).toEqual([]);
    expect(app.listOnSaveRules("/Forms/Revenue", "Revenue Review").rules.map((r) => r.ruleName)).toEqual([
      "SeedForecast",
    ]);
  });
});
