import { describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../demo/sample-basic-data.ts";
import { cellAt, executeMdx } from "../src/mdx/index.ts";

/**
 * Generate's string form repeats a text once per tuple of its set: one query of 20 KB built a text of 187 million
 * characters (Generate over Year × Product × Market, 9,350 tuples), which the server held and wrote in its answer
 * (1.4 GB of memory at its peak through the API; through XML for Analysis, on the server's own thread, a query of
 * 50 KB past the longest string Node can hold). The text a query builds now counts in its work budget.
 */

const BIG_SET = "CrossJoin(CrossJoin([Year].Members, [Product].Members), [Market].Members)";
const generated = (text: string, set = BIG_SET) =>
  `WITH MEMBER [Measures].[S] AS Generate(${set}, "${text}", "") SELECT {[Measures].[S]} ON COLUMNS FROM Basic`;

describe("the text an MDX query builds", () => {
  const cube = createSampleBasicCube();

  it("is refused past the query's work budget, before it is built", () => {
    expect(() => executeMdx(cube, generated("a".repeat(5000)))).toThrow(
      /more than the 1,000,000 units of work one query may do/,
    );
    const many = Array.from({ length: 40 }, () => `"${"b".repeat(1000)}"`).join(", ");
    expect(() =>
      executeMdx(
        cube,
        `WITH MEMBER [Measures].[S] AS Generate(${BIG_SET}, Concat(${many})) SELECT {[Measures].[S]} ON COLUMNS FROM Basic`,
      ),
    ).toThrow(/units of work/);
  });

  it("is built as before within the budget", () => {
    const text = cellAt(executeMdx(cube, generated("ab", "{[East], [West]}")), [0]);
    expect(text).toBe("abab");
    const r = executeMdx(cube, generated("a".repeat(100)));
    expect(String(cellAt(r, [0])).length).toBe(935_000);
  });
});
