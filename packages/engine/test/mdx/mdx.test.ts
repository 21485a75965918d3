import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { cellAt, executeMdx, type MdxResult } from "../../src/mdx/index.ts";
import type { Member } from "../../src/outline.ts";
import {
  CENTRAL_STATES as CENTRAL,
  EAST_STATES as EAST,
  MAJOR_MARKETS,
  MONTHS,
  SOUTH_STATES as SOUTH,
  WEST_STATES as WEST,
} from "../support/sample-basic.ts";

/**
 * MDX on Sample.Basic. Member lists are checked against the outline (demo/sample-basic.ts); values against
 * the published Sample.Basic figures the demo data pins (demo/sample-basic-data.ts: Product 100 Actual Sales by
 * quarter 7048/7872/8511/7037, the Jan–Mar Cola Sales of the East states, Jul Cola Sales/Profit by state, the
 * Year × Product × Market totals, Cola West Profit 4593) or against the same cells read straight from the cube
 * with `Cube.read` (a tuple built by hand, not through MDX).
 */

let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const run = (q: string): MdxResult => executeMdx(cube, q);

/** The tuples of an axis as `a/b` strings. */
const axis = (r: MdxResult, k: number): string[] =>
  (r.axes[k]?.tuples ?? []).map((t) => t.map((m) => m.name).join("/"));

/** Cells as rows (axis 1) of columns (axis 0). */
const grid = (r: MdxResult): (number | null)[][] =>
  (r.axes[1]?.tuples ?? [[]]).map((_, row) =>
    (r.axes[0]?.tuples ?? []).map((_, col) => cellAt(r, [col, row]) as number | null),
  );

/** A cell read straight from the cube: the named members, every other base dimension at its top. */
const read = (...names: string[]): number | null => {
  const members = names.map((n) => {
    const m = cube.outline.member(n);
    if (!m) throw new Error(`no member ${n}`);
    return m;
  });
  const tuple: Member[] = cube.outline.baseDimensions.map(
    (d) => members.find((m) => m.dimension === d) ?? d.root,
  );
  for (const m of members) if (m.dimension.type === "attribute") tuple.push(m);
  return cube.read(tuple);
};

const JUL = "WHERE ([100-10], [Jul], [Actual])";

describe("MDX: SELECT, axes, slicer and values", () => {
  it("quarters by region for Colas: the quarters add up to the published 7048/7872/8511/7037", () => {
    const r = run(
      "SELECT {[Year].Children} ON COLUMNS, {[Market].Children} ON ROWS FROM Sample.Basic " +
        "WHERE ([Measures].[Sales], [Scenario].[Actual], [Product].[100])",
    );
    expect(axis(r, 0)).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(axis(r, 1)).toEqual(["East", "West", "South", "Central"]);
    const g = grid(r);
    const colSums = [0, 1, 2, 3].map((c) => g.reduce((s, row) => s + (row[c] ?? 0), 0));
    expect(colSums).toEqual([7048, 7872, 8511, 7037]);
    expect(g[0]?.[0]).toBe(read("East", "Qtr1", "Sales", "Actual", "100"));
    expect(r.slicer.map((m) => m.name)).toEqual(["Sales", "Actual", "100"]);
  });

  it("no axis: one cell, the whole database's Actual Sales (400855)", () => {
    const r = run("SELECT FROM [Basic] WHERE ([Sales], [Actual])");
    expect(r.axes).toEqual([]);
    expect(r.cells).toEqual([400855]);
  });

  it("a set of tuples on columns: Sales and COGS, Actual and Budget totals", () => {
    const r = run(
      "SELECT {([Sales], [Actual]), ([Sales], [Budget]), ([COGS], [Actual]), ([COGS], [Budget])} ON COLUMNS FROM Basic",
    );
    expect(axis(r, 0)).toEqual(["Sales/Actual", "Sales/Budget", "COGS/Actual", "COGS/Budget"]);
    expect(r.cells).toEqual([400855, 373080, 179336, 158940]);
  });

  it("Cola Jan–Mar Sales in the East states, by alias, with the East total 109/85/112", () => {
    const r = run(
      "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS, {[East], [East].Children} ON ROWS FROM Basic WHERE ([Cola], [Sales], [Actual])",
    );
    expect(axis(r, 1)).toEqual(["East", ...EAST]);
    expect(grid(r)).toEqual([
      [109, 85, 112],
      [36, 32, 39],
      [24, 9, 14],
      [37, 29, 37],
      [0, 5, 11],
      [12, 10, 11],
    ]);
  });

  it("Jul Cola Sales and Profit in East and Central (2248/1156, 1392/369)", () => {
    const r = run(`SELECT {[Sales], [Profit]} ON COLUMNS, {[East], [Central]} ON ROWS FROM Basic ${JUL}`);
    expect(grid(r)).toEqual([
      [2248, 1156],
      [1392, 369],
    ]);
  });

  it("a member named by its dimension path and a bare name: Cola West Year Actual Profit 4593", () => {
    const r = run(
      "SELECT {[Measures].[Profit]} ON COLUMNS, {West} ON ROWS FROM Basic WHERE ([Product].[100].[100-10], Actual)",
    );
    expect(r.cells).toEqual([4593]);
  });

  it("case does not matter for keywords, functions and names", () => {
    const r = run("select {[year].children} on columns from basic where ([sales], [actual], [100])");
    expect(axis(r, 0)).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(r.cells).toEqual([7048, 7872, 8511, 7037]);
  });

  it("attribute members on an axis slice by attribute: Can + Bottle = all products", () => {
    const r = run("SELECT {[Can], [Bottle]} ON COLUMNS FROM Basic WHERE ([Sales], [Actual])");
    expect(r.cells).toEqual([read("Can", "Sales", "Actual"), read("Bottle", "Sales", "Actual")]);
    expect(((r.cells[0] as number | null) ?? 0) + ((r.cells[1] as number | null) ?? 0)).toBe(400855);
  });

  it("three axes: cell ordinals vary fastest on columns", () => {
    const r = run(
      "SELECT {[Sales], [COGS]} ON COLUMNS, {[East], [West]} ON ROWS, {[Actual], [Budget]} ON PAGES FROM Basic",
    );
    expect(r.cells).toHaveLength(8);
    expect(cellAt(r, [1, 0, 1])).toBe(read("COGS", "East", "Budget"));
    expect(cellAt(r, [0, 1, 0])).toBe(read("Sales", "West", "Actual"));
    expect(r.cells[7]).toBe(read("COGS", "West", "Budget"));
  });
});

describe("MDX: member functions", () => {
  it("[Market].Members: the dimension and all its members in outline order", () => {
    const r = run("SELECT [Market].Members ON COLUMNS FROM Basic");
    expect(axis(r, 0)).toEqual([
      "Market",
      "East",
      ...EAST,
      "West",
      ...WEST,
      "South",
      ...SOUTH,
      "Central",
      ...CENTRAL,
    ]);
  });

  it("Levels(0).Members of Year: the twelve months", () => {
    expect(axis(run("SELECT [Year].Levels(0).Members ON COLUMNS FROM Basic"), 0)).toEqual(MONTHS);
  });

  it("Levels(1).Members of Product: the families and Diet", () => {
    expect(axis(run("SELECT [Product].Levels(1).Members ON COLUMNS FROM Basic"), 0)).toEqual([
      "100",
      "200",
      "300",
      "400",
      "Diet",
    ]);
  });

  it("Generations(2).Members of Market: the regions; Generations(1) is the dimension", () => {
    expect(axis(run("SELECT [Market].Generations(2).Members ON COLUMNS FROM Basic"), 0)).toEqual([
      "East",
      "West",
      "South",
      "Central",
    ]);
    expect(axis(run("SELECT [Market].Generations(1).Members ON COLUMNS FROM Basic"), 0)).toEqual(["Market"]);
  });

  it("Generations(3).Members of Year and a generation by its name ([Market].[State])", () => {
    expect(axis(run("SELECT [Year].Generations(3).Members ON COLUMNS FROM Basic"), 0)).toEqual(MONTHS);
    expect(axis(run("SELECT [Market].[State].Members ON COLUMNS FROM Basic"), 0)).toEqual([
      ...EAST,
      ...WEST,
      ...SOUTH,
      ...CENTRAL,
    ]);
  });

  it("Children, dotted and called", () => {
    expect(axis(run("SELECT [Market].[East].Children ON COLUMNS FROM Basic"), 0)).toEqual(EAST);
    expect(axis(run("SELECT Children([Qtr2]) ON COLUMNS FROM Basic"), 0)).toEqual(["Apr", "May", "Jun"]);
    expect(axis(run("SELECT [Jan].Children ON COLUMNS FROM Basic"), 0)).toEqual([]);
  });

  it("Siblings include the member itself", () => {
    expect(axis(run("SELECT [Florida].Siblings ON COLUMNS FROM Basic"), 0)).toEqual(EAST);
    expect(axis(run("SELECT {[Qtr3].Siblings} ON COLUMNS FROM Basic"), 0)).toEqual([
      "Qtr1",
      "Qtr2",
      "Qtr3",
      "Qtr4",
    ]);
  });

  it("Parent, and the dimension's parent is empty", () => {
    expect(axis(run("SELECT {[Florida].Parent, [Texas].Parent} ON COLUMNS FROM Basic"), 0)).toEqual([
      "East",
      "South",
    ]);
    expect(axis(run("SELECT {[Jan].Parent.Parent} ON COLUMNS FROM Basic"), 0)).toEqual(["Year"]);
    expect(axis(run("SELECT {[Market].Parent} ON COLUMNS FROM Basic"), 0)).toEqual([]);
  });

  it("Ancestor by distance, by level and by generation", () => {
    const r = run(
      "SELECT {Ancestor([Florida], 1), Ancestor([Utah], [Market].Levels(1)), Ancestor([Ohio], [Market].Generations(1))} ON COLUMNS FROM Basic",
    );
    expect(axis(r, 0)).toEqual(["East", "West", "Market"]);
    expect(axis(run("SELECT {Ancestor([Jan], [Year].Generations(2))} ON COLUMNS FROM Basic"), 0)).toEqual([
      "Qtr1",
    ]);
    expect(axis(run("SELECT {Ancestor([Cola], 2)} ON COLUMNS FROM Basic"), 0)).toEqual(["Product"]);
    expect(axis(run("SELECT {Ancestor([Jan], 5)} ON COLUMNS FROM Basic"), 0)).toEqual([]);
  });

  it("Descendants without a layer: the member and everything under it", () => {
    expect(axis(run("SELECT Descendants([Qtr1]) ON COLUMNS FROM Basic"), 0)).toEqual([
      "Qtr1",
      "Jan",
      "Feb",
      "Mar",
    ]);
    expect(axis(run("SELECT Descendants([Year]) ON COLUMNS FROM Basic"), 0)).toHaveLength(17);
  });

  it("Descendants at a level and at a generation", () => {
    expect(axis(run("SELECT Descendants([Year], [Year].Levels(0)) ON COLUMNS FROM Basic"), 0)).toEqual(
      MONTHS,
    );
    expect(
      axis(run("SELECT Descendants([Market], [Market].Generations(2)) ON COLUMNS FROM Basic"), 0),
    ).toEqual(["East", "West", "South", "Central"]);
  });

  it("Descendants at a distance, with SELF, AFTER, BEFORE and BEFORE_AND_AFTER", () => {
    const d = (args: string): string[] => axis(run(`SELECT Descendants(${args}) ON COLUMNS FROM Basic`), 0);
    expect(d("[Year], 1")).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(d("[Year], 1, SELF")).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(d("[Year], 1, AFTER")).toEqual(MONTHS);
    expect(d("[Year], 1, BEFORE")).toEqual(["Year"]);
    expect(d("[Year], 1, BEFORE_AND_AFTER")).toEqual(["Year", ...MONTHS]);
  });

  it("Descendants with SELF_AND_BEFORE, SELF_AND_AFTER and SELF_BEFORE_AFTER", () => {
    const d = (args: string): string[] => axis(run(`SELECT Descendants(${args}) ON COLUMNS FROM Basic`), 0);
    expect(d("[East], 1, SELF_AND_BEFORE")).toEqual(["East", ...EAST]);
    expect(d("[Year], [Year].Generations(2), SELF_AND_AFTER").slice(0, 5)).toEqual([
      "Qtr1",
      "Jan",
      "Feb",
      "Mar",
      "Qtr2",
    ]);
    expect(d("[Year], [Year].Generations(2), SELF_AND_AFTER")).toHaveLength(16);
    expect(d("[Qtr4], 1, SELF_BEFORE_AFTER")).toEqual(["Qtr4", "Oct", "Nov", "Dec"]);
  });

  it("Descendants with LEAVES: the level-0 members, shared ones included", () => {
    const r = run("SELECT Descendants([Product], , LEAVES) ON COLUMNS FROM Basic");
    expect(axis(r, 0)).toEqual([
      "100-10",
      "100-20",
      "100-30",
      "200-10",
      "200-20",
      "200-30",
      "200-40",
      "300-10",
      "300-20",
      "300-30",
      "400-10",
      "400-20",
      "400-30",
      "100-20",
      "200-20",
      "300-30",
    ]);
    expect(axis(run("SELECT Descendants([West], 5, LEAVES) ON COLUMNS FROM Basic"), 0)).toEqual(WEST);
  });

  it("ranges: members of one generation between two members", () => {
    expect(axis(run("SELECT {[Jan]:[Mar]} ON COLUMNS FROM Basic"), 0)).toEqual(["Jan", "Feb", "Mar"]);
    expect(axis(run("SELECT {[Feb]:[May]} ON COLUMNS FROM Basic"), 0)).toEqual(["Feb", "Mar", "Apr", "May"]);
    expect(axis(run("SELECT {[Qtr2]:[Qtr3]} ON COLUMNS FROM Basic"), 0)).toEqual(["Qtr2", "Qtr3"]);
  });
});

describe("MDX: set functions", () => {
  it("CrossJoin of scenarios and measures, values as read from the cube", () => {
    const r = run(
      "SELECT CrossJoin({[Actual], [Budget]}, {[Sales], [COGS]}) ON COLUMNS, {[Qtr1]} ON ROWS FROM Basic WHERE ([East])",
    );
    expect(axis(r, 0)).toEqual(["Actual/Sales", "Actual/COGS", "Budget/Sales", "Budget/COGS"]);
    expect(r.cells).toEqual([
      read("Actual", "Sales", "Qtr1", "East"),
      read("Actual", "COGS", "Qtr1", "East"),
      read("Budget", "Sales", "Qtr1", "East"),
      read("Budget", "COGS", "Qtr1", "East"),
    ]);
  });

  it("CrossJoin of three sets, and the * operator", () => {
    const r = run(
      "SELECT CrossJoin({[Actual], [Budget]}, {[Sales], [COGS]}, [Year].Children) ON COLUMNS FROM Basic",
    );
    expect(axis(r, 0)).toHaveLength(16);
    expect(axis(r, 0)[5]).toBe("Actual/COGS/Qtr2");
    const s = run(
      "SELECT {[East], [West]} * {[Sales], [Profit]} ON ROWS, {[Jul]} ON COLUMNS FROM Basic WHERE ([Cola], [Actual])",
    );
    expect(axis(s, 1)).toEqual(["East/Sales", "East/Profit", "West/Sales", "West/Profit"]);
    expect(s.cells[0]).toBe(2248);
    expect(s.cells[1]).toBe(1156);
  });

  it("Union drops duplicates unless ALL; + unions too", () => {
    expect(axis(run("SELECT Union({[East], [West]}, {[West], [South]}) ON COLUMNS FROM Basic"), 0)).toEqual([
      "East",
      "West",
      "South",
    ]);
    expect(
      axis(run("SELECT Union({[East], [West]}, {[West], [South]}, ALL) ON COLUMNS FROM Basic"), 0),
    ).toEqual(["East", "West", "West", "South"]);
    expect(axis(run("SELECT {[East]} + {[Central], [East]} ON COLUMNS FROM Basic"), 0)).toEqual([
      "East",
      "Central",
    ]);
  });

  it("Except, and the - operator", () => {
    expect(axis(run("SELECT Except([Market].Children, {[West]}) ON COLUMNS FROM Basic"), 0)).toEqual([
      "East",
      "South",
      "Central",
    ]);
    expect(axis(run("SELECT [Year].Children - {[Qtr1], [Qtr4]} ON COLUMNS FROM Basic"), 0)).toEqual([
      "Qtr2",
      "Qtr3",
    ]);
  });

  it("Filter on a value: the East states that sold more than 300 Cola in July", () => {
    const r = run(`SELECT Filter([East].Children, [Sales] > 300) ON COLUMNS FROM Basic ${JUL}`);
    expect(axis(r, 0)).toEqual(["New York", "Massachusetts"]);
    expect(r.cells).toEqual([
      read("New York", "100-10", "Jul", "Actual"),
      read("Massachusetts", "100-10", "Jul", "Actual"),
    ]);
  });

  it("Filter with AND, OR, NOT and arithmetic", () => {
    const r = run(
      `SELECT Filter({[East].Children, [Central].Children}, ([Sales] >= 200 AND NOT [Profit] < 100) OR [Sales] - [Profit] = 112) ON COLUMNS FROM Basic ${JUL}`,
    );
    // Jul Cola: New York 912/370, Massachusetts 665/564, Florida 286/104, Connecticut 205/70 (profit < 100),
    // New Hampshire 180/48, Illinois 567/208, Ohio 85/18, Wisconsin 221/30, Missouri 190/25, Iowa 130/18
    // (130 − 18 = 112), Colorado 199/70.
    expect(axis(r, 0)).toEqual(["New York", "Massachusetts", "Florida", "Illinois", "Iowa"]);
  });

  it("Filter on the current member: UDA and name", () => {
    expect(
      axis(
        run(
          'SELECT Filter([Market].Children, IsUda([Market].CurrentMember, "Major Market")) ON COLUMNS FROM Basic',
        ),
        0,
      ),
    ).toEqual(["East", "Central"]);
    expect(
      axis(
        run("SELECT Filter([Market].Members, [Market].CurrentMember.Name = 'Texas') ON COLUMNS FROM Basic"),
        0,
      ),
    ).toEqual(["Texas"]);
  });

  it("UDA(): the members of a dimension or under a member that carry a UDA", () => {
    expect(axis(run('SELECT UDA([Market], "Major Market") ON COLUMNS FROM Basic'), 0)).toEqual(MAJOR_MARKETS);
    expect(axis(run("SELECT UDA([West], 'Small Market') ON COLUMNS FROM Basic"), 0)).toEqual([
      "Oregon",
      "Utah",
      "Nevada",
    ]);
    expect(axis(run('SELECT UDA([Market], "New Mkt") ON COLUMNS FROM Basic'), 0)).toEqual([
      "Nevada",
      "New Mexico",
    ]);
  });

  it("Order BASC and BDESC on July Cola Sales of the East states", () => {
    expect(axis(run(`SELECT Order([East].Children, [Sales], BASC) ON COLUMNS FROM Basic ${JUL}`), 0)).toEqual(
      ["New Hampshire", "Connecticut", "Florida", "Massachusetts", "New York"],
    );
    const r = run(`SELECT Order([East].Children, [Sales], BDESC) ON COLUMNS FROM Basic ${JUL}`);
    expect(axis(r, 0)).toEqual(["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"]);
  });

  it("Order DESC keeps the hierarchy: each region above its own states", () => {
    const r = run(
      `SELECT Order({[Central], [Central].Children, [East], [East].Children}, [Sales], DESC) ON COLUMNS FROM Basic ${JUL}`,
    );
    expect(axis(r, 0)).toEqual([
      "East",
      "New York",
      "Massachusetts",
      "Florida",
      "Connecticut",
      "New Hampshire",
      "Central",
      "Illinois",
      "Wisconsin",
      "Colorado",
      "Missouri",
      "Iowa",
      "Ohio",
    ]);
  });

  it("Order by a string: member names ascending", () => {
    expect(
      axis(run("SELECT Order([East].Children, [Market].CurrentMember.Name) ON COLUMNS FROM Basic"), 0),
    ).toEqual(["Connecticut", "Florida", "Massachusetts", "New Hampshire", "New York"]);
  });

  it("Order of the regions by Sales agrees with the cube's values", () => {
    const r = run(
      "SELECT Order([Market].Children, [Sales], BDESC) ON COLUMNS FROM Basic WHERE ([Sales], [Actual])",
    );
    const expected = ["East", "West", "South", "Central"]
      .map((n) => ({ n, v: read(n, "Sales", "Actual") ?? 0 }))
      .sort((a, b) => b.v - a.v)
      .map((x) => x.n);
    expect(axis(r, 0)).toEqual(expected);
    expect(r.cells).toEqual(expected.map((n) => read(n, "Sales", "Actual")));
  });

  it("Head and Tail, with and without a count", () => {
    expect(axis(run("SELECT Head([Year].Children, 2) ON COLUMNS FROM Basic"), 0)).toEqual(["Qtr1", "Qtr2"]);
    expect(axis(run("SELECT Head([Year].Children) ON COLUMNS FROM Basic"), 0)).toEqual(["Qtr1"]);
    expect(axis(run("SELECT Tail([Year].Levels(0).Members, 3) ON COLUMNS FROM Basic"), 0)).toEqual([
      "Oct",
      "Nov",
      "Dec",
    ]);
    expect(axis(run("SELECT Tail([Year].Children, 10) ON COLUMNS FROM Basic"), 0)).toHaveLength(4);
  });

  it("TopCount and BottomCount on July Cola Sales", () => {
    expect(axis(run(`SELECT TopCount([East].Children, 3, [Sales]) ON COLUMNS FROM Basic ${JUL}`), 0)).toEqual(
      ["New York", "Massachusetts", "Florida"],
    );
    expect(
      axis(run(`SELECT BottomCount([Central].Children, 2, [Sales]) ON COLUMNS FROM Basic ${JUL}`), 0),
    ).toEqual(["Ohio", "Iowa"]);
  });

  it("NON EMPTY drops the South row for Fruit Soda, which has no data there", () => {
    const r = run(
      "SELECT {[400]} ON COLUMNS, NON EMPTY [Market].Children ON ROWS FROM Basic WHERE ([Sales], [Actual])",
    );
    expect(axis(r, 1)).toEqual(["East", "West", "Central"]);
    expect(grid(r)).toEqual([
      [read("400", "East", "Sales", "Actual")],
      [read("400", "West", "Sales", "Actual")],
      [read("400", "Central", "Sales", "Actual")],
    ]);
    const all = run(
      "SELECT {[400]} ON COLUMNS, [Market].Children ON ROWS FROM Basic WHERE ([Sales], [Actual])",
    );
    expect(grid(all)[2]).toEqual([null]);
  });

  it("NON EMPTY on columns keeps a zero but drops missing cells", () => {
    const r = run(
      "SELECT NON EMPTY [Product].Children ON COLUMNS FROM Basic WHERE ([South], [Sales], [Actual])",
    );
    expect(axis(r, 0)).toEqual(["100", "200", "300", "Diet"]);
    const z = run(
      "SELECT NON EMPTY {[Connecticut], [New Hampshire]} ON COLUMNS FROM Basic WHERE ([Cola], [Jan], [Sales], [Actual])",
    );
    expect(z.cells).toEqual([0, 12]);
  });
});

describe("MDX: calculated members and named sets", () => {
  it("WITH MEMBER in quotes: Sales − COGS equals Margin", () => {
    const r = run(
      "WITH MEMBER [Measures].[My Margin] AS '[Measures].[Sales] - [Measures].[COGS]' " +
        "SELECT {[Sales], [COGS], [My Margin], [Margin]} ON COLUMNS FROM Basic WHERE ([Actual])",
    );
    expect(r.cells).toEqual([400855, 179336, 400855 - 179336, 400855 - 179336]);
    expect(axis(r, 0)[2]).toBe("My Margin");
  });

  it("WITH MEMBER without quotes: a percentage, with parentheses and * /", () => {
    const r = run(
      `WITH MEMBER [Measures].[Profit Pct] AS ([Profit] / [Sales]) * 100 SELECT {[Profit Pct]} ON COLUMNS, {[East], [Central]} ON ROWS FROM Basic ${JUL}`,
    );
    expect(grid(r)).toEqual([[(1156 / 2248) * 100], [(369 / 1392) * 100]]);
  });

  it("WITH MEMBER in another dimension, over the rows' measures", () => {
    const r = run(
      `WITH MEMBER [Market].[East and Central] AS '[East] + [Central]' SELECT {[East], [Central], [East and Central]} ON COLUMNS, {[Sales], [Profit]} ON ROWS FROM Basic ${JUL}`,
    );
    expect(grid(r)).toEqual([
      [2248, 1392, 3640],
      [1156, 369, 1525],
    ]);
  });

  it("#Missing arithmetic: missing + 1 is 1, missing × 2 and x / 0 are missing", () => {
    const r = run(
      "WITH MEMBER [Measures].[Plus] AS '[Sales] + 1' MEMBER [Measures].[Times] AS '[Sales] * 2' " +
        "MEMBER [Measures].[ByZero] AS '[Sales] / 0' " +
        "SELECT {[Sales], [Plus], [Times], [ByZero]} ON COLUMNS FROM Basic WHERE ([South], [400], [Actual])",
    );
    expect(r.cells).toEqual([null, 1, null, null]);
  });

  it("solve order: the higher one computes the crossing of two calculated members", () => {
    const q = (a: number, b: number): (number | string | null)[] =>
      run(
        `WITH MEMBER [Measures].[Ratio] AS '[Profit] / [Sales]', SOLVE_ORDER = ${a} ` +
          `MEMBER [Market].[Both] AS '[East] + [Central]', SOLVE_ORDER = ${b} ` +
          `SELECT {[Ratio]} ON COLUMNS, {[Both]} ON ROWS FROM Basic ${JUL}`,
      ).cells;
    expect(q(2, 1)).toEqual([1525 / 3640]);
    expect(q(1, 2)).toEqual([1156 / 2248 + 369 / 1392]);
  });

  it("a calculated member used inside Filter, and Sum / Count over a set", () => {
    const r = run(
      "WITH MEMBER [Measures].[Cost] AS '[COGS] + [Total Expenses]' " +
        "MEMBER [Market].[Small Total] AS 'Sum(UDA([Market], \"Small Market\"))' " +
        "MEMBER [Measures].[States] AS 'Count([Market].[State].Members)' " +
        `SELECT {[Sales], [Cost], [States]} ON COLUMNS, {[Small Total]} ON ROWS FROM Basic ${JUL}`,
    );
    const small = ["New Hampshire", "Oregon", "Utah", "Nevada", "Oklahoma", "New Mexico", "Iowa"];
    const sum = small.reduce((s, n) => s + (read(n, "Sales", "100-10", "Jul", "Actual") ?? 0), 0);
    expect(r.cells[0]).toBe(sum);
    expect(r.cells[2]).toBe(20);
    const f = run(
      `WITH MEMBER [Measures].[Cost] AS '[Sales] - [Profit]' SELECT Filter([East].Children, [Cost] < 200) ON COLUMNS FROM Basic ${JUL}`,
    );
    // Jul Cola Sales − Profit: NY 542, MA 101, FL 182, CT 135, NH 132.
    expect(axis(f, 0)).toEqual(["Massachusetts", "Florida", "Connecticut", "New Hampshire"]);
  });

  it("WITH SET names a set used on an axis", () => {
    const r = run(
      "WITH SET [Big States] AS 'TopCount({[East].Children, [Central].Children}, 2, [Sales])' " +
        `SELECT [Big States] ON COLUMNS, {[Sales]} ON ROWS FROM Basic ${JUL}`,
    );
    expect(axis(r, 0)).toEqual(["New York", "Massachusetts"]);
    expect(r.cells).toEqual([912, 665]);
  });
});

describe("MDX: further functions", () => {
  it("FirstChild, LastChild, Intersect, Distinct and Hierarchize", () => {
    expect(axis(run("SELECT {[Qtr1].FirstChild, [Qtr4].LastChild} ON COLUMNS FROM Basic"), 0)).toEqual([
      "Jan",
      "Dec",
    ]);
    expect(
      axis(
        run(
          "SELECT Intersect([Market].[State].Members, UDA([Market], 'Small Market')) ON COLUMNS FROM Basic",
        ),
        0,
      ),
    ).toEqual(["New Hampshire", "Oregon", "Utah", "Nevada", "Oklahoma", "New Mexico", "Iowa"]);
    expect(axis(run("SELECT Distinct({[Jan], [Feb], [Jan]}) ON COLUMNS FROM Basic"), 0)).toEqual([
      "Jan",
      "Feb",
    ]);
    expect(axis(run("SELECT Hierarchize({[Mar], [Qtr1], [Year], [Jan]}) ON COLUMNS FROM Basic"), 0)).toEqual([
      "Year",
      "Qtr1",
      "Jan",
      "Mar",
    ]);
  });

  it("levels by name, level and generation numbers, IsLeaf and IIf", () => {
    expect(axis(run('SELECT [Product].Levels("Family").Members ON COLUMNS FROM Basic'), 0)).toEqual([
      "100",
      "200",
      "300",
      "400",
      "Diet",
    ]);
    expect(
      axis(
        run("SELECT Filter([Year].Members, [Year].CurrentMember.Gen_Number = 2) ON COLUMNS FROM Basic"),
        0,
      ),
    ).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(
      axis(
        run(
          "SELECT Filter([Product].Members, [Product].CurrentMember.Level_Number = 2) ON COLUMNS FROM Basic",
        ),
        0,
      ),
    ).toEqual(["Product"]);
    expect(
      axis(
        run("SELECT Filter(Descendants([East]), NOT IsLeaf([Market].CurrentMember)) ON COLUMNS FROM Basic"),
        0,
      ),
    ).toEqual(["East"]);
    const r = run(
      `WITH MEMBER [Measures].[Band] AS 'IIf([Sales] > 500, 2, 1)' SELECT {[Band]} ON COLUMNS, [East].Children ON ROWS FROM Basic ${JUL}`,
    );
    expect(grid(r)).toEqual([[2], [2], [1], [1], [1]]);
  });

  it("Min, Max and Avg over a set", () => {
    const r = run(
      "WITH MEMBER [Measures].[Lo] AS 'Min([East].Children, [Sales])' MEMBER [Measures].[Hi] AS 'Max([East].Children, [Sales])' " +
        `MEMBER [Measures].[Mean] AS 'Avg([East].Children, [Sales])' SELECT {[Lo], [Hi], [Mean]} ON COLUMNS FROM Basic ${JUL}`,
    );
    expect(r.cells).toEqual([180, 912, 2248 / 5]);
  });

  it("a query crossing into more cells than allowed is refused before any read", () => {
    const q = "SELECT [Product].Members ON COLUMNS, [Market].Members ON ROWS FROM Basic";
    expect(executeMdx(cube, q).cells).toHaveLength(22 * 25);
    try {
      executeMdx(cube, q, { maxCells: 500 });
      expect.unreachable();
    } catch (e) {
      expect((e as { code: string }).code).toBe("MDX_TOO_LARGE");
      expect((e as Error).message).toBe(
        "The query crosses into 550 cells, more than the 500 allowed at line 1, column 8",
      );
    }
  });
});

describe("MDX: what SSAS clients send", () => {
  it("hierarchy-qualified names, numbered axes, DIMENSION PROPERTIES and CELL PROPERTIES", () => {
    const r = run(
      "SELECT NON EMPTY {[Market].[Market].[East], [Market].[Market].[Central]} DIMENSION PROPERTIES MEMBER_CAPTION, PARENT_UNIQUE_NAME ON 0, " +
        "{[Measures].[Sales], [Measures].[Profit]} PROPERTIES MEMBER_CAPTION ON AXIS(1) " +
        `FROM [Sample].[Basic] ${JUL} CELL PROPERTIES VALUE, FORMATTED_VALUE`,
    );
    expect(axis(r, 0)).toEqual(["East", "Central"]);
    expect(grid(r)).toEqual([
      [2248, 1392],
      [1156, 369],
    ]);
  });

  it("AllMembers adds the calculated members to Members", () => {
    const r = run(
      "WITH MEMBER [Scenario].[Actual less Budget] AS '[Actual] - [Budget]' SELECT [Scenario].AllMembers ON COLUMNS FROM Basic WHERE ([Sales])",
    );
    expect(axis(r, 0)).toEqual([
      "Scenario",
      "Actual",
      "Budget",
      "Variance",
      "Variance %",
      "Actual less Budget",
    ]);
    expect(r.cells[5]).toBe(400855 - 373080);
    expect(r.cells[3]).toBe(read("Variance", "Sales"));
  });
});
