import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
// The blog plugin's own code for the feed links of every page's head.
import { createFeedHtmlHeadTags } from "@docusaurus/plugin-content-blog/lib/feed.js";
import { describe, expect, it } from "vitest";
import { frenchFeedLinkTitles } from "../src/plugins/feed-link-titles";
import { BUILD, SITE } from "./site-files.ts";

/**
 * The changelog's feeds, as every page of the French site links them (what a browser or a feed reader offers to
 * subscribe to), are titled in French: « Journal des modifications de QiBates (flux RSS) ». The blog plugin wrote
 * "Journal des modifications de QiBates RSS Feed".
 */

type HeadTag = { tagName: string; attributes: Record<string, string> };

/** The feed links the blog plugin puts in the head of the French pages, as HTML. */
function frenchFeedLinks(): string {
  const config = readFileSync(join(SITE, "docusaurus.config.ts"), "utf8");
  const title = /title: french \? "([^"]+)"/.exec(config)?.[1];
  expect(title).toBe("Journal des modifications de QiBates");
  const tags = createFeedHtmlHeadTags({
    context: { siteConfig: { title: "QiBates", baseUrl: "/fr/" } },
    options: { routeBasePath: "qibates-changelog", feedOptions: { type: ["rss", "atom", "json"], title } },
  } as never) as HeadTag[];
  return tags
    .map(
      (t) =>
        `<${t.tagName} ${Object.entries(t.attributes)
          .map(([k, v]) => `${k}="${v}"`)
          .join(" ")}>`,
    )
    .join("");
}

/** The titles of a page's links to the changelog's feeds (not its links to the page in the other language). */
const titles = (html: string): string[] =>
  [...html.matchAll(/<link\b[^>]*\brel="?alternate"?[^>]*>/g)]
    .filter((m) => m[0].includes("qibates-changelog/"))
    .map((m) => /\btitle="([^"]*)"/.exec(m[0])?.[1] ?? "");

describe("the changelog's feed links on the French site", () => {
  it("are titled in French", () => {
    expect(titles(frenchFeedLinkTitles(frenchFeedLinks()))).toEqual([
      "Journal des modifications de QiBates (flux RSS)",
      "Journal des modifications de QiBates (flux Atom)",
      "Journal des modifications de QiBates (flux JSON)",
    ]);
  });

  it("are retitled by a plugin of the site's build", () => {
    expect(readFileSync(join(SITE, "docusaurus.config.ts"), "utf8")).toContain(
      '"./src/plugins/feed-link-titles.ts"',
    );
  });

  const page = join(BUILD, "fr", "index.html");
  it.skipIf(!existsSync(page))(
    "read in French in the built French home page (skipped when not built)",
    () => {
      const found = titles(readFileSync(page, "utf8"));
      expect(found.length).toBe(3);
      for (const t of found)
        expect(t).toMatch(/^Journal des modifications de QiBates \(flux (RSS|Atom|JSON)\)$/);
    },
  );
});
