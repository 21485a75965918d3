import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { cellAt, executeMdx, MdxError, type MdxOptions, type MdxResult } from "../../src/mdx/index.ts";
import type { Member } from "../../src/outline.ts";
import { MAJOR_MARKETS_JUL_COLA, MONTHS, YEAR_OUTLINE } from "../support/sample-basic.ts";

/**
 * Oracle's MDX function list on Sample.Basic. Each test's title starts with the functions it holds (`Name, Name:`),
 * which the coverage report (`bench/mdx-coverage.ts`) reads.
 *
 * Where an Oracle function page shows an example on Sample.Basic with its result, the test replays it and
 * compares with the result the page documents (the page's address beside it). The demo's data are generated (the
 * published points of domain.md §2 pinned), so a documented member list is compared as it stands, and a
 * documented cell value only where the demo holds the same figure. Otherwise the documented semantics are held
 * against values read straight from the cube (`Cube.read`, a tuple built by hand).
 */

const ORACLE = "https://docs.oracle.com/en/database/other-databases/essbase/21/esscq/";

let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const run = (q: string, options?: MdxOptions): MdxResult => executeMdx(cube, q, options);

/** `SELECT <set> ON COLUMNS FROM Basic [WHERE …]`, the column members' names. */
const cols = (set: string, where = "", options?: MdxOptions): string[] =>
  (run(`SELECT ${set} ON COLUMNS FROM Basic ${where}`, options).axes[0]?.tuples ?? []).map((t) =>
    t.map((m) => m.name).join("/"),
  );

/** The value of a calculated measure over the slicer: `WITH MEMBER [Measures].[x] AS <expr> SELECT {[x]} …`. */
const value = (expr: string, where = "", options?: MdxOptions, dimension = "Measures"): number | null =>
  cellAt(
    run(`WITH MEMBER [${dimension}].[x] AS ${expr} SELECT {[x]} ON COLUMNS FROM Basic ${where}`, options),
    [0],
  ) as number | null;

/** A string value, through a filter that keeps [East] when the expression equals `expected`. */
const stringIs = (expr: string, expected: string): boolean =>
  cols(`Filter({[East]}, ${expr} = "${expected.replaceAll('"', '""')}")`).length === 1;

const member = (name: string): Member => {
  const m = cube.outline.member(name);
  if (!m) throw new Error(`no member ${name}`);
  return m;
};

/** A cell read straight from the cube: the named members, every other base dimension at its top. */
const read = (...names: string[]): number | null => {
  const members = names.map(member);
  const tuple: Member[] = cube.outline.baseDimensions.map(
    (d) => members.find((m) => m.dimension === d) ?? d.root,
  );
  return cube.read(tuple);
};

const STATES = cube0States();
function cube0States(): string[] {
  return [
    ...["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"],
    ...["California", "Oregon", "Washington", "Utah", "Nevada"],
    ...["Texas", "Oklahoma", "Louisiana", "New Mexico"],
    ...["Illinois", "Ohio", "Wisconsin", "Missouri", "Iowa", "Colorado"],
  ];
}

/** Sales Actual of a state for the year, read from the cube. */
const sales = (state: string): number => read("Sales", "Actual", state) ?? Number.NaN;

const close = (a: number | string | null, b: number): void => {
  expect(a).not.toBeNull();
  expect(a as number).toBeCloseTo(b, 6);
};

describe("Oracle's examples on Sample.Basic, replayed", () => {
  it("Subset: Subset({Product.Members}, 0, 4) is Product, 100, 100-10, 100-20", () => {
    // subset.html, example 2.
    expect(cols("Subset({Product.Members}, 0, 4)")).toEqual(["Product", "100", "100-10", "100-20"]);
    expect(cols("Subset({Product.Members}, 0)")).toEqual(
      cube.outline.dimension("Product")?.members.map((m) => m.name),
    );
    // The page: a negative start or count gives an empty set; a count past the end stops at the end.
    expect(cols("Subset([Market].Children, -1)")).toEqual([]);
    expect(cols("Subset([Market].Children, 1, -2)")).toEqual([]);
    expect(cols("Subset([Market].Children, 2, 10)")).toEqual(["South", "Central"]);
    expect(`${ORACLE}subset.html`).toContain("subset");
  });

  it("Cousin: Cousin([Qtr2].[Apr], [Qtr4]) is Oct, by the products of generation 2", () => {
    // cousin.html: the grid's column is Oct, its rows 100, 200, 300, 400, Diet.
    const r = run(
      "SELECT {Cousin([Qtr2].[Apr], [Qtr4])} ON COLUMNS, [Product].generations(2).members ON ROWS FROM Sample.Basic",
    );
    expect(r.axes[0]?.tuples.map((t) => t[0]?.name)).toEqual(["Oct"]);
    expect(r.axes[1]?.tuples.map((t) => t[0]?.name)).toEqual(["100", "200", "300", "400", "Diet"]);
    // Each cell is Oct's value for the product, as read from the cube.
    for (const [i, p] of ["100", "200", "300", "400", "Diet"].entries())
      expect(cellAt(r, [0, i])).toBe(read("Oct", p));
    expect(cols("{Cousin([Market].[East], [Product].[100])}")).toEqual([]);
  });

  it("Ancestors: {Market, East, New York}, {Qtr1, Feb}, {Feb}", () => {
    // ancestors.html.
    expect(cols("Ancestors([New York], [Market].levels(2))")).toEqual(["Market", "East", "New York"]);
    expect(cols("Ancestors([Feb], 1)")).toEqual(["Qtr1", "Feb"]);
    expect(cols("Ancestors([Feb], 0)")).toEqual(["Feb"]);
    // The page: a negative distance gives an empty result, not descendants.
    expect(cols("Ancestors([Qtr1], -1)")).toEqual([]);
    // A level no ancestor stands on: empty.
    expect(cols("Ancestors([Sales], [Measures].Levels(4))")).toEqual([]);
  });

  it("Ancestor: Market, Qtr1, Year and Feb", () => {
    // ancestor.html.
    expect(cols("{Ancestor([New York], [Market].levels(2))}")).toEqual(["Market"]);
    expect(cols("{Ancestor([Year].[Jan], [Year].generations(2))}")).toEqual(["Qtr1"]);
    expect(cols("{Ancestor([Feb], 2)}")).toEqual(["Year"]);
    expect(cols("{Ancestor([Feb], 0)}")).toEqual(["Feb"]);
  });

  it("Lead, Lag: [Jan].lead(11) is Dec, [Dec].lead(-11) Jan, [Jun].lag(3) Mar, [Jun].lag(-3) Sep, past the end empty", () => {
    // lead.html and lag.html.
    expect(cols("{[Jan].lead(11)}")).toEqual(["Dec"]);
    expect(cols("{[Dec].lead(-11)}")).toEqual(["Jan"]);
    expect(cols("{[Jun].lead(12)}")).toEqual([]);
    expect(cols("{[Jun].lag(3)}")).toEqual(["Mar"]);
    expect(cols("{[Jun].lag(-3)}")).toEqual(["Sep"]);
    expect(cols("{[Jun].lag(12)}")).toEqual([]);
    expect(cols("{Lag([Jun], 3)}")).toEqual(["Mar"]);
    expect(cols("{Lead([Jun], 3)}")).toEqual(["Sep"]);
    // Along a level rather than a generation: Qtr4's next level-1 member in Year is none; 100-30 → 200-10.
    expect(cols("{[100-30].Lead(1, LEVEL)}")).toEqual(["200-10"]);
  });

  it("LastPeriods: (3, Apr), (-3, Apr), (1, Apr), (0, Apr), (5, Apr)", () => {
    // lastperiods.html.
    expect(cols("LastPeriods(3, Apr)")).toEqual(["Feb", "Mar", "Apr"]);
    expect(cols("LastPeriods(-3, Apr)")).toEqual(["Apr", "May", "Jun"]);
    expect(cols("LastPeriods(1, Apr)")).toEqual(["Apr"]);
    expect(cols("LastPeriods(0, Apr)")).toEqual([]);
    expect(cols("LastPeriods(5, Apr)")).toEqual(["Jan", "Feb", "Mar", "Apr"]);
    // The page's rolling average: Avg over LastPeriods(3) of Root Beer's Sales, for the months of Qtr2.
    const r = run(
      "WITH MEMBER [Measures].[Rolling Sales] AS 'Avg(LastPeriods(3, [Year].Currentmember), [Measures].[Sales])' " +
        "SELECT {[Measures].[Sales], [Measures].[Rolling Sales]} ON COLUMNS, Descendants([Year].[Qtr2]) ON ROWS " +
        "FROM Sample.Basic WHERE [Product].[Root Beer]",
    );
    const avg = (...ms: string[]) => ms.reduce((s, m) => s + (read("Sales", m, "200") ?? 0), 0) / ms.length;
    close(cellAt(r, [1, 3]), avg("Apr", "May", "Jun"));
    close(cellAt(r, [1, 1]), avg("Feb", "Mar", "Apr"));
  });

  it("RelMemberRange: (Apr, 5, 0) is Jan–Apr, (Apr, 5, 10) Jan–Dec", () => {
    // relmemberrange.html, example 2.
    expect(cols("RelMemberRange(Apr, 5, 0)")).toEqual(["Jan", "Feb", "Mar", "Apr"]);
    expect(cols("RelMemberRange(Apr, 5, 10)")).toEqual(MONTHS);
    expect(cols("RelMemberRange([East], 0, 1)")).toEqual(["East", "West"]);
  });

  it("MemberRange: Qtr1 to Qtr4 both ways of writing it, [Mar]:[Jan] backwards, Feb to Nov", () => {
    // memberrange.html, examples 1 to 3 (the grid's rows).
    expect(cols("MemberRange([Year].[Qtr1], [Year].[Qtr4])")).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(cols("{[Year].[Qtr1] : [Year].[Qtr4]}")).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(cols("{[Mar] : [Jan]}")).toEqual(["Mar", "Feb", "Jan"]);
    expect(cols("MemberRange([Year].[Feb], [Year].[Nov])")).toEqual(MONTHS.slice(1, 11));
    // The page: members of different generations give an empty set; of different dimensions, an error.
    expect(cols("MemberRange([Qtr1], [Mar])")).toEqual([]);
    expect(() => cols("MemberRange([Qtr1], [East])")).toThrow(MdxError);
    // By level: level-0 members of Product from 100-30 to 200-20.
    expect(cols("MemberRange([100-30], [200-20], LEVEL)")).toEqual(["100-30", "200-10", "200-20"]);
  });

  it("DrillupByLayer, DrillupLevel: to generation 2 {Measures, Profit}; without a layer {Measures, Profit, Margin}", () => {
    // drillupbylayer.html, examples 1 and 2; Margin's documented 221519 is the demo's figure too.
    const set = "{[Measures], [Profit], [Margin], [Sales], [COGS]}";
    expect(cols(`DrillupByLayer(${set}, Generations([Measures], 2))`)).toEqual(["Measures", "Profit"]);
    const r = run(`SELECT DrillupByLayer(${set}) ON COLUMNS FROM Sample.Basic`);
    expect(r.axes[0]?.tuples.map((t) => t[0]?.name)).toEqual(["Measures", "Profit", "Margin"]);
    expect(cellAt(r, [2])).toBe(221519);
    // The page names DrillupLevel a synonym.
    expect(cols(`DrillupLevel(${set}, Generations([Measures], 2))`)).toEqual(["Measures", "Profit"]);
  });

  it("DrilldownByLayer, DrilldownLevel: South drilled at [Market].[Region] among the states", () => {
    // drilldownbylayer.html: the grid's columns.
    const set =
      "{([Product],[California]), ([Product],[Oregon]), ([Product],[New York]), ([Product],[South]), ([Product],[Washington])}";
    const expected = [
      "California",
      "Oregon",
      "New York",
      "South",
      "Texas",
      "Oklahoma",
      "Louisiana",
      "New Mexico",
      "Washington",
    ];
    expect(cols(`DrilldownByLayer(${set}, [Market].[Region])`)).toEqual(expected.map((s) => `Product/${s}`));
    // By index: position 1 (Market) of the tuples; the deepest members there are drilled.
    expect(cols("DrilldownByLayer({([Product],[East]), ([Product],[West])}, 1)")).toEqual([
      "Product/East",
      ...["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"].map((s) => `Product/${s}`),
      "Product/West",
      ...["California", "Oregon", "Washington", "Utah", "Nevada"].map((s) => `Product/${s}`),
    ]);
    expect(cols(`DrilldownLevel(${set}, [Market].[Region])`)).toEqual(expected.map((s) => `Product/${s}`));
    expect(cols("DrilldownLevel({[Qtr1], [Qtr2]})")).toEqual([
      "Qtr1",
      "Jan",
      "Feb",
      "Mar",
      "Qtr2",
      "Apr",
      "May",
      "Jun",
    ]);
  });

  it("DrilldownMember: Market then West with RECURSIVE; (100, California) drilled, (200, Washington) kept", () => {
    // drilldownmember.html.
    expect(cols("DrilldownMember({Market, [New York]}, {Market, West}, RECURSIVE)")).toEqual([
      ...["Market", "East", "West", "California", "Oregon", "Washington", "Utah", "Nevada"],
      ...["South", "Central", "New York"],
    ]);
    expect(cols("DrilldownMember({([100],[California]), ([200],[Washington])}, {[100]})")).toEqual([
      "100/California",
      "100-10/California",
      "100-20/California",
      "100-30/California",
      "200/Washington",
    ]);
    // Without RECURSIVE, West is not drilled.
    expect(cols("DrilldownMember({Market}, {Market, West})")).toEqual([
      "Market",
      "East",
      "West",
      "South",
      "Central",
    ]);
  });

  it("xTD, QTD, HTD, PTD, YTD, MTD: QTD([Feb]) {Jan, Feb}, HTD([May]) Jan–May, PTD([Feb]) empty", () => {
    // xtd.html: Sample.Basic enables Q-T-D (generation 2) and H-T-D (generation 1), not P-T-D.
    expect(cols("QTD([Feb])")).toEqual(["Jan", "Feb"]);
    expect(cols("HTD([May])")).toEqual(["Jan", "Feb", "Mar", "Apr", "May"]);
    expect(cols("PTD([Feb])")).toEqual([]);
    expect(cols("YTD([May])")).toEqual([]);
    for (const f of ["STD", "MTD", "WTD", "DTD"]) expect(cols(`${f}([May])`)).toEqual([]);
    // On the SSAS address, YTD is the whole time dimension to date, QTD the quarter by its generation name.
    expect(cols("YTD([May])", "", { dialect: "ssas" })).toEqual(["Jan", "Feb", "Mar", "Apr", "May"]);
    expect(cols("QTD([May])", "", { dialect: "ssas" })).toEqual(["Apr", "May"]);
    expect(cols("MTD([May])", "", { dialect: "ssas" })).toEqual(["May"]);
    // The current member of Year in the context: on rows.
    const r = run(
      "WITH MEMBER [Measures].[n] AS Count(QTD()) SELECT {[n]} ON COLUMNS, {[Jan], [Mar], [May]} ON ROWS FROM Basic",
    );
    expect([0, 1, 2].map((i) => cellAt(r, [0, i]))).toEqual([1, 3, 2]);
  });

  it("Item: ([Qtr1], [Sales], [Cola], [Florida], [Actual]).Item(3) is Florida, Item(…, 2) Cola", () => {
    // item.html, example 1.
    expect(cols("{([Qtr1], [Sales], [Cola], [Florida], [Actual]).Item(3)}")).toEqual(["Florida"]);
    expect(cols("{Item(([Qtr1], [Sales], [Cola], [Florida], [Actual]), 2)}")).toEqual(["100-10"]);
    // A tuple from a set; out of range, empty.
    expect(cols("{Item(CrossJoin({[Qtr1], [Qtr2]}, {[East]}), 1)}")).toEqual(["Qtr2/East"]);
    expect(cols("{[Market].Children.Item(2)}")).toEqual(["South"]);
    expect(cols("{Item([Market].Children, 4)}")).toEqual([]);
    expect(cols("{Item([Market].Children, -1)}")).toEqual([]);
  });

  it("DTS: a quarter-to-date April equals April (the first month of Qtr2), as the page's grid shows", () => {
    // dts.html: the row QuarterToDate_April repeats Apr's Profit, Opening Inventory and Ratios.
    const r = run(
      "WITH MEMBER [Year].[QuarterToDate_April] AS 'DTS(QTD, Apr)' SELECT {[Profit], [Opening Inventory], [Ratios]} ON COLUMNS, " +
        "{[Jan], [Feb], [Mar], [Apr], [QuarterToDate_April]} ON ROWS FROM Sample.Basic",
    );
    for (const c of [0, 1, 2]) expect(cellAt(r, [c, 4])).toBe(cellAt(r, [c, 3]));
    // Q-T-D(May) of Sales is Apr + May; H-T-D(Mar) of Opening Inventory (time balance first) is Jan's.
    expect(value("DTS(QTD, May)", "WHERE ([Sales], [Actual])", undefined, "Year")).toBe(
      (read("Sales", "Apr") ?? 0) + (read("Sales", "May") ?? 0),
    );
    expect(value("DTS(HTD, Mar)", "WHERE ([Opening Inventory], [Actual])", undefined, "Year")).toBe(
      read("Opening Inventory", "Jan"),
    );
    expect(() => value("DTS(PTD, Mar)")).toThrow(/P-T-D/);
  });

  it("ClosingPeriod, OpeningPeriod: Sep for Qtr3 at generation 3, Sep for Sep, Dec for the year, Qtr4 without arguments", () => {
    // closingperiod.html, notes 1 to 3 and the member parameter (Qtr4 when the member is left out).
    expect(cols("{ClosingPeriod(Year.generations(3), Qtr3)}")).toEqual(["Sep"]);
    expect(cols("{ClosingPeriod(Year.generations(3), Sep)}")).toEqual(["Sep"]);
    expect(cols("{ClosingPeriod(Year.generations(3))}")).toEqual(["Dec"]);
    expect(cols("{ClosingPeriod()}")).toEqual(["Qtr4"]);
    expect(
      cols("{OpeningPeriod(Year.generations(3), Qtr3), OpeningPeriod(Year.generations(3)), OpeningPeriod()}"),
    ).toEqual(["Jul", "Jan", "Qtr1"]);
  });

  it("FirstSibling, LastSibling: Year.FirstSibling is Year, Qtr3.FirstSibling Qtr1; the inventory change since the quarter's start", () => {
    // firstsibling.html, examples 1 and 2 (the grid's values computed from the cube).
    expect(cols("{Year.Firstsibling}")).toEqual(["Year"]);
    expect(cols("{Qtr3.firstsibling}")).toEqual(["Qtr1"]);
    expect(cols("{Qtr1.LastSibling}")).toEqual(["Qtr4"]);
    const r = run(
      "WITH MEMBER [Measures].[Inventory Level since beginning of Quarter] AS " +
        "'[Ending Inventory] - ([Opening Inventory], [Year].CurrentMember.FirstSibling)' " +
        "SELECT {[Measures].[Inventory Level since beginning of Quarter]} ON COLUMNS, Year.Levels(0).Members ON ROWS FROM Sample.Basic",
    );
    expect(r.axes[1]?.tuples.map((t) => t[0]?.name)).toEqual(MONTHS);
    MONTHS.forEach((m, i) => {
      const first = MONTHS[i - (i % 3)] as string;
      expect(cellAt(r, [0, i]), m).toBe(
        (read("Ending Inventory", m) ?? 0) - (read("Opening Inventory", first) ?? 0),
      );
    });
  });

  it("Generation: [Year].[Qtr1].Generation.Members are the quarters, by the products of generation 2", () => {
    // generation.html: columns Qtr1 to Qtr4, rows 100, 200, 300, 400, Diet. The page's row 100 (7048, 7872,
    // 8511, 7037) is Product 100's Sales, which the demo pins (domain.md §2).
    const r = run(
      "SELECT [Year].[Qtr1].Generation.Members ON COLUMNS, [Product].Generations(2).Members ON ROWS FROM Sample.Basic",
    );
    expect(r.axes[0]?.tuples.map((t) => t[0]?.name)).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(r.axes[1]?.tuples.map((t) => t[0]?.name)).toEqual(["100", "200", "300", "400", "Diet"]);
    const sales100 = run(
      "SELECT [Year].[Qtr1].Generation.Members ON COLUMNS FROM Sample.Basic WHERE ([Sales], [100])",
    );
    expect([0, 1, 2, 3].map((i) => cellAt(sales100, [i]))).toEqual([7048, 7872, 8511, 7037]);
  });

  it("Generate: each region crossed with its three top-selling products, as the page's named set", () => {
    // generate.html: the set's shape (region, then its top 3 of [Product].Members by Sales), by quarter.
    const r = run(
      "WITH SET [Top3BevsPerRegion] AS 'Generate({[Market].children}, Crossjoin({[Market].Currentmember}, " +
        "TopCount([Product].Members, 3, [Measures].[Sales])))' SELECT {[Top3BevsPerRegion]} ON COLUMNS, {[Year].children} ON ROWS " +
        "FROM Sample.Basic WHERE ([Scenario].[Actual], [Measures].[Sales])",
    );
    const products = cube.outline.dimension("Product")?.members ?? [];
    const expected = ["East", "West", "South", "Central"].flatMap((m) => {
      const top = products
        .map((p, i) => ({ p, i, v: read("Sales", "Actual", m, p.stored.name) ?? Number.NEGATIVE_INFINITY }))
        .sort((a, b) => b.v - a.v || a.i - b.i)
        .slice(0, 3);
      return top.map((t) => `${m}/${t.p.name}`);
    });
    expect(r.axes[0]?.tuples.map((t) => t.map((x) => x.name).join("/"))).toEqual(expected);
    expect(r.axes[0]?.tuples[0]?.[1]?.name).toBe("Product");
  });

  it("Extract: the Year members of {(Qtr1, California), (Qtr1, Oregon), (Qtr2, Oregon)} are Qtr1, Qtr2", () => {
    // extract.html.
    expect(
      cols(
        "Extract({([Year].[Qtr1], [Market].[California]), ([Year].[Qtr1], [Market].[Oregon]), ([Year].[Qtr2], [Market].[Oregon])}, Year)",
      ),
    ).toEqual(["Qtr1", "Qtr2"]);
  });

  it("Attribute, WithAttr: Attribute([Ounces_12]) is Cola, Diet Cola, Old Fashioned, Sarsaparilla, Diet Cream; the cans include Cola, Diet Cola, Diet Cream", () => {
    // attribute1.html: the grid's rows (by alias), and their values by quarter as read from the cube.
    const r = run("SELECT {[Year].Children} ON COLUMNS, Attribute([Ounces_12]) ON ROWS FROM Sample.Basic");
    const rows = ["100-10", "100-20", "200-10", "200-30", "300-30"];
    expect(r.axes[1]?.tuples.map((t) => t[0]?.name)).toEqual(rows);
    expect(rows.map((p) => member(p).alias("Default"))).toEqual([
      "Cola",
      "Diet Cola",
      "Old Fashioned",
      "Sarsaparilla",
      "Diet Cream",
    ]);
    expect(cellAt(r, [0, 0])).toBe(read("Qtr1", "100-10"));
    // withattr1.html: Oracle's Sample.Basic packs Cola, Diet Cola and Diet Cream in cans; the demo's outline also
    // gives Can to the 400 products (README, "Sample.Basic choices"), so the three are among the demo's cans.
    const cans = cols('Withattr([Pkg Type], "==", "Can")');
    for (const p of ["100-10", "100-20", "300-30"]) expect(cans).toContain(p);
    // The full name tells attribute members apart: Ounces_12, Caffeinated_True.
    expect(cols("{[Caffeinated_True]}")).toEqual(["True"]);
  });

  it("IsLeaf: Filter([Market].Members, IsLeaf([Market].CurrentMember)) is the states, New York first, Colorado last", () => {
    // isleaf.html (the page's grid is truncated: New York, Massachusetts, Florida … Missouri, Iowa, Colorado).
    const states = cols("Filter([Market].Members, IsLeaf([Market].CurrentMember))");
    expect(states).toEqual(STATES);
    expect(states.slice(0, 3)).toEqual(["New York", "Massachusetts", "Florida"]);
    expect(states.slice(-3)).toEqual(["Missouri", "Iowa", "Colorado"]);
  });

  it("Todate: the Revised Budget is 110% of Budget for the 200 products introduced after June 1, 1996", () => {
    // todate1.html: the member property [Intro Date] compared with TODATE("mm-dd-yyyy", "06-01-1996"); the page's
    // 200-10 (09-27-1995) keeps its Budget, 200-20 (07-26-1996) and 200-30 (12-10-1996) get 110%. The demo dates
    // 200-30 07-26-1996 and 200-40 09-27-1995 (its own choices, README): the rule is checked on each product.
    const r = run(
      'WITH MEMBER [Scenario].[Revised Budget] AS \'IIF([Product].CurrentMember.[Intro Date] > TODATE("mm-dd-yyyy","06-01-1996"), ' +
        "Budget * 1.1, Budget)' SELECT {[Scenario].Budget, [Scenario].[Revised Budget]} ON COLUMNS, [Product].[200].Children " +
        "DIMENSION PROPERTIES [Intro Date] ON ROWS FROM Sample.Basic WHERE ([Measures].[Sales], [Year].[Qtr3])",
    );
    const june1996 = Date.UTC(1996, 5, 1) / 1000;
    ["200-10", "200-20", "200-30", "200-40"].forEach((p, i) => {
      const [mm, dd, yyyy] = (member(p).attributes.get("Intro Date")?.name ?? "").split("-").map(Number);
      const intro = Date.UTC(yyyy as number, (mm as number) - 1, dd as number) / 1000;
      const budget = read("Sales", "Budget", "Qtr3", p) as number;
      expect(cellAt(r, [0, i])).toBe(budget);
      close(cellAt(r, [1, i]), intro > june1996 ? budget * 1.1 : budget);
    });
    const kept = (p: string) =>
      cellAt(r, [0, ["200-10", "200-20", "200-30"].indexOf(p)]) ===
      cellAt(r, [1, ["200-10", "200-20", "200-30"].indexOf(p)]);
    expect([kept("200-10"), kept("200-20"), kept("200-30")]).toEqual([true, false, false]);
  });

  it("NonEmptyCount, Count: markets with Sales by product, as the page's calculated member; Count counts empty tuples too", () => {
    // nonemptycount.html, example 1 (the counts from the cube); count1.html: Count counts every tuple.
    const r = run(
      "WITH MEMBER [Measures].[Number Of Markets] AS 'NonEmptyCount(Market.Levels(0).Members, Sales)' " +
        "SELECT {[Measures].[Number Of Markets]} ON COLUMNS, {[100].Children, [200].Children} ON ROWS FROM Sample.Basic",
    );
    const products = ["100-10", "100-20", "100-30", "200-10", "200-20", "200-30", "200-40"];
    products.forEach((p, i) => {
      expect(cellAt(r, [0, i]), p).toBe(STATES.filter((st) => read("Sales", p, st) !== null).length);
    });
    const c = run(
      "WITH MEMBER [Measures].[Prod Count] AS 'Count(Crossjoin({[Measures].[Sales]}, {[Product].children}))' " +
        "SELECT {[Scenario].[Actual], [Scenario].[Budget]} ON COLUMNS, {Crossjoin({[Measures].[Sales]}, {[Product].children}), " +
        "([Measures].[Prod Count], [Product])} ON ROWS FROM Sample.Basic WHERE ([Year].[Jan], [Market].[New York])",
    );
    expect(cellAt(c, [0, 5])).toBe(5);
    expect(value("Count({[Jan], [Feb]}, INCLUDEEMPTY)")).toBe(2);
    // Microsoft's EXCLUDEEMPTY counts the tuples whose cell is not #Missing.
    const withSales = ["East", "West", "South", "Central"].filter(
      (m) => read("Sales", "400", m) !== null,
    ).length;
    expect(
      cols(
        `Filter({[Jan]}, Count([Market].Children, EXCLUDEEMPTY) = ${withSales})`,
        "WHERE ([Sales], [400])",
      ),
    ).toEqual(["Jan"]);
    // exclude_missing: #Missing rather than 0 when nothing has a value.
    expect(value("NonEmptyCount({[South]}, [Sales], 1)", "WHERE ([400])")).toBeNull();
    expect(value("NonEmptyCount({[South]}, [Sales])", "WHERE ([400])")).toBe(0);
  });

  it("Head, Tail: Head([Product].children, 2) is 100, 200; a count below 1 gives an empty set; the first 8 of a CrossJoin", () => {
    // head.html, examples 1 and 2; the count's rules.
    expect(cols("Head([Product].children, 2)")).toEqual(["100", "200"]);
    expect(cols("Head(CrossJoin([100].children, [South].children), 8)")).toEqual(
      ["100-10", "100-20"].flatMap((p) =>
        ["Texas", "Oklahoma", "Louisiana", "New Mexico"].map((s) => `${p}/${s}`),
      ),
    );
    expect(cols("Head([Product].children, 0)")).toEqual([]);
    expect(cols("Head([Product].children, -2)")).toEqual([]);
    expect(cols("Tail([Product].children, -2)")).toEqual([]);
    expect(cols("Head([Product].children, 9)")).toEqual(["100", "200", "300", "400", "Diet"]);
  });

  it("DrillupMember: {East, South, West} from West's states; Nevada stays behind Central; {Product} and {Product, 100}", () => {
    // drillupmember.html, examples 1 and 2.
    expect(cols("DrillupMember({East, South, West, California, Washington, Oregon}, {West})")).toEqual([
      "East",
      "South",
      "West",
    ]);
    expect(
      cols("DrillupMember({East, South, West, California, Washington, Oregon, Central, Nevada}, {West})"),
    ).toEqual(["East", "South", "West", "Central", "Nevada"]);
    expect(cols("DrillupMember({Product, [100], [100-10]}, {[Product]})")).toEqual(["Product"]);
    expect(cols("DrillupMember({Product, [100], [100-10]}, {[100]})")).toEqual(["Product", "100"]);
  });

  it("Rank: the position without a value; ties share a rank (1, 1, 1, 4), DENSERANK without gaps, ORDINALRANK one each, PERCENTRANK the share", () => {
    // rank1.html: the flags' meanings, on constant values (every tuple ties) and on Sales.
    const w = "WHERE ([Actual])";
    expect(value("Rank([Qtr3], [Year].Children)")).toBe(3);
    expect(value("Rank([Qtr3], [Year].Children, 1)", w)).toBe(1);
    expect(value("Rank([Qtr3], [Year].Children, 1, DENSERANK)", w)).toBe(1);
    const ordinal = ["Qtr1", "Qtr2", "Qtr3", "Qtr4"].map((q) =>
      value(`Rank([${q}], [Year].Children, 1, ORDINALRANK)`, w),
    );
    expect([...ordinal].sort()).toEqual([1, 2, 3, 4]);
    const quarters = ["Qtr1", "Qtr2", "Qtr3", "Qtr4"].map((q) => read("Sales", q) as number);
    const total = quarters.reduce((a, b) => a + b, 0);
    const smallest = Math.min(...quarters);
    const q = ["Qtr1", "Qtr2", "Qtr3", "Qtr4"][quarters.indexOf(smallest)];
    close(value(`Rank([${q}], [Year].Children, [Sales], PERCENTRANK)`, w), smallest / total);
    const largest = ["Qtr1", "Qtr2", "Qtr3", "Qtr4"][quarters.indexOf(Math.max(...quarters))];
    close(value(`Rank([${largest}], [Year].Children, [Sales], PERCENTRANK)`, w), 1);
  });

  it("NonEmptySubset: the nonempty tuples of a CrossJoin, reduced to a dimension", () => {
    // nonemptysubset.html: NonEmptySubset(set [, value_expression [, dimension…]]).
    const w = "WHERE ([Sales], [Actual])";
    const pairs = cols("NonEmptySubset(CrossJoin({[400]}, [Market].Children))", w);
    expect(pairs).toEqual(
      ["East", "West", "South", "Central"]
        .filter((m) => read("Sales", "400", m) !== null)
        .map((m) => `400/${m}`),
    );
    expect(
      cols(
        "NonEmptySubset(CrossJoin({[400], [100]}, [Market].Children), [Sales], [Product])",
        "WHERE ([Actual])",
      ),
    ).toEqual(["400", "100"]);
  });

  it("NextMember, PrevMember: [Jun].nextmember is Jul, Qtr4's and Year's are empty; the deltas from the previous and next months", () => {
    // nextmember.html, examples 1 and 2 (the grid's deltas computed from the cube: Jan has no previous month and
    // Dec no next one, so their delta is Sales itself).
    expect(cols("{[Jun].nextmember}")).toEqual(["Jul"]);
    expect(cols("{Qtr4.nextmember}")).toEqual([]);
    expect(cols("{Year.nextmember}")).toEqual([]);
    const r = run(
      "WITH MEMBER [Measures].[Delta from Previous Month] AS '[Measures].[Sales] - ([Measures].[Sales], [Year].CurrentMember.PrevMember)' " +
        "MEMBER [Measures].[Delta from Next Month] AS '[Measures].[Sales] - ([Measures].[Sales], [Year].CurrentMember.NextMember)' " +
        "SELECT {[Measures].[Sales], [Measures].[Delta from Previous Month], [Measures].[Delta from Next Month]} ON COLUMNS, " +
        "[Year].Levels(0).Members ON ROWS FROM Sample.Basic WHERE ([Scenario].[Actual], [Market].[East], [Product].[100])",
    );
    const s = MONTHS.map((m) => read("Sales", "Actual", "East", "100", m) as number);
    MONTHS.forEach((m, i) => {
      expect(cellAt(r, [1, i]), m).toBe(i === 0 ? s[0] : (s[i] as number) - (s[i - 1] as number));
      expect(cellAt(r, [2, i]), m).toBe(i === 11 ? s[11] : (s[i] as number) - (s[i + 1] as number));
    });
  });

  it("IsAncestor, IsSibling: the ancestors of Florida (with it under INCLUDEMEMBER), the siblings of California", () => {
    // isancestor.html and issibling1.html, examples 1 and 2 (the grids' columns).
    expect(cols("Filter([Market].Members, IsAncestor([Market].CurrentMember, [Florida]))")).toEqual([
      "Market",
      "East",
    ]);
    expect(
      cols("Filter([Market].Members, IsAncestor([Market].CurrentMember, [Florida], INCLUDEMEMBER))"),
    ).toEqual(["Market", "East", "Florida"]);
    expect(cols("Filter([Market].Members, IsSibling([Market].CurrentMember, [California]))")).toEqual([
      "Oregon",
      "Washington",
      "Utah",
      "Nevada",
    ]);
    expect(
      cols("Filter([Market].Members, IsSibling([Market].CurrentMember, [California], INCLUDEMEMBER))"),
    ).toEqual(["California", "Oregon", "Washington", "Utah", "Nevada"]);
  });

  it("Uda, IsUda: the Major Markets with their July Cola Sales and Profit, exactly as the page's grid", () => {
    // uda1.html, the dimension and member examples: the grid's members and values (the demo pins these July figures,
    // domain.md §2); isuda1.html: the same members through Filter and IsUda.
    const r = run(
      'SELECT {[Measures].[Sales], [Measures].[Profit]} ON COLUMNS, {UDA([Market], "Major Market")} ON ROWS FROM Sample.Basic ' +
        "WHERE ([Year].[Jul], [Product].[Cola])",
    );
    const expected = MAJOR_MARKETS_JUL_COLA;
    expect(r.axes[1]?.tuples.map((t) => t[0]?.name)).toEqual(expected.map((e) => e[0]));
    expected.forEach(([m, sales, profit], i) => {
      expect([cellAt(r, [0, i]), cellAt(r, [1, i])], m).toEqual([sales, profit]);
    });
    expect(cols('{UDA([East], "Major Market")}')).toEqual(["East", "New York", "Massachusetts", "Florida"]);
    expect(cols('Filter([Market].Members, IsUda([Market].CurrentMember, "Major Market"))')).toEqual(
      expected.map((e) => e[0]),
    );
  });

  it("Descendants: Descendants([Year]) is the year, each quarter and its months, in outline order", () => {
    // descendants1.html: the grid's columns.
    expect(cols("Descendants([Year])")).toEqual(YEAR_OUTLINE);
  });

  it("DateDiff, DateRoll: June 14, 2024 to October 10, 2025 and May 28, 2024 rolled by 5, by each date part", () => {
    // datediff1.html and dateroll.html: the notes' worked values.
    const d = (y: number, m: number, day: number) => Date.UTC(y, m - 1, day) / 1000;
    const a = d(2024, 6, 14);
    const b = d(2025, 10, 10);
    const diffs = ["DP_YEAR", "DP_QUARTER", "DP_MONTH", "DP_WEEK", "DP_DAY"].map((p) =>
      value(`DateDiff(${a}, ${b}, ${p})`),
    );
    expect(diffs).toEqual([1, 6, 16, 69, 483]);
    const start = d(2024, 5, 28);
    const rolled = ["DP_YEAR", "DP_QUARTER", "DP_MONTH", "DP_WEEK", "DP_DAY"].map((p) =>
      value(`DateRoll(${start}, ${p}, 5)`),
    );
    expect(rolled).toEqual([d(2029, 5, 28), d(2025, 8, 28), d(2024, 10, 28), d(2024, 7, 2), d(2024, 6, 2)]);
  });

  it("CrossJoin: CrossJoin({[Qtr1], [Qtr2]}, {[New York], [California]}) in the page's order", () => {
    // crossjoin.html, example 1.
    expect(cols("CrossJoin({[Qtr1], [Qtr2]}, {[New York], [California]})")).toEqual([
      "Qtr1/New York",
      "Qtr1/California",
      "Qtr2/New York",
      "Qtr2/California",
    ]);
  });

  it("CurrentTuple: the Product × Market combinations with Sales, as the page's filter", () => {
    // currenttuple.html: Filter([NewSet], NOT IsEmpty([NewSet].CurrentTuple)) with Sales.
    const r = run(
      "WITH SET [NewSet] AS 'CrossJoin([Product].Children, [Market].Children)' " +
        "SELECT Filter([NewSet], NOT IsEmpty([NewSet].CurrentTuple)) ON COLUMNS FROM Sample.Basic WHERE {[Sales]}",
    );
    const expected = ["100", "200", "300", "400", "Diet"].flatMap((p) =>
      ["East", "West", "South", "Central"]
        .filter((m) => read("Sales", p, m) !== null)
        .map((m) => `${p}/${m}`),
    );
    expect(r.axes[0]?.tuples.map((t) => t.map((m) => m.name).join("/"))).toEqual(expected);
  });
});

describe("Oracle's functions against values read from the cube", () => {
  const WEST = ["California", "Oregon", "Washington", "Utah", "Nevada"];

  it("TopSum, TopPercent, BottomSum, BottomPercent: sorted by value until the running total reaches the target", () => {
    const byValue = [...STATES].sort((a, b) => sales(b) - sales(a));
    const total = STATES.reduce((s, x) => s + sales(x), 0);
    const upTo = (names: string[], goal: number): string[] => {
      const out: string[] = [];
      let run0 = 0;
      for (const n of names) {
        if (run0 >= goal && out.length > 0) break;
        out.push(n);
        run0 += sales(n);
      }
      return out;
    };
    const w = "WHERE ([Sales], [Actual])";
    expect(cols("TopPercent([Market].Levels(0).Members, 25, [Sales])", w)).toEqual(
      upTo(byValue, total * 0.25),
    );
    expect(cols("TopSum([Market].Levels(0).Members, 20000, [Sales])", w)).toEqual(upTo(byValue, 20000));
    const ascending = [...byValue].reverse();
    expect(cols("BottomPercent([Market].Levels(0).Members, 10, [Sales])", w)).toEqual(
      upTo(ascending, total * 0.1),
    );
    expect(cols("BottomSum([Market].Levels(0).Members, 9000, [Sales])", w)).toEqual(upTo(ascending, 9000));
    // Negative and missing values are left out (Profit of some products is negative).
    const profits = ["100-10", "100-20", "100-30", "200-10"].map(
      (p) => [p, read("Profit", p) ?? Number.NaN] as const,
    );
    const kept = profits.filter(([, v]) => v >= 0).map(([p]) => p);
    expect(cols("TopPercent({[100-10], [100-20], [100-30], [200-10]}, 100, [Profit])").sort()).toEqual(
      kept.sort(),
    );
  });

  it("TopCount, BottomCount, Head, Tail, Order: BASC/BDESC sort the whole set, ASC keeps the hierarchy", () => {
    const w = "WHERE ([Sales], [Actual])";
    const byValue = [...WEST].sort((a, b) => sales(b) - sales(a));
    expect(cols("TopCount([West].Children, 2, [Sales])", w)).toEqual(byValue.slice(0, 2));
    expect(cols("BottomCount([West].Children, 2, [Sales])", w)).toEqual([...byValue].reverse().slice(0, 2));
    expect(cols("Head([West].Children, 2)")).toEqual(WEST.slice(0, 2));
    expect(cols("Tail([West].Children, 2)")).toEqual(WEST.slice(3));
    expect(cols("Order({[East], [West].Children}, [Sales], BDESC)", w)).toEqual(
      ["East", ...WEST].sort((a, b) => sales(b) - sales(a)),
    );
    const asc = cols("Order({[West], [West].Children}, [Sales], ASC)", w);
    expect(asc[0]).toBe("West");
  });

  it("Generate: each tuple's set, repeated ones once unless ALL", () => {
    expect(cols("Generate({[East], [West]}, [Market].CurrentMember.Children)")).toEqual([
      ...["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"],
      ...WEST,
    ]);
    expect(cols("Generate({[East], [West]}, {[Qtr1]})")).toEqual(["Qtr1"]);
    expect(cols("Generate({[East], [West]}, {[Qtr1]}, ALL)")).toEqual(["Qtr1", "Qtr1"]);
  });

  it("Extract, Distinct, Except, Intersect, Union, Hierarchize, Filter: tuples projected, combined and kept", () => {
    expect(cols("Filter([West].Children, [Sales] > 5000)", "WHERE ([Actual])")).toEqual(
      WEST.filter((s) => sales(s) > 5000),
    );
    expect(cols("Extract(CrossJoin({[Qtr1], [Qtr2]}, {[East], [West]}), [Market])")).toEqual([
      "East",
      "West",
    ]);
    expect(cols("Distinct({[East], [West], [East]})")).toEqual(["East", "West"]);
    expect(cols("Except([Market].Children, {[East]})")).toEqual(["West", "South", "Central"]);
    expect(cols("Intersect([Market].Children, {[South], [Texas]})")).toEqual(["South"]);
    expect(cols("Union({[East]}, {[West], [East]})")).toEqual(["East", "West"]);
    expect(cols("Hierarchize({[West], [East], [Market]})")).toEqual(["Market", "East", "West"]);
  });

  it("NonEmptySubset, NonEmptyCount, NonEmpty: the tuples whose value is not #Missing", () => {
    // South has no data for 400 (domain.md §2): Fruit Soda's markets with Sales.
    const w = "WHERE ([Sales], [Actual], [400])";
    const markets = ["East", "West", "South", "Central"].filter((m) => read("Sales", "400", m) !== null);
    expect(markets).not.toContain("South");
    expect(cols("NonEmptySubset([Market].Children)", w)).toEqual(markets);
    expect(cols("NonEmpty([Market].Children)", w)).toEqual(markets);
    expect(cols("NonEmptySubset([Market].Children, [Sales])", "WHERE ([Actual], [400])")).toEqual(markets);
    expect(cols("NonEmpty([Market].Children, {[400]})", "WHERE ([Sales], [Actual])")).toEqual(markets);
    expect(value("NonEmptyCount([Market].Children, [Sales])", "WHERE ([Actual], [400])")).toBe(
      markets.length,
    );
  });

  it("Aggregate, Sum, Avg, Min, Max, Count: over a set; Aggregate follows the account's time balance", () => {
    const months = ["Jan", "Feb", "Mar"];
    const s = months.reduce((a, m) => a + (read("Sales", m) ?? 0), 0);
    expect(value("Aggregate({[Jan], [Feb], [Mar]}, [Sales])")).toBe(s);
    expect(value("Sum({[Jan], [Feb], [Mar]}, [Sales])")).toBe(s);
    close(value("Avg({[Jan], [Feb], [Mar]}, [Sales])"), s / 3);
    expect(value("Min({[Jan], [Feb], [Mar]}, [Sales])")).toBe(
      Math.min(...months.map((m) => read("Sales", m) ?? 0)),
    );
    expect(value("Max({[Jan], [Feb], [Mar]}, [Sales])")).toBe(
      Math.max(...months.map((m) => read("Sales", m) ?? 0)),
    );
    expect(value("Count({[Jan], [Feb], [Mar]})")).toBe(3);
    // Opening Inventory is time balance First, Ending Inventory Last.
    expect(value("Aggregate({[Jan], [Feb], [Mar]}, [Opening Inventory])")).toBe(
      read("Opening Inventory", "Jan"),
    );
    expect(value("Aggregate({[Jan], [Feb], [Mar]}, [Ending Inventory])")).toBe(
      read("Ending Inventory", "Mar"),
    );
  });

  it("Rank, NTile: by position, then by value with ties sharing a rank", () => {
    expect(value("Rank([South], [Market].Children)")).toBe(3);
    expect(value("Rank([Texas], [Market].Children)")).toBe(0);
    const w = "WHERE ([Sales], [Actual])";
    const byValue = [...WEST].sort((a, b) => sales(b) - sales(a));
    for (const s of WEST)
      expect(value(`Rank([${s}], [West].Children, [Sales])`, "WHERE ([Actual])")).toBe(
        byValue.indexOf(s) + 1,
      );
    expect(value("Rank([East], {[East], [West]}, 1)", w, undefined, "Year")).toBe(1);
    expect(value("Rank([West], {[East], [West]}, 1)", w, undefined, "Year")).toBe(1);
    expect(value("Rank([West], {[East], [West]}, 1, ORDINALRANK)", w, undefined, "Year")).toBe(2);
    // NTile: ascending by value, 5 states in 5 divisions: the smallest is 1, the largest 5.
    const smallest = byValue[byValue.length - 1] as string;
    expect(value(`NTile([${smallest}], [West].Children, 5, [Sales])`, "WHERE ([Actual])")).toBe(1);
    expect(value(`NTile([${byValue[0]}], [West].Children, 5, [Sales])`, "WHERE ([Actual])")).toBe(5);
  });

  it("Median, Percentile, Stddev, Stddevp: over the West states' Sales, as computed from the cube", () => {
    const xs = WEST.map(sales).sort((a, b) => a - b);
    const w = "WHERE ([Actual])";
    expect(value("Median([West].Children, [Sales])", w)).toBe(xs[2]);
    expect(value("Percentile([West].Children, [Sales], 40)", w)).toBe(xs[1]);
    expect(value("Percentile([West].Children, [Sales], 0)", w)).toBe(xs[0]);
    expect(value("Percentile([West].Children, [Sales], 100)", w)).toBe(xs[4]);
    const mean = xs.reduce((a, b) => a + b, 0) / 5;
    const ss = xs.reduce((a, b) => a + (b - mean) ** 2, 0);
    close(value("Stddev([West].Children, [Sales])", w), Math.sqrt(ss / 4));
    close(value("Stddevp([West].Children, [Sales])", w), Math.sqrt(ss / 5));
    close(value("Var([West].Children, [Sales])", w), ss / 4);
    // #Missing left out: South × 400 is missing.
    const withSouth = ["East", "West", "South", "Central"]
      .map((m) => read("Sales", "400", m))
      .filter((v) => v !== null) as number[];
    expect(value("Median([Market].Children, [Sales])", "WHERE ([Actual], [400])")).toBe(
      [...withSouth].sort((a, b) => a - b)[Math.ceil(withSouth.length / 2) - 1],
    );
  });

  it("Abs, Round, Truncate, Int, Power, Exp, Ln, Log, Log10, Mod, Remainder, Factorial: numbers, #Missing in #Missing out", () => {
    expect(value("Abs(-3.5)")).toBe(3.5);
    expect(value("Round(2.345, 2)")).toBe(2.35);
    expect(value("Round(-2.5)")).toBe(-3);
    expect(value("Truncate(-2.7)")).toBe(-2);
    expect(value("Truncate(2.789, 1)")).toBe(2.7);
    expect(value("Int(-2.5)")).toBe(-3);
    expect(value("Power(2, 10)")).toBe(1024);
    close(value("Exp(1)"), Math.E);
    close(value("Ln(Exp(2))"), 2);
    close(value("Log(8, 2)"), 3);
    close(value("Log10(1000)"), 3);
    expect(value("Mod(7, 3)")).toBe(1);
    expect(value("Mod(7, 0)")).toBeNull();
    close(value("Remainder(5.25)"), 0.25);
    expect(value("Factorial(5)")).toBe(120);
    expect(value("Ln(-1)")).toBeNull();
    expect(value("Abs([Sales])", "WHERE ([Actual], [400], [South])")).toBeNull();
    expect(value("Abs([Profit])", "WHERE ([Actual], [100-20])")).toBe(
      Math.abs(read("Profit", "100-20") ?? 0),
    );
  });

  it("CoalesceEmpty, IIF, Case, IsEmpty, Value, CellValue, RealValue: choices over #Missing", () => {
    expect(value("CoalesceEmpty([Sales], -1)", "WHERE ([Actual], [400], [South])")).toBe(-1);
    expect(value("CoalesceEmpty([Sales], -1)", "WHERE ([Actual], [400], [East])")).toBe(
      read("Sales", "400", "East"),
    );
    expect(value("IIF(IsEmpty([Sales]), 1, 2)", "WHERE ([Actual], [400], [South])")).toBe(1);
    expect(
      value("CASE WHEN [Sales] > 0 THEN 10 WHEN [Sales] < 0 THEN 20 ELSE 30 END", "WHERE ([Actual])"),
    ).toBe(10);
    expect(value("CASE 3 WHEN 1 THEN 10 WHEN 3 THEN 30 END")).toBe(30);
    expect(value("CASE 4 WHEN 1 THEN 10 END")).toBeNull();
    expect(value("Value([Sales])", "WHERE ([Actual])")).toBe(read("Sales"));
    const r = run(
      "WITH MEMBER [Scenario].[c] AS 'CellValue()' MEMBER [Scenario].[v] AS 'RealValue()' SELECT {[c], [v]} ON COLUMNS FROM Basic WHERE ([Sales])",
    );
    expect(cellAt(r, [0])).toBe(read("Sales"));
    expect(cellAt(r, [1])).toBe(read("Sales"));
  });

  it("Concat, Left, Right, Len, Upper, Lower, Substring, LTrim, RTrim, InStr, InString, NumToStr, StrToNum: strings", () => {
    expect(stringIs('Concat("01", "01")', "0101")).toBe(true);
    expect(stringIs('Left("Essbase", 3)', "Ess")).toBe(true);
    expect(stringIs('Right("Essbase", 4)', "base")).toBe(true);
    expect(value('Len("Essbase")')).toBe(7);
    expect(cols('Filter({[East]}, Upper("ab") = "AB" AND Lower("AB") = "ab")')).toEqual(["East"]);
    expect(stringIs('Substring("Essbase", 2, 4)', "ssb")).toBe(true);
    expect(stringIs('LTrim("  x ")', "x ")).toBe(true);
    expect(stringIs('RTrim("  x ")', "  x")).toBe(true);
    expect(value('InStr("Essbase", "base")')).toBe(4);
    expect(value('InStr("Essbase", "zz")')).toBe(0);
    expect(value('InString("Essbase", "s")')).toBe(2);
    expect(stringIs("NumToStr(12.5)", "12.5")).toBe(true);
    expect(value('StrToNum("42.5")')).toBe(42.5);
    expect(value('StrToNum("x")')).toBeNull();
    expect(cols('Filter([Market].Children, Left([Market].CurrentMember.Name, 1) = "W")')).toEqual(["West"]);
  });

  it("Todate, TodateEx, Today, DateDiff, DatePart, DateRoll, FormatDate, GetFirstDay, GetLastDay, GetNextDay, GetRoundDate, JulianDate, UnixDate: dates as seconds since 1970", () => {
    const d = Date.UTC(2005, 11, 26) / 1000;
    expect(value('Todate("mm-dd-yyyy", "12-26-2005")')).toBe(d);
    expect(value('TodateEx("yyyy-mm-dd", "2005-12-26")')).toBe(d);
    const today = value("Today()") as number;
    expect(today % 86400).toBe(0);
    expect(Math.abs(today - Date.now() / 1000)).toBeLessThan(2 * 86400);
    const jan1 = Date.UTC(2005, 0, 1) / 1000;
    expect(value(`DateDiff(${jan1}, ${d}, DP_DAY)`)).toBe(359);
    expect(value(`DateDiff(${jan1}, ${d}, DP_MONTH)`)).toBe(11);
    expect(value(`DatePart(${d}, DP_MONTH)`)).toBe(12);
    expect(value(`DatePart(${d}, DP_QUARTER)`)).toBe(4);
    expect(value(`DatePart(${d}, DP_WEEKDAY)`)).toBe(2); // a Monday
    expect(value(`DateRoll(${d}, DP_MONTH, 1)`)).toBe(Date.UTC(2006, 0, 26) / 1000);
    expect(stringIs(`FormatDate(${d}, "yyyy-mm-dd")`, "2005-12-26")).toBe(true);
    expect(stringIs(`FormatDate(${d}, "Month dd, yyyy")`, "December 26, 2005")).toBe(true);
    expect(value(`GetFirstDay(${d}, DP_QUARTER)`)).toBe(Date.UTC(2005, 9, 1) / 1000);
    expect(value(`GetLastDay(${d}, DP_MONTH)`)).toBe(Date.UTC(2005, 11, 31) / 1000);
    expect(value(`GetRoundDate(${d}, DP_YEAR)`)).toBe(jan1);
    expect(value(`GetNextDay(${d}, 6)`)).toBe(Date.UTC(2005, 11, 30) / 1000); // the Friday after
    expect(value("JulianDate(0)")).toBe(2440587.5);
    expect(value("UnixDate(2440588.5)")).toBe(86400);
  });

  it("Attribute, WithAttr, CrossJoinAttribute: base members by their attributes", () => {
    const skus = cube.outline.dimension("Product")?.members.filter((m) => m.isLeaf && !m.isShared) ?? [];
    const can = skus.filter((m) => m.attributes.get("Pkg Type")?.name === "Can").map((m) => m.name);
    expect(cols("Attribute([Can])")).toEqual(can);
    const over16 = skus.filter((m) => Number(m.attributes.get("Ounces")?.name) > 16).map((m) => m.name);
    expect(cols('WithAttr([Ounces], ">", 16)')).toEqual(over16);
    const small = cube.outline.dimension("Market")?.members.filter((m) => {
      const p = m.attributes.get("Population");
      return p !== undefined && p.parent?.name === "Small";
    });
    expect(cols("Attribute([Small])")).toEqual(small?.map((m) => m.name));
    expect(cols("CrossJoinAttribute({[100-10], [100-20]}, {[Can], [Bottle]})")).toEqual(
      ["100-10", "100-20"].map((p) => `${p}/${member(p).attributes.get("Pkg Type")?.name}`),
    );
  });

  it("StrToMbr, StrToMember, StrToSet, StrToTuple: strings read as MDX", () => {
    expect(cols('{StrToMbr("[Market].[East]")}')).toEqual(["East"]);
    expect(cols('{StrToMember("[Market].[West]")}')).toEqual(["West"]);
    expect(cols('{StrToMbr("Cola")}')).toEqual(["100-10"]);
    expect(cols('StrToSet("{[East], [West]}")')).toEqual(["East", "West"]);
    expect(cols('{StrToTuple("([Qtr1], [East])")}')).toEqual(["Qtr1/East"]);
    expect(() => cols('{StrToMbr("[Market].[Nowhere]")}')).toThrow(MdxError);
  });

  it("NextMember, PrevMember, FirstSibling, LastSibling, FirstChild, LastChild, Parent, Children, Siblings: neighbours in the outline", () => {
    expect(cols("{[Mar].NextMember}")).toEqual(["Apr"]);
    expect(cols("{NextMember([Mar])}")).toEqual(["Apr"]);
    expect(cols("{[Jan].PrevMember}")).toEqual([]);
    expect(cols("{PrevMember([Qtr2])}")).toEqual(["Qtr1"]);
    expect(cols("{[Dec].NextMember}")).toEqual([]);
    expect(cols("{FirstSibling([Oregon]), LastSibling([Oregon])}")).toEqual(["California", "Nevada"]);
    expect(cols("{[Oregon].FirstSibling, [Oregon].LastSibling}")).toEqual(["California", "Nevada"]);
    expect(cols("{FirstSibling([Market])}")).toEqual(["Market"]);
    expect(cols("{FirstChild([West]), LastChild([West])}")).toEqual(["California", "Nevada"]);
    expect(cols("{Parent([Oregon])}")).toEqual(["West"]);
    expect(cols("Children([West])")).toEqual(WEST);
    expect(cols("Siblings([West])")).toEqual(["East", "West", "South", "Central"]);
  });

  it("Leaves, Descendants, Members, Uda: members found in the outline", () => {
    expect(cols("Leaves([West])")).toEqual(WEST);
    expect(cols("Leaves([Qtr1])")).toEqual(["Jan", "Feb", "Mar"]);
    expect(cols("Leaves([Diet])")).toEqual([]);
    // Only the members that contribute: South has no Sales of Fruit Soda (400) and drops out.
    expect(cols("Leaves([Market])", "WHERE ([400], [Sales])")).toEqual(
      STATES.filter((st) => read("Sales", "400", st) !== null),
    );
    expect(cols("Leaves([South])", "WHERE ([400], [Sales])")).toEqual([]);
    expect(cols("Descendants([West])")).toEqual(["West", ...WEST]);
    expect(cols("Members([Scenario])")).toEqual(["Scenario", "Actual", "Budget", "Variance", "Variance %"]);
    expect(cols('Uda([West], "Small Market")')).toEqual(["Oregon", "Utah", "Nevada"]);
  });

  it("TupleRange: (Actual, Nov) to (Budget, Feb) runs through the months, the last dimension fastest", () => {
    expect(cols("TupleRange(([Actual], [Nov]), ([Budget], [Feb]))")).toEqual([
      "Actual/Nov",
      "Actual/Dec",
      "Budget/Jan",
      "Budget/Feb",
    ]);
    expect(cols("TupleRange(([Budget], [Feb]), ([Actual], [Nov]))")).toEqual([]);
  });

  it("DrillupMember: the descendants of the second set's members leave the first set", () => {
    expect(cols("DrillupMember({[East], [New York], [Florida], [West], [Oregon]}, {[East]})")).toEqual([
      "East",
      "West",
      "Oregon",
    ]);
    expect(cols("DrillupMember({[Market], [East], [New York]}, {[Market]})")).toEqual(["Market"]);
  });

  it("ParallelPeriod, PeriodsToDate, OpeningPeriod, ClosingPeriod: time by layer", () => {
    expect(cols("{ParallelPeriod([Year].Generations(2), 1, [May])}")).toEqual(["Feb"]);
    expect(cols("{ParallelPeriod([Year].Generations(2), 2, [Dec])}")).toEqual(["Jun"]);
    expect(cols("{ParallelPeriod([Year].Generations(2), 3, [May])}")).toEqual([]);
    // The current Year member, the layer its parent's generation.
    const r = run(
      "WITH MEMBER [Measures].[pp] AS ([Sales], ParallelPeriod()) SELECT {[pp]} ON COLUMNS, {[Aug]} ON ROWS FROM Basic",
    );
    expect(cellAt(r, [0, 0])).toBe(read("Sales", "May"));
    expect(cols("PeriodsToDate([Year].Generations(2), [May])")).toEqual(["Apr", "May"]);
    expect(cols("PeriodsToDate([Year].Generations(1), [Feb])")).toEqual(["Jan", "Feb"]);
    expect(cols("PeriodsToDate(, [Mar])")).toEqual(["Jan", "Feb", "Mar"]);
    expect(cols("PeriodsToDate([Year].Generations(2), [Qtr3])")).toEqual(["Qtr3"]);
    expect(
      cols("{OpeningPeriod([Year].Generations(3), [Qtr2]), ClosingPeriod([Year].Generations(3), [Qtr2])}"),
    ).toEqual(["Apr", "Jun"]);
    expect(cols("{OpeningPeriod(, [Year]), ClosingPeriod(, [Year])}")).toEqual(["Qtr1", "Qtr4"]);
    expect(cols("{OpeningPeriod(, [Year]), ClosingPeriod(, [Year])}", "", { dialect: "ssas" })).toEqual([
      "Qtr1",
      "Qtr4",
    ]);
  });

  it("Dimension, Generation, Generations, Level, Levels, Ordinal, DefaultMember, CurrentMember: layers and dimensions", () => {
    expect(cols("{Dimension([Oregon]), [Oregon].Dimension}")).toEqual(["Market", "Market"]);
    expect(cols("Generation([Oregon]).Members")).toEqual(cols("[Market].Generations(3).Members"));
    expect(cols("Generations([Market], 2).Members")).toEqual(["East", "West", "South", "Central"]);
    expect(cols("Level([Jan]).Members")).toEqual(MONTHS);
    expect(cols("Levels([Year], 1).Members")).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(value("Ordinal(Level([Qtr1]))")).toBe(1);
    expect(value("Ordinal([Year].Generations(3))")).toBe(3);
    expect(cols("{DefaultMember([Market]), [Market].DefaultMember}")).toEqual(["Market", "Market"]);
    expect(cols('Filter([Market].Children, CurrentMember([Market]).Name = "West")')).toEqual(["West"]);
  });

  it("Is, IsAncestor, IsChild, IsSibling, IsGeneration, IsLevel, IsLeaf, IsUda, IsAccType, IsMatch, IsValid, Contains: tests", () => {
    const t = (cond: string) => cols(`Filter({[East]}, ${cond})`).length === 1;
    expect(t("Is([East], [East])")).toBe(true);
    expect(t("Is([East], [West])")).toBe(false);
    expect(t("IsAncestor([East], [New York])")).toBe(true);
    expect(t("IsAncestor([New York], [East])")).toBe(false);
    expect(t("IsAncestor([East], [East])")).toBe(false);
    expect(t("IsAncestor([East], [East], INCLUDEMEMBER)")).toBe(true);
    expect(t("IsChild([New York], [East])")).toBe(true);
    expect(t("IsChild([New York], [Market])")).toBe(false);
    expect(t("IsSibling([East], [West])")).toBe(true);
    expect(t("IsSibling([East], [East])")).toBe(false);
    expect(t("IsSibling([East], [East], INCLUDEMEMBER)")).toBe(true);
    expect(t("IsGeneration([Oregon], 3)")).toBe(true);
    expect(t("IsLevel([Oregon], 0)")).toBe(true);
    expect(t("IsLevel([Market], 0)")).toBe(false);
    expect(t("IsLeaf([Oregon])")).toBe(true);
    expect(t('IsUda([Oregon], "Small Market")')).toBe(true);
    expect(t("IsAccType([Opening Inventory], FIRST)")).toBe(true);
    expect(t("IsAccType([Ending Inventory], LAST)")).toBe(true);
    expect(t("IsAccType([COGS], EXPENSE)")).toBe(true);
    expect(t("IsAccType([Sales], EXPENSE)")).toBe(false);
    expect(t('IsMatch("New York", "^New")')).toBe(true);
    expect(t('IsMatch("new york", "^New")')).toBe(false);
    expect(t('IsMatch("new york", "^New", IGNORE_CASE)')).toBe(true);
    expect(t("IsValid([East].Parent)")).toBe(true);
    expect(t("IsValid([Market].Parent)")).toBe(false);
    expect(t("Contains([Oregon], {[California], [Oregon]})")).toBe(true);
    expect(t("Contains(([Qtr1], [Oregon]), CrossJoin({[Qtr2]}, {[Oregon]}))")).toBe(false);
  });

  it("LinkMember: 100-20 under Diet is its shared instance, Diet's children Diet Cola's", () => {
    const shared = run("SELECT {LinkMember([100-20], [Diet])} ON COLUMNS FROM Basic").axes[0]
      ?.tuples[0]?.[0] as Member;
    expect(shared.name).toBe("100-20");
    expect(shared.isShared).toBe(true);
    expect(shared.parent?.name).toBe("Diet");
    expect(cols("{LinkMember([100-20], [200])}")).toEqual([]);
  });
});

describe("Microsoft's dialect, as XMLA clients send it", () => {
  it("AddCalculatedMembers, StripCalculatedMembers: the query's calculated members added or left out", () => {
    const q = (set: string) =>
      (
        run(`WITH MEMBER [Market].[East+West] AS [East] + [West] SELECT ${set} ON COLUMNS FROM Basic`).axes[0]
          ?.tuples ?? []
      ).map((t) => t[0]?.name);
    expect(q("AddCalculatedMembers([Market].Children)")).toEqual([
      "East",
      "West",
      "South",
      "Central",
      "East+West",
    ]);
    expect(q("StripCalculatedMembers({[East], [East+West]})")).toEqual(["East"]);
    expect(q("AddCalculatedMembers([East].Children)")).toEqual([
      "New York",
      "Massachusetts",
      "Florida",
      "Connecticut",
      "New Hampshire",
    ]);
  });

  it("Ascendants, Ancestors: the member then its ancestors; on the SSAS address Ancestors is the one at the level", () => {
    expect(cols("Ascendants([New York])")).toEqual(["New York", "East", "Market"]);
    const ssas = { dialect: "ssas" } as const;
    expect(cols("Ancestors([New York], [Market].Levels(0))", "", ssas)).toEqual(["Market"]);
    expect(cols("Ancestors([New York], 1)", "", ssas)).toEqual(["East"]);
    expect(cols("Ancestors([New York], [Market].Levels(2))")).toEqual(["Market", "East", "New York"]);
  });

  it("Levels, Level_Number, IsLevel, Ordinal: from the root on the SSAS address, from the leaves on Essbase", () => {
    const ssas = { dialect: "ssas" } as const;
    expect(cols("[Market].Levels(1).Members", "", ssas)).toEqual(["East", "West", "South", "Central"]);
    expect(cols("[Market].Levels(0).Members", "", ssas)).toEqual(["Market"]);
    expect(cols("[Market].Levels(1).Members")).toEqual(["East", "West", "South", "Central"]);
    expect(cols("[Year].Levels(0).Members")).toEqual(MONTHS);
    expect(cols("[Year].Levels(2).Members", "", ssas)).toEqual(MONTHS);
    expect(cols("Filter([Market].Members, [Market].CurrentMember.Level_Number = 0)", "", ssas)).toEqual([
      "Market",
    ]);
    expect(cols("Filter([Market].Children, IsLevel([Market].CurrentMember, 1))", "", ssas)).toEqual([
      "East",
      "West",
      "South",
      "Central",
    ]);
    expect(value("[Year].Levels(2).Ordinal", "", ssas)).toBe(2);
  });

  it("Generate, Hierarchy: Generate's string form joins with the delimiter; a member's hierarchy is its dimension", () => {
    expect(
      cols(
        'Filter({[East]}, Generate([Market].Children, [Market].CurrentMember.Name, ", ") = "East, West, South, Central")',
      ),
    ).toEqual(["East"]);
    expect(cols('Filter({[East]}, [East].Hierarchy.Name = "Market")')).toEqual(["East"]);
    expect(cols("[East].Hierarchy.Members")).toEqual(
      cube.outline.dimension("Market")?.members.map((m) => m.name),
    );
  });

  it("Properties: intrinsic member properties and attributes", () => {
    const is = (expr: string, expected: string, options?: MdxOptions) =>
      cols(`Filter({[Oregon]}, ${expr} = "${expected}")`, "", options).length === 1;
    expect(is('[Oregon].Properties("MEMBER_NAME")', "Oregon")).toBe(true);
    expect(is('[Oregon].Properties("MEMBER_UNIQUE_NAME")', "[Market].[Oregon]")).toBe(true);
    expect(is('[Oregon].Properties("PARENT_UNIQUE_NAME")', "[Market].[West]")).toBe(true);
    expect(is('[Oregon].Properties("Population")', "3000000")).toBe(true);
    expect(value('[West].Properties("CHILDREN_CARDINALITY")')).toBe(5);
    expect(value('[West].Properties("LEVEL_NUMBER")')).toBe(1);
    expect(value('[West].Properties("LEVEL_NUMBER")', "", { dialect: "ssas" })).toBe(1);
    expect(value('[Oregon].Properties("LEVEL_NUMBER")', "", { dialect: "ssas" })).toBe(2);
    expect(is("[Oregon].UniqueName", "[Market].[Oregon]")).toBe(true);
    expect(() => value('[West].Properties("NO_SUCH")')).toThrow(MdxError);
  });

  it("Subset, Head, Tail, Item, Generate, NonEmpty, Cousin, ParallelPeriod, PeriodsToDate, YTD, QTD, MTD, Lag, Lead, Rank, Aggregate, StrToMember, StrToSet, CoalesceEmpty, IIf, Order, DrilldownLevel, DrilldownMember, DrillupMember, DrillupLevel: the query a pivot client sends runs", () => {
    const ssas = { dialect: "ssas" } as const;
    const q =
      "WITH MEMBER [Measures].[r] AS Rank([Market].CurrentMember, [Market].Children, [Sales]) " +
      "MEMBER [Measures].[ytd] AS Aggregate(YTD([Year].CurrentMember), [Sales]) " +
      "MEMBER [Measures].[pp] AS CoalesceEmpty(([Sales], ParallelPeriod([Year].Levels(1), 1, [Year].CurrentMember)), 0) " +
      "MEMBER [Measures].[lag] AS IIf(IsEmpty(([Sales], [Year].CurrentMember.Lag(1))), 0, ([Sales], [Year].CurrentMember.Lead(-1))) " +
      "SELECT {[Sales], [r], [ytd], [pp], [lag]} ON COLUMNS, " +
      'NonEmpty(Subset(Order(DrilldownMember(DrilldownLevel({StrToMember("[Market]")}), StrToSet("{[West]}")), [Sales], BDESC), 0, 20)) ON ROWS ' +
      "FROM Basic WHERE ([Actual], [May])";
    const r = run(q, ssas);
    expect(r.axes[1]?.tuples.length).toBe(10);
    const rows = r.axes[1]?.tuples.map((t) => t[0]?.name) ?? [];
    const row = (name: string) => rows.indexOf(name);
    const ytd = ["Jan", "Feb", "Mar", "Apr", "May"].reduce((s, m) => s + (read("Sales", m, "West") ?? 0), 0);
    expect(cellAt(r, [2, row("West")])).toBe(ytd);
    expect(cellAt(r, [3, row("West")])).toBe(read("Sales", "Feb", "West"));
    expect(cellAt(r, [4, row("West")])).toBe(read("Sales", "Apr", "West"));
    expect(cols("DrillupLevel({[Market], [East], [New York]}, [Market].Levels(1))", "", ssas)).toEqual([
      "Market",
      "East",
    ]);
    expect(cols("DrillupMember({[Market], [East], [New York]}, {[East]})", "", ssas)).toEqual([
      "Market",
      "East",
    ]);
    expect(
      cols("Generate(Head([Market].Children, 2), Tail([Market].CurrentMember.Children, 1))", "", ssas),
    ).toEqual(["New Hampshire", "Nevada"]);
    expect(cols("{Cousin([Apr], [Qtr3])}", "", ssas)).toEqual(["Jul"]);
    expect(cols("{[Market].Children.Item(0)}", "", ssas)).toEqual(["East"]);
    expect(cols("PeriodsToDate([Year].Levels(1), [May])", "", ssas)).toEqual(["Apr", "May"]);
  });
});

describe("Functions of Oracle's list the engine cannot apply", () => {
  it("AttributeEx, WithAttrEx, EnumText, EnumValue, CurrentAxisMember, DateToMember, GetFirstDate, GetLastDate: a typed refusal naming the function and why", () => {
    const calls: Record<string, string> = {
      AttributeEx: "{AttributeEx([Can])}",
      WithAttrEx: 'WithAttrEx([Ounces], ">", 16)',
      EnumText: 'Filter({[East]}, EnumText([Sales], 1) = "x")',
      EnumValue: 'Filter({[East]}, EnumValue([Sales], "x") = 1)',
      CurrentAxisMember: "{CurrentAxisMember()}",
      DateToMember: "{DateToMember(0, [Year])}",
      GetFirstDate: "Filter({[East]}, GetFirstDate([Jan]) = 0)",
      GetLastDate: "Filter({[East]}, GetLastDate([Jan]) = 0)",
    };
    for (const [name, set] of Object.entries(calls)) {
      let error: unknown;
      try {
        cols(set);
      } catch (e) {
        error = e;
      }
      expect(error, name).toBeInstanceOf(MdxError);
      expect((error as MdxError).code, name).toBe("MDX_UNSUPPORTED_FUNCTION");
      expect((error as MdxError).message, name).toContain(name);
      expect((error as MdxError).message, name).toMatch(/is not supported: it (needs|is read only)/);
      expect((error as MdxError).message, name).not.toMatch(/unknown function/i);
    }
    // A name no list has stays an unknown function.
    expect(() => cols("{Frobnicate([East])}")).toThrow(/Unknown function Frobnicate/);
  });
});
