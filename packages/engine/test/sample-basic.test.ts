import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../demo/sample-basic-data.ts";
import type { Cube } from "../src/cube/cube.ts";
import type { Member } from "../src/outline.ts";
import {
  CENTRAL_STATES,
  EAST_STATES,
  MAJOR_MARKETS,
  MAJOR_MARKETS_JUL_COLA,
  SOUTH_STATES,
  WEST_STATES,
} from "./support/sample-basic.ts";

let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const mbr = (name: string): Member => {
  const m = cube.outline.member(name);
  if (!m) throw new Error(`no member ${name}`);
  return m;
};
const names = (ms: readonly Member[]): string[] => ms.map((m) => m.name);

/** Reads an intersection from member names; dimensions not named are at their top member. */
function read(...parts: string[]): number | null {
  const chosen = new Map<string, Member>();
  const attrs: Member[] = [];
  for (const p of parts) {
    const m = mbr(p);
    if (m.dimension.type === "attribute") attrs.push(m);
    else chosen.set(m.dimension.name, m);
  }
  return cube.read([...cube.dims.map((d) => chosen.get(d.name) ?? d.root), ...attrs]);
}

describe("Sample.Basic outline", () => {
  it("has the base and attribute dimensions with their densities", () => {
    const o = cube.outline;
    expect(o.baseDimensions.map((d) => [d.name, d.type, d.density])).toEqual([
      ["Year", "time", "dense"],
      ["Measures", "accounts", "dense"],
      ["Product", "regular", "sparse"],
      ["Market", "regular", "sparse"],
      ["Scenario", "regular", "dense"],
    ]);
    expect(o.attributeDimensions.map((d) => [d.name, d.attributeKind ?? null])).toEqual([
      ["Caffeinated", "boolean"],
      ["Ounces", "numeric"],
      ["Pkg Type", "text"],
      ["Population", "numeric"],
      ["Intro Date", "date"],
      ["Attribute Calculations", null],
    ]);
    expect(o.aliasTables).toEqual(["Default", "Long Names"]);
  });

  it("lists Year, Measures, Product, Market and Scenario members in outline order", () => {
    expect(names(mbr("Year").children)).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(names(mbr("Qtr3").children)).toEqual(["Jul", "Aug", "Sep"]);
    expect(names(mbr("Measures").children)).toEqual(["Profit", "Inventory", "Ratios"]);
    expect(names(mbr("Profit").children)).toEqual(["Margin", "Total Expenses"]);
    expect(names(mbr("Margin").children)).toEqual(["Sales", "COGS"]);
    expect(names(mbr("Total Expenses").children)).toEqual(["Marketing", "Payroll", "Misc"]);
    expect(names(mbr("Inventory").children)).toEqual(["Opening Inventory", "Additions", "Ending Inventory"]);
    expect(names(mbr("Ratios").children)).toEqual(["Margin %", "Profit %", "Profit per Ounce"]);
    expect(names(mbr("Product").children)).toEqual(["100", "200", "300", "400", "Diet"]);
    expect(names(mbr("100").children)).toEqual(["100-10", "100-20", "100-30"]);
    expect(names(mbr("200").children)).toEqual(["200-10", "200-20", "200-30", "200-40"]);
    expect(names(mbr("300").children)).toEqual(["300-10", "300-20", "300-30"]);
    expect(names(mbr("400").children)).toEqual(["400-10", "400-20", "400-30"]);
    expect(names(mbr("Diet").children)).toEqual(["100-20", "200-20", "300-30"]);
    expect(names(mbr("East").children)).toEqual(EAST_STATES);
    expect(names(mbr("West").children)).toEqual(WEST_STATES);
    expect(names(mbr("South").children)).toEqual(SOUTH_STATES);
    expect(names(mbr("Central").children)).toEqual(CENTRAL_STATES);
    expect(names(mbr("Scenario").children)).toEqual(["Actual", "Budget", "Variance", "Variance %"]);
  });

  it("has the attribute members, Population ranges and Intro Dates", () => {
    expect(names(mbr("Caffeinated").children)).toEqual(["True", "False"]);
    expect(names(mbr("Ounces").children)).toEqual(["32", "20", "16", "12"]);
    expect(names(mbr("Pkg Type").children)).toEqual(["Bottle", "Can"]);
    expect(names(mbr("Small").children)).toEqual(["3000000", "6000000"]);
    expect(names(mbr("Medium").children)).toEqual(["9000000", "12000000", "15000000", "18000000"]);
    expect(names(mbr("Large").children)).toEqual([
      "21000000",
      "24000000",
      "27000000",
      "30000000",
      "33000000",
    ]);
    expect(names(mbr("Intro Date").children)).toEqual([
      "03-25-1996",
      "04-01-1996",
      "09-27-1995",
      "07-26-1996",
      "12-10-1996",
      "06-26-1996",
      "10-01-1996",
    ]);
    expect(names(mbr("Attribute Calculations").children)).toEqual(["Sum", "Count", "Min", "Max", "Avg"]);
    for (const a of ["True", "32", "Bottle", "Small", "03-25-1996"])
      expect(mbr(a).storage).toBe("dynamic-calc");
  });

  it("has storage, operators, expense and time balance", () => {
    for (const n of ["Profit", "Margin", "Total Expenses"]) expect(mbr(n).storage).toBe("dynamic-calc");
    expect(mbr("COGS").consolidation).toBe("-");
    expect(mbr("Total Expenses").consolidation).toBe("-");
    for (const n of ["COGS", "Marketing", "Payroll", "Misc"]) expect(mbr(n).expense).toBe(true);
    expect(mbr("Sales").expense).toBe(false);
    expect(mbr("Diet").consolidation).toBe("~");
    expect(mbr("Opening Inventory").timeBalance).toBe("first");
    expect(mbr("Ending Inventory").timeBalance).toBe("last");
    expect(mbr("Inventory").storage).toBe("label-only");
    expect(mbr("Margin %").twoPass).toBe(true);
    expect(mbr("Margin %").formula).toBe("Margin % Sales;");
    expect(mbr("Profit per Ounce").formula).toBe("Profit/@ATTRIBUTEVAL(@NAME(Ounces));");
    expect(mbr("Variance").formula).toBe("@VAR(Actual, Budget);");
    expect(mbr("Variance %").formula).toBe("@VARPER(Actual, Budget);");
    expect(mbr("Budget").consolidation).toBe("~");
  });

  it("has the shared Diet members pointing at their stored prototypes", () => {
    const diet = mbr("Diet").children;
    for (const s of diet) {
      expect(s.isShared).toBe(true);
      expect(s.prototype?.parent?.name).toBe(s.name.slice(0, 3));
    }
    expect(mbr("100-20").isShared).toBe(false);
  });

  it("has Default and Long Names aliases", () => {
    const def: [string, string][] = [
      ["100", "Colas"],
      ["200", "Root Beer"],
      ["300", "Cream Soda"],
      ["400", "Fruit Soda"],
      ["Diet", "Diet Drinks"],
      ["100-10", "Cola"],
      ["100-20", "Diet Cola"],
      ["100-30", "Caffeine Free Cola"],
      ["200-10", "Old Fashioned"],
      ["200-20", "Diet Root Beer"],
      ["200-30", "Sarsaparilla"],
      ["200-40", "Birch Beer"],
      ["300-30", "Diet Cream"],
      ["COGS", "Cost of Goods Sold"],
    ];
    for (const [n, a] of def) {
      expect(mbr(n).alias("Default")).toBe(a);
      expect(cube.outline.resolve(a)?.name).toBe(n);
    }
    expect(mbr("Margin").alias("Long Names")).toBe("Gross Margin");
    expect(mbr("100-10").alias("Long Names")).toBe("The Best Cola");
    expect(mbr("100-20").alias("Long Names")).toBe("Diet Cola with Honey");
    expect(mbr("100-30").alias("Long Names")).toBe("All the Cola, none of the Caffeine");
    expect(cube.outline.resolve("The Best Cola", "Long Names")?.name).toBe("100-10");
  });

  it("has UDAs (Major Market) on exactly the documented members", () => {
    const major = cube.outline.baseDimensions
      .flatMap((d) => d.members)
      .filter((m) => m.udas.includes("Major Market"))
      .map((m) => m.name);
    expect(major).toEqual(MAJOR_MARKETS);
    expect(mbr("Nevada").udas).toEqual(["Small Market", "New Mkt"]);
  });

  it("links attributes to level-0 members", () => {
    const caf = (v: string) =>
      mbr("Product")
        .descendants()
        .filter((m) => !m.isShared && m.attributes.get("Caffeinated")?.name === v)
        .map((m) => m.name);
    expect(caf("True")).toEqual(expect.arrayContaining(["100-10", "100-20", "200-10", "200-20"]));
    expect(caf("False")).toEqual(expect.arrayContaining(["100-30", "200-30", "200-40"]));
    const oz12 = mbr("Product")
      .descendants()
      .filter((m) => !m.isShared && m.attributes.get("Ounces")?.name === "12")
      .map((m) => m.alias("Default"));
    expect(oz12).toEqual(["Cola", "Diet Cola", "Old Fashioned", "Sarsaparilla", "Diet Cream"]);
    for (const n of ["100-10", "100-20", "300-30"])
      expect(mbr(n).attributes.get("Pkg Type")?.name).toBe("Can");
    for (const n of ["100-30", "200-10", "200-20", "200-30", "200-40"]) {
      expect(mbr(n).attributes.get("Pkg Type")?.name).toBe("Bottle");
    }
    expect(mbr("100-10").attributes.get("Intro Date")?.name).toBe("03-25-1996");
    expect(mbr("100").attributes.size).toBe(0);
  });

  it("numbers generations and levels and names them", () => {
    const year = cube.outline.dimension("Year");
    expect([mbr("Year").generation, mbr("Qtr1").generation, mbr("Jan").generation]).toEqual([1, 2, 3]);
    expect([mbr("Year").level, mbr("Qtr1").level, mbr("Jan").level]).toEqual([2, 1, 0]);
    expect(year?.generationNames.get(2)).toBe("Quarter");
    expect(year?.generationByName("Months")).toBe(3);
    expect(year?.dynamicTimeSeries.get("Q-T-D")).toBe(2);
    expect(cube.outline.dimension("Product")?.levelNames.get(1)).toBe("Family");
    expect(cube.outline.dimension("Market")?.generationNames.get(3)).toBe("State");
    expect(mbr("Profit").level).toBe(2);
  });
});

describe("Sample.Basic published data points", () => {
  it("Actual Sales of Cola in East for Jan–Mar is 109/85/112 and its five states", () => {
    const months = ["Jan", "Feb", "Mar"];
    expect(months.map((mo) => read(mo, "Sales", "100-10", "East", "Actual"))).toEqual([109, 85, 112]);
    const states: [string, number[]][] = [
      ["New York", [36, 32, 39]],
      ["Massachusetts", [24, 9, 14]],
      ["Florida", [37, 29, 37]],
      ["Connecticut", [0, 5, 11]],
      ["New Hampshire", [12, 10, 11]],
    ];
    for (const [st, vals] of states)
      expect(months.map((mo) => read(mo, "Sales", "100-10", st, "Actual"))).toEqual(vals);
  });

  it("reproduces the Major Market July figures for Cola (Sales / Profit)", () => {
    const jul = MAJOR_MARKETS_JUL_COLA;
    for (const [mk, sales, profit] of jul) {
      expect(read("Jul", "Sales", "100-10", mk, "Actual")).toBe(sales);
      expect(read("Jul", "Profit", "100-10", mk, "Actual")).toBe(profit);
      // Scenario is label only: it shows Actual
      expect(read("Jul", "Sales", "100-10", mk)).toBe(sales);
    }
  });

  it("reproduces the @VAR / @VARPER example at the top of the cube", () => {
    expect(read("Sales", "Actual")).toBe(400855);
    expect(read("Sales", "Budget")).toBe(373080);
    expect(read("Sales", "Variance")).toBe(27775);
    expect((read("Sales", "Variance %") as number).toFixed(1)).toBe("7.4");
    expect(read("COGS", "Actual")).toBe(179336);
    expect(read("COGS", "Budget")).toBe(158940);
    expect(read("COGS", "Variance")).toBe(-20396);
    expect((read("COGS", "Variance %") as number).toFixed(1)).toBe("-12.8");
  });

  it("Product 100 Actual Sales by quarter is 7048/7872/8511/7037", () => {
    expect(["Qtr1", "Qtr2", "Qtr3", "Qtr4"].map((q) => read(q, "Sales", "100", "Actual"))).toEqual([
      7048, 7872, 8511, 7037,
    ]);
    expect(read("Sales", "100", "Actual")).toBe(30468);
  });

  it("Profit per Ounce of Cola in the West is 4593 / 12 = 382.75", () => {
    expect(read("Profit", "100-10", "West", "Actual")).toBe(4593);
    expect(read("Profit per Ounce", "100-10", "West", "Actual")).toBe(382.75);
    expect(read("Profit per Ounce", "100", "West", "Actual")).toBeNull();
  });

  it("South × 400 is #Missing and 100-30 has no South data", () => {
    expect(read("Sales", "400", "South", "Actual")).toBeNull();
    expect(read("Sales", "400-10", "Texas", "Actual")).toBeNull();
    expect(read("Sales", "100-30", "South", "Actual")).toBeNull();
    expect(read("Sales", "100-30", "South", "Budget")).toBeNull();
    expect(read("Sales", "100", "South", "Actual")).not.toBeNull();
  });
});

describe("Sample.Basic consolidation", () => {
  const sum = (vals: (number | null)[]): number | null =>
    vals.some((v) => v !== null) ? vals.reduce<number>((a, v) => a + (v ?? 0), 0) : null;

  it("every region equals the sum of its states, every family the sum of its SKUs", () => {
    for (const region of ["East", "West", "South", "Central"]) {
      for (const mo of ["Jan", "Jul", "Qtr2", "Year"]) {
        const states = mbr(region).children.map((s) => read(mo, "Sales", "200", s.name, "Actual"));
        expect(read(mo, "Sales", "200", region, "Actual")).toBe(sum(states));
      }
    }
    for (const fam of ["100", "200", "300", "400"]) {
      const skus = mbr(fam).children.map((s) => read("Qtr1", "COGS", s.name, "Market", "Budget"));
      expect(read("Qtr1", "COGS", fam, "Market", "Budget")).toBe(sum(skus));
    }
    expect(read("Sales", "Market", "Actual")).toBe(
      sum(["East", "West", "South", "Central"].map((r) => read("Sales", r, "Actual"))),
    );
  });

  it("counts shared members once: Product excludes Diet, Diet sums its shared SKUs", () => {
    const fams = sum(["100", "200", "300", "400"].map((f) => read("Sales", f, "Actual")));
    expect(read("Sales", "Product", "Actual")).toBe(fams);
    expect(read("Sales", "Diet", "Actual")).toBe(
      sum(["100-20", "200-20", "300-30"].map((p) => read("Sales", p, "Actual"))),
    );
  });

  it("computes dynamic Profit, Margin and ratios at retrieval", () => {
    const s = read("Qtr1", "Sales", "East", "Actual") as number;
    const c = read("Qtr1", "COGS", "East", "Actual") as number;
    const [mk, pay, misc] = ["Marketing", "Payroll", "Misc"].map(
      (x) => read("Qtr1", x, "East", "Actual") as number,
    ) as [number, number, number];
    expect(read("Qtr1", "Margin", "East", "Actual")).toBe(s - c);
    expect(read("Qtr1", "Total Expenses", "East", "Actual")).toBe(mk + pay + misc);
    expect(read("Qtr1", "Profit", "East", "Actual")).toBe(s - c - mk - pay - misc);
    expect(read("Qtr1", "Margin %", "East", "Actual")).toBeCloseTo(((s - c) / s) * 100, 10);
    // two-pass: the ratio of totals, not the sum of monthly ratios
    const year = read("Margin", "Actual") as number;
    expect(read("Margin %", "Actual")).toBeCloseTo((year / 400855) * 100, 10);
    // Measures is label only: it shows its first child, Profit
    expect(read("Measures", "Actual")).toBe(read("Profit", "Actual"));
  });

  it("applies time balance First/Last to Opening and Ending Inventory", () => {
    expect(read("Qtr1", "Opening Inventory", "100-10", "New York", "Actual")).toBe(
      read("Jan", "Opening Inventory", "100-10", "New York", "Actual"),
    );
    expect(read("Qtr2", "Ending Inventory", "100-10", "New York", "Actual")).toBe(
      read("Jun", "Ending Inventory", "100-10", "New York", "Actual"),
    );
    expect(read("Year", "Ending Inventory", "Actual")).toBe(read("Dec", "Ending Inventory", "Actual"));
    expect(read("Year", "Additions", "Actual")).toBe(
      sum(["Qtr1", "Qtr2", "Qtr3", "Qtr4"].map((q) => read(q, "Additions", "Actual"))),
    );
  });

  it("slices by attributes (Caffeinated, Ounces, Population) with Attribute Calculations", () => {
    const caf = ["100-10", "100-20", "200-10", "200-20", "300-10", "300-20", "300-30"];
    expect(read("True", "Sales", "Actual")).toBe(sum(caf.map((p) => read(p, "Sales", "Actual"))));
    expect(read("True", "Count", "Sales", "Actual")).toBe(7);
    const oz12 = ["100-10", "100-20", "200-10", "200-30", "300-30"];
    expect(read("12", "Sales", "East", "Actual")).toBe(
      sum(oz12.map((p) => read(p, "Sales", "East", "Actual"))),
    );
    expect(read("Large", "Sales", "Actual")).toBe(
      sum(["New York", "California", "Texas"].map((s) => read(s, "Sales", "Actual"))),
    );
    expect(read("12", "Can", "Sales", "Actual")).toBe(
      sum(["100-10", "100-20", "300-30"].map((p) => read(p, "Sales", "Actual"))),
    );
  });

  it("computes Dynamic Time Series to date", () => {
    const t = (...n: string[]) => cube.dims.map((d) => n.map(mbr).find((m) => m.dimension === d) ?? d.root);
    expect(cube.readToDate(t("Sales", "100-10", "East", "Actual"), "Q-T-D", mbr("Feb"))).toBe(109 + 85);
    expect(cube.readToDate(t("Sales", "Actual"), "H-T-D", mbr("Qtr2"))).toBe(
      (read("Qtr1", "Sales", "Actual") as number) + (read("Qtr2", "Sales", "Actual") as number),
    );
    expect(cube.readToDate(t("Opening Inventory", "Actual"), "H-T-D", mbr("May"))).toBe(
      read("Jan", "Opening Inventory", "Actual"),
    );
  });
});

describe("Sample.Basic writes", () => {
  it("updates dependent totals on the next read", () => {
    const c = createSampleBasicCube();
    const t = (...n: string[]) =>
      c.dims.map((d) => n.map((x) => c.outline.member(x) as Member).find((m) => m.dimension === d) ?? d.root);
    const before = c.read(t("Jan", "Sales", "100-10", "East", "Actual")) as number;
    const topBefore = c.read(t("Sales", "Actual")) as number;
    expect(c.writeBlocker(t("Jan", "Sales", "100-10", "New York", "Actual"))).toBeNull();
    c.write(t("Jan", "Sales", "100-10", "New York", "Actual"), 136);
    expect(c.read(t("Jan", "Sales", "100-10", "New York", "Actual"))).toBe(136);
    expect(c.read(t("Jan", "Sales", "100-10", "East", "Actual"))).toBe(before + 100);
    expect(c.read(t("Qtr1", "Sales", "100", "Market", "Actual"))).toBe(7148);
    expect(c.read(t("Sales", "Actual"))).toBe(topBefore + 100);
    expect(c.read(t("Sales", "Variance"))).toBe(27875);
    // the shared instance under Diet is updated too
    const diet = c.read(t("Jan", "Sales", "Diet", "Market", "Actual")) as number;
    c.write(
      t("Jan", "Sales", "100-20", "Ohio", "Actual"),
      (c.read(t("Jan", "Sales", "100-20", "Ohio", "Actual")) ?? 0) + 7,
    );
    expect(c.read(t("Jan", "Sales", "Diet", "Market", "Actual"))).toBe(diet + 7);
    // clearing a cell: the parent is recomputed from the remaining children
    c.write(t("Feb", "Sales", "100-10", "New York", "Actual"), null);
    expect(c.read(t("Feb", "Sales", "100-10", "East", "Actual"))).toBe(85 - 32);
  });

  it("refuses Dynamic Calc and label-only intersections", () => {
    const t = (...n: string[]) => cube.dims.map((d) => n.map(mbr).find((m) => m.dimension === d) ?? d.root);
    expect(cube.writeBlocker(t("Jan", "Profit", "100-10", "New York", "Actual"))).toMatch(/Dynamic Calc/);
    expect(cube.writeBlocker(t("Jan", "Sales", "100-10", "New York", "Variance"))).toMatch(/Dynamic Calc/);
    expect(cube.writeBlocker(t("Jan", "Inventory", "100-10", "New York", "Actual"))).toMatch(/label only/);
    expect(cube.writeBlocker(t("Year", "Sales", "100-10", "New York", "Actual"))).toMatch(/Dynamic Calc/);
    // BSO accepts stored upper-level cells
    expect(cube.writeBlocker(t("Qtr1", "Sales", "100", "East", "Budget"))).toBeNull();
  });
});

describe("each new Sample.Basic cube", () => {
  it("holds the demo data, its own: a change to one cube is not in the next one or in the one before", () => {
    const cell = (c: Cube) => {
      const members = ["Jan", "Sales", "100-10", "New York", "Actual"].map((name) => c.outline.member(name));
      return c.dims.map((d) => members.find((m) => m?.dimension === d) ?? d.root);
    };
    const first = createSampleBasicCube();
    first.write(cell(first), 1234);
    first.calcAll();
    const second = createSampleBasicCube();
    expect([first.read(cell(first)), second.read(cell(second))]).toEqual([1234, 36]);
    second.write(cell(second), 5);
    const third = createSampleBasicCube();
    expect([first.read(cell(first)), third.read(cell(third))]).toEqual([1234, 36]);
    expect(read("Jan", "Sales", "100-10", "East", "Actual")).toBe(109);
  });
});
