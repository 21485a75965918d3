import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Upstreams } from "../src/net/upstream.ts";
import { PlanningRestProvider } from "../src/planning-rest/provider.ts";

/**
 * The pbcs connector launching a ruleset: a name that is no `RULES` job definition but a `RULESET` one is run
 * as a `RULESET` job (Oracle's "Ruleset" page), its prompt values as `parameters`, and polled like a rule.
 */

describe("pbcs connector and rulesets", () => {
  const posted: unknown[] = [];
  let server: Server;
  let provider: PlanningRestProvider;
  let s: ProviderSession;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        const url = new URL(req.url ?? "", "http://x");
        const path = url.pathname;
        res.setHeader("content-type", "application/json");
        const send = (status: number, json: unknown) => {
          res.statusCode = status;
          res.end(JSON.stringify(json));
        };
        const v3 = "/HyperionPlanning/rest/v3/applications";
        if (path === "/HyperionPlanning/rest/") return send(200, { items: [{ version: "v3" }] });
        if (path === v3) return send(200, { items: [{ name: "Vision" }] });
        if (path === `${v3}/Vision/jobdefinitions`) {
          const type = JSON.parse(url.searchParams.get("q") ?? "{}").jobType;
          if (type === "RULES")
            return send(200, {
              items: [
                { jobType: "RULES", jobName: "CopyVersion" },
                { jobType: "RULES", jobName: "Noisy" },
              ],
            });
          if (type === "RULESET")
            return send(200, { items: [{ jobType: "Ruleset", jobName: "RollUp All" }] });
          return send(200, { items: [] });
        }
        if (path === `${v3}/Vision/jobs` && req.method === "POST") {
          posted.push(JSON.parse(body));
          if (JSON.parse(body).jobName === "Noisy") return send(200, { jobId: 8, status: -1, details: null });
          return send(200, { jobId: 7, status: -1, details: null });
        }
        if (path === `${v3}/Vision/jobs/7`) return send(200, { jobId: 7, status: 0, details: "Done." });
        if (path === `${v3}/Vision/jobs/8`)
          return send(200, { jobId: 8, status: 1, details: `Line one\nline two ${"x".repeat(5000)}` });
        return send(404, { status: 404, detail: "no", message: "no" });
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const upstreams = new Upstreams({
      allowedHosts: ["127.0.0.1"],
      connectTimeoutMs: 5000,
      readTimeoutMs: 10000,
    });
    provider = new PlanningRestProvider({ upstreams, idleMs: 60_000, jobTimeoutMs: 10_000, pollMs: 5 });
    const address = `${origin}/HyperionPlanning/SmartView`;
    const { handle } = await provider.login({
      connector: "pbcs",
      username: "u",
      password: "p",
      address: new URL(address),
    });
    s = {
      id: "s",
      ownerId: "o",
      connector: "pbcs",
      username: "u",
      providerAddress: address,
      aliasTable: null,
      handle: handle ?? null,
    };
  });

  afterAll(async () => {
    await provider.close();
    await new Promise((r) => server.close(r));
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
