import { Cube } from "../src/cube/cube.ts";
import { Outline } from "../src/outline.ts";
import { KeptDemoData } from "./kept-data.ts";
import { sampleBasicOutline } from "./sample-basic.ts";

/**
 * Deterministic Sample.Basic data. The published Sample.Basic data points are set exactly (level-0 cells
 * pinned, free cells scaled to the published totals with integer rounding) and everything else comes from a
 * seeded generator, so every total consolidates from its level-0 cells:
 * - Actual Sales of Cola (100-10) for Jan–Mar in the five East states (East 109/85/112);
 * - Jul Actual Sales/Profit of Cola in the Major Market members (East 2248/1156, Central 1392/369, …);
 * - Product 100 Actual Sales for the whole market by quarter: 7048/7872/8511/7037;
 * - Year × Product × Market: Sales Actual 400855 / Budget 373080, COGS 179336 / 158940;
 * - Cola × West × Year Actual Profit 4593 (Profit per Ounce 382.75);
 * - no data for South × 400 nor for 100-30 in the South.
 */

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export const SKUS = [
  "100-10",
  "100-20",
  "100-30",
  "200-10",
  "200-20",
  "200-30",
  "200-40",
  "300-10",
  "300-20",
  "300-30",
  "400-10",
  "400-20",
  "400-30",
];
export const STATES = [
  "New York",
  "Massachusetts",
  "Florida",
  "Connecticut",
  "New Hampshire",
  "California",
  "Oregon",
  "Washington",
  "Utah",
  "Nevada",
  "Texas",
  "Oklahoma",
  "Louisiana",
  "New Mexico",
  "Illinois",
  "Ohio",
  "Wisconsin",
  "Missouri",
  "Iowa",
  "Colorado",
];
const WEST = STATES.slice(5, 10);
const SOUTH = STATES.slice(10, 14);
const MEASURES = [
  "Sales",
  "COGS",
  "Marketing",
  "Payroll",
  "Misc",
  "Opening Inventory",
  "Additions",
  "Ending Inventory",
];
const SCENARIOS = ["Actual", "Budget"];

const S = (name: string): number => STATES.indexOf(name);
const P = (name: string): number => SKUS.indexOf(name);
const SALES = 0;
const COGS = 1;
const MKT = 2;
const PAY = 3;
const MISC = 4;
const OPEN = 5;
const ADD = 6;
const END = 7;

/** mulberry32: a small, well-mixed 32-bit PRNG so the data is the same on every machine. */
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

/** The level-0 values as a dense array [sku][state][month][measure][scenario]; NaN = #Missing. */
export class SampleBasicData {
  readonly values = new Float64Array(SKUS.length * STATES.length * 12 * MEASURES.length * 2).fill(Number.NaN);
  private readonly pinned = new Uint8Array(this.values.length);

  at(p: number, s: number, mo: number, me: number, sc: number): number {
    return (((p * STATES.length + s) * 12 + mo) * MEASURES.length + me) * 2 + sc;
  }
  get(p: number, s: number, mo: number, me: number, sc = 0): number {
    return this.values[this.at(p, s, mo, me, sc)] as number;
  }
  set(p: number, s: number, mo: number, me: number, sc: number, v: number, pin = false): void {
    const i = this.at(p, s, mo, me, sc);
    this.values[i] = v;
    if (pin) this.pinned[i] = 1;
  }
  isPinned(i: number): boolean {
    return this.pinned[i] === 1;
  }
  pin(i: number): void {
    this.pinned[i] = 1;
  }
}

/** Whether a SKU is sold in a state (no 400 family in the South, no 100-30 in the South). */
export function sold(p: number, s: number): boolean {
  const south = SOUTH.includes(STATES[s] as string);
  const sku = SKUS[p] as string;
  return !(south && (sku.startsWith("400") || sku === "100-30"));
}

/** Scales the given cells so they sum to `target`, rounding to integers and putting the residual on the largest. */
function scaleTo(d: SampleBasicData, cells: number[], target: number): void {
  const v = d.values;
  let sum = 0;
  for (const i of cells) sum += v[i] as number;
  if (cells.length === 0) {
    if (target !== 0) throw new Error(`No free cells to reach ${target}`);
    return;
  }
  const f = sum === 0 ? 0 : target / sum;
  let total = 0;
  let big = cells[0] as number;
  for (const i of cells) {
    const x = Math.max(0, Math.round((v[i] as number) * f));
    v[i] = x;
    total += x;
    if (x > (v[big] as number)) big = i;
  }
  v[big] = (v[big] as number) + (target - total);
  if ((v[big] as number) < 0) throw new Error("Scaling produced a negative value");
}

function splitExpenses(
  d: SampleBasicData,
  p: number,
  s: number,
  mo: number,
  sales: number,
  profit: number,
): void {
  const e = sales - profit;
  const cogs = Math.round(e * 0.6);
  const mkt = Math.round(e * 0.2);
  const pay = Math.round(e * 0.15);
  d.set(p, s, mo, SALES, 0, sales, true);
  d.set(p, s, mo, COGS, 0, cogs, true);
  d.set(p, s, mo, MKT, 0, mkt, true);
  d.set(p, s, mo, PAY, 0, pay, true);
  d.set(p, s, mo, MISC, 0, e - cogs - mkt - pay, true);
}

/** Generates the level-0 data (seed 1994). */
export function generateSampleBasicData(seed = 1994): SampleBasicData {
  const r = rng(seed);
  const d = new SampleBasicData();
  const skuWeight = [0.55, 0.35, 0.25, 1.1, 0.8, 0.9, 0.7, 1.0, 0.9, 0.8, 1.2, 1.0, 0.9];
  const stateWeight = STATES.map((_, _s) => 0.6 + r() * 0.9);
  const season = [0.85, 0.82, 0.92, 0.95, 1.0, 1.08, 1.15, 1.12, 1.0, 0.95, 0.9, 1.0];
  const cola = P("100-10");

  // 1. Base values for every level-0 cell that has data.
  for (let p = 0; p < SKUS.length; p++) {
    for (let s = 0; s < STATES.length; s++) {
      if (!sold(p, s)) continue;
      const westBoost = p === cola && WEST.includes(STATES[s] as string) ? 4 : 1;
      for (let mo = 0; mo < 12; mo++) {
        const sales =
          150 *
          (skuWeight[p] as number) *
          (stateWeight[s] as number) *
          (season[mo] as number) *
          westBoost *
          (0.85 + r() * 0.3);
        d.set(p, s, mo, SALES, 0, sales);
        d.set(p, s, mo, COGS, 0, sales * (0.4 + r() * 0.1));
        d.set(p, s, mo, MKT, 0, sales * (0.12 + r() * 0.05));
        d.set(p, s, mo, PAY, 0, sales * (0.1 + r() * 0.04));
        d.set(p, s, mo, MISC, 0, sales * (0.01 + r() * 0.02));
        const growth = 0.88 + r() * 0.14;
        d.set(p, s, mo, SALES, 1, sales * growth);
        d.set(p, s, mo, COGS, 1, sales * growth * 0.43);
        d.set(p, s, mo, MKT, 1, Math.round(sales * 0.14));
        d.set(p, s, mo, PAY, 1, Math.round(sales * 0.12));
        d.set(p, s, mo, MISC, 1, Math.round(sales * 0.02));
      }
    }
  }

  // 2. Pinned Cola cells: Jan–Mar Sales in the East states [S32].
  const q1 = {
    "New York": [36, 32, 39],
    Massachusetts: [24, 9, 14],
    Florida: [37, 29, 37],
    Connecticut: [0, 5, 11],
    "New Hampshire": [12, 10, 11],
  } as const;
  for (const [st, vals] of Object.entries(q1))
    vals.forEach((v, mo) => {
      d.set(cola, S(st), mo, SALES, 0, v, true);
    });
  // Jul Sales/Profit [B16]; Connecticut/New Hampshire and Wisconsin/Missouri/Iowa close the East and Central totals.
  const jul: [string, number, number][] = [
    ["New York", 912, 370],
    ["Massachusetts", 665, 564],
    ["Florida", 286, 104],
    ["Connecticut", 205, 70],
    ["New Hampshire", 180, 48],
    ["California", 912, 370],
    ["Texas", 567, 206],
    ["Illinois", 567, 208],
    ["Ohio", 85, 18],
    ["Wisconsin", 221, 30],
    ["Missouri", 190, 25],
    ["Iowa", 130, 18],
    ["Colorado", 199, 70],
  ];
  for (const [st, sales, profit] of jul) splitExpenses(d, cola, S(st), 6, sales, profit);

  // 3. Product 100 Actual Sales by quarter (whole market) [B20], with Cola in the West held to 9400 a year.
  const quarterTotals = [7048, 7872, 8511, 7037];
  const westCola = [2200, 2400, 1200, 2688];
  for (let q = 0; q < 4; q++) {
    const westCells: number[] = [];
    const otherCells: number[] = [];
    let pinnedSum = 0;
    for (let p = 0; p < 3; p++) {
      for (let s = 0; s < STATES.length; s++) {
        if (!sold(p, s)) continue;
        for (let mo = q * 3; mo < q * 3 + 3; mo++) {
          const i = d.at(p, s, mo, SALES, 0);
          if (d.isPinned(i)) pinnedSum += d.values[i] as number;
          else if (p === cola && WEST.includes(STATES[s] as string)) westCells.push(i);
          else otherCells.push(i);
        }
      }
    }
    scaleTo(d, westCells, westCola[q] as number);
    scaleTo(d, otherCells, (quarterTotals[q] as number) - pinnedSum - (westCola[q] as number));
  }

  // 4. The other families make up total Actual Sales of 400855 [E33].
  const rest: number[] = [];
  for (let p = 3; p < SKUS.length; p++)
    for (let s = 0; s < STATES.length; s++)
      if (sold(p, s)) for (let mo = 0; mo < 12; mo++) rest.push(d.at(p, s, mo, SALES, 0));
  scaleTo(d, rest, 400855 - 30468);

  // 5. Cola × West × Year Actual Profit = 4593 [E22]: the free West Cola expenses total 9400 − 4593 − 542.
  const westExp: number[] = [];
  for (const st of WEST) {
    for (let mo = 0; mo < 12; mo++) {
      for (const me of [COGS, MKT, PAY, MISC]) {
        const i = d.at(cola, S(st), mo, me, 0);
        if (!d.isPinned(i)) westExp.push(i);
      }
    }
  }
  for (let mo = 0; mo < 12; mo++) {
    for (const st of WEST) {
      const sales = d.get(cola, S(st), mo, SALES);
      if (!d.isPinned(d.at(cola, S(st), mo, SALES, 0))) {
        d.set(cola, S(st), mo, COGS, 0, sales * 0.3);
        d.set(cola, S(st), mo, MKT, 0, sales * 0.1);
        d.set(cola, S(st), mo, PAY, 0, sales * 0.08);
        d.set(cola, S(st), mo, MISC, 0, sales * 0.02);
      }
    }
  }
  scaleTo(d, westExp, 9400 - 4593 - 542);
  for (const i of westExp) d.pin(i);

  // 6. Round the remaining expenses, then hold total Actual COGS at 179336 [E33b].
  const freeCogs: number[] = [];
  let pinnedCogs = 0;
  for (let p = 0; p < SKUS.length; p++) {
    for (let s = 0; s < STATES.length; s++) {
      if (!sold(p, s)) continue;
      for (let mo = 0; mo < 12; mo++) {
        for (const me of [MKT, PAY, MISC]) {
          const i = d.at(p, s, mo, me, 0);
          if (!d.isPinned(i)) d.values[i] = Math.round(d.values[i] as number);
        }
        const i = d.at(p, s, mo, COGS, 0);
        if (d.isPinned(i)) pinnedCogs += d.values[i] as number;
        else freeCogs.push(i);
      }
    }
  }
  scaleTo(d, freeCogs, 179336 - pinnedCogs);

  // 7. Budget totals: Sales 373080, COGS 158940 [E33].
  const budSales: number[] = [];
  const budCogs: number[] = [];
  for (let p = 0; p < SKUS.length; p++)
    for (let s = 0; s < STATES.length; s++)
      if (sold(p, s))
        for (let mo = 0; mo < 12; mo++) {
          budSales.push(d.at(p, s, mo, SALES, 1));
          budCogs.push(d.at(p, s, mo, COGS, 1));
        }
  scaleTo(d, budSales, 373080);
  scaleTo(d, budCogs, 158940);

  // 8. Inventory (Actual): opening = prior ending; ending = opening + additions − sales.
  for (let p = 0; p < SKUS.length; p++) {
    for (let s = 0; s < STATES.length; s++) {
      if (!sold(p, s)) continue;
      let open = Math.round(d.get(p, s, 0, SALES) * (2 + r()));
      for (let mo = 0; mo < 12; mo++) {
        const sales = d.get(p, s, mo, SALES);
        let add = Math.round(sales * (0.9 + r() * 0.25));
        if (open + add - sales < 0) add = sales - open;
        const end = open + add - sales;
        d.set(p, s, mo, OPEN, 0, open);
        d.set(p, s, mo, ADD, 0, add);
        d.set(p, s, mo, END, 0, end);
        open = end;
      }
    }
  }
  return d;
}

/** Loads generated data into a Sample.Basic cube and runs CALC ALL. */
export function loadSampleBasicData(cube: Cube, data: SampleBasicData = generateSampleBasicData()): void {
  const o = cube.outline;
  const dimIdx = (name: string): number => cube.dims.findIndex((x) => x.name === name);
  const iy = dimIdx("Year");
  const im = dimIdx("Measures");
  const ip = dimIdx("Product");
  const ik = dimIdx("Market");
  const is = dimIdx("Scenario");
  const ord = (name: string): number => {
    const m = o.member(name);
    if (!m) throw new Error(`Sample.Basic has no member ${name}`);
    return m.ordinal;
  };
  const skuOrd = SKUS.map(ord);
  const stateOrd = STATES.map(ord);
  const monthOrd = MONTHS.map(ord);
  const measOrd = MEASURES.map(ord);
  const scenOrd = SCENARIOS.map(ord);
  const coords = cube.dims.map(() => 0);
  for (let p = 0; p < SKUS.length; p++) {
    for (let s = 0; s < STATES.length; s++) {
      for (let mo = 0; mo < 12; mo++) {
        for (let me = 0; me < MEASURES.length; me++) {
          for (let sc = 0; sc < 2; sc++) {
            const v = data.get(p, s, mo, me, sc);
            if (Number.isNaN(v)) continue;
            coords[ip] = skuOrd[p] as number;
            coords[ik] = stateOrd[s] as number;
            coords[iy] = monthOrd[mo] as number;
            coords[im] = measOrd[me] as number;
            coords[is] = scenOrd[sc] as number;
            cube.loadCell(coords, v);
          }
        }
      }
    }
  }
  cube.calcAll();
}

/** The demo data, loaded and calculated once a process. */
const demoData = new KeptDemoData(loadSampleBasicData);

/** A fresh Sample.Basic cube with its demo data, fully calculated. */
export function createSampleBasicCube(): Cube {
  const cube = new Cube(new Outline(sampleBasicOutline), { expectedBlocks: demoData.expectedBlocks });
  demoData.fill(cube);
  return cube;
}
