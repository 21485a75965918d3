import { describe, expect, it } from "vitest";
import { type App, frontForBlock } from "../support/wire-front.ts";

/**
 * What the XMLA endpoint says of its MDX when it stands in front of an Essbase 21c server
 * (QIBATES_WIRE_UPSTREAM=essbase-stndln=…): every statement runs on that server's MDX, so DISCOVER_PROPERTIES and
 * MDSCHEMA_FUNCTIONS describe Essbase 21c's (Oracle's function list, subselects of members only, no DrilldownLevel),
 * while server A, the demo, still describes the embedded engine's.
 */

const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
const XA = "urn:schemas-microsoft-com:xml-analysis";
const discover = (type: string) =>
  `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Discover xmlns="${XA}">` +
  `<RequestType>${type}</RequestType><Restrictions><RestrictionList/></Restrictions>` +
  "<Properties><PropertyList/></Properties></Discover></soap:Body></soap:Envelope>";

/** DISCOVER_PROPERTIES' values, by property name. */
const propertiesOf = (xml: string) =>
  new Map(
    [
      ...xml.matchAll(/<row><PropertyName>([^<]*)<\/PropertyName>.*?(?:<Value>([^<]*)<\/Value>)?<\/row>/g),
    ].map((m) => [m[1], m[2]]),
  );
/** MDSCHEMA_FUNCTIONS' function names. */
const functionsOf = (xml: string) =>
  [...xml.matchAll(/<FUNCTION_NAME>([^<]*)<\/FUNCTION_NAME>/g)].map((m) => m[1]);

describe("the XMLA endpoint in front of Essbase 21c describes Essbase 21c's MDX", () => {
  let a: App;
  let b: App;
  frontForBlock({ QIBATES_WIRE_ENDPOINTS: "essbase-rest,xmla" }, "xmla,essbase-rest", (servers) => {
    ({ a, b } = servers);
  });

  const xmla = async (app: App, type: string) => {
    const r = await app.inject({
      method: "POST",
      url: "/olap/msmdpump.dll",
      headers: { authorization: basic, "content-type": "text/xml" },
      payload: discover(type),
    });
    expect(r.statusCode).toBe(200);
    return r.body;
  };

  it("tells Excel what Essbase's MDX runs: subselects of members, WITH, named and numbered levels, no drill functions", async () => {
    const front = propertiesOf(await xmla(b, "DISCOVER_PROPERTIES"));
    // MDPROPVAL_MSQ_BASIC only: Excel needs ARBITRARYSHAPE too before it offers label, date and value filters.
    expect(front.get("MdpropMdxSubqueries")).toBe("1");
    // No DrilldownLevel in Oracle's list: Excel does not drill tuples with it.
    expect(front.get("MdpropMdxDrillFunctions")).toBe("0");
    expect(front.get("MdpropMdxFormulas")).toBe("3");
    expect(front.get("MdpropNamedLevels")).toBe("3");
    expect(front.get("MdpropFlatteningSupport")).toBe("1");
    expect(front.get("ProviderType")).toBe("2");
  });

  it("the demo endpoint still tells the embedded engine's values", async () => {
    const demo = propertiesOf(await xmla(a, "DISCOVER_PROPERTIES"));
    expect(demo.get("MdpropMdxSubqueries")).toBe("7");
    expect(demo.get("MdpropMdxDrillFunctions")).toBe("7");
    expect(demo.get("MdpropMdxFormulas")).toBe("3");
    expect(demo.get("MdpropNamedLevels")).toBe("3");
  });

  it("lists Oracle's Essbase 21c functions in MDSCHEMA_FUNCTIONS, not Microsoft's the engine adds", async () => {
    const front = functionsOf(await xmla(b, "MDSCHEMA_FUNCTIONS"));
    // Essbase's, among them those the embedded engine does not run (varying attributes, text lists, date-time
    // dimensions).
    for (const name of [
      "DRILLDOWNBYLAYER",
      "DRILLDOWNMEMBER",
      "ATTRIBUTEEX",
      "ENUMTEXT",
      "DATETOMEMBER",
      "WITHATTR",
    ])
      expect(front).toContain(name);
    // Microsoft's, which Oracle's list does not have.
    for (const name of ["DRILLDOWNLEVEL", "NONEMPTY", "ADDCALCULATEDMEMBERS", "STRTOSET", "ASCENDANTS"])
      expect(front).not.toContain(name);
    expect(front).toEqual([...front].sort());

    const demo = functionsOf(await xmla(a, "MDSCHEMA_FUNCTIONS"));
    expect(demo).toContain("DRILLDOWNLEVEL");
    expect(demo).not.toContain("ATTRIBUTEEX");
  });
});
