import { type DimensionSpec, type MemberSpec, Outline, type OutlineSpec } from "../../src/outline.ts";
import { visionPlan1Spec as capturedPlan1 } from "../vision-plan1.generated.ts";
import { applyPlanningStorage } from "../vision-plan1.ts";

/**
 * The outline of the demo Vision planning application, plan type Plan1: the Vision.Plan1 outline captured
 * from a live server (../vision-plan1.generated.ts) with what a planner needs on top of it:
 * - Year and the months/quarters of YearTotal in calendar order (FY09 … FY31; Q1 = Jan, Feb, Mar); YearTotal
 *   and the quarters are Dynamic Calc;
 * - Account: `Income Statement` (label only) with `4100` Total Revenue (Dynamic Calc) = `4110` Hardware Sales
 *   + `4120` Software Sales, `4190` Revenue Commentary (a text account) and `4195` Revenue Status (a Smart
 *   List account: Draft, Submitted, Approved), neither rolled up;
 * - a Product dimension: P_TP Total Product = P_100 Hardware (P_110 Desktops, P_120 Laptops, P_130 Servers)
 *   + P_150 Accessories (P_160 Keyboards, P_170 Monitors), and P_000 No Product;
 * - the HSP_View dimension of sandbox-enabled cubes: BaseData, SandboxData, ConsolidatedData (Dynamic Calc,
 *   shows BaseData);
 * - `No Metric`, a level-0 HSP_Metric member that holds the data (forms and rules never show HSP_Metric);
 * - storage as a Planning application sets it: scenarios, versions and views never roll up, the upper members
 *   of Year, Currency and HSP_Metric are Dynamic Calc; Entity and Product totals are stored;
 * - substitution variables CurYr = FY15, PriorYr = FY14, CurMonth = Jan.
 * Other members keep the order and aliases of the captured outline.
 */
function spec(raw: MemberSpec, reverse: boolean): MemberSpec {
  const s: MemberSpec = { name: raw.name };
  if (raw.aliases) s.aliases = { ...raw.aliases };
  if (raw.children) {
    const kids = raw.children.map((c) => spec(c, reverse));
    s.children = reverse ? kids.reverse() : kids;
  }
  return s;
}

/** The captured Vision.Plan1 outline, shared with the engine's Essbase-side demo (one copy of the data). */
const VISION_PLAN1_DIMENSIONS = capturedPlan1.dimensions;

const PRODUCT: MemberSpec[] = [
  {
    name: "P_TP",
    aliases: { Default: "Total Product" },
    children: [
      {
        name: "P_100",
        aliases: { Default: "Hardware" },
        children: [
          { name: "P_110", aliases: { Default: "Desktops" } },
          { name: "P_120", aliases: { Default: "Laptops" } },
          { name: "P_130", aliases: { Default: "Servers" } },
        ],
      },
      {
        name: "P_150",
        aliases: { Default: "Accessories" },
        children: [
          { name: "P_160", aliases: { Default: "Keyboards" } },
          { name: "P_170", aliases: { Default: "Monitors" } },
        ],
      },
    ],
  },
  { name: "P_000", aliases: { Default: "No Product" } },
];

const INCOME_STATEMENT: MemberSpec = {
  name: "Income Statement",
  storage: "label-only",
  consolidation: "~",
  children: [
    {
      name: "4100",
      aliases: { Default: "Total Revenue" },
      storage: "dynamic-calc",
      children: [
        { name: "4110", aliases: { Default: "Hardware Sales" } },
        { name: "4120", aliases: { Default: "Software Sales" } },
      ],
    },
    { name: "4190", aliases: { Default: "Revenue Commentary" }, consolidation: "~" },
    { name: "4195", aliases: { Default: "Revenue Status" }, consolidation: "~" },
  ],
};

function dimension(name: string): DimensionSpec {
  const raw = VISION_PLAN1_DIMENSIONS.find((d) => d.name === name);
  if (!raw) throw new Error(`Vision.Plan1 has no dimension ${name}`);
  let members = raw.members.map((m) => spec(m, false));
  if (name === "Year") members = raw.members.map((m) => spec(m, true));
  if (name === "Period") {
    members = raw.members.map((m) => {
      if (m.name !== "YearTotal") return spec(m, false);
      const yt = spec(m, true);
      yt.storage = "dynamic-calc";
      for (const q of yt.children ?? []) q.storage = "dynamic-calc";
      return yt;
    });
  }
  if (name === "Account") members = [INCOME_STATEMENT, ...members];
  if (name === "HSP_Metric") members = [{ name: "No Metric" }, ...members];
  const type = name === "Account" ? "accounts" : name === "Period" ? "time" : "regular";
  const density = name === "Account" || name === "Period" ? "dense" : "sparse";
  const dim: DimensionSpec = { name, type, density, members };
  applyPlanningStorage(dim);
  return dim;
}

export const VISION_VARIABLES = ["CurYr", "PriorYr", "CurMonth"];

export function visionPlan1Spec(): OutlineSpec {
  return {
    name: "Plan1",
    aliasTables: ["Default"],
    substitutionVariables: { CurYr: "FY15", PriorYr: "FY14", CurMonth: "Jan" },
    dimensions: [
      ...VISION_PLAN1_DIMENSIONS.map((d) => dimension(d.name)),
      { name: "Product", type: "regular", density: "sparse", members: PRODUCT },
      {
        name: "HSP_View",
        type: "regular",
        density: "sparse",
        members: [
          { name: "BaseData", consolidation: "~" },
          { name: "SandboxData", consolidation: "~" },
          { name: "ConsolidatedData", consolidation: "~", storage: "dynamic-calc", formula: "BaseData;" },
        ],
      },
    ],
  };
}

export function visionPlan1Outline(): Outline {
  return new Outline(visionPlan1Spec());
}

/**
 * Plan type Plan2 (revenue summary by entity, the target of the cross-plan-type rule PushRevenueToPlan2):
 * Scenario, Year, Period, Entity, Version and Currency as in Plan1, and an Account dimension with only
 * `4100` Total Revenue (stored here, level 0) and `4190` Revenue Commentary. No Product, no HSP_View.
 */
export function visionPlan2Spec(): OutlineSpec {
  const plan1 = visionPlan1Spec();
  const keep = ["Scenario", "Year", "Period", "Entity", "Version", "Currency"];
  return {
    name: "Plan2",
    aliasTables: ["Default"],
    substitutionVariables: plan1.substitutionVariables,
    dimensions: [
      ...plan1.dimensions.filter((d) => keep.includes(d.name)),
      {
        name: "Account",
        type: "accounts",
        density: "dense",
        members: [
          { name: "4100", aliases: { Default: "Total Revenue" } },
          { name: "4190", aliases: { Default: "Revenue Commentary" }, consolidation: "~" },
        ],
      },
    ],
  };
}

export function visionPlan2Outline(): Outline {
  return new Outline(visionPlan2Spec());
}
