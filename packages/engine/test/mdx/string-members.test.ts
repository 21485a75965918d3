import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { resolveSettings } from "../../src/grid/index.ts";
import {
  cellAt,
  decodeMdxResult,
  encodeMdxResult,
  executeMdx,
  MdxError,
  parseMdx,
  runMdxGrid,
} from "../../src/mdx/index.ts";

/**
 * Calculated members whose value is a string, as Report Builder's parameter datasets define them
 * (`ParameterCaption`, `ParameterValue`, `ParameterLevel` over a hierarchy's `ALLMEMBERS`): each cell holds the
 * string, in the result and in the grid `action/mdx` returns; where a number is needed the string is refused.
 */

let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

/** The parameter dataset Report Builder writes for a parameter on Market. */
const PARAMETER_LIST =
  "WITH MEMBER [Measures].[ParameterCaption] AS [Market].CURRENTMEMBER.MEMBER_CAPTION " +
  "MEMBER [Measures].[ParameterValue] AS [Market].CURRENTMEMBER.UNIQUENAME " +
  "MEMBER [Measures].[ParameterLevel] AS [Market].CURRENTMEMBER.LEVEL.ORDINAL " +
  "SELECT {[Measures].[ParameterCaption], [Measures].[ParameterValue], [Measures].[ParameterLevel]} ON COLUMNS, " +
  "[Market].ALLMEMBERS ON ROWS FROM [Basic]";

describe("a calculated member that gives a string", () => {
  it("Report Builder's parameter list: each member's caption, unique name and level, row by row", () => {
    const r = executeMdx(cube, PARAMETER_LIST, { dialect: "ssas" });
    const rows = (r.axes[1]?.tuples ?? []).map((_, i) => [0, 1, 2].map((j) => cellAt(r, [j, i])));
    expect(rows.slice(0, 3)).toEqual([
      ["Market", "[Market]", 0],
      ["East", "[Market].[East]", 1],
      ["New York", "[Market].[New York]", 2],
    ]);
    // Every Market member, each with its own unique name.
    expect(rows).toHaveLength(cube.outline.dimension("Market")?.members.length ?? 0);
    expect(rows.find((row) => row[0] === "California")).toEqual(["California", "[Market].[California]", 2]);
  });

  it("in Essbase's dialect, MEMBER_CAPTION is the name and string functions give strings too", () => {
    const r = executeMdx(
      cube,
      "WITH MEMBER [Measures].[Caption] AS [Product].CurrentMember.MEMBER_CAPTION " +
        "MEMBER [Measures].[Label] AS Concat([Product].CurrentMember.MEMBER_NAME, ' sold') " +
        "SELECT {[Measures].[Caption], [Measures].[Label], [Measures].[Sales]} ON COLUMNS, {[Product].[100]} ON ROWS " +
        "FROM Sample.Basic WHERE ([Year].[Jul], [Market].[East], [Scenario].[Actual])",
    );
    expect(r.cells).toEqual(["100", "100 sold", expect.any(Number)]);
  });

  it("in Microsoft's dialect, + joins two strings; in Essbase's it is refused", () => {
    const query =
      'WITH MEMBER [Measures].[Label] AS \'"|" + LCase([Product].CurrentMember.Name) + "|"\' ' +
      "SELECT {[Measures].[Label]} ON COLUMNS, {[Product].[100]} ON ROWS FROM [Basic]";
    expect(executeMdx(cube, query, { dialect: "ssas" }).cells).toEqual(["|100|"]);
    expect(() => executeMdx(cube, query)).toThrow(MdxError);
  });

  it("NON EMPTY keeps a row whose only values are strings", () => {
    const r = executeMdx(
      cube,
      "WITH MEMBER [Measures].[Caption] AS [Market].CurrentMember.MEMBER_NAME " +
        "SELECT NON EMPTY {[Measures].[Caption]} ON COLUMNS, NON EMPTY {[Market].[East], [Market].[West]} ON ROWS " +
        "FROM Sample.Basic",
    );
    expect(r.cells).toEqual(["East", "West"]);
  });

  it("a string where a number is needed is refused, naming the member", () => {
    const q =
      "WITH MEMBER [Measures].[Caption] AS [Market].CurrentMember.MEMBER_CAPTION " +
      "MEMBER [Measures].[Twice] AS [Measures].[Caption] * 2 " +
      "SELECT {[Measures].[Twice]} ON COLUMNS FROM Sample.Basic";
    expect(() => executeMdx(cube, q)).toThrow(MdxError);
    expect(() => executeMdx(cube, q)).toThrow(
      "The calculated member Caption gives a string where a number is needed",
    );
  });

  it("the strings cross from one thread to another (a grid worker's answer)", () => {
    const q = parseMdx(PARAMETER_LIST);
    const r = executeMdx(cube, q, { dialect: "ssas" });
    const back = decodeMdxResult(cube, q, encodeMdxResult(cube.outline, r));
    expect(back.cells).toEqual(r.cells);
    expect(back.cells.slice(0, 3)).toEqual(["Market", "[Market]", 0]);
  });

  it("action/mdx's grid shows the strings in their cells, as data", () => {
    const g = runMdxGrid(
      cube,
      "WITH MEMBER [Measures].[Caption] AS [Market].CurrentMember.MEMBER_NAME " +
        "MEMBER [Measures].[Unique] AS [Market].CurrentMember.UNIQUENAME " +
        "SELECT {[Measures].[Caption], [Measures].[Unique], [Measures].[Sales]} ON COLUMNS, " +
        "{[Market].[East], [Market].[New York]} ON ROWS FROM Sample.Basic " +
        "WHERE ([Year].[Jul], [Product].[100-10], [Scenario].[Actual])",
      { settings: resolveSettings({ suppressMissingRows: true }) },
    );
    const rows = g.grid.slice(-2).map((row) => row.map((c) => c.trim()));
    expect(rows).toEqual([
      ["East", "East", "[Market].[East]", "2248"],
      ["New York", "New York", "[Market].[New York]", "912"],
    ]);
    expect(g.kinds.slice(-2).map((k) => k.slice(1))).toEqual([
      ["data", "data", "data"],
      ["data", "data", "data"],
    ]);
  });
});
