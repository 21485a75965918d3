import { describe, expect, it } from "vitest";
import {
  envelope,
  executeBody,
  faultOf,
  post,
  rootOf,
  rowsetColumns,
  rowsOf,
  XA,
  xmlaForTests,
} from "./support/xmla.ts";

/**
 * Discover as analysis tools send it, third round: restrictions of several values, and the `Content` and `Format`
 * properties. A restriction takes several values where the XML for Analysis 1.1 specification types it as an
 * array (PropertyName, LiteralName, EnumName, Keyword, ProviderType) and where olap4j-xmlaserver reads a list
 * (SchemaName, MDSCHEMA_MEMBERS' MEMBER_UNIQUE_NAME); olap4j sends them as the element repeated, xmla4js as
 * `Value` children of one element. Any other restriction takes one value. A Discover answers a rowset
 * ("Metadata is returned using the XMLA Rowset data type"), its schema and rows as `Content` asks
 * (SchemaData, Schema, Data, None).
 */

const server = xmlaForTests();
const SSAS = "/olap/msmdpump.dll";

/** A Discover whose RestrictionList is written as the tool writes it. */
const answer = (type: string, list: string, properties = "<Catalog>Sample</Catalog>") =>
  post(
    server.origin,
    envelope(
      `<Discover xmlns="${XA}"><RequestType>${type}</RequestType>` +
        `<Restrictions><RestrictionList>${list}</RestrictionList></Restrictions>` +
        `<Properties><PropertyList>${properties}</PropertyList></Properties></Discover>`,
    ),
    { path: SSAS },
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
        const a = await post(server.origin, envelope(executeBody(statement, { AxisFormat: axisFormat })), {
          path: SSAS,
        });
        expect(faultOf(a), axisFormat).toBeNull();
        return a.text;
      }),
    );
    expect(texts[1]).toBe(texts[0]);
    expect(texts[0]).toContain("<UName>[Market].[West]</UName>");
    const cluster = await post(
      server.origin,
      envelope(executeBody(statement, { AxisFormat: "ClusterFormat" })),
      { path: SSAS },
    );
    expect(faultOf(cluster)?.faultstring).toBe(
      "Execute answers the TupleFormat axis format only, not ClusterFormat.",
    );
  });
});
