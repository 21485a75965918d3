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
 * What analysis tools read when they connect, before any query ("MDX as analysis tools speak it", second round).
 * Excel reads the server's MDX capabilities from DISCOVER_PROPERTIES and turns features on or off by their bits
 * ("OLE DB for OLAP Properties Used by Excel", learn.microsoft.com): MDPROP_MDX_SUBQUERIES with its two lowest
 * bits set enables label, date and value filters; MDPROP_MDX_DRILL_FUNCTIONS with its two lowest bits, tuple
 * drilling with DrilldownLevel and DrilldownMember; MDPROP_FLATTENING_SUPPORT must be full support and
 * MDPROP_NAMED_LEVELS have its lowest bit, or Excel refuses the provider; DBPROP_DBMSVER (ProviderVersion) must be
 * a string. Names and types as the recorded SSAS 2008 R2 reply. Then the schema rowsets, restricted as the tools
 * restrict them: CUBE_SOURCE and the *_VISIBILITY restrictions are bit masks ([MS-SSAS]).
 */

const server = xmlaForTests();
const SSAS = "/olap/msmdpump.dll";
/** The properties Excel's provider sends with its Discover requests. */
const EXCEL = { LocaleIdentifier: "1033", Catalog: "Sample", Format: "Tabular", Content: "SchemaData" };

const discover = async (type: string, restrictions: Record<string, string> = {}) => {
  const a = await post(server.origin, envelope(discoverBody(type, restrictions, EXCEL)), { path: SSAS });
  expect(faultOf(a)).toBeNull();
  return rowsOf(a);
};
/** The one row DISCOVER_PROPERTIES answers for a property, as Excel asks for it. */
const property = async (name: string) => {
  const rows = await discover("DISCOVER_PROPERTIES", { PropertyName: name });
  expect(rows, name).toHaveLength(1);
  return rows[0] as Record<string, string>;
};
/** An Execute's cells, by ordinal. */
const cells = async (statement: string) => {
  const a = await post(server.origin, envelope(executeBody(statement)), { path: SSAS });
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
    const shaped = await cells(
      "SELECT {[Measures].[Sales]} ON 0, {[Market].[East], [Market].[West], [Market]} ON 1 " +
        "FROM (SELECT {([Market].[East], [Product].[100]), ([Market].[West], [Product].[200])} ON 0 FROM [Basic]) " +
        "WHERE ([Year].[Jul], [Scenario].[Actual])",
    );
    expect(shaped).toEqual([2384, 3727, 2384 + 3727]);
    const [visual, nonVisual] = await Promise.all(
      ["", "NON VISUAL "].map((nv) =>
        cells(
          `SELECT {[Measures].[Sales]} ON 0, {[Market]} ON 1 FROM ${nv}(SELECT {[Market].[East]} ON 0 FROM [Basic]) ` +
            "WHERE ([Year].[Jul], [Scenario].[Actual], [Product].[100])",
        ),
      ),
    );
    expect(visual).toEqual([2384]);
    expect(nonVisual?.[0]).toBeGreaterThan(2384);
    const drilled = await cells(
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
    for (const [type, restriction] of [
      ["MDSCHEMA_DIMENSIONS", "DIMENSION_VISIBILITY"],
      ["MDSCHEMA_HIERARCHIES", "HIERARCHY_VISIBILITY"],
      ["MDSCHEMA_LEVELS", "LEVEL_VISIBILITY"],
      ["MDSCHEMA_MEASURES", "MEASURE_VISIBILITY"],
      ["MDSCHEMA_PROPERTIES", "PROPERTY_VISIBILITY"],
    ] as const) {
      const all = await discover(type, { CUBE_NAME: "Basic" });
      expect(all.length, type).toBeGreaterThan(0);
      expect(await discover(type, { CUBE_NAME: "Basic", [restriction]: "3" }), type).toEqual(all);
      expect(await discover(type, { CUBE_NAME: "Basic", [restriction]: "2" }), type).toEqual([]);
    }
  });
});
