// Sample.Basic as the demo's outline and data hold it (demo/sample-basic.ts, demo/sample-basic-data.ts): the
// member lists and figures that several of the engine's test files check.

/** The twelve months of the Year dimension, in outline order. */
export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The Year dimension in outline order: the year, then each quarter followed by its months. */
export const YEAR_OUTLINE = [
  "Year",
  ...["Qtr1", "Jan", "Feb", "Mar", "Qtr2", "Apr", "May", "Jun"],
  ...["Qtr3", "Jul", "Aug", "Sep", "Qtr4", "Oct", "Nov", "Dec"],
];

/** The Measures dimension's members under its top, in outline order. */
export const MEASURES_OUTLINE = [
  ...["Profit", "Margin", "Sales", "COGS", "Total Expenses", "Marketing", "Payroll", "Misc"],
  ...["Inventory", "Opening Inventory", "Additions", "Ending Inventory"],
  ...["Ratios", "Margin %", "Profit %", "Profit per Ounce"],
];

/** East's five states, in outline order. */
export const EAST_STATES = ["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"];

/** The states of West, South and Central, in outline order. */
export const WEST_STATES = ["California", "Oregon", "Washington", "Utah", "Nevada"];
export const SOUTH_STATES = ["Texas", "Oklahoma", "Louisiana", "New Mexico"];
export const CENTRAL_STATES = ["Illinois", "Ohio", "Wisconsin", "Missouri", "Iowa", "Colorado"];

/** Jan, Feb and Mar Actual Cola Sales of East's states and of East (the published figures), as a grid's rows. */
export const EAST_COLA_SALES_Q1 = [
  ["New York", "36", "32", "39"],
  ["Massachusetts", "24", "9", "14"],
  ["Florida", "37", "29", "37"],
  ["Connecticut", "0", "5", "11"],
  ["New Hampshire", "12", "10", "11"],
  ["East", "109", "85", "112"],
];

/** A sheet of Sales with the attribute dimension Caffeinated down the rows: its members, then its top. */
export const CAFFEINATED_SHEET = [
  ["", "Market", "Scenario", "Year"],
  ["", "Sales", "", ""],
  ["True", "", "", ""],
  ["False", "", "", ""],
  ["Caffeinated", "", "", ""],
];

/** Each Major Market (the Market members with that UDA, outline order) with its Jul Cola Sales and Profit. */
export const MAJOR_MARKETS_JUL_COLA: [market: string, sales: number, profit: number][] = [
  ["East", 2248, 1156],
  ["New York", 912, 370],
  ["Massachusetts", 665, 564],
  ["Florida", 286, 104],
  ["California", 912, 370],
  ["Texas", 567, 206],
  ["Central", 1392, 369],
  ["Illinois", 567, 208],
  ["Ohio", 85, 18],
  ["Colorado", 199, 70],
];

/** The Market members that carry the UDA "Major Market", in outline order. */
export const MAJOR_MARKETS = MAJOR_MARKETS_JUL_COLA.map(([market]) => market);
