import { describe, expect, it } from "vitest";
import { launchChromium } from "../../../e2e/support/browser.ts";
import { bundleForBrowser } from "./support/browser-bundle.ts";

// The engine must run in the browser: bundle it for the browser (no Node built-ins allowed) and run a smoke
// case in Debian's Chromium.
describe("engine in the browser", () => {
  it("builds Sample.Basic, reads published points and runs a calc script in headless Chromium", async () => {
    const code = await bundleForBrowser(new URL("./browser-smoke-entry.ts", import.meta.url));
    expect(code).not.toMatch(/require\("node:|from "node:/);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent("<!doctype html><title>engine smoke</title>");
      await page.addScriptTag({ content: code });
      const r = await page.evaluate(() =>
        (globalThis as unknown as { engineSmoke: () => Record<string, unknown> }).engineSmoke(),
      );
      expect(r.userAgent).toMatch(/HeadlessChrome|Chrome/);
      expect(r.eastJan).toBe(109);
      expect(r.sales).toBe(400855);
      expect((r.varPct as number).toFixed(1)).toBe("7.4");
      expect(r.budgetAfterSeed as number).toBeCloseTo(400855 * 1.05, 6);
      expect(r.log).toContain("DATACOPY");
      expect(r.eastChildren).toEqual([
        "New York",
        "Massachusetts",
        "Florida",
        "Connecticut",
        "New Hampshire",
      ]);
    } finally {
      await browser.close();
    }
  });
});
