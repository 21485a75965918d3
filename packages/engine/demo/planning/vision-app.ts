import { Cube } from "../../src/cube/cube.ts";
import { PlanningApplication } from "../../src/planning/application.ts";
import type {
  FormDefinition,
  SmartListDefinition,
  TaskListDefinition,
} from "../../src/planning/definitions.ts";
import { KeptDemoData } from "../kept-data.ts";
import { loadVisionPlan1, visionPlan1Texts } from "./vision-data.ts";
import { VISION_VARIABLES, visionPlan1Outline, visionPlan2Outline } from "./vision-outline.ts";
import { VISION_PLAN2_RULES, VISION_RULES } from "./vision-rules.ts";

/**
 * The demo Vision planning application: plan type Plan1 (vision-outline.ts, data in vision-data.ts), form
 * folders /Forms/Revenue and /Forms/Drivers, the business rules of vision-rules.ts, two task lists, and an
 * approval lock on entity 420 (Plan, Working). `createVisionPlanning()` builds a fresh, deterministic
 * instance each time.
 */

const SALES_ENTITIES = ["ILvl0Descendants(Sales VP)"];

/** Smart List of account 4195 Revenue Status. */
export const VISION_REVENUE_STATUS: SmartListDefinition = {
  name: "RevenueStatus",
  members: ["4195"],
  entries: ["Draft", "Submitted", "Approved"],
};

export const VISION_FORMS: FormDefinition[] = [
  {
    type: "regular",
    name: "Revenue Plan",
    folder: "/Forms/Revenue",
    cube: "Plan1",
    description: "Monthly revenue plan by account.",
    pov: {
      HSP_View: "BaseData",
      Year: "FY15",
      Scenario: "Plan",
      Version: "Working",
      Entity: "410",
      Product: "P_160",
      Currency: "USD",
    },
    povChoices: { Entity: SALES_ENTITIES, Product: ["ILvl0Descendants(P_TP)"], Year: ["&CurYr"] },
    rows: { dimensions: ["Account"], segments: [{ members: { Account: ["Children(4100)", "4100"] } }] },
    columns: { dimensions: ["Period"], segments: [{ members: { Period: ["Children(Q1)", "Q1"] } }] },
    onSaveRules: ["SeedForecast"],
  },
  {
    type: "regular",
    name: "Revenue by Product",
    folder: "/Forms/Revenue",
    cube: "Plan1",
    description: "Revenue of each product of entity 410.",
    pov: { HSP_View: "BaseData", Version: "Working", Entity: "410", Account: "4110", Currency: "USD" },
    povChoices: { Entity: SALES_ENTITIES, Account: ["Children(4100)", "4100"] },
    rows: {
      dimensions: ["Product"],
      segments: [{ members: { Product: ["Children(P_100)", "P_100", "Children(P_150)", "P_150", "P_TP"] } }],
    },
    columns: {
      dimensions: ["Scenario", "Year", "Period"],
      segments: [
        { members: { Scenario: ["Actual"], Year: ["FY14"], Period: ["YearTotal"] }, readOnly: true },
        { members: { Scenario: ["Plan"], Year: ["FY15"], Period: ["Children(Q1)", "Q1"] } },
      ],
    },
    suppressMissingRows: true,
  },
  {
    type: "composite",
    name: "Revenue Review",
    folder: "/Forms/Revenue",
    cube: "Plan1",
    description: "Revenue Plan and Revenue by Product side by side.",
    subforms: [
      { folder: "/Forms/Revenue", formname: "Revenue Plan", pov: { Entity: "410" } },
      { folder: "/Forms/Revenue", formname: "Revenue by Product", pov: { Entity: "410" } },
    ],
  },
  {
    type: "regular",
    name: "Revenue Drivers",
    folder: "/Forms/Drivers",
    cube: "Plan1",
    description:
      "Sales growth rate and revenue commentary of each entity: the eight sales entities and Marketing.",
    pov: {
      HSP_View: "BaseData",
      Year: "FY15",
      Scenario: "Plan",
      Version: "Working",
      Period: "BegBalance",
      Product: "P_000",
      Currency: "USD",
    },
    rows: { dimensions: ["Entity"], segments: [{ members: { Entity: SALES_ENTITIES } }] },
    columns: {
      dimensions: ["Account"],
      segments: [{ members: { Account: ["Sales Growth Rate", "4190", "4195"] } }],
    },
  },
];

/** Plan2: the revenue summary fed from Plan1 by the PushRevenueToPlan2 rule (read-only). */
VISION_FORMS.push({
  type: "regular",
  name: "Revenue Summary",
  folder: "/Forms/Summary",
  cube: "Plan2",
  description: "Total revenue by sales entity (plan type Plan2), fed from Plan1 by PushRevenueToPlan2.",
  pov: { Year: "FY15", Scenario: "Plan", Version: "Working", Currency: "USD", Account: "4100" },
  povChoices: { Scenario: ["Plan", "Forecast"] },
  rows: {
    dimensions: ["Entity"],
    segments: [{ members: { Entity: ["ILvl0Descendants(Sales VP)", "Sales VP"] } }],
  },
  columns: {
    dimensions: ["Period"],
    segments: [{ members: { Period: ["Children(Q1)", "Q1", "YearTotal"] }, readOnly: true }],
  },
});

export const VISION_TASK_LISTS: TaskListDefinition[] = [
  {
    taskListID: "TL_BUDGET",
    name: "Budget Preparation",
    tasks: [
      {
        taskID: "T_ENTER_REVENUE",
        name: "Enter the revenue plan",
        type: "form",
        target: "/Forms/Revenue/Revenue Plan",
        dueDate: "2026-12-15",
      },
      {
        taskID: "T_COPY_VERSION",
        name: "Copy Working to What If",
        type: "businessRule",
        target: "CopyVersion",
        dueDate: "2026-12-18",
      },
      {
        taskID: "T_REVIEW",
        name: "Review revenue",
        type: "form",
        target: "/Forms/Revenue/Revenue Review",
        dueDate: null,
      },
    ],
  },
  {
    taskListID: "TL_FORECAST",
    name: "Forecast Update",
    tasks: [
      {
        taskID: "T_DRIVERS",
        name: "Check the growth drivers",
        type: "form",
        target: "/Forms/Drivers/Revenue Drivers",
        dueDate: "2027-01-08",
      },
      {
        taskID: "T_SEED",
        name: "Seed the forecast",
        type: "businessRule",
        target: "SeedForecast",
        dueDate: "2027-01-12",
      },
      {
        taskID: "T_GUIDE",
        name: "Read the forecast guide",
        type: "url",
        target: "/docs/QiBates/features/actions/TaskLists",
        dueDate: null,
      },
    ],
  },
];

/** Plan1's demo data, generated and aggregated once a process. */
const plan1DemoData = new KeptDemoData(loadVisionPlan1);

/**
 * The Vision planning application with its demo data; `empty: true` leaves its cubes without data (for a copy
 * whose data is then restored from another, which skips generating the demo data).
 */
export function createVisionPlanning(options: { empty?: boolean } = {}): PlanningApplication {
  const outline = visionPlan1Outline();
  // Empty, or taking a copy of the demo data's arrays, its blocks come from elsewhere (a restore grows the pool
  // once, or takes the state's arrays): room for the demo data's blocks (17 MB) would be allocated for nothing.
  const plan1 = new Cube(outline, { expectedBlocks: options.empty ? 16 : plan1DemoData.expectedBlocks });
  if (!options.empty) plan1DemoData.fill(plan1);
  const app = new PlanningApplication({
    name: "Vision",
    planTypes: [
      {
        name: "Plan1",
        data: plan1,
        textMembers: ["4190"],
        smartLists: [VISION_REVENUE_STATUS],
        defaults: { HSP_Metric: "No Metric" },
        variableNames: VISION_VARIABLES,
      },
      {
        name: "Plan2",
        data: new Cube(visionPlan2Outline()),
        textMembers: ["4190"],
        variableNames: VISION_VARIABLES,
      },
    ],
    forms: VISION_FORMS,
    rules: [...VISION_RULES, ...VISION_PLAN2_RULES],
    taskLists: VISION_TASK_LISTS,
    locks: [
      {
        cube: "Plan1",
        members: { Entity: ["420"], Scenario: ["Plan"], Version: ["Working"] },
        reason: "Approval unit 420 (Plan, Working) is approved: its data is locked.",
      },
    ],
  });
  app.applyCellWrites(visionPlan1Texts(outline));
  return app;
}
