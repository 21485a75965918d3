import { readFileSync } from "node:fs";
import { child, parseXml, type XmlElement } from "@qibates/protocols/xml";
import { describe, expect, it } from "vitest";
import { discoverBody, faultOf, post, rootOf, SOAP, XA, xmlaCalls, xmlaForTests } from "./support/xmla.ts";

/**
 * The endpoint's answers have the structure of the published samples: Analysis Services' recorded Discover and
 * Execute answers (may-day-olap) and Microsoft's documentation samples — element names, namespaces, order.
 */

const fixture = (path: string) => readFileSync(new URL(`./fixtures/xmla/${path}`, import.meta.url), "utf8");
const XSD = "http://www.w3.org/2001/XMLSchema";
const ROWSET = `${XA}:rowset`;
const MDDATASET = `${XA}:mddataset`;

/** The `return/root` of a recorded answer. */
function recordedRoot(path: string): XmlElement {
  const env = parseXml(fixture(path));
  const root = child(child(child(env, "Body")?.children[0], "return"), "root");
  if (!root) throw new Error(`no root in ${path}`);
  return root;
}

/** The columns a rowset schema declares for `row`: name and type, in order. */
function rowColumns(root: XmlElement): { name: string; type: string }[] {
  const schema = root.children.find((c) => c.name === "schema" && c.ns === XSD);
  const row = schema?.children.find((c) => c.name === "complexType" && c.attrs.name === "row");
  const seq = child(row, "sequence");
  return (seq?.children ?? []).map((e) => ({ name: e.attrs.name ?? "", type: e.attrs.type ?? "" }));
}

const names = (els: readonly XmlElement[]) => els.map((e) => e.name);

/** Whether `sub` appears in `all` in the same order. */
function inOrder(sub: readonly string[], all: readonly string[]): boolean {
  let i = 0;
  for (const s of sub) {
    i = all.indexOf(s, i);
    if (i < 0) return false;
    i++;
  }
  return true;
}

const server = xmlaForTests();
/** Discover and Execute in an envelope, at the default (Analysis Services) address. */
const xmla = xmlaCalls(server);

const ROWSETS = [
  ["DISCOVER_DATASOURCES", "DISCOVER_DATASOURCES.testGetDatasources.1", {}],
  ["DBSCHEMA_CATALOGS", "DBSCHEMA_CATALOGS.testFlow.1", {}],
  ["MDSCHEMA_CUBES", "MDSCHEMA_CUBES.testFlow.2", {}],
  ["MDSCHEMA_DIMENSIONS", "MDSCHEMA_DIMENSIONS.testGetMDSchemaDimensions.1", {}],
  ["MDSCHEMA_HIERARCHIES", "MDSCHEMA_HIERARCHIES.testFlow.3", {}],
  ["MDSCHEMA_LEVELS", "MDSCHEMA_LEVELS.testFlow.4", {}],
  ["MDSCHEMA_MEMBERS", "MDSCHEMA_MEMBERS.testFlow.5", { MEMBER_UNIQUE_NAME: "[Market].[East]" }],
  ["MDSCHEMA_MEASURES", "MDSCHEMA_MEASURES.testGetMDSchemaMeasures.1", {}],
] as const;

describe("Discover rowsets have the structure Analysis Services answers", () => {
  for (const [type, recorded, restrictions] of ROWSETS) {
    it(`${type}: envelope, namespaces, schema columns in order, rows in schema order`, async () => {
      const sample = recordedRoot(`may-day-olap/${recorded}.response.xml`);
      const answer = await xmla.discover(type, restrictions);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^text\/xml/);
      const env = answer.envelope as XmlElement;
      expect([env.name, env.ns]).toEqual(["Envelope", SOAP]);
      const response = child(env, "Body")?.children[0] as XmlElement;
      expect([response.name, response.ns]).toEqual(["DiscoverResponse", XA]);
      const root = rootOf(answer);
      expect([root.name, root.ns]).toEqual([sample.name, sample.ns]);
      expect(root.ns).toBe(ROWSET);
      // The schema first, then rows only.
      expect(root.children[0]?.name).toBe("schema");
      expect(root.children[0]?.ns).toBe(XSD);
      expect(names(root.children.slice(1)).every((n) => n === "row")).toBe(true);
      expect(root.children.length).toBeGreaterThan(1);
      // The same columns, with the same types, in the same order as Analysis Services declares them.
      expect(rowColumns(root)).toEqual(rowColumns(sample));
      const declared = rowColumns(root).map((c) => c.name);
      for (const row of root.children.slice(1)) {
        expect(row.ns).toBe(ROWSET);
        expect(inOrder(names(row.children), declared)).toBe(true);
      }
      // Every column the recorded row fills, ours fills too (no column left empty that SSAS answers).
      const recordedRow = sample.children.find((c) => c.name === "row") as XmlElement;
      const ours = new Set(names(root.children[1]?.children ?? []));
      const missing = names(recordedRow.children).filter(
        (n) =>
          !ours.has(n) && !["LAST_SCHEMA_UPDATE", "LAST_DATA_UPDATE", "ROLES", "DATE_MODIFIED"].includes(n),
      );
      expect(missing.filter((n) => !OPTIONAL_ELSEWHERE.has(n))).toEqual([]);
    });
  }

  it("the recorded requests of a client are understood (default namespace on the envelope, xsi:nil properties)", async () => {
    for (const [type, recorded] of ROWSETS) {
      const request = fixture(`may-day-olap/${recorded}.request.xml`)
        .replaceAll("Adventure Works DW 2008R2", "Sample")
        .replaceAll("[Product].[Category].[Category]", "[Market].[Region]")
        .replaceAll("[Product].[Category].&amp;[3]", "[Market].[East]")
        .replaceAll("[Product].[Category]", "[Market]")
        .replaceAll("Adventure Works", "Basic");
      const answer = await post(server.origin, request);
      expect(answer.status, `${type}: ${answer.text.slice(0, 300)}`).toBe(200);
      expect(rootOf(answer).ns).toBe(ROWSET);
    }
  });

  it("Microsoft's Discover sample (MDSCHEMA_CUBES, Format Tabular) is answered once its catalog is ours", async () => {
    const body = fixture("microsoft-docs/discover.mdschema-cubes.request.xml").replaceAll(
      "Adventure Works DW Multidimensional 2012",
      "Sample",
    );
    const answer = await xmla.send(body);
    expect(answer.status).toBe(200);
    const rows = rootOf(answer).children.filter((c) => c.name === "row");
    expect(rows.map((r) => child(r, "CUBE_NAME")?.text)).toEqual(["Basic"]);
  });
});

/** Columns SSAS fills from features the demo outline does not have (key columns, SQL column names). */
const OPTIONAL_ELSEWHERE = new Set([
  "LEVEL_ORDERING_PROPERTY",
  "LEVEL_DBTYPE",
  "LEVEL_NAME_SQL_COLUMN_NAME",
  "LEVEL_KEY_SQL_COLUMN_NAME",
  "LEVEL_UNIQUE_NAME_SQL_COLUMN_NAME",
  "LEVEL_ATTRIBUTE_HIERARCHY_NAME",
  "LEVEL_KEY_CARDINALITY",
  "LEVEL_ORIGIN",
  "HIERARCHY_ORIGIN",
  "INSTANCE_SELECTION",
  "GROUPING_BEHAVIOR",
  "NUMERIC_PRECISION",
  "NUMERIC_SCALE",
  "MEASURE_NAME_SQL_COLUMN_NAME",
  "MEASUREGROUP_NAME",
  "DEFAULT_FORMAT_STRING",
]);

describe("Execute answers have the structure of an MDDataSet", () => {
  it("root, OlapInfo, Axes, CellData in the order and namespaces of the recorded answer", async () => {
    const sample = recordedRoot("may-day-olap/testOneDimensional.response.xml");
    const answer = await xmla.execute(
      "SELECT {[Measures].[Sales], [Measures].[COGS]} ON COLUMNS FROM [Sample].[Basic]",
    );
    expect(answer.status).toBe(200);
    const response = child(answer.envelope as XmlElement, "Body")?.children[0] as XmlElement;
    expect([response.name, response.ns]).toEqual(["ExecuteResponse", XA]);
    const root = rootOf(answer);
    expect(root.ns).toBe(MDDATASET);
    expect(root.ns).toBe(sample.ns);
    expect(names(root.children)).toEqual(names(sample.children));
    expect(names(root.children)).toEqual(["schema", "OlapInfo", "Axes", "CellData"]);

    // The schema declares the types the answer uses, and root's sequence as Analysis Services declares it.
    const typesOf = (r: XmlElement) =>
      (r.children[0] as XmlElement).children.filter((c) => c.name === "complexType").map((c) => c.attrs.name);
    for (const t of typesOf(root)) expect(typesOf(sample)).toContain(t);
    const rootSeq = (r: XmlElement) =>
      child(
        child(
          (r.children[0] as XmlElement).children.find((c) => c.name === "element" && c.attrs.name === "root"),
          "complexType",
        ),
        "sequence",
      )?.children.map((c) => `${c.name}:${c.attrs.name ?? c.attrs.namespace}`);
    expect(rootSeq(root)).toEqual(rootSeq(sample));

    const olap = child(root, "OlapInfo") as XmlElement;
    const sampleOlap = child(sample, "OlapInfo") as XmlElement;
    expect(names(olap.children)).toEqual(names(sampleOlap.children));
    expect(names(child(child(olap, "CubeInfo"), "Cube")?.children ?? [])[0]).toBe("CubeName");
    const axisNames = (o: XmlElement) => child(o, "AxesInfo")?.children.map((a) => a.attrs.name);
    expect(axisNames(olap)).toEqual(axisNames(sampleOlap));
    // Each hierarchy declares the same member properties, with the same names and types.
    const props = (o: XmlElement) =>
      child(child(o, "AxesInfo")?.children[0], "HierarchyInfo")?.children.map((p) => [
        p.name,
        p.attrs.name?.replace(/^.*\.\[/, "["),
        p.attrs.type,
      ]);
    expect(props(olap)).toEqual(props(sampleOlap));
    const cellInfo = (o: XmlElement) =>
      child(o, "CellInfo")?.children.map((c) => [c.name, c.attrs.name, c.attrs.type]);
    expect(cellInfo(olap)).toEqual(cellInfo(sampleOlap));

    // Axes: Axis0 then SlicerAxis, each Tuples/Tuple/Member@Hierarchy with the same member elements.
    const axes = child(root, "Axes") as XmlElement;
    const sampleAxes = child(sample, "Axes") as XmlElement;
    expect(axes.children.map((a) => a.attrs.name)).toEqual(sampleAxes.children.map((a) => a.attrs.name));
    const firstMember = (a: XmlElement) => child(child(child(a.children[0], "Tuples"), "Tuple"), "Member");
    expect(Object.keys(firstMember(axes)?.attrs ?? {})).toEqual(
      Object.keys(firstMember(sampleAxes)?.attrs ?? {}),
    );
    expect(names(firstMember(axes)?.children ?? [])).toEqual(names(firstMember(sampleAxes)?.children ?? []));

    // Cells: CellOrdinal, then Value with xsi:type and FmtValue.
    const cell = child(child(root, "CellData"), "Cell") as XmlElement;
    const sampleCell = child(sample, "CellData")?.children.find((c) => child(c, "Value")) as XmlElement;
    expect(Object.keys(cell.attrs)).toEqual(["CellOrdinal"]);
    expect(names(cell.children)).toEqual(names(sampleCell.children));
    expect(child(cell, "Value")?.attrs.type).toMatch(/^xsd:(double|int)$/);
  });

  it("Content Data leaves the schema out; Content Schema leaves the axes and cells out", async () => {
    const mdx = "SELECT {[Measures].[Sales]} ON COLUMNS FROM [Sample].[Basic]";
    const data = await xmla.execute(mdx, { Content: "Data" });
    expect(names(rootOf(data).children)).toEqual(["OlapInfo", "Axes", "CellData"]);
    const schema = await xmla.execute(mdx, { Content: "Schema" });
    expect(names(rootOf(schema).children)).toEqual(["schema", "OlapInfo"]);
  });
});

describe("faults and session headers have the shape of Microsoft's samples", () => {
  it("a fault: Envelope/Body/Fault with faultcode, faultstring, faultactor, detail/Error@ErrorCode…", async () => {
    const sample = parseXml(fixture("microsoft-docs/soap-fault.response.xml"));
    const sampleFault = sample.children.find((c) => c.name === "Fault") as XmlElement;
    const answer = await xmla.execute("SELECT FROM");
    expect(answer.status).toBe(200);
    const fault = child(child(answer.envelope as XmlElement, "Body"), "Fault") as XmlElement;
    expect([fault.ns, sampleFault.ns]).toEqual([SOAP, SOAP]);
    expect(names(fault.children)).toEqual(names(sampleFault.children));
    const error = child(child(fault, "detail"), "Error") as XmlElement;
    const sampleError = child(child(sampleFault, "detail"), "Error") as XmlElement;
    expect(Object.keys(error.attrs).sort()).toEqual(Object.keys(sampleError.attrs).sort());
    // The code is Microsoft's published one, written the same way.
    expect(child(fault, "faultcode")?.text).toBe(child(sampleFault, "faultcode")?.text);
    expect(error.attrs.ErrorCode).toBe(sampleError.attrs.ErrorCode);
    expect(faultOf(answer)?.faultstring).toMatch(/^Syntax error: .* at line 1, column \d+$/);
  });

  it("the reply to BeginSession carries Session@SessionId in the XMLA namespace, as the sample", async () => {
    const begin = fixture("microsoft-docs/beginsession.request.fragment.xml")
      .replace("...<!-- Discover or Execute call goes here.-->", discoverBody("DBSCHEMA_CATALOGS"))
      .replace('xsi:type="xsd:int"', "");
    const answer = await post(server.origin, begin);
    expect(answer.status, answer.text).toBe(200);
    const header = child(answer.envelope as XmlElement, "Header") as XmlElement;
    const sample = parseXml(
      fixture("microsoft-docs/session.response-header.fragment.xml").replace(
        "<SOAP-ENV:Header>",
        `<SOAP-ENV:Header xmlns:SOAP-ENV="${SOAP}">`,
      ),
    );
    expect(names(header.children)).toEqual(names(sample.children));
    const session = header.children[0] as XmlElement;
    expect(session.ns).toBe((sample.children[0] as XmlElement).ns);
    expect(Object.keys(session.attrs)).toEqual(["SessionId"]);
  });
});

describe("Microsoft's documentation samples and fragments", () => {
  const frag = (name: string) => parseXml(fixture(`microsoft-docs/${name}`));

  it("rowset: the root holds the schema, then rows (rowset-data-type-xmla)", async () => {
    const sample = frag("rowset.structure.fragment.xml");
    const root = rootOf(await xmla.discover("DBSCHEMA_CATALOGS", {}, {}));
    expect([root.name, root.ns]).toEqual([sample.name, sample.ns]);
    expect(names(root.children).filter((n) => n !== "schema")).toEqual(names(sample.children));
  });

  it("MDDataSet: OlapInfo, Axes, CellData; Tuples/Tuple/Member@Hierarchy with UName first; Cell with Value and FmtValue", async () => {
    const answer = await xmla.execute(
      "SELECT CrossJoin({[Actual], [Budget]}, {[Qtr1]}) ON COLUMNS FROM [Sample].[Basic]",
    );
    const root = rootOf(answer);
    expect(names(root.children).filter((n) => n !== "schema")).toEqual(
      names(frag("mddataset.structure.fragment.xml").children),
    );
    const axes = frag("axes.tuples.fragment.xml");
    const ours = child(root, "Axes") as XmlElement;
    const axis0 = (a: XmlElement) => a.children.find((x) => x.attrs.name === "Axis0") as XmlElement;
    expect(names(axis0(ours).children)).toEqual(names(axis0(axes).children));
    const tuple = (a: XmlElement) => child(child(axis0(a), "Tuples"), "Tuple") as XmlElement;
    expect(names(tuple(ours).children)).toEqual(names(tuple(axes).children));
    expect(Object.keys(tuple(ours).children[0]?.attrs ?? {})).toEqual(
      Object.keys(tuple(axes).children[0]?.attrs ?? {}),
    );
    expect(tuple(ours).children[0]?.children[0]?.name).toBe(tuple(axes).children[0]?.children[0]?.name);
    const cells = frag("celldata.values.fragment.xml");
    const sampleCell = cells.children[0] as XmlElement;
    const cell = child(child(root, "CellData"), "Cell") as XmlElement;
    expect(Object.keys(cell.attrs)).toEqual(Object.keys(sampleCell.attrs));
    // Value then FmtValue, as the sample (which adds FormatString, a cell property not asked for here).
    expect(inOrder(names(cell.children), names(sampleCell.children))).toBe(true);
    expect(names(cell.children)).toEqual(["Value", "FmtValue"]);
  });

  it("the session headers of the samples: Session@SessionId on later requests, EndSession to end", async () => {
    const begin = fixture("microsoft-docs/beginsession.request.fragment.xml")
      .replace("...<!-- Discover or Execute call goes here.-->", discoverBody("DBSCHEMA_CATALOGS"))
      .replace('xsi:type="xsd:int"', "");
    const opened = await post(server.origin, begin);
    const id = child(child(opened.envelope as XmlElement, "Header"), "Session")?.attrs.SessionId as string;
    expect(id).toBeTruthy();
    const withHeader = (fragment: string) =>
      `<SOAP-ENV:Envelope xmlns:SOAP-ENV="${SOAP}">` +
      fixture(`microsoft-docs/${fragment}`)
        .replace('SessionId="581"', `SessionId="${id}"`)
        .replace('xsi:type="xsd:int"', "") +
      `<SOAP-ENV:Body>${discoverBody("DBSCHEMA_CATALOGS")}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
    const inSession = await post(server.origin, withHeader("session.request-header.fragment.xml"));
    expect(inSession.status, inSession.text).toBe(200);
    expect(child(child(inSession.envelope as XmlElement, "Header"), "Session")?.attrs.SessionId).toBe(id);
    expect((await post(server.origin, withHeader("endsession.request-header.fragment.xml"))).status).toBe(
      200,
    );
    const after = await post(server.origin, withHeader("session.request-header.fragment.xml"));
    expect(faultOf(after)?.faultstring).toBe(`The session ${id} does not exist or has ended.`);
  });

  it("the Execute sample asks for ClusterFormat, which the endpoint refuses with a fault", async () => {
    const body = fixture("microsoft-docs/execute.mdx-clusterformat.request.xml")
      .replaceAll("Adventure Works DW Multidimensional 2012", "Sample")
      .replace("[Adventure Works]", "[Basic]");
    const answer = await xmla.send(body);
    expect(answer.status).toBe(200);
    expect(faultOf(answer)?.faultstring).toBe(
      "Execute answers the TupleFormat axis format only, not ClusterFormat.",
    );
    const tuple = await xmla.send(body.replace("ClusterFormat", "TupleFormat"));
    expect(tuple.status, tuple.text).toBe(200);
  });
});
