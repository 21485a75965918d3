import { child } from "@qibates/protocols/xml";
import { describe, expect, it } from "vitest";
import { faultOf, rootOf, rowsOf, xmlaCalls, xmlaForTests } from "./support/xmla.ts";

/**
 * An Execute's `Content`, as Microsoft's XMLA reference defines it ("Supported XMLA Properties"): `None` checks the
 * command without running it, `Schema` returns the schema without data; and DISCOVER_ENUMERATORS listing the
 * formats an Execute accepts (`Native`, `CustomFormat`). Value: Sample.Basic's published Jan Actual Cola Sales of
 * New York, 36.
 */

const server = xmlaForTests();
const xmla = xmlaCalls(server);
const run = (statement: string, properties: Record<string, string> = {}) =>
  xmla.execute(statement, properties);

const NEW_YORK_COLA_JAN =
  "SELECT {[Jan]} ON COLUMNS FROM [Basic] WHERE ([Sales], [100-10], [New York], [Actual])";

/** The value of New York's Jan Cola Sales, as the endpoint reads it now. */
const newYorkColaJan = async () => {
  const a = await run(NEW_YORK_COLA_JAN);
  return child(child(child(rootOf(a), "CellData"), "Cell"), "Value")?.text;
};

describe("Execute with Content None: the command is checked, not run", () => {
  it("a SELECT returns an empty result: no axes, no cells", async () => {
    for (const format of ["Multidimensional", "Tabular", "Native"]) {
      const a = await run("SELECT {[Jan], [Feb]} ON COLUMNS, {[East]} ON ROWS FROM [Basic]", {
        Content: "None",
        Format: format,
      });
      expect(faultOf(a), format).toBeNull();
      const root = rootOf(a);
      expect(root.children, format).toEqual([]);
      expect(a.text, format).toContain('<root xmlns="urn:schemas-microsoft-com:xml-analysis:empty"/>');
    }
  });

  it("an UPDATE CUBE writes nothing", async () => {
    const before = await newYorkColaJan();
    expect(before).toBe("36");
    const a = await run("UPDATE CUBE [Basic] SET ([Jan], [Sales], [100-10], [New York], [Actual]) = 40", {
      Content: "None",
    });
    expect(faultOf(a)).toBeNull();
    expect(await newYorkColaJan()).toBe("36");
  });

  it("what the check finds is still a fault: syntax, cube, format, cell properties", async () => {
    const fault = async (statement: string, properties: Record<string, string> = {}) =>
      faultOf(await run(statement, { Content: "None", ...properties }))?.faultstring;
    expect(await fault("SELECT {[Jan] ON COLUMNS FROM [Basic]")).toMatch(/line 1/);
    expect(await fault("SELECT {[Jan]} ON COLUMNS FROM [Nothing]")).toMatch(/Nothing/);
    expect(await fault("SELECT {[Jan]} ON COLUMNS FROM [Basic]", { Format: "Rows" })).toMatch(/Rows/);
    expect(await fault("SELECT {[Jan]} ON COLUMNS FROM [Basic] CELL PROPERTIES COLOUR")).toMatch(/COLOUR/);
  });
});

describe("Execute with Content Schema: the schema without data", () => {
  it("an MDDataSet's XML schema and OlapInfo, without Axes nor CellData", async () => {
    const a = await run(NEW_YORK_COLA_JAN, { Content: "Schema" });
    expect(faultOf(a)).toBeNull();
    expect(rootOf(a).children.map((c) => c.name)).toEqual(["schema", "OlapInfo"]);
  });

  it("a Tabular answer's XML schema, without rows", async () => {
    const a = await run(NEW_YORK_COLA_JAN, { Content: "Schema", Format: "Tabular" });
    expect(faultOf(a)).toBeNull();
    expect(rootOf(a).children.map((c) => c.name)).toEqual(["schema"]);
  });
});

describe("DISCOVER_ENUMERATORS lists every format an Execute accepts", () => {
  it("Native among the formats, CustomFormat among the axis formats, each accepted by Execute", async () => {
    const rows = rowsOf(await xmla.discover("DISCOVER_ENUMERATORS", {}, {}));
    const of = (name: string) => rows.filter((r) => r.EnumName === name);
    expect(of("ResultsetFormat").map((r) => r.ElementName)).toEqual([
      "Tabular",
      "Multidimensional",
      "Native",
    ]);
    expect(of("ResultsetAxisFormat").map((r) => [r.ElementName, r.ElementValue])).toEqual([
      ["TupleFormat", "70"],
      ["CustomFormat", "72"],
    ]);
    for (const axisFormat of of("ResultsetAxisFormat").map((r) => r.ElementName as string))
      for (const format of of("ResultsetFormat").map((r) => r.ElementName as string)) {
        const a = await run(NEW_YORK_COLA_JAN, { Format: format, AxisFormat: axisFormat });
        expect(faultOf(a), `${format} ${axisFormat}`).toBeNull();
      }
  });
});
