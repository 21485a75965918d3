import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { dataSetOf, discoverEnvelope, executeEnvelope, parseSoap, rowsOf } from "@qibates/protocols/xmla";
import { describe, expect, it } from "vitest";

/** The ssas connector's XMLA reading, against published samples (see fixtures/xmla/NOTICE). */
const here = dirname(fileURLToPath(import.meta.url));
const fixture = (path: string) => readFileSync(join(here, "fixtures/xmla", path), "utf8");

function answer(path: string) {
  const soap = parseSoap(fixture(path));
  if (!soap) throw new Error(`${path} is not a SOAP envelope`);
  return soap;
}

describe("XMLA rowsets (SSAS 2008 R2 Discover answers)", () => {
  it("reads the data sources", () => {
    const a = answer("may-day-olap/DISCOVER_DATASOURCES.testGetDatasources.1.response.xml");
    expect(a.fault).toBeNull();
    const rows = rowsOf(a.root ?? {});
    expect(rows).toHaveLength(1);
    expect(rows[0]?.DataSourceName).toBe("DWH-BI");
    expect(rows[0]?.ProviderName).toBe("Microsoft Analysis Services");
  });

  it("reads catalogs and cubes with their types", () => {
    const catalogs = rowsOf(
      answer("may-day-olap/DBSCHEMA_CATALOGS.testGetDBSchemaCatalogs.1.response.xml").root ?? {},
    );
    expect(catalogs).toHaveLength(8);
    expect(catalogs[0]?.CATALOG_NAME).toBe("4PLAN HR UDM");
    const cubes = rowsOf(
      answer("may-day-olap/MDSCHEMA_CUBES.testGetMDSchemaCubes.1.response.xml").root ?? {},
    );
    expect(cubes.map((c) => c.CUBE_NAME)).toEqual([
      "Adventure Works",
      "Channel Sales",
      "Direct Sales",
      "Finance",
      "Mined Customers",
      "Sales Summary",
      "Sales Targets",
    ]);
    expect(new Set(cubes.map((c) => c.CUBE_TYPE))).toEqual(new Set(["CUBE"]));
  });

  it("reads a member row, its key-based unique name unescaped", () => {
    const rows = rowsOf(answer("may-day-olap/MDSCHEMA_MEMBERS.testFlow.5.response.xml").root ?? {});
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      MEMBER_NAME: "Clothing",
      MEMBER_UNIQUE_NAME: "[Product].[Category].&[3]",
      PARENT_UNIQUE_NAME: "[Product].[Category].[All Products]",
      MEMBER_TYPE: "1",
      MEMBER_CAPTION: "Clothing",
    });
  });
});

describe("XMLA multidimensional data sets (SSAS 2008 R2 Execute answers)", () => {
  it("reads two axes and cells by CellOrdinal, empty cells left out", () => {
    const data = dataSetOf(answer("may-day-olap/test2Axes.response.xml").root ?? {});
    if (!data) throw new Error("not a data set");
    // Axis0: 17 measures × 13 months; Axis1: 4 categories; the slicer axis is not an axis of the grid.
    expect(data.axes.map((a) => a.length)).toEqual([221, 4]);
    expect(data.axes[0]?.[1]?.map((m) => m.uniqueName)).toEqual([
      "[Measures].[Order Quantity]",
      "[Date].[Month of Year].&[1]",
    ]);
    expect(data.axes[0]?.[1]?.[1]).toMatchObject({ hierarchy: "[Date].[Month of Year]", caption: "January" });
    expect(data.axes[1]?.[1]?.[0]?.uniqueName).toBe("[Product].[Product Categories].[Category].&[1]");
    expect(data.slicer[0]?.uniqueName).toBe("[Date].[Fiscal].[All Periods]");
    expect(data.slicer.at(-1)?.uniqueName).toBe("[Sales Channel].[Sales Channel].[All Sales Channels]");
    expect(data.cells.size).toBe(832);
    expect(data.cells.get(0)).toEqual({ value: 61931, error: null });
    expect(data.cells.get(883)?.value).toBe(Number("1.0110049117579146E-1"));
  });

  it("reads an answer with no axis: one cell", () => {
    const data = dataSetOf(answer("may-day-olap/testNoAxesButOneCell.response.xml").root ?? {});
    expect(data?.axes).toEqual([]);
    expect(data?.slicer[0]?.uniqueName).toBe("[Measures].[Sales Amount]");
    expect(data?.cells.get(0)?.value).toBe(109809274.20300156);
  });

  it("reads typed values of a CellData sample", () => {
    const data = dataSetOf(
      parseSoap(wrap(fixture("microsoft-docs/celldata.values.fragment.xml")))?.root ?? {},
    );
    expect([...(data?.cells.entries() ?? [])]).toEqual([
      [0, { value: 16890, error: null }],
      [1, { value: 50, error: null }],
      [2, { value: 36175.2, error: null }],
    ]);
  });

  it("reads an error inside a cell as that cell's error", () => {
    const xml = wrap(
      '<CellData><Cell CellOrdinal="10"><Value><Error><ErrorCode>2148497527</ErrorCode><Description>Security Error.</Description></Error></Value></Cell></CellData>',
    );
    expect(dataSetOf(parseSoap(xml)?.root ?? {})?.cells.get(10)).toEqual({
      value: null,
      error: "Security Error.",
    });
  });
});

describe("XMLA errors and sessions", () => {
  it("reads a SOAP fault's error description", () => {
    const a = answer("microsoft-docs/soap-fault.response.xml");
    expect(a.root).toBeNull();
    expect(a.fault).toEqual({
      code: "XMLAnalysisError.0x80000005",
      message: "An unexpected error has occurred.",
    });
  });

  it("reads Messages/Error in a successful answer as a fault", () => {
    const xml = wrap(
      '<Messages><Error ErrorCode="3238658057" Description="The cube was not found." Source="x"/></Messages>',
    );
    expect(parseSoap(xml)?.fault?.message).toBe("The cube was not found.");
  });

  it("reads the SessionId of a Session reply header", () => {
    const xml =
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Header><XA:Session xmlns:XA="urn:schemas-microsoft-com:xml-analysis" SessionId="581"/></soap:Header><soap:Body><DiscoverResponse xmlns="urn:schemas-microsoft-com:xml-analysis"><return><root xmlns="urn:schemas-microsoft-com:xml-analysis:rowset"/></return></DiscoverResponse></soap:Body></soap:Envelope>';
    expect(parseSoap(xml)).toMatchObject({ sessionId: "581", fault: null });
  });

  it("is not fooled by text that is not a SOAP envelope", () => {
    expect(parseSoap("<html><body>Bad gateway</body></html>")).toBeNull();
    expect(parseSoap("not xml at all <")).toBeNull();
  });

  it("writes requests with the session headers and escaped text", () => {
    const begin = discoverEnvelope(
      "MDSCHEMA_CUBES",
      { CATALOG_NAME: "A&B" },
      { Catalog: "A&B" },
      { kind: "begin" },
    );
    expect(begin).toContain(
      '<BeginSession soap:mustUnderstand="1" xmlns="urn:schemas-microsoft-com:xml-analysis"/>',
    );
    expect(begin).toContain("<RestrictionList><CATALOG_NAME>A&amp;B</CATALOG_NAME></RestrictionList>");
    expect(begin).toContain("<Format>Tabular</Format>");
    const exec = executeEnvelope(
      "SELECT {[a]} ON COLUMNS FROM [c] WHERE ([x] < 1)",
      {},
      { kind: "session", id: "s-1" },
    );
    expect(exec).toContain('SessionId="s-1"');
    expect(exec).toContain("<Statement>SELECT {[a]} ON COLUMNS FROM [c] WHERE ([x] &lt; 1)</Statement>");
    expect(exec).toContain("<Format>Multidimensional</Format><AxisFormat>TupleFormat</AxisFormat>");
    // A request is not an answer: no method response in its body.
    expect(parseSoap(exec)).toBeNull();
  });
});

/** A data-set fragment inside an ExecuteResponse envelope. */
function wrap(inner: string): string {
  return `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><ExecuteResponse xmlns="urn:schemas-microsoft-com:xml-analysis"><return><root xmlns="urn:schemas-microsoft-com:xml-analysis:mddataset">${inner}</root></return></ExecuteResponse></soap:Body></soap:Envelope>`;
}
