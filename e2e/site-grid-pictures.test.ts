import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { launchChromium } from "./support/browser.ts";
import { hydrated, newContext, open } from "./support/site-page.ts";

/**
 * The before/after pictures (site/scripts/grid-pictures.ts) as a reader gets them: on each page that shows some,
 * in both languages, every picture of that page is there, its SVG loads, and its alt text and caption are in the
 * page's language.
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
    const { page, status, errors } = await open(context, baseUrl, c.route);
    try {
      expect(status).toBe(200);
      await hydrated(page);
      const figures = page.locator("figure[data-grid-picture]");
      expect(await figures.evaluateAll((fs) => fs.map((f) => f.getAttribute("data-grid-picture")))).toEqual(
        c.ids,
      );
      for (const id of c.ids) {
        const img = page.locator(`figure[data-grid-picture="${id}"] img`);
        await img.scrollIntoViewIfNeeded();
        // Loaded (lazily, once on screen): an SVG the browser could draw, in the page's language.
        await expect
          .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), {
            timeout: 15_000,
          })
          .toBe(true);
        expect(await img.getAttribute("src")).toMatch(new RegExp(`/img/grids/${id}\\.${c.locale}\\.svg$`));
        const alt = (await img.getAttribute("alt")) ?? "";
        expect(alt).toMatch(c.locale === "fr" ? /^Avant/ : /^Before/);
        const caption =
          (await page.locator(`figure[data-grid-picture="${id}"] figcaption`).textContent()) ?? "";
        expect(caption).toContain(c.locale === "fr" ? "avant et après" : "before and after");
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
