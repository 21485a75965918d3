import { describe, expect, it } from "vitest";
import { rowsetColumns, rowsOf, xmlaCalls, xmlaForTests } from "./support/xmla.ts";

/**
 * A hierarchy's levels on Essbase's XMLA addresses as Oracle maps MDSCHEMA_LEVELS for Essbase (Essbase
 * API reference, "MDSCHEMA_LEVELS Rowset", https://docs.oracle.com/cd/E36352_01/epm.1112/esb_api_ref/ch28s03s10.html):
 * LEVEL_NUMBER is the Essbase level number; LEVEL_TYPE is MDLEVEL_TYPE_ALL for the dimension level,
 * MDLEVEL_TYPE_TIME for a dimension of type time and MDLEVEL_TYPE_REGULAR otherwise; LEVEL_UNIQUE_SETTINGS is 2
 * (MDDIMENSIONS_MEMBER_NAME_UNIQUE); two further columns, ESSBASE_GEN_UNIQUE_NAME and ESSBASE_GEN_CAPTION, carry
 * the generation. A client that takes a hierarchy's first level for its root members must list the
 * dimension, Market, not its twenty states (level 0). Values (OLE DB for OLAP): MDLEVEL_TYPE_REGULAR 0, _ALL 1, _TIME 4.
 */

const server = xmlaForTests();

const ESSBASE = ["/aps/XMLA", "/essbase/xmla"];

describe("MDSCHEMA_LEVELS on Essbase's addresses, as Oracle's mapping for Essbase", () => {
  it("the first level of Market is the dimension level, MDLEVEL_TYPE_ALL, whose members are Market alone", async () => {
    for (const path of ESSBASE) {
      const calls = xmlaCalls(server, path);
      const levels = rowsOf(await calls.discover("MDSCHEMA_LEVELS", { HIERARCHY_UNIQUE_NAME: "[Market]" }));
      const first = levels[0];
      expect(first?.LEVEL_TYPE, path).toBe("1");
      const roots = rowsOf(
        await calls.discover("MDSCHEMA_MEMBERS", { LEVEL_UNIQUE_NAME: first?.LEVEL_UNIQUE_NAME ?? "" }),
      );
      expect(
        roots.map((r) => r.MEMBER_UNIQUE_NAME),
        path,
      ).toEqual(["[Market]"]);
    }
  });

  it("each level carries its Essbase level number, its type, unique settings 2 and the generation's name", async () => {
    for (const path of ESSBASE) {
      const calls = xmlaCalls(server, path);
      const market = rowsOf(await calls.discover("MDSCHEMA_LEVELS", { HIERARCHY_UNIQUE_NAME: "[Market]" }));
      expect(
        market.map((r) => [
          r.LEVEL_UNIQUE_NAME,
          r.LEVEL_NUMBER,
          r.LEVEL_CARDINALITY,
          r.LEVEL_TYPE,
          r.LEVEL_UNIQUE_SETTINGS,
          r.LEVEL_IS_VISIBLE,
          r.ESSBASE_GEN_UNIQUE_NAME,
          r.ESSBASE_GEN_CAPTION,
        ]),
        path,
      ).toEqual([
        ["[Market].[Lev2,Market]", "2", "1", "1", "2", "true", "[Market].[Gen1,Market]", "Gen1,Market"],
        ["[Market].[Lev1,Market]", "1", "4", "0", "2", "true", "[Market].[Region]", "Region"],
        ["[Market].[Lev0,Market]", "0", "20", "0", "2", "true", "[Market].[State]", "State"],
      ]);
      // Year is of type time: its levels below the dimension level are MDLEVEL_TYPE_TIME.
      const year = rowsOf(await calls.discover("MDSCHEMA_LEVELS", { HIERARCHY_UNIQUE_NAME: "[Year]" }));
      expect(
        year.map((r) => [r.LEVEL_NUMBER, r.LEVEL_TYPE]),
        path,
      ).toEqual([
        ["2", "1"],
        ["1", "4"],
        ["0", "4"],
      ]);
      // The rowset's schema declares the two columns after the standard ones.
      expect(
        rowsetColumns(await calls.discover("MDSCHEMA_LEVELS", { HIERARCHY_UNIQUE_NAME: "[Year]" }))
          .map(([name]) => name)
          .slice(-2),
        path,
      ).toEqual(["ESSBASE_GEN_UNIQUE_NAME", "ESSBASE_GEN_CAPTION"]);
    }
  });

  it("MDSCHEMA_MEMBERS carries the Essbase level, the generation and the Default alias (Oracle's mapping)", async () => {
    // "MDSCHEMA_MEMBERS Rowset": LEVEL_NUMBER the level number, GENERATION_NUMBER the generation number,
    // MEMBER_ALIAS the default alias (https://docs.oracle.com/cd/E36352_01/epm.1112/esb_api_ref/ch28s03s07.html).
    for (const path of ESSBASE) {
      const calls = xmlaCalls(server, path);
      const answer = await calls.discover("MDSCHEMA_MEMBERS", { MEMBER_UNIQUE_NAME: "[Product].[100-10]" });
      expect(
        rowsOf(answer).map((r) => [r.LEVEL_NUMBER, r.GENERATION_NUMBER, r.MEMBER_ALIAS]),
        path,
      ).toEqual([["0", "3", "Cola"]]);
      expect(
        rowsetColumns(answer)
          .map(([name]) => name)
          .slice(-2),
        path,
      ).toEqual(["GENERATION_NUMBER", "MEMBER_ALIAS"]);
    }
  });

  it("Analysis Services' address is unchanged: levels from the root, no ESSBASE_GEN_ column", async () => {
    const calls = xmlaCalls(server, "/olap/msmdpump.dll");
    const answer = await calls.discover("MDSCHEMA_LEVELS", { HIERARCHY_UNIQUE_NAME: "[Market]" });
    expect(rowsOf(answer).map((r) => [r.LEVEL_NUMBER, r.LEVEL_UNIQUE_NAME, r.LEVEL_TYPE])).toEqual([
      ["0", "[Market].[Gen1,Market]", "1"],
      ["1", "[Market].[Region]", "0"],
      ["2", "[Market].[State]", "0"],
    ]);
    expect(rowsetColumns(answer).some(([name]) => name.startsWith("ESSBASE_"))).toBe(false);
    const cola = await calls.discover("MDSCHEMA_MEMBERS", { MEMBER_UNIQUE_NAME: "[Product].[100-10]" });
    expect(
      rowsetColumns(cola).some(([name]) => name === "GENERATION_NUMBER" || name === "MEMBER_ALIAS"),
    ).toBe(false);
  });
});
