import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlanningJobs, planningJobs } from "./support/fake-upstream.ts";

/**
 * The pbcs connector launching a ruleset: a name that is no `RULES` job definition but a `RULESET` one is run
 * as a `RULESET` job (Oracle's "Ruleset" page), its prompt values as `parameters`, and polled like a rule.
 */

describe("pbcs connector and rulesets", () => {
  let jobs: PlanningJobs;

  beforeAll(async () => {
    jobs = await planningJobs(
      {
        RULES: [
          { jobType: "RULES", jobName: "CopyVersion" },
          { jobType: "RULES", jobName: "Noisy" },
        ],
        RULESET: [{ jobType: "Ruleset", jobName: "RollUp All" }],
      },
      (jobName) =>
        jobName === "Noisy"
          ? { status: 1, details: `Line one\nline two ${"x".repeat(5000)}` }
          : { status: 0, details: "Done." },
    );
  });

  afterAll(() => jobs.close());

  it("runs a ruleset as a RULESET job with its prompt values, a rule as a RULES job", async () => {
    const { provider, session: s, launched: posted } = jobs;
    const planning = provider.planning;
    const ref = { server: "Planning", application: "Vision" };
    const run = await planning.launchRule(s, ref, {
      cube: "Plan1",
      ruleName: "rollup all",
      prompts: [{ name: "Entity", value: "410" }],
    });
    expect([run.ruleName, run.status, run.message]).toEqual(["RollUp All", "completed", "Done."]);
    expect(posted.at(-1)).toEqual({
      jobType: "RULESET",
      jobName: "RollUp All",
      parameters: { Entity: "410" },
    });
    await planning.launchRule(s, ref, { cube: "Plan1", ruleName: "CopyVersion", prompts: [] });
    expect(posted.at(-1)).toEqual({ jobType: "RULES", jobName: "CopyVersion", parameters: {} });
    await expect(
      planning.launchRule(s, ref, { cube: "Plan1", ruleName: "Nope", prompts: [] }),
    ).rejects.toMatchObject({
      code: "RULE_UNKNOWN",
    });
  });

  it("bounds a failed rule's details from the server like every upstream message: one line, 300 characters", async () => {
    const ref = { server: "Planning", application: "Vision" };
    const failed = await jobs.provider.planning
      .launchRule(jobs.session, ref, { cube: "Plan1", ruleName: "Noisy", prompts: [] })
      .then(
        () => null,
        (e: unknown) => e as { code: string; message: string; params: { reason: string } },
      );
    expect(failed?.code).toBe("RULE_FAILED");
    expect(failed?.params.reason).toMatch(/^Line one line two x+\.\.\.$/);
    expect(failed?.params.reason.length).toBe(300);
    expect(failed?.message).not.toContain("\n");
  });
});
