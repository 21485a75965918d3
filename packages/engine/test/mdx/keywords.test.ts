import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MDX_KEYWORDS } from "../../src/mdx/parser.ts";

describe("MDX_KEYWORDS", () => {
  it("holds every word the parser compares a token with, so the list cannot drift from the parser", () => {
    const source = readFileSync(new URL("../../src/mdx/parser.ts", import.meta.url), "utf8");
    const read = new Set(
      [...source.matchAll(/\b(?:isKw|kw)\("([A-Z_]+)"/g), ...source.matchAll(/=== "([A-Z_]{2,})"/g)].map(
        (m) => m[1] as string,
      ),
    );
    expect(read.size).toBeGreaterThan(10);
    for (const word of read) expect(MDX_KEYWORDS, word).toContain(word);
  });

  it("is upper case, sorted and without repeats", () => {
    expect([...MDX_KEYWORDS]).toEqual([...new Set(MDX_KEYWORDS)].sort());
    for (const w of MDX_KEYWORDS) expect(w).toBe(w.toUpperCase());
  });
});
