import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planningRestEndpoint } from "../../src/planning-rest/index.ts";
import { startWire } from "../support/server.ts";

/**
 * The exchanges pbj-pbcs-client 2.0.0 (a client written against live PBCS) makes, as recorded by the
 * conformance kit (`test/fixtures/planning-rest/clients/pbj/exchanges.json`, origin in its NOTICE), replayed
 * against the endpoint: every request must be answered as pbj reads it. What pbj reads is written here from
 * its source (commit ea5edf45): the fields of the model class each answer is read into, with the JSON type the
 * field takes (Jackson fails on a string where pbj has an `int`, and pbj unboxes some `Integer`s, so a `null`
 * there is a NullPointerException in the client).
 */

interface Exchange {
  operation: string;
  request: { method: string; path: string; accept: string; contentType?: string; body?: unknown };
  recorded: { status: number; body?: unknown; truncated?: boolean };
}

const exchanges = JSON.parse(
  readFileSync(new URL("../fixtures/planning-rest/clients/pbj/exchanges.json", import.meta.url), "utf8"),
) as Exchange[];

type Kind = "string" | "number" | "boolean" | "array" | "string|null";

/** A job's answer, launched or polled (api/v3/JobLaunchResponse.java). */
const JOB_LAUNCH_FIELDS: Record<string, Kind> = {
  status: "number",
  jobId: "number",
  jobName: "string",
  descriptiveStatus: "string",
  details: "string|null",
};

/** What pbj reads of each answer: `path` (`a[].b`) → JSON type, and the pbj class it is read into. */
const READS: Record<string, { model: string; fields: Record<string, Kind> }> = {
  "createClient(versionCheck)": {
    model: "api/v3/Api.java (PbcsPlanningClientImpl.getApi)",
    fields: { version: "string", lifecycle: "string", isLatest: "boolean" },
  },
  "client.getApplications": {
    model: "api/v3/Applications.java, Application.java",
    fields: {
      "items[].name": "string",
      "items[].type": "string",
      "items[].appType": "string",
      "items[].dpEnabled": "boolean",
      "items[].adminMode": "boolean",
      "items[].unicode": "boolean",
      "items[].appStorage": "string",
    },
  },
  "app.getPlanTypes": {
    model: "aif/AifApplication.java, AifDimension.java (PbcsApplicationImpl.getPlanTypes, getDimensions)",
    fields: {
      applicationName: "string",
      plan1Name: "string",
      "appDimensions[].dimensionName": "string",
      // getDimensions compares each Integer with `== 1`: all six must be numbers.
      "appDimensions[].validForPlan1": "number",
      "appDimensions[].validForPlan2": "number",
      "appDimensions[].validForPlan3": "number",
      "appDimensions[].validForPlan4": "number",
      "appDimensions[].validForPlan5": "number",
      "appDimensions[].validForPlan6": "number",
    },
  },
  "app.getJobDefinitions": {
    model: "api/v3/JobDefinitionsWrapper.java, JobDefinition.java",
    // PbcsPlanTypeImpl.getJobs filters on planTypeName.equals(…): a rule without one is a NullPointerException.
    fields: { "items[].jobType": "string", "items[].jobName": "string", "items[].planTypeName": "string" },
  },
  "app.launchBusinessRule(AggregateData)": {
    model: "api/v3/JobLaunchResponse.java",
    fields: JOB_LAUNCH_FIELDS,
  },
  "app.getJobStatus": {
    model: "api/v3/JobLaunchResponse.java (PbcsJobStatusImpl: PbcsJobStatusCode.valueOf(status))",
    fields: JOB_LAUNCH_FIELDS,
  },
  "app.getMember(Entity)": {
    model: "client/impl/models/PbcsMemberPropertiesImpl.java",
    fields: {
      name: "string",
      alias: "string|null",
      dimName: "string",
      generation: "number",
      children: "array",
      "children[].name": "string",
      "children[].children": "array",
    },
  },
  "app.getMember(Account)": {
    model: "client/impl/models/PbcsMemberPropertiesImpl.java",
    fields: {
      name: "string",
      alias: "string|null",
      parentName: "string",
      dimName: "string",
      generation: "number",
      dataStorage: "string",
      twoPass: "boolean",
      children: "array",
    },
  },
  "app.getSubstitutionVariables": {
    model: "api/v3/SubstitutionVariablesWrapper.java, SubstitutionVariable.java",
    fields: { items: "array", "items[].name": "string", "items[].value": "string" },
  },
  "app.exportDataSlice(Plan1)": {
    model: "api/v3/dataslices/DataSlice.java (List<String> data)",
    fields: {
      pov: "array",
      "pov[]": "string",
      columns: "array",
      "columns[][]": "string",
      "rows[].headers[]": "string",
      "rows[].data[]": "string",
    },
  },
};
READS["client.getApplication(Vision)"] = READS["client.getApplications"] as (typeof READS)[string];

/** The values at `a[].b[]`-style paths. */
function at(value: unknown, path: string): unknown[] {
  let values = [value];
  for (const part of path.split(".")) {
    const m = /^([^[]*)((?:\[\])*)$/.exec(part) as RegExpExecArray;
    const key = m[1] as string;
    if (key !== "") {
      values = values.map((v) =>
        v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined,
      );
    }
    for (let i = 0; i < (m[2] as string).length / 2; i++) {
      values = values.flatMap((v) => (Array.isArray(v) ? v : [Symbol.for("not an array")]));
    }
  }
  return values;
}

function kindOk(v: unknown, kind: Kind): boolean {
  if (kind === "array") return Array.isArray(v);
  if (kind === "string|null") return v === null || typeof v === "string";
  return typeof v === kind;
}

const DEMO = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
let app: FastifyInstance;
let origin: string;

async function replay(req: Exchange["request"], path = req.path) {
  const headers: Record<string, string> = { authorization: DEMO, accept: req.accept };
  if (req.contentType) headers["content-type"] = req.contentType;
  const r = await fetch(`${origin}${path}`, {
    method: req.method,
    headers,
    ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
  });
  return { status: r.status, type: r.headers.get("content-type") ?? "", json: (await r.json()) as unknown };
}

beforeAll(async () => {
  ({ app, origin } = await startWire(planningRestEndpoint, { connector: "pbcs" }));
});

afterAll(() => app.close());

describe("pbj-pbcs-client's recorded exchanges", () => {
  it("cover every operation of the kit's run, each with what pbj reads of it", () => {
    expect(exchanges.map((e) => e.operation)).toEqual([
      "createClient(versionCheck)",
      "createClient(versionCheck)",
      "client.getApplications",
      "client.getApplication(Vision)",
      "app.getPlanTypes",
      "app.getJobDefinitions",
      "app.launchBusinessRule(AggregateData)",
      "app.getJobStatus",
      "app.getMember(Entity)",
      "app.getMember(Account)",
      "app.getSubstitutionVariables",
      "app.exportDataSlice(Plan1)",
    ]);
    for (const e of exchanges) expect(READS[e.operation], e.operation).toBeDefined();
  });

  it("are answered with JSON carrying every field pbj reads, in the type its model declares", async () => {
    let jobId: number | null = null;
    for (const e of exchanges) {
      // The job pbj polls is the one its launch just created.
      const path =
        e.operation === "app.getJobStatus" && jobId !== null
          ? e.request.path.replace(/\/jobs\/\d+$/, `/jobs/${jobId}`)
          : e.request.path;
      const r = await replay(e.request, path);
      expect(r.status, `${e.operation}: ${path}`).toBe(e.recorded.status);
      expect(r.type).toMatch(/^application\/json/);
      for (const [field, kind] of Object.entries(READS[e.operation]?.fields ?? {})) {
        const values = at(r.json, field);
        expect(values.length, `${e.operation}: ${field}`).toBeGreaterThan(0);
        for (const v of values) expect(kindOk(v, kind), `${e.operation}: ${field} = ${String(v)}`).toBe(true);
      }
      if (e.operation.startsWith("app.launchBusinessRule")) jobId = (r.json as { jobId: number }).jobId;
    }
  });

  it("answer what the kit's run checks: v3 latest, Vision, Plan1, the rule, a finished job, a cell", async () => {
    const byOp = new Map(exchanges.map((e) => [e.operation, e]));
    const get = (op: string) => replay((byOp.get(op) as Exchange).request);
    expect((await get("createClient(versionCheck)")).json).toMatchObject({ version: "v3", isLatest: true });
    expect((await get("app.getPlanTypes")).json).toMatchObject({
      applicationName: "Vision",
      plan1Name: "Plan1",
    });
    const defs = (await get("app.getJobDefinitions")).json as {
      items: { jobType: string; jobName: string }[];
    };
    expect(defs.items).toContainEqual(
      expect.objectContaining({ jobType: "RULES", jobName: "AggregateData" }),
    );
    const launch = (await get("app.launchBusinessRule(AggregateData)")).json as {
      jobId: number;
      status: number;
    };
    expect(Number.isInteger(launch.jobId)).toBe(true);
    let status = launch.status;
    for (let i = 0; i < 200 && status === -1; i++) {
      await new Promise((res) => setTimeout(res, 10));
      const s = await replay(
        (byOp.get("app.getJobStatus") as Exchange).request,
        `/HyperionPlanning/rest/v3/applications/Vision/jobs/${launch.jobId}`,
      );
      status = (s.json as { status: number }).status;
    }
    expect(status).toBe(0);
  });

  it("answer the deterministic reads as recorded (member, variables, plan types, data slice)", async () => {
    for (const op of [
      "client.getApplications",
      "app.getPlanTypes",
      "app.getJobDefinitions",
      "app.getMember(Account)",
      "app.getSubstitutionVariables",
      "app.exportDataSlice(Plan1)",
    ]) {
      const e = exchanges.find((x) => x.operation === op) as Exchange;
      expect((await replay(e.request)).json, op).toEqual(e.recorded.body);
    }
  });

  it("answer a 400 that pbj's error model reads: details/message strings, no links array", async () => {
    // PbcsErrorResponse (client/exceptions/PbcsClientException.java) declares `String links` and reads
    // `message` (getMember turns a message starting "The member" into its no-such-member error).
    const e = exchanges.find((x) => x.operation === "app.getMember(Account)") as Exchange;
    const r = await replay(e.request, e.request.path.replace(/4110$/, "NoSuchAccount"));
    expect(r.status).toBe(400);
    const body = r.json as Record<string, unknown>;
    expect(typeof body.message).toBe("string");
    expect(String(body.message).toLowerCase().startsWith("the member")).toBe(true);
    expect(Array.isArray(body.links)).toBe(false);
  });
});
