import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { localeRedirects, REDIRECTS } from "../src/redirects.ts";
import { FR_DOCS, ROOT, SITE } from "./site-files.ts";

/** The source file of a docs address (`/docs/admin/connect-ssas` → docs/admin/connect-ssas.md), in a locale. */
function sourceOf(path: string, locale: "en" | "fr"): string | undefined {
  const version = /^\/docs\/1\.x\/(.*)$/.exec(path);
  const rel = version ? version[1] : path.replace(/^\/docs\//, "");
  const dirs =
    locale === "en"
      ? [version ? join(SITE, "versioned_docs/version-1.x") : join(SITE, "docs")]
      : [join(FR_DOCS, version ? "version-1.x" : "current")];
  for (const dir of dirs) {
    for (const ext of [".md", ".mdx", "/index.md", "/index.mdx"]) {
      if (existsSync(join(dir, `${rel}${ext}`))) return join(dir, `${rel}${ext}`);
    }
  }
  return undefined;
}

/** The docs pages renamed in the repository's history: old address → new address (git, both locales). */
function renamedPages(): Map<string, string> {
  const out = new Map<string, string>();
  let log: string;
  try {
    log = execFileSync(
      "git",
      [
        "log",
        "--diff-filter=R",
        "--name-status",
        "--format=",
        "--",
        "site/docs",
        "site/i18n/fr/docusaurus-plugin-content-docs/current",
      ],
      { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    );
  } catch {
    return out;
  }
  const address = (file: string): string | undefined => {
    const m = /^site\/(?:docs|i18n\/fr\/docusaurus-plugin-content-docs\/current)\/(.+)\.mdx?$/.exec(file);
    return m ? `/docs/${m[1]}` : undefined;
  };
  for (const line of log.split("\n")) {
    const [status, from, to] = line.split("\t");
    if (!status?.startsWith("R") || !from || !to) continue;
    const [a, b] = [address(from), address(to)];
    if (a && b && a !== b) out.set(a, b);
  }
  return out;
}

describe("the old addresses of moved pages", () => {
  it("list every docs page renamed in the repository's history, with its new address", () => {
    const renamed = renamedPages();
    // A shallow checkout has no history to read; the list is then checked by the other tests only.
    if (renamed.size === 0) return;
    const listed = new Map(REDIRECTS.map((r) => [r.from, r.to]));
    for (const [from, to] of renamed) {
      // A page renamed again later answers its first address with its latest one.
      let last = to;
      while (renamed.has(last)) last = renamed.get(last) as string;
      if (sourceOf(from, "en")) continue; // the old address is a page again
      expect(listed.get(from), from).toBe(last);
    }
    expect(listed.get("/docs/QiBates/api-guide")).toBe("/docs/develop/api-guide");
  });

  it.each(["en", "fr"] as const)("%s: each leads to a page, and no page is hidden by one", (locale) => {
    for (const r of REDIRECTS) {
      expect(sourceOf(r.to, locale), `${locale} ${r.to}`).toBeDefined();
      expect(sourceOf(r.from, locale), `${locale} ${r.from}`).toBeUndefined();
    }
  });

  it("are written for each locale with its prefix", () => {
    expect(localeRedirects("/")["/docs/QiBates/api-guide"]).toBe("/docs/develop/api-guide");
    expect(localeRedirects("/fr/")["/fr/docs/QiBates/api-guide"]).toBe("/fr/docs/develop/api-guide");
    expect(Object.keys(localeRedirects("/fr/"))).toHaveLength(REDIRECTS.length);
  });
});
