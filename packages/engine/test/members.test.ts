import { describe, expect, it } from "vitest";
import { sampleBasicOutline } from "../demo/sample-basic.ts";
import {
  ancestorsInclusive,
  applyApiFilter,
  applyMemberFilter,
  attributeMembers,
  children,
  descendantsInclusive,
  generationMembers,
  keywordRegExp,
  keywordSearch,
  level0Descendants,
  levelMembers,
  MEMBER_FILTERS,
  outlineVariables,
  parents,
  parseDynamicTimeSeries,
  QueryError,
  relative,
  searchMembers,
  siblings,
  substitutionVariables,
  udaMembers,
} from "../src/members.ts";
import { Outline } from "../src/outline.ts";
import { EAST_STATES, MAJOR_MARKETS, MONTHS } from "./support/sample-basic.ts";

const o = new Outline(sampleBasicOutline);
const m = (n: string) => {
  const x = o.member(n);
  if (!x) throw new Error(n);
  return x;
};
const dim = (n: string) => {
  const d = o.dimension(n);
  if (!d) throw new Error(n);
  return d;
};
const names = (xs: readonly { name: string }[]) => xs.map((x) => x.name);

describe("member queries on Sample.Basic", () => {
  it("children, descendants (outline order), level-0 descendants, siblings", () => {
    expect(names(children(m("Qtr1")))).toEqual(["Jan", "Feb", "Mar"]);
    expect(names(descendantsInclusive(m("Profit")))).toEqual([
      "Profit",
      "Margin",
      "Sales",
      "COGS",
      "Total Expenses",
      "Marketing",
      "Payroll",
      "Misc",
    ]);
    expect(names(level0Descendants(m("Year")))).toEqual(MONTHS);
    expect(names(siblings(m("Texas")))).toEqual(["Oklahoma", "Louisiana", "New Mexico"]);
  });

  it("parents of a shared member include the shared parent; ancestors inclusive", () => {
    expect(names(parents(m("100-20")))).toEqual(["100", "Diet"]);
    expect(names(ancestorsInclusive(m("Jan")))).toEqual(["Year", "Qtr1", "Jan"]);
  });

  it("levels, generations, @RELATIVE, UDAs and attributes", () => {
    expect(names(levelMembers(dim("Product"), 1))).toEqual(["100", "200", "300", "400", "Diet"]);
    expect(names(generationMembers(dim("Market"), 2))).toEqual(["East", "West", "South", "Central"]);
    expect(names(relative(m("Profit"), -1))).toEqual(["Margin", "Total Expenses"]);
    expect(names(relative(m("Qtr1"), 3))).toEqual(["Jan", "Feb", "Mar"]);
    expect(names(relative(m("Qtr1"), 0))).toEqual(["Jan", "Feb", "Mar"]);
    expect(names(udaMembers(dim("Market"), "major market"))).toEqual(MAJOR_MARKETS);
    expect(names(attributeMembers(o, m("Can")))).toEqual([
      "100-10",
      "100-20",
      "300-30",
      "400-10",
      "400-20",
      "400-30",
    ]);
    expect(names(attributeMembers(o, m("Large")))).toEqual(["New York", "California", "Texas"]);
  });

  it("searches names and aliases with wildcards", () => {
    expect(names(searchMembers(dim("Product"), "100-*"))).toEqual(["100-10", "100-20", "100-30", "100-20"]);
    expect(names(searchMembers(dim("Product"), "*Cola*", "Default"))).toEqual([
      "100",
      "100-10",
      "100-20",
      "100-30",
      "100-20",
    ]);
    expect(names(searchMembers(o, "New ??????"))).toEqual(["New Mexico"]);
    expect(names(searchMembers(dim("Market"), "new*"))).toEqual(["New York", "New Hampshire", "New Mexico"]);
  });

  it("applies the API filters NONE, CHILDREN, DESCENDANT, UDA, LEVEL, GENERATION", () => {
    expect(applyApiFilter(dim("Scenario"), "NONE").length).toBe(5);
    expect(names(applyApiFilter(dim("Year"), "CHILDREN"))).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(applyApiFilter(dim("Year"), "DESCENDANT").length).toBe(16);
    expect(names(applyApiFilter(dim("Market"), "UDA", "New Mkt"))).toEqual(["Nevada", "New Mexico"]);
    expect(names(applyApiFilter(dim("Product"), "LEVEL", "1"))).toEqual(["100", "200", "300", "400", "Diet"]);
    expect(names(applyApiFilter(dim("Year"), "GENERATION", 2))).toEqual(["Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
    expect(() => applyApiFilter(dim("Year"), "LEVEL", "x")).toThrow(QueryError);
    expect(() => applyApiFilter(dim("Year"), "BOGUS")).toThrow(/Unknown filter/);
  });

  it("parses Dynamic Time Series references", () => {
    expect(parseDynamicTimeSeries(o, "Q-T-D(May)")).toEqual({ dts: "Q-T-D", latest: m("May") });
    expect(parseDynamicTimeSeries(o, "h-t-d(&CurrMonth)")).toEqual({ dts: "H-T-D", latest: m("Jul") });
    expect(parseDynamicTimeSeries(o, "Y-T-D(May)")).toBeUndefined();
    expect(parseDynamicTimeSeries(o, "Q-T-D(East)")).toBeUndefined();
    expect(parseDynamicTimeSeries(o, "Qtr1")).toBeUndefined();
  });

  it("applies every member filter of the member selector", () => {
    const f = (filter: string, mem: string) =>
      names(applyMemberFilter(o, filter, m(mem)) as { name: string }[]);
    expect(MEMBER_FILTERS.length).toBe(10);
    expect(f("Hierarchy", "Qtr1").length).toBe(17);
    expect(applyMemberFilter(o, "Substitution", m("Year"))).toEqual(substitutionVariables(o));
    expect(substitutionVariables(o)).toEqual([
      { name: "currmonth", value: "Jul" },
      { name: "currqtr", value: "Qtr3" },
      { name: "priormonth", value: "Jun" },
    ]);
    expect(f("Descendants", "Qtr2")).toEqual(["Apr", "May", "Jun"]);
    expect(f("Children", "East")).toEqual(EAST_STATES);
    expect(f("Children Inclusive", "Qtr4")).toEqual(["Qtr4", "Oct", "Nov", "Dec"]);
    expect(f("Siblings", "Budget")).toEqual(["Actual", "Variance", "Variance %"]);
    expect(f("Siblings Inclusive", "Budget")).toEqual(["Actual", "Budget", "Variance", "Variance %"]);
    expect(f("Parents", "300-30")).toEqual(["300", "Diet"]);
    expect(f("Ancestors Inclusive", "Iowa")).toEqual(["Market", "Central", "Iowa"]);
    expect(f("Level 0 Descendants", "Measures")).toEqual([
      "Sales",
      "COGS",
      "Marketing",
      "Payroll",
      "Misc",
      "Opening Inventory",
      "Additions",
      "Ending Inventory",
      "Margin %",
      "Profit %",
      "Profit per Ounce",
    ]);
    expect(() => f("Cousins", "Jan")).toThrow(QueryError);
  });
});

describe("keyword search (Smart View's Find)", () => {
  const find = (keyword: string, over: Partial<Parameters<typeof keywordSearch>[1]> = {}) =>
    names(
      keywordSearch(o.baseDimensions, {
        keyword,
        matchWholeWord: false,
        searchIn: "BOTH",
        aliasTable: "Default",
        ...over,
      }),
    );

  it("finds a part of a name or alias, case ignored, in outline order, shared members once", () => {
    expect(find("COLA")).toEqual(["100", "100-10", "100-20", "100-30"]);
    expect(find("cola", { matchWholeWord: true })).toEqual(["100-10"]);
    expect(find("cola", { searchIn: "NAME" })).toEqual([]);
    expect(find("100-2", { searchIn: "NAME" })).toEqual(["100-20"]);
  });

  it("takes * as any run of characters, ? as one, and every other character literally", () => {
    expect(find("new*", { matchWholeWord: true, searchIn: "NAME" })).toEqual([
      "New York",
      "New Hampshire",
      "New Mexico",
    ]);
    expect(find("100-?0", { matchWholeWord: true })).toEqual(["100-10", "100-20", "100-30"]);
    expect(keywordRegExp("1.0", false).test("100")).toBe(false);
    expect(keywordRegExp("a?c", true).test("Abc")).toBe(true);
    expect(keywordRegExp("a?c", true).test("ac")).toBe(false);
    expect(keywordRegExp("(a)", false).test("x(A)y")).toBe(true);
  });

  it("lists the outline's substitution variables as it spells them", () => {
    expect(outlineVariables(o)).toEqual([
      { name: "CurrMonth", value: "Jul" },
      { name: "CurrQtr", value: "Qtr3" },
      { name: "PriorMonth", value: "Jun" },
    ]);
  });
});
