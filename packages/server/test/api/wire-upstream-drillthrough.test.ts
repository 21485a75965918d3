import { describe, expect, it } from "vitest";
import { type App, frontForBlock } from "../support/wire-front.ts";

/**
 * Show Details (DRILLTHROUGH) in front of another server (QIBATES_WIRE_UPSTREAM): the statement runs where the
 * data is, and Essbase 21c's MDX has no DRILLTHROUGH, so server B says its cubes do not take one and refuses it,
 * while server A's own XMLA endpoint (the embedded engine) runs it.
 */

const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
const XA = "urn:schemas-microsoft-com:xml-analysis";
const soap = (body: string) =>
  `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
const cubes = soap(
  `<Discover xmlns="${XA}"><RequestType>MDSCHEMA_CUBES</RequestType>` +
    "<Restrictions><RestrictionList><CATALOG_NAME>Sample</CATALOG_NAME></RestrictionList></Restrictions>" +
    "<Properties><PropertyList/></Properties></Discover>",
);
const drill = soap(
  `<Execute xmlns="${XA}"><Command><Statement>DRILLTHROUGH MAXROWS 10 SELECT ([Jan], [New York], [Actual], [Sales]) ON 0 FROM [Sample].[Basic]</Statement></Command>` +
    "<Properties><PropertyList><Catalog>Sample</Catalog></PropertyList></Properties></Execute>",
);
const post = (app: App, payload: string) =>
  app.inject({
    method: "POST",
    url: "/olap/msmdpump.dll",
    headers: { authorization: basic, "content-type": "text/xml" },
    payload,
  });

describe("DRILLTHROUGH with QIBATES_WIRE_UPSTREAM", () => {
  let a: App;
  let b: App;
  frontForBlock({ QIBATES_WIRE_ENDPOINTS: "xmla,essbase-rest" }, "xmla,essbase-rest", (servers) => {
    ({ a, b } = servers);
  });

  it("server B (in front of A) says IS_DRILLTHROUGH_ENABLED false and refuses the statement with a fault", async () => {
    const listed = await post(b, cubes);
    expect(listed.body).toContain("<IS_DRILLTHROUGH_ENABLED>false</IS_DRILLTHROUGH_ENABLED>");
    const r = await post(b, drill);
    expect(r.body).toContain("This server does not run DRILLTHROUGH (Show Details)");
    expect(r.body).not.toContain("<row>");
  });

  it("server A (the embedded engine) says true and returns the rows", async () => {
    const listed = await post(a, cubes);
    expect(listed.body).toContain("<IS_DRILLTHROUGH_ENABLED>true</IS_DRILLTHROUGH_ENABLED>");
    const r = await post(a, drill);
    expect(r.body).toContain("<row>");
    expect(r.body).toContain('sql:field="[$Product].[Product]"');
  });
});
