import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { hydrated, screenshot, sitePageForFile } from "./support/site-page.ts";

const baseUrl = inject("baseUrl");
/** Each test loads its page in the file's one page, storage and permissions cleared (`sitePageForFile`). */
const { visit } = sitePageForFile(baseUrl);

async function theme(page: Page): Promise<string | null> {
  return page.getAttribute("html", "data-theme");
}

describe("language", () => {
  it("switching to French and back keeps the page", async () => {
    const { page } = await visit("/docs/QiBates/features/actions/Zoom");
    await hydrated(page);
    await page.locator(".navbar__items--right .dropdown", { hasText: "English" }).hover();
    await page.getByRole("link", { name: "Français" }).click();
    await page.waitForURL(`${baseUrl}/fr/docs/QiBates/features/actions/Zoom`);
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    await hydrated(page);
    await page.locator(".navbar__items--right .dropdown", { hasText: "Français" }).hover();
    await page.getByRole("link", { name: "English" }).click();
    await page.waitForURL(`${baseUrl}/docs/QiBates/features/actions/Zoom`);
    expect(await page.getAttribute("html", "lang")).toBe("en");
  });
});

describe("language on a not-found page", () => {
  it("switching to French keeps the unknown address and shows the French not-found page", async () => {
    const { page } = await visit("/docs/no-such-page");
    await hydrated(page);
    await page.locator(".navbar__items--right .dropdown", { hasText: "English" }).hover();
    await page.getByRole("link", { name: "Français" }).click();
    await page.waitForURL(`${baseUrl}/fr/docs/no-such-page`);
    await expect.poll(() => page.locator("h1").first().textContent()).toBe("Page introuvable");
    expect(await page.getAttribute("html", "lang")).toBe("fr");
  });
});

describe("colour mode", () => {
  it("is light by default and the dark choice survives a reload", async () => {
    const { page } = await visit("/docs/intro");
    await hydrated(page);
    expect(await theme(page)).toBe("light");
    await page.getByRole("button", { name: /dark and light mode/ }).click();
    await expect.poll(() => theme(page)).toBe("dark");
    await page.reload();
    expect(await theme(page)).toBe("dark");
    await screenshot(page, "doc-intro-en-dark");
    await page.goto(`${baseUrl}/fr/docs/intro`);
    expect(await theme(page)).toBe("dark");
    await screenshot(page, "doc-intro-fr-dark");
  });
});

describe("code blocks", () => {
  const tokenColour = (page: Page) =>
    page
      .locator("pre .token.string")
      .first()
      .evaluate((token) => getComputedStyle(token).color);

  it("keep the build's highlighting in both colour modes and copy their code", async () => {
    const { page, errors } = await visit("/docs/develop/mdx-queries");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await hydrated(page);
    expect(await page.locator("pre").first().locator(".token").count()).toBeGreaterThan(10);
    expect(await tokenColour(page)).toBe("rgb(176, 18, 79)");
    await page.getByRole("button", { name: /dark and light mode/ }).click();
    await expect.poll(() => theme(page)).toBe("dark");
    expect(await tokenColour(page)).toBe("rgb(206, 145, 120)");
    const block = page.locator(".theme-code-block").first();
    await block.hover();
    await block.getByRole("button", { name: "Copy code to clipboard" }).click();
    const lines = await block.locator(".token-line").allTextContents();
    expect(lines.join("\n")).toContain('"loginid"');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lines.join("\n"));
    expect(errors).toEqual([]);
  });

  it("are highlighted when a client-side navigation brings them (fr)", async () => {
    const { page, errors } = await visit("/fr/docs/develop/capability-table");
    await hydrated(page);
    const zoomTitle = await page.locator("h1").first().textContent();
    await page.locator(".theme-doc-sidebar-menu a[href$='/develop/mdx-queries']").click();
    await page.waitForURL(`${baseUrl}/fr/docs/develop/mdx-queries`);
    // The address changes before the new page renders: until then the Zoom page's own code is on screen.
    await expect.poll(() => page.locator("h1").first().textContent()).not.toBe(zoomTitle);
    await expect.poll(() => page.locator("pre .token").count()).toBeGreaterThan(10);
    await expect.poll(() => tokenColour(page)).toBe("rgb(176, 18, 79)");
    expect(errors).toEqual([]);
  });
});

describe("docs versions", () => {
  it("labels versions in French and remembers the version chosen", async () => {
    const { page } = await visit("/fr/docs/intro");
    await hydrated(page);
    const dropdown = page.locator(".navbar__items--right .dropdown", { hasText: "2.x (actuelle)" });
    await dropdown.hover();
    await dropdown.getByRole("link", { name: "1.x (ancienne)" }).click();
    await page.waitForURL(`${baseUrl}/fr/docs/1.x/intro`);
    await page.goto(`${baseUrl}/fr/`);
    await hydrated(page);
    await page.locator(".navbar__items").getByRole("link", { name: "Documentation" }).first().click();
    await page.waitForURL(`${baseUrl}/fr/docs/1.x/intro`);
    await expect.poll(() => page.locator("h1").first().textContent()).toBe("Présentation de QiBates 1.x");
  });
});

describe("search", () => {
  it.each([
    { locale: "en", path: "/docs/intro", term: "zoom", expected: "/docs/QiBates/features/actions/Zoom" },
    {
      locale: "fr",
      path: "/fr/docs/intro",
      term: "actualiser",
      expected: "/fr/docs/QiBates/features/actions/Refresh",
    },
  ])(
    "finds a known term in $locale without any network but the site",
    async ({ locale, path, term, expected }) => {
      const { page } = await visit(path);
      await hydrated(page);
      const box = page.locator(".navbar__search-input");
      await box.click();
      // The search bar's code loads when the reader reaches for it.
      await page.locator("[data-search-ready=true]").waitFor({ timeout: 15_000 });
      await box.fill(term);
      // The first suggestion is the page whose title matches best; Enter opens it.
      const first = page.locator(".navbar__search [role=option]").first();
      await first.waitFor({ timeout: 15_000 });
      await screenshot(page, `search-${locale}`);
      await first.click();
      await page.waitForURL((url) => url.pathname === expected);
    },
  );

  it("the French search page labels its input in French", async () => {
    const { page } = await visit("/fr/search?q=zoom");
    await hydrated(page);
    await expect.poll(() => page.locator("input[name=q]").getAttribute("aria-label")).toBe("Rechercher");
    await screenshot(page, "search-page-fr");
  });
});

describe("not found and .html paths", () => {
  it("an unknown French path answers 404 with the French not-found page", async () => {
    const { page, status } = await visit("/fr/docs/cette-page-n-existe-pas");
    expect(status).toBe(404);
    await hydrated(page);
    await expect.poll(() => page.locator("h1").first().textContent()).toBe("Page introuvable");
    expect(await page.locator("main").textContent()).toContain("propriétaire du site");
    // The tab keeps its title once the page has loaded (it read "QiBates" under /docs/).
    await page.waitForLoadState("networkidle");
    expect(await page.title()).toBe("Page introuvable | QiBates");
    await screenshot(page, "not-found-fr");
  });

  it("an unknown English path answers 404 with the English not-found page", async () => {
    const { page, status } = await visit("/docs/no-such-page");
    expect(status).toBe(404);
    await expect.poll(() => page.locator("h1").first().textContent()).toBe("Page Not Found");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(await page.title()).toBe("Page Not Found | QiBates");
  });

  it.each([
    ["/docs/intro.html", "/docs/intro"],
    ["/fr/docs/intro.html", "/fr/docs/intro"],
    ["/index.html", "/"],
    ["/fr/index.html", "/fr/"],
    ["/qibates-changelog.html", "/qibates-changelog"],
  ])("%s shows the page at %s", async (from, to) => {
    const { page, status } = await visit(from);
    expect(status).toBe(200);
    expect(new URL(page.url()).pathname).toBe(to);
  });
});

describe("mobile layout", () => {
  it.each(["en", "fr"])("at 390 px the menu button opens the navigation (%s)", async (locale) => {
    const prefix = locale === "fr" ? "/fr" : "";
    const { page } = await visit(`${prefix}/docs/QiBates/features/actions/Zoom`, { width: 390 });
    await hydrated(page);
    await screenshot(page, `mobile-doc-${locale}`);
    await page.locator("button.navbar__toggle").click();
    const menu = page.locator(".navbar-sidebar");
    await menu.waitFor({ state: "visible" });
    await page.waitForTimeout(400); // the menu slides in
    await expect.poll(() => menu.isVisible()).toBe(true);
    await screenshot(page, `mobile-menu-${locale}`);
  });
});

describe("phone width", () => {
  it.each(["", "/fr"])("at 375 px no page is wider than the screen (%s)", async (prefix) => {
    const wide: string[] = [];
    // The file's page, at 375 px, loads each address in turn.
    const { page } = await visit(`${prefix}/`, { width: 375 });
    for (const path of ["/", "/docs/intro", "/docs/QiBates/features/actions/Zoom", "/api/qibates"]) {
      if (path !== "/") await page.goto(baseUrl + prefix + path, { waitUntil: "load" });
      await hydrated(page);
      // The page would scroll sideways: the API reference's first button (Infima's .button never wraps)
      // was 458 px wide in English, 475 px in French.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) wide.push(`${prefix + path}: ${width} px`);
    }
    expect(wide).toEqual([]);
  });
});

describe("API reference", () => {
  it.each([
    {
      locale: "en",
      path: "/api/qibates",
      button: "Open the interactive reference",
      text: "Download OpenAPI Document",
    },
    {
      locale: "fr",
      path: "/fr/api/qibates",
      button: "Ouvrir la référence interactive",
      text: "Télécharger le document OpenAPI",
    },
  ])(
    "lists the calls, then opens the console with the try-it server set to this site ($locale)",
    async ({ locale, path, button, text }) => {
      const { page, errors } = await visit(path);
      await hydrated(page);
      expect(await page.locator("main").textContent()).toContain("/health");
      await screenshot(page, `api-summary-${locale}`);
      // The pointer moving to the button may already start the reference (and remove the button).
      await page
        .getByRole("button", { name: button })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      // The interactive reference is the site's largest script: 60 s for it while another browser test runs.
      await page.getByText(text).first().waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.locator(".scalar-app").first().textContent())
        .toContain(`${baseUrl}/qibates/api/v2`);
      await screenshot(page, `api-${locale}`);
      expect(errors).toEqual([]);
    },
  );

  it("the try-it console sends the request to this server and shows its answer", async () => {
    // A deep link to an operation opens the interactive reference at once.
    const { page } = await visit("/api/qibates#tag/health/GET/health");
    await page.locator(".scalar-app").first().waitFor({ timeout: 60_000 });
    await page
      .getByRole("button", { name: /Test Request/ })
      .first()
      .click({ timeout: 60_000 });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${baseUrl}/qibates/api/v2/health`, { timeout: 15_000 }),
      page.getByRole("button", { name: /^Send/ }).first().click(),
    ]);
    expect(response.status()).toBe(200);
    await page.getByText("200 OK").first().waitFor({ timeout: 15_000 });
    await screenshot(page, "api-try-it");
  });

  it("the French reference shows the French descriptions of the contract", async () => {
    const { page } = await visit("/fr/api/qibates");
    await hydrated(page);
    const text = await page.locator("main").textContent();
    expect(text).toContain("API REST QiBates");
    expect(text).toContain("Clés d'API");
  });
});

describe("pages in both colour modes", () => {
  it.each([
    ["home-en", "/"],
    ["home-fr", "/fr/"],
    ["doc-fr", "/fr/docs/QiBates/features/settings/MissingSuppression"],
    ["docs-index-en", "/docs"],
    ["category-fr", "/fr/docs/category/settings"],
    ["changelog-fr", "/fr/qibates-changelog"],
  ])("%s", async (name, path) => {
    const { page } = await visit(path);
    await hydrated(page);
    await screenshot(page, `${name}-light`);
    await page.getByRole("button", { name: /mode/ }).first().click();
    await expect.poll(() => theme(page)).toBe("dark");
    await page.waitForTimeout(400); // let the colour transition finish before the picture
    await screenshot(page, `${name}-dark`);
  });
});
