import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { EmbeddedProvider } from "@qibates/embedded";
import { child, parseXml, type XmlElement } from "@qibates/protocols/xml";
import { answerValue, CallContext } from "@qibates/provider";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMARTVIEW_21C_PATH, SMARTVIEW_PATH, smartViewEndpoint, withFrom } from "../src/smartview/index.ts";
import { startWire } from "./support/server.ts";
import { postSmartView } from "./support/smartview.ts";

/**
 * The Smart View endpoint over Sample.Basic: each captured APS request (fixtures/smartview, see its NOTICE),
 * its server, application, cube and member names changed to the demo's, is posted and the answer's structure
 * (element names, attributes, order) compared with the captured answer; values are the demo's.
 */

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(join(here, "fixtures/smartview", name), "utf8");

let app: FastifyInstance;
let provider: EmbeddedProvider;
let origin = "";
beforeAll(async () => {
  ({ app, provider, origin } = await startWire(smartViewEndpoint, {}));
});
afterAll(() => app.close());

const post = (
  body: string,
  path: string = SMARTVIEW_PATH,
): Promise<{ status: number; root: XmlElement; text: string }> =>
  postSmartView(origin, body, path, "application/xml");

/** An element's shape: names, attribute names and child order (text left out), for structure comparisons. */
function shape(e: XmlElement): unknown {
  return { name: e.name, attrs: Object.keys(e.attrs).sort(), children: e.children.map(shape) };
}

const connect = async () => {
  const a = await post(
    '<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><lngs enc="0">en_US</lngs><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>',
  );
  expect(a.root.name).toBe("res_ConnectToProvider");
  return child(a.root, "sID")?.text ?? "";
};

/** A captured request with the session id and the capture's names replaced by the demo's. */
function captured(name: string, sid: string, names: Record<string, string> = {}): string {
  let text = fixture(name).replace(/<sID>[^<]*<\/sID>/, `<sID>${sid}</sID>`);
  for (const [from, to] of Object.entries(names)) text = text.split(from).join(to);
  return text;
}

async function openSampleBasic(sid: string) {
  for (const m of ["OpenApplication", "OpenCube"]) {
    const a = await post(
      `<req_${m}><sID>${sid}</sID><usr>demo</usr><pwd>demo</pwd><srv>EssbaseCluster-1</srv><app>Sample</app><cube>Basic</cube></req_${m}>`,
    );
    expect(a.root.name, a.text).toBe(`res_${m}`);
  }
}

/** A new session of demo with Sample.Basic open: its id. */
async function sampleBasicSession(): Promise<string> {
  const sid = await connect();
  await openSampleBasic(sid);
  return sid;
}

describe("Smart View endpoint: the captured exchanges", () => {
  it("connects, lists servers, applications and cubes (ListCubes as captured), logs out", async () => {
    const sid = await connect();
    expect(sid).toMatch(/^\d+$/);
    expect((await post(`<req_ListServers><sID>${sid}</sID></req_ListServers>`)).root.children[0]?.text).toBe(
      "EssbaseCluster-1",
    );
    const apps = await post(
      `<req_ListApplications><sID>${sid}</sID><srv>EssbaseCluster-1</srv><type/><url/></req_ListApplications>`,
    );
    expect(child(apps.root, "apps")?.text.split("|")).toContain("Sample");
    const cubes = await post(
      captured("ess_calc.01.req_ListCubes.xml", sid, {
        wscrunad0035: "EssbaseCluster-1",
        RACE_Rpt: "Sample",
      }),
    );
    expect(shape(cubes.root)).toEqual(shape(parseXml(fixture("ess_calc.02.res_ListCubes.xml"))));
    expect(child(cubes.root, "cubes")?.text).toBe("Basic");
    expect(child(cubes.root, "cubes")?.attrs.enc).toBe("1");
    expect((await post(`<req_Logout><sID>${sid}</sID></req_Logout>`)).root.name).toBe("res_Logout");
    const after = await post(`<req_ListServers><sID>${sid}</sID></req_ListServers>`);
    expect(after.root.name).toBe("exception");
  });

  it("answers the same at Essbase 21c's /essbase/smartview as at APS's /aps/SmartView", async () => {
    const login =
      '<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><lngs enc="0">en_US</lngs><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>';
    const answers: string[] = [];
    for (const path of [SMARTVIEW_PATH, SMARTVIEW_21C_PATH]) {
      const a = await post(login, path);
      expect(a.root.name, `${path} ${a.text}`).toBe("res_ConnectToProvider");
      const sid = child(a.root, "sID")?.text ?? "";
      const servers = await post(`<req_ListServers><sID>${sid}</sID></req_ListServers>`, path);
      expect(servers.root.name, servers.text).toBe("res_ListServers");
      answers.push(servers.text);
    }
    expect(answers[1]).toBe(answers[0]);
  });

  it("refuses a wrong password with the exception element", async () => {
    const a = await post(
      "<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><usr>demo</usr><pwd>nope</pwd></req_ConnectToProvider>",
    );
    expect(shape(a.root)).toEqual(shape(parseXml(fixture("ess_maxl_query.02.exception.xml"))));
    expect(a.root.attrs).toEqual({ errcode: "4", type: "error" });
  });

  it("EnumBusinessRules lists the calc scripts; LaunchBusinessRule runs one and answers a bid", async () => {
    const sid = await sampleBasicSession();
    const rules = await post(captured("ess_calc.03.req_EnumBusinessRules.xml", sid, { RACE_Rpt: "Basic" }));
    const want = parseXml(fixture("ess_calc.04.res_EnumBusinessRules.xml"));
    expect(rules.root.children.map((c) => c.name)).toEqual(want.children.map((c) => c.name));
    const list = child(rules.root, "rules")?.children ?? [];
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) expect(shape(r)).toEqual(shape(child(want, "rules")?.children[0] as XmlElement));
    const name = list[0]?.text ?? "";
    const launched = await post(
      captured("ess_calc.05.req_LaunchBusinessRule.xml", sid, { RACE_Rpt: "Basic", ClrRstmt: name }),
    );
    expect(shape(launched.root)).toEqual(shape(parseXml(fixture("ess_calc.06.res_LaunchBusinessRule.xml"))));
    expect(child(launched.root, "bid")?.text).toMatch(/^\d+$/);
    const unknown = await post(
      captured("ess_calc.05.req_LaunchBusinessRule.xml", sid, { RACE_Rpt: "Basic", ClrRstmt: "NoSuch" }),
    );
    expect(unknown.root.name).toBe("exception");
  });

  it("ExecuteQuery answers the captured grid shape, and the captured exception for an unknown member", async () => {
    const sid = await sampleBasicSession();
    const bad = await post(
      captured("ess_maxl_query.01.req_ExecuteQuery.xml", sid, {
        "[Scenario].[Actual]": "[Scenario].[Actual]",
        "[Entity].[H01_Stat]": "[Market].[Nowhere]",
      }),
    );
    expect(shape(bad.root)).toEqual(shape(parseXml(fixture("ess_maxl_query.02.exception.xml"))));
    expect(child(bad.root, "desc")?.text).toBe(
      "Cannot perform cube view operation. OLAP error (1260046): Unknown Member Market.Nowhere used in query",
    );
    const ok = await post(
      captured("ess_maxl_query.03.req_ExecuteQuery.xml", sid, {
        "[Statutory].[H01_Stat]": "[Market].[East]",
      }),
    );
    const want = parseXml(fixture("ess_maxl_query.04.res_ExecuteQuery.xml"));
    const grid = child(ok.root, "grid") as XmlElement;
    const wantGrid = child(want, "grid") as XmlElement;
    expect(ok.root.children.map((c) => c.name)).toEqual(want.children.map((c) => c.name));
    expect(grid.children.map((c) => c.name)).toEqual(wantGrid.children.map((c) => c.name));
    expect(shape(child(grid, "preferences") as XmlElement)).toEqual(
      shape(child(wantGrid, "preferences") as XmlElement),
    );
    expect(shape(child(grid, "slices") as XmlElement)).toEqual(
      shape(child(wantGrid, "slices") as XmlElement),
    );
    const dims = child(grid, "dims")?.children ?? [];
    expect(dims.slice(0, 2).map((d) => d.attrs)).toEqual([
      { id: "0", name: "Scenario", col: "0", expand: "0" },
      { id: "1", name: "Market", row: "0", expand: "0" },
    ]);
    expect(dims.slice(2).map((d) => `${d.attrs.name}=${d.attrs.pov}`)).toEqual([
      "Year=Year",
      "Measures=Measures",
      "Product=Product",
    ]);
    const range = child(child(child(child(grid, "slices"), "slice"), "data"), "range") as XmlElement;
    expect(child(child(grid, "slices"), "slice")?.attrs).toEqual({ rows: "2", cols: "2" });
    expect(range.attrs).toEqual({ start: "0", end: "3" });
    // The value the demo answers for the same query through the API's MDX call.
    const direct = await provider.essbase
      .mdx(
        {
          id: "t",
          ownerId: "t",
          connector: "essbase",
          username: "demo",
          providerAddress: "https://demo.qibates.local/aps/JAPI",
          aliasTable: null,
          call: CallContext.unbounded(),
        },
        { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" },
        { query: "SELECT {[Scenario].[Actual]} ON COLUMNS, {[Market].[East]} ON ROWS FROM Sample.Basic" },
      )
      .then(answerValue);
    const value = direct.grid[1]?.[1];
    expect(String(value), JSON.stringify(direct.grid)).toMatch(/^\d+$/);
    expect(child(range, "vals")?.text).toBe(`|Actual|East|${value}`);
    expect(child(range, "types")?.text).toBe("7|0|0|2");
    expect(child(range, "status")?.text).toBe("0|0|0|0");
  });

  it("a #MISSING cell answers the capture's text and status", async () => {
    const sid = await sampleBasicSession();
    const ok = await post(
      captured("ess_maxl_query.03.req_ExecuteQuery.xml", sid, {
        "{[Scenario].[Actual]}": "{[Scenario].[Budget]}",
        "[Statutory].[H01_Stat]": "[Product].[400]",
      }).replace("</mdx>", " WHERE ([Market].[South], [Measures].[Sales], [Year].[Jan])</mdx>"),
    );
    const range = child(child(child(child(child(ok.root, "grid"), "slices"), "slice"), "data"), "range");
    expect(child(range, "vals")?.text, ok.text).toBe("|Budget|400|#MISSING");
    expect(child(range, "status")?.text).toBe("0|0|0|8193");
  });

  it("EnumFilters answers Essbase's whole catalogue as captured, Attribute and SharedLevel included", async () => {
    const sid = await sampleBasicSession();
    const a = await post(captured("ess_mbr_sel_uda.01.req_EnumFilters.xml", sid, { Statutory: "Market" }));
    const want = parseXml(fixture("ess_mbr_sel_uda.02.res_EnumFilters.xml"));
    // The answer is the captured one, element for element and attribute for attribute.
    const strip = (e: XmlElement): unknown => ({
      name: e.name,
      attrs: e.attrs,
      children: e.children.map(strip),
    });
    expect(strip(a.root)).toEqual(strip(want));
    expect((child(a.root, "filterList")?.children ?? []).map((f) => f.attrs.name)).toEqual([
      "Hierarchy",
      "Children",
      "Level",
      "Descendants",
      "Generation",
      "UDA",
      "Attribute",
      "SharedLevel",
    ]);
  });

  it("EnumMembers answers the captured shape: Hierarchy, Children and UDA filters", async () => {
    const sid = await sampleBasicSession();
    const want = parseXml(fixture("ess_mbr_sel_uda.04.res_EnumMembers.xml"));
    const top = await post(captured("ess_mbr_sel_uda.03.req_EnumMembers.xml", sid, { Statutory: "Market" }));
    expect(shape(top.root)).toEqual(shape(want));
    expect(child(top.root, "mbrs")?.text).toBe("East|West|South|Central");
    expect(child(top.root, "atts")?.text).toBe("2|2|2|2");
    expect(child(top.root, "mbrDesc")?.text).toBe("|||");
    const kids = await post(
      captured("ess_mbr_sel_attr.03.req_EnumMembers.xml", sid, {
        "<dim>LeadCluster</dim>": "<dim>Market</dim>",
        LeadCluster: "East",
      }),
    );
    expect(shape(kids.root)).toEqual(shape(parseXml(fixture("ess_mbr_sel_attr.04.res_EnumMembers.xml"))));
    expect(child(kids.root, "mbrs")?.text).toBe("New York|Massachusetts|Florida|Connecticut|New Hampshire");
    const uda = await post(
      captured("ess_mbr_sel_uda.05.req_EnumMembers.xml", sid, { Statutory: "Market", LC040: "Major Market" }),
    );
    expect(shape(uda.root)).toEqual(shape(parseXml(fixture("ess_mbr_sel_uda.06.res_EnumMembers.xml"))));
    expect(child(uda.root, "mbrs")?.text.split("|")).toContain("New York");
  });

  it("EnumDims answers dim elements with the captured attributes (HFM capture: id, name, type, alias)", async () => {
    const sid = await sampleBasicSession();
    const a = await post(captured("hfm_enum_filters.01.req_EnumDims.xml", sid));
    const want = child(parseXml(fixture("hfm_enum_filters.02.res_EnumDims.xml")), "dimList")?.children[0];
    const dims = child(a.root, "dimList")?.children ?? [];
    expect(dims.map((d) => d.attrs.name).slice(0, 5)).toEqual([
      "Year",
      "Measures",
      "Product",
      "Market",
      "Scenario",
    ]);
    for (const d of dims) {
      expect(d.name).toBe("dim");
      for (const k of Object.keys(d.attrs)) expect(Object.keys(want?.attrs ?? {})).toContain(k);
    }
  });

  it("a message whose answer is not served answers the exception element: WriteBack, GetDimensionsInfo", async () => {
    const sid = await sampleBasicSession();
    const a = await post(`<req_WriteBack><sID>${sid}</sID></req_WriteBack>`);
    expect(a.root.name).toBe("exception");
    // The capture shows GetDimensionsInfo's answer, but not what most of its properties mean.
    const info = await post(
      captured("ess_mbr_sel_attr.01.req_GetDimensionsInfo.xml", sid, { Statutory: "Market" }),
    );
    expect(shape(info.root)).toEqual(shape(parseXml(fixture("ess_maxl_query.02.exception.xml"))));
  });
});

describe("withFrom", () => {
  // [query, application, cube, the query sent]: FROM added before WHERE when the query names no cube; FROM and
  // WHERE read as words only, in any case, outside bracketed names (with ]]) and quoted strings.
  const cases: [string, string, string, string][] = [
    [
      "SELECT {[a]} ON COLUMNS WHERE ([b])",
      "Sample",
      "Basic",
      "SELECT {[a]} ON COLUMNS  FROM [Sample].[Basic] WHERE ([b])",
    ],
    [
      "SELECT {[From]} ON COLUMNS FROM Sample.Basic",
      "Sample",
      "Basic",
      "SELECT {[From]} ON COLUMNS FROM Sample.Basic",
    ],
    ["SELECT {[Where]} ON COLUMNS", "S", "B", "SELECT {[Where]} ON COLUMNS FROM [S].[B] "],
    [
      "SELECT {[a]]from]} ON COLUMNS where ([b])",
      "S",
      "B",
      "SELECT {[a]]from]} ON COLUMNS  FROM [S].[B] where ([b])",
    ],
    [
      "WITH MEMBER [M].[x] AS 'FROM' SELECT {[x]} ON 0",
      "S",
      "B",
      "WITH MEMBER [M].[x] AS 'FROM' SELECT {[x]} ON 0 FROM [S].[B] ",
    ],
    [
      'SELECT {[a]} ON 0 FROMAGE "where" WHERE_X',
      "S",
      "B",
      'SELECT {[a]} ON 0 FROMAGE "where" WHERE_X FROM [S].[B] ',
    ],
    ["select {[a]} on 0 from [S].[B]", "X", "Y", "select {[a]} on 0 from [S].[B]"],
    // A bracket never closed is an ordinary character: the words after it still count.
    ["SELECT {[a} ON 0 FROM Sample.Basic", "X", "Y", "SELECT {[a} ON 0 FROM Sample.Basic"],
    ["SELECT [S].[App]].[B]", "S", "B", "SELECT [S].[App]].[B] FROM [S].[B] "],
  ];
  it.each(cases)("%s", (query, application, cube, sent) => {
    expect(withFrom(query, application, cube)).toBe(sent);
  });
});

describe("Smart View endpoint: FindMember's wildcards", () => {
  const find = async (sid: string, mbr: string, alsTbl = "none") =>
    post(
      `<req_FindMember><sID>${sid}</sID><dim>Product</dim><mbr>${mbr}</mbr><filter name="Hierarchy"><arg id="0">Product</arg></filter><alsTbl>${alsTbl}</alsTbl></req_FindMember>`,
    );
  const paths = (a: { root: XmlElement }) =>
    (child(child(a.root, "pathList"), "path") ? child(a.root, "pathList")?.children : [])?.map(
      (p) => child(p, "mbrs")?.text,
    ) ?? [];

  it("match names and aliases as before: * any run, ? one character, case ignored", async () => {
    const sid = await sampleBasicSession();
    expect(paths(await find(sid, "100-?0"))).toEqual([
      "Product|100|100-10",
      "Product|100|100-20",
      "Product|100|100-30",
      "Product|Diet|100-20",
    ]);
    expect(paths(await find(sid, "*root*", "Default"))).toEqual([
      "Product|Root Beer",
      "Product|Root Beer|Diet Root Beer",
      "Product|Diet Drinks|Diet Root Beer",
    ]);
    // Parts between stars placed left to right, the last at the end.
    expect(paths(await find(sid, "*I?T*r*er", "Default"))).toEqual([
      "Product|Root Beer|Diet Root Beer",
      "Product|Diet Drinks|Diet Root Beer",
    ]);
    expect(paths(await find(sid, "c*a"))).toEqual([]);
    expect(paths(await find(sid, "*-?", "Default"))).toEqual([]);
  });

  // The matcher's own cost on long names is tested with it (protocols/test/smartview.test.ts).
  it("answer a pattern of many stars that matches nothing", async () => {
    const sid = await sampleBasicSession();
    const a = await find(sid, `${"*?".repeat(40)}*!`, "Default");
    expect(a.root.name, a.text).toBe("res_FindMember");
    expect(paths(a)).toEqual([]);
  });
});
