import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Upstreams } from "../src/net/upstream.ts";
import { PlanningRestProvider } from "../src/planning-rest/provider.ts";

/**
 * The Planning REST connector against a server that predates Oracle's "Get Plan Types" (release 26.04): it has
 * no `…/plantypes` (404) and names an application's plan types and dimensions in Data Management's REST API
 * (`/aif/rest/V1/applications/{app}`, the shape pbj-pbcs-client 2.0 reads them from); its job launch answers
 * `jobID`, as Oracle's "Execute a Job" page prints it; exportdataslice answers strings, `""` for a missing cell.
 */

describe("pbcs connector against an older Planning server", () => {
  const seen: string[] = [];
  let server: Server;
  let provider: PlanningRestProvider;
  let s: ProviderSession;
  let sliceBody: unknown = null;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        const path = (req.url ?? "").split("?")[0] ?? "";
        seen.push(`${req.method} ${path}`);
        res.setHeader("content-type", "application/json");
        const send = (status: number, json: unknown) => {
          res.statusCode = status;
          res.end(JSON.stringify(json));
        };
        const v3 = "/HyperionPlanning/rest/v3/applications";
        if (path === "/HyperionPlanning/rest/")
          return send(200, { items: [{ version: "v3", isLatest: true }] });
        if (path === v3) return send(200, { items: [{ name: "Vision", type: "HP" }] });
        if (path === "/aif/rest/V1/applications/Vision") {
          return send(200, {
            applicationName: "Vision",
            plan1Name: "Plan1",
            plan2Name: "Plan2",
            appDimensions: [
              { dimensionName: "Account", validForPlan1: 1, validForPlan2: 1 },
              { dimensionName: "Product", validForPlan1: 1, validForPlan2: 0 },
              { dimensionName: "Period", validForPlan1: 1, validForPlan2: 1 },
            ],
          });
        }
        if (path === `${v3}/Vision/dimensions/Period/members/Period`) {
          return send(200, {
            name: "Period",
            dataStorage: "Label Only",
            children: [
              {
                name: "Q1",
                dataStorage: "Dynamic Calc",
                twoPass: true,
                children: [{ name: "Jan", dataStorage: "STOREDATA" }, { name: "Feb" }],
              },
            ],
          });
        }
        if (path === `${v3}/Vision/jobdefinitions`) {
          return send(200, { items: [{ jobType: "RULES", jobName: "AggregateData", links: null }] });
        }
        if (path === `${v3}/Vision/jobs` && req.method === "POST") {
          return send(200, { jobID: 7, jobName: "AggregateData", status: -1, details: null });
        }
        if (path === `${v3}/Vision/jobs/7`) {
          return send(200, {
            jobId: 7,
            jobName: "AggregateData",
            status: 0,
            details: "Done.",
            descriptiveStatus: "Completed",
          });
        }
        if (path === `${v3}/Vision/plantypes/Plan1/exportdataslice` && req.method === "POST") {
          sliceBody = JSON.parse(body);
          return send(200, {
            pov: ["FY15", "Plan"],
            columns: [["Jan", "Feb"]],
            rows: [
              { headers: ["4110"], data: ["400", ""] },
              { headers: ["Status"], data: ["Approved", "12.5"] },
            ],
          });
        }
        return send(404, { status: 404, detail: "Not found" });
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
    await new Promise<void>((r) => server.close(() => r()));
  });

  const app = { server: "Planning", application: "Vision" };

  it("reads the plan types from Data Management when …/plantypes is not found", async () => {
    expect((await provider.cubes(s, app)).cubes.map((c) => c.name)).toEqual(["Plan1", "Plan2"]);
    expect(seen).toContain("GET /HyperionPlanning/rest/v3/applications/Vision/plantypes");
    expect(seen).toContain("GET /aif/rest/V1/applications/Vision");
  });

  it("reads a plan type's dimensions from Data Management's validForPlan flags", async () => {
    const ops = provider.planning;
    expect(await ops.planTypeDimensions(s, app, "Plan2")).toEqual(["Account", "Period"]);
    expect(await ops.planTypeDimensions(s, app, "plan1")).toEqual(["Account", "Product", "Period"]);
    await expect(ops.planTypeDimensions(s, app, "Plan9")).rejects.toMatchObject({ code: "CUBE_UNKNOWN" });
  });

  it("reads members' storage in pbj's spellings and Oracle's, a member without one as stored", async () => {
    expect(await provider.planning.memberProperties(s, app, { dim: "Period" })).toEqual({
      Period: { storage: "label-only", twoPass: false },
      Q1: { storage: "dynamic-calc", twoPass: true },
      Jan: { storage: "store", twoPass: false },
      Feb: { storage: "store", twoPass: false },
    });
  });

  it("follows a job whose launch answers jobID", async () => {
    const run = await provider.planning.launchRule(s, app, {
      cube: "Plan1",
      ruleName: "aggregatedata",
      prompts: [],
    });
    expect(run).toMatchObject({ ruleName: "AggregateData", status: "completed", message: "Done." });
    expect(seen).toContain("GET /HyperionPlanning/rest/v3/applications/Vision/jobs/7");
  });

  it("sends a data slice's grid definition and reads its cells back as numbers, text or missing", async () => {
    const slice = await provider.planning.exportDataSlice(s, app, {
      cube: "Plan1",
      pov: { members: [["FY15"], ["Plan"]] },
      columns: [{ dimensions: ["Period"], members: [["Jan", "Feb"]] }],
      rows: [{ members: [["4110", "Status"]] }],
      suppressMissingBlocks: false,
      suppressMissingRows: false,
      suppressMissingColumns: false,
    });
    expect(sliceBody).toEqual({
      exportPlanningData: false,
      gridDefinition: {
        suppressMissingBlocks: false,
        suppressMissingRows: false,
        suppressMissingColumns: false,
        pov: { members: [["FY15"], ["Plan"]] },
        columns: [{ dimensions: ["Period"], members: [["Jan", "Feb"]] }],
        rows: [{ members: [["4110", "Status"]] }],
      },
    });
    expect(slice).toEqual({
      pov: ["FY15", "Plan"],
      columns: [["Jan", "Feb"]],
      rows: [
        { headers: ["4110"], data: [400, null] },
        { headers: ["Status"], data: ["Approved", 12.5] },
      ],
    });
  });
});
