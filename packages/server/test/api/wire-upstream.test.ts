import { describe, expect, it } from "vitest";
import { EAST_STATES } from "../../../embedded/test/support/sample-basic.ts";
import { ConfigError } from "../../src/config.ts";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";
import { type App, frontForBlock } from "../support/wire-front.ts";

/**
 * QIBATES_WIRE_UPSTREAM: two servers built as main.ts builds them. Server A is the demo with its Essbase REST
 * endpoint; server B serves XMLA and Essbase REST in front of A, reached with the essbase-stndln connector. What
 * an XMLA client reads from B is Sample.Basic as A holds it, read through A's Essbase REST API.
 */

const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
const XA = "urn:schemas-microsoft-com:xml-analysis";
const soap = (body: string) =>
  `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
const discover = (type: string, restrictions = "") =>
  soap(
    `<Discover xmlns="${XA}"><RequestType>${type}</RequestType>` +
      `<Restrictions><RestrictionList>${restrictions}</RestrictionList></Restrictions>` +
      "<Properties><PropertyList/></Properties></Discover>",
  );
const execute = (statement: string) =>
  soap(
    `<Execute xmlns="${XA}"><Command><Statement>${statement}</Statement></Command>` +
      "<Properties><PropertyList><Catalog>Sample</Catalog><Format>Multidimensional</Format></PropertyList></Properties></Execute>",
  );
/** The text of every `<tag>` element, in order. */
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((m) => m[1]);
/** The cells of an MDDataSet: ordinal → value. */
const cellsOf = (xml: string) =>
  new Map(
    [...xml.matchAll(/<Cell CellOrdinal="(\d+)">\s*<Value[^>]*>([^<]*)<\/Value>/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]),
  );

describe("QIBATES_WIRE_UPSTREAM=essbase-stndln=<server A>/essbase/japi", () => {
  let a: App;
  let b: App;
  let upstreamAddress = "";
  frontForBlock({}, "xmla,essbase-rest", (servers) => {
    ({ a, b, upstream: upstreamAddress } = servers);
  });

  const xmla = (payload: string, authorization = basic) =>
    b.inject({
      method: "POST",
      url: "/olap/msmdpump.dll",
      headers: { authorization, "content-type": "text/xml" },
      payload,
    });

  it("says on /health which server its endpoints stand in front of, and A says none", async () => {
    const health = (await b.inject({ method: "GET", url: "/qibates/api/v2/health" })).json();
    expect(health.wire).toEqual({
      endpoints: ["xmla", "essbase-rest"],
      upstream: { connector: "essbase-stndln", providerAddress: upstreamAddress },
    });
    const own = (await a.inject({ method: "GET", url: "/qibates/api/v2/health" })).json();
    expect(own.wire).toEqual({ endpoints: ["essbase-rest"] });
  });

  it("answers an XMLA Discover with Sample.Basic's catalog, cube and dimensions read through A", async () => {
    const catalogs = await xmla(discover("DBSCHEMA_CATALOGS"));
    expect(catalogs.statusCode, catalogs.body).toBe(200);
    expect(all(catalogs.body, "CATALOG_NAME")).toContain("Sample");
    const cubes = await xmla(discover("MDSCHEMA_CUBES", "<CATALOG_NAME>Sample</CATALOG_NAME>"));
    expect(all(cubes.body, "CUBE_NAME")).toContain("Basic");
    const dimensions = await xmla(
      discover("MDSCHEMA_DIMENSIONS", "<CATALOG_NAME>Sample</CATALOG_NAME><CUBE_NAME>Basic</CUBE_NAME>"),
    );
    expect(all(dimensions.body, "DIMENSION_NAME")).toEqual(
      expect.arrayContaining(["Year", "Measures", "Product", "Market", "Scenario"]),
    );
    const east = await xmla(
      discover(
        "MDSCHEMA_MEMBERS",
        "<CATALOG_NAME>Sample</CATALOG_NAME><CUBE_NAME>Basic</CUBE_NAME><MEMBER_UNIQUE_NAME>[Market].[East]</MEMBER_UNIQUE_NAME><TREE_OP>1</TREE_OP>",
      ),
    );
    expect(all(east.body, "MEMBER_NAME")).toEqual(EAST_STATES);
  });

  it("answers an MDX Execute with Sample.Basic's known values: Cola's Actual Sales, January to March", async () => {
    const r = await xmla(
      execute(
        "SELECT {[Year].[Jan], [Year].[Feb], [Year].[Mar]} ON COLUMNS, {[Market].[East], [Market].[New York], [Market].[Massachusetts]} ON ROWS FROM [Sample].[Basic] WHERE ([Measures].[Sales], [Scenario].[Actual], [Product].[100-10])",
      ),
    );
    expect(r.statusCode, r.body).toBe(200);
    const cells = cellsOf(r.body);
    expect([...cells.values()]).toEqual([109, 85, 112, 36, 32, 39, 24, 9, 14]);
  });

  it("answers the @VAR example: Sales Actual, Budget and Variance for the whole cube", async () => {
    const r = await xmla(
      execute(
        "SELECT {[Scenario].[Actual], [Scenario].[Budget], [Scenario].[Variance]} ON COLUMNS FROM [Sample].[Basic] WHERE ([Measures].[Sales])",
      ),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect([...cellsOf(r.body).values()]).toEqual([400855, 373080, 27775]);
  });

  it("refuses a password A refuses, in XMLA's format", async () => {
    const r = await xmla(
      discover("DBSCHEMA_CATALOGS"),
      `Basic ${Buffer.from("demo:wrong").toString("base64")}`,
    );
    expect(r.statusCode).not.toBe(200);
    expect(r.body).not.toContain("<CATALOG_NAME>");
  });

  it("serves Essbase REST in front of A too: B's applications are A's", async () => {
    const r = await b.inject({
      method: "GET",
      url: "/essbase/rest/v1/applications",
      headers: { authorization: basic, accept: "application/json" },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.stringify(r.json())).toContain('"Sample"');
    const about = await b.inject({ method: "GET", url: "/essbase/rest/v1/about" });
    expect(about.json().description).toMatch(/in front of a server reached with essbase-stndln/);
  });

  it("reads A on every query: with A stopped, the same Execute fails", async () => {
    await a.close();
    const r = await xmla(
      execute(
        "SELECT {[Year].[Apr]} ON COLUMNS FROM [Sample].[Basic] WHERE ([Measures].[Sales], [Scenario].[Actual], [Product].[100-10], [Market].[East])",
      ),
    );
    expect(cellsOf(r.body).size).toBe(0);
    expect(r.body).toMatch(/Fault|Error/);
  });
});

describe("QIBATES_WIRE_UPSTREAM whose connector cannot serve an endpoint", () => {
  it.each([
    [
      "xmla",
      "ssas=http://127.0.0.1:9/aps/JAPI",
      /QIBATES_WIRE_ENDPOINTS lists xmla.*connector ssas.*OLAP port/,
    ],
    [
      "essbase-rest,xmla",
      "essbase=http://127.0.0.1:9/aps/JAPI",
      /QIBATES_WIRE_ENDPOINTS lists xmla.*connector essbase.*OLAP port/,
    ],
    [
      "planning-rest",
      "essbase-stndln=http://127.0.0.1:9/essbase/japi",
      /lists planning-rest.*connector essbase-stndln.*lacks the Planning operations/,
    ],
    [
      "smartview",
      "pbcs=http://127.0.0.1:9/HyperionPlanning/SmartView",
      /lists smartview.*connector pbcs.*lacks the Essbase operations/,
    ],
  ])("QIBATES_WIRE_ENDPOINTS=%s with %s stops the start", async (endpoints, upstream, message) => {
    const config = testConfig({
      QIBATES_WIRE_ENDPOINTS: endpoints,
      ALLOWED_HOSTS: "127.0.0.1",
      QIBATES_WIRE_UPSTREAM: upstream,
    });
    const start = buildTestApp({ config, logger: false });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(message);
  });

  it("starts when every listed endpoint's needs are there (nothing is connected before a user logs in)", async () => {
    const app = await buildTestApp({
      config: testConfig({
        QIBATES_WIRE_ENDPOINTS: "essbase-rest,smartview",
        ALLOWED_HOSTS: "127.0.0.1",
        QIBATES_WIRE_UPSTREAM: "ssas=http://127.0.0.1:9/aps/JAPI",
      }),
      logger: false,
    });
    try {
      const health = (await app.inject({ method: "GET", url: "/qibates/api/v2/health" })).json();
      expect(health.wire.upstream).toEqual({
        connector: "ssas",
        providerAddress: "http://127.0.0.1:9/aps/JAPI",
      });
    } finally {
      await app.close();
    }
  });
});
