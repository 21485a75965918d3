import { child } from "@qibates/protocols/xml";
import { describe, expect, it } from "vitest";
import {
  discoverBody,
  envelope,
  executeBody,
  faultOf,
  post,
  rootOf,
  rowsOf,
  xmlaForTests,
} from "./support/xmla.ts";

/**
 * Requests shaped as analysis tools send them to Analysis Services' address ("MDX as analysis tools speak it"):
 * an Excel PivotTable filtered on some regions (a subselect, `DrilldownLevel(…,,,INCLUDE_CALC_MEMBERS)`, Excel's
 * Execute properties and cell properties), a Report Builder dataset with its `@` parameters sent in the Execute's
 * `Parameters`, and a hierarchy list restricted by `HIERARCHY_ORIGIN` ([MS-SSAS] MDSCHEMA_HIERARCHIES: a bit mask,
 * 3 for user and attribute hierarchies). Values: Sample.Basic's published Jul Cola Sales (East 2248, New York 912,
 * California 912).
 */

const server = xmlaForTests();
const SSAS = "/olap/msmdpump.dll";

/** The Execute properties Excel sends beside the statement (read or ignored, never refused). */
const EXCEL = {
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

const kids = (e: ReturnType<typeof child>, name: string) =>
  (e?.children ?? []).filter((c) => c.name === name);
const answerOf = async (body: string) => post(server.origin, envelope(body), { path: SSAS });
/** The unique names of an axis's members, one string per tuple. */
const axis = (a: Awaited<ReturnType<typeof answerOf>>, name: string) =>
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
const cells = (a: Awaited<ReturnType<typeof answerOf>>) =>
  Object.fromEntries(
    kids(child(rootOf(a), "CellData"), "Cell").map((c) => [
      Number(c.attrs.CellOrdinal),
      Number(child(c, "Value")?.text),
    ]),
  );

describe("XMLA requests shaped by analysis tools", () => {
  it("an Excel PivotTable filtered to East and West: those regions and their own total, with Excel's properties", async () => {
    const a = await answerOf(
      executeBody(
        "SELECT NON EMPTY Hierarchize({DrilldownLevel({[Market]},,,INCLUDE_CALC_MEMBERS)}) " +
          "DIMENSION PROPERTIES PARENT_UNIQUE_NAME,HIERARCHY_UNIQUE_NAME ON COLUMNS  " +
          "FROM (SELECT ({[Market].[East], [Market].[West]}) ON COLUMNS  FROM [Basic]) " +
          "WHERE ([Measures].[Sales],[Product].[100-10],[Year].[Jul],[Scenario].[Actual]) " +
          "CELL PROPERTIES VALUE, FORMAT_STRING, LANGUAGE, BACK_COLOR, FORE_COLOR, FONT_FLAGS",
        EXCEL,
      ),
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
    const a = await answerOf(executeBody(statement).replace("</Execute>", `${parameters}</Execute>`));
    expect(faultOf(a)).toBeNull();
    expect(axis(a, "Axis1")).toEqual(["[Market].[New York]", "[Market].[California]"]);
    expect(cells(a)).toEqual({ 0: 912, 1: 912 });
    // A parameter the request leaves out is a fault that names it.
    const missing = await answerOf(executeBody(statement));
    expect(faultOf(missing)?.faultstring).toMatch(/@MarketState/);
  });

  it("MDSCHEMA_HIERARCHIES restricted by HIERARCHY_ORIGIN 3 (a bit mask) lists the cube's hierarchies", async () => {
    const all = rowsOf(
      await answerOf(discoverBody("MDSCHEMA_HIERARCHIES", { CUBE_NAME: "Basic" }, { Catalog: "Sample" })),
    );
    const rows = rowsOf(
      await answerOf(
        discoverBody(
          "MDSCHEMA_HIERARCHIES",
          { CUBE_NAME: "Basic", HIERARCHY_ORIGIN: "3", HIERARCHY_VISIBILITY: "3" },
          { Catalog: "Sample" },
        ),
      ),
    );
    expect(rows.map((r) => r.HIERARCHY_UNIQUE_NAME)).toEqual(all.map((r) => r.HIERARCHY_UNIQUE_NAME));
    expect(rows.map((r) => r.HIERARCHY_UNIQUE_NAME)).toContain("[Year]");
  });
});
