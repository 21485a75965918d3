import { EmbeddedProvider } from "@qibates/embedded";
import { memoryStore } from "@qibates/embedded/testing";
import { Outline } from "@qibates/engine";
import { bracket } from "@qibates/grid-bridge";
import { answerGridXml } from "@qibates/protocols/smartview";
import type { EssbaseOperations, Provider, ProviderSession } from "@qibates/provider";
import { answerValue, CallContext, DEFAULT_SLICES, ProviderError, SliceScheduler } from "@qibates/provider";
import { smartViewEndpoint } from "@qibates/wire";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSmartView } from "../../wire/test/support/index.ts";
import type { Upstreams } from "../src/net/upstream.ts";
import { parseSv, type SvElement, svChild } from "../src/smartview/client.ts";
import { cellQuery, executeQueryBody, readGrid } from "../src/smartview/grid.ts";
import { SmartViewProvider, smartViewUrlFor } from "../src/smartview/provider.ts";
import type { XmlaOutline } from "../src/xmla/outline.ts";

import {
  expectLoginRefused,
  type FakeUpstream,
  fakeSmartView,
  loginSession,
  loopbackUpstreams,
  type SmartViewReplies,
} from "./support/fake-upstream.ts";
import { capturedSv, smartViewFixture, svShape } from "./support/smartview-fixtures.ts";

/**
 * The essbase connector (Smart View XML, Essbase 11.x APS). First against a recording server that answers the
 * captured replies (fixtures/smartview, see its NOTICE): each request the connector sends has the structure of
 * the captured request of the same operation, and each captured reply is read. Then over real HTTP against
 * the Smart View endpoint of @qibates/wire (over the embedded engine), compared with the demo's answers.
 */

const fixture = smartViewFixture;
const captured = capturedSv;
const shape = svShape;

function session(handle: string | null, address: string): ProviderSession {
  return {
    id: "s",
    ownerId: "o",
    connector: "essbase",
    username: "demo",
    providerAddress: address,
    aliasTable: null,
    call: CallContext.unbounded(),
    handle,
  };
}

function ess(p: Provider): EssbaseOperations {
  if (!p.essbase) throw new Error("no Essbase operations");
  return p.essbase;
}

describe("essbase connector against the captured replies", () => {
  const requests: SvElement[] = [];
  /** Replies by request root; a function gets the request. */
  const replies: SmartViewReplies = new Map();
  let upstream: FakeUpstream;
  let origin = "";
  let upstreams: Upstreams;
  let provider: SmartViewProvider;
  let s: ProviderSession;
  const CUBE = { server: "wscrunad0035", application: "RACE_Rpt", cube: "RACE_Rpt" };
  /** How long the server takes to run a calculation script: it answers LaunchBusinessRule only then. */
  let scriptMs = 0;

  beforeAll(async () => {
    upstream = await fakeSmartView(replies, async (root) => {
      requests.push(root);
      if (root.name === "req_LaunchBusinessRule" && scriptMs > 0)
        await new Promise((r) => setTimeout(r, scriptMs));
    });
    origin = upstream.origin;
    upstreams = loopbackUpstreams();
    provider = new SmartViewProvider({ upstreams, idleMs: 60_000 });
    // ConnectToProvider, ListServers, ListApplications and Open* have no captured reply: their shape is the
    // one agardiner/SmartView's code reads (res_ConnectToProvider/sID, srvs and apps pipe lists).
    replies.set(
      "req_ConnectToProvider",
      "<res_ConnectToProvider><sID>93873</sID><provider>Analytic Services</provider></res_ConnectToProvider>",
    );
    replies.set("req_ListServers", '<res_ListServers><srvs enc="1">wscrunad0035</srvs></res_ListServers>');
    replies.set(
      "req_ListApplications",
      '<res_ListApplications><apps enc="1">RACE_Rpt</apps></res_ListApplications>',
    );
    replies.set("req_OpenApplication", "<res_OpenApplication/>");
    replies.set("req_OpenCube", "<res_OpenCube/>");
    replies.set("req_ListCubes", fixture("ess_calc.02.res_ListCubes.xml"));
    replies.set("req_EnumBusinessRules", fixture("ess_calc.04.res_EnumBusinessRules.xml"));
    replies.set("req_LaunchBusinessRule", fixture("ess_calc.06.res_LaunchBusinessRule.xml"));
    const address = `${origin}/aps/JAPI`;
    s = await loginSession(provider, "essbase", address);
  });
  afterAll(async () => {
    await provider.close();
    await upstreams.close();
    await upstream.close();
  });

  const sent = (name: string) => requests.filter((r) => r.name === name);

  it("derives …/aps/SmartView from …/aps/JAPI and connects with the user name and password", () => {
    expect(String(smartViewUrlFor("https://aps.example.com:13080/aps/JAPI"))).toBe(
      "https://aps.example.com:13080/aps/SmartView",
    );
    const connect = sent("req_ConnectToProvider")[0];
    expect(connect?.children.map((c) => c.name)).toEqual(["ClientXMLVersion", "usr", "pwd", "lngs"]);
    expect(svChild(connect, "usr")?.text).toBe("u");
  });

  it("ListCubes: the captured request's structure, the captured reply read", async () => {
    const cubes = await provider.cubes(s, { server: "WSCRUNAD0035", application: "race_rpt" });
    expect(cubes).toEqual({ server: "wscrunad0035", application: "RACE_Rpt", cubes: [{ name: "RACE_Rpt" }] });
    const req = sent("req_ListCubes").at(-1) as SvElement;
    expect(shape(req)).toEqual(shape(captured("ess_calc.01.req_ListCubes.xml")));
    expect(svChild(req, "sID")?.text).toBe("93873");
  });

  it("scripts and calculate: EnumBusinessRules and LaunchBusinessRule as captured, without the outline", async () => {
    // The outline calls answer with an exception here, so the connector is given a cube read through the
    // scripted replies of the next test, for the outline read at the end.
    replies.set(
      "req_EnumAliasTables",
      '<res_EnumAliasTables><alstbls enc="1">Default</alstbls></res_EnumAliasTables>',
    );
    replies.set("req_EnumDims", fixture("hfm_enum_filters.02.res_EnumDims.xml"));
    replies.set(
      "req_EnumMembers",
      '<res_EnumMembers><overflow>0</overflow><mbrs enc="1"></mbrs><atts enc="1"></atts><mbrDesc enc="1"></mbrDesc></res_EnumMembers>',
    );
    replies.set("req_ExecuteQuery", (req) => {
      const mdx = svChild(req, "mdx")?.text ?? "";
      return /DESCENDANTS/.test(mdx)
        ? fixture("ess_maxl_query.02.exception.xml")
        : fixture("ess_maxl_query.04.res_ExecuteQuery.xml");
    });
    const list = await ess(provider).scripts(s, CUBE);
    expect(list.scripts.map((x) => x.name)).toEqual(["AggAct", "AggRstmt", "ClrAct", "ClrRstmt", "Default"]);
    expect(shape(sent("req_EnumBusinessRules").at(-1) as SvElement)).toEqual(
      shape(captured("ess_calc.03.req_EnumBusinessRules.xml")),
    );
    const run = await ess(provider).calculate(s, CUBE, "clrrstmt");
    expect(run).toMatchObject({ script: "clrrstmt", status: "completed" });
    const launch = sent("req_LaunchBusinessRule").at(-1) as SvElement;
    const want = captured("ess_calc.05.req_LaunchBusinessRule.xml");
    expect(shape(launch)).toEqual(shape(want));
    expect(svChild(launch, "rule")?.attrs).toEqual({ type: "type" });
    expect(svChild(launch, "rule")?.text).toBe("ClrRstmt");
    await expect(ess(provider).calculate(s, CUBE, "Nope")).rejects.toMatchObject({ code: "SCRIPT_UNKNOWN" });

    // The cube was opened once, with OpenApplication then OpenCube.
    expect(sent("req_OpenCube")).toHaveLength(1);
    // Scripts and calculations need only the cube's real name: no outline is read for them (on a slow link,
    // a session's first calculation waited for one call per dimension and level before the script ran).
    expect(sent("req_EnumDims")).toHaveLength(0);
    expect(sent("req_EnumMembers")).toHaveLength(0);
    // A dimension's tree reads its members with EnumMembers, in the captured request's structure (the alias
    // tables alone read none).
    await ess(provider).aliasTables(s, CUBE);
    expect(sent("req_EnumMembers")).toHaveLength(0);
    await ess(provider).dimensionTree(s, CUBE, { dimension: "Scenario" });
    const enumMembers = sent("req_EnumMembers");
    expect(enumMembers.length).toBeGreaterThan(0);
    // One argument (Children) as in the captured Hierarchy request; two (Level) as in the captured UDA one.
    const oneArg = shape(captured("ess_mbr_sel_uda.03.req_EnumMembers.xml"));
    const twoArgs = shape(captured("ess_mbr_sel_uda.05.req_EnumMembers.xml"));
    for (const r of enumMembers) expect([oneArg, twoArgs]).toContainEqual(shape(r));
    expect(sent("req_EnumDims").map(shape)).toEqual([
      shape(captured("hfm_enum_filters.01.req_EnumDims.xml")),
    ]);
  });

  /**
   * A connector whose calls wait 300 ms for an answer and a calculation script 1 s (CALC_JOB_TIMEOUT_SECONDS),
   * logged in for `use`; closed after it, the scripts' time back to none.
   */
  async function withShortWaits(use: (waiting: SmartViewProvider, ws: ProviderSession) => Promise<void>) {
    const shortReads = loopbackUpstreams(300);
    const waiting = new SmartViewProvider({ upstreams: shortReads, idleMs: 60_000, jobTimeoutMs: 1000 });
    try {
      await use(waiting, await loginSession(waiting, "essbase", `${origin}/aps/JAPI`));
    } finally {
      scriptMs = 0;
      await waiting.close();
      await shortReads.close();
    }
  }
  const stillRuns = {
    code: "CALC_FAILED",
    params: { reason: { en: "still running after 1 s; it keeps running on the server" } },
  };

  it("waits for a calculation script as long as CALC_JOB_TIMEOUT_SECONDS, then says it still runs on the server", async () => {
    // A script runs within the call: it is waited for as long as CALC_JOB_TIMEOUT_SECONDS, not the read
    // timeout of other calls; past that wait the caller is told it still runs on the server.
    await withShortWaits(async (waiting, ws) => {
      scriptMs = 600;
      expect(await ess(waiting).calculate(ws, CUBE, "clrrstmt")).toMatchObject({ status: "completed" });
      scriptMs = 2000;
      await expect(ess(waiting).calculate(ws, CUBE, "clrrstmt")).rejects.toMatchObject(stillRuns);
    });
  });
  it("says a script still runs when the call's own wait runs out, whatever the clock reads meanwhile", async () => {
    // The wait's timer may fire a little before the clock says the wait has passed (timers are coarse, the loop
    // busy): the clock is stopped here, so only the kind of error can tell that the wait ran out.
    await withShortWaits(async (waiting, ws) => {
      scriptMs = 2000;
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        await expect(ess(waiting).calculate(ws, CUBE, "clrrstmt")).rejects.toMatchObject(stillRuns);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it("mdx: the captured ExecuteQuery request's structure, the captured grid and exception read", async () => {
    const answer = await ess(provider)
      .mdx(s, CUBE, {
        query: "SELECT {[Scenario].[Actual]} ON COLUMNS, {[Statutory].[H01_Stat]} ON ROWS",
      })
      .then(answerValue);
    const req = sent("req_ExecuteQuery").at(-1) as SvElement;
    const want = captured("ess_maxl_query.03.req_ExecuteQuery.xml");
    expect(shape(req)).toEqual(shape(want));
    expect(svChild(req, "mdx")?.text).toBe(svChild(want, "mdx")?.text);
    expect(answer.grid).toEqual([
      ["", "Actual"],
      ["H01_Stat", "#Missing"],
    ]);
    expect(answer.cellKinds).toEqual([
      ["corner", "column-header"],
      ["row-header", "missing"],
    ]);
    expect(answer.layout).toMatchObject({
      columnDimensions: ["Scenario"],
      rowDimensions: ["Statutory"],
      headerRows: 1,
      leftColumns: 1,
    });
    // The query has no WHERE: no POV row, as the demo lays it out.
    expect(answer.layout.pov).toEqual({});
    replies.set("req_ExecuteQuery", fixture("ess_maxl_query.02.exception.xml"));
    const refused = await ess(provider)
      .mdx(s, CUBE, { query: "SELECT {[Scenario].[Actual]} ON COLUMNS, {[Entity].[H01_Stat]} ON ROWS" })
      .then(answerValue)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ code: "MEMBER_UNKNOWN", params: { member: "Entity.H01_Stat" } });
  });

  it("nav/dimensions shows each dimension's alias, read with EnumDims in each alias table, and no member", async () => {
    replies.set(
      "req_EnumAliasTables",
      '<res_EnumAliasTables><alstbls enc="1">Default|Long Names</alstbls></res_EnumAliasTables>',
    );
    // The captured answer's shape; each table names the dimensions its own way.
    const alias: Record<string, string[]> = {
      none: ["Scenario", "Year"],
      Default: ["Scenarios", "Year"],
      "Long Names": ["All scenarios", "Fiscal year"],
    };
    replies.set("req_EnumDims", (req) => {
      const shown = alias[svChild(req, "alsTbl")?.text ?? "none"] ?? [];
      return `<res_EnumDims><dimList>${["Scenario", "Year"]
        .map((n, i) => `<dim id="${i}" keepParent="0" name="${n}" OBP="0" type="${n}" alias="${shown[i]}"/>`)
        .join("")}</dimList></res_EnumDims>`;
    });
    const other = await loginSession(provider, "essbase", `${origin}/aps/JAPI`);
    const before = requests.length;
    const shown = async (aliasTable: string) =>
      (await ess(provider).dimensions(other, CUBE, aliasTable)).dimensions.map((d) => d.alias ?? d.name);
    expect(await shown("Default")).toEqual(["Scenarios", "Year"]);
    expect(await shown("Long Names")).toEqual(["All scenarios", "Fiscal year"]);
    const asked = requests.slice(before);
    expect(asked.filter((r) => r.name === "req_EnumDims").map((r) => svChild(r, "alsTbl")?.text)).toEqual([
      "Default",
      "Long Names",
    ]);
    expect(asked.filter((r) => r.name === "req_EnumMembers" || r.name === "req_ExecuteQuery")).toEqual([]);
  });

  it("save, variables and member UDAs answer the typed unsupported error", async () => {
    await expect(ess(provider).save(s, CUBE, { grid: [] }).then(answerValue)).rejects.toMatchObject({
      code: "UNSUPPORTED",
    });
    await expect(ess(provider).variables(s, { kind: "server" } as never)).rejects.toMatchObject({
      code: "UNSUPPORTED",
    });
    await expect(ess(provider).memberUdas(s, CUBE, "Scenario")).rejects.toMatchObject({
      code: "UNSUPPORTED",
    });
  });

  it("logout sends Logout with the session id", async () => {
    await provider.logout(s);
    expect(shape(sent("req_Logout").at(-1) as SvElement)).toEqual({
      name: "req_Logout",
      attrs: [],
      children: [{ name: "sID", attrs: [], children: [] }],
    });
  });
});

describe("the grid read: the cells of one answer in one query", () => {
  // The capture's cube: Scenario across, Statutory down, the eleven others at their top member.
  const names = [
    "Scenario",
    "Statutory",
    "Account",
    "Value",
    "View",
    "Years",
    "Period",
    "Custom1",
    "Custom2",
    "Custom3",
    "Custom4",
    "ICP",
    "Management",
  ];
  const outline = new Outline({
    name: "RACE_Rpt.RACE_Rpt",
    aliasTables: ["Default"],
    dimensions: names.map((name) => ({
      name,
      members:
        name === "Scenario" ? [{ name: "Actual" }] : name === "Statutory" ? [{ name: "H01_Stat" }] : [],
    })),
  });
  const remote = {
    outline,
    dimensions: names.map((name) => ({ name, type: "regular" as const })),
    aliasTables: ["Default"],
    uniqueName: (m: { dimension: { name: string }; name: string }) =>
      `${bracket(m.dimension.name)}.${bracket(m.name)}`,
  } as unknown as XmlaOutline;

  it("sends the captured query for the captured cell, and reads #MISSING back", () => {
    const tuple = names.map((n) => {
      const dim = outline.dimension(n);
      if (!dim) throw new Error(n);
      return n === "Scenario" || n === "Statutory" ? (dim.root.children[0] ?? dim.root) : dim.root;
    });
    const q = cellQuery(remote, [tuple]);
    const want = captured("ess_maxl_query.03.req_ExecuteQuery.xml");
    expect(q.mdx).toBe(svChild(want, "mdx")?.text);
    // The request body is the captured one but for noAccessText, which asks for a label instead of a zero.
    const body = parseSv(
      `<req_ExecuteQuery><sID>93873</sID>${executeQueryBody(q.mdx)}</req_ExecuteQuery>`,
    ) as SvElement;
    expect(shape(body)).toEqual(shape(want));
    const prefs = (e: SvElement) =>
      svChild(e, "preferences")?.children.map((c) => `${c.name} ${JSON.stringify(c.attrs)}`);
    expect(prefs(body)?.filter((p) => !(prefs(want) ?? []).includes(p))).toEqual([
      'noAccessText {"val":"#NoAccess"}',
    ]);
    const grid = readGrid(captured("ess_maxl_query.04.res_ExecuteQuery.xml"));
    expect(grid && q.valuesOf(grid)).toEqual([null]);
  });

  it("reads tuples sliced by attribute members beside tuples that are not: the attribute dimension in the grid, at its top where a tuple names none", () => {
    // The engine's tuples: the base dimensions, then the attribute members a cell is sliced by (none at the top).
    const sample = new Outline({
      name: "Sample.Basic",
      aliasTables: ["Default"],
      dimensions: [
        { name: "Measures", members: [{ name: "Sales" }] },
        { name: "Product", members: [{ name: "Colas" }] },
        { name: "Caffeinated", type: "attribute", members: [{ name: "True" }, { name: "False" }] },
      ],
    });
    const m = (name: string) => {
      const found = sample.member(name) ?? sample.dimension(name)?.root;
      if (!found) throw new Error(name);
      return found;
    };
    const q = cellQuery({ ...remote, outline: sample } as unknown as XmlaOutline, [
      [m("Sales"), m("Product"), m("True")],
      [m("Sales"), m("Product"), m("False")],
      [m("Sales"), m("Product")],
    ]);
    expect(q.mdx).toBe(
      "SELECT {[Caffeinated].[True], [Caffeinated].[False], [Caffeinated].[Caffeinated]} ON COLUMNS, {[Measures].[Sales]} ON ROWS",
    );
    const request = parseSv(`<req_Refresh><sID>1</sID>${q.refreshGrid()}</req_Refresh>`) as SvElement;
    const dims = svChild(svChild(request, "grid"), "dims")?.children.map((d) => d.attrs);
    expect(dims?.map((d) => [d.name, d.col ?? d.row ?? `pov ${d.pov}`])).toEqual([
      ["Measures", "0"],
      ["Product", "pov Product"],
      ["Caffeinated", "0"],
    ]);
    // The answer's grid, as the endpoint writes it: each tuple's cell found by its members' names.
    const answer = parseSv(
      `<res_Refresh><sID>1</sID>${answerGridXml(
        [
          { name: "Caffeinated", col: 0 },
          { name: "Measures", row: 0 },
          { name: "Product", pov: "Product" },
        ],
        "<preferences/>",
        {
          rows: 2,
          cols: 4,
          vals: ["", "Caffeinated", "False", "True", "Sales", "400855", "175929", "224926"],
          types: [7, 0, 0, 0, 0, 2, 2, 2],
          status: [0, 0, 0, 0, 0, 0, 0, 0],
        },
      )}</res_Refresh>`,
    ) as SvElement;
    const g = readGrid(answer);
    expect(g && q.valuesOf(g)).toEqual([224926, 175929, 400855]);
  });
});

describe("essbase connector over HTTP to the Smart View endpoint (demo data)", () => {
  let endpoint: Awaited<ReturnType<typeof startSmartView>>;
  let upstreams: Upstreams;
  let provider: SmartViewProvider;
  let remote: ProviderSession;
  const demo = session(null, "https://demo.qibates.local/aps/JAPI");
  const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
  beforeAll(async () => {
    endpoint = await startSmartView();
    upstreams = loopbackUpstreams();
    provider = new SmartViewProvider({ upstreams, idleMs: 60_000 });
    const address = `${endpoint.origin}/aps/JAPI`;
    remote = await loginSession(provider, "essbase", address, "demo", "demo");
  });
  afterAll(async () => {
    await provider.close();
    await upstreams.close();
    await endpoint.app.close();
  });
  const embedded = () => ess(endpoint.provider as unknown as Provider);

  it("refuses a wrong password with LOGIN_FAILED", () =>
    expectLoginRefused(provider, "essbase", `${endpoint.origin}/aps/JAPI`, "demo", "x"));

  it("servers, applications, cubes, trees, filters, search and alias tables answer as on the demo", async () => {
    expect(await provider.servers(remote)).toEqual(
      await (endpoint.provider as unknown as Provider).servers(demo),
    );
    expect((await provider.applications(remote, "essbasecluster-1", true)).applications).toContainEqual({
      name: "Sample",
    });
    expect(await provider.cubes(remote, { server: "EssbaseCluster-1", application: "Sample" })).toMatchObject(
      { cubes: [{ name: "Basic" }] },
    );
    for (const table of ["Default", "Long Names"]) {
      expect(
        await ess(provider).dimensionTree(remote, CUBE, { dimension: "Product", aliasTable: table }),
      ).toEqual(
        stripTree(await embedded().dimensionTree(demo, CUBE, { dimension: "Product", aliasTable: table })),
      );
    }
    for (const filter of [
      { dimension: "Market", filter: "CHILDREN" as const, member: "East" },
      { dimension: "Market", filter: "UDA" as const, arg1: "Major Market" },
      { dimension: "Year", filter: "LEVEL" as const, arg1: 0 },
    ]) {
      expect(await ess(provider).filterMembers(remote, CUBE, filter)).toEqual(
        await embedded().filterMembers(demo, CUBE, filter),
      );
    }
    expect(await ess(provider).aliasTables(remote, CUBE)).toEqual(await embedded().aliasTables(demo, CUBE));
  });

  it("grids and MDX answer the demo's cells", async () => {
    const settings = { aliasTable: "Default" };
    const init = await ess(provider)
      .grid(remote, CUBE, { action: "initgrid", input: { settings } })
      .then(answerValue);
    const want = await embedded()
      .grid(demo, CUBE, { action: "initgrid", input: { settings } })
      .then(answerValue);
    expect(init.grid).toEqual(want.grid);
    const zoom = {
      action: "zoomin" as const,
      input: { grid: want.grid, settings, cells: [{ row: 1, column: 1 }] },
    };
    expect((await ess(provider).grid(remote, CUBE, zoom).then(answerValue)).grid).toEqual(
      (await embedded().grid(demo, CUBE, zoom).then(answerValue)).grid,
    );
    const query =
      "SELECT {[Year].[Qtr1], [Year].[Qtr2]} ON COLUMNS, {[Market].[East], [Market].[West]} ON ROWS WHERE ([Measures].[Sales], [Scenario].[Actual])";
    const mdx = await ess(provider)
      .mdx(remote, CUBE, { query, settings: { aliasTable: null } })
      .then(answerValue);
    const direct = await embedded()
      .mdx(demo, CUBE, {
        query: `${query.replace(" WHERE", " FROM Sample.Basic WHERE")}`,
        settings: { aliasTable: null },
      })
      .then(answerValue);
    expect(mdx.grid).toEqual(direct.grid);
    expect(mdx.layout).toEqual(direct.layout);
  });

  it("grids with attribute members (on the rows, the columns, in the POV, two crossed, zoomed in) answer the demo's cells", async () => {
    const header = ["", "Market", "Scenario", "Year"];
    // The conformance suite's example: the dimension's top beside its members.
    const caffeinated = [
      header,
      ["", "Sales", "", ""],
      ["True", "", "", ""],
      ["False", "", "", ""],
      ["Caffeinated", "", "", ""],
    ];
    const grids: string[][][] = [
      caffeinated,
      [
        [...header, "True"],
        ["", "Sales", "", "", ""],
        ["Product", "", "", "", ""],
        ["Colas", "", "", "", ""],
      ],
      [
        header,
        ["", "", "True", "False"],
        ["", "", "Sales", "Sales"],
        ["Colas", "", "", ""],
        ["Product", "", "", ""],
      ],
      [
        header,
        ["", "", "Sales", ""],
        ["True", "Can", "", ""],
        ["True", "Bottle", "", ""],
        ["False", "Can", "", ""],
        ["Caffeinated", "Pkg Type", "", ""],
      ],
      [header, ["", "Sales", "", ""], ["Ounces", "", "", ""], ["12", "", "", ""], ["16", "", "", ""]],
    ];
    const calls = [
      ...grids.flatMap((grid) =>
        [{}, { missingSuppression: true }].map((settings) => ({
          action: "refresh" as const,
          input: { grid, settings },
        })),
      ),
      { action: "zoomin" as const, input: { grid: caffeinated, cells: [{ row: 4, column: 0 }] } },
    ];
    for (const call of calls) {
      const got = await ess(provider).grid(remote, CUBE, call).then(answerValue);
      const want = await embedded().grid(demo, CUBE, call).then(answerValue);
      expect(got.grid, JSON.stringify(call.input.grid)).toEqual(want.grid);
      expect(got.layout).toEqual(want.layout);
    }
  });

  it("scripts and calculate answer as on the demo", async () => {
    expect((await ess(provider).scripts(remote, CUBE)).scripts.map((x) => x.name)).toEqual(
      (await embedded().scripts(demo, CUBE)).scripts.map((x) => x.name),
    );
  });
});

/** A tree as the connector can know it: every member stored with +, no formula. */
function stripTree<T>(tree: T): T {
  const walk = (n: Record<string, unknown>): Record<string, unknown> => ({
    ...n,
    consolidation: "+",
    storage: n.storage === "shared" ? "shared" : "store",
    ...(Array.isArray(n.children) ? { children: (n.children as Record<string, unknown>[]).map(walk) } : {}),
  });
  const t = tree as unknown as { root: Record<string, unknown> };
  return { ...t, root: walk(t.root) } as unknown as T;
}

/** A cube the server lists in Sample beside Basic (the demo has one cube), for a session that opens two. */
const SECOND_CUBE = "Interntl";

/** The demo, with {@link SECOND_CUBE} listed in Sample: opening it goes through; reading it is refused. */
function withSecondCube(demo: EmbeddedProvider): Provider {
  const cubes: Provider["cubes"] = async (session, ref) => {
    const listed = await demo.cubes(session, ref);
    if (listed.application.toLowerCase() !== "sample") return listed;
    return { ...listed, cubes: [...listed.cubes, { name: SECOND_CUBE }] };
  };
  return Object.create(demo, { cubes: { value: cubes } }) as Provider;
}

describe("essbase connector: Smart View's own messages (SSO token, default grid, Refresh)", () => {
  const posted: SvElement[] = [];
  let app: FastifyInstance;
  let origin = "";
  let upstreams: Upstreams;
  let provider: SmartViewProvider;
  let remote: ProviderSession;
  const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
  beforeAll(async () => {
    const embedded = await EmbeddedProvider.open({
      scheduler: new SliceScheduler(DEFAULT_SLICES),
      store: memoryStore(),
      credentialsValid: (u, p) => u === "demo" && p === "demo",
    });
    app = Fastify({ logger: false });
    // Every message the connector posts, as the endpoint receives it.
    app.addHook("preHandler", async (request) => {
      if (typeof request.body === "string") posted.push(parseSv(request.body) as SvElement);
    });
    await app.register(smartViewEndpoint, {
      provider: withSecondCube(embedded),
      about: { name: "QiBates", version: "test" },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    upstreams = loopbackUpstreams();
    provider = new SmartViewProvider({ upstreams, idleMs: 60_000 });
    const address = `${origin}/aps/JAPI`;
    remote = await loginSession(provider, "essbase", address, "demo", "demo");
  });
  afterAll(async () => {
    await provider.close();
    await upstreams.close();
    await app.close();
  });
  const names = () => posted.map((p) => p.name);

  it("asks GetSSOToken before a second OpenApplication and opens with the token then", async () => {
    const client = provider.client(remote);
    await client.call("EnumAliasTables", "", CUBE);
    // Another spelling of the cube is the same cube (the server's names are not case-sensitive): not opened again.
    await client.call("EnumAliasTables", "", { ...CUBE, cube: "basic" });
    expect(posted.filter((p) => p.name === "req_OpenApplication")).toHaveLength(1);
    // Another cube of the application: the session opens the application again for it.
    const listed = await client.call("ListCubes", "<srv>EssbaseCluster-1</srv>\n<app>Sample</app>", {
      ...CUBE,
      cube: SECOND_CUBE,
    });
    expect(listed.name).toBe("res_ListCubes");
    const opens = posted.filter((p) => p.name === "req_OpenApplication");
    expect(opens).toHaveLength(2);
    expect(opens[0]?.children.map((c) => c.name)).toEqual(["sID", "usr", "pwd", "srv", "app"]);
    expect(opens[1]?.children.map((c) => c.name)).toEqual(["sID", "sso", "srv", "app"]);
    // The first opening does not wait for the token (a session that opens one cube never uses it);
    // the second asks for it first, so the password crossed the wire once.
    const order = names();
    const first = order.indexOf("req_OpenApplication");
    expect(order.slice(first, first + 2)).toEqual(["req_OpenApplication", "req_OpenCube"]);
    const second = order.indexOf("req_OpenApplication", first + 1);
    expect(order.slice(second - 1, second + 2)).toEqual([
      "req_GetSSOToken",
      "req_OpenApplication",
      "req_OpenCube",
    ]);
    expect(order.filter((n) => n === "req_GetSSOToken")).toHaveLength(1);
  });

  it("opens a cube by the names known (ListCubes beside the dimensions), and still names the unknown server, application or cube", async () => {
    const session = await loginSession(provider, "essbase", `${origin}/aps/JAPI`, "demo", "demo");
    const before = posted.length;
    // Spelt otherwise: the server's names are not case-sensitive, ListCubes gives the cube's own spelling. The cube
    // opens first, then its list and the dimensions go in one round (not the list, then the opening).
    const dims = await ess(provider).dimensions(session, { ...CUBE, application: "sample", cube: "BASIC" });
    expect(dims.dimensions.map((d) => d.name)).toContain("Product");
    const sent = posted.slice(before).map((p) => p.name);
    expect(sent.slice(0, 2)).toEqual(["req_OpenApplication", "req_OpenCube"]);
    expect(sent.slice(2, 5).sort()).toEqual(["req_EnumAliasTables", "req_EnumDims", "req_ListCubes"]);
    expect(sent.filter((m) => m === "req_OpenApplication")).toHaveLength(1);
    expect(sent).not.toContain("req_ListServers");
    expect(sent).not.toContain("req_ListApplications");
    const refused = (ref: typeof CUBE) =>
      ess(provider)
        .dimensions(session, ref)
        .then(
          () => null,
          (e: ProviderError) => e.code,
        );
    expect(await refused({ ...CUBE, server: "Elsewhere" })).toBe("SERVER_UNKNOWN");
    expect(await refused({ ...CUBE, application: "Nowhere" })).toBe("APPLICATION_UNKNOWN");
    expect(await refused({ ...CUBE, cube: "Nothing" })).toBe("CUBE_UNKNOWN");
    // In a fresh session, the reads queued behind the refused opening (the list, the dimensions, the alias
    // tables) fail with its refusal: the application is not asked for again by each of them.
    const fresh = await loginSession(provider, "essbase", `${origin}/aps/JAPI`, "demo", "demo");
    const at = posted.length;
    expect(
      await ess(provider)
        .dimensions(fresh, { ...CUBE, application: "Nowhere" })
        .catch((e) => e.code),
    ).toBe("APPLICATION_UNKNOWN");
    const opening = posted.slice(at).filter((p) => p.name === "req_OpenApplication");
    // The first opening, and the one of the session renewed once after a refusal.
    expect(opening.length).toBeLessThanOrEqual(2);
  });

  it("initgrid is the server's default grid (GetDefaultPOV, GetDefaultGrid); grid data is read with Refresh", async () => {
    const settings = { aliasTable: "Default" };
    await ess(provider).dimensions(remote, CUBE); // the dimensions, read once
    const before = posted.length;
    const init = await ess(provider)
      .grid(remote, CUBE, { action: "initgrid", input: { settings } })
      .then(answerValue);
    const initSent = names().slice(before);
    expect(initSent.slice(0, 2)).toEqual(["req_GetDefaultPOV", "req_GetDefaultGrid"]);
    const defaultGrid = posted[before + 1] as SvElement;
    expect(svChild(defaultGrid, "backgroundpov")?.children.map((d) => d.attrs.name)).toEqual([
      "Year",
      "Measures",
      "Product",
      "Market",
      "Scenario",
    ]);
    expect(initSent.slice(2)).toEqual(["req_Refresh"]);
    const mid = posted.length;
    const zoom = await ess(provider)
      .grid(remote, CUBE, {
        action: "zoomin",
        input: { grid: init.grid, settings, cells: [{ row: 1, column: 1 }] },
      })
      .then(answerValue);
    // The zoom reads the children of the member zoomed on (EnumMembers Children, their aliases with ExecuteQuery),
    // then the grid's data with one Refresh.
    const zoomSent = posted.slice(mid);
    expect(zoomSent.filter((p) => p.name === "req_Refresh")).toHaveLength(1);
    expect(zoomSent.at(-1)?.name).toBe("req_Refresh");
    const lists = zoomSent.filter((p) => p.name === "req_EnumMembers");
    expect(lists.length).toBeGreaterThan(0);
    for (const l of lists) {
      const filter = svChild(svChild(l, "memberFilter"), "filter");
      expect(filter?.attrs.name).toBe("Children");
      expect(svChild(filter, "arg")?.text).toBe("Measures");
    }
    const refresh = posted.at(-1) as SvElement;
    const grid = svChild(refresh, "grid") as SvElement;
    // The grid as agardiner/SmartView sends one: dims by place, one slice of vals and types.
    expect(grid.children.map((c) => c.name)).toEqual(["cube", "dims", "slices"]);
    expect(
      svChild(grid, "dims")?.children.every((d) => "row" in d.attrs || "col" in d.attrs || "pov" in d.attrs),
    ).toBe(true);
    expect(zoom.grid.flat().length).toBeGreaterThan(init.grid.flat().length);
  });
});
