import type { RuleContext, RuleDefinition } from "../../src/planning/definitions.ts";
import { MONTHS } from "./vision-data.ts";

/**
 * Business rules of the demo Vision application, their messages and refusals worded in English and French (the
 * caller's language is chosen). Each one is a calc script with `{Prompt}` runtime prompts,
 * as Calc Manager shows it; launching it substitutes the prompt values and runs the script with the engine's
 * calc interpreter on the plan type's block cube (the other plan type is `_Plan2_` for @XWRITE). Texts
 * (Revenue Commentary) live beside the cube, as in Planning's relational store, so the two rules that touch
 * them do so in a `texts` step after their script. Every change is undone if any step fails, and journaled
 * if the operation succeeds.
 */

/** Level-0 intersections every rule works on: the data of Vision lives in BaseData, No Metric, USD. */
const BASE = '"USD", "BaseData", "No Metric"';

/** Brings the stored Entity and Product totals of a slice up to date after a script changed level 0. */
function aggregate(fix: string): string {
  return [`FIX(${fix}, ${BASE})`, '  AGG("Entity", "Product");', "ENDFIX"].join("\n");
}

export const copyVersion: RuleDefinition = {
  name: "CopyVersion",
  cube: "Plan1",
  ruleType: "graphical",
  description:
    "Copies the plan, forecast and actual data of one version to another (the target is cleared first), with the Revenue Commentary texts.",
  prompts: [
    {
      name: "SrcVersion",
      type: "member",
      dimension: "Version",
      defaultValue: "Working",
      required: true,
      description: { en: "Version to copy from", fr: "Version à copier" },
      allowed: ["What If", "Working"],
    },
    {
      name: "TgtVersion",
      type: "member",
      dimension: "Version",
      defaultValue: "What If",
      required: true,
      description: { en: "Version to copy to", fr: "Version de destination" },
      allowed: ["What If", "Working"],
    },
  ],
  script: [
    `FIX("Actual", "Plan", "Forecast", "FY14", "FY15", ${BASE}, @RELATIVE("Sales VP", 0), @RELATIVE("P_TP", 0), "P_000")`,
    "  CLEARDATA {TgtVersion};",
    "  DATACOPY {SrcVersion} TO {TgtVersion};",
    "ENDFIX",
    aggregate('"Actual", "Plan", "Forecast", "FY14", "FY15", {TgtVersion}'),
  ].join("\n"),
  check(ctx) {
    const src = ctx.member("SrcVersion");
    return src === ctx.member("TgtVersion")
      ? {
          en: `the source and target versions are both ${src.name}.`,
          fr: `la version source et la version cible sont toutes deux ${src.name}.`,
        }
      : null;
  },
  texts(ctx: RuleContext): number {
    const cube = ctx.cube;
    const src = ctx.member("SrcVersion");
    const tgt = ctx.member("TgtVersion");
    const vi = cube.tuple({ Version: src }).indexOf(src);
    let copied = 0;
    cube.forEach(
      {
        Scenario: cube.select("Actual", "Plan", "Forecast"),
        Year: cube.select("FY14", "FY15"),
        Period: cube.select("BegBalance", ...MONTHS),
        Entity: cube.select("ILvl0Descendants(Sales VP)"),
        Product: cube.select("ILvl0Descendants(P_TP)", "P_000"),
        Account: cube.select("4190"),
        Currency: cube.select("USD"),
        HSP_View: cube.select("BaseData"),
        Version: [src],
      },
      (t) => {
        const target = t.slice();
        target[vi] = tgt;
        const text = cube.readText(t);
        if (text !== null || cube.readText(target) !== null) {
          cube.writeText(target, text);
          if (text !== null) copied++;
        }
      },
    );
    return copied;
  },
  message: {
    en: "Copied {SrcVersion} to {TgtVersion}: {cells} cells and {texts} texts.",
    fr: "Version {SrcVersion} copiée dans {TgtVersion} (cellules\u00a0: {cells}, textes\u00a0: {texts}).",
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
      description: { en: "Entity to seed the forecast for", fr: "Entité dont la prévision est initialisée" },
      allowed: ["ILvl0Descendants(Sales VP)"],
      useMembersOnForm: true,
    },
  ],
  script: [
    `FIX({Entity}, "FY15", "Working", ${BASE}, @RELATIVE("P_TP", 0), @RELATIVE("YearTotal", 0), "4110", "4120")`,
    '  "Forecast"(',
    '    IF ("Sales Growth Rate"->"Plan"->"BegBalance"->"P_000" == #MISSING)',
    '      @RETURN("entity {Entity} has no Sales Growth Rate for FY15 (form Revenue Drivers)", ERROR);',
    "    ELSE",
    '      "Forecast" = @ROUND("Plan" * (1 + "Sales Growth Rate"->"Plan"->"BegBalance"->"P_000" / 100), 2);',
    "    ENDIF",
    "  )",
    "ENDFIX",
    aggregate('"Forecast", "FY15", "Working"'),
  ].join("\n"),
  message: {
    en: "Seeded the FY15 forecast of entity {Entity}: {cells} cells.",
    fr: "Prévision FY15 de l'entité {Entity} initialisée (cellules\u00a0: {cells}).",
  },
  returnTexts: [
    {
      en: "entity {Entity} has no Sales Growth Rate for FY15 (form Revenue Drivers)",
      fr: "l'entité {Entity} n'a pas de Sales Growth Rate pour FY15 (formulaire Revenue Drivers)",
    },
  ],
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
      description: {
        en: "Entities whose plan revenue grows",
        fr: "Entités dont le chiffre d'affaires du plan augmente",
      },
      allowed: ["ILvl0Descendants(Sales VP)"],
    },
    {
      name: "GrowthPct",
      type: "numeric",
      defaultValue: "5",
      required: true,
      description: {
        en: "Growth in percent (-100 to 1000)",
        fr: "Croissance en pourcentage (de -100 à 1000)",
      },
      min: -100,
      max: 1000,
    },
    {
      name: "Comment",
      type: "string",
      defaultValue: null,
      required: false,
      description: {
        en: "Reason, stored in Revenue Commentary (at most 255 characters)",
        fr: "Motif, enregistré dans Revenue Commentary (255 caractères au plus)",
      },
      maxLength: 255,
    },
  ],
  script: [
    `FIX({Entities}, "Plan", "FY15", "Working", ${BASE}, @RELATIVE("P_TP", 0), @RELATIVE("YearTotal", 0))`,
    '  "4110" = @ROUND("4110" * (1 + {GrowthPct} / 100), 2);',
    '  "4120" = @ROUND("4120" * (1 + {GrowthPct} / 100), 2);',
    "ENDFIX",
    aggregate('"Plan", "FY15", "Working"'),
  ].join("\n"),
  texts(ctx: RuleContext): number {
    const comment = ctx.string("Comment");
    if (comment === "") return 0;
    const cube = ctx.cube;
    const entities = ctx.members("Entities");
    for (const e of entities) {
      cube.writeText(
        cube.tuple({
          HSP_View: "BaseData",
          Currency: "USD",
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
    return entities.length;
  },
  message: {
    en: "Grew the FY15 plan revenue of {Entities} by {GrowthPct}%: {cells} cells, {texts} comments.",
    fr: "Chiffre d'affaires du plan FY15 augmenté de {GrowthPct}\u202F% (entités\u00a0: {Entities}\u202f; cellules\u00a0: {cells}, commentaires\u00a0: {texts}).",
  },
};

export const allocateRevenue: RuleDefinition = {
  name: "AllocateRevenue",
  cube: "Plan1",
  ruleType: "graphical",
  description:
    "Allocates an amount of FY15 plan revenue for one month across the products of an entity, in proportion to their FY14 actual revenue.",
  prompts: [
    {
      name: "Amount",
      type: "numeric",
      defaultValue: "10000",
      required: true,
      description: { en: "Amount to allocate", fr: "Montant à répartir" },
      min: 0,
    },
    {
      name: "Account",
      type: "member",
      dimension: "Account",
      defaultValue: "4110",
      required: true,
      description: { en: "Revenue account", fr: "Compte de chiffre d'affaires" },
      allowed: ["Children(4100)"],
    },
    {
      name: "Period",
      type: "member",
      dimension: "Period",
      defaultValue: "&CurMonth",
      required: true,
      description: { en: "Month that receives the amount", fr: "Mois qui reçoit le montant" },
      allowed: ["Lvl0Descendants(YearTotal)"],
    },
    {
      name: "Entity",
      type: "member",
      dimension: "Entity",
      defaultValue: "410",
      required: true,
      description: {
        en: "Entity whose products share the amount",
        fr: "Entité dont les produits se partagent le montant",
      },
      allowed: ["ILvl0Descendants(Sales VP)"],
    },
  ],
  script: [
    `FIX("Plan", "FY15", "Working", ${BASE}, {Period}, {Entity}, @RELATIVE("P_TP", 0))`,
    "  {Account}(",
    '    IF ({Account}->"Actual"->"FY14"->"YearTotal"->"P_TP" == #MISSING)',
    '      @RETURN("the products of entity {Entity} have no FY14 actual {Account} to allocate by", ERROR);',
    "    ELSE",
    '      {Account} = {Amount} * {Account}->"Actual"->"FY14"->"YearTotal" / {Account}->"Actual"->"FY14"->"YearTotal"->"P_TP";',
    "    ENDIF",
    "  )",
    "ENDFIX",
    aggregate('"Plan", "FY15", "Working", {Period}'),
  ].join("\n"),
  message: {
    en: "Allocated {Amount} of {Account} in {Period} across the products of {Entity}: {cells} cells.",
    fr: "Montant de {Amount} réparti sur le compte {Account} en {Period} entre les produits de l'entité {Entity} (cellules\u00a0: {cells}).",
  },
  returnTexts: [
    {
      en: "the products of entity {Entity} have no FY14 actual {Account} to allocate by",
      fr: "les produits de l'entité {Entity} n'ont pas de réel FY14 sur le compte {Account} qui serve de clé de répartition",
    },
  ],
};

export const aggregateData: RuleDefinition = {
  name: "AggregateData",
  cube: "Plan1",
  ruleType: "script",
  description:
    "Aggregates one dimension (Entity or Product) of a scenario, Working version: the totals after a data load.",
  prompts: [
    {
      name: "Dimension",
      type: "dimension",
      defaultValue: "Entity",
      required: true,
      description: { en: "Dimension to aggregate", fr: "Dimension à agréger" },
      allowed: ["Entity", "Product"],
    },
    {
      name: "Scenario",
      type: "member",
      dimension: "Scenario",
      defaultValue: "Plan",
      required: true,
      description: { en: "Scenario to aggregate", fr: "Scénario à agréger" },
      allowed: ["Actual", "Plan", "Forecast"],
    },
  ],
  script: [`FIX({Scenario}, "Working", ${BASE})`, "  AGG({Dimension});", "ENDFIX"].join("\n"),
  message: {
    en: "Aggregated {Dimension} for {Scenario}: {cells} cells.",
    fr: "Dimension {Dimension} agrégée pour le scénario {Scenario} (cellules\u00a0: {cells}).",
  },
};

export const VISION_RULES: RuleDefinition[] = [
  copyVersion,
  seedForecast,
  growRevenue,
  allocateRevenue,
  aggregateData,
];

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
      description: { en: "Entities to push", fr: "Entités à envoyer" },
      allowed: ["ILvl0Descendants(Sales VP)"],
    },
    {
      name: "Scenario",
      type: "member",
      dimension: "Scenario",
      defaultValue: "Plan",
      required: true,
      description: { en: "Scenario to push", fr: "Scénario à envoyer" },
      allowed: ["Plan", "Forecast"],
    },
  ],
  script: [
    "/* _Plan2_ is the location alias of Vision.Plan2; Total Revenue (4100) is Dynamic Calc in Plan1, so the",
    "   block iterates its stored child 4110 and writes 4100 to Plan2's account 4100. */",
    `FIX({Entities}, {Scenario}, "FY15", "Working", ${BASE}, "P_TP", @RELATIVE("YearTotal", 0))`,
    '  "4110"(',
    '    @XWRITE("4100", _Plan2_, "4100");',
    "  )",
    "ENDFIX",
  ].join("\n"),
  message: {
    en: "Pushed the {Scenario} revenue of {Entities} to Plan2: {cells} cells.",
    fr: "Chiffre d'affaires du scénario {Scenario} envoyé vers Plan2 (entités\u00a0: {Entities}\u202f; cellules\u00a0: {cells}).",
  },
};

export const VISION_PLAN2_RULES: RuleDefinition[] = [pushRevenueToPlan2];
