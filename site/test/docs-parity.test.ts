import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FR_DOCS, listFiles, SITE } from "./site-files.ts";

// Each English source folder and its French twin.
const PAIRS = [
  { en: join(SITE, "docs"), fr: join(FR_DOCS, "current") },
  { en: join(SITE, "versioned_docs", "version-1.x"), fr: join(FR_DOCS, "version-1.x") },
  { en: join(SITE, "changelog"), fr: join(SITE, "i18n", "fr", "docusaurus-plugin-content-blog") },
];

/** The markdown body without front matter and fenced code. */
function body(source: string): string {
  return source.replace(/^---\n[\s\S]*?\n---\n/, "").replace(/^(```|~~~)[\s\S]*?^\1/gm, "");
}

/** The h2/h3 outline of a page as levels, e.g. ["h2", "h3", "h2"]. */
function outline(source: string): string[] {
  return [...body(source).matchAll(/^(#{2,3}) \S/gm)].map((m) => `h${m[1]?.length}`);
}

/**
 * The list items that start with a bold label (`- **Essbase 21c**: …`, `1. **You name the rule**: …`), in order:
 * for each, where it stands (the h2/h3 it is under, its indent and its kind of list) and its label.
 */
function boldItems(source: string): { at: string; label: string }[] {
  const items: { at: string; label: string }[] = [];
  let heading = 0;
  for (const line of body(source).split("\n")) {
    if (/^#{2,3} \S/.test(line)) heading++;
    const m = /^(\s*)([-*+]|\d+\.)\s+\*\*(.+?)\*\*/.exec(line);
    if (m) {
      const kind = /\d/.test(m[2] ?? "") ? "1." : "-";
      items.push({ at: `${heading}:${m[1]?.length ?? 0}:${kind}`, label: (m[3] ?? "").replace(/\s*:$/, "") });
    }
  }
  return items;
}

/**
 * How two twins' bold-labelled list items differ: a different count, place or order of the items, or a label
 * written the same in both languages (a product name: `Essbase 21c`, `SSAS`) in another order. `undefined` when
 * they agree; translated labels are fine.
 */
function boldItemsDiffer(enSource: string, frSource: string): string | undefined {
  const a = boldItems(enSource);
  const b = boldItems(frSource);
  const where = (items: { at: string }[]) => items.map((i) => i.at).join(" ");
  if (a.length !== b.length || where(a) !== where(b)) {
    return `${a.length} items (${a.map((i) => i.label).join(", ")}) vs ${b.length} (${b.map((i) => i.label).join(", ")})`;
  }
  const enLabels = new Set(a.map((i) => i.label));
  const frLabels = new Set(b.map((i) => i.label));
  const sharedEn = a.map((i) => i.label).filter((l) => frLabels.has(l));
  const sharedFr = b.map((i) => i.label).filter((l) => enLabels.has(l));
  if (sharedEn.join("\n") !== sharedFr.join("\n"))
    return `order ${sharedEn.join(", ")} vs ${sharedFr.join(", ")}`;
  return undefined;
}

const EN_WORDS = new Set(
  "the and of to is are you your with for this that from when which can be it on in by or an as not will".split(
    " ",
  ),
);
const FR_WORDS = new Set(
  "le la les des du de et est sont vous votre avec pour ce cette qui que dans un une par sur au aux ne pas se".split(
    " ",
  ),
);

/** Paragraphs of running text (not code, tables, headings, imports or JSX). */
function paragraphs(source: string): string[] {
  return body(source)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0 && !/^(#|\||import |export |<|:::|!\[)/.test(p));
}

/** True when a paragraph reads as English rather than French (function-word count). */
function looksEnglish(paragraph: string): boolean {
  const words = paragraph
    .replace(/`[^`]*`/g, " ")
    .replace(/\]\([^)]*\)/g, "]")
    .toLowerCase()
    .split(/[^a-zàâçéèêëîïôûùüÿœæ']+/)
    .filter(Boolean);
  if (words.length < 8) return false;
  const en = words.filter((w) => EN_WORDS.has(w)).length;
  const fr = words.filter((w) => FR_WORDS.has(w)).length;
  return en >= 3 && en > fr;
}

describe.each(PAIRS)("$en and its French twin", ({ en, fr }) => {
  const pages = listFiles(en, /\.mdx?$/);

  it("has French pages", () => {
    expect(pages.length).toBeGreaterThan(0);
  });

  it("every English page has a French twin, and every French page an English original", () => {
    const missing = pages.filter((p) => !existsSync(join(fr, p)));
    const orphans = listFiles(fr, /\.mdx?$/).filter((p) => !existsSync(join(en, p)));
    expect({ missing, orphans }).toEqual({ missing: [], orphans: [] });
  });

  it("twins have the same h2/h3 outline", () => {
    const differ = pages
      .filter((p) => existsSync(join(fr, p)))
      .filter((p) => {
        const a = outline(readFileSync(join(en, p), "utf8"));
        const b = outline(readFileSync(join(fr, p), "utf8"));
        return a.join() !== b.join();
      });
    expect(differ).toEqual([]);
  });

  it("twins have the same list items with a bold label, in the same order", () => {
    const differ = pages
      .filter((p) => existsSync(join(fr, p)))
      .map((p) => {
        const why = boldItemsDiffer(readFileSync(join(en, p), "utf8"), readFileSync(join(fr, p), "utf8"));
        return why ? `${p}: ${why}` : undefined;
      })
      .filter(Boolean);
    expect(differ).toEqual([]);
  });

  it("no French page keeps an English paragraph", () => {
    const english: string[] = [];
    for (const p of listFiles(fr, /\.mdx?$/)) {
      for (const paragraph of paragraphs(readFileSync(join(fr, p), "utf8"))) {
        if (looksEnglish(paragraph)) english.push(`${p}: ${paragraph.slice(0, 80)}`);
      }
    }
    expect(english).toEqual([]);
  });
});

it("the English detector tells the two languages apart", () => {
  expect(looksEnglish("Select the member cells, then click Zoom In in the action bar of the panel.")).toBe(
    true,
  );
  expect(
    looksEnglish(
      "Sélectionnez les cellules de membre, puis cliquez sur Zoom avant dans la barre du panneau.",
    ),
  ).toBe(false);
});

describe("the bold-label check fails on a planted page", () => {
  // Login's "Which user name" section: one bullet per product (Notifications now compares its servers in a table).
  const page = join("QiBates", "understanding-the-app", "understanding-essbase-ssas", "Login.md");
  const en = readFileSync(join(SITE, "docs", page), "utf8");
  const fr = readFileSync(join(FR_DOCS, "current", page), "utf8");

  it("passes on the real twins", () => {
    expect(boldItemsDiffer(en, fr)).toBeUndefined();
  });

  it("an Essbase 21c bullet merged into the Essbase 11.x bullet (the regression of commit 8004d838)", () => {
    const merged = fr.replace(/\.\n- \*\*Essbase 21c\*\* :/, ". :");
    expect(merged).not.toBe(fr);
    expect(boldItemsDiffer(en, merged)).toMatch(/Essbase 21c/);
  });

  it("two product bullets swapped, or a bullet moved under another heading", () => {
    const lines = fr.split("\n");
    const i = lines.findIndex((l) => l.startsWith("- **Essbase 11.x**"));
    const j = lines.findIndex((l) => l.startsWith("- **SSAS**"));
    const swapped = [...lines];
    [swapped[i], swapped[j]] = [lines[j] ?? "", lines[i] ?? ""];
    expect(boldItemsDiffer(en, swapped.join("\n"))).toMatch(/order/);
    expect(boldItemsDiffer(en, fr.replace("\n## Quel nom d'utilisateur\n", "\n"))).toBeDefined();
  });
});
