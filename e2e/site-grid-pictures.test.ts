import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, inject, it } from "vitest";
import { checkPage, expectPictures, hydrated, siteContextForFile } from "./support/site-page.ts";

/**
 * The before/after pictures (site/scripts/grid-pictures.ts) as a reader gets them: on each page that shows some,
 * in both languages, every picture of that page is there, its SVG loads, and its alt text and caption are in the
 * page's language.
 */
const baseUrl = inject("baseUrl");
const context = siteContextForFile();

// The pictures the site build wrote (site/scripts/grid-pictures.ts), in their order on the page.
const MANIFEST = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "site",
  "static",
  "img",
  "grids",
  "pictures.json",
);
const PICTURES = Object.entries(
  JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, { page: string }>,
).map(([id, p]) => ({ id, page: p.page }));

const PAGES: Record<string, string> = {
  zoom: "features/actions/Zoom",
  keepRemove: "features/actions/KeepRemoveOnly",
  pivot: "features/actions/Pivot",
  refresh: "features/actions/Refresh",
  missingSuppression: "features/settings/MissingSuppression",
  submit: "features/actions/Submit",
  adhoc: "features/actions/AdHoc",
  cascade: "features/actions/Cascade",
  openForm: "features/actions/OpenForm",
  runRule: "features/actions/RunRule",
  taskLists: "features/actions/TaskLists",
  missingLabel: "features/settings/MissingLabel",
  navigationWithoutData: "features/settings/NavigationWithoutData",
  withoutIndentation: "features/settings/WithoutIndentation",
  displayCodeAndAlias: "features/settings/DisplayCodeAndAlias",
};

// A picture whose page has no route here would go unchecked.
const unrouted = [...new Set(PICTURES.map((p) => p.page))].filter((page) => !(page in PAGES));
if (unrouted.length > 0)
  throw new Error(`grid pictures of pages without a route here: ${unrouted.join(", ")}`);

const cases = (["en", "fr"] as const).flatMap((locale) =>
  Object.entries(PAGES).map(([key, path]) => ({
    locale,
    route: `${locale === "fr" ? "/fr" : ""}/docs/QiBates/${path}`,
    ids: PICTURES.filter((p) => p.page === key).map((p) => p.id),
  })),
);

describe("grid pictures", () => {
  it.concurrent.for(cases)("$route shows its pictures, loaded, in its language", async (c, { expect }) => {
    await checkPage(context(), baseUrl, c.route, expect, async (page) => {
      await hydrated(page);
      await expectPictures(page, expect, {
        mark: "grid-picture",
        folder: "grids",
        locale: c.locale,
        ids: c.ids,
        alt: c.locale === "fr" ? /^Avant/ : /^Before/,
      });
      for (const id of c.ids) {
        const caption =
          (await page.locator(`figure[data-grid-picture="${id}"] figcaption`).textContent()) ?? "";
        expect(caption).toContain(c.locale === "fr" ? "avant et après" : "before and after");
      }
    });
  });
});
