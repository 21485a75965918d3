import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./support/browser.ts";
import { FOR_AXE, hydrated, newContext } from "./support/site-page.ts";
import { atEachWidth, WIDTHS } from "./support/table-words.ts";

// The tables of the site as a reader meets them: a table too wide for the column scrolls and takes the keyboard
// focus, and short code in a cell stays on one line. That no word of a table is broken inside itself on the user
// pages is checked where the route walk loads them (site-routes.test.ts).

const baseUrl = inject("baseUrl");

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await (await newContext(browser)).newPage();
});

afterAll(async () => {
  await browser?.close();
});

/** Loads `path` once at the widest width and runs `check` at each width in turn. */
async function loadAtEachWidth<T>(path: string, check: () => Promise<T>): Promise<Map<number, T>> {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  const response = await page.goto(baseUrl + path, { waitUntil: "load" });
  expect(response?.status(), path).toBe(200);
  await hydrated(page);
  return atEachWidth(page, check);
}

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

// A short value in code that the reader types, such as `essbase-stndln` or `--application`, stays on one line in a
// table cell. The check of broken words lets a break after a hyphen pass, as the browser's own; without
// src/components/DocCode.tsx these would break as `essbase-` / `stndln` at every width.
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
      const found = await loadAtEachWidth(prefix + path, () =>
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
