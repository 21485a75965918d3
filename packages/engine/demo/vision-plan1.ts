import type { CalcScript } from "../src/calc/script.ts";
import { Cube } from "../src/cube/cube.ts";
import {
  type DimensionSpec,
  type Member,
  type MemberSpec,
  Outline,
  type OutlineSpec,
} from "../src/outline.ts";
import { visionPlan1Spec } from "./vision-plan1.generated.ts";

/**
 * Vision.Plan1 as captured in the corpus (vision-plan1.yaml, member order as captured), stored in a block
 * cube: Period and Account dense, the other dimensions sparse; scenarios and versions never roll up, upper
 * members of Year, Currency and HSP_Metric are Dynamic Calc (choices, see visionPlan1OutlineSpec). Plausible data (seeded, deterministic) for
 * Actual FY14–FY15, Plan FY15–FY16 and Forecast FY15, Version Working, currency USD, every level-0 entity of
 * Management Rollup and every level-0 account under ALL and Statistics; the first HSP_Metric member holds it.
 */

function walk(ms: MemberSpec[] | undefined, fn: (m: MemberSpec) => void): void {
  for (const m of ms ?? []) {
    fn(m);
    walk(m.children, fn);
  }
}

/**
 * Storage as a Planning application sets it (changes `d` in place): scenarios and versions never roll up
 * (`~`), and the upper members of Year, Currency and HSP_Metric are Dynamic Calc, so only Entity, Period,
 * Account (and Product) totals are stored — no blocks for meaningless cross-scenario or all-years totals,
 * which keeps the cube small. Shared with the demo Vision planning application.
 */
export function applyPlanningStorage(d: DimensionSpec): void {
  if (d.name === "Scenario" || d.name === "Version") {
    walk(d.members, (m) => {
      m.consolidation = "~";
    });
  }
  if (d.name === "Year" || d.name === "Currency" || d.name === "HSP_Metric") {
    d.storage = "dynamic-calc";
    walk(d.members, (m) => {
      if (m.children?.length) m.storage = "dynamic-calc";
    });
  }
}

export function visionPlan1OutlineSpec(): OutlineSpec {
  const spec = structuredClone(visionPlan1Spec);
  for (const d of spec.dimensions) {
    d.density = d.name === "Period" || d.name === "Account" ? "dense" : "sparse";
    if (d.name === "Account") d.type = "accounts";
    if (d.name === "Period") d.type = "time";
    applyPlanningStorage(d);
  }
  return spec;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A typical monthly magnitude for an account, from its number or its role. */
function magnitude(acct: Member): number {
  const n = Number(acct.name);
  if (Number.isFinite(n)) {
    if (n < 2000) return 20_000 + (n % 97) * 900;
    if (n < 3000) return 8_000 + (n % 89) * 500;
    if (n < 4000) return 50_000 + (n % 83) * 1_000;
    return 2_000 + (n % 71) * 100;
  }
  return 10 + acct.name.length * 3;
}

export function createVisionPlan1Cube(seed = 2015): Cube {
  const outline = new Outline(visionPlan1OutlineSpec());
  const cube = new Cube(outline, { expectedBlocks: 512 });
  const r = rng(seed);
  const get = (n: string): Member => {
    const m = outline.member(n);
    if (!m) throw new Error(`Vision.Plan1 has no member ${n}`);
    return m;
  };
  const dims = cube.dims;
  const idx = (name: string): number => dims.findIndex((d) => d.name === name);
  const leaves = (m: Member): Member[] => m.descendants().filter((x) => x.isLeaf && !x.isShared);
  const entities = leaves(get("Management Rollup"));
  const accounts = [...leaves(get("ALL")), ...leaves(get("Statistics"))].filter(
    (a, i, all) => all.findIndex((b) => b.name === a.name) === i,
  );
  const metric = get("HSP_Metric").children[0] as Member;
  const slices: [string, string, number][] = [
    ["Actual", "FY14", 0.94],
    ["Actual", "FY15", 1],
    ["Plan", "FY15", 1.04],
    ["Plan", "FY16", 1.09],
    ["Forecast", "FY15", 1.02],
  ];
  const coords = dims.map((d) => d.root.ordinal);
  coords[idx("Version")] = get("Working").ordinal;
  coords[idx("Currency")] = get("USD").ordinal;
  coords[idx("HSP_Metric")] = metric.ordinal;
  const entityScale = entities.map(() => 0.5 + r());
  for (const [scenario, year, growth] of slices) {
    coords[idx("Scenario")] = get(scenario).ordinal;
    coords[idx("Year")] = get(year).ordinal;
    entities.forEach((e, ei) => {
      coords[idx("Entity")] = e.ordinal;
      for (const a of accounts) {
        coords[idx("Account")] = a.ordinal;
        const base = magnitude(a) * (entityScale[ei] as number) * growth;
        coords[idx("Period")] = get("BegBalance").ordinal;
        cube.loadCell(coords, Math.round(base * (0.9 + r() * 0.2)));
        for (const mo of MONTHS) {
          coords[idx("Period")] = get(mo).ordinal;
          cube.loadCell(coords, Math.round(base * (0.85 + r() * 0.3)));
        }
      }
    });
  }
  cube.calcAll();
  return cube;
}

export const visionPlan1Scripts: CalcScript[] = [
  { name: "CalcAll", description: "Aggregates the whole cube", text: "CALC ALL;\n" },
  {
    name: "FcstSeed",
    description: "Seeds Forecast FY15 from Actual FY15 for the months, then aggregates Forecast",
    text: [
      "/* Forecast starts from the actuals */",
      "SET UPDATECALC OFF;",
      "FIX (FY15, Working, USD, @RELATIVE(Entity, 0), @RELATIVE(Account, 0))",
      "  DATACOPY Actual TO Forecast;",
      "ENDFIX",
      "FIX (Forecast)",
      "  CALC DIM (Period, Account, Entity);",
      "ENDFIX",
      "",
    ].join("\n"),
  },
];
