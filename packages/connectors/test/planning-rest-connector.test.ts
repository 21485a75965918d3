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
 * The Planning REST connector against a server that predates Oracle's "Get Plan Types" (release 26.04): it has
 * no `…/plantypes` (404) and names an application's plan types and dimensions in Data Management's REST API
 * (`/aif/rest/V1/applications/{app}`, the shape pbj-pbcs-client 2.0 reads them from); its job launch answers
 * `jobID`, as Oracle's "Execute a Job" page prints it; exportdataslice answers strings, `""` for a missing cell.
 */

describe("pbcs connector against an older Planning server", () => {
  const seen: string[] = [];
  let upstream: FakeUpstream;
  let provider: PlanningRestProvider;
  let s: ProviderSession;
  let sliceBody: unknown = null;

  beforeAll(async () => {
    upstream = await fakeUpstream(({ method, path, body }) => {
      seen.push(`${method} ${path}`);
      const v3 = "/HyperionPlanning/rest/v3/applications";
      if (path === "/HyperionPlanning/rest/")
        return json(200, { items: [{ version: "v3", isLatest: true }] });
      if (path === v3) return json(200, { items: [{ name: "Vision", type: "HP" }] });
      if (path === "/aif/rest/V1/applications/Vision") {
        return json(200, {
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
        return json(200, {
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
        return json(200, {
          items: [
            { jobType: "RULES", jobName: "AggregateData", links: null },
            { jobType: "RULES", jobName: "LongRun", links: null },
          ],
        });
      }
      // LongRun never ends: the job stays in progress (-1).
      if (path === `${v3}/Vision/jobs` && method === "POST" && body.includes("LongRun")) {
        return json(200, { jobID: 8, jobName: "LongRun", status: -1, details: null });
      }
      if (path === `${v3}/Vision/jobs/8`) {
        return json(200, { jobId: 8, jobName: "LongRun", status: -1, details: null });
      }
      if (path === `${v3}/Vision/jobs` && method === "POST") {
        return json(200, { jobID: 7, jobName: "AggregateData", status: -1, details: null });
      }
      if (path === `${v3}/Vision/jobs/7`) {
        return json(200, {
          jobId: 7,
          jobName: "AggregateData",
          status: 0,
          details: "Done.",
          descriptiveStatus: "Completed",
        });
      }
      if (path === `${v3}/Vision/plantypes/Plan1/exportdataslice` && method === "POST") {
        sliceBody = JSON.parse(body);
        return json(200, {
          pov: ["FY15", "Plan"],
          columns: [["Jan", "Feb"]],
          rows: [
            { headers: ["4110"], data: ["400", ""] },
            { headers: ["Status"], data: ["Approved", "12.5"] },
          ],
        });
      }
      return json(404, { status: 404, detail: "Not found" });
    });
    const origin = upstream.origin;
    const upstreams = loopbackUpstreams();
    provider = new PlanningRestProvider({ upstreams, idleMs: 60_000, jobTimeoutMs: 10_000, pollMs: 5 });
    const address = `${origin}/HyperionPlanning/SmartView`;
    s = await loginSession(provider, "pbcs", address);
  });

  afterAll(async () => {
    await provider.close();
    await upstream.close();
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

  it("stops waiting for a job past its time and says, in each language, that it keeps running on the server", async () => {
    const hasty = new PlanningRestProvider({
      upstreams: loopbackUpstreams(),
      idleMs: 60_000,
      jobTimeoutMs: 1000,
      pollMs: 5,
    });
    try {
      const session = await loginSession(hasty, "pbcs", `${upstream.origin}/HyperionPlanning/SmartView`);
      await expect(
        hasty.planning.launchRule(session, app, { cube: "Plan1", ruleName: "LongRun", prompts: [] }),
      ).rejects.toMatchObject({
        code: "RULE_FAILED",
        params: {
          rule: "LongRun",
          reason: {
            en: "still running after 1 s (job 8); it keeps running on the server",
            fr: "toujours en cours après 1\u202fs (travail 8)\u202f; le travail se poursuit sur le serveur",
          },
        },
      });
    } finally {
      await hasty.close();
    }
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

/**
 * A session's first navigation through `pbcs` (and `planning`, which opens forms the same way). The
 * first `nav/openform` reads the plan types and their dimensions beside the form's definition and data instead
 * of after them, and a server without Get Dimensions for a Plan Type is asked Data Management's application once
 * for all plan types; the member selector's first read asks the application list once. No timing is asserted:
 * the order of the requests and answers, and their number.
 */

const v3 = "/HyperionPlanning/rest/v3/applications";
const DIMS: Record<string, unknown> = {
  Account: { name: "Account", children: [{ name: "Sales", alias: "Revenue" }] },
  Period: { name: "Period", children: [{ name: "Jan" }] },
  Scenario: { name: "Scenario", children: [{ name: "Plan" }] },
  Entity: { name: "Entity", children: [{ name: "410" }, { name: "420" }] },
};

describe("pbcs: a session's first navigation", () => {
  const events: string[] = [];
  let upstream: FakeUpstream;
  let provider: PlanningRestProvider;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    upstream = await fakeUpstream(async ({ path, url }) => {
      const what = `${path}${url.searchParams.has("fields") ? `?fields=${url.searchParams.get("fields")}` : ""}`;
      events.push(`ask ${what}`);
      const answer = await (async () => {
        if (path === "/HyperionPlanning/rest/")
          return json(200, { items: [{ version: "v3", isLatest: true }] });
        if (path === v3) return json(200, { items: [{ name: "Vision", type: "HP" }] });
        if (path === `${v3}/Vision/formdefinitions/Revenue`) return json(200, { name: "Revenue" });
        if (path === `${v3}/Vision/forms/Revenue/data` && url.searchParams.has("fields")) {
          // The form's layout waits for the plan types' request (or, on a read that never sends it first,
          // for a while): the plan types no longer wait for the form.
          await Promise.race([
            new Promise<void>((r) => {
              release = r;
            }),
            new Promise((r) => setTimeout(r, 300)),
          ]);
          return json(200, {
            gridInfo: { pageDimNames: ["Entity"], rowDimNames: ["Account"], columnDimNames: ["Period"] },
            pov: { Scenario: "Plan", Entity: "410" },
          });
        }
        if (path === `${v3}/Vision/forms/Revenue/data`) {
          return json(200, {
            pov: { Scenario: "Plan", Entity: "410" },
            columns: [["Jan"]],
            rows: [{ headers: ["Sales"], data: ["100"] }],
          });
        }
        if (path === `${v3}/Vision/plantypes`) {
          release();
          return json(200, { items: [{ planTypeName: "Plan1" }, { planTypeName: "Plan2" }] });
        }
        // A server without Get Dimensions for a Plan Type: Data Management names them.
        if (/\/plantypes\/Plan\d\/dimensions$/.test(path)) return json(404, { detail: "Not found" });
        if (path === "/aif/rest/V1/applications/Vision") {
          return json(200, {
            applicationName: "Vision",
            plan1Name: "Plan1",
            plan2Name: "Plan2",
            appDimensions: Object.keys(DIMS).map((d) => ({
              dimensionName: d,
              validForPlan1: 1,
              validForPlan2: 0,
            })),
          });
        }
        const dim = /\/plantypes\/Plan1\/dimensions\/(\w+)$/.exec(path)?.[1];
        if (dim && DIMS[dim]) return json(200, DIMS[dim]);
        // Get Member: a member the form shows (a leaf here), its Default alias.
        const read = /\/Vision\/dimensions\/(\w+)\/members\/(\w+)$/.exec(path);
        const member = (
          DIMS[read?.[1] ?? ""] as { children?: { name: string }[] } | undefined
        )?.children?.find((m) => m.name === read?.[2]);
        if (member) return json(200, { ...member, dimName: read?.[1], dataStorage: "Store Data" });
        return json(404, { detail: `no ${path}` });
      })();
      events.push(`answer ${what}`);
      return answer;
    });
    provider = new PlanningRestProvider({
      upstreams: loopbackUpstreams(),
      idleMs: 60_000,
      jobTimeoutMs: 5000,
    });
  });

  afterAll(async () => {
    await provider.close();
    await upstream.close();
  });

  const app = { server: "Planning", application: "Vision" };
  /** A new session, the requests of its login forgotten: what the test's call asks is all `events` holds. */
  const login = async (): Promise<ProviderSession> => {
    const s = await loginSession(provider, "pbcs", `${upstream.origin}/HyperionPlanning/SmartView`);
    events.length = 0;
    return s;
  };

  it("reads the plan types beside the form's first nav/openform, Data Management's application once", async () => {
    const s = await login();
    const form = await provider.planning.openForm(s, app, {
      folder: "/Forms",
      formName: "Revenue",
      pov: { Entity: "410" },
    });
    expect(form.grid).toBeDefined();
    // Asked before the form's layout came back (after its data, before: one round trip after another).
    expect(events.indexOf(`ask ${v3}/Vision/plantypes`)).toBeGreaterThan(-1);
    expect(events.indexOf(`ask ${v3}/Vision/plantypes`)).toBeLessThan(
      events.indexOf(`answer ${v3}/Vision/forms/Revenue/data?fields=gridInfo,pov`),
    );
    // One Data Management read for the two plan types (one each before).
    expect(events.filter((e) => e === "ask /aif/rest/V1/applications/Vision")).toHaveLength(1);
    const asked = events.filter((e) => e.startsWith("ask "));
    expect(asked).toHaveLength(1 + 1 + 2 + 1 + 2 + 1 + 4);
  });

  it("asks the application list once in the member selector's first read of a dimension", async () => {
    const s = await login();
    const list = await provider.planning.members(s, app, {
      cube: "Plan1",
      dim: "Entity",
      filter: "Hierarchy",
      arg: null,
    });
    expect(list.members.map((m) => m.name)).toEqual(["Entity", "410", "420"]);
    expect(events.filter((e) => e === `ask ${v3}`)).toHaveLength(1);
    expect(events.filter((e) => e.startsWith("ask "))).toEqual([
      `ask ${v3}`,
      `ask ${v3}/Vision/plantypes`,
      `ask ${v3}/Vision/plantypes/Plan1/dimensions/Entity?fields=name,alias,children`,
    ]);
  });
});
