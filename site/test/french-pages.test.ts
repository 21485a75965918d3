import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
// Shared with `npm start` and the browser tests: builds the site when its sources changed.
import { buildSiteIfNeeded } from "../../scripts/site-build.mjs";
import { BUILD, listFiles, readJson, SITE, type TranslationFile } from "./site-files.ts";
import { extractTranslations } from "./write-translations.ts";

/** An English message, and the text it shows as: the message itself, or a pattern when it has placeholders. */
type Pattern = { message: string; match: RegExp | null };

/** Whether a page's strings (as a set, for the messages without placeholders) hold `pattern`'s text. */
const shows = (strings: readonly string[], set: ReadonlySet<string>, { message, match }: Pattern): boolean =>
  match === null ? set.has(message) : strings.some((s) => match.test(s));

let patterns: Pattern[];

/** Text a reader sees or hears: text between tags, and the accessible attributes. */
function visibleStrings(html: string): string[] {
  const body = html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    // The writers' page content (checked by docs-parity.test.ts) may quote English names from the product.
    // Minified pages leave a single class unquoted (a blog post's `class=markdown`).
    .replace(/<div[^>]*class=(?:"[^"]*\bmarkdown\b[^"]*"|markdown[\s>])[\s\S]*?<\/article>/g, "</article>");
  const decode = (s: string): string =>
    s
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&nbsp;|&#xa0;/g, " ")
      .replace(/&amp;/g, "&")
      .trim();
  const texts = body.split(/<[^>]+>/).map(decode);
  // Minified pages leave simple attribute values unquoted.
  const attributes = [
    ...body.matchAll(/\s(?:aria-label|title|placeholder|alt)=(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g),
  ].map((m) => decode(m[1] ?? m[2] ?? m[3] ?? ""));
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
  return [...texts, ...attributes, ...(title ? [decode(title)] : [])].filter((s) => s.length > 0);
}

beforeAll(async () => {
  // The extraction runs in a process of its own beside the site's build (if it is needed).
  const extracted = extractTranslations("en");
  buildSiteIfNeeded();
  const english = await extracted;
  const french = listFiles(join(SITE, "i18n", "fr"), /\.json$/);
  patterns = [];
  for (const file of french) {
    const fr = readJson<TranslationFile>(join(SITE, "i18n", "fr", file));
    for (const [key, { message }] of Object.entries(english[file] ?? {})) {
      // Only strings that differ in French and are more than a word fragment can betray a missing translation.
      if (
        fr[key]?.message === message ||
        message.includes("|") ||
        message.replace(/\{\w+\}/g, "").trim().length < 4
      ) {
        continue;
      }
      const parts = message.split(/\{\w+\}/);
      const source = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".+?");
      // A message without placeholders shows as itself: compared as a whole string, as `^…$` would match it.
      patterns.push({ message, match: parts.length === 1 ? null : new RegExp(`^${source}$`) });
    }
  }
}, 600_000);

it("no English interface string shows on a /fr/ page", () => {
  const pages = listFiles(join(BUILD, "fr"), /\.html$/);
  expect(pages.length).toBeGreaterThan(60);
  const found: string[] = [];
  for (const page of pages) {
    const strings = visibleStrings(readFileSync(join(BUILD, "fr", page), "utf8"));
    const set = new Set(strings);
    for (const pattern of patterns) {
      // The search plugin's page hard-codes aria-label="Search" in its HTML; src/theme/SearchPage relabels it
      // in the browser (checked by e2e/site-ui.test.ts).
      if (page === "search.html" && pattern.message === "Search") continue;
      if (shows(strings, set, pattern)) found.push(`fr/${page}: "${pattern.message}"`);
    }
  }
  expect(found).toEqual([]);
});

it("the English patterns do catch English strings on the English pages (the check is not vacuous)", () => {
  const strings = visibleStrings(readFileSync(join(BUILD, "docs", "intro.html"), "utf8"));
  const set = new Set(strings);
  const caught = patterns.filter((p) => shows(strings, set, p)).map((p) => p.message);
  expect(caught).toEqual(expect.arrayContaining(["API reference", "Changelog", "Skip to main content"]));
});
