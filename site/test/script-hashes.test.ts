import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectScriptHashes, inlineScriptHashes } from "../src/plugins/script-hashes.ts";

// The hash Chromium 156 names when it refuses the inline script `window.__injected = 1` (its CSP error message).
const CHROMIUM_HASH = "sha256-A2G5ILFu8b8083o1kMZ/xHiM68g+hS1/YUKpN+168fI=";

describe("inline script hashes of a page", () => {
  it("hashes a script's text as the browser does", () => {
    expect(inlineScriptHashes("<head><script>window.__injected = 1</script></head>")).toEqual({
      scripts: [CHROMIUM_HASH],
      dataBlocks: 0,
    });
    // CR LF is read as LF by the HTML parser before the script's text exists.
    const lf = inlineScriptHashes("<script>a();\nb();</script>").scripts;
    expect(inlineScriptHashes("<script>a();\r\nb();</script>").scripts).toEqual(lf);
  });

  it("hashes every script the browser runs and no other", () => {
    const page = [
      '<script src="/assets/js/main.js" defer></script>',
      "<script data-src=x>one()</script>",
      '<SCRIPT type="text/javascript">two()</SCRIPT>',
      "<script type=module>three()</script>",
      "<script type=''>four()</script>",
      '<script data-rh=true type=application/ld+json>{"@type":"BreadcrumbList"}</script>',
      '<script type="application/json">{"a":1}</script>',
    ].join("");
    const { scripts, dataBlocks } = inlineScriptHashes(page);
    expect(scripts).toHaveLength(4);
    expect(new Set(scripts).size).toBe(4);
    expect(dataBlocks).toBe(2);
  });

  it("sums up a locale's pages, leaving out the other locales' folders", async () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-hashes-"));
    const page = (path: string, body: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), body);
    };
    try {
      page("index.html", "<script>theme()</script><script>banner()</script>");
      page("docs/intro.html", "<script>theme()</script><script>theme()</script>");
      page("fr/index.html", "<script>bannière()</script>");
      page("assets/js/main.js", "<script>not a page</script>");
      const en = await collectScriptHashes(dir, "en", [join(dir, "fr")]);
      expect(en.pages).toBe(2);
      expect(Object.values(en.scripts).sort()).toEqual([1, 2]);
      const fr = await collectScriptHashes(join(dir, "fr"), "fr");
      expect(Object.keys(fr.scripts)).toHaveLength(1);
      expect(Object.keys(fr.scripts)[0]).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
