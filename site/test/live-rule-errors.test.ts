import { createVisionPlanning } from "@qibates/engine/demo/planning";
import type { PromptInput } from "@qibates/engine/planning";
import { describe, expect, it } from "vitest";
import { ruleFailureMessage } from "../src/components/LiveRule/failure";

/**
 * The live rule of "Run a business rule on demand" runs the engine in the browser; when a rule fails or a prompt
 * value is refused, it shows the message the API answers, in the page's language, as the page quotes it.
 */
function refusal(ruleName: string, prompts: PromptInput[], locale: "en" | "fr"): string {
  const app = createVisionPlanning();
  try {
    app.launchRule({ cube: "Plan1", ruleName, ruleType: "graphical", prompts });
  } catch (e) {
    return ruleFailureMessage(e, locale);
  }
  throw new Error(`${ruleName} did not fail`);
}

describe("the live rule's refusals", () => {
  it("say the API's message on an English page", () => {
    expect(refusal("SeedForecast", [{ name: "Entity", value: "450" }], "en")).toBe(
      'The business rule "SeedForecast" failed: entity 450 has no Sales Growth Rate for FY15 (form Revenue Drivers). No data was changed.',
    );
    expect(refusal("GrowRevenue", [{ name: "GrowthPct", value: 2000 }], "en")).toBe(
      'The business rule "GrowRevenue" refused a runtime prompt value: "2000" for prompt "GrowthPct".',
    );
  });

  it("say the API's French message on a French page", () => {
    expect(refusal("SeedForecast", [{ name: "Entity", value: "450" }], "fr")).toBe(
      "La règle métier « SeedForecast » a échoué : l'entité 450 n'a pas de Sales Growth Rate pour FY15 (formulaire Revenue Drivers). Aucune donnée n'a été modifiée.",
    );
  });
});
