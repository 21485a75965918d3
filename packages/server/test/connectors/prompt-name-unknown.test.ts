import { describe, expect, it } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * `action/launchrule` with a runtime prompt name the rule does not have ("Foo" for AggregateData). The demo
 * address refuses it (404 QB_ERR_PROMPT_UNKNOWN on prompts[0].name); planning to this server's Planning endpoints
 * ran the rule on its defaults, and now reads the rule's prompts (Smart View's EnumRunTimePrompts) and refuses it
 * the same way. pbcs has no call that gives a rule's prompts: it sends the name, as Run a business rule says.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const checked = server.planningPaths
  .filter((p) => p.connector === "planning")
  .map((p) => [p.name, p] as const);

describe("a runtime prompt name the rule does not have", () => {
  it.each(checked)("%s: is refused, in the caller's language", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    const body = {
      ...vision,
      cube: "Plan1",
      ruleName: "AggregateData",
      prompts: [{ name: "Foo", value: "1" }],
    };
    await expectRefusedInBoth(
      server,
      "action/launchrule",
      body,
      p.connector,
      "prompts[0].name",
      {
        en: 'The business rule "AggregateData" has no runtime prompt "Foo".',
        fr: "La règle métier « AggregateData » n'a pas d'invite d'exécution « Foo ».",
      },
      { status: 404, code: "QB_ERR_PROMPT_UNKNOWN" },
    );
    // A name the rule has, in any case, runs it.
    const known = { ...body, prompts: [{ name: "scenario", value: "Plan" }] };
    const run = await server.post("action/launchrule", known, { connector: p.connector });
    expect([run.status, run.json.status]).toEqual([200, "completed"]);
  });
});
