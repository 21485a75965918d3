import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "./support/browser.ts";
import { hydrated, newContext, open } from "./support/site-page.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

// The search bar's code loads when the reader reaches for it (site/src/theme/SearchBar): a reader who clicks the
// box and types at once types while it loads. None of those keys may be lost.
describe("search, typed at once", () => {
  it.each([
    { locale: "en", path: "/docs/intro", term: "zoom" },
    { locale: "fr", path: "/fr/docs/intro", term: "actualiser" },
  ])("in $locale, the whole term typed right after the click is searched", async ({ path, term }) => {
    const context = await newContext(browser);
    try {
      const { page } = await open(context, baseUrl, path);
      await hydrated(page);
      await page.locator(".navbar__search-input").click();
      await page.keyboard.type(term, { delay: 20 });
      await page.locator(".navbar__search [role=option]").first().waitFor({ timeout: 15_000 });
      await expect
        .poll(() => page.locator("[data-search-ready=true] input.navbar__search-input").inputValue())
        .toBe(term);
    } finally {
      await context.close();
    }
  });
});
