import { readFileSync } from "node:fs";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planningRestEndpoint } from "../../src/planning-rest/index.ts";
import { openDemoProvider, startWire } from "../support/server.ts";

/**
 * The Planning REST endpoint over the embedded Vision application: the requests of a live-tested client's
 * collection (pbj-pbcs-client `requests.http`) and Oracle's examples are fed to it, and its answers are compared
 * in shape with Oracle's example replies (fixtures in `test/fixtures/planning-rest`, see its NOTICE).
 */

const FIXTURES = new URL("../fixtures/planning-rest/", import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), "utf8");
const json = (name: string) => JSON.parse(fixture(name)) as Record<string, unknown>;

interface HttpRequest {
  title: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** The requests of an IntelliJ `.http` collection: `###` title, method and URL, headers, blank line, body. */
function httpRequests(text: string): HttpRequest[] {
  return text
    .split(/^###/m)
    .slice(1)
    .flatMap((block) => {
      const lines = block.split("\n");
      const title = (lines.shift() ?? "").trim();
      const start = lines.findIndex((l) => /^(GET|POST|PUT|PATCH|DELETE) /.test(l));
      if (start < 0) return [];
      const [method = "", url = ""] = (lines[start] ?? "").split(/ (.+)/);
      const headers: Record<string, string> = {};
      let i = start + 1;
      for (; i < lines.length && (lines[i] ?? "").trim() !== ""; i++) {
        const line = lines[i] ?? "";
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rest = lines
        .slice(i)
        .filter((l) => !l.startsWith("#"))
        .join("\n")
        .trim();
      return [{ title, method, url: url.trim(), headers, body: rest === "" ? null : rest }];
    });
}

const DEMO = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
let app: FastifyInstance;
let origin: string;

async function call(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    authorization: DEMO,
    accept: "application/json",
    ...options.headers,
  };
  if (options.body !== undefined) headers["content-type"] ??= "application/json";
  const r = await fetch(`${origin}${path}`, {
    method,
    headers,
    ...(options.body !== undefined
      ? { body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) }
      : {}),
  });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : null };
}

async function pollJob(id: number) {
  for (let i = 0; i < 200; i++) {
    const r = await call("GET", `/HyperionPlanning/rest/v3/applications/Vision/jobs/${id}`);
    if (r.json.status !== -1) return r;
    await new Promise((res) => setTimeout(res, 10));
  }
  throw new Error("the job did not end");
}

const keys = (o: unknown) => Object.keys(o as object).sort();

beforeAll(async () => {
  ({ app, origin } = await startWire(planningRestEndpoint, { connector: "pbcs" }));
});

afterAll(() => app.close());

describe("the captured requests of pbj-pbcs-client", () => {
  const served =
    /\/HyperionPlanning\/rest\/(v3\/applications(\/[^/]+\/(plantypes|plantypes\/[^/]+\/exportdataslice|jobdefinitions.*|jobs|dimensions\/[^/]+\/members\/.+))?)?$/;
  const requests = httpRequests(fixture("requests.http")).filter((r) =>
    served.test(r.url.replace(/^https:\/\/\{\{server\}\}/, "").split("?")[0] ?? ""),
  );

  it("covers version discovery, applications, plan types, job definitions, rule jobs and members", () => {
    const titles = requests.map((r) => r.title);
    expect(titles).toContain("Get All API Version Info");
    expect(titles).toContain("Get Applications");
    expect(titles).toContain("Get Plan Types");
    expect(titles.filter((t) => t.startsWith("Execute")).length).toBeGreaterThanOrEqual(2);
    expect(titles.filter((t) => t.startsWith("Get Member")).length).toBeGreaterThanOrEqual(5);
    expect(titles.filter((t) => t.startsWith("Export Data Slice")).length).toBeGreaterThanOrEqual(5);
  });

  it("answers each with JSON, 200 for what Vision has and 400 with Oracle's error fields otherwise", async () => {
    for (const r of requests) {
      const path = r.url
        .replace(/^https:\/\/\{\{server\}\}/, "")
        .replaceAll("{{app}}", "Vision")
        .replaceAll("{{cube}}", "Plan1")
        .replaceAll(" ", "%20");
      const headers = { ...r.headers, authorization: DEMO };
      const answer = await call(r.method, path, { headers, ...(r.body ? { body: r.body } : {}) });
      expect([200, 400], `${r.title}: ${path}`).toContain(answer.status);
      if (answer.status === 400)
        expect(keys(answer.json)).toEqual(["detail", "localizedMessage", "message", "status"]);
    }
  });
});

describe("version discovery and metadata", () => {
  it("lists v3 as the active, latest version with `canonical` and `current` links (trailing slash)", async () => {
    const r = await call("GET", "/HyperionPlanning/rest/");
    expect(r.status).toBe(200);
    expect(r.json.items).toEqual([
      expect.objectContaining({ version: "v3", lifecycle: "active", isLatest: true }),
    ]);
    const href = `${origin}/HyperionPlanning/rest/v3`;
    expect(r.json.items[0].links).toEqual([
      { rel: "canonical", href, action: "GET" },
      { rel: "current", href, action: "GET" },
    ]);
  });

  it("describes v3 at /v3 and /v3/ (Oracle's version page; pbj-pbcs-client reads /v3/)", async () => {
    for (const path of ["/HyperionPlanning/rest/v3", "/HyperionPlanning/rest/v3/"]) {
      const r = await call("GET", path);
      expect(r.status, path).toBe(200);
      expect(r.json).toEqual({
        version: "v3",
        lifecycle: "active",
        isLatest: true,
        links: [{ rel: "canonical", href: `${origin}/HyperionPlanning/rest/v3`, action: "GET" }],
      });
    }
  });

  it("answers unknown paths and methods of both APIs with their JSON error, never HTML", async () => {
    for (const [method, path] of [
      ["GET", "/HyperionPlanning/rest/v2/"],
      ["GET", "/HyperionPlanning/rest/v3/nothing/here"],
      ["DELETE", "/HyperionPlanning/rest/v3/applications"],
      ["GET", "/HyperionPlanning/rest/v3/applications/Vision/plantypes/Plan1/nothing"],
    ] as const) {
      const r = await fetch(`${origin}${path}`, { method, headers: { authorization: DEMO } });
      expect(r.status, path).toBe(404);
      expect(r.headers.get("content-type")).toMatch(/^application\/json/);
      expect(keys(await r.json())).toEqual(["detail", "localizedMessage", "message", "status"]);
    }
    for (const path of ["/aif/rest/V1/jobs/1", "/aif/rest/", "/aif/rest/V1/applications/Vision/x"]) {
      const r = await fetch(`${origin}${path}`, { headers: { authorization: DEMO } });
      expect(r.status, path).toBe(404);
      expect(r.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await r.json()).toEqual({ status: 1, details: expect.any(String) });
    }
    const anonymous = await fetch(`${origin}/aif/rest/V1/applications/Vision`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ status: 1, details: "Authentication required." });
  });

  it("names the plan types and their dimensions in Data Management's application (/aif/rest/V1)", async () => {
    const version = await call("GET", "/aif/rest/V1");
    expect(version.json).toMatchObject({ version: "V1", lifecycle: "active", isLatest: true });
    const r = await call("GET", "/aif/rest/V1/applications/vision");
    expect(r.status).toBe(200);
    // Vision's two plan types: Plan1, and Plan2 (the revenue summary: no Product, HSP_View, HSP_Metric).
    expect(r.json).toMatchObject({ applicationName: "Vision", plan1Name: "Plan1", plan2Name: "Plan2" });
    expect(r.json.plan3Name).toBeUndefined();
    const names = r.json.appDimensions.map((d: { dimensionName: string }) => d.dimensionName);
    expect(names).toEqual(expect.arrayContaining(["Account", "Entity", "Period", "HSP_View"]));
    for (const d of r.json.appDimensions) {
      const inPlan2 = !["Product", "HSP_View", "HSP_Metric"].includes(d.dimensionName);
      expect(d).toMatchObject({ validForPlan1: 1, validForPlan2: inPlan2 ? 1 : 0, validForPlan6: 0 });
    }
    expect((await call("GET", "/aif/rest/V1/applications/Nope")).status).toBe(400);
  });

  it("lists Vision and its plan types", async () => {
    const apps = await call("GET", "/HyperionPlanning/rest/v3/applications");
    expect(apps.json).toEqual({
      type: "HP",
      items: [expect.objectContaining({ name: "Vision", type: "HP" })],
    });
    const pts = await call("GET", "/HyperionPlanning/rest/v3/applications/vision/plantypes");
    expect(pts.json.items.map((p: { planTypeName: string }) => p.planTypeName)).toContain("Plan1");
    expect(keys(pts.json.items[0])).toEqual(["cubeName", "cubeType", "planType", "planTypeName"]);
  });

  it("lists the rules as job definitions in Oracle's shape, with or without q", async () => {
    const oracle = json("jobdefinitions-get.response.partial.json") as { items: object[] };
    const all = await call("GET", "/HyperionPlanning/rest/v3/applications/Vision/jobdefinitions");
    const rules = await call(
      "GET",
      `/HyperionPlanning/rest/v3/applications/Vision/jobdefinitions?q=${encodeURIComponent('{"jobType":"RULES"}')}`,
    );
    expect(keys(all.json)).toEqual(keys(oracle));
    expect(keys(all.json.items[0])).toEqual([...keys(oracle.items[0]), "planTypeName"].sort());
    expect(all.json.items).toContainEqual({
      jobType: "RULES",
      jobName: "AggregateData",
      planTypeName: "Plan1",
      links: null,
    });
    expect(rules.json.items.map((i: { jobName: string }) => i.jobName)).toContain("CopyVersion");
    expect(rules.json).toEqual(all.json);
    const none = await call(
      "GET",
      `/HyperionPlanning/rest/v3/applications/Vision/jobdefinitions?q=${encodeURIComponent('{"jobType":"RULESET"}')}`,
    );
    expect(none.json.items).toEqual([]);
  });

  it("answers a member with its descendants nested in children, the dimension root without parentName", async () => {
    const root = await call(
      "GET",
      "/HyperionPlanning/rest/v3/applications/Vision/dimensions/Product/members/Product",
    );
    expect(root.json.parentName).toBeUndefined();
    expect(root.json.dimName).toBe("Product");
    const hw = await call(
      "GET",
      "/HyperionPlanning/rest/v3/applications/Vision/dimensions/Product/members/P_100",
    );
    expect(hw.json).toEqual({
      name: "P_100",
      alias: expect.any(String),
      parentName: "P_TP",
      dimName: "Product",
      generation: 3,
      dataStorage: "Store Data",
      twoPass: false,
      children: ["P_110", "P_120", "P_130"].map((name) =>
        expect.objectContaining({ name, parentName: "P_100", generation: 4, children: [] }),
      ),
    });
    // dataStorage in the spellings a live-tested client maps (pbj's DataStorage), as the outline stores it.
    const q1 = await call(
      "GET",
      "/HyperionPlanning/rest/v3/applications/Vision/dimensions/Period/members/Q1",
    );
    expect(q1.json).toMatchObject({ name: "Q1", dataStorage: "Dynamic Calc", twoPass: false });
    expect(q1.json.children[0]).toMatchObject({ name: "Jan", dataStorage: "Store Data" });
    const label = await call(
      "GET",
      "/HyperionPlanning/rest/v3/applications/Vision/dimensions/Account/members/Income%20Statement",
    );
    expect(label.json.dataStorage).toBe("Label Only");
    const unknown = await call(
      "GET",
      "/HyperionPlanning/rest/v3/applications/Vision/dimensions/Product/members/Nope",
    );
    expect(unknown.status).toBe(400);
  });
});

describe("substitution variables", () => {
  it("lists a plan type's variables as items of name, value and planType; none at the application level", async () => {
    const q = encodeURIComponent('{"derivedValues":true}');
    const pt = await call(
      "GET",
      `/HyperionPlanning/rest/v3/applications/Vision/plantypes/plan1/substitutionvariables?q=${q}`,
    );
    expect(pt.status).toBe(200);
    expect(pt.json.items).toContainEqual({ name: "CurMonth", value: "Jan", planType: "Plan1" });
    for (const item of pt.json.items) expect(keys(item)).toEqual(["name", "planType", "value"]);
    // The application level lists every plan type's variables, each with its plan type (Oracle's example):
    // Plan1's, then Plan2's.
    const app = await call("GET", "/HyperionPlanning/rest/v3/applications/Vision/substitutionvariables");
    const plan2 = pt.json.items.map((v: { planType: string }) => ({ ...v, planType: "Plan2" }));
    expect(app.json.items).toEqual([...pt.json.items, ...plan2]);
    const one = await call(
      "GET",
      "/HyperionPlanning/rest/v3/applications/Vision/plantypes/Plan1/substitutionvariables/curmonth",
    );
    expect(one.json).toEqual({
      name: "CurMonth",
      value: "Jan",
      planType: "Plan1",
      links: [
        {
          rel: "self",
          href: `${origin}/HyperionPlanning/rest/v3/applications/Vision/plantypes/Plan1/substitutionvariables/CurMonth`,
          action: "GET",
        },
      ],
    });
    expect(
      (await call("GET", "/HyperionPlanning/rest/v3/applications/Vision/substitutionvariables/CurMonth"))
        .status,
    ).toBe(400);
    expect(
      (
        await call(
          "GET",
          "/HyperionPlanning/rest/v3/applications/Vision/plantypes/Nope/substitutionvariables",
        )
      ).status,
    ).toBe(400);
  });
});

describe("business rules as jobs", () => {
  it("refuses a job without Content-Type: application/json with 415, as the live client's note says", async () => {
    const r = await call("POST", "/HyperionPlanning/rest/v3/applications/Vision/jobs", {
      body: JSON.stringify({ jobType: "RULES", jobName: "CopyVersion" }),
      headers: { "content-type": "text/plain" },
    });
    expect(r.status).toBe(415);
  });

  it("launches a rule with Oracle's request shape and answers the job record of Oracle's status page", async () => {
    const oracleRequest = json("jobs-post.rules.request.json") as { parameters: Record<string, string> };
    const oracleStatus = json("jobs-id-get.response.json");
    const body = {
      ...oracleRequest,
      jobName: "CopyVersion",
      parameters: { SrcVersion: "Working", TgtVersion: "What If", planType: "Plan1" },
    };
    expect(keys(body)).toEqual(keys(oracleRequest));
    const launched = await call("POST", "/HyperionPlanning/rest/v3/applications/Vision/jobs", { body });
    expect(launched.status).toBe(200);
    expect(keys(launched.json)).toEqual(keys(oracleStatus));
    expect(launched.json).toMatchObject({
      status: -1,
      jobName: "CopyVersion",
      descriptiveStatus: "In Progress",
    });
    const done = await pollJob(launched.json.jobId);
    expect(keys(done.json)).toEqual(keys(oracleStatus));
    expect(done.json).toMatchObject({
      status: 0,
      descriptiveStatus: "Completed",
      jobId: launched.json.jobId,
    });
    expect(done.json.links.map((l: { rel: string }) => l.rel)).toEqual(["self", "job-details"]);
  });

  it("ends a job with an invalid prompt value with status 4, a failing rule with 1, the message in details", async () => {
    const copyVersion = (SrcVersion: string, TgtVersion: string) =>
      call("POST", "/HyperionPlanning/rest/v3/applications/Vision/jobs", {
        body: { jobType: "Rules", jobName: "CopyVersion", parameters: { SrcVersion, TgtVersion } },
      });
    const invalid = await copyVersion("Nope", "Working");
    const bad = await pollJob(invalid.json.jobId);
    expect(bad.json).toMatchObject({ status: 4, descriptiveStatus: "Invalid Parameter" });
    expect(bad.json.details).toMatch(/Nope/);
    const failing = await copyVersion("Working", "Working");
    const failed = await pollJob(failing.json.jobId);
    expect(failed.json).toMatchObject({ status: 1, descriptiveStatus: "Error" });
    // The rule's own reason, as a Planning job gives it: "Business rule CopyVersion failed:" is the client's to say,
    // and "No data was changed." the demo's promise, which a Planning server does not make.
    expect(failed.json.details).toBe("the source and target versions are both Working.");
  });

  it("refuses an unknown rule and an unknown job id; another user cannot read the job", async () => {
    const r = await call("POST", "/HyperionPlanning/rest/v3/applications/Vision/jobs", {
      body: { jobType: "RULES", jobName: "NoSuchRule" },
    });
    expect(r.status).toBe(400);
    expect(r.json.detail).toMatch(/NoSuchRule/);
    expect((await call("GET", "/HyperionPlanning/rest/v3/applications/Vision/jobs/99999")).status).toBe(404);
  });
});

describe("authentication", () => {
  it("accepts identitydomain.user and refuses a wrong password or no credentials with 401", async () => {
    const domain = `Basic ${Buffer.from("idcs-1234.demo:demo").toString("base64")}`;
    expect(
      (await call("GET", "/HyperionPlanning/rest/v3/applications", { headers: { authorization: domain } }))
        .status,
    ).toBe(200);
    const wrong = `Basic ${Buffer.from("demo:nope").toString("base64")}`;
    expect(
      (await call("GET", "/HyperionPlanning/rest/v3/applications", { headers: { authorization: wrong } }))
        .status,
    ).toBe(401);
    const r = await fetch(`${origin}/HyperionPlanning/rest/v3/applications`);
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toMatch(/^Basic/);
  });
});

describe("bodies the host server cannot read", () => {
  it("answers a body parser's 4xx (an error with `status`, as the server's parser throws) in the Planning error body", async () => {
    const provider = await openDemoProvider();
    const host = Fastify({ logger: false });
    host.removeAllContentTypeParsers();
    host.addContentTypeParser("application/json", { parseAs: "string" }, (_req, _body, done) => {
      done(Object.assign(new Error("The request body is not valid JSON."), { status: 400 }), undefined);
    });
    await host.register(planningRestEndpoint, { provider, connector: "pbcs" });
    const r = await host.inject({
      method: "POST",
      url: "/HyperionPlanning/rest/v3/applications/Vision/jobs",
      headers: { authorization: DEMO, "content-type": "application/json" },
      payload: "{bad",
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: 400, message: "The request body is not valid JSON." });
    await host.close();
  });
});

describe("export data slice", () => {
  const slice = (body: unknown, pt = "Plan1") =>
    call("POST", `/HyperionPlanning/rest/v3/applications/Vision/plantypes/${pt}/exportdataslice`, { body });
  const POV = { members: [["BaseData"], ["FY15"], ["Plan"], ["Working"], ["410"], ["P_160"], ["USD"]] };

  it("reads one cell of pbj's point grid, values as strings", async () => {
    const r = await slice({
      exportPlanningData: false,
      gridDefinition: {
        suppressMissingBlocks: false,
        pov: POV,
        columns: [{ members: [["Jan"]] }],
        rows: [{ members: [["4110"]] }],
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.pov).toEqual(["BaseData", "FY15", "Plan", "Working", "410", "P_160", "USD"]);
    expect(r.json.columns).toEqual([["Jan"]]);
    expect(r.json.rows).toEqual([{ headers: ["4110"], data: [expect.stringMatching(/^-?\d+(\.\d+)?$/)] }]);
  });

  it("expands member functions with named dimensions, crosses two column dimensions, blanks missing cells", async () => {
    const r = await slice({
      gridDefinition: {
        pov: {
          dimensions: ["HSP_View", "Scenario", "Version", "Entity", "Product", "Currency"],
          members: [["BaseData"], ["Plan"], ["Working"], ["410"], ["P_160"], ["USD"]],
        },
        columns: [{ dimensions: ["Year", "Period"], members: [["FY15", "FY16"], ["IChildren(Q1)"]] }],
        rows: [{ dimensions: ["Account"], members: [["4110", "4120"]] }],
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.columns).toEqual([
      ["FY15", "FY15", "FY15", "FY15", "FY16", "FY16", "FY16", "FY16"],
      ["Q1", "Jan", "Feb", "Mar", "Q1", "Jan", "Feb", "Mar"],
    ]);
    expect(r.json.rows.map((x: { headers: string[] }) => x.headers)).toEqual([["4110"], ["4120"]]);
    for (const row of r.json.rows) {
      expect(row.data).toHaveLength(8);
      for (const v of row.data) expect(typeof v).toBe("string");
    }
    // The Plan1 cells of FY15 are the same as pbj's point read.
    const point = await slice({
      gridDefinition: { pov: POV, columns: [{ members: [["Jan"]] }], rows: [{ members: [["4110"]] }] },
    });
    expect(r.json.rows[0].data[1]).toBe(point.json.rows[0].data[0]);
  });

  it("leaves out rows (and columns) whose cells are all missing when asked", async () => {
    const body = (flags: object) => ({
      gridDefinition: {
        ...flags,
        pov: { members: [["BaseData"], ["FY15"], ["Plan"], ["Working"], ["P_160"], ["USD"], ["Jan"]] },
        columns: [{ members: [["4110"]] }],
        rows: [{ members: [["ILvl0Descendants(TD)"]] }],
      },
    });
    const all = await slice(body({}));
    const kept = await slice(body({ suppressMissingRows: true }));
    const blocks = await slice(body({ suppressMissingBlocks: true }));
    expect(all.json.rows.some((x: { data: string[] }) => x.data[0] === "")).toBe(true);
    expect(kept.json.rows.length).toBeLessThan(all.json.rows.length);
    expect(kept.json.rows.every((x: { data: string[] }) => x.data[0] !== "")).toBe(true);
    expect(blocks.json.rows).toEqual(kept.json.rows);
  });

  it("refuses a grid Planning would not read, with its words for an unknown member and a too large slice", async () => {
    const unknown = await slice({
      gridDefinition: {
        pov: POV,
        columns: [{ members: [["Jan"]] }],
        rows: [{ members: [["NoSuchAccount"]] }],
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe(
      "The member NoSuchAccount does not exist for the specified cube or you do not have access to it.",
    );
    for (const gridDefinition of [
      { pov: POV, columns: [{ members: [["Jan"]] }], rows: [{ members: [["Feb"]] }] },
      {
        pov: { members: [["FY15", "FY16"]] },
        columns: [{ members: [["Jan"]] }],
        rows: [{ members: [["4110"]] }],
      },
      { pov: POV, columns: [], rows: [{ members: [["4110"]] }] },
      {
        pov: POV,
        columns: [{ dimensions: ["Period", "Year"], members: [["Jan"]] }],
        rows: [{ members: [["4110"]] }],
      },
    ]) {
      const r = await slice({ gridDefinition });
      expect(r.status, JSON.stringify(gridDefinition)).toBe(400);
      expect(keys(r.json)).toEqual(["detail", "localizedMessage", "message", "status"]);
    }
    expect((await slice({ nothing: true })).status).toBe(400);
    expect(
      (
        await slice(
          { gridDefinition: { columns: [{ members: [["Jan"]] }], rows: [{ members: [["4110"]] }] } },
          "Nope",
        )
      ).status,
    ).toBe(400);
    const text = await call(
      "POST",
      "/HyperionPlanning/rest/v3/applications/Vision/plantypes/Plan1/exportdataslice",
      {
        body: "{}",
        headers: { "content-type": "text/plain" },
      },
    );
    expect(text.status).toBe(415);

    const provider = await openDemoProvider();
    const small = Fastify({ logger: false });
    await small.register(planningRestEndpoint, { provider, connector: "pbcs", maxSliceCells: 10 });
    const r = await small.inject({
      method: "POST",
      url: "/HyperionPlanning/rest/v3/applications/Vision/plantypes/Plan1/exportdataslice",
      headers: { authorization: DEMO, "content-type": "application/json" },
      payload: {
        gridDefinition: {
          pov: POV,
          columns: [{ members: [["Descendants(YearTotal)"]] }],
          rows: [{ members: [["4110"]] }],
        },
      },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().detail).toBe(
      "Unable to load the data entry form as the number of data entry cells exceeded the threshold.",
    );
    await small.close();
  });
});
