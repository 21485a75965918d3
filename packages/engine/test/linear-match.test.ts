import { describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../demo/sample-basic-data.ts";
import { LinearPatternError, linearRegExp } from "../src/linear-match.ts";
import { executeMdx } from "../src/mdx/index.ts";

/**
 * MDX's IsMatch ran the query's pattern with JavaScript's backtracking RegExp: `^(a+)+$` against 25 characters
 * held the server's event loop a second (every other user's call waited), each more character doubling it:
 * 35 characters, about 17 minutes. The pattern now runs as an automaton, in time proportional to the pattern
 * times the text, and answers as RegExp does.
 */

const PATTERNS = [
  "^New",
  "york$",
  "a|b|c",
  "^(a|ab)(c|bcd)(d*)$",
  "colou?r",
  "[A-Z][a-z]+ [A-Z]",
  "[^aeiou ]{3}",
  "\\d{3}-\\d{2}",
  "^\\w+\\s\\w+$",
  "\\bYork\\b",
  "\\Bor\\B",
  "a{2,}",
  "a{2,3}b",
  "x*",
  "^$",
  "(?:ab)+c",
  "(?<year>\\d{4})",
  "[a-c-]",
  "[\\d.]+",
  "\\.",
  "a.c",
  "^.*$",
  "[\\]]",
  "\\u0041",
  "\\x41",
  "(a*)*b",
  "()",
  "a{,2}",
  "ab+?c",
];
const TEXTS = [
  "New York",
  "new york",
  "abcd",
  "abbcd",
  "color",
  "colour",
  "123-45",
  "a",
  "aa",
  "aab",
  "",
  "x-y",
  "a.c",
  "abc",
  "]",
  "A",
  "1.5",
  "ab{,2}",
  "abbbc",
  "1999",
];

describe("linearRegExp", () => {
  it("answers as RegExp does, with and without case", () => {
    const differ: string[] = [];
    for (const p of PATTERNS)
      for (const flags of ["", "i"])
        for (const t of TEXTS) {
          const expected = new RegExp(p, flags).test(t);
          if (linearRegExp(p, flags === "i").test(t) !== expected) differ.push(`/${p}/${flags} on "${t}"`);
        }
    expect(differ).toEqual([]);
  });

  it("matches a pattern that makes RegExp backtrack without end, at once", () => {
    const text = `${"a".repeat(5000)}!`;
    const t = Date.now();
    expect(linearRegExp("^(a+)+$").test(text)).toBe(false);
    expect(linearRegExp("(a|aa)*c").test(text)).toBe(false);
    expect(linearRegExp(`${".*a".repeat(12)}.*b`).test(text)).toBe(false);
    expect(linearRegExp("^(a+)+!$").test(text)).toBe(true);
    expect(Date.now() - t).toBeLessThan(2000);
  });

  it("refuses back-references, look-arounds and repetitions too large to compile", () => {
    for (const p of ["(a)\\1", "a(?=b)", "(?<!a)b", "(a{1000}){1000}", "(", "a)", "[a", "*a", "a{3,2}"])
      expect(() => linearRegExp(p), p).toThrow(LinearPatternError);
  });
});

describe("IsMatch in an MDX query", () => {
  it("answers at once for a pattern that backtracked for minutes, and as before otherwise", () => {
    const cube = createSampleBasicCube();
    /** The East members kept by `Filter` with IsMatch(text, pattern): all when it matches, none when not. */
    const kept = (text: string, pattern: string) =>
      executeMdx(cube, `SELECT Filter({[East]}, IsMatch("${text}", "${pattern}")) ON COLUMNS FROM Basic`)
        .axes[0]?.tuples.length;
    const t = Date.now();
    expect(kept(`${"a".repeat(28)}!`, "^(a+)+$")).toBe(0);
    expect(Date.now() - t).toBeLessThan(2000);
    expect(kept(`${"a".repeat(40)}!`, "^(a+)+!$")).toBe(1);
    expect(kept("New York", "^New")).toBe(1);
    // A look-around, which no automaton runs, is refused as a pattern IsMatch cannot read.
    expect(() => kept("New York", "(?=New)")).toThrow("(?=New) is not a regular expression");
  }, 10_000);
});
