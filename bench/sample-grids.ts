/** Grids and calls the benchmarks share, on Sample.Basic and Vision. */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct"];
const MARKETS = [
  "New York",
  "Massachusetts",
  "Florida",
  "Connecticut",
  "New Hampshire",
  "California",
  "Oregon",
  "Washington",
  "Utah",
  "Nevada",
];

/** 100 data cells: Sales of Cola, Actual, ten states by ten months (the API benchmarks' refresh). */
export function refreshGrid100(): string[][] {
  return [
    ["", "Sales", "Cola", "Actual"],
    ["", ...MONTHS],
    ...MARKETS.map((m) => [m, ...MONTHS.map(() => "")]),
  ];
}

/** The connector benchmarks' refresh call on Sample.Basic: {@link refreshGrid100}, names not aliases (a session's `loginid` added). */
export function sampleBasicRefresh100() {
  return {
    server: "EssbaseCluster-1",
    application: "Sample",
    cube: "Basic",
    grid: refreshGrid100(),
    settings: { aliasTable: null },
  };
}

/** Sales of all products (Actual) by month for four states and Market: 7 rows of 13 cells, 60 data cells. */
export function statesByMonthGrid(): string[][] {
  return [
    ["", "Product", "Sales", "Actual"],
    ["", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    ["New York"],
    ["Massachusetts"],
    ["California"],
    ["Texas"],
    ["Market"],
  ];
}

/** `action/launchrule` of Vision's GrowRevenue on entity 410 (10 %), for the session `loginid`. */
export function growRevenueRule(loginid: unknown) {
  return {
    loginid,
    server: "Planning",
    application: "Vision",
    cube: "Plan1",
    ruleName: "GrowRevenue",
    ruleType: "graphical",
    prompts: [
      { name: "Entities", value: "410" },
      { name: "GrowthPct", value: "10" },
      { name: "Comment", value: "bench" },
    ],
  };
}
