import type { ProviderSession } from "@qibates/provider";
import { answerValue, CallContext, DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import { expect } from "vitest";
import { EmbeddedProvider, type JournalOptions } from "../src/index.ts";
import type { memoryStore } from "../src/memory-store.ts";
import { growRevenue410, vision } from "./support/vision.ts";

/** Calls on the embedded provider that change and read both demo applications, for the journal's tests. */

export type Store = ReturnType<typeof memoryStore>;

/** A demo user's Essbase session on the embedded provider (its calls made directly, not through the API). */
export const essbase: ProviderSession = {
  id: "s1",
  ownerId: "owner",
  connector: "essbase",
  username: "demo",
  providerAddress: "https://demo.qibates.local/aps/JAPI",
  aliasTable: null,
  call: CallContext.unbounded(),
};
const planning: ProviderSession = { ...essbase, id: "s2", connector: "planning" };
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

export const open = (store: Store, journal: Partial<JournalOptions> = {}) =>
  EmbeddedProvider.open({
    scheduler: new SliceScheduler(DEFAULT_SLICES),
    store,
    credentialsValid: () => true,
    journal,
  });

/** Jan Cola Sales for New York (Actual) and East, and the Budget East that BudSeed derives from Actual. */
const grid = [
  ["", "Jan", "Cola", "Sales"],
  ["", "Actual", "Budget"],
  ["New York", "", ""],
  ["East", "", ""],
];

export async function save(
  p: EmbeddedProvider,
  market: "New York" | "Massachusetts",
  value: number,
): Promise<void> {
  const g = grid.map((r) => [...r]);
  (g[2] as string[])[0] = market;
  (g[2] as string[])[1] = String(value);
  const r = await p.essbase
    .save(essbase, cube, { grid: g, cells: [{ row: 2, column: 1 }] })
    .then(answerValue);
  expect(r.cells[0]?.status).toBe("written");
}

export async function read(p: EmbeddedProvider): Promise<string[][]> {
  const rows: string[][] = [];
  for (const market of ["New York", "Massachusetts"]) {
    const g = grid.map((r) => [...r]);
    (g[2] as string[])[0] = market;
    const r = await p.essbase
      .grid(essbase, cube, { action: "refresh", input: { grid: g } })
      .then(answerValue);
    rows.push(...r.grid.slice(2).map((row) => row.slice(1, 3).map(String)));
  }
  return rows;
}

export async function budSeed(p: EmbeddedProvider): Promise<void> {
  expect((await p.essbase.calculate(essbase, cube, "BudSeed")).status).toBe("completed");
}

/** GrowRevenue on entity 410 with a comment (a rule writes cells and a text). */
export async function growRevenue(p: EmbeddedProvider, comment: string): Promise<void> {
  const r = await p.planning.launchRule(planning, vision, growRevenue410(comment));
  expect(r.status).toBe("completed");
}

/** Hardware Sales Jan of entity 410 and the entity's Revenue Commentary. */
export async function revenue410(p: EmbeddedProvider): Promise<[string, string]> {
  const plan = await p.planning.openForm(planning, vision, {
    folder: "/Forms/Revenue",
    formName: "Revenue Plan",
  });
  const drivers = await p.planning.openForm(planning, vision, {
    folder: "/Forms/Drivers",
    formName: "Revenue Drivers",
  });
  const row = drivers.codes.findIndex((r) => r[0] === "410");
  return [String(plan.grid[1]?.[1] ?? ""), String(drivers.grid[row]?.[2] ?? "")];
}

export async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

/** The same changes, in the same order, on a provider. */
export async function history(p: EmbeddedProvider): Promise<void> {
  await save(p, "New York", 77);
  await budSeed(p);
  await growRevenue(p, "First");
  await save(p, "Massachusetts", 12);
  await growRevenue(p, "Second");
  await save(p, "New York", 91);
}
