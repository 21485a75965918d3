import { describe, inject, it } from "vitest";
import { checkPage, hydrated, open, siteContextForFile, startApiConsole } from "./support/site-page.ts";
import { fr, siteRoutes } from "./support/site-routes.ts";

const baseUrl = inject("baseUrl");
const context = siteContextForFile();

describe.each([
  { locale: "en", routes: siteRoutes },
  { locale: "fr", routes: siteRoutes.map(fr) },
])("every spec route of the $locale site", ({ locale, routes }) => {
  // Several pages at once (the project's maxConcurrency): a page mostly waits for the server and hydration.
  // Concurrent tests must use their own `expect`.
  it.concurrent.for(routes)("%s loads with its content and no error", async (route, { expect }) => {
    await checkPage(context(), baseUrl, route, expect, async (page) => {
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
    });
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
    const docs = await open(context(), baseUrl, `${prefix}/docs/intro`);
    try {
      await hydrated(docs.page);
      const sidebar = (await docs.page.locator("nav.menu a").allTextContents()).map((l) => l.trim());
      for (const s of sections) expect(sidebar, s).toContain(s);
    } finally {
      await docs.page.close();
    }
    const home = await open(context(), baseUrl, `${prefix}/`);
    try {
      await hydrated(home.page);
      const headings = await home.page.locator("main h3").allInnerTexts();
      expect(headings.map((h) => h.trim())).toEqual(expect.arrayContaining(sections));
    } finally {
      await home.page.close();
    }
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
