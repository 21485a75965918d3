import { describe, expect, it } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * `action/submitform` with prompts for a rule the form does not run on save (GrowRevenue exists in Plan1; the
 * Revenue Plan form runs SeedForecast on save): refused as an invalid `prompts[i].ruleinfo.ruleName`, saying
 * what the form runs, in the caller's language. It said the rule "does not exist in plan type Plan1", which is
 * false — and through the planning and pbcs connectors left `{cube}` unfilled.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const PATHS = [
  { connector: "planning", address: () => "https://demo.qibates.local/HyperionPlanning/SmartView" },
  { connector: "pbcs", address: () => `${server.base}/HyperionPlanning/SmartView` },
  { connector: "planning", address: () => `${server.base}/HyperionPlanning/SmartView` },
];

describe.each(PATHS)(
  "prompts for a rule the form does not run on save ($connector)",
  ({ connector, address }) => {
    it("are refused on their field, naming the rules the form runs, in English and French", async () => {
      const submit = {
        ...(await server.vision(connector, address())),
        folder: "/Forms/Revenue",
        formName: "Revenue Plan",
        grid: [
          ["", "Jan"],
          ["Hardware Sales", "1"],
        ],
        prompts: [
          { ruleinfo: { ruleName: "GrowRevenue", cube: "Plan1", ruleType: "graphical" }, prompts: [] },
        ],
      };
      const en = await server.post("action/submitform", submit, { connector });
      expectError(en, 400, "QB_ERR_VALIDATION", "prompts[0].ruleinfo.ruleName");
      expect(en.json.message).toBe(
        'The form "Revenue Plan" does not run the rule "GrowRevenue" on save (it runs SeedForecast).',
      );
      const fr = await server.post("action/submitform", submit, { connector, language: "fr" });
      expect(fr.json.message).toBe(
        "Le formulaire «\u00a0Revenue Plan\u00a0» n'exécute pas la règle «\u00a0GrowRevenue\u00a0» à l'enregistrement (il exécute SeedForecast).",
      );
    });
  },
);
