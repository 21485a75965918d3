import type { ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlanningRestProvider } from "../../../connectors/src/planning-rest/provider.ts";
import {
  type FakeUpstream,
  fakeUpstream,
  json,
  loginSession,
  loopbackUpstreams,
} from "../../../connectors/test/support/fake-upstream.ts";
import { ApiError, apiErrorBody } from "../../src/api-error.ts";
import { fromProvider } from "../../src/provider-errors.ts";

/**
 * A Planning server that ends a rule's job with "invalid parameter" (status 4) and gives no reason: the caller
 * gets QB_ERR_PROMPT_INVALID with the registry's message in its own language, naming the rule; with a reason,
 * the server's own words.
 */
describe("QB_ERR_PROMPT_INVALID from a Planning server", () => {
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
        return json(200, {
          items:
            type === "RULES"
              ? [
                  { jobType: "RULES", jobName: "CopyVersion" },
                  { jobType: "RULES", jobName: "Wordy" },
                ]
              : [],
        });
      }
      if (path === `${v3}/Vision/jobs` && method === "POST") {
        const id = JSON.parse(body).jobName === "Wordy" ? 8 : 7;
        return json(200, { jobId: id, status: -1, details: null });
      }
      if (path === `${v3}/Vision/jobs/7`) return json(200, { jobId: 7, status: 4, details: null });
      if (path === `${v3}/Vision/jobs/8`)
        return json(200, { jobId: 8, status: 4, details: "Scenario: Nope is not a valid member." });
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

  const launch = async (ruleName: string): Promise<ApiError> => {
    const call = provider.planning.launchRule(
      s,
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

  it("without the server's reason: the registry's message, in English and in French", async () => {
    const e = await launch("CopyVersion");
    expect([e.code, e.status, e.field]).toEqual(["QB_ERR_PROMPT_INVALID", 422, "prompts"]);
    expect(apiErrorBody(e, "en", "r").message).toBe(
      'The business rule "CopyVersion" refused a runtime prompt value.',
    );
    expect(apiErrorBody(e, "fr", "r").message).toBe(
      "La règle métier « CopyVersion » a refusé une valeur d'invite d'exécution.",
    );
  });

  it("with the server's reason: its own words", async () => {
    const e = await launch("Wordy");
    expect(e.code).toBe("QB_ERR_PROMPT_INVALID");
    expect(apiErrorBody(e, "fr", "r").message).toBe("Scenario: Nope is not a valid member.");
  });
});
