import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { essbaseRestEndpoint } from "../../src/essbase-rest/index.ts";
import { EssbaseClient, endpointForTests } from "../support/endpoint.ts";

/**
 * Contract tests from an independent client: appliedolap's essbase-rest-client 2.0.0 (Java, written against live
 * Essbase servers). `fixtures/essbase-rest/clients/` holds the requests it made for the conformance kit's 23
 * operations (origin and licence in its NOTICE.md); they are replayed here as the client sends them (its cookie
 * jar, `Authorization: Session Session` after the login), and each answer is held to what the client reads from
 * it, as its sources say (file named at each check). Operations of the client the kit does not run follow, with
 * the requests its generated API builds.
 */
const fixtures = (name: string) =>
  readFileSync(new URL(`../fixtures/essbase-rest/clients/${name}`, import.meta.url), "utf8");

interface Exchange {
  n: number;
  operation: string;
  session: "server" | "api";
  method: string;
  path: string;
  authorization: "Basic" | "Session";
  accept: string;
  contentType?: string;
  body?: unknown;
}

const recorded = JSON.parse(fixtures("appliedolap-essbase-rest-client.requests.json")) as {
  exchanges: Exchange[];
};

interface Reply {
  status: number;
  contentType: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as the client reads them
  json: any;
  text: string;
}

/** The client's transport, as `ApiClientFactory` does it: Basic until a JSESSIONID arrives, then the cookie. */
class Jar {
  private sessionId: string | null = null;
  constructor(private readonly origin: string) {}

  async send(
    method: string,
    path: string,
    options: { body?: unknown; accept?: string; contentType?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { accept: options.accept ?? "application/json" };
    if (this.sessionId === null) {
      headers.authorization = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
    } else {
      headers.authorization = "Session Session";
      headers.cookie = `$Version=1;JSESSIONID=${this.sessionId}`;
    }
    if (options.body !== undefined) headers["content-type"] = options.contentType ?? "application/json";
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const m = /(?:^|[;,\s])JSESSIONID=([^;,]*)/.exec(res.headers.get("set-cookie") ?? "");
    if (m?.[1] && this.sessionId === null) this.sessionId = m[1];
    const text = await res.text();
    const contentType = res.headers.get("content-type") ?? "";
    const json = contentType.startsWith("application/json") && text !== "" ? JSON.parse(text) : null;
    return { status: res.status, contentType, json, text };
  }

  get authenticated(): boolean {
    return this.sessionId !== null;
  }
}

/** `EssApplication.Status.parse`: a null status throws; the text is compared without case. */
const APP_STATUS = /^(started|stopped)$/i;
/** `EssJob.Status.fromCode` throws on any other code. */
const JOB_CODES = [100, 200, 300, 400];

/** What the client reads from the answer of each operation (the first exchange of it that answers 200). */
const needs: Record<string, (r: Reply, all: Map<number, Reply>) => void> = {
  // runs/EssbaseRestClientRun: getAbout().getVersion() != null.
  "server.getAbout": (r) => expect(typeof r.json.version).toBe("string"),
  // impl/EssServerImpl.getApplications -> impl/EssApplicationImpl (logs getStatus(), getCreated(), getModified()).
  "server.getApplications": (r) => {
    expect(r.json.items.map((a: { name: string }) => a.name)).toContain("Sample");
    for (const a of r.json.items) {
      expect(a.status).toMatch(APP_STATUS);
      for (const t of ["creationTime", "modifiedTime", "startTime"]) {
        if (a[t] !== undefined) expect(Number.isInteger(a[t])).toBe(true);
      }
    }
  },
  // impl/EssServerImpl.getApplication: the first item of the filtered list.
  "server.getApplication(Sample)": (r) => {
    expect(r.json.items[0]).toMatchObject({ name: "Sample", status: expect.stringMatching(APP_STATUS) });
  },
  // impl/EssApplicationImpl.getCubes: items[].name.
  "app.getCubes": (r) => expect(r.json.items.map((c: { name: string }) => c.name)).toContain("Basic"),
  "app.getCube(Basic)": (r) => expect(r.json.items.map((c: { name: string }) => c.name)).toContain("Basic"),
  // impl/EssCubeImpl.getDimensions: DimensionList items[].name.
  "cube.getDimensions": (r) => {
    const names = r.json.items.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(["Market", "Measures"]));
  },
  // impl/EssOutlineImpl.getDimensions: offset=0&limit=0, every dimension read from items.
  "cube.getOutline().getDimensions": (r) => {
    expect(r.json.items.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(["Year", "Measures", "Product", "Market", "Scenario"]),
    );
  },
  // impl/EssMemberImpl: isDimension() reads `dimension`, getChildCount() `numberOfChildren`, getLevel() `levelNumber`.
  "cube.getMember(Market)": (r) => {
    expect(r.json).toMatchObject({ name: "Market", dimension: true, numberOfChildren: 4 });
    expect(Number.isInteger(r.json.levelNumber)).toBe(true);
  },
  // impl/EssMemberImpl.getChildren: parent=…&offset=0&limit=0, all children in items.
  "member(Market).getChildren": (r) => {
    expect(r.json.items.map((m: { name: string }) => m.name)).toEqual(["East", "West", "South", "Central"]);
  },
  // impl/EssMemberImpl.getLeafDescendants: children until numberOfChildren is absent or 0.
  "member(East).getLeafDescendants": (r, all) => {
    const children = all.get(11)?.json.items as { name: string; numberOfChildren?: number }[];
    expect(children.map((m) => m.name)).toContain("New York");
    for (const m of children) expect(m.numberOfChildren ?? 0).toBe(0);
    expect(r.json.numberOfChildren).toBe(children.length);
  },
  // impl/EssCubeImpl.getCalcScripts: ScriptList items[].name.
  "cube.getCalcScripts": (r) =>
    expect(r.json.items.map((s: { name: string }) => s.name)).toContain("CalcAll"),
  "server.getVariables": (r) => expect(Array.isArray(r.json.items)).toBe(true),
  "app.getVariables": (r) => expect(Array.isArray(r.json.items)).toBe(true),
  "cube.getVariables": (r) => expect(Array.isArray(r.json.items)).toBe(true),
  "script(CalcAll).execute": (r) => expect(Number.isInteger(r.json.job_ID)).toBe(true),
  "JobsApi.jobsExecuteJob(calc)": (r) => {
    expect(Number.isInteger(r.json.job_ID)).toBe(true);
    expect(JOB_CODES).toContain(r.json.statusCode);
  },
  // EssJob.JobType.parse compares jobType with the display names ("Calc Execution" for calc).
  "JobsApi.jobsGetJobInfo": (r) => {
    expect(JOB_CODES).toContain(r.json.statusCode);
    expect(r.json.jobType).toBe("Calc Execution");
  },
  // impl/EssServerImpl.getJobs -> impl/EssJobImpl: job_ID required, statusCode through Status.fromCode.
  "server.getJobs": (r) => {
    expect(r.json.items.length).toBeGreaterThan(0);
    for (const j of r.json.items) {
      expect(Number.isInteger(j.job_ID)).toBe(true);
      expect(JOB_CODES).toContain(j.statusCode);
    }
  },
  // runs/EssbaseRestClientRun.gridText: slice.rows, slice.columns, ranges[0].values and types.
  "GridApi.gridGetDefault": (r) => {
    const { rows, columns, data } = r.json.slice;
    expect(data.ranges[0].values).toHaveLength(rows * columns);
    expect(data.ranges[0].types).toHaveLength(rows * columns);
  },
  "GridApi.gridExecute(refresh)": (r) => expect(r.json.slice.data.ranges[0].values.length).toBeGreaterThan(0),
  "GridApi.gridExecute(zoomin)": (r, all) => {
    expect(r.json.slice.rows).toBeGreaterThan(all.get(21)?.json.slice.rows);
  },
  "GridApi.gridExecuteMDX": (r) => expect(r.json.slice.rows).toBe(5),
  // impl/EssCubeImpl.executeMdx -> misc/MdxJson (page, column, row: lists of strings; data: rows of strings).
  "cube.executeMdx": (r) => {
    expect(r.json.metadata).toEqual({ page: expect.any(Array), column: ["Measures"], row: ["Market"] });
    for (const d of r.json.metadata.page) expect(typeof d).toBe("string");
    expect(r.json.data.length).toBeGreaterThanOrEqual(4);
    for (const row of r.json.data) for (const cell of row) expect(typeof cell).toBe("string");
  },
};

const endpoint = endpointForTests();

describe("appliedolap essbase-rest-client: the recorded requests of the kit's 23 operations", () => {
  it("answers each as the client needs, over the client's own session handling", async () => {
    const jars = { server: new Jar(endpoint.origin), api: new Jar(endpoint.origin) };
    const replies = new Map<number, Reply>();
    const checked = new Set<string>();
    let jobId: number | null = null;
    for (const x of recorded.exchanges) {
      const jar = jars[x.session];
      // The recording says which authorization the client sent: the replay is in the same state.
      expect(jar.authenticated, `#${x.n} ${x.operation}`).toBe(x.authorization === "Session");
      const path = x.path.replace("{jobId}", String(jobId));
      let r = await jar.send(x.method, path, {
        body: x.body,
        accept: x.accept,
        ...(x.contentType ? { contentType: x.contentType } : {}),
      });
      // The runner polls the job until it leaves 100 (in progress).
      for (let i = 0; i < 50 && x.operation === "JobsApi.jobsGetJobInfo" && r.json?.statusCode === 100; i++) {
        await new Promise((done) => setTimeout(done, 20));
        r = await jar.send(x.method, path, { accept: x.accept });
      }
      expect(r.status, `#${x.n} ${x.method} ${path}: ${r.text.slice(0, 300)}`).toBe(200);
      if (x.operation === "JobsApi.jobsExecuteJob(calc)") jobId = r.json.job_ID;
      replies.set(x.n, r);
      // getLeafDescendants reads the member, then its children (#10, #11): checked once both are in.
      if (!checked.has(x.operation) && x.operation !== "member(East).getLeafDescendants") {
        needs[x.operation]?.(r, replies);
      }
      checked.add(x.operation);
    }
    expect(checked.size).toBe(23);
    needs["member(East).getLeafDescendants"]?.(replies.get(10) as Reply, replies);
  });

  it("answers Execute MDX in the JSON shape an Essbase 21.7 server answered (MdxJsonTest)", async () => {
    const live = JSON.parse(fixtures("mdx-json-21.7.response.json"));
    const jar = new Jar(endpoint.origin);
    const r = await jar.send("POST", "/essbase/rest/v1/applications/Sample/databases/Basic/mdx?format=JSON", {
      body: { query: "SELECT {[Measures].[Sales]} ON COLUMNS, {[Year]} ON ROWS FROM [Sample].[Basic]" },
    });
    expect(r.status).toBe(200);
    expect(r.json.metadata).toEqual(live.metadata);
    expect(r.json.data[0]).toEqual(live.data[0]);
    expect(r.json.data[1][0]).toBe(live.data[1][0]);
    expect(r.json.data[1][1]).toMatch(/^-?\d+\.\d+(E-?\d+)?$/);
    expect(r.json.data).toHaveLength(live.data.length);
  });

  it("answers the MDX report formats Oracle lists (CSV here; mdx-formats.test.ts), errors in Essbase's body", async () => {
    const jar = new Jar(endpoint.origin);
    const csv = await jar.send(
      "POST",
      "/essbase/rest/v1/applications/Sample/databases/Basic/mdx?format=CSV",
      {
        body: { query: "SELECT {[Measures].[Sales]} ON COLUMNS FROM [Sample].[Basic]" },
      },
    );
    expect(csv.status).toBe(200);
    expect(csv.text).toMatch(/^Sales\r\n-?\d+\.\d+(E-?\d+)?\r\n$/);
    const bad = await jar.send("POST", "/essbase/rest/v1/applications/Sample/databases/Basic/mdx", {
      body: { query: "SELECT {[Measures].[Nope]} ON COLUMNS FROM [Sample].[Basic]" },
    });
    expect(bad.status).toBe(400);
    expect(typeof bad.json.errorMessage).toBe("string");
  });
});

describe("appliedolap essbase-rest-client: operations the kit does not run", () => {
  const cube = "/essbase/rest/v1/applications/Sample/databases/Basic";

  it("lists a dimension's levels and generations, and reads one by number (DimensionsApi)", async () => {
    const jar = new Jar(endpoint.origin);
    const levels = await jar.send("GET", `${cube}/dimensions/Market/levels`);
    expect(levels.status).toBe(200);
    expect(levels.json.items.map((l: { name: string; number: number }) => [l.number, l.name])).toEqual([
      [0, "Lev0,Market"],
      [1, "Lev1,Market"],
      [2, "Lev2,Market"],
    ]);
    const gens = await jar.send("GET", `${cube}/dimensions/Market/generations`);
    expect(gens.json.items.map((g: { number: number }) => g.number)).toEqual([1, 2, 3]);
    // The outline names Market's generations 2 and 3 (Region, State); generation 1 has no name of its own.
    expect(gens.json.items.map((g: { name: string }) => g.name)).toEqual(["Gen1,Market", "Region", "State"]);
    expect(gens.json.items[1]).toMatchObject({ name: "Region", number: 2, unique: false });
    const one = await jar.send("GET", `${cube}/dimensions/Market/generations/2`);
    expect(one.json).toMatchObject({ name: "Region", number: 2 });
    const none = await jar.send("GET", `${cube}/dimensions/Market/levels/9`);
    expect(none.status).toBe(400);
    expect(none.json.errorMessage).toMatch(/9/);
  });

  it("answers the caller's sessions as SessionAttributes, never another user's or a cookie (SessionsApi)", async () => {
    const jar = new Jar(endpoint.origin);
    await jar.send("GET", `${cube}/dimensions`);
    const r = await jar.send("GET", "/essbase/rest/v1/sessions?application=Sample&database=Basic");
    expect(r.status).toBe(200);
    expect(Array.isArray(r.json)).toBe(true);
    const mine = r.json.find((s: { database?: string }) => s.database === "Basic");
    expect(mine).toMatchObject({ userId: "demo", application: "Sample", database: "Basic" });
    // EssSessionImpl: Long.parseLong(sessionId) and Long.parseLong(loginTimeInSeconds).
    expect(mine.sessionId).toMatch(/^\d+$/);
    expect(mine.loginTimeInSeconds).toMatch(/^\d+$/);
    expect(JSON.stringify(r.json)).not.toContain("JSESSIONID");
    for (const s of r.json) expect(s.userId).toBe("demo");
  });

  it("ends one of the caller's sessions by number (DELETE /sessions/{sessionId})", async () => {
    const a = new Jar(endpoint.origin);
    const b = new Jar(endpoint.origin);
    await a.send("GET", `${cube}/dimensions`);
    await b.send("GET", "/essbase/rest/v1/applications/Sample");
    const list = (await b.send("GET", "/essbase/rest/v1/sessions?application=Sample&database=Basic")).json;
    const numbers = list.map((s: { sessionId: string }) => s.sessionId);
    const target = numbers[numbers.length - 1];
    expect((await b.send("DELETE", `/essbase/rest/v1/sessions/${target}`)).status).toBe(200);
    expect((await a.send("GET", "/essbase/rest/v1/applications")).status).toBe(401);
    expect((await b.send("DELETE", "/essbase/rest/v1/sessions/999999")).status).toBe(400);
  });

  it("answers /about/instance with its three booleans (AboutEssbaseApi.getInstanceDetails)", async () => {
    const r = await new Jar(endpoint.origin).send("GET", "/essbase/rest/v1/about/instance");
    expect(r.json).toEqual({
      provisioningSupported: false,
      resetPasswordSupported: false,
      easInstalled: false,
    });
  });

  it("answers one application and one cube with the fields Oracle's description names (ApplicationsApi)", async () => {
    const jar = new Jar(endpoint.origin);
    const app = await jar.send("GET", "/essbase/rest/v1/applications/sample");
    expect(app.json).toMatchObject({ name: "Sample", status: "started", type: "BSO" });
    expect(Number.isInteger(app.json.startTime)).toBe(true);
    expect(app.json.connectedUsersCount).toBeGreaterThanOrEqual(0);
    expect(app.json.links).toContainEqual(
      expect.objectContaining({
        rel: "databases",
        method: "GET",
        href: expect.stringMatching(/\/Sample\/databases$/),
      }),
    );
    const db = await jar.send("GET", `${cube}?links=none`);
    expect(db.json).toMatchObject({ name: "Basic", application: "Sample", status: "started", type: "BSO" });
    expect(db.json.links).toBeUndefined();
    await jar.send("GET", `${cube}/dimensions`);
    const after = await jar.send("GET", "/essbase/rest/v1/applications/Sample?links=none");
    expect(after.json.connectedUsersCount).toBe(1);
    expect((await jar.send("GET", "/essbase/rest/v1/applications/Nope")).json.errorMessage).toMatch(/Nope/);
  });

  it("answers ancestors, descendant counts and member links (OutlineViewerApi)", async () => {
    const jar = new Jar(endpoint.origin);
    const anc = await jar.send("GET", "/essbase/rest/v1/outline/Sample/Basic/ancestors/New%20York");
    expect(anc.json.items.map((m: { name: string }) => m.name)).toEqual(["Market", "East"]);
    const count = await jar.send("GET", "/essbase/rest/v1/outline/Sample/Basic/descendantsCount/East");
    expect(count.text).toBe("5");
    const ny = await jar.send("GET", "/essbase/rest/v1/outline/Sample/Basic/New%20York");
    expect(ny.json).toMatchObject({ memberId: expect.stringMatching(/^id__\d+$/), previousSiblingsCount: 0 });
    expect(ny.json.links.map((l: { rel: string }) => l.rel)).toEqual([
      "self",
      "children",
      "ancestors",
      "descendantsCount",
    ]);
  });

  it("runs a job again as a new job, and lists jobs by application (JobsApi)", async () => {
    const jar = new Jar(endpoint.origin);
    const first = await jar.send("POST", "/essbase/rest/v1/jobs", {
      body: { application: "Sample", db: "Basic", jobtype: "calc", parameters: { file: "CalcAll" } },
    });
    const again = await jar.send("POST", `/essbase/rest/v1/jobs/${first.json.job_ID}`);
    expect(again.status).toBe(200);
    expect(again.json.job_ID).toBeGreaterThan(first.json.job_ID);
    expect(again.json).toMatchObject({
      jobType: "Calc Execution",
      jobfileName: "CalcAll",
      appName: "Sample",
    });
    const byApp = await jar.send("GET", "/essbase/rest/v1/jobs?fullAppName=Sample&orderBy=job_ID:asc");
    const ids = byApp.json.items.map((j: { job_ID: number }) => j.job_ID);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    expect(ids).toEqual(expect.arrayContaining([first.json.job_ID, again.json.job_ID]));
    const other = await jar.send("GET", "/essbase/rest/v1/jobs?fullAppName=Nope");
    expect(other.json.items).toEqual([]);
    const bad = await jar.send("GET", "/essbase/rest/v1/jobs?orderBy=password:desc");
    expect(bad.status).toBe(400);
  });
});

describe("appliedolap essbase-rest-client: more of its generated API", () => {
  it("reads one variable, one script and the caller's job statistics (VariablesApi, ScriptsApi, JobsApi)", async () => {
    const jar = new Jar(endpoint.origin);
    const cube = "/essbase/rest/v1/applications/Sample/databases/Basic";
    const v = await jar.send("GET", `${cube}/variables/currmonth`);
    expect(v.json).toEqual({ name: "CurrMonth", value: "Jul" });
    expect((await jar.send("GET", "/essbase/rest/v1/variables/CurrMonth")).status).toBe(400);
    const script = await jar.send("GET", `${cube}/scripts/CalcAll?links=none`);
    expect(script.json).toEqual({ name: "CalcAll" });
    const text = await jar.send("GET", `${cube}/scripts/CalcAll/content`);
    expect(text.status).toBe(400);
    expect(text.json.errorMessage).toMatch(/not available/);
    const stats = await jar.send("GET", "/essbase/rest/v1/jobs/statistics/demo");
    expect(stats.json).toEqual({
      errCt: expect.any(Number),
      succesCt: expect.any(Number),
      warningCt: 0,
      runningCt: expect.any(Number),
    });
    expect((await jar.send("GET", "/essbase/rest/v1/jobs/statistics/admin")).status).toBe(400);
  });
});

describe("paths the endpoint does not serve", () => {
  it("answers 404 with Essbase's JSON error under /essbase/rest/v1 and anywhere under /essbase", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const inside = await client.call("GET", "/no/such/resource", undefined, { check: false });
    expect(inside.status).toBe(404);
    expect(inside.headers.get("content-type")).toMatch(/^application\/json/);
    expect(inside.error).toMatch(/GET \/essbase\/rest\/v1\/no\/such\/resource/);
    for (const path of [
      "/essbase",
      "/essbase/",
      "/essbase/rest",
      "/essbase/rest/v2/applications",
      "/essbase/ui",
    ]) {
      const r = await fetch(`${endpoint.origin}${path}`, { method: "POST" });
      expect(r.status, path).toBe(404);
      expect(r.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(((await r.json()) as { errorMessage: string }).errorMessage, path).toContain(path);
    }
  });

  it("answers 405 with Allow for a verb a served path does not take", async () => {
    const jar = new Jar(endpoint.origin);
    const r = await jar.send("DELETE", "/essbase/rest/v1/applications/Sample/databases/Basic/dimensions");
    expect(r.status).toBe(405);
    expect(r.json.errorMessage).toMatch(/DELETE/);
    const put = await fetch(`${endpoint.origin}/essbase/rest/v1/jobs`, {
      method: "PUT",
      headers: { authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}` },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
  });

  it("wins over a host route that would answer every path with a page (the documentation site's /*)", async () => {
    const app = Fastify({ logger: false });
    app.get("/*", async (_request, reply) => reply.code(404).type("text/html").send("<html>site</html>"));
    await app.register(essbaseRestEndpoint, {
      provider: endpoint.provider,
      about: { name: "Q", version: "t" },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const address = app.server.address();
      const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const auth = { authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}` };
      for (const path of ["/essbase/rest/v1/jobs/x/y", "/essbase/rest/v1/nothing", "/essbase/other"]) {
        const r = await fetch(`${origin}${path}`, { headers: auth });
        expect(r.status, path).toBe(404);
        expect(r.headers.get("content-type"), path).toMatch(/^application\/json/);
      }
      expect((await fetch(`${origin}/docs/intro`)).headers.get("content-type")).toMatch(/^text\/html/);
    } finally {
      await app.close();
    }
  });
});
