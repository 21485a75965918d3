import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { hydrated, sitePageForFile } from "./support/site-page.ts";

const baseUrl = inject("baseUrl");
/** Each test loads its page in the file's one page, storage cleared and routes removed (`sitePageForFile`). */
const { visit } = sitePageForFile(baseUrl);

// The search bar's code loads when the reader reaches for it (site/src/theme/SearchBar): a reader who clicks the
// box, reaches it with Tab or presses Ctrl+K, and types at once types while it loads. None of those keys may be lost.
describe("search, typed at once", () => {
  it.each([
    { locale: "en", path: "/docs/intro", term: "zoom" },
    { locale: "fr", path: "/fr/docs/intro", term: "actualiser" },
  ])("in $locale, the whole term typed right after the click is searched", async ({ path, term }) => {
    await typedAtOnce(path, term, (page) => page.locator(".navbar__search-input").click());
  });

  it.each([
    { locale: "en", path: "/docs/intro", term: "zoom" },
    { locale: "fr", path: "/fr/docs/intro", term: "actualiser" },
  ])(
    "in $locale, the whole term typed right after the box takes the focus (Tab) is searched",
    async ({ path, term }) => {
      await typedAtOnce(path, term, (page) => page.locator(".navbar__search-input").focus());
    },
  );

  it.each([
    { locale: "en", path: "/docs/intro", term: "zoom" },
    { locale: "fr", path: "/fr/docs/intro", term: "actualiser" },
  ])("in $locale, the whole term typed right after Ctrl+K is searched", async ({ path, term }) => {
    await typedAtOnce(path, term, (page) => page.keyboard.press("Control+k"));
  });
});

/** Opens `path`, reaches for the search (`reach`), types `term` at once: the suggestions must be for all of it. */
async function typedAtOnce(path: string, term: string, reach: (page: Page) => Promise<void>): Promise<void> {
  const { page } = await visit(path);
  await hydrated(page);
  // The search bar's code comes half a second later, as on a slower network: every key is typed before it is there.
  await page.route("**/assets/js/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await reach(page);
  await page.keyboard.type(term, { delay: 20 });
  // The search index is loaded when the box is reached: under load (the French index is the larger) it can
  // take well over 15 s.
  await page.locator(".navbar__search [role=option]").first().waitFor({ timeout: 60_000 });
  await expect
    .poll(() => page.locator("[data-search-ready=true] input.navbar__search-input").inputValue())
    .toBe(term);
}
