import { describe, expect } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * `action/submitform` with prompts whose `ruleinfo.cube` is not the plan type of the form (the Revenue Plan form
 * of Plan1 runs SeedForecast on save, on Plan1): refused on `prompts[i].ruleinfo.cube`, in the caller's
 * language, before anything is saved. The field, required by the contract, was ignored: `cube: "Nope"` got 200
 * and its prompts were applied to the rule of Plan1.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

describe("on-save prompts naming another plan type", () => {
  server.eachVision(
    "are refused on ruleinfo.cube, in English and French, and nothing is saved",
    async (session, connector) => {
      const form = { ...session, folder: "/Forms/Revenue", formName: "Revenue Plan" };
      const before = await server.post("nav/openform", form, { connector });
      expect(before.status).toBe(200);
      const submit = (cube: string) => ({
        ...form,
        grid: [
          ["", "Jan"],
          ["Hardware Sales", "4321"],
        ],
        prompts: [
          {
            ruleinfo: { ruleName: "SeedForecast", cube, ruleType: "graphical" },
            prompts: [{ name: "Entity", value: "420" }],
          },
        ],
      });
      for (const cube of ["Nope", "Plan2"]) {
        const en = await server.post("action/submitform", submit(cube), { connector });
        expectError(en, 400, "QB_ERR_VALIDATION", "prompts[0].ruleinfo.cube");
        expect(en.json.message).toBe(
          `The rule "SeedForecast" runs on save on the plan type of the form "Revenue Plan", Plan1, not "${cube}".`,
        );
        const fr = await server.post("action/submitform", submit(cube), { connector, language: "fr" });
        expect(fr.json.message).toBe(
          `La règle «\u00a0SeedForecast\u00a0» s'exécute à l'enregistrement sur le type de plan du formulaire «\u00a0Revenue Plan\u00a0», Plan1, et non «\u00a0${cube}\u00a0».`,
        );
      }
      const after = await server.post("nav/openform", form, { connector });
      expect(after.json.grid).toEqual(before.json.grid);
      // The form's own plan type, in any case, is the rules'.
      expect((await server.post("action/submitform", submit("plan1"), { connector })).status).toBe(200);
    },
  );
});
