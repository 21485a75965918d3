/** Grids the benchmarks share, on Sample.Basic. */

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
