import type { Member } from "../../src/outline.ts";
import type { RuleContext, RuleDefinition } from "../../src/planning/definitions.ts";
import { MONTHS } from "./vision-data.ts";

/**
 * Business rules of the demo Vision application (plan type Plan1). Each one is described by its calc
 * script (with `{Prompt}` runtime prompts, as Calc Manager shows it) and runs through the planning layer's
 * rule context, so every change it makes is undone if it fails and journaled if it succeeds.
 */

const REVENUE = ["4110", "4120"];
const base = { HSP_View: "BaseData", Currency: "USD" };

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

export const copyVersion: RuleDefinition = {
  name: "CopyVersion",
  cube: "Plan1",
  ruleType: "graphical",
  description:
    "Copies the plan, forecast and actual data of one version to another (the target is cleared first).",
  prompts: [
    {
      name: "SrcVersion",
      type: "member",
      dimension: "Version",
      defaultValue: "Working",
      required: true,
      description: "Version to copy from",
      allowed: ["What If", "Working"],
    },
    {
      name: "TgtVersion",
      type: "member",
      dimension: "Version",
      defaultValue: "What If",
      required: true,
      description: "Version to copy to",
      allowed: ["What If", "Working"],
    },
  ],
  script: [
    'FIX("Actual", "Plan", "Forecast", "FY14", "FY15", "USD", "BaseData", @RELATIVE("Sales VP", 0), @RELATIVE("P_TP", 0), "P_000")',
    "  CLEARDATA {TgtVersion};",
    "  DATACOPY {SrcVersion} TO {TgtVersion};",
    "ENDFIX",
  ].join("\n"),
  run(ctx: RuleContext): string {
    const src = ctx.member("SrcVersion");
    const tgt = ctx.member("TgtVersion");
    if (src === tgt) ctx.fail(`the source and target versions are both ${src.name}.`);
    const cube = ctx.cube;
    const fix = {
      Scenario: cube.select("Actual", "Plan", "Forecast"),
      Year: cube.select("FY14", "FY15"),
      Period: cube.select("BegBalance", ...MONTHS),
      Entity: cube.select("ILvl0Descendants(Sales VP)"),
      Product: cube.select("ILvl0Descendants(P_TP)", "P_000"),
      Account: cube.select("4110", "4120", "Sales Growth Rate", "4190", "4195"),
      Currency: cube.select("USD"),
      HSP_View: cube.select("BaseData"),
      Version: [src],
    };
    const vi = cube.tuple({ Version: src }).indexOf(src);
    let values = 0;
    let texts = 0;
    cube.forEach(fix, (t) => {
      const target = t.slice();
      target[vi] = tgt;
      const text = cube.readText(t);
      if (text !== null || cube.readText(target) !== null) {
        cube.writeText(target, text);
        if (text !== null) texts++;
      }
      const v = cube.read(t);
      if (v !== null || cube.read(target) !== null) {
        cube.write(target, v);
        if (v !== null) values++;
      }
    });
    return `Copied ${values} values and ${texts} texts from ${src.name} to ${tgt.name}.`;
  },
};

export const seedForecast: RuleDefinition = {
  name: "SeedForecast",
  cube: "Plan1",
  ruleType: "graphical",
  description:
    "Seeds the FY15 forecast of an entity: each month's plan revenue grown by the entity's Sales Growth Rate.",
  prompts: [
    {
      name: "Entity",
      type: "member",
      dimension: "Entity",
      defaultValue: "410",
      required: true,
      description: "Entity to seed the forecast for",
      allowed: ["ILvl0Descendants(Sales VP)"],
      useMembersOnForm: true,
    },
  ],
  script: [
    'FIX({Entity}, "FY15", "Working", "USD", "BaseData", @RELATIVE("P_TP", 0), @RELATIVE("YearTotal", 0), "4110", "4120")',
    '  IF ("Sales Growth Rate"->"Plan"->"BegBalance"->"P_000" == #MISSING)',
    '    @RETURN("No Sales Growth Rate for the entity", ERROR);',
    "  ENDIF",
    '  "Forecast" = "Plan" * (1 + "Sales Growth Rate"->"Plan"->"BegBalance"->"P_000" / 100);',
    "ENDFIX",
  ].join("\n"),
  run(ctx: RuleContext): string {
    const cube = ctx.cube;
    const entity = ctx.member("Entity");
    const common = { ...base, Version: "Working", Year: "FY15", Entity: entity };
    const rate = cube.read(
      cube.tuple({
        ...common,
        Scenario: "Plan",
        Period: "BegBalance",
        Product: "P_000",
        Account: "Sales Growth Rate",
      }),
    );
    if (rate === null) {
      ctx.fail(`entity ${entity.name} has no Sales Growth Rate for FY15 (form Revenue Drivers).`);
    }
    let n = 0;
    for (const product of cube.select("ILvl0Descendants(P_TP)")) {
      for (const account of REVENUE) {
        for (const month of MONTHS) {
          const at = { ...common, Product: product, Account: account, Period: month };
          const plan = cube.read(cube.tuple({ ...at, Scenario: "Plan" }));
          cube.write(
            cube.tuple({ ...at, Scenario: "Forecast" }),
            plan === null ? null : round2(plan * (1 + rate / 100)),
          );
          if (plan !== null) n++;
        }
      }
    }
    return `Seeded ${n} forecast cells of entity ${entity.name} at ${rate}% growth.`;
  },
};

export const growRevenue: RuleDefinition = {
  name: "GrowRevenue",
  cube: "Plan1",
  ruleType: "graphical",
  description: "Grows the FY15 plan revenue of the chosen entities by a percentage, and notes why.",
  prompts: [
    {
      name: "Entities",
      type: "members",
      dimension: "Entity",
      defaultValue: "410,420",
      required: true,
      description: "Entities whose plan revenue grows",
      allowed: ["ILvl0Descendants(Sales VP)"],
    },
    {
      name: "GrowthPct",
      type: "numeric",
      defaultValue: "5",
      required: true,
      description: "Growth in percent (-100 to 1000)",
      min: -100,
      max: 1000,
    },
    {
      name: "Comment",
      type: "string",
      defaultValue: null,
      required: false,
      description: "Reason, stored in Revenue Commentary (at most 255 characters)",
      maxLength: 255,
    },
  ],
  script: [
    'FIX({Entities}, "Plan", "FY15", "Working", "USD", "BaseData", @RELATIVE("P_TP", 0), @RELATIVE("YearTotal", 0))',
    '  "4110" = "4110" * (1 + {GrowthPct} / 100);',
    '  "4120" = "4120" * (1 + {GrowthPct} / 100);',
    "ENDFIX",
  ].join("\n"),
  run(ctx: RuleContext): string {
    const cube = ctx.cube;
    const pct = ctx.number("GrowthPct");
    const comment = ctx.string("Comment");
    const entities = ctx.members("Entities");
    let n = 0;
    cube.forEach(
      {
        Scenario: cube.select("Plan"),
        Year: cube.select("FY15"),
        Version: cube.select("Working"),
        Currency: cube.select("USD"),
        HSP_View: cube.select("BaseData"),
        Entity: entities,
        Product: cube.select("ILvl0Descendants(P_TP)"),
        Account: cube.select(...REVENUE),
        Period: cube.select(...MONTHS),
      },
      (t) => {
        const v = cube.read(t);
        if (v === null) return;
        cube.write(t, round2(v * (1 + pct / 100)));
        n++;
      },
    );
    if (comment !== "") {
      for (const e of entities) {
        cube.writeText(
          cube.tuple({
            ...base,
            Version: "Working",
            Scenario: "Plan",
            Year: "FY15",
            Period: "BegBalance",
            Entity: e,
            Product: "P_000",
            Account: "4190",
          }),
          comment,
        );
      }
    }
    return `Grew ${n} plan cells of ${entities.map((e) => e.name).join(", ")} by ${pct}%.`;
  },
};

export const allocateRevenue: RuleDefinition = {
  name: "AllocateRevenue",
  cube: "Plan1",
  ruleType: "graphical",
  description:
    "Allocates an amount of FY15 plan revenue for one month across products (of an entity) or entities (product P_000), in proportion to their FY14 actual revenue.",
  prompts: [
    {
      name: "Amount",
      type: "numeric",
      defaultValue: "10000",
      required: true,
      description: "Amount to allocate",
      min: 0,
    },
    {
      name: "Account",
      type: "member",
      dimension: "Account",
      defaultValue: "4110",
      required: true,
      description: "Revenue account",
      allowed: ["Children(4100)"],
    },
    {
      name: "Period",
      type: "member",
      dimension: "Period",
      defaultValue: "&CurMonth",
      required: true,
      description: "Month that receives the amount",
      allowed: ["Lvl0Descendants(YearTotal)"],
    },
    {
      name: "Entity",
      type: "member",
      dimension: "Entity",
      defaultValue: "410",
      required: true,
      description: "Entity whose products share the amount (basis Product)",
      allowed: ["ILvl0Descendants(Sales VP)"],
    },
    {
      name: "Basis",
      type: "dimension",
      defaultValue: "Product",
      required: true,
      description: "Dimension the amount is spread across: Product or Entity",
      allowed: ["Product", "Entity"],
    },
  ],
  script: [
    "/* Basis Product: the products of {Entity}. Basis Entity: the sales entities, product P_000. */",
    'FIX("Plan", "FY15", "Working", "USD", "BaseData", {Period}, {Entity}, @RELATIVE("P_TP", 0))',
    '  {Account} = {Amount} * {Account}->"Actual"->"FY14"->"YearTotal" / {Account}->"Actual"->"FY14"->"YearTotal"->"P_TP";',
    "ENDFIX",
  ].join("\n"),
  run(ctx: RuleContext): string {
    const cube = ctx.cube;
    const amount = ctx.number("Amount");
    const account = ctx.member("Account");
    const period = ctx.member("Period");
    const basis = ctx.dimension("Basis");
    const byProduct = basis.name === "Product";
    const targets = byProduct
      ? cube.select("ILvl0Descendants(P_TP)")
      : cube.select("ILvl0Descendants(Sales VP)");
    const at = (m: Member, scenario: string, year: string, p: string | Member, weight = false) =>
      cube.tuple({
        ...base,
        Version: "Working",
        Scenario: scenario,
        Year: year,
        Period: p,
        Account: account,
        Entity: byProduct ? ctx.member("Entity") : m,
        Product: byProduct ? m : weight ? "P_TP" : "P_000",
      });
    const weights = targets.map((m) => cube.read(at(m, "Actual", "FY14", "YearTotal", true)) ?? 0);
    const total = weights.reduce((a, b) => a + b, 0);
    if (total <= 0) ctx.fail(`the targets have no FY14 actual ${account.name} to allocate by.`);
    let left = round2(amount);
    targets.forEach((m, i) => {
      const share = i === targets.length - 1 ? left : round2((amount * (weights[i] as number)) / total);
      left = round2(left - share);
      cube.write(at(m, "Plan", "FY15", period), share);
    });
    return `Allocated ${amount} of ${account.name} in ${period.name} across ${targets.length} ${byProduct ? "products" : "entities"}.`;
  },
};

export const VISION_RULES: RuleDefinition[] = [copyVersion, seedForecast, growRevenue, allocateRevenue];

export const pushRevenueToPlan2: RuleDefinition = {
  name: "PushRevenueToPlan2",
  cube: "Plan1",
  ruleType: "graphical",
  description:
    "Copies the total revenue (4100, all products) of the chosen entities and scenario, FY15 months, from Plan1 to the Plan2 revenue summary.",
  prompts: [
    {
      name: "Entities",
      type: "members",
      dimension: "Entity",
      defaultValue: "ILvl0Descendants(Sales VP)",
      required: true,
      description: "Entities to push",
      allowed: ["ILvl0Descendants(Sales VP)"],
    },
    {
      name: "Scenario",
      type: "member",
      dimension: "Scenario",
      defaultValue: "Plan",
      required: true,
      description: "Scenario to push",
      allowed: ["Plan", "Forecast"],
    },
  ],
  script: [
    "/* _Plan2_ is the location alias of Vision.Plan2 */",
    'FIX({Entities}, {Scenario}, "FY15", "Working", "USD", "BaseData", "P_TP", @RELATIVE("YearTotal", 0))',
    '  "4100"(',
    '    @XWRITE("4100", _Plan2_);',
    "  )",
    "ENDFIX",
  ].join("\n"),
  run(ctx: RuleContext): string {
    const plan1 = ctx.cube;
    const plan2 = ctx.otherCube("Plan2");
    const scenario = ctx.member("Scenario").name;
    let n = 0;
    for (const e of ctx.members("Entities")) {
      for (const month of MONTHS) {
        const common = {
          Scenario: scenario,
          Year: "FY15",
          Version: "Working",
          Currency: "USD",
          Period: month,
        };
        const v = plan1.read(
          plan1.tuple({ ...common, ...base, Entity: e, Product: "P_TP", Account: "4100" }),
        );
        plan2.write(plan2.tuple({ ...common, Entity: e.name, Account: "4100" }), v);
        if (v !== null) n++;
      }
    }
    return `Pushed ${n} ${scenario} revenue cells to Plan2.`;
  },
};

export const VISION_PLAN2_RULES: RuleDefinition[] = [pushRevenueToPlan2];
