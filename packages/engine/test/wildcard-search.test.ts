import { describe, expect, it } from "vitest";
import { keywordRegExp, wildcardRegExp } from "../src/members.ts";

/**
 * A member search (nav/search's keyword, Member Selection's pattern, a calculation's @MATCH) built a RegExp of its
 * wildcards, which backtracked without end on many stars against a long name or alias: `*?` ten times then `*!`
 * took 2 to 7 s against one alias of 30 characters (twelve times against 42 characters: more than five minutes),
 * on the server's event loop. The wildcards are now matched in at most the pattern's length times the name's.
 */

/** What the RegExp of the wildcards answered, for the texts where it answers quickly. */
function regExpOf(pattern: string, whole: boolean): RegExp {
  const body = pattern
    .split("")
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return whole ? new RegExp(`^${body}$`, "is") : new RegExp(body, "is");
}

const PATTERNS = [
  "cola",
  "Col*a",
  "100-?0",
  "*",
  "",
  "?",
  "a*b*c",
  "*York",
  "New*",
  "(a)",
  "1.0",
  "a?c",
  "**x**",
  "Ö*",
  "?*?",
];
const TEXTS = [
  "Cola",
  "Diet Cola",
  "Colorado",
  "100-10",
  "100-20",
  "1000",
  "",
  "abc",
  "aXbYc",
  "New York",
  "x(A)y",
  "ac",
  "Abc",
  "xx",
  "öl",
];

describe("wildcards of a member search", () => {
  it("match as the RegExp of the wildcards did, whole or in part, case ignored", () => {
    const differ: string[] = [];
    for (const p of PATTERNS)
      for (const t of TEXTS)
        for (const whole of [true, false]) {
          if (keywordRegExp(p, whole).test(t) !== regExpOf(p, whole).test(t))
            differ.push(`${p} ${whole ? "whole" : "part"} "${t}"`);
        }
    for (const p of PATTERNS)
      for (const t of TEXTS)
        if (wildcardRegExp(p).test(t) !== new RegExp(regExpOf(p, true).source, "i").test(t))
          differ.push(`searchMembers ${p} "${t}"`);
    expect(differ).toEqual([]);
  });

  it("answer at once for many stars against long names", () => {
    const names = [
      "Total Operating Expenses Alloc",
      "Caffeine Free Diet Cola 12 oz",
      "Intercompany Eliminations East",
    ];
    const t = Date.now();
    for (const name of names) {
      expect(keywordRegExp(`${"*?".repeat(10)}*!`, true).test(name)).toBe(false);
      expect(keywordRegExp(`${"*?".repeat(10)}*!`, false).test(name)).toBe(false);
      expect(wildcardRegExp(`${"*?".repeat(10)}*!`).test(name)).toBe(false);
      expect(keywordRegExp(`${"*?".repeat(10)}*${name.slice(-1)}`, true).test(name)).toBe(true);
    }
    expect(Date.now() - t).toBeLessThan(1000);
  }, 120_000);
});
