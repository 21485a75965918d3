import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlanningJobs, planningJobs } from "../../../connectors/test/support/fake-upstream.ts";
import { ApiError, apiErrorBody } from "../../src/api-error.ts";
import { fromProvider } from "../../src/provider-errors.ts";

/**
 * A Planning server that ends a rule's job with "invalid parameter" (status 4) and gives no reason: the caller
 * gets QB_ERR_PROMPT_INVALID with the registry's message in its own language, naming the rule; with a reason,
 * the same message followed by the server's own words.
 */

/** Its two business rules: CopyVersion's job ends with no reason, Wordy's with one. */
const RULES = [
  { jobType: "RULES", jobName: "CopyVersion" },
  { jobType: "RULES", jobName: "Wordy" },
];

describe("QB_ERR_PROMPT_INVALID from a Planning server", () => {
  let planning: PlanningJobs;

  beforeAll(async () => {
    planning = await planningJobs({ RULES }, (jobName) => ({
      status: 4,
      details: jobName === "Wordy" ? "Scenario: Nope is not a valid member." : null,
    }));
  });
  afterAll(() => planning.close());

  const launch = async (ruleName: string): Promise<ApiError> => {
    const call = planning.provider.planning.launchRule(
      planning.session,
      { server: "Planning", application: "Vision" },
      { cube: "Plan1", ruleName, prompts: [{ name: "SrcVersion", value: "Nope" }] },
    );
    const e = await fromProvider(call).then(
      () => null,
      (error: unknown) => error,
    );
    if (!(e instanceof ApiError)) throw new Error(`expected an API error, got ${String(e)}`);
    return e;
  };

  it.each([
    {
      when: "without the server's reason: the registry's message, in English and in French",
      rule: "CopyVersion",
      en: 'The business rule "CopyVersion" refused a runtime prompt value.',
      fr: "La règle métier « CopyVersion » a refusé une valeur d'invite d'exécution.",
    },
    {
      when: "with the server's reason: the registry's message in the caller's language, then the server's own words",
      rule: "Wordy",
      en: 'The business rule "Wordy" refused a runtime prompt value. Scenario: Nope is not a valid member.',
      // Before: the server's words alone, in English, in a French call, without naming the rule.
      fr: "La règle métier « Wordy » a refusé une valeur d'invite d'exécution. Scenario: Nope is not a valid member.",
    },
  ])("$when", async ({ rule, en, fr }) => {
    const e = await launch(rule);
    expect([e.code, e.status, e.field]).toEqual(["QB_ERR_PROMPT_INVALID", 422, "prompts"]);
    expect(apiErrorBody(e, "en", "r").message).toBe(en);
    expect(apiErrorBody(e, "fr", "r").message).toBe(fr);
  });
});
