import { readFileSync } from "node:fs";
import { describe, inject, it } from "vitest";
import { checkPage, expectPictures, hydrated, siteContextForFile } from "./support/site-page.ts";

/**
 * The add-in's screens drawn from their descriptions (site/scripts/screen-pictures.ts) as a reader gets them: on
 * each page that documents a screen, in both languages, every screen the description lists for that page is
 * there, its SVG loads, and its alt text is in the page's language.
 */
const baseUrl = inject("baseUrl");
const context = siteContextForFile();

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
    await checkPage(context(), baseUrl, c.route, expect, async (page) => {
      await hydrated(page);
      await expectPictures(page, expect, {
        mark: "screen-picture",
        folder: "screens",
        locale: c.locale,
        ids: c.ids,
        alt: c.locale === "fr" ? /^Le volet QiBates/ : /^The QiBates pane/,
      });
    });
  });
});
