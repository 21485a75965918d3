import { MDX_FUNCTION_DESCRIPTIONS } from "@qibates/engine/mdx";
import { child, type XmlElement } from "@qibates/protocols/xml";
import { type RequestType, schemaRowsetRestrictions } from "@qibates/protocols/xmla";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEASURES_OUTLINE } from "../../engine/test/support/sample-basic.ts";
import {
  discoverBody,
  envelope,
  executeBody,
  faultOf,
  post,
  rootOf,
  rowsetColumns,
  rowsOf,
  startXmla,
  XA,
  xmlaForTests,
} from "./support/xmla.ts";

/** The XMLA endpoint over Sample.Basic: values checked by hand (domain reference), TREE_OP, faults, sessions, auth. */

const server = xmlaForTests();

const discover = (
  type: string,
  restrictions: Record<string, string> = {},
  properties = { Catalog: "Sample" },
) => post(server.origin, envelope(discoverBody(type, restrictions, properties)));
const execute = (mdx: string, properties: Record<string, string> = {}, header = "") =>
  post(server.origin, envelope(executeBody(mdx, properties), header));

/** An MDDataSet answer read back: each axis's tuples as unique names, cells by ordinal. */
function dataSet(answer: Awaited<ReturnType<typeof post>>) {
  const root = rootOf(answer);
  const axes = new Map<string, string[][]>();
  for (const axis of child(root, "Axes")?.children ?? []) {
    axes.set(
      axis.attrs.name ?? "",
      (child(axis, "Tuples")?.children ?? []).map((t) =>
        t.children.map((m) => child(m, "UName")?.text ?? ""),
      ),
    );
  }
  const cells = new Map<number, { value: number; fmt: string }>();
  for (const c of child(root, "CellData")?.children ?? [])
    cells.set(Number(c.attrs.CellOrdinal), {
      value: Number(child(c, "Value")?.text),
      fmt: child(c, "FmtValue")?.text ?? "",
    });
  return { root, axes, cells };
}

const members = (a: Awaited<ReturnType<typeof post>>) => rowsOf(a).map((r) => r.MEMBER_UNIQUE_NAME);

describe("Discover on Sample.Basic", () => {
  it("DBSCHEMA_CATALOGS lists the applications; MDSCHEMA_CUBES their cubes", async () => {
    expect(
      rowsOf(await discover("DBSCHEMA_CATALOGS", {}, {} as { Catalog: string })).map((r) => r.CATALOG_NAME),
    ).toEqual(["Sample"]);
    expect(rowsOf(await discover("MDSCHEMA_CUBES", { CUBE_NAME: "" })).map((r) => r.CUBE_NAME)).toEqual([
      "Basic",
    ]);
    expect(rowsOf(await discover("MDSCHEMA_CUBES", { CUBE_NAME: "Other" }))).toEqual([]);
    const cubes = rowsOf(await discover("MDSCHEMA_CUBES"));
    expect(cubes.map((r) => [r.CATALOG_NAME, r.CUBE_NAME, r.IS_WRITE_ENABLED])).toEqual([
      ["Sample", "Basic", "true"],
    ]);
  });

  it("MDSCHEMA_DIMENSIONS: the base dimensions then the attribute dimensions, typed", async () => {
    const rows = rowsOf(await discover("MDSCHEMA_DIMENSIONS", { CUBE_NAME: "Basic" }));
    expect(rows.slice(0, 5).map((r) => [r.DIMENSION_NAME, r.DIMENSION_TYPE])).toEqual([
      ["Year", "1"],
      ["Measures", "2"],
      ["Product", "3"],
      ["Market", "3"],
      ["Scenario", "3"],
    ]);
    expect(rows.map((r) => r.DIMENSION_NAME)).toContain("Caffeinated");
    expect(rows.find((r) => r.DIMENSION_NAME === "Year")?.DIMENSION_CARDINALITY).toBe("17");
  });

  it("MDSCHEMA_HIERARCHIES: one per dimension, named as it; measures without an All member", async () => {
    const rows = rowsOf(await discover("MDSCHEMA_HIERARCHIES", { DIMENSION_UNIQUE_NAME: "[Market]" }));
    expect(rows.map((r) => [r.HIERARCHY_UNIQUE_NAME, r.DEFAULT_MEMBER, r.ALL_MEMBER])).toEqual([
      ["[Market]", "[Market]", "[Market]"],
    ]);
    const measures = rowsOf(await discover("MDSCHEMA_HIERARCHIES", { HIERARCHY_UNIQUE_NAME: "[Measures]" }));
    expect(measures[0]?.ALL_MEMBER).toBeUndefined();
  });

  it("MDSCHEMA_LEVELS: one per generation, named by the outline's generation names", async () => {
    const year = rowsOf(await discover("MDSCHEMA_LEVELS", { HIERARCHY_UNIQUE_NAME: "[Year]" }));
    expect(year.map((r) => [r.LEVEL_UNIQUE_NAME, r.LEVEL_NUMBER, r.LEVEL_CARDINALITY])).toEqual([
      ["[Year].[History]", "0", "1"],
      ["[Year].[Quarter]", "1", "4"],
      ["[Year].[Months]", "2", "12"],
    ]);
    const scenario = rowsOf(await discover("MDSCHEMA_LEVELS", { DIMENSION_UNIQUE_NAME: "[Scenario]" }));
    expect(scenario.map((r) => r.LEVEL_NAME)).toEqual(["Gen1,Scenario", "Gen2,Scenario"]);
  });

  it("MDSCHEMA_MEMBERS: a level's members, with parent, type and caption (alias)", async () => {
    const rows = rowsOf(await discover("MDSCHEMA_MEMBERS", { LEVEL_UNIQUE_NAME: "[Product].[Category]" }));
    expect(
      rows.map((r) => [r.MEMBER_UNIQUE_NAME, r.MEMBER_CAPTION, r.PARENT_UNIQUE_NAME, r.LEVEL_NUMBER]),
    ).toEqual([
      ["[Product].[100]", "Colas", "[Product]", "1"],
      ["[Product].[200]", "Root Beer", "[Product]", "1"],
      ["[Product].[300]", "Cream Soda", "[Product]", "1"],
      ["[Product].[400]", "Fruit Soda", "[Product]", "1"],
      ["[Product].[Diet]", "Diet Drinks", "[Product]", "1"],
    ]);
    const scenario = rowsOf(await discover("MDSCHEMA_MEMBERS", { DIMENSION_UNIQUE_NAME: "[Scenario]" }));
    expect(scenario.map((r) => [r.MEMBER_NAME, r.MEMBER_TYPE])).toEqual([
      ["Scenario", "2"],
      ["Actual", "1"],
      ["Budget", "1"],
      ["Variance", "4"],
      ["Variance %", "4"],
    ]);
    expect(
      rowsOf(await discover("MDSCHEMA_MEMBERS", { MEMBER_UNIQUE_NAME: "[Measures].[Sales]" }))[0]
        ?.MEMBER_TYPE,
    ).toBe("3");
  });

  it("MDSCHEMA_MEASURES: the accounts members, formulas calculated, time balance unknown, the others summed", async () => {
    const rows = rowsOf(await discover("MDSCHEMA_MEASURES", { CUBE_NAME: "Basic" }));
    const of = (name: string) => rows.find((r) => r.MEASURE_NAME === name);
    expect(rows.map((r) => r.MEASURE_NAME)).toEqual(MEASURES_OUTLINE);
    expect([of("Sales")?.MEASURE_UNIQUE_NAME, of("Sales")?.MEASURE_AGGREGATOR]).toEqual([
      "[Measures].[Sales]",
      "1",
    ]);
    expect([of("COGS")?.MEASURE_CAPTION, of("Margin %")?.MEASURE_AGGREGATOR]).toEqual([
      "Cost of Goods Sold",
      "127",
    ]);
    expect(of("Opening Inventory")?.MEASURE_AGGREGATOR).toBe("0");
  });

  it("MDSCHEMA_MEMBERS: shared members are named through their parent", async () => {
    const diet = await discover("MDSCHEMA_MEMBERS", { MEMBER_UNIQUE_NAME: "[Product].[Diet]", TREE_OP: "1" });
    expect(members(diet)).toEqual([
      "[Product].[Diet].[100-20]",
      "[Product].[Diet].[200-20]",
      "[Product].[Diet].[300-30]",
    ]);
    expect(rowsOf(diet).map((r) => r.MEMBER_NAME)).toEqual(["100-20", "200-20", "300-30"]);
  });

  it("TREE_OP: children, siblings, parent, self, descendants, ancestors and their combinations", async () => {
    const around = async (unique: string, op: number) =>
      members(await discover("MDSCHEMA_MEMBERS", { MEMBER_UNIQUE_NAME: unique, TREE_OP: String(op) }));
    const states = ["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"].map(
      (s) => `[Market].[${s}]`,
    );
    expect(await around("[Market].[East]", 0x01)).toEqual(states);
    expect(await around("[Market].[East]", 0x02)).toEqual([
      "[Market].[West]",
      "[Market].[South]",
      "[Market].[Central]",
    ]);
    expect(await around("[Market].[East]", 0x04)).toEqual(["[Market]"]);
    expect(await around("[Market].[East]", 0x08)).toEqual(["[Market].[East]"]);
    expect(await around("[Market].[East]", 0x10)).toEqual(states);
    expect(await around("[Market].[New York]", 0x20)).toEqual(["[Market]", "[Market].[East]"]);
    // Ancestors and siblings (0x22), the member itself left out; outline order.
    expect(await around("[Year].[Jan]", 0x22)).toEqual([
      "[Year]",
      "[Year].[Qtr1]",
      "[Year].[Feb]",
      "[Year].[Mar]",
    ]);
    expect(await around("[Year].[Qtr1]", 0x08 | 0x10)).toEqual(
      ["Qtr1", "Jan", "Feb", "Mar"].map((m) => `[Year].[${m}]`),
    );
  });
});

describe("the rowsets Analysis Services serves beyond the cube's own", () => {
  it("DISCOVER_KEYWORDS: the words the engine's MDX reads as keywords; a Keyword restriction picks one", async () => {
    const all = rowsOf(await discover("DISCOVER_KEYWORDS")).map((r) => r.Keyword);
    for (const k of [
      "SELECT",
      "FROM",
      "WHERE",
      "WITH",
      "MEMBER",
      "NON",
      "EMPTY",
      "COLUMNS",
      "ROWS",
      "UPDATE",
      "CUBE",
    ])
      expect(all, k).toContain(k);
    expect(all).not.toContain("Sales");
    expect(rowsOf(await discover("DISCOVER_KEYWORDS", { Keyword: "select" })).map((r) => r.Keyword)).toEqual([
      "SELECT",
    ]);
    // Each keyword listed is one: as a bare member name it breaks the query.
    for (const k of ["FROM", "WHERE", "SELECT"]) {
      const a = await execute(`SELECT {[Measures].[Sales]} ON COLUMNS FROM [Sample].[Basic] WHERE (${k})`);
      expect(faultOf(a), k).not.toBeNull();
    }
  });

  it("MDSCHEMA_KPIS: empty (the engine has no KPIs), with or without restrictions", async () => {
    const a = await discover("MDSCHEMA_KPIS");
    expect(faultOf(a)).toBeNull();
    expect(rowsOf(a)).toEqual([]);
    expect(rowsOf(await discover("MDSCHEMA_KPIS", { CUBE_NAME: "Basic", KPI_NAME: "Growth" }))).toEqual([]);
  });

  it("DBSCHEMA_TABLES: a cube is a schema with its measure group and one $table per dimension", async () => {
    const rows = rowsOf(await discover("DBSCHEMA_TABLES"));
    expect(
      rows
        .map((r) => [r.TABLE_CATALOG, r.TABLE_SCHEMA, r.TABLE_NAME, r.TABLE_TYPE, r.TABLE_OLAP_TYPE])
        .slice(0, 4),
    ).toEqual([
      ["Sample", "Basic", "Basic", "SYSTEM TABLE", "MEASURE_GROUP"],
      ["Sample", "Basic", "$Year", "TABLE", "CUBE_DIMENSION"],
      ["Sample", "Basic", "$Product", "TABLE", "CUBE_DIMENSION"],
      ["Sample", "Basic", "$Market", "TABLE", "CUBE_DIMENSION"],
    ]);
    expect(rows.map((r) => r.TABLE_NAME)).toContain("$Caffeinated");
    expect(rows.map((r) => r.TABLE_NAME)).not.toContain("$Measures");
    const dims = rowsOf(await discover("DBSCHEMA_TABLES", { TABLE_OLAP_TYPE: "CUBE_DIMENSION" }));
    expect(dims.every((r) => r.TABLE_TYPE === "TABLE")).toBe(true);
    expect(rowsOf(await discover("DBSCHEMA_TABLES", { TABLE_SCHEMA: "Other" }))).toEqual([]);
  });

  it("DBSCHEMA_COLUMNS: the measures of the measure group, the levels of each dimension table", async () => {
    const measures = rowsOf(await discover("DBSCHEMA_COLUMNS", { TABLE_NAME: "Basic" }));
    expect(measures.map((r) => r.COLUMN_NAME)).toEqual(
      rowsOf(await discover("MDSCHEMA_MEASURES")).map((r) => r.MEASURE_NAME),
    );
    expect(measures.every((r) => r.COLUMN_OLAP_TYPE === "MEASURE" && r.DATA_TYPE === "12")).toBe(true);
    const year = rowsOf(await discover("DBSCHEMA_COLUMNS", { TABLE_NAME: "$Year" }));
    expect(year.map((r) => [r.COLUMN_NAME, r.ORDINAL_POSITION, r.COLUMN_OLAP_TYPE])).toEqual([
      ["History", "1", "ATTRIBUTE"],
      ["Quarter", "2", "ATTRIBUTE"],
      ["Months", "3", "ATTRIBUTE"],
    ]);
    // The same names as MDSCHEMA_LEVELS, for every dimension table.
    const levels = rowsOf(await discover("MDSCHEMA_LEVELS")).map((r) => r.LEVEL_NAME);
    const attributes = rowsOf(await discover("DBSCHEMA_COLUMNS", { COLUMN_OLAP_TYPE: "ATTRIBUTE" })).map(
      (r) => r.COLUMN_NAME,
    );
    expect(attributes.length).toBeGreaterThan(10);
    for (const a of attributes) expect(levels).toContain(a);
  });
});

describe("DISCOVER_ENUMERATORS: the XMLA enumerations, with the elements the endpoint supports", () => {
  it("formats, contents and axis formats the endpoint answers; each listed format is accepted by Execute", async () => {
    const rows = rowsOf(await discover("DISCOVER_ENUMERATORS"));
    const of = (name: string) => rows.filter((r) => r.EnumName === name).map((r) => r.ElementName ?? "");
    expect(of("ResultsetFormat")).toEqual(["Tabular", "Multidimensional", "Native"]);
    expect(of("ResultsetAxisFormat")).toEqual(["TupleFormat", "CustomFormat"]);
    expect(of("ResultsetContents")).toEqual(["None", "Schema", "Data", "SchemaData"]);
    expect(of("StateActionVerb")).toEqual(["BeginSession", "EndSession", "Session"]);
    for (const format of of("ResultsetFormat"))
      for (const content of of("ResultsetContents")) {
        const a = await execute("SELECT {[Sales]} ON COLUMNS FROM Basic", {
          Format: format,
          Content: content,
        });
        expect(faultOf(a), `${format} ${content}`).toBeNull();
      }
    const restricted = rowsOf(await discover("DISCOVER_ENUMERATORS", { EnumName: "ProviderType" }));
    expect(restricted.map((r) => [r.ElementName, r.ElementValue])).toEqual([["MDP", "2"]]);
  });
});

describe("MDSCHEMA_FUNCTIONS lists functions the engine runs", () => {
  it("each function listed runs in a query (and an unknown one is refused, so the check can fail)", async () => {
    const listed = rowsOf(await discover("MDSCHEMA_FUNCTIONS", {}, { Catalog: "Sample" }));
    expect(listed.map((r) => r.FUNCTION_NAME)).toEqual(Object.keys(MDX_FUNCTION_DESCRIPTIONS).sort());
    for (const row of listed) {
      const name = row.FUNCTION_NAME as string;
      expect([name, row.ORIGIN, row.RETURN_TYPE]).toEqual([name, "1", "12"]);
      // The engine's own example of each function (its test runs them on Sample.Basic too).
      const example = MDX_FUNCTION_DESCRIPTIONS[name]?.example;
      expect(example, `an example for ${name}`).toBeDefined();
      const a = await execute(`SELECT ${example} ON COLUMNS FROM Basic`);
      expect(faultOf(a)?.faultstring, name).toBeUndefined();
    }
    const unknown = await execute("SELECT Frobnicate([Market].Children) ON COLUMNS FROM Basic");
    expect(faultOf(unknown)?.faultstring).toMatch(/Frobnicate/i);
    const one = rowsOf(
      await discover("MDSCHEMA_FUNCTIONS", { FUNCTION_NAME: "TOPCOUNT" }, { Catalog: "Sample" }),
    );
    expect(one.map((r) => [r.FUNCTION_NAME, r.INTERFACE_NAME, r.PARAMETER_LIST])).toEqual([
      ["TOPCOUNT", "Set", "\u00abSet\u00bb, \u00abCount\u00bb[, \u00abNumeric Expression\u00bb]"],
    ]);
  });
});

describe("every name Discover answers reads back in MDX", () => {
  it("each member's unique name, and each level's members as many as LEVEL_CARDINALITY", async () => {
    const rows = rowsOf(await discover("MDSCHEMA_MEMBERS", { CUBE_NAME: "Basic" }));
    expect(rows.length).toBeGreaterThan(100);
    const byDimension = new Map<string, string[]>();
    for (const r of rows) {
      const list = byDimension.get(r.DIMENSION_UNIQUE_NAME as string) ?? [];
      list.push(r.MEMBER_UNIQUE_NAME as string);
      byDimension.set(r.DIMENSION_UNIQUE_NAME as string, list);
    }
    for (const [dimension, uniques] of byDimension) {
      const back = dataSet(await execute(`SELECT {${uniques.join(", ")}} ON COLUMNS FROM Basic`));
      expect(
        back.axes.get("Axis0")?.map((t) => t[0]),
        dimension,
      ).toEqual(uniques);
    }
    for (const level of rowsOf(await discover("MDSCHEMA_LEVELS", { CUBE_NAME: "Basic" }))) {
      const answer = await execute(`SELECT ${level.LEVEL_UNIQUE_NAME}.Members ON COLUMNS FROM Basic`);
      expect(answer.status, `${level.LEVEL_UNIQUE_NAME}: ${answer.text.slice(0, 300)}`).toBe(200);
      expect(dataSet(answer).axes.get("Axis0")?.length, level.LEVEL_UNIQUE_NAME).toBe(
        Number(level.LEVEL_CARDINALITY),
      );
    }
  });
});

describe("Execute on Sample.Basic (hand-checked values)", () => {
  it("Actual Sales of Cola in Jan, Feb, Mar for East's states: New York 36/32/39 … New Hampshire 12/10/11", async () => {
    const answer = await execute(
      "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS, [East].Children ON ROWS FROM [Sample].[Basic] " +
        "WHERE ([Actual], [Sales], [100-10])",
    );
    expect(answer.status).toBe(200);
    const { axes, cells } = dataSet(answer);
    expect(axes.get("Axis0")).toEqual([["[Year].[Jan]"], ["[Year].[Feb]"], ["[Year].[Mar]"]]);
    expect(axes.get("Axis1")?.map((t) => t[0])).toEqual([
      "[Market].[New York]",
      "[Market].[Massachusetts]",
      "[Market].[Florida]",
      "[Market].[Connecticut]",
      "[Market].[New Hampshire]",
    ]);
    // The slicer: every dimension not on an axis, in outline order.
    expect(axes.get("SlicerAxis")).toEqual([
      ["[Measures].[Sales]", "[Product].[100-10]", "[Scenario].[Actual]"],
    ]);
    const value = (row: number, col: number) => cells.get(row * 3 + col)?.value ?? null;
    expect([0, 1, 2].map((c) => value(0, c))).toEqual([36, 32, 39]);
    expect([0, 1, 2].map((c) => value(1, c))).toEqual([24, 9, 14]);
    expect([0, 1, 2].map((c) => value(2, c))).toEqual([37, 29, 37]);
    expect([0, 1, 2].map((c) => value(3, c))).toEqual([0, 5, 11]);
    expect([0, 1, 2].map((c) => value(4, c))).toEqual([12, 10, 11]);
  });

  it("Sales and Profit of Cola in Jul: East 2248/1156, New York 912/370, Texas 567/206, Colorado 199/70", async () => {
    const { cells } = dataSet(
      await execute(
        "SELECT {[Sales], [Profit]} ON COLUMNS, {[East], [New York], [Texas], [Colorado]} ON ROWS " +
          "FROM [Sample].[Basic] WHERE ([Jul], [Actual], [100-10])",
      ),
    );
    expect([...cells.values()].map((c) => c.value)).toEqual([2248, 1156, 912, 370, 567, 206, 199, 70]);
  });

  it("Sales Actual 400855, Budget 373080, Variance 27775 (FmtValue with thousands separators)", async () => {
    const { cells, axes } = dataSet(
      await execute(
        "SELECT {[Actual], [Budget], [Variance]} ON COLUMNS FROM [Sample].[Basic] WHERE ([Sales])",
      ),
    );
    expect([0, 1, 2].map((i) => cells.get(i))).toEqual([
      { value: 400855, fmt: "400,855" },
      { value: 373080, fmt: "373,080" },
      { value: 27775, fmt: "27,775" },
    ]);
    expect(axes.get("SlicerAxis")?.[0]).toEqual(["[Year]", "[Measures].[Sales]", "[Product]", "[Market]"]);
  });

  it("Product 100's Sales by quarter: 7048/7872/8511/7037; South × 400 is #Missing and left out", async () => {
    const q = dataSet(
      await execute(
        "SELECT [Year].Children ON COLUMNS FROM [Sample].[Basic] WHERE ([100], [Sales], [Actual])",
      ),
    );
    expect([0, 1, 2, 3].map((i) => q.cells.get(i)?.value)).toEqual([7048, 7872, 8511, 7037]);
    const south = dataSet(
      await execute(
        "SELECT {[400], [100]} ON COLUMNS, {[South]} ON ROWS FROM [Sample].[Basic] WHERE ([Sales], [Actual])",
      ),
    );
    expect(south.cells.has(0)).toBe(false);
    expect(south.cells.has(1)).toBe(true);
  });

  it("Member properties: caption (alias), level name and number, DisplayInfo's children count", async () => {
    const answer = await execute("SELECT {[100], [100].Children} ON COLUMNS FROM Basic", {
      Catalog: "Sample",
    });
    const tuples = child(child(rootOf(answer), "Axes")?.children[0], "Tuples")?.children ?? [];
    const props = (t: XmlElement) => {
      const m = t.children[0] as XmlElement;
      return [
        child(m, "Caption")?.text,
        child(m, "LName")?.text,
        child(m, "LNum")?.text,
        Number(child(m, "DisplayInfo")?.text),
      ];
    };
    // 100 has 3 children and is drilled down (0x10000) into 100-10; siblings after it share a parent (0x20000).
    expect(props(tuples[0] as XmlElement)).toEqual(["Colas", "[Product].[Category]", "1", 3 | 0x10000]);
    expect(props(tuples[1] as XmlElement)).toEqual(["Cola", "[Product].[Product SKU]", "2", 0]);
    expect(props(tuples[2] as XmlElement)).toEqual(["Diet Cola", "[Product].[Product SKU]", "2", 0x20000]);
  });

  it("a calculated member and NON EMPTY go through the engine's executor", async () => {
    const { axes, cells } = dataSet(
      await execute(
        "WITH MEMBER [Measures].[Double] AS '[Sales] * 2' SELECT {[Sales], [Double]} ON COLUMNS, " +
          "NON EMPTY {[South], [East]} ON ROWS FROM [Sample].[Basic] WHERE ([400], [Actual])",
      ),
    );
    expect(axes.get("Axis0")).toEqual([["[Measures].[Sales]"], ["[Measures].[Double]"]]);
    expect(axes.get("Axis1")).toEqual([["[Market].[East]"]]);
    expect((cells.get(1)?.value ?? 0) / (cells.get(0)?.value ?? 1)).toBe(2);
  });

  it("the same query answers at /aps/XMLA and at Essbase 21c's /essbase/xmla; FROM Sample.Basic names the catalog", async () => {
    for (const path of ["/aps/XMLA", "/essbase/xmla"]) {
      const answer = await post(
        server.origin,
        envelope(
          executeBody(
            "SELECT {[Jan]} ON COLUMNS FROM Sample.Basic WHERE ([East], [Sales], [Actual], [100-10])",
            { Catalog: "" },
          ),
        ),
        { path },
      );
      expect(answer.status, `${path} ${answer.text}`).toBe(200);
      expect(dataSet(answer).cells.get(0)?.value, path).toBe(109);
      const discovered = await post(
        server.origin,
        envelope(discoverBody("MDSCHEMA_CUBES", {}, { Catalog: "Sample" })),
        {
          path,
        },
      );
      expect(
        rowsOf(discovered).map((r) => r.CUBE_NAME),
        path,
      ).toEqual(["Basic"]);
    }
    // Another method than POST at the 21c address: a fault, as at the others.
    const get = await fetch(`${server.origin}/essbase/xmla`, {
      headers: { authorization: "Basic ZGVtbzpkZW1v" },
    });
    expect(get.status).toBe(501);
    expect(await get.text()).toMatch(/GET is not an XMLA method/);
  });
});

describe("an Essbase APS client's Execute", () => {
  it("is answered as APS's XMLA provider takes it: Catalog the application, FROM App.Cube, SchemaData", async () => {
    // Written from the facts of Essbase's XMLA request example (Provider=Essbase DataSourceInfo, encodingStyle on
    // the method, the statement on several lines), at the APS address.
    const request =
      '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
      `<SOAP-ENV:Body><Execute xmlns="${XA}" SOAP-ENV:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">` +
      "<Command><Statement>\n  SELECT CrossJoin([Measures].CHILDREN, [Market].CHILDREN)\n  on columns, " +
      "[Product].Members on rows\n  from Sample.Basic\n</Statement></Command>" +
      "<Properties><PropertyList><DataSourceInfo>\n Provider=Essbase;Data Source=localhost\n</DataSourceInfo>" +
      "<Catalog>Sample</Catalog><Format>Multidimensional</Format><AxisFormat>TupleFormat</AxisFormat>" +
      "<Content>SchemaData</Content></PropertyList></Properties></Execute></SOAP-ENV:Body></SOAP-ENV:Envelope>";
    const answer = await post(server.origin, request, { path: "/aps/XMLA" });
    expect(answer.status, answer.text).toBe(200);
    const { axes } = dataSet(answer);
    expect(axes.get("Axis0")?.length).toBe(3 * 4);
    expect(axes.get("Axis0")?.[0]).toEqual(["[Measures].[Profit]", "[Market].[East]"]);
    expect(axes.get("Axis1")?.length).toBe(22);
    expect(axes.get("SlicerAxis")).toEqual([["[Year]", "[Scenario]"]]);
  });
});

describe("how a statement is written", () => {
  it("in CDATA, or with character references, reads as the same MDX", async () => {
    const mdx = "SELECT {[Jan]} ON COLUMNS FROM [Sample].[Basic] WHERE ([East], [Sales], [Actual], [100-10])";
    const cdata = await post(
      server.origin,
      envelope(
        executeBody("X").replace("<Statement>X</Statement>", `<Statement><![CDATA[${mdx}]]></Statement>`),
      ),
    );
    expect(dataSet(cdata).cells.get(0)?.value).toBe(109);
    const refs = await post(
      server.origin,
      envelope(
        executeBody("X").replace(
          "<Statement>X</Statement>",
          `<Statement>${mdx.replace("J", "&#74;").replace("E", "&#x45;")}</Statement>`,
        ),
      ),
    );
    expect(dataSet(refs).cells.get(0)?.value).toBe(109);
  });
});

describe("write-back (UPDATE CUBE)", () => {
  it("writes a level-0 cell, journaled, read back by the next query; NULL empties it", async () => {
    const cell = "([Jan], [Sales], [100-10], [New York], [Actual])";
    const read = async () =>
      dataSet(
        await execute(`SELECT {[Jan]} ON COLUMNS FROM [Sample].[Basic] WHERE (${cell.slice(8, -1)})`),
      ).cells.get(0)?.value ?? null;
    expect(await read()).toBe(36);
    const write = await execute(`UPDATE CUBE [Sample].[Basic] SET ${cell} = 40`);
    expect(write.status, write.text).toBe(200);
    expect(rootOf(write).ns).toBe(`${XA}:empty`);
    expect(await read()).toBe(40);
    expect((await execute(`UPDATE CUBE Basic SET ${cell} = NULL`)).status).toBe(200);
    expect(await read()).toBeNull();
    expect((await execute(`UPDATE CUBE Basic SET ${cell} = 36`)).status).toBe(200);
    expect(await read()).toBe(36);
  });

  it("refuses a dynamic cell and a weighted allocation, writing nothing", async () => {
    const dynamic = await execute(
      "UPDATE CUBE Basic SET ([Jan], [Profit], [100-10], [New York], [Actual]) = 1",
    );
    expect(dynamic.status).toBe(200);
    expect(faultOf(dynamic)?.faultstring).toBeTruthy();
    const allocation = await execute(
      "UPDATE CUBE Basic SET ([Qtr1], [Sales], [100-10], [New York], [Actual]) = 300 USE_WEIGHTED_ALLOCATION",
    );
    expect(faultOf(allocation)?.faultstring).toMatch(/USE_WEIGHTED_ALLOCATION is not supported/);
  });
});

describe("faults", () => {
  it("syntax error, unknown member, unknown cube, unknown catalog: each a fault naming it", async () => {
    expect(faultOf(await execute("SELECT {[Jan] ON COLUMNS FROM Basic"))?.faultstring).toMatch(
      /^Syntax error: expected , or }, found ON at line 1, column 15$/,
    );
    expect(faultOf(await execute("SELECT {[Market].[Eest]} ON COLUMNS FROM Basic"))?.faultstring).toMatch(
      /Unknown member \[Market\]\.\[Eest\] at line 1, column 18/,
    );
    expect(faultOf(await execute("SELECT {[Jan]} ON COLUMNS FROM [Sample].[Nope]"))?.faultstring).toMatch(
      /Unknown cube Nope/,
    );
    expect(faultOf(await discover("MDSCHEMA_CUBES", {}, { Catalog: "Nope" }))?.faultstring).toBe(
      "The catalog Nope does not exist.",
    );
  });

  it("a restriction that names nothing answers an empty rowset, never a fault, in every rowset", async () => {
    // SSAS's rule: a client asks "is this a member?" by restricting MDSCHEMA_MEMBERS to its unique name.
    for (const op of ["1", "2", "4", "8", "16", "32", "63"]) {
      for (const unique of ["[Market].[Eest]", "[Nope].[East]", "[Measures].[X]", "not a [name"]) {
        const a = await discover("MDSCHEMA_MEMBERS", { MEMBER_UNIQUE_NAME: unique, TREE_OP: op });
        expect(faultOf(a), `${unique} ${op}`).toBeNull();
        expect(rowsOf(a), `${unique} ${op}`).toEqual([]);
      }
    }
    const served = rowsOf(await discover("DISCOVER_SCHEMA_ROWSETS")).map((r) => String(r.SchemaName));
    for (const type of served) {
      for (const { Name, Type } of schemaRowsetRestrictions(type as RequestType)) {
        if (Type !== "xsd:string" || Name === "TREE_OP") continue;
        const a = await discover(type, { [Name]: "[QB No].[Such Name]" });
        expect(faultOf(a), `${type} ${Name}`).toBeNull();
        expect(rowsOf(a), `${type} ${Name}`).toEqual([]);
      }
    }
  });

  it("bad requests: not XML, not SOAP, not an XMLA method, an unknown rowset or restriction, a format", async () => {
    const bad = async (body: string) => {
      const a = await post(server.origin, body);
      expect(a.status).toBe(200);
      return faultOf(a)?.faultstring ?? "";
    };
    expect(await bad("<soap:Envelope")).toMatch(/Malformed XML/);
    expect(await bad(`<Envelope xmlns="urn:other"><Body/></Envelope>`)).toMatch(/not a SOAP 1.1 envelope/);
    expect(await bad(envelope(`<Drop xmlns="${XA}"/>`))).toMatch(/Drop is not an XMLA method/);
    expect(await bad(envelope(discoverBody("DBSCHEMA_PROVIDER_TYPES")))).toMatch(
      /DBSCHEMA_PROVIDER_TYPES is not supported/,
    );
    expect(await bad(envelope(discoverBody("MDSCHEMA_CUBES", { COLOR: "red" })))).toMatch(
      /restriction COLOR is not valid/,
    );
    expect(
      await bad(envelope(discoverBody("MDSCHEMA_MEMBERS", { TREE_OP: "1" }, { Catalog: "Sample" }))),
    ).toMatch(/TREE_OP needs the MEMBER_UNIQUE_NAME/);
    expect(await bad(envelope(executeBody("SELECT FROM Basic", { AxisFormat: "ClusterFormat" })))).toMatch(
      /TupleFormat axis format only/,
    );
    expect(await bad(`<!DOCTYPE x [<!ENTITY a "b">]><x/>`)).toMatch(/document type declaration/);
  });

  it("a query crossing into more cells than maxCells is a fault naming the count", async () => {
    const small = await startXmla({ maxCells: 100 });
    try {
      const answer = await post(
        small.origin,
        envelope(executeBody("SELECT [Year].Members ON COLUMNS, [Market].Members ON ROWS FROM Basic")),
      );
      expect(faultOf(answer)?.faultstring).toMatch(/crosses into 425 cells, more than the 100 allowed/);
    } finally {
      await small.app.close();
    }
  });

  it("a body over the HTTP limit keeps its status (413), with a fault as its body", async () => {
    const big = await post(
      server.origin,
      envelope(executeBody(`SELECT {${"[Jan], ".repeat(200_000)}[Feb]} ON 0 FROM Basic`)),
    );
    expect(big.status).toBe(413);
    expect(faultOf(big)?.faultcode).toBe("XMLAnalysisError.0x80000005");
  });

  it("a fault answers HTTP 200 (a session begun by the failing request is not kept)", async () => {
    const a = await execute("SELECT {[Measures].[NoSuchMember]} ON 0 FROM Basic");
    expect(a.status).toBe(200);
    expect(faultOf(a)?.faultstring).toMatch(/NoSuchMember/);
    const begun = await execute(
      "SELECT {[Measures].[NoSuchMember]} ON 0 FROM Basic",
      {},
      `<BeginSession xmlns="${XA}"/>`,
    );
    expect(begun.status).toBe(200);
    expect(begun.text).not.toContain("SessionId");
  });

  it("another address under /olap/, or another method than POST, is a fault, never HTML", async () => {
    for (const [method, path, status] of [
      ["GET", "/olap/", 404],
      ["POST", "/olap/other.dll", 404],
      ["GET", "/olap", 404],
      ["GET", "/olap/msmdpump.dll", 501],
      ["PUT", "/aps/XMLA", 501],
    ] as const) {
      const res = await fetch(`${server.origin}${path}`, {
        method,
        headers: { authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}` },
        ...(method === "GET" ? {} : { body: "<x/>" }),
      });
      const text = await res.text();
      expect([method, path, res.status], text).toEqual([method, path, status]);
      expect(res.headers.get("content-type")).toMatch(/^text\/xml/);
      expect(text).toContain("<faultstring>");
    }
  });
});

describe("Execute in the Tabular format (a flattened rowset)", () => {
  /** The rowset's columns (sql:field) and each row's cells by column. */
  function tabular(answer: Awaited<ReturnType<typeof post>>) {
    const cols = rowsetColumns(answer);
    const rows = rootOf(answer)
      .children.filter((c) => c.name === "row")
      .map((r) => cols.map(([name]) => r.children.find((c) => c.name === name)?.text ?? null));
    return { fields: cols.map(([, field]) => field), names: cols.map(([name]) => name), rows };
  }

  it("row members' ancestors by level, down to the deepest shown; one column per COLUMNS tuple; #Missing left out", async () => {
    const mdx =
      "SELECT {([Actual], [Sales]), ([Budget], [Sales])} ON COLUMNS, {[East], [New York], [South]} ON ROWS FROM Basic WHERE ([Jan], [400])";
    const a = await execute(mdx, { Format: "Tabular" });
    expect(faultOf(a)).toBeNull();
    // The values are the MDDataSet's cells of the same query, row by row.
    const md = dataSet(await execute(mdx));
    const cell = (ordinal: number) => {
      const c = md.cells.get(ordinal);
      return c ? String(c.value) : null;
    };
    expect(md.cells.size).toBe(4);
    const t = tabular(a);
    expect(t.fields).toEqual([
      "[Market].[Gen1,Market].[MEMBER_CAPTION]",
      "[Market].[Region].[MEMBER_CAPTION]",
      "[Market].[State].[MEMBER_CAPTION]",
      "[Scenario].[Actual].[Measures].[Sales]",
      "[Scenario].[Budget].[Measures].[Sales]",
    ]);
    expect(t.names[0]).toBe(
      "_x005B_Market_x005D_._x005B_Gen1_x002C_Market_x005D_._x005B_MEMBER_CAPTION_x005D_",
    );
    // Product 400 is not sold in the South (#Missing): its cells are left out.
    expect(t.rows).toEqual([
      ["Market", "East", null, cell(0), cell(1)],
      ["Market", "East", "New York", cell(2), cell(3)],
      ["Market", "South", null, null, null],
    ]);
  });

  it("without ROWS, one row; more than two axes, or another format, is a fault", async () => {
    const one = tabular(
      await execute("SELECT {[Sales], [COGS]} ON COLUMNS FROM Basic", { Format: "Tabular" }),
    );
    expect(one.fields).toEqual(["[Measures].[Sales]", "[Measures].[COGS]"]);
    const oneMd = dataSet(await execute("SELECT {[Sales], [COGS]} ON COLUMNS FROM Basic"));
    expect(one.rows).toEqual([[String(oneMd.cells.get(0)?.value), String(oneMd.cells.get(1)?.value)]]);
    expect(one.rows[0]?.[0]).toBe("400855");
    const three = await execute(
      "SELECT {[Sales]} ON COLUMNS, {[East]} ON ROWS, {[Jan]} ON PAGES FROM Basic",
      { Format: "Tabular" },
    );
    expect(faultOf(three)?.faultstring).toMatch(/COLUMNS and ROWS only/);
    const other = await execute("SELECT {[Sales]} ON COLUMNS FROM Basic", { Format: "Native2" });
    expect(faultOf(other)?.faultstring).toMatch(
      /Multidimensional \(or Native, the same\) and Tabular formats only/,
    );
  });
});

describe("sessions", () => {
  const begin = `<BeginSession xmlns="${XA}"/>`;
  const session = (id: string) => `<Session xmlns="${XA}" SessionId="${id}"/>`;
  const end = (id: string) => `<EndSession xmlns="${XA}" SessionId="${id}"/>`;
  const sessionIdOf = (a: Awaited<ReturnType<typeof post>>) =>
    child(child(a.envelope as XmlElement, "Header"), "Session")?.attrs.SessionId ?? null;

  it("BeginSession → Session@SessionId; later calls name it and keep its catalog; EndSession ends it", async () => {
    const opened = await execute("", { Catalog: "Sample" }, begin);
    expect(opened.status).toBe(200);
    const id = sessionIdOf(opened) as string;
    expect(id).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    // Without a Catalog property, the session's catalog applies.
    const within = await post(
      server.origin,
      envelope(
        `<Execute xmlns="${XA}"><Command><Statement>SELECT {[Sales]} ON COLUMNS FROM Basic</Statement></Command>` +
          "<Properties><PropertyList><Format>Multidimensional</Format></PropertyList></Properties></Execute>",
        session(id),
      ),
    );
    expect(within.status, within.text).toBe(200);
    expect(sessionIdOf(within)).toBe(id);
    const closed = await post(server.origin, envelope(discoverBody("DBSCHEMA_CATALOGS"), end(id)));
    expect(closed.status).toBe(200);
    expect(sessionIdOf(closed)).toBeNull();
    const after = await post(server.origin, envelope(discoverBody("DBSCHEMA_CATALOGS"), session(id)));
    expect(after.status).toBe(200);
    expect(faultOf(after)?.faultstring).toBe(`The session ${id} does not exist or has ended.`);
  });

  it("an unknown session id, or another user's, is a fault", async () => {
    const unknown = await post(server.origin, envelope(discoverBody("DBSCHEMA_CATALOGS"), session("581")));
    expect(faultOf(unknown)?.faultstring).toBe("The session 581 does not exist or has ended.");
    const noId = await post(
      server.origin,
      envelope(discoverBody("DBSCHEMA_CATALOGS"), `<Session xmlns="${XA}"/>`),
    );
    expect(faultOf(noId)?.faultstring).toBe("The Session header needs a SessionId.");
    const mine = sessionIdOf(
      await post(server.origin, envelope(discoverBody("DBSCHEMA_CATALOGS"), begin)),
    ) as string;
    const theirs = await post(server.origin, envelope(discoverBody("DBSCHEMA_CATALOGS"), session(mine)), {
      auth: `Basic ${Buffer.from("other:other").toString("base64")}`,
    });
    expect(faultOf(theirs)?.faultstring).toBe(`The session ${mine} does not exist or has ended.`);
  });
});

describe("authentication: HTTP Basic on every request", () => {
  it("refuses a request without Basic, or with a wrong password, with 401 and a Basic challenge", async () => {
    for (const auth of [null, `Basic ${Buffer.from("demo:wrong").toString("base64")}`, "Bearer x"]) {
      for (const path of ["/olap/msmdpump.dll", "/aps/XMLA"]) {
        const a = await post(server.origin, envelope(discoverBody("DBSCHEMA_CATALOGS")), { auth, path });
        expect(a.status).toBe(401);
        expect(a.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
        expect(a.text).toBe("");
      }
    }
  });
});

describe("a large query: off the event loop", () => {
  let withWorkers: Awaited<ReturnType<typeof startXmla>>;
  /** The SOAP methods of the requests the server with workers answered, in the order their answers were ready. */
  const answered: string[] = [];
  beforeAll(async () => {
    withWorkers = await startXmla({}, 1, (method) => answered.push(method));
  });
  afterAll(async () => {
    await withWorkers.app.close();
    await withWorkers.provider.close();
  });

  const LARGE =
    "WITH MEMBER [Measures].[Margin %] AS '[Measures].[Profit] / [Measures].[Sales] * 100' " +
    "SELECT {[Measures].Children, [Measures].[Margin %]} ON COLUMNS, CrossJoin(Descendants([Product]), " +
    "CrossJoin([Market].Levels(2).Members, [Year].Levels(2).Members)) ON ROWS FROM Sample.Basic";

  it("answers the same MDDataSet, byte for byte, computed in a grid worker as on the event loop", async () => {
    const body = envelope(executeBody(LARGE, { Catalog: "Sample" }));
    const [onLoop, inWorker] = await Promise.all([post(server.origin, body), post(withWorkers.origin, body)]);
    expect(onLoop.status).toBe(200);
    const { axes, cells } = dataSet(inWorker);
    expect((axes.get("Axis1") ?? []).length).toBeGreaterThan(5_000);
    expect(cells.size).toBeGreaterThan(10_000);
    expect(inWorker.text === onLoop.text).toBe(true);
  });

  it("answers a small call sent while it runs before it ends", async () => {
    answered.length = 0;
    const large = post(withWorkers.origin, envelope(executeBody(LARGE, { Catalog: "Sample" })));
    // Sent once the large query has started (its request read and its first slices run). On the event loop
    // alone, the server would read the small call only after it had answered the large one.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const small = post(withWorkers.origin, envelope(discoverBody("DBSCHEMA_CATALOGS")));
    const [l, s] = await Promise.all([large, small]);
    expect([l.status, s.status]).toEqual([200, 200]);
    expect(answered).toEqual(["Discover", "Execute"]);
  });
});
