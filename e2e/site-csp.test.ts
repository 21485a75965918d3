import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { sheet, shown } from "./support/live-grid.ts";
import { hydrated, sitePageForFile, startApiConsole } from "./support/site-page.ts";

// The site's script policy (server site.ts, hashes from site/src/plugins/script-hashes.ts): every page works
// under it, and an inline script the build did not hash does not run.
const baseUrl = inject("baseUrl");

type Watched = Window & { cspViolations: string[]; injected?: number };

/** Each test loads its page in the file's one page (`sitePageForFile`). */
const { visit } = sitePageForFile(baseUrl, (context) =>
  // Each page records its own violations from the start (an init script runs outside the page's policy).
  context.addInitScript(() => {
    const w = window as unknown as Watched;
    w.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.cspViolations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  }),
);

const violations = (page: Page) => page.evaluate(() => (window as unknown as Watched).cspViolations);
const cspErrors = (errors: string[]) => errors.filter((e) => /Content Security Policy/i.test(e));

const POLICY =
  /^script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}='){2,}; object-src 'none'; base-uri 'self'; frame-ancestors 'self'$/;

describe("script policy of the site", () => {
  it.each([
    ["/", (page: Page) => page.locator("h1").first().waitFor()],
    ["/docs/intro", (page: Page) => page.locator("article h1").waitFor()],
    ["/fr/docs/intro", (page: Page) => page.locator("article h1").waitFor()],
    ["/search?q=zoom", (page: Page) => page.locator("article[class*=searchResultItem]").first().waitFor()],
    ["/fr/cette-page-n-existe-pas", (page: Page) => page.getByText("Page introuvable").first().waitFor()],
    ["/api/qibates", startApiConsole],
  ])("%s works without a violation", async (path, ready) => {
    const { page, errors } = await visit(path);
    await hydrated(page);
    await ready(page);
    expect(await violations(page)).toEqual([]);
    expect(cspErrors(errors)).toEqual([]);
  });

  it("the live grid still refreshes", async () => {
    const { page, errors } = await visit("/docs/QiBates/features/actions/Refresh");
    await hydrated(page);
    await page.locator("[data-live-grid-placeholder]").scrollIntoViewIfNeeded();
    const grid = page.locator("[data-live-grid]");
    await grid.locator("table[role=grid]").waitFor({ timeout: 20_000 });
    await grid.getByLabel("Missing label").fill("-");
    await grid.getByRole("button", { name: "Refresh", exact: true }).click();
    expect(shown(await sheet(grid))[4]).toEqual(["Texas", "-", "-", "-"]);
    expect(await violations(page)).toEqual([]);
    expect(cspErrors(errors)).toEqual([]);
  });

  it("hashes the build's inline scripts and refuses an inline script it did not hash", async () => {
    const { page, headers } = await visit("/docs/intro");
    const policy = headers["content-security-policy"] ?? "";
    expect(policy).toMatch(POLICY);
    await hydrated(page);
    const injected = page.addScriptTag({ content: "window.injected = 1;" });
    await expect(injected).rejects.toThrow(/Content Security Policy/);
    expect(await page.evaluate(() => (window as unknown as Watched).injected)).toBeUndefined();
    expect(await violations(page)).toEqual([expect.stringMatching(/^script-src-elem inline /)]);
  });
});
