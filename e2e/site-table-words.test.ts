import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./support/browser.ts";
import { FOR_AXE, hydrated, newContext } from "./support/site-page.ts";
import { brokenWords } from "./support/table-words.ts";

// No word of a table is broken inside itself ("Nex/t lev/el", "Wo/rks", "Ess/ba/se") on the user pages,
// in either language, at a desktop width (1366 px), at the mobile breakpoint (996 px) and below it (800 px).

const baseUrl = inject("baseUrl");
const site = join(dirname(fileURLToPath(import.meta.url)), "..", "site");
const WIDTHS = [1366, 996, 800] as const;

/** The user pages of a locale: every document under its QiBates folder, as the site's addresses. */
function userPages(docsDir: string, prefix: string): string[] {
  const root = join(site, docsDir);
  const files = readdirSync(join(root, "QiBates"), { recursive: true, encoding: "utf8" });
  return files
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => `${prefix}/docs/QiBates/${file.replace(/\.mdx?$/, "")}`)
    .sort();
}

const LOCALES = [
  { locale: "en", pages: userPages("docs", "") },
  { locale: "fr", pages: userPages("i18n/fr/docusaurus-plugin-content-docs/current", "/fr") },
];

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await (await newContext(browser)).newPage();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Loads `path` once at the widest width and runs `check` at each width in turn: the article's column is laid out by
 * CSS, so a resized page lays its tables out as one loaded at that width.
 */
async function atEachWidth<T>(path: string, check: () => Promise<T>): Promise<Map<number, T>> {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  const response = await page.goto(baseUrl + path, { waitUntil: "load" });
  expect(response?.status(), path).toBe(200);
  await hydrated(page);
  const found = new Map<number, T>();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Lets the site's own resize handlers (mobile or desktop table of contents) render first.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    found.set(width, await check());
  }
  return found;
}

describe.each(LOCALES)("tables of the $locale user pages", ({ pages }) => {
  it("are every document of the QiBates folder", () => {
    expect(pages.length).toBeGreaterThan(50);
  });

  it("break no word inside itself at 1366, 996 and 800 px", { timeout: 600_000 }, async () => {
    const broken = new Map<number, string[]>(WIDTHS.map((width) => [width, []]));
    const counts = new Map<number, number>(WIDTHS.map((width) => [width, 0]));
    for (const path of pages) {
      const found = await atEachWidth(path, () => page.evaluate(brokenWords));
      for (const [width, words] of found) {
        if (words.length === 0) continue;
        counts.set(width, (counts.get(width) ?? 0) + words.length);
        broken.get(width)?.push(`${path} (${words.length}): ${words.join(" ")}`);
      }
    }
    for (const width of WIDTHS) {
      console.log(
        `${width} px: ${counts.get(width)} words broken on ${broken.get(width)?.length} of ${pages.length} pages`,
      );
    }
    expect(Object.fromEntries(broken)).toEqual(Object.fromEntries(WIDTHS.map((width) => [width, []])));
  });
});

// A table that cannot fit the column without breaking a word scrolls sideways instead; the keyboard reaches it.
describe.each([
  { locale: "en", prefix: "" },
  { locale: "fr", prefix: "/fr" },
])("a table wider than the column ($locale)", ({ prefix }) => {
  const wide = `${prefix}/docs/QiBates/understanding-the-app/understanding-planning-pbcs/Connections`;
  const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

  it("scrolls sideways from the keyboard, and tables that fit are no Tab stop", async () => {
    const context = await newContext(browser, 1366, 900, FOR_AXE);
    try {
      const tab = await context.newPage();
      await tab.goto(baseUrl + wide, { waitUntil: "load" });
      await hydrated(tab);
      const tables = tab.locator("article table");
      const sizes = await tables.evaluateAll((all) =>
        all.map((t) => ({ scrolls: t.scrollWidth > t.clientWidth, tabIndex: t.getAttribute("tabindex") })),
      );
      expect(sizes.some((t) => t.scrolls)).toBe(true);
      expect(sizes.filter((t) => t.scrolls).map((t) => t.tabIndex)).toEqual(
        sizes.filter((t) => t.scrolls).map(() => "0"),
      );
      expect(sizes.filter((t) => !t.scrolls).map((t) => t.tabIndex)).toEqual(
        sizes.filter((t) => !t.scrolls).map(() => null),
      );
      const scroller = tables.nth(sizes.findIndex((t) => t.scrolls));
      await scroller.focus();
      await tab.keyboard.press("ArrowRight");
      await expect.poll(() => scroller.evaluate((t) => t.scrollLeft)).toBeGreaterThan(0);
      await tab.addScriptTag({ path: axePath });
      const violations = await tab.evaluate(async () => {
        type Axe = { run: (o: object) => Promise<{ violations: { id: string }[] }> };
        const axe = (window as unknown as { axe: Axe }).axe;
        return (await axe.run({ runOnly: ["scrollable-region-focusable"] })).violations.map((v) => v.id);
      });
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// A short value in code that the reader types, such as `essbase-stndln` or
// `--application`, stays on one line in a table cell. The check above lets a break after a hyphen pass, as the
// browser's own; before src/components/DocCode.tsx, these broke as `essbase-` / `stndln` at every width.
describe.each([
  { locale: "en", prefix: "" },
  { locale: "fr", prefix: "/fr" },
])("short code in a table cell ($locale)", ({ prefix }) => {
  it("stays on one line at 1366, 996 and 800 px", { timeout: 120_000 }, async () => {
    const split: string[] = [];
    for (const path of [
      "/docs/admin/snapshot-contents",
      "/docs/admin/take-a-snapshot",
      "/docs/admin/snapshot-files",
    ]) {
      const found = await atEachWidth(prefix + path, () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll("article td code, article th code"))
            .filter((code) => /^(?=.*[-/])\S{1,24}$/.test(code.textContent ?? ""))
            .filter((code) => {
              const lines = Array.from(code.getClientRects()).filter((rect) => rect.width > 0);
              return new Set(lines.map((rect) => Math.round(rect.top))).size > 1;
            })
            .map((code) => code.textContent ?? ""),
        ),
      );
      for (const [width, texts] of found)
        split.push(...texts.map((text) => `${width} px ${prefix}${path}: ${text}`));
    }
    expect(split).toEqual([]);
  });
});
