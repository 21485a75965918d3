import { readFileSync } from "node:fs";
import { child, parseXml, type XmlElement } from "@qibates/protocols/xml";
import { type RequestType, schemaRowsetRestrictions } from "@qibates/protocols/xmla";
import { describe, expect, it } from "vitest";
import { levelsFromRoot, queryProperties } from "../src/xmla/mdx-dialect.ts";
import { faultOf, rootOf, rowsOf, type XmlaAnswer, xmlaCalls, xmlaForTests } from "./support/xmla.ts";

/**
 * The XMLA endpoint's measure groups and properties: the measure-group rowsets, member and cell properties asked by a query, and one
 * level numbering per address. Facts from [MS-SSAS] (learn.microsoft.com/openspecs/sql_server_protocols/ms-ssas:
 * MDSCHEMA_MEASUREGROUPS 3.1.4.2.2.1.3.16, MDSCHEMA_MEASUREGROUP_DIMENSIONS .17, MDSCHEMA_LEVELS .8 "Top level is
 * zero", the MDDataSet's Member and CellInfo), Oracle's Essbase XMLA reference (MDSCHEMA_LEVELS: LEVEL_NUMBER is
 * the Essbase level number, docs.oracle.com/cd/E36352_01/epm.1112/esb_api_ref/ch28s03s10.html), the SSAS 2008 R2
 * DISCOVER_SCHEMA_ROWSETS reply recorded by may-day/olap (GUIDs, restrictions), and Mondrian 3's XMLA reference
 * answers (read for facts only: `testExecuteWithDimensionProperties` declares each asked property in
 * `HierarchyInfo` as `<PARENT_UNIQUE_NAME name="[Gender].[PARENT_UNIQUE_NAME]" type="xsd:string"/>`, and
 * `testExecuteWithCellProperties` lists in `CellInfo` only the cell properties asked).
 */

const server = xmlaForTests();

const SSAS = "/olap/msmdpump.dll";
const ESSBASE = ["/aps/XMLA", "/essbase/xmla"];

const discover = (type: string, restrictions: Record<string, string> = {}, path = SSAS) =>
  xmlaCalls(server, path).discover(type, restrictions);
const execute = (mdx: string, path = SSAS) => xmlaCalls(server, path).execute(mdx);
/** An Execute's answer, which is no fault. */
const answered = async (mdx: string, path = SSAS) => {
  const a = await execute(mdx, path);
  expect(faultOf(a)).toBeNull();
  return a;
};

const kids = (e: XmlElement | undefined, name: string) => (e?.children ?? []).filter((c) => c.name === name);
/** Each member of an axis as its elements' names and texts, in order. */
function axisMembers(answer: XmlaAnswer, axis: string): [string, string][][] {
  const a = kids(child(rootOf(answer), "Axes"), "Axis").find((x) => x.attrs.name === axis);
  return kids(child(a, "Tuples"), "Tuple").flatMap((t) =>
    kids(t, "Member").map((m) => m.children.map((c) => [c.name, c.text] as [string, string])),
  );
}
function hierarchyInfo(answer: XmlaAnswer, axis: string): XmlElement[] {
  const info = child(child(rootOf(answer), "OlapInfo"), "AxesInfo");
  return kids(
    kids(info, "AxisInfo").find((x) => x.attrs.name === axis),
    "HierarchyInfo",
  );
}

describe("MDSCHEMA_MEASUREGROUPS and MDSCHEMA_MEASUREGROUP_DIMENSIONS: one measure group per cube", () => {
  it("lists the cube's one measure group, named as the cube, with [MS-SSAS]'s columns", async () => {
    const rows = rowsOf(await discover("MDSCHEMA_MEASUREGROUPS", { CUBE_NAME: "Basic" }));
    expect(rows).toEqual([
      {
        CATALOG_NAME: "Sample",
        CUBE_NAME: "Basic",
        MEASUREGROUP_NAME: "Basic",
        DESCRIPTION: "",
        IS_WRITE_ENABLED: "true",
        MEASUREGROUP_CAPTION: "Basic",
      },
    ]);
    expect(rowsOf(await discover("MDSCHEMA_MEASUREGROUPS", { MEASUREGROUP_NAME: "Nope" }))).toEqual([]);
    // Its measures are MDSCHEMA_MEASURES', which a client reads group by group.
    const measures = rowsOf(await discover("MDSCHEMA_MEASURES", { MEASUREGROUP_NAME: "Basic" }));
    expect(measures.map((r) => r.MEASURE_UNIQUE_NAME)).toContain("[Measures].[Sales]");
    expect(measures.every((r) => r.MEASUREGROUP_NAME === "Basic")).toBe(true);
  });

  it("relates every dimension but the measures to it, and answers its restrictions", async () => {
    const rows = rowsOf(await discover("MDSCHEMA_MEASUREGROUP_DIMENSIONS", { CUBE_NAME: "Basic" }));
    const dims = rows.map((r) => r.DIMENSION_UNIQUE_NAME);
    expect(dims).toEqual(expect.arrayContaining(["[Year]", "[Product]", "[Market]", "[Scenario]"]));
    expect(dims).not.toContain("[Measures]");
    expect(rows[0]).toMatchObject({
      MEASUREGROUP_NAME: "Basic",
      MEASUREGROUP_CARDINALITY: "MANY",
      DIMENSION_CARDINALITY: "ONE",
      DIMENSION_IS_VISIBLE: "true",
      DIMENSION_IS_FACT_DIMENSION: "false",
    });
    const one = rowsOf(
      await discover("MDSCHEMA_MEASUREGROUP_DIMENSIONS", {
        DIMENSION_UNIQUE_NAME: "[Market]",
        DIMENSION_VISIBILITY: "1",
      }),
    );
    expect(one.map((r) => r.DIMENSION_UNIQUE_NAME)).toEqual(["[Market]"]);
  });

  it("DISCOVER_SCHEMA_ROWSETS lists both with SSAS's GUIDs and restrictions", async () => {
    const rows = rowsOf(await discover("DISCOVER_SCHEMA_ROWSETS"));
    const byName = new Map(rows.map((r) => [r.SchemaName, r]));
    expect(byName.get("MDSCHEMA_MEASUREGROUPS")).toMatchObject({
      SchemaGuid: "E1625EBF-FA96-42FD-BEA6-DB90ADAFD96B",
      RestrictionsMask: "15",
    });
    expect(byName.get("MDSCHEMA_MEASUREGROUP_DIMENSIONS")).toMatchObject({
      SchemaGuid: "A07CCD33-8148-11D0-87BB-00C04FC33942",
      RestrictionsMask: "63",
    });
  });
});

describe("DIMENSION PROPERTIES: one element per property asked, declared in AxesInfo", () => {
  it("returns PARENT_UNIQUE_NAME, PARENT_LEVEL, HIERARCHY_UNIQUE_NAME… after the five, on the asking axis only", async () => {
    const a = await answered(
      "SELECT {[Sales]} ON COLUMNS, {[East], [New York], [Market]} DIMENSION PROPERTIES PARENT_UNIQUE_NAME, " +
        "PARENT_LEVEL, HIERARCHY_UNIQUE_NAME, MEMBER_TYPE, CHILDREN_CARDINALITY, MEMBER_KEY, MEMBER_NAME, " +
        "MEMBER_CAPTION, LEVEL_NUMBER ON ROWS FROM Basic",
    );
    const declared = hierarchyInfo(a, "Axis1")[0]?.children.map((c) => [c.name, c.attrs.name, c.attrs.type]);
    expect(declared).toEqual([
      ["UName", "[Market].[MEMBER_UNIQUE_NAME]", "xsd:string"],
      ["Caption", "[Market].[MEMBER_CAPTION]", "xsd:string"],
      ["LName", "[Market].[LEVEL_UNIQUE_NAME]", "xsd:string"],
      ["LNum", "[Market].[LEVEL_NUMBER]", "xsd:int"],
      ["DisplayInfo", "[Market].[DISPLAY_INFO]", "xsd:unsignedInt"],
      ["PARENT_UNIQUE_NAME", "[Market].[PARENT_UNIQUE_NAME]", "xsd:string"],
      ["PARENT_LEVEL", "[Market].[PARENT_LEVEL]", "xsd:unsignedInt"],
      ["HIERARCHY_UNIQUE_NAME", "[Market].[HIERARCHY_UNIQUE_NAME]", "xsd:string"],
      ["MEMBER_TYPE", "[Market].[MEMBER_TYPE]", "xsd:int"],
      ["CHILDREN_CARDINALITY", "[Market].[CHILDREN_CARDINALITY]", "xsd:unsignedInt"],
      ["MEMBER_KEY", "[Market].[MEMBER_KEY]", "xsd:string"],
      ["MEMBER_NAME", "[Market].[MEMBER_NAME]", "xsd:string"],
    ]);
    const [east, newYork, market] = axisMembers(a, "Axis1");
    expect(Object.fromEntries(east ?? [])).toMatchObject({
      UName: "[Market].[East]",
      LNum: "1",
      PARENT_UNIQUE_NAME: "[Market]",
      PARENT_LEVEL: "0",
      HIERARCHY_UNIQUE_NAME: "[Market]",
      MEMBER_TYPE: "1",
      CHILDREN_CARDINALITY: "5",
      MEMBER_KEY: "East",
      MEMBER_NAME: "East",
    });
    expect(Object.fromEntries(newYork ?? [])).toMatchObject({
      PARENT_UNIQUE_NAME: "[Market].[East]",
      PARENT_LEVEL: "1",
    });
    // The top has no parent: the element is left out; it is the dimension's All member (MEMBER_TYPE 2).
    expect((market ?? []).map(([n]) => n)).not.toContain("PARENT_UNIQUE_NAME");
    expect(Object.fromEntries(market ?? [])).toMatchObject({ PARENT_LEVEL: "0", MEMBER_TYPE: "2" });
    // The five come first, in their order; the columns, which asked nothing, carry the five only.
    expect((east ?? []).slice(0, 5).map(([n]) => n)).toEqual([
      "UName",
      "Caption",
      "LName",
      "LNum",
      "DisplayInfo",
    ]);
    expect(axisMembers(a, "Axis0")[0]?.map(([n]) => n)).toEqual([
      "UName",
      "Caption",
      "LName",
      "LNum",
      "DisplayInfo",
    ]);
    expect(hierarchyInfo(a, "Axis0")[0]?.children).toHaveLength(5);
  });

  it("a property qualified by a dimension is for that dimension's members; an attribute dimension is a property", async () => {
    const a = await answered(
      "SELECT {[Sales]} ON COLUMNS, CrossJoin({[East]}, {[100-10]}) DIMENSION PROPERTIES [Product].[MEMBER_NAME], " +
        "[Product].[Caffeinated] ON ROWS FROM Basic",
    );
    const [market, product] = hierarchyInfo(a, "Axis1");
    expect(market?.children.map((c) => c.name)).toHaveLength(5);
    expect(product?.children.slice(5).map((c) => [c.name, c.attrs.name])).toEqual([
      ["MEMBER_NAME", "[Product].[MEMBER_NAME]"],
      ["Caffeinated", "[Product].[Caffeinated]"],
    ]);
    const tuple = axisMembers(a, "Axis1");
    expect(Object.fromEntries(tuple[1] ?? [])).toMatchObject({
      MEMBER_NAME: "100-10",
      Caffeinated: "True",
    });
  });

  it("a calculated member is a formula (MEMBER_TYPE 4) under the parent it was defined under", async () => {
    const a = await answered(
      "WITH MEMBER [Measures].[Double] AS '[Sales] * 2' MEMBER [Market].[East].[Half] AS '[East] / 2' " +
        "SELECT {[Measures].[Double]} DIMENSION PROPERTIES MEMBER_TYPE, PARENT_UNIQUE_NAME ON COLUMNS, " +
        "{[Market].[East].[Half]} DIMENSION PROPERTIES MEMBER_TYPE, PARENT_UNIQUE_NAME, CHILDREN_CARDINALITY ON ROWS FROM Basic",
    );
    expect(Object.fromEntries(axisMembers(a, "Axis0")[0] ?? [])).toMatchObject({
      MEMBER_TYPE: "4",
      PARENT_UNIQUE_NAME: "[Measures]",
    });
    expect(Object.fromEntries(axisMembers(a, "Axis1")[0] ?? [])).toMatchObject({
      UName: "[Market].[East].[Half]",
      MEMBER_TYPE: "4",
      PARENT_UNIQUE_NAME: "[Market].[East]",
      CHILDREN_CARDINALITY: "0",
    });
  });

  it("MDSCHEMA_PROPERTIES lists each attribute dimension as a property of the levels it is associated with", async () => {
    const rows = rowsOf(
      await discover("MDSCHEMA_PROPERTIES", { HIERARCHY_UNIQUE_NAME: "[Product]", PROPERTY_TYPE: "1" }),
    ).filter((r) => r.PROPERTY_TYPE === "1");
    expect(rows.map((r) => [r.LEVEL_UNIQUE_NAME, r.PROPERTY_NAME]).sort()).toEqual(
      ["Caffeinated", "Intro Date", "Ounces", "Pkg Type"].map((a) => ["[Product].[Product SKU]", a]),
    );
  });

  it("every member property MDSCHEMA_PROPERTIES lists can be asked on an axis", async () => {
    const listed = rowsOf(await discover("MDSCHEMA_PROPERTIES", { HIERARCHY_UNIQUE_NAME: "[Product]" }));
    const names = [...new Set(listed.map((r) => `[Product].[${r.PROPERTY_NAME}]`))];
    expect(names.length).toBeGreaterThan(3);
    const a = await answered(
      `SELECT {[Sales]} ON COLUMNS, {[100-10]} DIMENSION PROPERTIES ${names.join(", ")} ON ROWS FROM Basic`,
    );
    expect(Object.fromEntries(axisMembers(a, "Axis1")[0] ?? [])).toMatchObject({
      KEY0: "100-10",
      Ounces: "12",
    });
  });

  it("a property the server does not have is a fault naming it, never silently dropped", async () => {
    const a = await execute(
      "SELECT {[Sales]} ON COLUMNS, {[East]} DIMENSION PROPERTIES [Market].[Nope] ON ROWS FROM Basic",
    );
    expect(faultOf(a)?.faultstring).toMatch(/NOPE is not a member property of Market/);
  });
});

describe("CELL PROPERTIES: CellInfo and each Cell carry the properties asked, in that order", () => {
  it("VALUE, FORMATTED_VALUE, FORMAT_STRING, CELL_ORDINAL as asked", async () => {
    const a = await answered(
      "SELECT {[Jan]} ON COLUMNS FROM Basic WHERE ([East], [Sales], [Actual], [100-10]) " +
        "CELL PROPERTIES FORMATTED_VALUE, VALUE, FORMAT_STRING, CELL_ORDINAL",
    );
    const info = child(child(rootOf(a), "OlapInfo"), "CellInfo")?.children.map((c) => [c.name, c.attrs.name]);
    expect(info).toEqual([
      ["FmtValue", "FORMATTED_VALUE"],
      ["Value", "VALUE"],
      ["FormatString", "FORMAT_STRING"],
      ["CellOrdinal", "CELL_ORDINAL"],
    ]);
    const cell = child(child(rootOf(a), "CellData"), "Cell");
    expect(cell?.attrs.CellOrdinal).toBe("0");
    expect(cell?.children.map((c) => [c.name, c.text])).toEqual([
      ["FmtValue", "109"],
      ["Value", "109"],
      ["FormatString", "#,##0.##"],
    ]);
  });

  it("VALUE alone: no formatted value; without the clause, the default VALUE, FORMATTED_VALUE, CELL_ORDINAL", async () => {
    const only = await execute(
      "SELECT {[Jan]} ON COLUMNS FROM Basic WHERE ([East], [Sales], [Actual]) CELL PROPERTIES VALUE",
    );
    expect(child(child(rootOf(only), "OlapInfo"), "CellInfo")?.children.map((c) => c.name)).toEqual([
      "Value",
    ]);
    expect(child(child(rootOf(only), "CellData"), "Cell")?.children.map((c) => c.name)).toEqual(["Value"]);
    const plain = await execute("SELECT {[Jan]} ON COLUMNS FROM Basic WHERE ([East], [Sales], [Actual])");
    expect(child(child(rootOf(plain), "OlapInfo"), "CellInfo")?.children.map((c) => c.attrs.name)).toEqual([
      "VALUE",
      "FORMATTED_VALUE",
      "CELL_ORDINAL",
    ]);
  });

  it("a name that is no cell property is a fault", async () => {
    const a = await execute("SELECT {[Jan]} ON COLUMNS FROM Basic CELL PROPERTIES VALUE, COLOUR");
    expect(faultOf(a)?.faultstring).toMatch(/COLOUR is not a cell property/);
  });
});

describe("one level numbering per address, the same in MDX, MDSCHEMA_LEVELS, MDSCHEMA_MEMBERS and the MDDataSet", () => {
  it("Analysis Services' address counts from the root: Levels(0) is the top, LEVEL_NUMBER 0 the top level", async () => {
    const levels = rowsOf(await discover("MDSCHEMA_LEVELS", { HIERARCHY_UNIQUE_NAME: "[Market]" }));
    expect(levels.map((r) => [r.LEVEL_NUMBER, r.LEVEL_UNIQUE_NAME, r.LEVEL_CARDINALITY])).toEqual([
      ["0", "[Market].[Gen1,Market]", "1"],
      ["1", "[Market].[Region]", "4"],
      ["2", "[Market].[State]", "20"],
    ]);
    for (const [n, unique, count] of [
      [0, "[Market].[Gen1,Market]", 1],
      [1, "[Market].[Region]", 4],
      [2, "[Market].[State]", 20],
    ] as const) {
      const a = await execute(`SELECT [Market].Levels(${n}).Members ON COLUMNS FROM Basic`);
      expect(faultOf(a), `Levels(${n})`).toBeNull();
      const ms = axisMembers(a, "Axis0");
      expect(ms, `Levels(${n})`).toHaveLength(count);
      expect(Object.fromEntries(ms[0] ?? [])).toMatchObject({ LName: unique, LNum: String(n) });
    }
    const east = rowsOf(await discover("MDSCHEMA_MEMBERS", { MEMBER_UNIQUE_NAME: "[Market].[East]" }));
    expect(east.map((r) => [r.LEVEL_NUMBER, r.LEVEL_UNIQUE_NAME, r.PARENT_LEVEL])).toEqual([
      ["1", "[Market].[Region]", "0"],
    ]);
  });

  it("a calculated member's formula in quotes reads Levels(n) the same way", async () => {
    const a = await execute(
      "WITH MEMBER [Measures].[States] AS 'Count([Market].Levels(2).Members)' SELECT {[Measures].[States]} ON COLUMNS FROM Basic",
    );
    expect(child(child(child(rootOf(a), "CellData"), "Cell"), "Value")?.text).toBe("20");
  });

  it("Essbase's addresses count from the leaves: Levels(0) the leaves, LEVEL_NUMBER Essbase's level", async () => {
    for (const path of ESSBASE) {
      const levels = rowsOf(await discover("MDSCHEMA_LEVELS", { HIERARCHY_UNIQUE_NAME: "[Market]" }, path));
      expect(
        levels.map((r) => [r.LEVEL_NUMBER, r.LEVEL_UNIQUE_NAME, r.LEVEL_CARDINALITY, r.LEVEL_TYPE]),
        path,
      ).toEqual([
        // From the dimension level down, each with Essbase's level number.
        ["2", "[Market].[Lev2,Market]", "1", "1"],
        ["1", "[Market].[Lev1,Market]", "4", "0"],
        ["0", "[Market].[Lev0,Market]", "20", "0"],
      ]);
      const leaves = await execute("SELECT [Market].Levels(0).Members ON COLUMNS FROM Basic", path);
      const ms = axisMembers(leaves, "Axis0");
      expect(ms, path).toHaveLength(20);
      expect(Object.fromEntries(ms[0] ?? [])).toMatchObject({ LName: "[Market].[Lev0,Market]", LNum: "0" });
      const members = rowsOf(
        await discover("MDSCHEMA_MEMBERS", { LEVEL_UNIQUE_NAME: "[Market].[Lev1,Market]" }, path),
      );
      expect(
        members.map((r) => r.MEMBER_UNIQUE_NAME),
        path,
      ).toEqual(["[Market].[East]", "[Market].[West]", "[Market].[South]", "[Market].[Central]"]);
      expect(members[0]?.PARENT_LEVEL, path).toBe("2");
      // LEVEL_NUMBER as a member property reads the same numbering.
      const prop = await execute(
        "SELECT {[Sales]} ON COLUMNS, {[East]} DIMENSION PROPERTIES PARENT_LEVEL ON ROWS FROM Basic",
        path,
      );
      expect(Object.fromEntries(axisMembers(prop, "Axis1")[0] ?? [])).toMatchObject({
        LNum: "1",
        PARENT_LEVEL: "2",
      });
    }
  });
});

describe("the MDX text the endpoint reads before the port runs it", () => {
  it("Levels(n) from the root becomes Generations(n + 1); names, strings and comments are left alone", () => {
    expect(levelsFromRoot("SELECT [Market].Levels(0).Members ON 0 FROM Basic")).toBe(
      "SELECT [Market].Generations(1).Members ON 0 FROM Basic",
    );
    expect(levelsFromRoot("SELECT [Levels(0)].Children ON 0 /* .Levels(1) */ FROM Basic")).toBe(
      "SELECT [Levels(0)].Children ON 0 /* .Levels(1) */ FROM Basic",
    );
    expect(levelsFromRoot("SELECT [Product].Levels('Family').Members ON 0 FROM Basic")).toBe(
      "SELECT [Product].Levels('Family').Members ON 0 FROM Basic",
    );
    expect(
      levelsFromRoot("WITH MEMBER [Measures].[x] AS 'Count([Year].Levels (2) .Members)' SELECT FROM Basic"),
    ).toBe("WITH MEMBER [Measures].[x] AS 'Count([Year].Generations (3) .Members)' SELECT FROM Basic");
  });

  it("reads DIMENSION PROPERTIES per axis and CELL PROPERTIES, outside sets and formulas", () => {
    const p = queryProperties(
      "WITH MEMBER [Measures].[p] AS '[Market].CurrentMember.Properties(\"MEMBER_NAME\")' " +
        "SELECT {[Sales]} PROPERTIES MEMBER_NAME ON COLUMNS, " +
        'Filter([Market].Members, [Market].CurrentMember.Properties("X") = "") ' +
        "DIMENSION PROPERTIES [Market].[PARENT_UNIQUE_NAME], CHILDREN_CARDINALITY ON AXIS(1) " +
        "FROM Basic WHERE ([Actual]) CELL PROPERTIES value, FORMATTED_VALUE",
    );
    expect(p.axes.get(0)).toEqual([{ name: "MEMBER_NAME", dimension: null }]);
    expect(p.axes.get(1)).toEqual([
      { name: "PARENT_UNIQUE_NAME", dimension: "Market" },
      { name: "CHILDREN_CARDINALITY", dimension: null },
    ]);
    expect(p.cell).toEqual(["VALUE", "FORMATTED_VALUE"]);
    expect(queryProperties("SELECT {[Sales]} ON 0 FROM Basic")).toEqual({ axes: new Map(), cell: null });
  });
});

describe("every rowset DISCOVER_SCHEMA_ROWSETS lists, as SSAS lists it, answers each restriction it lists", () => {
  /** The recorded SSAS 2008 R2 reply (may-day/olap, fixtures/xmla/may-day-olap): name → GUID, restrictions, mask. */
  const recorded = new Map(
    (() => {
      const env = parseXml(
        readFileSync(
          new URL(
            "./fixtures/xmla/may-day-olap/DISCOVER_SCHEMA_ROWSETS.testFlow.0.response.xml",
            import.meta.url,
          ),
          "utf8",
        ),
      );
      const root = child(child(child(env, "Body")?.children[0], "return"), "root");
      return kids(root, "row").map((r) => [
        child(r, "SchemaName")?.text ?? "",
        {
          guid: child(r, "SchemaGuid")?.text ?? "",
          restrictions: kids(r, "Restrictions").map(
            (x) => `${child(x, "Name")?.text}:${child(x, "Type")?.text}`,
          ),
          mask: child(r, "RestrictionsMask")?.text ?? "",
        },
      ]);
    })(),
  );

  it("lists each rowset SSAS also serves with SSAS's GUID, restrictions (names, types, order) and mask", async () => {
    const listed = rowsOf(await discover("DISCOVER_SCHEMA_ROWSETS"));
    const answer = await discover("DISCOVER_SCHEMA_ROWSETS");
    const ours = new Map(
      kids(rootOf(answer), "row").map((r) => [
        child(r, "SchemaName")?.text ?? "",
        {
          guid: child(r, "SchemaGuid")?.text ?? "",
          restrictions: kids(r, "Restrictions").map(
            (x) => `${child(x, "Name")?.text}:${child(x, "Type")?.text}`,
          ),
          mask: child(r, "RestrictionsMask")?.text ?? "",
        },
      ]),
    );
    expect(listed.length).toBe(ours.size);
    for (const name of ["MDSCHEMA_MEASUREGROUPS", "MDSCHEMA_MEASUREGROUP_DIMENSIONS"])
      expect(recorded.has(name), name).toBe(true);
    for (const [name, mine] of ours) {
      const ssas = recorded.get(name);
      if (ssas) expect(mine, name).toEqual(ssas);
    }
  });

  it("takes every restriction it lists (a value naming nothing: an empty rowset; never 'not valid')", async () => {
    const listed = rowsOf(await discover("DISCOVER_SCHEMA_ROWSETS")).map((r) => r.SchemaName as string);
    for (const type of listed) {
      for (const { Name, Type } of schemaRowsetRestrictions(type as RequestType)) {
        if (Name === "TREE_OP") continue;
        const value = Type === "xsd:string" ? "[QB No].[Such Name]" : "1";
        const a = await discover(type, { [Name]: value });
        expect(faultOf(a)?.faultstring ?? "", `${type} ${Name}`).not.toMatch(/not valid/);
      }
    }
  });
});
