import { describe, expect } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * `action/launchrule` with a runtime prompt name the rule does not have ("Foo" for AggregateData). The demo
 * address refuses it (404 QB_ERR_PROMPT_UNKNOWN on prompts[0].name); planning to this server's Planning endpoints
 * ran the rule on its defaults, and now reads the rule's prompts (Smart View's EnumRunTimePrompts) and refuses it
 * the same way. pbcs has no call that gives a rule's prompts: it sends the name, as Run a business rule says.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

/** The refusal's messages, then its status and code. */
const REFUSAL = [
  {
    en: 'The business rule "AggregateData" has no runtime prompt "Foo".',
    fr: "La règle métier « AggregateData » n'a pas d'invite d'exécution « Foo ».",
  },
  { status: 404, code: "QB_ERR_PROMPT_UNKNOWN" },
] as const;
const checked = server.planningPaths.filter((p) => p.connector === "planning");

describe("a runtime prompt name the rule does not have", () => {
  server.eachVision(
    "is refused, in the caller's language",
    async (vision, connector) => {
      const foo = [{ name: "Foo", value: "1" }];
      const body = { ...vision, cube: "Plan1", ruleName: "AggregateData", prompts: foo };
      await expectRefusedInBoth(server, "action/launchrule", body, connector, "prompts[0].name", ...REFUSAL);
      // A name the rule has, in any case, runs it.
      const known = { ...body, prompts: [{ name: "scenario", value: "Plan" }] };
      const run = await server.post("action/launchrule", known, { connector });
      expect([run.status, run.json.status]).toEqual([200, "completed"]);
    },
    checked,
  );
});
