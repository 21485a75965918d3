import type { CalcScript } from "../src/calc/script.ts";
import type { MemberSpec, OutlineSpec } from "../src/outline.ts";

/**
 * The Sample.Basic outline. Facts no public source fixes are choices, listed in the package
 * README: Year is Dynamic Calc at the top with stored quarters; Measures and Scenario are label only;
 * Inventory and Ratios are label only with `~` children; Ending Inventory is time balance Last; Budget,
 * Variance and Variance % are `~`; the attribute links of the 300 and 400 families, the state populations and
 * the Small Market / New Mkt lists are invented.
 */

const m = (name: string, extra: Partial<MemberSpec> = {}): MemberSpec => ({ name, ...extra });

type Attrs = [caffeinated: "True" | "False", ounces: string, pkg: "Can" | "Bottle", intro: string];
const sku = (name: string, alias: string, [caf, oz, pkg, intro]: Attrs, long?: string): MemberSpec =>
  m(name, {
    aliases: long ? { Default: alias, "Long Names": long } : { Default: alias },
    attributes: { Caffeinated: caf, Ounces: oz, "Pkg Type": pkg, "Intro Date": intro },
  });

const state = (name: string, population: string, udas: string[] = []): MemberSpec =>
  m(name, { attributes: { Population: population }, ...(udas.length ? { udas } : {}) });

const MAJOR = "Major Market";

export const sampleBasicOutline: OutlineSpec = {
  name: "Basic",
  aliasTables: ["Default", "Long Names"],
  substitutionVariables: { CurrMonth: "Jul", CurrQtr: "Qtr3", PriorMonth: "Jun" },
  dimensions: [
    {
      name: "Year",
      type: "time",
      density: "dense",
      storage: "dynamic-calc",
      generationNames: { 1: "History", 2: "Quarter", 3: "Months" },
      dynamicTimeSeries: { "H-T-D": 1, "Q-T-D": 2 },
      members: [
        m("Qtr1", { children: [m("Jan"), m("Feb"), m("Mar")] }),
        m("Qtr2", { children: [m("Apr"), m("May"), m("Jun")] }),
        m("Qtr3", { children: [m("Jul"), m("Aug"), m("Sep")] }),
        m("Qtr4", { children: [m("Oct"), m("Nov"), m("Dec")] }),
      ],
    },
    {
      name: "Measures",
      type: "accounts",
      density: "dense",
      storage: "label-only",
      members: [
        m("Profit", {
          storage: "dynamic-calc",
          children: [
            m("Margin", {
              storage: "dynamic-calc",
              aliases: { "Long Names": "Gross Margin" },
              children: [
                m("Sales"),
                m("COGS", { consolidation: "-", expense: true, aliases: { Default: "Cost of Goods Sold" } }),
              ],
            }),
            m("Total Expenses", {
              storage: "dynamic-calc",
              consolidation: "-",
              children: [
                m("Marketing", { expense: true }),
                m("Payroll", { expense: true }),
                m("Misc", { expense: true }),
              ],
            }),
          ],
        }),
        m("Inventory", {
          storage: "label-only",
          consolidation: "~",
          children: [
            m("Opening Inventory", { consolidation: "~", timeBalance: "first" }),
            m("Additions", { consolidation: "~" }),
            m("Ending Inventory", { consolidation: "~", timeBalance: "last" }),
          ],
        }),
        m("Ratios", {
          storage: "label-only",
          consolidation: "~",
          children: [
            m("Margin %", {
              consolidation: "~",
              storage: "dynamic-calc",
              twoPass: true,
              formula: "Margin % Sales;",
            }),
            m("Profit %", {
              consolidation: "~",
              storage: "dynamic-calc",
              twoPass: true,
              formula: "Profit % Sales;",
            }),
            m("Profit per Ounce", {
              consolidation: "~",
              storage: "dynamic-calc",
              formula: "Profit/@ATTRIBUTEVAL(@NAME(Ounces));",
            }),
          ],
        }),
      ],
    },
    {
      name: "Product",
      density: "sparse",
      generationNames: { 2: "Category", 3: "Product SKU" },
      levelNames: { 0: "SKU", 1: "Family" },
      members: [
        m("100", {
          aliases: { Default: "Colas" },
          children: [
            sku("100-10", "Cola", ["True", "12", "Can", "03-25-1996"], "The Best Cola"),
            sku("100-20", "Diet Cola", ["True", "12", "Can", "04-01-1996"], "Diet Cola with Honey"),
            sku(
              "100-30",
              "Caffeine Free Cola",
              ["False", "16", "Bottle", "04-01-1996"],
              "All the Cola, none of the Caffeine",
            ),
          ],
        }),
        m("200", {
          aliases: { Default: "Root Beer" },
          children: [
            sku("200-10", "Old Fashioned", ["True", "12", "Bottle", "09-27-1995"]),
            sku("200-20", "Diet Root Beer", ["True", "16", "Bottle", "07-26-1996"]),
            sku("200-30", "Sarsaparilla", ["False", "12", "Bottle", "07-26-1996"]),
            sku("200-40", "Birch Beer", ["False", "16", "Bottle", "09-27-1995"]),
          ],
        }),
        m("300", {
          aliases: { Default: "Cream Soda" },
          children: [
            sku("300-10", "Dark Cream", ["True", "20", "Bottle", "06-26-1996"]),
            sku("300-20", "Vanilla Cream", ["True", "20", "Bottle", "06-26-1996"]),
            sku("300-30", "Diet Cream", ["True", "12", "Can", "06-26-1996"]),
          ],
        }),
        m("400", {
          aliases: { Default: "Fruit Soda" },
          children: [
            sku("400-10", "Grape", ["False", "32", "Can", "10-01-1996"]),
            sku("400-20", "Orange", ["False", "32", "Can", "10-01-1996"]),
            sku("400-30", "Strawberry", ["False", "32", "Can", "12-10-1996"]),
          ],
        }),
        m("Diet", {
          consolidation: "~",
          aliases: { Default: "Diet Drinks" },
          children: [m("100-20"), m("200-20"), m("300-30")],
        }),
      ],
    },
    {
      name: "Market",
      density: "sparse",
      generationNames: { 2: "Region", 3: "State" },
      members: [
        m("East", {
          udas: [MAJOR],
          children: [
            state("New York", "21000000", [MAJOR]),
            state("Massachusetts", "6000000", [MAJOR]),
            state("Florida", "15000000", [MAJOR]),
            state("Connecticut", "3000000"),
            state("New Hampshire", "3000000", ["Small Market"]),
          ],
        }),
        m("West", {
          children: [
            state("California", "33000000", [MAJOR]),
            state("Oregon", "3000000", ["Small Market"]),
            state("Washington", "6000000"),
            state("Utah", "3000000", ["Small Market"]),
            state("Nevada", "3000000", ["Small Market", "New Mkt"]),
          ],
        }),
        m("South", {
          children: [
            state("Texas", "21000000", [MAJOR]),
            state("Oklahoma", "3000000", ["Small Market"]),
            state("Louisiana", "6000000"),
            state("New Mexico", "3000000", ["Small Market", "New Mkt"]),
          ],
        }),
        m("Central", {
          udas: [MAJOR],
          children: [
            state("Illinois", "12000000", [MAJOR]),
            state("Ohio", "12000000", [MAJOR]),
            state("Wisconsin", "6000000"),
            state("Missouri", "6000000"),
            state("Iowa", "3000000", ["Small Market"]),
            state("Colorado", "6000000", [MAJOR]),
          ],
        }),
      ],
    },
    {
      name: "Scenario",
      density: "dense",
      storage: "label-only",
      members: [
        m("Actual"),
        m("Budget", { consolidation: "~" }),
        m("Variance", { consolidation: "~", storage: "dynamic-calc", formula: "@VAR(Actual, Budget);" }),
        m("Variance %", {
          consolidation: "~",
          storage: "dynamic-calc",
          twoPass: true,
          formula: "@VARPER(Actual, Budget);",
        }),
      ],
    },
    {
      name: "Caffeinated",
      type: "attribute",
      attributeKind: "boolean",
      baseDimension: "Product",
      members: [m("True"), m("False")],
    },
    {
      name: "Ounces",
      type: "attribute",
      attributeKind: "numeric",
      baseDimension: "Product",
      members: [m("32"), m("20"), m("16"), m("12")],
    },
    {
      name: "Pkg Type",
      type: "attribute",
      attributeKind: "text",
      baseDimension: "Product",
      members: [m("Bottle"), m("Can")],
    },
    {
      name: "Population",
      type: "attribute",
      attributeKind: "numeric",
      baseDimension: "Market",
      members: [
        m("Small", { children: [m("3000000"), m("6000000")] }),
        m("Medium", { children: [m("9000000"), m("12000000"), m("15000000"), m("18000000")] }),
        m("Large", { children: [m("21000000"), m("24000000"), m("27000000"), m("30000000"), m("33000000")] }),
      ],
    },
    {
      name: "Intro Date",
      type: "attribute",
      attributeKind: "date",
      baseDimension: "Product",
      members: [
        m("03-25-1996"),
        m("04-01-1996"),
        m("09-27-1995"),
        m("07-26-1996"),
        m("12-10-1996"),
        m("06-26-1996"),
        m("10-01-1996"),
      ],
    },
    {
      name: "Attribute Calculations",
      type: "attribute",
      members: [m("Sum"), m("Count"), m("Min"), m("Max"), m("Avg")],
    },
  ],
};

/** Calc scripts shipped with Sample.Basic. */
export const sampleBasicScripts: CalcScript[] = [
  {
    name: "CalcAll",
    description: "Default calculation of the whole cube",
    text: "/* Default calculation */\nSET UPDATECALC OFF;\nCALC ALL;\n",
  },
  {
    name: "BudSeed",
    description: "Seeds Budget from Actual: copy, grow Sales 5% and COGS 3%, then roll up Budget",
    text: [
      "/* Seed the Budget scenario from Actual */",
      "SET UPDATECALC OFF;",
      "SET AGGMISSG ON;",
      "FIX (@LEVMBRS(Market, 0), @LEVMBRS(Product, 0))",
      "  DATACOPY Actual TO Budget;",
      "  FIX (Budget, @LEVMBRS(Year, 0))",
      "    Sales = Sales->Actual * 1.05;",
      "    COGS = COGS->Actual * 1.03;",
      "  ENDFIX",
      "ENDFIX",
      "FIX (Budget)",
      "  CALC DIM (Year, Product, Market);",
      "ENDFIX",
      "",
    ].join("\n"),
  },
  {
    name: "MktCut",
    description: "Cuts Actual Marketing by 10% in the Major Market states, then re-aggregates",
    text: [
      "/* Marketing savings in major markets */",
      'FIX (Actual, @UDA(Market, "Major Market"), @LEVMBRS(Product, 0), @LEVMBRS(Year, 0))',
      "  Marketing = Marketing * 0.9;",
      "ENDFIX",
      "CALC DIM (Year);",
      "AGG (Product, Market);",
      "",
    ].join("\n"),
  },
  {
    name: "ClearBud",
    description: "Clears the Budget scenario",
    text: "FIX (Budget)\n  CLEARDATA Budget;\nENDFIX\n",
  },
];
