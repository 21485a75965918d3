import type { ProviderSession } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { demoProviders, demoSession } from "./support/demo-session.ts";

/**
 * The demo's business rules answer their message in the caller's language (`locale`), whether the rule runs on the
 * event loop or in a grid worker (the request goes to the worker whole). It was English for every caller.
 */
const open = demoProviders();

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
    expect(fr.message).toMatch(
      /^Dimension Entity agrégée pour le scénario Actual \(cellules\u00a0: \d+\)\.$/,
    );
    const en = await p.planning.launchRule(s, vision, aggregate);
    expect(en.message).toMatch(/^Aggregated Entity for Actual: [\d,]+ cells\.$/);
  });
});
