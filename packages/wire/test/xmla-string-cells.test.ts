import { child } from "@qibates/protocols/xml";
import { describe, expect, it } from "vitest";
import { faultOf, rootOf, rowsetColumns, rowsOf, xmlaCalls, xmlaForTests } from "./support/xmla.ts";

/**
 * Cells that hold a string, as Report Builder's parameter datasets ask for them at Analysis Services' address:
 * `ParameterCaption` (the member's caption: the `Default` alias there), `ParameterValue` (its unique name) and
 * `ParameterLevel` (its depth) of each member of a hierarchy. A string's `Value` is typed `xsd:string`, as Analysis
 * Services types a cell by what it holds, with the string as its `FmtValue`; numbers stay `xsd:double`.
 */

const server = xmlaForTests();
const SSAS = "/olap/msmdpump.dll";

const PARAMETER_LIST =
  "WITH MEMBER [Measures].[ParameterCaption] AS [Product].CURRENTMEMBER.MEMBER_CAPTION " +
  "MEMBER [Measures].[ParameterValue] AS [Product].CURRENTMEMBER.UNIQUENAME " +
  "MEMBER [Measures].[ParameterLevel] AS [Product].CURRENTMEMBER.LEVEL.ORDINAL " +
  "SELECT {[Measures].[ParameterCaption], [Measures].[ParameterValue], [Measures].[ParameterLevel]} ON COLUMNS, " +
  "[Product].ALLMEMBERS ON ROWS FROM [Basic]";

const xmla = xmlaCalls(server, SSAS);
const run = (statement: string, properties: Record<string, string> = {}) =>
  xmla.execute(statement, properties);

/** Each cell of an MDDataSet answer by ordinal: its Value's type and text, and its FmtValue. */
const cellsOf = async (statement: string, properties: Record<string, string> = {}) => {
  const a = await run(statement, properties);
  expect(faultOf(a)?.faultstring).toBeUndefined();
  const cells = (child(rootOf(a), "CellData")?.children ?? []).filter((c) => c.name === "Cell");
  return new Map(
    cells.map((c) => {
      const value = child(c, "Value");
      return [
        Number(c.attrs.CellOrdinal),
        [value?.attrs["xsi:type"] ?? value?.attrs.type, value?.text, child(c, "FmtValue")?.text],
      ];
    }),
  );
};

describe("string cells in an Execute answer", () => {
  it("Report Builder's parameter list: the caption and unique name as xsd:string, the level as a number", async () => {
    const cells = await cellsOf(PARAMETER_LIST);
    // Row 0: Product itself; row 1: 100, Colas; row 2: 100-10, Cola.
    expect(cells.get(0)).toEqual(["xsd:string", "Product", "Product"]);
    expect(cells.get(1)).toEqual(["xsd:string", "[Product]", "[Product]"]);
    expect(cells.get(2)).toEqual(["xsd:double", "0", "0"]);
    expect(cells.get(3)).toEqual(["xsd:string", "Colas", "Colas"]);
    expect(cells.get(4)).toEqual(["xsd:string", "[Product].[100]", "[Product].[100]"]);
    expect(cells.get(5)).toEqual(["xsd:double", "1", "1"]);
    expect(cells.get(6)).toEqual(["xsd:string", "Cola", "Cola"]);
    expect(cells.get(7)).toEqual(["xsd:string", "[Product].[100-10]", "[Product].[100-10]"]);
  });

  it("a string is written as XML text (escaped), and with CELL PROPERTIES as asked", async () => {
    const cells = await cellsOf(
      "WITH MEMBER [Measures].[Label] AS Concat([Market].CurrentMember.MEMBER_NAME, ' & <co>') " +
        "SELECT {[Measures].[Label], [Measures].[Sales]} ON COLUMNS FROM [Basic] " +
        "WHERE ([Market].[East], [Year].[Jul], [Product].[100-10], [Scenario].[Actual]) " +
        "CELL PROPERTIES VALUE, FORMATTED_VALUE, CELL_ORDINAL",
    );
    expect(cells.get(0)).toEqual(["xsd:string", "East & <co>", "East & <co>"]);
    expect(cells.get(1)).toEqual(["xsd:double", "2248", "2,248"]);
  });

  it("Excel's CUBEMEMBERPROPERTY: a member's caption and an attribute, each in a string cell", async () => {
    const cells = await cellsOf(
      'WITH MEMBER [Measures].[Caption] AS [Product].[100-10].Properties("MEMBER_CAPTION") ' +
        'MEMBER [Measures].[Caffeinated] AS [Product].[100-10].Properties("Caffeinated", TYPED) ' +
        "SELECT {[Measures].[Caption], [Measures].[Caffeinated]} ON COLUMNS FROM [Basic]",
    );
    expect(cells.get(0)).toEqual(["xsd:string", "Cola", "Cola"]);
    expect(cells.get(1)).toEqual(["xsd:string", "True", "True"]);
  });

  it("in the Tabular format, a column of strings is typed xsd:string and holds them", async () => {
    const a = await run(PARAMETER_LIST, { Format: "Tabular" });
    expect(faultOf(a)).toBeNull();
    const schema = rootOf(a).children.find((c) => c.name === "schema");
    const row = schema?.children.find((c) => c.name === "complexType" && c.attrs.name === "row");
    const types = Object.fromEntries(
      (child(row, "sequence")?.children ?? []).map((e) => [e.attrs.field, e.attrs.type]),
    );
    expect(types["[Measures].[ParameterCaption]"]).toBe("xsd:string");
    expect(types["[Measures].[ParameterValue]"]).toBe("xsd:string");
    expect(types["[Measures].[ParameterLevel]"]).toBe("xsd:double");
    const names = rowsetColumns(a).map(([name]) => name);
    const rows = rowsOf(a);
    const caption = names.find((n) => n.includes("ParameterCaption")) as string;
    const value = names.find((n) => n.includes("ParameterValue")) as string;
    expect(rows.slice(1, 3).map((r) => [r[caption], r[value]])).toEqual([
      ["Colas", "[Product].[100]"],
      ["Cola", "[Product].[100-10]"],
    ]);
  });
});
