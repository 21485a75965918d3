import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import config from "../docusaurus.config";

/**
 * The site's build reads nothing from git (`future.experimental_vcs: false`): walking the repository's history is
 * the slowest part of loading the site on a fresh clone, and no page needs it. That holds only while no page shows
 * a date or an author taken from git: these checks fail when one would, so the flag is dropped at the same time.
 */
const SITE = resolve(import.meta.dirname, "..");

type Options = Record<string, unknown> | undefined;
const classic = (config.presets ?? []).find(
  (p): p is [string, Record<string, Options>] => Array.isArray(p) && p[0] === "classic",
);

describe("the site's build without git", () => {
  it("does not read the repository's history", () => {
    expect(config.future?.experimental_vcs).toBe(false);
  });

  it("shows no last-update date or author and writes no sitemap lastmod", () => {
    const options = classic?.[1] ?? {};
    for (const part of ["docs", "blog", "pages"]) {
      expect(options[part]?.showLastUpdateTime ?? false, part).toBe(false);
      expect(options[part]?.showLastUpdateAuthor ?? false, part).toBe(false);
    }
    expect(options.sitemap?.lastmod ?? null).toBeNull();
  });

  it("dates every changelog post by its file name or front matter, not by git or the clone's file times", () => {
    const posts = readdirSync(join(SITE, "changelog")).filter((f) => /\.mdx?$/.test(f));
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      const text = readFileSync(join(SITE, "changelog", post), "utf8");
      const dated = /^\d{4}-\d{2}-\d{2}-/.test(post) || /^---\n[\s\S]*?^date:/m.test(text);
      expect(dated, post).toBe(true);
    }
  });
});
