import type { ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlanningRestProvider } from "../src/planning-rest/provider.ts";
import {
  type FakeUpstream,
  fakeUpstream,
  json,
  loginSession,
  loopbackUpstreams,
} from "./support/fake-upstream.ts";

/**
 * The pbcs connector launching a ruleset: a name that is no `RULES` job definition but a `RULESET` one is run
 * as a `RULESET` job (Oracle's "Ruleset" page), its prompt values as `parameters`, and polled like a rule.
 */

describe("pbcs connector and rulesets", () => {
  const posted: unknown[] = [];
  let upstream: FakeUpstream;
  let provider: PlanningRestProvider;
  let s: ProviderSession;

  beforeAll(async () => {
    const v3 = "/HyperionPlanning/rest/v3/applications";
    upstream = await fakeUpstream(({ method, url, path, body }) => {
      if (path === "/HyperionPlanning/rest/") return json(200, { items: [{ version: "v3" }] });
      if (path === v3) return json(200, { items: [{ name: "Vision" }] });
      if (path === `${v3}/Vision/jobdefinitions`) {
        const type = JSON.parse(url.searchParams.get("q") ?? "{}").jobType;
        if (type === "RULES")
          return json(200, {
            items: [
              { jobType: "RULES", jobName: "CopyVersion" },
              { jobType: "RULES", jobName: "Noisy" },
            ],
          });
        if (type === "RULESET") return json(200, { items: [{ jobType: "Ruleset", jobName: "RollUp All" }] });
        return json(200, { items: [] });
      }
      if (path === `${v3}/Vision/jobs` && method === "POST") {
        posted.push(JSON.parse(body));
        if (JSON.parse(body).jobName === "Noisy") return json(200, { jobId: 8, status: -1, details: null });
        return json(200, { jobId: 7, status: -1, details: null });
      }
      if (path === `${v3}/Vision/jobs/7`) return json(200, { jobId: 7, status: 0, details: "Done." });
      if (path === `${v3}/Vision/jobs/8`)
        return json(200, { jobId: 8, status: 1, details: `Line one\nline two ${"x".repeat(5000)}` });
      return json(404, { status: 404, detail: "no", message: "no" });
    });
    provider = new PlanningRestProvider({
      upstreams: loopbackUpstreams(),
      idleMs: 60_000,
      jobTimeoutMs: 10_000,
      pollMs: 5,
    });
    s = await loginSession(provider, "pbcs", `${upstream.origin}/HyperionPlanning/SmartView`);
  });

  afterAll(async () => {
    await provider.close();
    await upstream.close();
  });

  it("runs a ruleset as a RULESET job with its prompt values, a rule as a RULES job", async () => {
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
    const failed = await provider.planning
      .launchRule(s, ref, { cube: "Plan1", ruleName: "Noisy", prompts: [] })
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
