import { readFileSync } from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { launchChromium } from "./support/browser.ts";
import { hydrated, newContext, open } from "./support/site-page.ts";

/**
 * The add-in's screens drawn from their descriptions (site/scripts/screen-pictures.ts) as a reader gets them: on
 * each page that documents a screen, in both languages, every screen the description lists for that page is
 * there, its SVG loads, and its alt text is in the page's language.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  context = await newContext(browser);
});

afterAll(async () => {
  await browser?.close();
});

/** The screens the build drew, with the pages that show each (the manifest site/scripts/screen-pictures.ts writes). */
const SCREENS = Object.entries(
  JSON.parse(
    readFileSync(new URL("../site/build/img/screens/screens.json", import.meta.url), "utf8"),
  ) as Record<string, { pages: string[] }>,
).map(([id, s]) => ({ id, pages: s.pages }));
const PAGES = [...new Set(SCREENS.flatMap((s) => s.pages))];
const cases = (["en", "fr"] as const).flatMap((locale) =>
  PAGES.map((path) => ({
    locale,
    route: `${locale === "fr" ? "/fr" : ""}/docs/QiBates/${path}`,
    ids: SCREENS.filter((s) => s.pages.includes(path)).map((s) => s.id),
  })),
);

describe("screen pictures", () => {
  it.concurrent.for(cases)("$route shows its screens, loaded, in its language", async (c, { expect }) => {
    const { page, status, errors } = await open(context, baseUrl, c.route);
    try {
      expect(status).toBe(200);
      await hydrated(page);
      const figures = page.locator("figure[data-screen-picture]");
      expect(await figures.evaluateAll((fs) => fs.map((f) => f.getAttribute("data-screen-picture")))).toEqual(
        c.ids,
      );
      for (const id of c.ids) {
        const img = page.locator(`figure[data-screen-picture="${id}"] img`);
        await img.scrollIntoViewIfNeeded();
        await expect
          .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), {
            timeout: 15_000,
          })
          .toBe(true);
        expect(await img.getAttribute("src")).toMatch(new RegExp(`/img/screens/${id}\\.${c.locale}\\.svg$`));
        expect((await img.getAttribute("alt")) ?? "").toMatch(
          c.locale === "fr" ? /^Le volet QiBates/ : /^The QiBates pane/,
        );
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
