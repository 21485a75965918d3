import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import type { ExpectStatic } from "vitest";
import { expectPictures } from "./site-page.ts";

// The drawn pictures of the site's user pages, as the build's manifests list them: the before/after grid pictures
// (site/scripts/grid-pictures.ts) and the add-in's screens (site/scripts/screen-pictures.ts).

const SITE = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "site");

export type Locale = "en" | "fr";
/** A page that shows pictures: its route in a locale and the pictures' ids, in their order on the page. */
export type PictureCase = { locale: Locale; route: string; ids: string[] };

const userRoute = (locale: Locale, path: string) => `${locale === "fr" ? "/fr" : ""}/docs/QiBates/${path}`;

// The grid pictures' manifest names each picture's page by a key; the page of each key.
const GRID_PAGES: Record<string, string> = {
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

/** The pages of `locale` that show grid pictures (the manifest the site build writes), with their pictures. */
export function gridPictureCases(locale: Locale): PictureCase[] {
  const pictures = Object.entries(
    JSON.parse(readFileSync(join(SITE, "static", "img", "grids", "pictures.json"), "utf8")) as Record<
      string,
      { page: string }
    >,
  ).map(([id, p]) => ({ id, page: p.page }));
  // A picture whose page has no route here would go unchecked.
  const unrouted = [...new Set(pictures.map((p) => p.page))].filter((page) => !(page in GRID_PAGES));
  if (unrouted.length > 0)
    throw new Error(`grid pictures of pages without a route here: ${unrouted.join(", ")}`);
  return Object.entries(GRID_PAGES).map(([key, path]) => ({
    locale,
    route: userRoute(locale, path),
    ids: pictures.filter((p) => p.page === key).map((p) => p.id),
  }));
}

/** The pages of `locale` that document a screen (the manifest the build drew), with their screens. */
export function screenPictureCases(locale: Locale): PictureCase[] {
  const screens = Object.entries(
    JSON.parse(readFileSync(join(SITE, "build", "img", "screens", "screens.json"), "utf8")) as Record<
      string,
      { pages: string[] }
    >,
  ).map(([id, s]) => ({ id, pages: s.pages }));
  return [...new Set(screens.flatMap((s) => s.pages))].map((path) => ({
    locale,
    route: userRoute(locale, path),
    ids: screens.filter((s) => s.pages.includes(path)).map((s) => s.id),
  }));
}

/** On a hydrated page: its grid pictures are all there, loaded, with alt text and caption in its language. */
export async function expectGridPictures(page: Page, expect: ExpectStatic, c: PictureCase): Promise<void> {
  await expectPictures(page, expect, {
    mark: "grid-picture",
    folder: "grids",
    locale: c.locale,
    ids: c.ids,
    alt: c.locale === "fr" ? /^Avant/ : /^Before/,
  });
  for (const id of c.ids) {
    const caption = (await page.locator(`figure[data-grid-picture="${id}"] figcaption`).textContent()) ?? "";
    expect(caption).toContain(c.locale === "fr" ? "avant et après" : "before and after");
  }
}

/** On a hydrated page: its screens are all there, loaded, with alt text in its language. */
export async function expectScreenPictures(page: Page, expect: ExpectStatic, c: PictureCase): Promise<void> {
  await expectPictures(page, expect, {
    mark: "screen-picture",
    folder: "screens",
    locale: c.locale,
    ids: c.ids,
    // The pane's screens, and the server's key page the first launch shows in the browser.
    alt:
      c.locale === "fr"
        ? /^(Le volet QiBates|La page du navigateur)/
        : /^(The QiBates pane|The browser page)/,
  });
}
