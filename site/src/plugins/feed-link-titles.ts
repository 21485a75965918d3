import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";

/**
 * The changelog's feeds as each page links them (`<link rel="alternate" title="…">`, what a browser or a feed
 * reader offers to subscribe to): the blog plugin writes their titles as the feed's title followed by "RSS Feed",
 * "Atom Feed" or "JSON Feed", in English whatever the locale (`createFeedHtmlHeadTags`, no option to change it).
 * On the French site they read « Journal des modifications de QiBates (flux RSS) ».
 */
const FEED_LINK = /(<link\b[^>]*?\btitle=")([^"]*?) (RSS|Atom|JSON) Feed(")/g;

/** `html` with the feed links' titles in French. */
export function frenchFeedLinkTitles(html: string): string {
  return html.replace(
    FEED_LINK,
    (_m, start: string, title: string, kind: string, end: string) => `${start}${title} (flux ${kind})${end}`,
  );
}

async function htmlFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await htmlFiles(path)));
    else if (entry.isFile() && entry.name.endsWith(".html")) files.push(path);
  }
  return files;
}

/** After the French build, gives the feed links of its pages their French titles. */
export default function feedLinkTitlesPlugin(context: LoadContext): Plugin {
  return {
    name: "qibates-feed-link-titles",
    async postBuild({ outDir }) {
      if (context.i18n.currentLocale !== "fr") return;
      for (const file of await htmlFiles(outDir)) {
        const html = await readFile(file, "utf8");
        const french = frenchFeedLinkTitles(html);
        if (french !== html) await writeFile(file, french);
      }
    },
  };
}
