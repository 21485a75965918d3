// A page's title, sidebar label and description come from its front matter, which is YAML: there an unquoted
// " #" starts a comment, so « title: Libellé #Missing » gave the French page the tab title and sidebar entry
// « Libellé », and two descriptions (search, category cards, link previews) stopped at « du libellé ».
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { FR_DOCS, listFiles, SITE } from "./site-files.ts";

const ROOTS = [
  join(SITE, "docs"),
  join(FR_DOCS, "current"),
  join(SITE, "changelog"),
  join(SITE, "i18n/fr/docusaurus-plugin-content-blog"),
];

const SHOWN = ["title", "sidebar_label", "description", "pagination_label"] as const;

function frontMatterOf(path: string): { raw: string; data: Record<string, unknown> } | null {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(readFileSync(path, "utf8"));
  if (!m?.[1]) return null;
  return { raw: m[1], data: (parse(m[1]) ?? {}) as Record<string, unknown> };
}

/** The value a writer typed after `key:` on one line, without its quotes. */
function typed(raw: string, key: string): string | undefined {
  const line = new RegExp(`^${key}:[ \\t]*(.+)$`, "m").exec(raw)?.[1]?.trim();
  if (!line || /^[|>]/.test(line)) return undefined;
  const quoted = /^(["'])(.*)\1$/.exec(line);
  return quoted?.[2] ?? line;
}

describe("front matter of every page (en and fr)", () => {
  const pages = ROOTS.flatMap((root) => listFiles(root, /\.mdx?$/).map((f) => join(root, f)));

  it("finds the pages", () => {
    expect(pages.length).toBeGreaterThan(100);
  });

  it("keeps the whole title, sidebar label and description a writer typed (no text lost to a YAML comment)", () => {
    const cut: string[] = [];
    for (const path of pages) {
      const fm = frontMatterOf(path);
      if (!fm) continue;
      for (const key of SHOWN) {
        const written = typed(fm.raw, key);
        const value = fm.data[key];
        if (written === undefined || typeof value !== "string") continue;
        if (written.includes(" #") && value.length < written.length)
          cut.push(`${path.slice(SITE.length + 1)}: ${key} reads "${value}", typed "${written}"`);
      }
    }
    expect(cut).toEqual([]);
  });

  it("names the French Missing label page « Libellé #Missing »", () => {
    const fm = frontMatterOf(join(FR_DOCS, "current/QiBates/features/settings/MissingLabel.md"));
    expect(fm?.data.title).toBe("Libellé #Missing");
    expect(fm?.data.sidebar_label).toBe("Libellé #Missing");
  });
});
