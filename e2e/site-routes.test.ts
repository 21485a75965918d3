import type { Page } from "playwright-core";
import { afterAll, describe, type ExpectStatic, inject, it } from "vitest";
import {
  expectGridPictures,
  expectScreenPictures,
  gridPictureCases,
  screenPictureCases,
} from "./support/pictures.ts";
import {
  asSavingData,
  hydrated,
  PagePool,
  siteContextForFile,
  startApiConsole,
} from "./support/site-page.ts";
import { fr, siteRoutes } from "./support/site-routes.ts";
import { brokenByWidth, tablesAtEachWidth, userPages, WIDTHS } from "./support/table-words.ts";

const baseUrl = inject("baseUrl");
// The walk loads each page by its address: no page's code fetched in advance for its links (`asSavingData`).
const context = siteContextForFile(asSavingData);
/**
 * The route walk's pages, each loading one route after another (as many as the walk loads at once), at the first
 * width the tables are read at: a page with tables is resized only for the others.
 */
const walk = new PagePool(context, { width: WIDTHS[0], height: 900 });
afterAll(() => walk.close());

/** What a check made during the route walk found: nothing wrong, or the error it threw. */
type Outcome = { error?: unknown };

async function outcomeOf(check: () => Promise<void>): Promise<Outcome> {
  try {
    await check();
    return {};
  } catch (error) {
    return { error };
  }
}

// Each route is loaded once, and the checks of a user page (a document of the QiBates folder) are made in that load:
// - its drawn pictures (the before/after grids of site/scripts/grid-pictures.ts, the add-in's screens of
//   site/scripts/screen-pictures.ts) are all there, loaded, with their alt text (and caption) in its language;
// - no word of a table is broken inside itself, at a desktop width (1366 px), at the mobile breakpoint (996 px) and
//   below it (800 px) (`support/table-words.ts`).
// Each of these has its own tests after the walk, which read what the walk found.
describe.each([
  { locale: "en", routes: siteRoutes, pages: userPages("en") },
  { locale: "fr", routes: siteRoutes.map(fr), pages: userPages("fr") },
] as const)("every spec route of the $locale site", ({ locale, routes, pages }) => {
  const users = new Set(pages);
  const grids = new Map(gridPictureCases(locale).map((c) => [c.route, c]));
  const screens = new Map(screenPictureCases(locale).map((c) => [c.route, c]));
  /** What the walk found of each page's grid pictures and screens. */
  const gridsSeen = new Map<string, Outcome>();
  const screensSeen = new Map<string, Outcome>();
  /** Each user page's broken table words by width, read where the route walk loaded it. */
  const tables = new Map<string, Map<number, string[]>>();

  /** On a loaded page: the checks of a user page, each outcome kept for its own test to read. */
  async function userPageChecks(route: string, page: Page, expect: ExpectStatic): Promise<void> {
    const grid = grids.get(route);
    if (grid) gridsSeen.set(route, await outcomeOf(() => expectGridPictures(page, expect, grid)));
    const screen = screens.get(route);
    if (screen) screensSeen.set(route, await outcomeOf(() => expectScreenPictures(page, expect, screen)));
    if (users.has(route)) tables.set(route, await tablesAtEachWidth(page));
  }

  /**
   * The loads of the pages the walk did not reach (no spec route, or its route failed first): one load a page,
   * whichever test asks for it first, with every check of {@link userPageChecks} made in it.
   */
  const afterWalk = new Map<string, Promise<void>>();
  function loadedAfterWalk(route: string, expect: ExpectStatic): Promise<void> {
    let loaded = afterWalk.get(route);
    if (!loaded) {
      loaded = walk.check(baseUrl, route, expect, async (page) => {
        await hydrated(page);
        await userPageChecks(route, page, expect);
      });
      afterWalk.set(route, loaded);
    }
    return loaded;
  }

  /** The outcome of a check of `route` kept in `seen`, by the walk's load of the page or else a load of its own. */
  async function seenOrLoaded(
    seen: Map<string, Outcome>,
    route: string,
    expect: ExpectStatic,
  ): Promise<void> {
    if (!seen.has(route)) await loadedAfterWalk(route, expect);
    const outcome = seen.get(route);
    if (!outcome) throw new Error(`${route}: the check was not made`);
    if ("error" in outcome) throw outcome.error;
  }

  // Several pages at once (the project's maxConcurrency): a page mostly waits for the server and hydration.
  // Concurrent tests must use their own `expect`.
  it.concurrent.for(routes)("%s loads with its content and no error", async (route, { expect }) => {
    await walk.check(baseUrl, route, expect, async (page) => {
      expect(await page.getAttribute("html", "lang")).toBe(locale);
      if (route.endsWith("/api/qibates")) {
        // The calls are listed in the HTML; the interactive reference (Scalar) starts on demand.
        expect(await page.locator("main h2").count()).toBeGreaterThan(3);
        await startApiConsole(page);
      } else {
        await hydrated(page);
        await expect.poll(() => page.locator("h1").first().textContent()).not.toBe("");
        expect(await page.title()).not.toMatch(/Page not found|Page introuvable/);
      }
      await userPageChecks(route, page, expect);
    });
  });

  it.for([...grids.values()])("$route shows its pictures, loaded, in its language", async (c, { expect }) => {
    await seenOrLoaded(gridsSeen, c.route, expect);
  });

  it.for([...screens.values()])(
    "$route shows its screens, loaded, in its language",
    async (c, { expect }) => {
      await seenOrLoaded(screensSeen, c.route, expect);
    },
  );

  it("has every document of the QiBates folder among its user pages", ({ expect }) => {
    expect(pages.length).toBeGreaterThan(50);
  });

  // After the walk: the user pages that are no spec route, or whose route failed before its tables were read, are
  // loaded here.
  it("has no table word broken inside itself on its user pages at 1366, 996 and 800 px", {
    timeout: 600_000,
  }, async ({ expect }) => {
    for (const path of pages) if (!tables.has(path)) await loadedAfterWalk(path, expect);
    const broken = brokenByWidth(
      [...tables].filter(([path]) => users.has(path)).sort(([a], [b]) => a.localeCompare(b)),
    );
    for (const width of WIDTHS) {
      const words = broken[width] ?? [];
      const count = words.reduce((n, line) => n + Number(/\((\d+)\)/.exec(line)?.[1] ?? 0), 0);
      console.log(`${width} px: ${count} words broken on ${words.length} of ${pages.length} pages`);
    }
    expect(broken).toEqual(Object.fromEntries(WIDTHS.map((width) => [width, []])));
  });
});

describe.each([
  {
    locale: "en",
    prefix: "",
    sections: ["Use the add-in", "Set up and administer", "Develop with the API"],
  },
  {
    locale: "fr",
    prefix: "/fr",
    sections: ["Utiliser le complément", "Installer et administrer", "Développer avec l'API"],
  },
])("the three readers' sections ($locale)", ({ prefix, sections }) => {
  it("are the sidebar's sections and the home page's", async ({ expect }) => {
    await walk.check(baseUrl, `${prefix}/docs/intro`, expect, async (page) => {
      await hydrated(page);
      const sidebar = (await page.locator("nav.menu a").allTextContents()).map((l) => l.trim());
      for (const s of sections) expect(sidebar, s).toContain(s);
    });
    await walk.check(baseUrl, `${prefix}/`, expect, async (page) => {
      await hydrated(page);
      const headings = await page.locator("main h3").allInnerTexts();
      expect(headings.map((h) => h.trim())).toEqual(expect.arrayContaining(sections));
    });
  });
});

describe.each([
  { prefix: "", title: "QiBates changelog", language: "en" },
  { prefix: "/fr", title: "Journal des modifications de QiBates", language: "fr" },
])("the changelog's feeds ($language)", ({ prefix, title, language }) => {
  it("carry the changelog's title in the site's language, not Docusaurus' « QiBates Blog »", async ({
    expect,
  }) => {
    const rss = await fetch(`${baseUrl}${prefix}/qibates-changelog/rss.xml`);
    expect(rss.status).toBe(200);
    const xml = await rss.text();
    // The feed's own title is its first (the posts' come after it; a post may quote the old one).
    const firstTitle = (feed: string) => /<title>([^<]*)<\/title>/.exec(feed)?.[1];
    expect(firstTitle(xml)).toBe(title);
    expect(xml).toContain(`<language>${language}</language>`);
    const atom = await (await fetch(`${baseUrl}${prefix}/qibates-changelog/atom.xml`)).text();
    expect(firstTitle(atom)).toBe(title);
  });
});
