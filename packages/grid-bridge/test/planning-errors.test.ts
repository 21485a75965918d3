import { Cube } from "@qibates/engine";
import { createVisionPlanning, visionPlan1Outline } from "@qibates/engine/demo/planning";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import {
  type DataSliceImportRequest,
  type DataSliceRequest,
  PlanningApplication as PlanningApp,
  type PlanningApplication,
  PlanningError,
  type PlanningErrorCode,
} from "@qibates/engine/planning";
import { describe, expect, it } from "vitest";
import { thrown } from "../../engine/test/support/thrown.ts";
import { planningErrorMessage } from "../src/planning-errors.ts";
import { apiMessage } from "./api-message.ts";

/**
 * Every refusal of the demo's planning engine, said by the API in French: one sample per place the engine throws
 * (or per reason, where one place gives several). In French the API answered most of them with the engine's
 * English message ("Row 1 (…) is not on form.", "Application Vision has no plan type …"), the registry's
 * template having no parameters to fill.
 */

/** Words that only an English sentence has (the samples name no member or form spelled with them). */
const ENGLISH =
  /\b(the|is|are|must|and|of|not|does|exist|no|in|for|with|has|have|needs|takes|cannot|unknown|member|members|row|column|cell|cells|grid|form|value|only|may|than|every|each|one|named|expected|limited|characters)\b/i;

/** A `{name}` the message should have filled. */
const PLACEHOLDER = /\{[A-Za-z]+\}/;

const vision = (): PlanningApplication => createVisionPlanning();

/** The Revenue Plan form (rows Account, columns Period) opened, its grid edited by `edit`, then submitted. */
function submitRevenuePlan(edit: (grid: unknown[][]) => void, more: Record<string, unknown> = {}): void {
  const app = vision();
  const open = app.openForm({ formName: "Revenue Plan" });
  const grid: unknown[][] = open.grid.map((r) => [...r]);
  edit(grid);
  app.submitForm({ formName: "Revenue Plan", pov: open.pov, grid: grid as string[][], ...more });
}

const slice = (req: Partial<DataSliceRequest>) =>
  vision().exportDataSlice({
    cube: "Plan1",
    columns: [{ members: [["Jan"]] }],
    rows: [{ members: [["4110"]] }],
    ...req,
  } as DataSliceRequest);

const importSlice = (req: Partial<DataSliceImportRequest> | Record<string, unknown>) =>
  vision().importDataSlice({
    cube: "Plan1",
    pov: [],
    columns: [["Jan"]],
    rows: [{ headers: ["4110"], data: ["1"] }],
    ...req,
  } as DataSliceImportRequest);

/**
 * An application of its own for the refusals Vision's definitions never give: a form naming a dimension the plan
 * type lacks, and a plan type with attribute dimensions (Sample.Basic's).
 */
function odd(): PlanningApplication {
  return new PlanningApp({
    name: "Odd",
    planTypes: [
      { name: "Plan1", data: new Cube(visionPlan1Outline()) },
      { name: "Basic", data: createSampleBasicCube() },
    ],
    forms: [
      {
        type: "regular",
        name: "Broken",
        folder: "/Forms",
        cube: "Plan1",
        description: "A form over a dimension Plan1 lacks.",
        pov: { Market: "East" },
        rows: { dimensions: ["Account"], segments: [{ members: { Account: ["4110"] } }] },
        columns: { dimensions: ["Period"], segments: [{ members: { Period: ["Jan"] } }] },
      },
    ],
    rules: [],
    taskLists: [],
  });
}

/**
 * Each refusal: its code, how to provoke it, and the words it quotes as their author wrote them (a rule's own
 * failure message, its `@RETURN` text, is not the engine's to translate).
 */
const SAMPLES: Record<string, [PlanningErrorCode, () => unknown, string?]> = {
  // plan-types.ts
  "a plan type the application lacks": [
    "PLANNING_CUBE_UNKNOWN",
    () => vision().launchRule({ cube: "Plan9", ruleName: "CopyVersion" }),
  ],
  "a cell named by too few members": ["PLANNING_GRID_INVALID", () => vision().readText("Plan1", ["Jan"])],
  "a dimension of no plan type": ["PLANNING_DIMENSION_UNKNOWN", () => vision().enumFilters("Market")],
  "an alias table the application lacks": ["PLANNING_ALIAS_TABLE_UNKNOWN", () => vision().setAlias("French")],
  // members.ts, selection.ts
  "a member filter that does not exist": [
    "PLANNING_FILTER_UNKNOWN",
    () => vision().enumMembers({ dim: "Period", filter: "Cousins", arg: "Q1" }),
  ],
  "a member filter without its member": [
    "PLANNING_REQUEST_INVALID",
    () => vision().enumMembers({ dim: "Period", filter: "Children", arg: null }),
  ],
  "an unknown member": [
    "PLANNING_MEMBER_UNKNOWN",
    () => vision().enumMembers({ dim: "Period", filter: "Children", arg: "Nope" }),
  ],
  "an unknown substitution variable": [
    "PLANNING_MEMBER_UNKNOWN",
    () => vision().enumMembers({ dim: "Period", filter: "Children", arg: "&Nope" }),
  ],
  "a member of another dimension": [
    "PLANNING_MEMBER_UNKNOWN",
    () => vision().enumMembers({ dim: "Period", filter: "Children", arg: "410" }),
  ],
  // form-library.ts, form-views.ts, forms.ts
  "a folder that does not exist": ["PLANNING_FOLDER_UNKNOWN", () => vision().listForms("/Forms/Nope")],
  "a form in a folder that does not exist": [
    "PLANNING_FOLDER_UNKNOWN",
    () => vision().openForm({ folder: "/Forms/Nope", formName: "Revenue Plan" }),
  ],
  "a form its folder lacks": [
    "PLANNING_FORM_UNKNOWN",
    () => vision().openForm({ folder: "/Forms/Revenue", formName: "Revenue Forecast" }),
  ],
  "a form no folder has": [
    "PLANNING_FORM_UNKNOWN",
    () => vision().openForm({ formName: "Revenue Forecast" }),
  ],
  "a form of the other type": [
    "PLANNING_FORM_TYPE_MISMATCH",
    () => vision().openForm({ formName: "Revenue Plan", type: "composite" }),
  ],
  "a subform the composite form lacks": [
    "PLANNING_REQUEST_INVALID",
    () => vision().openForm({ formName: "Revenue Review", subforms: [{ formName: "Revenue Drivers" }] }),
  ],
  "a POV naming no dimension": [
    "PLANNING_POV_INVALID",
    () => vision().openForm({ formName: "Revenue Plan", pov: { Market: "East" } }),
  ],
  "a POV member the form fixes": [
    "PLANNING_POV_INVALID",
    () => vision().openForm({ formName: "Revenue Plan", pov: { Scenario: "Actual" } }),
  ],
  "a POV member the form does not offer": [
    "PLANNING_POV_INVALID",
    () => vision().openForm({ formName: "Revenue Plan", pov: { Entity: "230" } }),
  ],
  "a form over a dimension its plan type lacks": [
    "PLANNING_DIMENSION_UNKNOWN",
    () => odd().openForm({ formName: "Broken" }),
  ],
  // submit.ts
  "a grid that is no list of rows": [
    "PLANNING_GRID_INVALID",
    () => submitRevenuePlan(() => {}, { grid: "x" }),
  ],
  "a header that is no member of its dimension": [
    "PLANNING_GRID_INVALID",
    () =>
      submitRevenuePlan((g) => {
        (g[0] as unknown[])[1] = "4110";
      }),
  ],
  "a column not on the form": [
    "PLANNING_GRID_INVALID",
    () =>
      submitRevenuePlan((g) => {
        (g[0] as unknown[])[1] = "Apr";
      }),
  ],
  "a row that is no list": [
    "PLANNING_GRID_INVALID",
    () =>
      submitRevenuePlan((g) => {
        g[1] = "x" as unknown as unknown[];
      }),
  ],
  "a row with data but no member": [
    "PLANNING_GRID_INVALID",
    () =>
      submitRevenuePlan((g) => {
        g.splice(2, 0, ["", "5"]);
      }),
  ],
  "a row not on the form": [
    "PLANNING_GRID_INVALID",
    () =>
      submitRevenuePlan((g) => {
        (g[1] as unknown[])[0] = "Sales Growth Rate";
      }),
  ],
  "a text cell over 255 characters": [
    "PLANNING_CELL_TOO_LONG",
    () => {
      const app = vision();
      const open = app.openForm({ formName: "Revenue Drivers" });
      const grid = open.grid.map((r) => [...r]);
      const r430 = open.codes.findIndex((r) => r[0] === "430");
      (grid[r430] as string[])[2] = "x".repeat(300);
      app.submitForm({ formName: "Revenue Drivers", pov: open.pov, grid, codes: open.codes });
    },
  ],
  // form-submission.ts
  "a composite form submitted whole": [
    "PLANNING_REQUEST_INVALID",
    () => vision().submitForm({ formName: "Revenue Review", grid: [] }),
  ],
  "prompts for a rule the form does not run on save": [
    "PLANNING_REQUEST_INVALID",
    () => submitRevenuePlan(() => {}, { prompts: [{ ruleinfo: { ruleName: "GrowRevenue" }, prompts: [] }] }),
  ],
  "a prompt the on-save rule lacks": [
    "PLANNING_PROMPT_INVALID",
    () =>
      submitRevenuePlan(() => {}, {
        prompts: [{ ruleinfo: { ruleName: "SeedForecast" }, prompts: [{ name: "Nope", value: "410" }] }],
      }),
  ],
  // rule-runs.ts, rules.ts
  "a rule the plan type lacks": [
    "PLANNING_RULE_UNKNOWN",
    () => vision().launchRule({ cube: "Plan1", ruleName: "Nope" }),
  ],
  "the members of a prompt the rule lacks": [
    "PLANNING_PROMPT_UNKNOWN",
    () => vision().enumPromptMembers({ cube: "Plan1", ruleName: "GrowRevenue", promptName: "Nope" }),
  ],
  "the members of a numeric prompt": [
    "PLANNING_REQUEST_INVALID",
    () => vision().enumPromptMembers({ cube: "Plan1", ruleName: "GrowRevenue", promptName: "GrowthPct" }),
  ],
  "the members of a text prompt": [
    "PLANNING_REQUEST_INVALID",
    () => vision().enumPromptMembers({ cube: "Plan1", ruleName: "GrowRevenue", promptName: "Comment" }),
  ],
  "a launch with a prompt the rule lacks": [
    "PLANNING_PROMPT_UNKNOWN",
    () =>
      vision().launchRule({
        cube: "Plan1",
        ruleName: "CopyVersion",
        prompts: [{ name: "Nope", value: "x" }],
      }),
  ],
  "a launch without a required value": [
    "PLANNING_PROMPT_MISSING",
    () =>
      vision().launchRule({
        cube: "Plan1",
        ruleName: "CopyVersion",
        prompts: [{ name: "SrcVersion", value: "" }],
      }),
  ],
  "a prompt value the prompt refuses": [
    "PLANNING_PROMPT_INVALID",
    () =>
      vision().launchRule({
        cube: "Plan1",
        ruleName: "GrowRevenue",
        prompts: [{ name: "GrowthPct", value: "abc" }],
      }),
  ],
  "a rule that fails": [
    "PLANNING_RULE_FAILED",
    () =>
      vision().launchRule({
        cube: "Plan1",
        ruleName: "CopyVersion",
        prompts: [
          { name: "SrcVersion", value: "Working" },
          { name: "TgtVersion", value: "Working" },
        ],
      }),
    "the source and target versions are both Working.",
  ],
  // tasks.ts
  "a task list that does not exist": [
    "PLANNING_TASKLIST_UNKNOWN",
    () => vision().setTaskStatus({ taskListID: "TL_X", taskID: "T_REVIEW", complete: true }, undefined),
  ],
  "a task its list lacks": [
    "PLANNING_TASK_UNKNOWN",
    () => vision().setTaskStatus({ taskListID: "TL_BUDGET", taskID: "T_X", complete: true }, undefined),
  ],
  // data-slices.ts
  "a slice segment without members": ["PLANNING_GRID_INVALID", () => slice({ columns: [{} as never] })],
  "a slice segment naming more dimensions than lists": [
    "PLANNING_GRID_INVALID",
    () => slice({ columns: [{ dimensions: ["Period", "Account"], members: [["Jan"]] }] }),
  ],
  "a slice member list that names none": [
    "PLANNING_GRID_INVALID",
    () => slice({ columns: [{ members: [[]] }] }),
  ],
  "a slice naming a dimension the plan type lacks": [
    "PLANNING_DIMENSION_UNKNOWN",
    () => slice({ columns: [{ dimensions: ["Nope"], members: [["Jan"]] }] }),
  ],
  "a slice naming a member the plan type lacks": [
    "PLANNING_MEMBER_UNKNOWN",
    () => slice({ columns: [{ members: [["Nope"]] }] }),
  ],
  "a slice over an attribute dimension": [
    "PLANNING_GRID_INVALID",
    () =>
      odd().exportDataSlice({
        cube: "Basic",
        columns: [{ dimensions: ["Caffeinated"], members: [["Caffeinated_True"]] }],
        rows: [{ members: [["Sales"]] }],
      }),
  ],
  "a slice segment naming one dimension twice": [
    "PLANNING_GRID_INVALID",
    () => slice({ columns: [{ members: [["Jan"], ["Feb"]] }] }),
  ],
  "a slice without columns": ["PLANNING_GRID_INVALID", () => slice({ columns: [] })],
  "a slice over its threshold": [
    "PLANNING_GRID_INVALID",
    () => slice({ columns: [{ members: [["Jan", "Feb"]] }], maxCells: 1 }),
  ],
  "a slice over its threshold once rows are found": [
    "PLANNING_GRID_INVALID",
    () =>
      slice({
        columns: [{ members: [["Jan", "Feb"]] }],
        rows: [{ members: [["Children(4100)"]] }],
        suppressMissingBlocks: true,
        maxCells: 2,
      }),
  ],
  "slice segments of different dimensions": [
    "PLANNING_GRID_INVALID",
    () => slice({ columns: [{ members: [["Jan"]] }, { members: [["4110"]] }] }),
  ],
  "a slice POV of two members of one dimension": [
    "PLANNING_GRID_INVALID",
    () => slice({ pov: { members: [["FY15", "FY16"]] } }),
  ],
  "a slice with a dimension on two axes": [
    "PLANNING_GRID_INVALID",
    () => slice({ rows: [{ members: [["Feb"]] }] }),
  ],
  // data-import.ts
  "an import without a member name": ["PLANNING_GRID_INVALID", () => importSlice({ pov: [""] })],
  "an import naming a member the plan type lacks": [
    "PLANNING_MEMBER_UNKNOWN",
    () => importSlice({ pov: ["Nope"] }),
  ],
  "an import POV that is no list": ["PLANNING_GRID_INVALID", () => importSlice({ pov: null })],
  "an import without columns": ["PLANNING_GRID_INVALID", () => importSlice({ columns: [] })],
  "an import whose rows are no list": ["PLANNING_GRID_INVALID", () => importSlice({ rows: null })],
  "an import naming one dimension twice": [
    "PLANNING_GRID_INVALID",
    () => importSlice({ pov: ["FY15", "FY16"] }),
  ],
  "an import with column lists of different lengths": [
    "PLANNING_GRID_INVALID",
    () => importSlice({ columns: [["Jan", "Feb"], ["4110"]] }),
  ],
  "an import row without headers": ["PLANNING_GRID_INVALID", () => importSlice({ rows: [{}] })],
  "an import row longer than the columns": [
    "PLANNING_GRID_INVALID",
    () => importSlice({ rows: [{ headers: ["4110"], data: ["1", "2"] }] }),
  ],
};

describe("every planning refusal of the demo, in French", () => {
  it.each(Object.keys(SAMPLES))("%s", (name) => {
    const [code, provoke, quoted = ""] = SAMPLES[name] as [PlanningErrorCode, () => unknown, string?];
    const e = thrown(PlanningError, provoke);
    expect(e.code).toBe(code);
    const fr = apiMessage(e, "fr");
    expect(fr).not.toMatch(PLACEHOLDER);
    expect(fr.replace(quoted, "")).not.toMatch(ENGLISH);
    expect(apiMessage(e, "en")).not.toMatch(PLACEHOLDER);
    // A page running the demo in the browser says it as the API does.
    expect(planningErrorMessage(e, "fr")).toBe(fr);
  });

  it("the grid refusals give the engine's reason, in the caller's language", () => {
    const e = thrown(PlanningError, () =>
      submitRevenuePlan((g) => {
        (g[1] as unknown[])[0] = "Sales Growth Rate";
      }),
    );
    expect(e.message).toBe("Row 1 (Sales Growth Rate) is not on form.");
    expect(apiMessage(e, "en")).toBe("The grid cannot be read: row 1 (Sales Growth Rate) is not on form.");
    expect(apiMessage(e, "fr")).toBe(
      "La grille ne peut pas être lue : la ligne 1 (Sales Growth Rate) ne figure pas sur le formulaire.",
    );
  });
});
