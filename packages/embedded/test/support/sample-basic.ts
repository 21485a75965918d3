import { answerValue, type ProviderSession } from "@qibates/provider";
import { expect } from "vitest";
import type { EmbeddedProvider } from "../../src/index.ts";

// Sample.Basic as the demo ships it, for the tests of every package that reads it through the embedded provider.

/** The demo's Sample.Basic cube, as the providers and the API name it. */
export const sampleBasic = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" } as const;

/** The twelve months of the Year dimension, in outline order. */
export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** East's five states, in outline order. */
export const EAST_STATES = ["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"];

const PRODUCTS = ["100-10", "100-20", "100-30", "200-10", "200-20", "200-30", "200-40", "300-10", "300-20"];

/** Nine products and eight states whose data cells a heavy sheet crosses with the months. */
export const SHEET_PRODUCTS = PRODUCTS;
export const SHEET_STATES = [...EAST_STATES.slice(0, 4), "California", "Oregon", "Texas", "Utah"];
const MEASURES = ["Sales", "COGS", "Marketing", "Payroll", "Misc"];

/**
 * A heavy sheet: products × states × months down (864 rows), `copies` times; measures × Actual and Budget
 * across (10 columns), `across` times; every data cell empty. Once each: 8,640 data cells.
 */
export function heavySheet(copies = 1, across = 1): string[][] {
  const once = MEASURES.flatMap((m) => ["Actual", "Budget"].map((s) => [m, s] as const));
  const columns = Array.from({ length: across }, () => once).flat();
  const rows = SHEET_PRODUCTS.flatMap((p) => SHEET_STATES.flatMap((st) => MONTHS.map((mo) => [p, st, mo])));
  const sheet = [
    ["", "", "", ...columns.map((c) => c[0])],
    ["", "", "", ...columns.map((c) => c[1])],
  ];
  for (let i = 0; i < copies; i++) for (const r of rows) sheet.push([...r, ...columns.map(() => "")]);
  return sheet;
}

/** Jan, Cola, Sales: New York and East down, Actual and Budget across; `jan`, New York's Actual (empty: read). */
export const colaSheet = (jan = "") => [
  ["", "Jan", "Cola", "Sales"],
  ["", "Actual", "Budget"],
  ["New York", jan, ""],
  ["East", "", ""],
];

/** Saves `value` as New York's Actual of `colaSheet` in `session`, and expects it written. */
export async function saveNewYorkJan(provider: EmbeddedProvider, session: ProviderSession, value: string) {
  const r = await provider.essbase
    .save(session, sampleBasic, { grid: colaSheet(value), cells: [{ row: 2, column: 1 }] })
    .then(answerValue);
  expect(r.cells[0]?.status).toBe("written");
}
