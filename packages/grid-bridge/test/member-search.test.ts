import type { SearchInput } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { type SearchCandidate, searchAnswer } from "../src/member-search.ts";

/**
 * The search rule every path answers by (the demo's outline, essbase-stndln, Smart View, ssas): which of the
 * members a server listed a keyword finds, each once, and the page of them.
 */

const m = (
  dimension: string,
  name: string,
  alias: string | null,
  generation = 2,
  level = 0,
): SearchCandidate => ({
  dimension,
  name,
  alias,
  generation,
  level,
});

const input = (over: Partial<SearchInput> = {}): SearchInput => ({
  keyword: "cola",
  matchWholeWord: false,
  searchIn: "BOTH",
  dimension: null,
  offset: 0,
  limit: 100,
  ...over,
});

const hits = [
  m("Product", "100-10", "Cola"),
  m("Product", "100-20", "Diet Cola"),
  // A shared instance of 100-10 further down the outline: found once, as its first (stored) instance.
  m("Product", "100-10", "Cola", 3, 0),
  m("Product", "200-10", "Old Fashioned"),
  m("Market", "Colorado", null),
];

describe("searchAnswer", () => {
  it("finds names and aliases by any part, case ignored, each member once, in the order listed", () => {
    const a = searchAnswer(input(), hits);
    expect(a.members.map((h) => [h.dimension, h.name, h.generation])).toEqual([
      ["Product", "100-10", 2],
      ["Product", "100-20", 2],
    ]);
    expect(a.total).toBe(2);
  });

  it("searches names only, aliases only, whole words and wildcards as asked", () => {
    expect(searchAnswer(input({ searchIn: "NAME" }), hits).total).toBe(0);
    expect(
      searchAnswer(input({ searchIn: "NAME", keyword: "col*" }), hits).members.map((h) => h.name),
    ).toEqual(["Colorado"]);
    expect(
      searchAnswer(input({ searchIn: "ALIAS", matchWholeWord: true }), hits).members.map((h) => h.name),
    ).toEqual(["100-10"]);
    expect(searchAnswer(input({ keyword: "1?0-?0", searchIn: "NAME" }), hits).total).toBe(2);
  });

  it("answers the page asked, with the total of every match", () => {
    const a = searchAnswer(input({ keyword: "0", searchIn: "NAME", offset: 1, limit: 1 }), hits);
    expect(a.total).toBe(3);
    expect(a.members.map((h) => h.name)).toEqual(["100-20"]);
    expect(a).toMatchObject({ keyword: "0", offset: 1, limit: 1, searchIn: "NAME", matchWholeWord: false });
  });
});
