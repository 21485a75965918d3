import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { createVisionPlanning } from "../../demo/planning/vision-app.ts";
import { callPlanning, PLANNING_OPERATIONS, type PlanningOperation } from "./api.ts";

/**
 * Replays the request examples of the planning operations of openapi/qibates.yaml against the demo Vision
 * application through `callPlanning` (the server's mapping) and compares with the response examples. Run
 * times (`durationMs`) and rule messages depend on the run and are not compared; `completedAt` uses a fixed
 * clock.
 */
type Json = Record<string, unknown>;
type Example = { value: Json };
type Operation = {
  requestBody: { content: { "application/json": { examples: Record<string, Example> } } };
  responses: Record<string, { content?: { "application/json": { examples?: Record<string, Example> } } }>;
};
const doc = parse(readFileSync(new URL("../../../../openapi/qibates.yaml", import.meta.url), "utf8")) as {
  paths: Record<string, { post?: Operation }>;
};

function examples(path: string): { name: string; request: Json; response: Json }[] {
  const op = doc.paths[path]?.post;
  if (!op) throw new Error(`no operation ${path}`);
  const reqs = op.requestBody.content["application/json"].examples;
  const resps = op.responses["200"]?.content?.["application/json"].examples ?? {};
  return Object.entries(reqs).map(([name, ex]) => ({
    name,
    request: ex.value,
    response: (resps[name]?.value ?? {}) as Json,
  }));
}

/** Run-dependent fields: rule run times and messages. */
function normalise(body: Json): Json {
  const r = structuredClone(body);
  const runs = [...((r.rules as Json[] | undefined) ?? []), ...("durationMs" in r ? [r] : [])];
  for (const x of runs) {
    x.durationMs = 0;
    x.message = null;
  }
  return r;
}

describe("planning examples of the API contract, on the demo Vision application", () => {
  for (const path of PLANNING_OPERATIONS) {
    for (const ex of examples(path)) {
      test(`${path} ${ex.name}`, () => {
        const app = createVisionPlanning();
        const result = callPlanning(app, path as PlanningOperation, ex.request, {
          now: new Date("2026-11-21T09:31:27Z"),
        });
        expect(normalise(result.body)).toEqual(normalise(ex.response));
      });
    }
  }
});

describe("callPlanning", () => {
  test("answers what the server must persist: journal, task status, alias table", () => {
    const app = createVisionPlanning();
    const launch = callPlanning(app, "/action/launchrule", { cube: "Plan1", ruleName: "SeedForecast" });
    // 4 products × 2 accounts × 12 months at level 0 (P_170 has no plan for 410), plus their stored totals.
    const leaves = (launch.changes ?? []).filter((c) =>
      ["P_110", "P_120", "P_130", "P_160", "P_170"].includes(c.members[8] ?? ""),
    );
    expect(leaves.filter((c) => c.members[3] === "410")).toHaveLength(96);
    expect(launch.changes?.every((c) => c.members[0] === "Forecast")).toBe(true);
    expect(Object.keys(launch.body)).toEqual(["ruleName", "status", "durationMs", "message"]);
    const now = new Date("2026-11-21T10:00:00Z");
    const set = callPlanning(
      app,
      "/action/taskstatus",
      { tasklistID: "TL_FORECAST", taskID: "T_SEED", complete: true },
      { now },
    );
    expect(set.taskStatus).toEqual({
      taskListID: "TL_FORECAST",
      taskID: "T_SEED",
      complete: true,
      completedAt: "2026-11-21T10:00:00Z",
    });
    const list = callPlanning(
      app,
      "/nav/listtasks",
      {},
      { taskStatuses: set.taskStatus ? [set.taskStatus] : [] },
    );
    const forecast = (
      list.body.taskLists as { taskListID: string; tasks: { taskID: string; complete: boolean }[] }[]
    )[1];
    expect(forecast?.tasks.find((t) => t.taskID === "T_SEED")?.complete).toBe(true);
    expect(callPlanning(app, "/action/setalias", { aliasId: "default" }).aliasTable).toBe("Default");
  });

  test("older spellings are accepted; a missing name is a validation error", () => {
    const app = createVisionPlanning();
    const rules = callPlanning(app, "/nav/listonsaverules", {
      folder: "/Forms/Revenue",
      form: "Revenue Plan",
    });
    expect((rules.body.rules as { ruleName: string }[]).map((r) => r.ruleName)).toEqual(["SeedForecast"]);
    const open = callPlanning(app, "/nav/openform", { folder: "/Forms/Revenue", formname: "Revenue Plan" });
    expect(open.body.formName).toBe("Revenue Plan");
    let code = "";
    try {
      callPlanning(app, "/nav/openform", { folder: "/Forms/Revenue" });
    } catch (e) {
      code = (e as { apiCode: string }).apiCode;
    }
    expect(code).toBe("QB_ERR_VALIDATION");
  });
});

describe("errors stay within each call's documented error codes", () => {
  const listed = (path: string): string[] => {
    const op = doc.paths[path]?.post as { "x-qibates-error-codes"?: string[] } | undefined;
    return op?.["x-qibates-error-codes"] ?? [];
  };
  const form = { folder: "/Forms/Revenue", formName: "Revenue Plan" };
  const BAD: Record<PlanningOperation, Json[]> = {
    "/nav/listforms": [{ folder: "/Forms/Nope" }, {}],
    "/nav/openform": [
      { folder: "/Forms/Revenue", formName: "Nope" },
      { folder: "/Forms/Nope", formName: "Revenue Plan" },
      { ...form, type: "composite" },
      { ...form, pov: { Entity: "Atlantis" } },
      { ...form, pov: { Scenario: "Actual" } },
      { ...form, pov: { Market: "East" } },
      {
        folder: "/Forms/Revenue",
        formName: "Revenue Review",
        subforms: [{ folder: "/Forms", formName: "X", pov: {} }],
      },
    ],
    "/action/submitform": [
      {
        ...form,
        grid: [
          ["", "Jan"],
          ["Nope", "1"],
        ],
      },
      {
        ...form,
        grid: [
          ["", "Jan"],
          ["Hardware Sales", "1"],
        ],
        prompts: [
          { ruleinfo: { ruleName: "CopyVersion", cube: "Plan1", ruleType: "graphical" }, prompts: [] },
        ],
      },
      {
        ...form,
        grid: [
          ["", "Jan"],
          ["Hardware Sales", "1"],
        ],
        prompts: [
          {
            ruleinfo: { ruleName: "SeedForecast", cube: "Plan1", ruleType: "graphical" },
            prompts: [{ name: "Nope", value: "1" }],
          },
        ],
      },
      {
        ...form,
        pov: { Entity: "450" },
        grid: [
          ["", "Jan"],
          ["Hardware Sales", "1"],
        ],
      },
      { folder: "/Forms/Revenue", formName: "Revenue Review", grid: [] },
      {
        folder: "/Forms/Drivers",
        formName: "Revenue Drivers",
        grid: [
          ["", "4190"],
          ["410", "x".repeat(300)],
        ],
      },
    ],
    "/nav/listtasks": [],
    "/action/taskstatus": [
      { taskListID: "TL_NOPE", taskID: "T_SEED", complete: true },
      { taskListID: "TL_BUDGET", taskID: "T_NOPE", complete: true },
    ],
    "/nav/listonsaverules": [
      { folder: "/Forms/Revenue", formName: "Nope" },
      { folder: "/Forms/Nope", form: "X" },
    ],
    "/nav/listalias": [],
    "/action/setalias": [{ aliasId: "French" }],
    "/nav/enumprompt": [
      { cube: "Plan9", ruleName: "CopyVersion" },
      { cube: "Plan1", ruleName: "Nope" },
    ],
    "/action/launchrule": [
      { cube: "Plan9", ruleName: "CopyVersion" },
      { cube: "Plan1", ruleName: "Nope" },
      { cube: "Plan1", ruleName: "CopyVersion", prompts: [{ name: "Nope", value: "x" }] },
      { cube: "Plan1", ruleName: "CopyVersion", prompts: [{ name: "TgtVersion", value: "Final" }] },
      { cube: "Plan1", ruleName: "CopyVersion", prompts: [{ name: "TgtVersion", value: "Working" }] },
      { cube: "Plan1", ruleName: "GrowRevenue", prompts: [{ name: "Entities", value: "" }] },
    ],
    "/nav/enumfilters": [{ dim: "Market" }, { dim: "Period", aliastable: "French" }],
    "/nav/enummembers": [
      { cube: "Plan9", dim: "Period", filter: "Children", arg: "Q1" },
      { cube: "Plan1", dim: "Market", filter: "Children", arg: "Q1" },
      { cube: "Plan1", dim: "Period", filter: "Children", arg: "Q9" },
      { cube: "Plan1", dim: "Period", filter: "Children", arg: "Q1", aliastable: "French" },
    ],
    "/nav/enummembersrule": [
      { cube: "Plan9", ruleName: "CopyVersion", promptName: "TgtVersion" },
      { cube: "Plan1", ruleName: "Nope", promptName: "TgtVersion" },
      { cube: "Plan1", ruleName: "CopyVersion", promptName: "Nope" },
      { cube: "Plan1", ruleName: "GrowRevenue", promptName: "GrowthPct" },
      { cube: "Plan1", ruleName: "CopyVersion", promptName: "TgtVersion", aliastable: "French" },
    ],
  };
  for (const path of PLANNING_OPERATIONS) {
    for (const [i, body] of (BAD[path] ?? []).entries()) {
      test(`${path} bad request ${i}`, () => {
        let apiCode = "";
        try {
          callPlanning(createVisionPlanning(), path, body);
        } catch (e) {
          apiCode = (e as { apiCode?: string }).apiCode ?? String(e);
        }
        expect(listed(path)).toContain(apiCode);
      });
    }
  }
});
