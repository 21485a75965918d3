import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
// Shared with `npm start` and the browser tests: builds the site when its sources changed.
import { buildSiteIfNeeded } from "../../scripts/site-build.mjs";
import { BUILD, listFiles } from "./site-files.ts";
import { blocksOf } from "./walls.ts";

/**
 * No walls of text: no paragraph, list item or table cell of a built page, in either language, is
 * longer than a reader takes in at once. A rule with cases becomes a table, a procedure numbered steps, a long
 * guide a quick start and topic pages.
 */
const MAX_CHARACTERS = 600;

/**
 * Pages whose walls are not failed yet, by the end of their address (a file name, or a folder and a file name
 * where the file name is not enough), each with its reason. A page comes off the list once it has no wall left in either language (the last test says so).
 */
const ALLOWED = new Map<string, string>([]);

/** The documentation pages of one locale's build (the legacy 1.x documentation is frozen: not its pages). */
function docsPages(locale: "en" | "fr"): string[] {
  const root = locale === "en" ? BUILD : join(BUILD, "fr");
  return listFiles(join(root, "docs"), /\.html$/)
    .filter((page) => !page.startsWith("1.x/"))
    .map((page) => `docs/${page.replace(/\.html$/, "")}`);
}

function walls(locale: "en" | "fr", page: string): string[] {
  const root = locale === "en" ? BUILD : join(BUILD, "fr");
  return blocksOf(readFileSync(join(root, `${page}.html`), "utf8"))
    .filter((text) => text.length > MAX_CHARACTERS)
    .map(
      (text) => `${locale === "fr" ? "fr/" : ""}${page}: ${text.length} characters: ${text.slice(0, 80)}…`,
    );
}

/** The entry of ALLOWED that names a page (`docs/admin/snapshots` is `snapshots`), if any. */
const allowedAs = (page: string): string | undefined =>
  [...ALLOWED.keys()].find((key) => page === key || page.endsWith(`/${key}`));

beforeAll(() => {
  buildSiteIfNeeded();
}, 600_000);

describe.each(["en", "fr"] as const)("the built %s documentation", (locale) => {
  it(`has no paragraph, list item or table cell over ${MAX_CHARACTERS} characters`, () => {
    const pages = docsPages(locale);
    expect(pages.length).toBeGreaterThan(60);
    const found = pages.filter((page) => allowedAs(page) === undefined).flatMap((p) => walls(locale, p));
    expect(found).toEqual([]);
  });
});

it("allows only pages that still have a wall in English or French", () => {
  const walled = new Set(
    (["en", "fr"] as const).flatMap((locale) =>
      docsPages(locale)
        .filter((page) => walls(locale, page).length > 0)
        .map(allowedAs),
    ),
  );
  const fixed = [...ALLOWED].filter(([page]) => !walled.has(page)).map(([p]) => p);
  expect(fixed, "walls fixed: take these pages off ALLOWED").toEqual([]);
});

describe("the wall check", () => {
  it("measures a paragraph, a table cell and a list item as the reader reads them", () => {
    const long = "word ".repeat(130);
    const html = `<article><p>A <code>short</code> one.</p><p>${long}</p><table><tr><td>${long}</td><th>x</th></tr></table><ul><li>${long}<ul><li>inner</li></ul></li></ul><pre><code>${long}${long}</code></pre></article>`;
    const blocks = blocksOf(html);
    expect(blocks.filter((b) => b.length > MAX_CHARACTERS)).toHaveLength(3);
    expect(blocks).toContain("A short one.");
    expect(blocks).toContain("inner");
  });

  it("reads minified markup, whose closing tags are left out", () => {
    const long = "word ".repeat(130);
    const blocks = blocksOf(
      `<article><table><tr><td>QB_ERR_X<td>429<td>${long}<tr><td>next</table><p>a<p>${long}</article>`,
    );
    expect(blocks.filter((b) => b.length > MAX_CHARACTERS)).toHaveLength(2);
    expect(blocks).toEqual(expect.arrayContaining(["QB_ERR_X", "429", "next", "a"]));
  });

  it("counts a cell or paragraph made of lines joined by line breaks whole, as the reader reads it", () => {
    const line = "word ".repeat(50).trim();
    const blocks = blocksOf(
      `<article><table><tr><td>${line}<br/>${line}<br>${line}<td>x</table><p>${line}<br/>${line}<br/>${line}</article>`,
    );
    expect(blocks).toEqual([`${line} ${line} ${line}`, "x", `${line} ${line} ${line}`]);
    expect(blocks.filter((b) => b.length > MAX_CHARACTERS)).toHaveLength(2);
  });
});
