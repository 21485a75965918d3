import { describe, expect, it } from "vitest";
import { type App, appForBlock, buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";

/** The XMLA endpoint as the server serves it: behind QIBATES_WIRE_ENDPOINTS, HTTP Basic, no API key. */

const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
const XA = "urn:schemas-microsoft-com:xml-analysis";
const soap = (body: string) =>
  `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
const execute = (statement: string) =>
  soap(
    `<Execute xmlns="${XA}"><Command><Statement>${statement}</Statement></Command>` +
      "<Properties><PropertyList><Catalog>Sample</Catalog><Format>Multidimensional</Format></PropertyList></Properties></Execute>",
  );

describe("QIBATES_WIRE_ENDPOINTS=xmla", () => {
  let app: App;
  appForBlock({ QIBATES_WIRE_ENDPOINTS: "xmla" }, (built) => {
    app = built;
  });

  it("answers Discover at both addresses with Basic and no QiBates key", async () => {
    for (const url of ["/olap/msmdpump.dll", "/aps/XMLA"]) {
      const r = await app.inject({
        method: "POST",
        url,
        headers: { authorization: basic, "content-type": "text/xml" },
        payload: soap(`<Discover xmlns="${XA}"><RequestType>DBSCHEMA_CATALOGS</RequestType></Discover>`),
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers["content-type"]).toBe("text/xml; charset=utf-8");
      expect(r.body).toContain("<CATALOG_NAME>Sample</CATALOG_NAME>");
    }
  });

  it("answers 401 with a Basic challenge without credentials, and asks nothing of the other paths", async () => {
    const r = await app.inject({ method: "POST", url: "/olap/msmdpump.dll", payload: "<x/>" });
    expect(r.statusCode).toBe(401);
    expect(r.headers["www-authenticate"]).toMatch(/^Basic /);
    const health = await app.inject({ method: "GET", url: "/qibates/api/v2/health" });
    expect(health.statusCode).toBe(200);
  });

  it("writes through the demo's journal: an UPDATE CUBE is in the database under xmla:<user>", async () => {
    const cell = "([Feb], [Sales], [100-20], [Utah], [Budget])";
    const write = await app.inject({
      method: "POST",
      url: "/olap/msmdpump.dll",
      headers: { authorization: basic, "content-type": "text/xml" },
      payload: execute(`UPDATE CUBE Basic SET ${cell} = 123`),
    });
    expect(write.statusCode, write.body).toBe(200);
    const read = await app.inject({
      method: "POST",
      url: "/olap/msmdpump.dll",
      headers: { authorization: basic, "content-type": "text/xml" },
      payload: execute(`SELECT {[Feb]} ON COLUMNS FROM Basic WHERE ([Sales], [100-20], [Utah], [Budget])`),
    });
    expect(read.body).toContain('<Value xsi:type="xsd:double">123</Value>');
    // Kept as the statement's assignments, not as the cells they write.
    const rows = await app.services.db.query("select written_by from journal where kind = 'mdx-update'");
    expect(rows).toContainEqual({ written_by: "xmla:demo" });
  });
});

describe("the demo stays as shipped: a demo user's XMLA writes land in a view of its own", () => {
  let app: App;
  // Demo mode with its own views (the defaults): the sessions anyone may open must not change the demo.
  appForBlock({ QIBATES_WIRE_ENDPOINTS: "all" }, (built) => {
    app = built;
  });
  const cell = "([Mar], [Sales], [100-20], [Utah], [Budget])";
  const xmla = (from: string, statement: string) =>
    app.inject({
      method: "POST",
      url: "/olap/msmdpump.dll",
      remoteAddress: from,
      headers: { authorization: basic, "content-type": "text/xml" },
      payload: execute(statement),
    });
  const value = (body: string) =>
    /<Value xsi:type="xsd:double">([^<]*)<\/Value>/.exec(body)?.[1] ?? "#Missing";
  const read = async (from: string) =>
    value(
      (await xmla(from, "SELECT {[Mar]} ON COLUMNS FROM Basic WHERE ([Sales], [100-20], [Utah], [Budget])"))
        .body,
    );

  it("is read back by the writer at its address, never by another address or a demo-key API session", async () => {
    const shipped = await read("198.51.100.20");
    expect((await xmla("198.51.100.20", `UPDATE CUBE Basic SET ${cell} = 4242`)).statusCode).toBe(200);
    expect(await read("198.51.100.20")).toBe("4242");
    expect(await read("203.0.113.20")).toBe(shipped);
    const key = app.services.demoKey as string;
    const headers = { "content-type": "application/json", qibateskey: key, connector: "essbase" };
    const login = await app.inject({
      method: "POST",
      url: "/qibates/api/v2/action/login",
      headers,
      payload: { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/aps/JAPI" },
    });
    const refreshed = await app.inject({
      method: "POST",
      url: "/qibates/api/v2/action/mdx",
      headers,
      payload: {
        loginid: login.json().loginid,
        server: "EssbaseCluster-1",
        application: "Sample",
        cube: "Basic",
        query: "SELECT {[Mar]} ON COLUMNS FROM Sample.Basic WHERE ([Sales], [100-20], [Utah], [Budget])",
      },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(JSON.stringify(refreshed.json().grid)).not.toContain("4242");
  });
});

describe("without xmla in QIBATES_WIRE_ENDPOINTS", () => {
  it("serves no XMLA address", async () => {
    const app = await buildTestApp({
      config: testConfig({ QIBATES_WIRE_ENDPOINTS: "essbase-rest" }),
      logger: false,
    });
    const r = await app.inject({ method: "POST", url: "/olap/msmdpump.dll", payload: "<x/>" });
    expect(r.statusCode).toBe(404);
    await app.close();
  });
});
