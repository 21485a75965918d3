import type { Cube } from "../../src/cube/cube.ts";
import type { Member, Outline } from "../../src/outline.ts";
import type { CellWrite } from "../../src/planning/changes.ts";

/**
 * Deterministic data of the demo Vision Plan1 cube: revenue (4110 Hardware Sales, 4120 Software Sales) by
 * month for every sales entity (level 0 of Sales VP) and product, for Actual FY14 and Plan FY15 (version
 * Working, currency USD, HSP_View BaseData); Sales Growth Rate drivers (Plan FY15 BegBalance, P_000) for every
 * sales entity except 450; Forecast and the What If version start empty. Entity 410, product P_160 holds the
 * figures of the API examples (Hardware Sales 12000, 12500, 13000 … and Software Sales 8000, 8200, 8400 …);
 * P_170 Monitors has no data for entity 410 (row suppression shows it).
 */
export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const GROWTH_RATES: Readonly<Record<string, number>> = {
  "410": 4,
  "420": 3,
  "421": 6,
  "422": 2.5,
  "423": 5,
  "430": 3.5,
  "440": 4.5,
  "240": 2,
};

/** Revenue Status (Smart List 1 Draft, 2 Submitted, 3 Approved) by entity. */
export const REVENUE_STATUS: Readonly<Record<string, number>> = { "410": 2, "420": 3, "430": 1 };

/** A small deterministic hash of text → [0, 1). */
function unit(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return ((h >>> 0) % 10007) / 10007;
}

export function salesEntities(outline: Outline): Member[] {
  const vp = outline.member("Sales VP");
  return vp ? vp.descendants().filter((m) => m.isLeaf) : [];
}

export function products(outline: Outline): Member[] {
  return (outline.member("P_TP") as Member).descendants().filter((m) => m.isLeaf);
}

/** Cell tuple by dimension name (other dimensions: root, HSP_Metric root). */
function names(outline: Outline, at: Record<string, string>): string[] {
  return outline.baseDimensions.map((d) => at[d.name] ?? (d.name === "HSP_Metric" ? "No Metric" : d.name));
}

function monthly(
  entity: string,
  product: string,
  account: string,
  scenario: string,
  m: number,
): number | null {
  if (entity === "410" && product === "P_170") return null;
  if (scenario === "Plan" && entity === "410" && product === "P_160") {
    return account === "4110" ? 12000 + 500 * m : 8000 + 200 * m;
  }
  const base = 2000 + Math.round(unit(`${entity}|${product}|${account}`) * 180) * 100;
  const season = 1 + 0.05 * Math.sin((m / 12) * 2 * Math.PI);
  const drift = scenario === "Actual" ? 0.9 : 1;
  const noise = 0.95 + unit(`${entity}|${product}|${account}|${scenario}|${m}`) * 0.1;
  return Math.round((base * season * drift * noise) / 10) * 10;
}

/** Loads the level-0 data into a new cube, then aggregates it (CALC ALL). */
export function loadVisionPlan1(cube: Cube): void {
  const outline = cube.outline;
  const common = { HSP_View: "BaseData", Version: "Working", Currency: "USD" };
  for (const e of salesEntities(outline)) {
    for (const p of products(outline)) {
      for (const account of ["4110", "4120"]) {
        for (const [scenario, year] of [
          ["Actual", "FY14"],
          ["Plan", "FY15"],
        ] as const) {
          MONTHS.forEach((month, m) => {
            const v = monthly(e.name, p.name, account, scenario, m);
            if (v === null) return;
            cube.loadByNames(
              names(outline, {
                ...common,
                Scenario: scenario,
                Year: year,
                Period: month,
                Entity: e.name,
                Product: p.name,
                Account: account,
              }),
              v,
            );
          });
        }
      }
    }
    // Drivers: Plan FY15 BegBalance, product P_000.
    const driver = (account: string, value: number | undefined): void => {
      if (value === undefined) return;
      const at = {
        ...common,
        Scenario: "Plan",
        Year: "FY15",
        Period: "BegBalance",
        Entity: e.name,
        Product: "P_000",
      };
      cube.loadByNames(names(outline, { ...at, Account: account }), value);
    };
    driver("4195", REVENUE_STATUS[e.name]);
    driver("Sales Growth Rate", GROWTH_RATES[e.name]);
  }
  cube.calcAll();
}

/** The initial texts of the 4190 Revenue Commentary account, as cell writes. */
export function visionPlan1Texts(outline: Outline): CellWrite[] {
  const at = (entity: string, text: string): CellWrite => ({
    cube: "Plan1",
    members: names(outline, {
      HSP_View: "BaseData",
      Version: "Working",
      Currency: "USD",
      Scenario: "Plan",
      Year: "FY15",
      Period: "BegBalance",
      Entity: entity,
      Product: "P_000",
      Account: "4190",
    }),
    value: null,
    text,
  });
  return [
    at("410", "Keyboard and desktop demand follows the FY15 hardware refresh; software grows with renewals."),
    at("420", "Plan approved by the regional controller."),
  ];
}
