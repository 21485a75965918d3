import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * CONTRIBUTING.md and ARCHITECTURE.md stand on what a clone holds: they name no path outside the
 * repository, and every repository path they name in code spans is there.
 */
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const GUIDES = ["CONTRIBUTING.md", "ARCHITECTURE.md"];
const TOP = new Set(readdirSync(ROOT).filter((name) => name !== "node_modules" && !name.startsWith(".")));

describe.each(GUIDES)("%s", (guide) => {
  const text = readFileSync(join(ROOT, guide), "utf8");

  it("names no path outside the repository", () => {
    expect(text.match(/(?:^|[\s`(])\.\.\/\S*/gm) ?? []).toEqual([]);
  });

  it("names only repository paths that exist", () => {
    const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => (m[1] ?? "").replace(/[,.;:]$/, ""));
    // What a build writes (`…/dist/…`, `site/build/…`) is not in a clone until the build has run.
    const built = (p: string) => /(?:^|\/)dist\//.test(p) || p.startsWith("site/build/");
    const paths = spans.filter(
      (p) => p.includes("/") && !/[<*{…]/.test(p) && TOP.has(p.split("/")[0] ?? "") && !built(p),
    );
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });
});
