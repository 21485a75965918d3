import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
// Shared with `npm start` and the browser tests: builds the site when its sources changed.
import { buildSiteIfNeeded } from "../../scripts/site-build.mjs";
import { BUILD, listFiles } from "./site-files.ts";
import { blocksOf } from "./walls.ts";

/**
 * A user page is read at the moment of need: a finance user who came for one step reads the page around it. The
 * words of each user page's article as rendered (tables and generated blocks included, code blocks not), in each
 * language, stay under a ceiling, and half the pages under a much lower one.
 */
const LIMITS = {
  en: { max: 800, median: 550 },
  fr: { max: 900, median: 650 },
} as const;

/** Reference tables a reader scans rather than reads: not held to a reading length. */
const REFERENCE_TABLES = ["features-compatibility", "qibates-legacy-to-new-qibates"];

/** The user pages of one locale's build, by address (`docs/QiBates/…`). */
function userPages(locale: "en" | "fr"): string[] {
  const root = locale === "en" ? BUILD : join(BUILD, "fr");
  return listFiles(join(root, "docs/QiBates"), /\.html$/)
    .map((page) => page.replace(/\.html$/, ""))
    .filter((page) => !REFERENCE_TABLES.some((name) => page === name || page.endsWith(`/${name}`)))
    .map((page) => `docs/QiBates/${page}`);
}

/** The words a reader reads in a built page's article; code blocks are left out. */
export function renderedWords(html: string): number {
  const withoutCode = html.replace(/<pre[\s\S]*?<\/pre>/g, "");
  return blocksOf(withoutCode)
    .flatMap((block) => block.split(/\s+/))
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function wordsOf(locale: "en" | "fr", page: string): number {
  const root = locale === "en" ? BUILD : join(BUILD, "fr");
  return renderedWords(readFileSync(join(root, `${page}.html`), "utf8"));
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

beforeAll(() => {
  buildSiteIfNeeded();
}, 600_000);

describe.each(["en", "fr"] as const)("the built %s user pages", (locale) => {
  it(`have at most ${LIMITS[locale].max} words each`, () => {
    const pages = userPages(locale);
    expect(pages.length).toBeGreaterThan(40);
    const long = pages
      .map((page) => ({ page, words: wordsOf(locale, page) }))
      .filter(({ words }) => words > LIMITS[locale].max)
      .map(({ page, words }) => `${page}: ${words} words`);
    expect(long).toEqual([]);
  });

  it(`have a median of at most ${LIMITS[locale].median} words`, () => {
    const counts = userPages(locale).map((page) => wordsOf(locale, page));
    expect(median(counts)).toBeLessThanOrEqual(LIMITS[locale].median);
  });
});

describe("the word count", () => {
  it("counts the article's prose, tables included, and leaves out code, scripts and the page around it", () => {
    const html =
      "<nav>Menu words here</nav><article><h1>Refresh a grid</h1><p>Select a cell, then Refresh.</p>" +
      "<table><tr><td>Color coding</td><td>on</td></tr></table><pre><code>npm start --now</code></pre>" +
      "<script>var a = 1;</script><p>— 2 steps</p></article><footer>Footer words</footer>";
    expect(renderedWords(html)).toBe(3 + 5 + 3 + 2);
  });
});
