import { DEFAULT_SLICES, type ProviderSession, SliceScheduler } from "@qibates/provider";
import { afterAll, describe, expect, it } from "vitest";
import { EmbeddedProvider } from "../src/index.ts";
import { memoryStore } from "../src/memory-store.ts";
import { demoSession } from "./support/demo-session.ts";

/**
 * The demo's business rules answer their message in the caller's language (`locale`), whether the rule runs on the
 * event loop or in a grid worker (the request goes to the worker whole). It was English for every caller.
 */
const providers: EmbeddedProvider[] = [];
async function open(gridWorkers: number): Promise<EmbeddedProvider> {
  const p = await EmbeddedProvider.open({
    scheduler: new SliceScheduler(DEFAULT_SLICES),
    store: memoryStore(),
    credentialsValid: () => true,
    gridWorkers,
  });
  providers.push(p);
  return p;
}
afterAll(async () => {
  await Promise.all(providers.map((p) => p.close()));
});

const vision = { server: "Planning", application: "Vision" };
const planningSession = (id: string): ProviderSession => ({
  ...demoSession(id, "ada"),
  connector: "planning",
});
const aggregate = {
  cube: "Plan1",
  ruleName: "AggregateData",
  prompts: [{ name: "Scenario", value: "Actual" }],
};

describe("a demo rule's message", () => {
  it.each([
    ["on the event loop", 0],
    ["in a grid worker", 1],
  ])("is in the caller's language %s", async (_where, workers) => {
    const p = await open(workers);
    const s = planningSession(`s${workers}`);
    const fr = await p.planning.launchRule(s, vision, { ...aggregate, locale: "fr" });
    expect(fr.message).toMatch(/^Dimension Entity agrégée pour le scénario Actual \(cellules : \d+\)\.$/);
    const en = await p.planning.launchRule(s, vision, aggregate);
    expect(en.message).toMatch(/^Aggregated Entity for Actual: \d+ cells\.$/);
  });
});
