import type { Browser } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile } from "./support/browser.ts";
import { hydrated, newContext } from "./support/site-page.ts";

// What a reader sees when the site's files do not load (spec §2 and §8): the wrong-base-URL banner of the home
// page and the API reference's error box, each in the page's language. The site's script CSP stays on.
const baseUrl = inject("baseUrl");
let browser: Browser;

chromiumForFile((launched) => {
  browser = launched;
});

describe("the wrong-base-URL banner", () => {
  it.each([
    {
      path: "/",
      lines: [
        "This site did not load properly.",
        "A common cause is a base URL setting (baseUrl) that does not match the address the site is served at.",
        "Base URL set: /",
        "Base URL of this address: /",
      ],
    },
    {
      path: "/fr/",
      lines: [
        "Ce site ne s'est pas chargé correctement.",
        "Une cause fréquente est un réglage de l'URL de base (baseUrl) qui ne correspond pas à l'adresse où le site est servi.",
        "URL de base réglée\u00a0: /fr/",
        "URL de base de cette adresse\u00a0: /fr/",
      ],
    },
  ])("shows on $path in its language when the site's files are not found", async ({ path, lines }) => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      // As when the site is served at another path than its baseUrl: its scripts and styles are not found.
      await page.route(/\/assets\//, (route) => route.fulfill({ status: 404, body: "" }));
      await page.goto(baseUrl + path, { waitUntil: "load" });
      const banner = page.getByRole("alert");
      await banner.waitFor({ timeout: 10_000 });
      expect(await banner.locator("p").allTextContents()).toEqual(lines);
      expect(await page.getByText(/Docusaurus/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("stays hidden when the site loads", async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/fr/`, { waitUntil: "load" });
      await hydrated(page);
      expect(await page.locator("#qibates-base-url-banner").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("the API reference whose renderer does not load", () => {
  it.each([
    {
      path: "/api/qibates",
      failed: "The API reference could not be loaded: /scalar/standalone.esm.js",
      retry: "Retry",
    },
    {
      path: "/fr/api/qibates",
      failed: "La référence de l'API n'a pas pu être chargée\u00a0: /scalar/standalone.esm.js",
      retry: "Réessayer",
    },
  ])("says so on $path in the page's language, and Retry loads it", async ({ path, failed, retry }) => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      const bundle = /\/scalar\/standalone\.esm\.js$/;
      await page.route(bundle, (route) => route.abort());
      await page.goto(baseUrl + path, { waitUntil: "load" });
      await hydrated(page);
      await page
        .locator("main .button--primary")
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      const box = page.getByRole("alert");
      await box.waitFor({ timeout: 20_000 });
      expect((await box.locator("p").textContent())?.trim()).toBe(failed);
      await page.unroute(bundle);
      await box.getByRole("button", { name: retry }).click();
      await page.locator(".scalar-app").first().waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });
});
