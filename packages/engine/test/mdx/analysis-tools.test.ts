import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { cellAt, executeMdx, type MdxResult } from "../../src/mdx/index.ts";
import type { Member } from "../../src/outline.ts";
import { EAST_STATES } from "../support/sample-basic.ts";

/**
 * MDX as analysis tools write it (issue: "MDX as analysis tools speak it"): the shapes Excel PivotTables, Power BI,
 * Report Builder and Tableau send to an Analysis Services address, read in Microsoft's dialect. Values are the
 * published Sample.Basic figures the demo data pins (Jul Cola Sales: East 2248, New York 912; Jan Cola Sales: East
 * 109, New York 36; Product 100 by quarter 7048/7872/8511/7037).
 */

let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const run = (q: string): MdxResult => executeMdx(cube, q, { dialect: "ssas" });
const axis = (r: MdxResult, k: number): string[] =>
  (r.axes[k]?.tuples ?? []).map((t) => t.map((m) => m.name).join("/"));

/** A cell read straight from the cube: the named members, every other base dimension at its top. */
const read = (...names: string[]): number => {
  const members = names.map((n) => cube.outline.member(n) as Member);
  const tuple = cube.outline.baseDimensions.map((d) => members.find((m) => m.dimension === d) ?? d.root);
  return cube.read(tuple) as number;
};
const JUL_COLA = "([Product].[100-10],[Year].[Jul],[Scenario].[Actual])";

describe("MDX as Excel PivotTables write it", () => {
  it("a PivotTable's column field: DrilldownLevel with INCLUDE_CALC_MEMBERS, its properties and cell properties", () => {
    const r = run(
      "SELECT NON EMPTY Hierarchize({DrilldownLevel({[Year]},,,INCLUDE_CALC_MEMBERS)}) " +
        "DIMENSION PROPERTIES PARENT_UNIQUE_NAME,HIERARCHY_UNIQUE_NAME ON COLUMNS FROM [Basic] " +
        "WHERE ([Measures].[Sales],[Scenario].[Actual],[Product].[100]) " +
        "CELL PROPERTIES VALUE, FORMAT_STRING, LANGUAGE, BACK_COLOR, FORE_COLOR, FONT_FLAGS",
    );
    expect(axis(r, 0)).toEqual(["Year", "Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(r.cells).toEqual([7048 + 7872 + 8511 + 7037, 7048, 7872, 8511, 7037]);
  });

  it("INCLUDE_CALC_MEMBERS brings the query's calculated members under a drilled member after its children", () => {
    const r = run(
      "WITH MEMBER [Year].[H1] AS [Year].[Qtr1] + [Year].[Qtr2] " +
        "SELECT DrilldownLevel({[Year]},,,INCLUDE_CALC_MEMBERS) ON 0 FROM [Basic] " +
        "WHERE ([Measures].[Sales],[Scenario].[Actual],[Product].[100])",
    );
    expect(axis(r, 0)).toEqual(["Year", "Qtr1", "Qtr2", "Qtr3", "Qtr4", "H1"]);
    expect(cellAt(r, [5])).toBe(7048 + 7872);
    // Without the flag, the drill stays to the outline's children.
    const plain = run(
      "WITH MEMBER [Year].[H1] AS [Year].[Qtr1] + [Year].[Qtr2] SELECT DrilldownLevel({[Year]}) ON 0 FROM [Basic]",
    );
    expect(axis(plain, 0)).toEqual(["Year", "Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
  });

  it("a PivotTable expanding one region: DrilldownMember with five arguments, the states under East", () => {
    const r = run(
      "SELECT {[Year].[Jan]} ON COLUMNS, NON EMPTY Hierarchize(DrilldownMember({{DrilldownLevel({[Market]},,,INCLUDE_CALC_MEMBERS)}}, " +
        "{[Market].[East]},,,INCLUDE_CALC_MEMBERS)) DIMENSION PROPERTIES PARENT_UNIQUE_NAME,HIERARCHY_UNIQUE_NAME ON ROWS " +
        "FROM [Basic] WHERE ([Measures].[Sales],[Product].[100-10],[Scenario].[Actual])",
    );
    const rows = axis(r, 1);
    expect(rows.slice(0, 7)).toEqual(["Market", "East", ...EAST_STATES]);
    expect(rows.slice(7)).toEqual(["West", "South", "Central"]);
    expect([cellAt(r, [0, 1]), cellAt(r, [0, 2])]).toEqual([109, 36]);
  });

  it("a drill's last argument is INCLUDE_CALC_MEMBERS or nothing: another word is refused, naming it", () => {
    expect(() => run("SELECT DrilldownLevel({[Year]},,,VISUAL) ON 0 FROM [Basic]")).toThrow(/VISUAL/);
  });

  it("DrilldownLevel's index in the third place, the level left out, drills that position of the tuples", () => {
    const r = run("SELECT DrilldownLevel({([Year], [Market].[East])},,0) ON 0 FROM [Basic]");
    expect(axis(r, 0)).toEqual(["Year/East", "Qtr1/East", "Qtr2/East", "Qtr3/East", "Qtr4/East"]);
  });

  it("a label filter reads [Market].CurrentMember.MEMBER_CAPTION, as Excel writes it", () => {
    const r = run(
      'SELECT Filter(Descendants([Market], 2), Left([Market].CurrentMember.MEMBER_CAPTION, 3) = "New") ON 0 FROM [Basic]',
    );
    expect(axis(r, 0)).toEqual(["New York", "New Hampshire", "New Mexico"]);
  });

  it("MEMBER_CAPTION is the caption the tools show, the Default alias: a label filter on Product finds Colas", () => {
    const r = run(
      'SELECT Filter([Product].Children, Left([Product].CurrentMember.MEMBER_CAPTION, 1) = "C") ON 0 FROM [Basic]',
    );
    expect(axis(r, 0)).toEqual(["100", "300"]);
    // Essbase's dialect keeps the name.
    const essbase = executeMdx(
      cube,
      'SELECT Filter([Product].Children, [Product].CurrentMember.Properties("MEMBER_CAPTION") = "100") ON 0 FROM [Basic]',
    );
    expect(axis(essbase, 0)).toEqual(["100"]);
  });

  it("MEMBER_UNIQUE_NAME, MEMBER_NAME and MEMBER_KEY read as methods too", () => {
    const r = run(
      'SELECT Filter([Market].Children, [Market].CurrentMember.MEMBER_UNIQUE_NAME = "[Market].[East]" OR ' +
        '[Market].CurrentMember.MEMBER_KEY = "West" OR [Market].CurrentMember.MEMBER_NAME = "South") ON 0 FROM [Basic]',
    );
    expect(axis(r, 0)).toEqual(["East", "West", "South"]);
  });

  it("a member by its key, &[East] (with its level or not), is the member of that name", () => {
    const r = run(
      "SELECT {[Market].[Region].&[East], [Market].&[New York]} ON 0 FROM [Basic] " +
        "WHERE ([Measures].[Sales],[Product].&[100-10],[Year].&[Jul],[Scenario].[Actual])",
    );
    expect(axis(r, 0)).toEqual(["East", "New York"]);
    expect(r.cells).toEqual([2248, 912]);
  });
});

describe("Subselects, as Excel's filters and Report Builder's parameters send them", () => {
  it("a PivotTable filtered to East and West: the other regions are left out, the total counts East and West only", () => {
    const r = run(
      "SELECT {[Measures].[Sales]} ON COLUMNS, NON EMPTY Hierarchize({DrilldownLevel({[Market]},,,INCLUDE_CALC_MEMBERS)}) " +
        "DIMENSION PROPERTIES PARENT_UNIQUE_NAME,HIERARCHY_UNIQUE_NAME ON ROWS " +
        `FROM (SELECT ({[Market].[East], [Market].[West]}) ON COLUMNS FROM [Basic]) WHERE ${JUL_COLA}`,
    );
    expect(axis(r, 1)).toEqual(["Market", "East", "West"]);
    const west = read("West", "Sales", "100-10", "Jul", "Actual");
    expect(r.cells).toEqual([2248 + west, 2248, west]);
    expect(read("Market", "Sales", "100-10", "Jul", "Actual")).not.toBe(2248 + west);
  });

  it("a report filter of several states (the dimension on no axis): the cells are the states' total", () => {
    const r = run(
      "SELECT {[Measures].[Sales], [Measures].[Profit]} ON 0 " +
        "FROM (SELECT {[Market].[East].[New York], [Market].[West].[California]} ON 0 FROM [Basic]) " +
        `WHERE ${JUL_COLA}`,
    );
    expect(r.cells).toEqual([912 + 912, 370 + 370]);
  });

  it("a ratio over a filter is computed from the filtered totals, not added up (Margin %)", () => {
    const r = run(
      "SELECT {[Measures].[Margin %]} ON 0, {[Market]} ON 1 " +
        "FROM (SELECT {[Market].[East], [Market].[West]} ON 0 FROM [Basic]) WHERE ([Scenario].[Actual])",
    );
    const margin = read("East", "Margin", "Actual") + read("West", "Margin", "Actual");
    const sales = read("East", "Sales", "Actual") + read("West", "Sales", "Actual");
    expect(r.cells[0]).toBeCloseTo((margin / sales) * 100, 9);
  });

  it("over time, an account with a time balance keeps it: Opening Inventory of Qtr1 filtered to Feb and Mar is Feb's", () => {
    const r = run(
      "SELECT {[Measures].[Opening Inventory], [Measures].[Sales]} ON 0, {[Year].[Qtr1]} ON 1 " +
        "FROM (SELECT {[Year].[Feb], [Year].[Mar]} ON 0 FROM [Basic]) WHERE ([Scenario].[Actual])",
    );
    expect(r.cells).toEqual([
      read("Feb", "Opening Inventory", "Actual"),
      read("Feb", "Sales", "Actual") + read("Mar", "Sales", "Actual"),
    ]);
  });

  it("NON VISUAL keeps the members' whole totals", () => {
    const r = run(
      "SELECT {[Measures].[Sales]} ON 0, {[Market], [Market].[East]} ON 1 " +
        `FROM NON VISUAL (SELECT {[Market].[East]} ON 0 FROM [Basic]) WHERE ${JUL_COLA}`,
    );
    expect(r.cells).toEqual([read("Market", "Sales", "100-10", "Jul", "Actual"), 2248]);
  });

  it("a label filter in a subselect, and a second field's filter nested in it, restrict the outer query's members", () => {
    const r = run(
      "SELECT {[Measures].[Sales]} ON 0, [Market].[State].Members ON 1 FROM (SELECT {[Scenario].[Actual]} ON 0 FROM " +
        '(SELECT Filter([Market].[State].AllMembers, Left([Market].CurrentMember.MEMBER_CAPTION, 3) = "New") ON 0 ' +
        "FROM [Basic])) WHERE ([Product].[100-10],[Year].[Jul])",
    );
    expect(axis(r, 1)).toEqual(["New York", "New Hampshire", "New Mexico"]);
    expect(r.cells[0]).toBe(912);
  });

  it("a Top 2 filter (Generate and TopCount in the subselect) keeps the two regions that sell most", () => {
    const r = run(
      "SELECT {[Measures].[Sales]} ON 0, [Market].Children ON 1 FROM (SELECT Generate({[Market]}, " +
        "TopCount(Filter([Market].CurrentMember.Children, NOT IsEmpty([Measures].[Sales])), 2, [Measures].[Sales])) " +
        "ON 0 FROM [Basic]) WHERE ([Scenario].[Actual])",
    );
    const regions = ["East", "West", "South", "Central"].sort(
      (a, b) => read(b, "Sales", "Actual") - read(a, "Sales", "Actual"),
    );
    expect(axis(r, 1)).toEqual(
      ["East", "West", "South", "Central"].filter((x) => regions.slice(0, 2).includes(x)),
    );
  });

  it("a subselect of tuples that is no crossjoin (an arbitrary shape) keeps those pairs only, in axes and totals", () => {
    // As Excel's value filter on an inner row field sends it (Generate(…, TopCount(…)) gives pairs of its own):
    // East with family 100 and West with family 200, not East and West each with both families.
    const r = run(
      "SELECT {[Measures].[Sales]} ON 0, NON EMPTY Hierarchize({DrilldownLevel({[Market]}) * DrilldownLevel({[Product]})}) ON 1 " +
        "FROM (SELECT {([Market].[East], [Product].[100]), ([Market].[West], [Product].[200])} ON 0 FROM [Basic]) " +
        "WHERE ([Year].[Jul], [Scenario].[Actual])",
    );
    const sales = (region: string, family: string) => read(region, family, "Sales", "Jul", "Actual");
    expect(axis(r, 1)).toEqual([
      "Market/Product",
      "Market/100",
      "Market/200",
      "East/Product",
      "East/100",
      "West/Product",
      "West/200",
    ]);
    // Each region's total is its own pair; the grand total adds the two pairs; a family's total, its one region.
    expect(r.cells).toEqual([
      sales("East", "100") + sales("West", "200"),
      sales("East", "100"),
      sales("West", "200"),
      sales("East", "100"),
      sales("East", "100"),
      sales("West", "200"),
      sales("West", "200"),
    ]);
  });

  it("a filter that keeps no member leaves the dimension's total empty, not the unfiltered total", () => {
    // Two nested filters on Market with no region in common, and a filter no region passes.
    const disjoint = run(
      "SELECT {[Measures].[Sales]} ON 0 FROM (SELECT {[Market].[East]} ON 0 FROM " +
        `(SELECT {[Market].[West]} ON 0 FROM [Basic])) WHERE ${JUL_COLA}`,
    );
    const none = run(
      "SELECT {[Measures].[Sales]} ON 0 FROM (SELECT Filter([Market].Children, " +
        `[Measures].[Sales] > 1000000000) ON 0 FROM [Basic]) WHERE ${JUL_COLA}`,
    );
    expect(read("Market", "Sales", "100-10", "Jul", "Actual")).not.toBeNaN();
    expect(disjoint.cells).toEqual([null]);
    expect(none.cells).toEqual([null]);
    // NON VISUAL keeps the whole total whatever the filter kept.
    const whole = run(
      "SELECT {[Measures].[Sales]} ON 0 FROM NON VISUAL (SELECT Filter([Market].Children, " +
        `[Measures].[Sales] > 1000000000) ON 0 FROM [Basic]) WHERE ${JUL_COLA}`,
    );
    expect(whole.cells).toEqual([read("Market", "Sales", "100-10", "Jul", "Actual")]);
  });

  it("a subselect that is not closed, or NON VISUAL without one, is a syntax error", () => {
    expect(() => run("SELECT {[Measures].[Sales]} ON 0 FROM (SELECT {[East]} ON 0 FROM [Basic]")).toThrow(
      /\)/,
    );
    expect(() => run("SELECT {[Measures].[Sales]} ON 0 FROM NON VISUAL [Basic]")).toThrow(/\(/);
  });
});
