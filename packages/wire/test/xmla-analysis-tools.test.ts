import { child } from "@qibates/protocols/xml";
import { describe, expect, it } from "vitest";
import {
  executeBody,
  faultOf,
  rootOf,
  rowsetColumns,
  rowsOf,
  XA,
  type XmlaAnswer,
  xmlaCalls,
  xmlaForTests,
} from "./support/xmla.ts";

/**
 * Requests shaped as analysis tools send them to Analysis Services' address ("MDX as analysis tools speak it"), in
 * three rounds over one server.
 *
 * Queries: an Excel PivotTable filtered on some regions (a subselect, `DrilldownLevel(…,,,INCLUDE_CALC_MEMBERS)`,
 * Excel's Execute properties and cell properties), a Report Builder dataset with its `@` parameters sent in the
 * Execute's `Parameters`, and a hierarchy list restricted by `HIERARCHY_ORIGIN` ([MS-SSAS] MDSCHEMA_HIERARCHIES: a
 * bit mask, 3 for user and attribute hierarchies). Values: Sample.Basic's published Jul Cola Sales (East 2248,
 * New York 912, California 912).
 *
 * What the tools read when they connect, before any query (second round). Excel reads the server's MDX
 * capabilities from DISCOVER_PROPERTIES and turns features on or off by their bits ("OLE DB for OLAP Properties
 * Used by Excel", learn.microsoft.com): MDPROP_MDX_SUBQUERIES with its two lowest bits set enables label, date and
 * value filters; MDPROP_MDX_DRILL_FUNCTIONS with its two lowest bits, tuple drilling with DrilldownLevel and
 * DrilldownMember; MDPROP_FLATTENING_SUPPORT must be full support and MDPROP_NAMED_LEVELS have its lowest bit, or
 * Excel refuses the provider; DBPROP_DBMSVER (ProviderVersion) must be a string. Names and types as the recorded
 * SSAS 2008 R2 reply. Then the schema rowsets, restricted as the tools restrict them: CUBE_SOURCE and the
 * *_VISIBILITY restrictions are bit masks ([MS-SSAS]).
 *
 * Discover as the tools send it (third round): restrictions of several values, and the `Content` and `Format`
 * properties. A restriction takes several values where the XML for Analysis 1.1 specification types it as an
 * array (PropertyName, LiteralName, EnumName, Keyword, ProviderType) and where olap4j-xmlaserver reads a list
 * (SchemaName, MDSCHEMA_MEMBERS' MEMBER_UNIQUE_NAME); olap4j sends them as the element repeated, xmla4js as
 * `Value` children of one element. Any other restriction takes one value. A Discover answers a rowset
 * ("Metadata is returned using the XMLA Rowset data type"), its schema and rows as `Content` asks
 * (SchemaData, Schema, Data, None).
 */

const server = xmlaForTests();
const SSAS = "/olap/msmdpump.dll";
/** Requests to Analysis Services' address. */
const ssas = xmlaCalls(server, SSAS);

/** The Execute properties Excel sends beside the statement (read or ignored, never refused). */
const EXCEL_EXECUTE = {
  LocaleIdentifier: "1033",
  Content: "SchemaData",
  Timeout: "0",
  DbpropMsmdFlattened2: "false",
  DbpropMsmdSubqueries: "2",
  DbpropMsmdOptimizeResponse: "9",
  MdxMissingMemberMode: "Error",
  SafetyOptions: "2",
  Dialect: "MDX",
};
/** The properties Excel's provider sends with its Discover requests. */
const EXCEL_DISCOVER = {
  LocaleIdentifier: "1033",
  Catalog: "Sample",
  Format: "Tabular",
  Content: "SchemaData",
};

const kids = (e: ReturnType<typeof child>, name: string) =>
  (e?.children ?? []).filter((c) => c.name === name);
/** The unique names of an axis's members, one string per tuple. */
const axis = (a: XmlaAnswer, name: string) =>
  kids(
    child(
      kids(child(rootOf(a), "Axes"), "Axis").find((x) => x.attrs.name === name),
      "Tuples",
    ),
    "Tuple",
  ).map((t) =>
    kids(t, "Member")
      .map((m) => child(m, "UName")?.text)
      .join(","),
  );
/** The cells' values by ordinal. */
const cells = (a: XmlaAnswer) =>
  Object.fromEntries(
    kids(child(rootOf(a), "CellData"), "Cell").map((c) => [
      Number(c.attrs.CellOrdinal),
      Number(child(c, "Value")?.text),
    ]),
  );

describe("XMLA requests shaped by analysis tools", () => {
  it("an Excel PivotTable filtered to East and West: those regions and their own total, with Excel's properties", async () => {
    const a = await ssas.execute(
      "SELECT NON EMPTY Hierarchize({DrilldownLevel({[Market]},,,INCLUDE_CALC_MEMBERS)}) " +
        "DIMENSION PROPERTIES PARENT_UNIQUE_NAME,HIERARCHY_UNIQUE_NAME ON COLUMNS  " +
        "FROM (SELECT ({[Market].[East], [Market].[West]}) ON COLUMNS  FROM [Basic]) " +
        "WHERE ([Measures].[Sales],[Product].[100-10],[Year].[Jul],[Scenario].[Actual]) " +
        "CELL PROPERTIES VALUE, FORMAT_STRING, LANGUAGE, BACK_COLOR, FORE_COLOR, FONT_FLAGS",
      EXCEL_EXECUTE,
    );
    expect(faultOf(a)).toBeNull();
    expect(axis(a, "Axis0")).toEqual(["[Market]", "[Market].[East]", "[Market].[West]"]);
    const v = cells(a);
    expect(v[1]).toBe(2248);
    expect(v[0]).toBe(2248 + (v[2] as number));
  });

  it("a Report Builder dataset: its @ parameters are read from the Execute's Parameters", async () => {
    const statement =
      "SELECT NON EMPTY { [Measures].[Sales] } ON COLUMNS, NON EMPTY { ([Market].[State].ALLMEMBERS ) } " +
      "DIMENSION PROPERTIES MEMBER_CAPTION, MEMBER_UNIQUE_NAME ON ROWS " +
      "FROM ( SELECT ( STRTOSET(@MarketState, CONSTRAINED) ) ON COLUMNS FROM [Basic]) " +
      "WHERE ( STRTOMEMBER(@Month, CONSTRAINED), [Product].[100-10], [Scenario].[Actual] ) " +
      "CELL PROPERTIES VALUE, BACK_COLOR, FORE_COLOR, FORMATTED_VALUE, FORMAT_STRING, FONT_NAME, FONT_SIZE, FONT_FLAGS";
    const parameters =
      '<Parameters xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      '<Parameter><Name>MarketState</Name><Value xsi:type="xsd:string">{[Market].[New York], [Market].[California]}</Value></Parameter>' +
      "<Parameter><Name>Month</Name><Value>[Year].[Jul]</Value></Parameter></Parameters>";
    const a = await ssas.send(executeBody(statement).replace("</Execute>", `${parameters}</Execute>`));
    expect(faultOf(a)).toBeNull();
    expect(axis(a, "Axis1")).toEqual(["[Market].[New York]", "[Market].[California]"]);
    expect(cells(a)).toEqual({ 0: 912, 1: 912 });
    // A parameter the request leaves out is a fault that names it.
    const missing = await ssas.execute(statement);
    expect(faultOf(missing)?.faultstring).toMatch(/@MarketState/);
  });

  it("MDSCHEMA_HIERARCHIES restricted by HIERARCHY_ORIGIN 3 (a bit mask) lists the cube's hierarchies", async () => {
    const all = rowsOf(await ssas.discover("MDSCHEMA_HIERARCHIES", { CUBE_NAME: "Basic" }));
    const rows = rowsOf(
      await ssas.discover("MDSCHEMA_HIERARCHIES", {
        CUBE_NAME: "Basic",
        HIERARCHY_ORIGIN: "3",
        HIERARCHY_VISIBILITY: "3",
      }),
    );
    expect(rows.map((r) => r.HIERARCHY_UNIQUE_NAME)).toEqual(all.map((r) => r.HIERARCHY_UNIQUE_NAME));
    expect(rows.map((r) => r.HIERARCHY_UNIQUE_NAME)).toContain("[Year]");
  });
});

const discover = async (type: string, restrictions: Record<string, string> = {}) => {
  const a = await ssas.discover(type, restrictions, EXCEL_DISCOVER);
  expect(faultOf(a)).toBeNull();
  return rowsOf(a);
};
/** The one row DISCOVER_PROPERTIES answers for a property, as Excel asks for it. */
const property = async (name: string) => {
  const rows = await discover("DISCOVER_PROPERTIES", { PropertyName: name });
  expect(rows, name).toHaveLength(1);
  return rows[0] as Record<string, string>;
};
/** An Execute's cell values, in ordinal order. */
const cellValues = async (statement: string) => {
  const a = await ssas.execute(statement);
  expect(faultOf(a)).toBeNull();
  return (child(rootOf(a), "CellData")?.children ?? []).map((c) => Number(child(c, "Value")?.text));
};

describe("what Excel reads of the server on connecting", () => {
  it("DISCOVER_PROPERTIES reports the MDX Excel's features need, as read-only integers and strings", async () => {
    const bits = async (name: string) => {
      const p = await property(name);
      expect(p).toMatchObject({ PropertyName: name, PropertyType: "int", PropertyAccessType: "Read" });
      return Number(p.Value);
    };
    // Subselects (bit 1) of any shape (bit 2): Excel's label, date and value filters; NON VISUAL (bit 4).
    expect((await bits("MdpropMdxSubqueries")) & 0b111).toBe(0b111);
    // Tuple drilling: DrilldownLevel and DrilldownMember (bit 1), on sets of tuples (bit 2), with calculated members.
    expect((await bits("MdpropMdxDrillFunctions")) & 0b111).toBe(0b111);
    expect(await bits("MdpropFlatteningSupport")).toBe(1);
    expect((await bits("MdpropNamedLevels")) & 1).toBe(1);
    // DBPROPVAL_DST_MDP: a multidimensional provider.
    expect((await bits("ProviderType")) & 2).toBe(2);
    // WITH MEMBER and WITH SET, no CREATE SESSION MEMBER (Excel offers that feature on bits 4 and 16).
    expect(await bits("MdpropMdxFormulas")).toBe(3);
    const version = await property("ProviderVersion");
    expect(version).toMatchObject({ PropertyType: "string", PropertyAccessType: "Read", Value: "test" });
    expect((await property("MDXSupport")).Value).toBe("Core");
  });

  it("what those bits promise runs: a subselect of tuples that is no crossjoin, NON VISUAL, a drill on tuples", async () => {
    // East with family 100 and West with family 200 (Jul Actual Sales 2384 and 3727), as a value filter on an
    // inner row field sends it: each region's total is its own pair, not both families.
    const shaped = await cellValues(
      "SELECT {[Measures].[Sales]} ON 0, {[Market].[East], [Market].[West], [Market]} ON 1 " +
        "FROM (SELECT {([Market].[East], [Product].[100]), ([Market].[West], [Product].[200])} ON 0 FROM [Basic]) " +
        "WHERE ([Year].[Jul], [Scenario].[Actual])",
    );
    expect(shaped).toEqual([2384, 3727, 2384 + 3727]);
    const [visual, nonVisual] = await Promise.all(
      ["", "NON VISUAL "].map((nv) =>
        cellValues(
          `SELECT {[Measures].[Sales]} ON 0, {[Market]} ON 1 FROM ${nv}(SELECT {[Market].[East]} ON 0 FROM [Basic]) ` +
            "WHERE ([Year].[Jul], [Scenario].[Actual], [Product].[100])",
        ),
      ),
    );
    expect(visual).toEqual([2384]);
    expect(nonVisual?.[0]).toBeGreaterThan(2384);
    const drilled = await cellValues(
      "SELECT {[Measures].[Sales]} ON 0, DrilldownMember({([Market].[East], [Product].[100]), " +
        "([Market].[West], [Product].[100])}, {[Product].[100]}, [Product]) ON 1 FROM [Basic] " +
        "WHERE ([Year].[Jul], [Scenario].[Actual])",
    );
    expect(drilled).toHaveLength(8);
  });
});

describe("the schema rowsets, restricted as the tools restrict them", () => {
  it("CUBE_SOURCE is a bit mask: 3 (cubes and dimensions) lists the cube, 2 (dimensions' cubes) nothing", async () => {
    expect((await discover("MDSCHEMA_CUBES", { CUBE_SOURCE: "3" })).map((r) => r.CUBE_NAME)).toEqual([
      "Basic",
    ]);
    expect(await discover("MDSCHEMA_CUBES", { CUBE_SOURCE: "2" })).toEqual([]);
    const all = await discover("MDSCHEMA_DIMENSIONS", { CUBE_NAME: "Basic" });
    expect(await discover("MDSCHEMA_DIMENSIONS", { CUBE_NAME: "Basic", CUBE_SOURCE: "1" })).toEqual(all);
    expect(await discover("MDSCHEMA_DIMENSIONS", { CUBE_NAME: "Basic", CUBE_SOURCE: "2" })).toEqual([]);
  });

  it("the *_VISIBILITY restrictions are bit masks: every row is visible, so 2 (hidden only) lists nothing", async () => {
    /** Each rowset's visibility restriction. */
    const visibility = {
      MDSCHEMA_DIMENSIONS: "DIMENSION_VISIBILITY",
      MDSCHEMA_HIERARCHIES: "HIERARCHY_VISIBILITY",
      MDSCHEMA_LEVELS: "LEVEL_VISIBILITY",
      MDSCHEMA_MEASURES: "MEASURE_VISIBILITY",
      MDSCHEMA_PROPERTIES: "PROPERTY_VISIBILITY",
    };
    for (const [type, restriction] of Object.entries(visibility)) {
      const all = await discover(type, { CUBE_NAME: "Basic" });
      expect(all.length, type).toBeGreaterThan(0);
      expect(await discover(type, { CUBE_NAME: "Basic", [restriction]: "3" }), type).toEqual(all);
      expect(await discover(type, { CUBE_NAME: "Basic", [restriction]: "2" }), type).toEqual([]);
    }
  });
});

/** A Discover whose RestrictionList is written as the tool writes it. */
const answer = (type: string, list: string, properties = "<Catalog>Sample</Catalog>") =>
  ssas.send(
    `<Discover xmlns="${XA}"><RequestType>${type}</RequestType>` +
      `<Restrictions><RestrictionList>${list}</RestrictionList></Restrictions>` +
      `<Properties><PropertyList>${properties}</PropertyList></Properties></Discover>`,
  );
const rows = async (type: string, list: string, properties?: string) => {
  const a = await answer(type, list, properties);
  expect(faultOf(a)).toBeNull();
  return rowsOf(a);
};
/** olap4j's list: the element repeated. */
const repeated = (name: string, values: string[]) => values.map((v) => `<${name}>${v}</${name}>`).join("");
/** xmla4js's array: one element, a `Value` per item. */
const valued = (name: string, values: string[]) =>
  `<${name}>${values.map((v) => `<Value>${v}</Value>`).join("")}</${name}>`;

describe("restrictions of several values", () => {
  it("a restriction that takes several lists the rows matching any of them, repeated or as Value children", async () => {
    for (const form of [repeated, valued]) {
      const props = await rows("DISCOVER_PROPERTIES", form("PropertyName", ["Catalog", "ProviderVersion"]));
      expect(props.map((r) => r.PropertyName).sort(), form.name).toEqual(["Catalog", "ProviderVersion"]);
      const literals = await rows(
        "DISCOVER_LITERALS",
        form("LiteralName", ["DBLITERAL_QUOTE_PREFIX", "DBLITERAL_QUOTE_SUFFIX"]),
      );
      expect(
        literals.map((r) => r.LiteralValue),
        form.name,
      ).toEqual(["[", "]"]);
      const rowsets = await rows(
        "DISCOVER_SCHEMA_ROWSETS",
        form("SchemaName", ["MDSCHEMA_CUBES", "MDSCHEMA_SETS"]),
      );
      expect(rowsets.map((r) => r.SchemaName).sort(), form.name).toEqual(["MDSCHEMA_CUBES", "MDSCHEMA_SETS"]);
      // Members looked up by several unique names at once, as olap4j asks a Mondrian server for them.
      const members = await rows(
        "MDSCHEMA_MEMBERS",
        `<CUBE_NAME>Basic</CUBE_NAME>${form("MEMBER_UNIQUE_NAME", ["[Market].[East]", "[Product].[100]"])}`,
      );
      expect(members.map((r) => r.MEMBER_UNIQUE_NAME).sort(), form.name).toEqual([
        "[Market].[East]",
        "[Product].[100]",
      ]);
    }
  });

  it("TREE_OP around several members answers the relatives of each, each member once", async () => {
    const children = await rows(
      "MDSCHEMA_MEMBERS",
      `<CUBE_NAME>Basic</CUBE_NAME>${repeated("MEMBER_UNIQUE_NAME", ["[Market].[East]", "[Market].[West]"])}<TREE_OP>1</TREE_OP>`,
    );
    const names = children.map((r) => r.PARENT_UNIQUE_NAME);
    expect(new Set(names)).toEqual(new Set(["[Market].[East]", "[Market].[West]"]));
    expect(names.indexOf("[Market].[West]")).toBeGreaterThan(names.lastIndexOf("[Market].[East]"));
    // East's siblings and West's overlap: each region once.
    const siblings = await rows(
      "MDSCHEMA_MEMBERS",
      `<CUBE_NAME>Basic</CUBE_NAME>${repeated("MEMBER_UNIQUE_NAME", ["[Market].[East]", "[Market].[West]"])}<TREE_OP>2</TREE_OP>`,
    );
    expect(siblings.map((r) => r.MEMBER_UNIQUE_NAME)).toEqual([
      "[Market].[West]",
      "[Market].[South]",
      "[Market].[Central]",
      "[Market].[East]",
    ]);
  });

  it("several values for a restriction that takes one are a fault naming it, not the last value", async () => {
    for (const list of [
      `<CUBE_NAME>Basic</CUBE_NAME>${repeated("DIMENSION_UNIQUE_NAME", ["[Market]", "[Year]"])}`,
      `<CUBE_NAME>Basic</CUBE_NAME>${valued("DIMENSION_UNIQUE_NAME", ["[Market]", "[Year]"])}`,
    ]) {
      const fault = faultOf(await answer("MDSCHEMA_DIMENSIONS", list));
      expect(fault?.faultstring).toBe(
        "The restriction DIMENSION_UNIQUE_NAME of MDSCHEMA_DIMENSIONS takes one value, not 2 ([Market], [Year]).",
      );
    }
    // One value in a Value child is that value.
    const one = await rows(
      "MDSCHEMA_DIMENSIONS",
      `<CUBE_NAME>Basic</CUBE_NAME>${valued("DIMENSION_UNIQUE_NAME", ["[Year]"])}`,
    );
    expect(one.map((r) => r.DIMENSION_UNIQUE_NAME)).toEqual(["[Year]"]);
  });
});

describe("a Discover's Content and Format", () => {
  const cubes = "<CUBE_NAME>Basic</CUBE_NAME>";
  it("answers the rowset whatever the Format: Native (the default) and Multidimensional as Tabular", async () => {
    const tabular = await rows("MDSCHEMA_CUBES", cubes, "<Catalog>Sample</Catalog><Format>Tabular</Format>");
    expect(tabular.map((r) => r.CUBE_NAME)).toEqual(["Basic"]);
    for (const format of ["Native", "Multidimensional"])
      expect(
        await rows("MDSCHEMA_CUBES", cubes, `<Catalog>Sample</Catalog><Format>${format}</Format>`),
        format,
      ).toEqual(tabular);
    const fault = faultOf(await answer("MDSCHEMA_CUBES", cubes, "<Format>Rows</Format>"));
    expect(fault?.faultstring).toBe(
      "The Format property cannot be Rows: XMLA's formats are Tabular, Multidimensional and Native.",
    );
  });

  it("Content: SchemaData the schema and the rows, Schema the schema only, Data the rows only, None neither", async () => {
    const parts = async (content: string) => {
      const a = await answer(
        "MDSCHEMA_CUBES",
        cubes,
        `<Catalog>Sample</Catalog><Content>${content}</Content>`,
      );
      expect(faultOf(a), content).toBeNull();
      return {
        columns: rowsetColumns(a).length > 0,
        rows: rootOf(a).children.filter((c) => c.name === "row").length,
      };
    };
    expect(await parts("SchemaData")).toEqual({ columns: true, rows: 1 });
    expect(await parts("Schema")).toEqual({ columns: true, rows: 0 });
    expect(await parts("Data")).toEqual({ columns: false, rows: 1 });
    expect(await parts("None")).toEqual({ columns: false, rows: 0 });
    // Metadata is no XMLA Content: the fault says which there are.
    const fault = faultOf(await answer("MDSCHEMA_CUBES", cubes, "<Content>Metadata</Content>"));
    expect(fault?.faultstring).toBe(
      "The Content property cannot be Metadata: XMLA's values are SchemaData (the default), Schema, Data and None.",
    );
  });
});

describe("an Execute's AxisFormat", () => {
  it("CustomFormat, the server's choice, answers TupleFormat axes as Analysis Services does; ClusterFormat is refused", async () => {
    const statement =
      "SELECT {[Measures].[Sales]} ON 0, {[Market].[East], [Market].[West]} ON 1 FROM [Basic]";
    const texts = await Promise.all(
      ["TupleFormat", "CustomFormat"].map(async (axisFormat) => {
        const a = await ssas.execute(statement, { AxisFormat: axisFormat });
        expect(faultOf(a), axisFormat).toBeNull();
        return a.text;
      }),
    );
    expect(texts[1]).toBe(texts[0]);
    expect(texts[0]).toContain("<UName>[Market].[West]</UName>");
    const cluster = await ssas.execute(statement, { AxisFormat: "ClusterFormat" });
    expect(faultOf(cluster)?.faultstring).toBe(
      "Execute answers the TupleFormat axis format only, not ClusterFormat.",
    );
  });
});
