import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

// Reading, in a page of the site, the words of its tables that the browser breaks inside themselves.

/**
 * In the page: every word of every table cell of the article that the browser lays out on more than one line
 * at a place where its own line breaking has no break opportunity, written with a `/` at each such place
 * ("Nex/t", "Ess/ba/se"). A word is a run of characters between spaces in one text node. Its break
 * opportunities are the browser's own, without `overflow-wrap` or `word-break`: the word is laid out again,
 * in the same font, in a box of no width with those properties at `normal`, which ends a line at every
 * opportunity (after a hyphen or a dash, at a soft hyphen, and the other places of Unicode's line breaking).
 * A break anywhere else is one that CSS forced inside the word.
 *
 * Handed to `page.evaluate`, so it holds no named inner function (a bundler's name helper is not in the page).
 */
export function brokenWords(): string[] {
  const range = document.createRange();
  const found: string[] = [];
  for (const cell of document.querySelectorAll<HTMLElement>("article table th, article table td")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      // A table inside a cell has cells of its own.
      if (!parent || parent.closest("th, td") !== cell) continue;
      for (const match of node.data.matchAll(/\S+/g)) {
        const start = match.index;
        const word = match[0];
        range.setStart(node, start);
        range.setEnd(node, start + word.length);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
        if (rects.length < 2) continue;
        const lineHeight = Math.min(...rects.map((r) => r.height));
        const tops = rects.map((r) => r.top);
        if (Math.max(...tops) - Math.min(...tops) < lineHeight / 2) continue;
        // The characters that start a new line in the page, then where the browser may end a line in this word.
        const pageStarts = new Set<number>();
        let lastTop: number | undefined;
        for (let i = 0; i < word.length; i++) {
          range.setStart(node, start + i);
          range.setEnd(node, start + i + 1);
          const top = Array.from(range.getClientRects()).find((r) => r.width > 0 && r.height > 0)?.top;
          if (top === undefined) continue;
          if (lastTop !== undefined && top - lastTop > lineHeight / 2) pageStarts.add(i);
          lastTop = top;
        }
        const probe = document.createElement("span");
        probe.style.cssText =
          "display:inline-block;width:0;white-space:normal;overflow-wrap:normal;word-break:normal;" +
          "line-break:auto;hyphens:manual;position:absolute;visibility:hidden";
        probe.textContent = word;
        parent.appendChild(probe);
        const text = probe.firstChild as Text;
        const opportunities = new Set<number>();
        lastTop = undefined;
        for (let i = 0; i < word.length; i++) {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = Array.from(range.getClientRects()).find((r) => r.width > 0 && r.height > 0)?.top;
          if (top === undefined) continue;
          if (lastTop !== undefined && top - lastTop > lineHeight / 2) opportunities.add(i);
          lastTop = top;
        }
        probe.remove();
        const forced = [...pageStarts].filter((i) => !opportunities.has(i));
        if (forced.length === 0) continue;
        found.push(
          word
            .split("")
            .map((c, i) => (forced.includes(i) ? `/${c}` : c))
            .join(""),
        );
      }
    }
  }
  return found;
}

/** The widths at which the tables are read: a desktop width, the mobile breakpoint, and below it. */
export const WIDTHS = [1366, 996, 800] as const;

const SITE = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "site");

/** The user pages of a locale: every document under its QiBates folder, as the site's addresses. */
export function userPages(locale: "en" | "fr"): string[] {
  const [docsDir, prefix] =
    locale === "en" ? ["docs", ""] : ["i18n/fr/docusaurus-plugin-content-docs/current", "/fr"];
  const files = readdirSync(join(SITE, docsDir, "QiBates"), { recursive: true, encoding: "utf8" });
  return files
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => `${prefix}/docs/QiBates/${file.replace(/\.mdx?$/, "")}`)
    .sort();
}

/**
 * Runs `check` on a loaded page at each of {@link WIDTHS} in turn: the article's column is laid out by CSS, so a
 * resized page lays its tables out as one loaded at that width. A page loaded at the first width is read as it is.
 */
export async function atEachWidth<T>(page: Page, check: () => Promise<T>): Promise<Map<number, T>> {
  const found = new Map<number, T>();
  for (const width of WIDTHS) {
    const size = page.viewportSize();
    if (size?.width === width && size.height === 900) {
      found.set(width, await check());
      continue;
    }
    await page.setViewportSize({ width, height: 900 });
    // Lets the site's own resize handlers (mobile or desktop table of contents) render first.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    found.set(width, await check());
  }
  return found;
}

/** Broken words by width, as `path (count): words` lines, from each page's {@link brokenWords} at each width. */
export function brokenByWidth(found: Iterable<[string, Map<number, string[]>]>): Record<number, string[]> {
  const broken: Record<number, string[]> = Object.fromEntries(WIDTHS.map((width) => [width, []]));
  for (const [path, byWidth] of found)
    for (const [width, words] of byWidth)
      if (words.length > 0) broken[width]?.push(`${path} (${words.length}): ${words.join(" ")}`);
  return broken;
}

/**
 * The words of a loaded page's tables broken inside themselves ({@link brokenWords}) at each of {@link WIDTHS}. A page
 * whose article has no table has none to break at any width: it is not laid out again.
 */
export async function tablesAtEachWidth(page: Page): Promise<Map<number, string[]>> {
  if ((await page.locator("article table").count()) === 0) return new Map(WIDTHS.map((width) => [width, []]));
  return atEachWidth(page, () => page.evaluate(brokenWords));
}
