import { describe, expect, it } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * `nav/enumprompt` and `action/launchrule` with a `ruleType` that is not the rule's kind (as `nav/enumprompt`
 * and `nav/listonsaverules` report it: CopyVersion is `graphical`) are refused on `ruleType`, in the caller's
 * language, before the rule runs: on the demo server and through `planning` (whose Smart View list of the
 * plan type's rules gives each rule's kind). The field was ignored: `"nonsense"` got 200 and the rule ran.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const PATHS = [
  { connector: "planning", address: () => "https://demo.qibates.local/HyperionPlanning/SmartView" },
  { connector: "pbcs", address: () => "https://demo.qibates.local/HyperionPlanning/SmartView" },
  { connector: "planning", address: () => `${server.base}/HyperionPlanning/SmartView` },
];

const EN = 'The rule "CopyVersion" of plan type Plan1 is a graphical rule, not "nonsense".';
const FR =
  "La règle «\u00a0CopyVersion\u00a0» du type de plan Plan1 est de type graphical, et non «\u00a0nonsense\u00a0».";

describe.each(PATHS)(
  "a ruleType that is not the rule's kind ($connector, $address)",
  ({ connector, address }) => {
    it("is refused on ruleType by nav/enumprompt and action/launchrule, in English and French", async () => {
      const rule = { ...(await server.vision(connector, address())), cube: "Plan1", ruleName: "CopyVersion" };
      const launch = (ruleType?: string) => ({
        ...rule,
        ...(ruleType === undefined ? {} : { ruleType }),
        prompts: [
          { name: "SrcVersion", value: "Working" },
          { name: "TgtVersion", value: "What If" },
        ],
      });
      for (const call of ["nav/enumprompt", "action/launchrule"]) {
        const en = await server.post(call, launch("nonsense"), { connector });
        expectError(en, 400, "QB_ERR_VALIDATION", "ruleType");
        expect(en.json.message).toBe(EN);
        expect(
          (await server.post(call, launch("nonsense"), { connector, language: "fr" })).json.message,
        ).toBe(FR);
      }
      // The rule's own kind, in any case, or none: the rule runs.
      for (const ruleType of ["graphical", "Graphical", undefined]) {
        const ran = await server.post("action/launchrule", launch(ruleType), { connector });
        expect([ran.status, ran.json.status]).toEqual([200, "completed"]);
      }
    });
  },
);
