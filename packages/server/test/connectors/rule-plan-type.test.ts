import { describe, expect, it } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";
import { slowProxy } from "../support/slow-proxy.ts";

/**
 * `action/launchrule` naming a plan type that is not the rule's (AggregateData is Plan1's; Plan2 is asked), with no
 * runtime prompt and no rule type: the demo address refused it, but `planning` and `pbcs` launched the rule by
 * name, on its own plan type, as if the plan type asked did not matter. Every path now refuses it as the demo
 * does (404 QB_ERR_RULE_UNKNOWN on ruleName): `planning` from Smart View's list of each plan type's rules,
 * `pbcs` from the plan type the rule's job definition names. A server whose job definitions name no plan type
 * leaves `pbcs` nothing to check: the rule runs on its own plan type, as Run a business rule says.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all", QIBATES_JOBS_PER_USER: "16" });

/** A Planning server whose rule definitions do not say which plan type each rule is deployed to. */
const silent = slowProxy(
  () => server.base,
  ({ method, path }) =>
    method === "GET" && /\/jobdefinitions$/.test(path)
      ? {
          rewrite: (json) => ({
            ...json,
            items: (json.items as Record<string, unknown>[]).map(({ planTypeName: _, ...item }) => item),
          }),
        }
      : { delayMs: 0 },
);

const REFUSAL = [
  {
    en: 'The business rule "AggregateData" does not exist in plan type "Plan2".',
    fr: "La règle métier «\u00a0AggregateData\u00a0» n'existe pas dans le type de plan «\u00a0Plan2\u00a0».",
  },
  { status: 404, code: "QB_ERR_RULE_UNKNOWN" },
] as const;

describe("a business rule launched on a plan type that is not its own", () => {
  server.eachVision(
    "is refused, in the caller's language; on its own plan type it runs",
    async (vision, connector) => {
      const body = { ...vision, cube: "Plan2", ruleName: "AggregateData", prompts: [] };
      await expectRefusedInBoth(server, "action/launchrule", body, connector, "ruleName", ...REFUSAL);
      const run = await server.post("action/launchrule", { ...body, cube: "Plan1" }, { connector });
      expect([run.status, run.json.status]).toEqual([200, "completed"]);
    },
  );

  it("planning, against a server whose rule definitions name no plan type: refused from Smart View's lists", async () => {
    const vision = await server.vision("planning", `${silent.base}/HyperionPlanning/SmartView`);
    const body = { ...vision, cube: "Plan2", ruleName: "AggregateData", prompts: [] };
    await expectRefusedInBoth(server, "action/launchrule", body, "planning", "ruleName", ...REFUSAL);
  });

  it("pbcs, against a server whose rule definitions name no plan type: the rule runs on its own", async () => {
    const vision = await server.vision("pbcs", `${silent.base}/HyperionPlanning/SmartView`);
    const body = { ...vision, cube: "Plan2", ruleName: "AggregateData", prompts: [] };
    const run = await server.post("action/launchrule", body, { connector: "pbcs" });
    expect([run.status, run.json.status, run.json.ruleName]).toEqual([200, "completed", "AggregateData"]);
  });
});
