import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addinLabels, englishGlossary } from "../glossary.en.ts";
import { frenchGlossary } from "../glossary.fr.ts";
import { FEATURE_ROWS, VERDICT_WORDS } from "../tools/feature-matrix.ts";
import { findForbidden } from "./glossary-check.ts";
import { FR_DOCS, listFiles, readJson, SITE, type TranslationFile } from "./site-files.ts";

const DOCS = { en: join(SITE, "docs/QiBates"), fr: join(FR_DOCS, "current/QiBates") } as const;

/** A front-matter field of a page. */
function field(path: string, name: string): string | undefined {
  const m = new RegExp(`^${name}: (.*)$`, "m").exec(readFileSync(path, "utf8"));
  return m?.[1]?.replace(/^["']|["']$/g, "").trim();
}

/** The user's sidebar categories: English label and description, French from current.json. */
function categories(): { key: string; en: string; fr: string }[] {
  const fr = readJson<TranslationFile>(join(FR_DOCS, "current.json"));
  const fromFiles = listFiles(DOCS.en, /^_category_\.json$/).map((f) =>
    readJson<{ key: string; label: string; link?: { description?: string } }>(join(DOCS.en, f)),
  );
  return fromFiles.map((c) => ({
    key: c.key,
    en: `${c.label}\n${c.link?.description ?? ""}`,
    fr: `${fr[`sidebar.docs.category.${c.key}`]?.message ?? ""}\n${fr[`sidebar.docs.category.${c.key}.link.generated-index.description`]?.message ?? ""}`,
  }));
}

describe("the glossaries cover", () => {
  it("the add-in's labels: every setting has one, the title and sidebar label of its page in each language", () => {
    const settings = listFiles(join(DOCS.en, "features/settings"), /\.md$/).map(
      (f) => `features/settings/${f}`,
    );
    expect(addinLabels.map((l) => l.page)).toEqual(expect.arrayContaining(settings));
    for (const label of addinLabels) {
      for (const locale of ["en", "fr"] as const) {
        const page = join(DOCS[locale], label.page);
        expect(field(page, "title"), `${locale} ${label.page}`).toBe(label[locale]);
        const sidebar = field(page, "sidebar_label");
        if (sidebar)
          expect(
            label[locale].startsWith(sidebar) || sidebar === label[locale],
            `${locale} ${label.page} sidebar`,
          ).toBe(true);
      }
    }
  });

  it("the add-in's labels in the feature matrix: a row of a labelled page starts with its label", () => {
    for (const row of FEATURE_ROWS) {
      const label = addinLabels.find((l) => l.page === row.page);
      if (!label) continue;
      expect(row.label.en.startsWith(label.en), row.label.en).toBe(true);
      expect(row.label.fr.startsWith(label.fr), row.label.fr).toBe(true);
    }
  });

  it("the verdict words of the compatibility matrix, in each language", () => {
    for (const word of Object.values(VERDICT_WORDS.en)) {
      expect(
        englishGlossary.some((r) => r.preferred.includes(word)),
        word,
      ).toBe(true);
    }
    for (const word of Object.values(VERDICT_WORDS.fr)) {
      expect(
        frenchGlossary.some((r) => r.preferred.includes(word)),
        word,
      ).toBe(true);
    }
  });

  it("the sidebar categories' labels and descriptions, in each language", () => {
    const cats = categories();
    expect(cats.length).toBeGreaterThanOrEqual(8);
    const wrong = cats.flatMap((c) => [
      ...findForbidden(c.en, englishGlossary).map((f) => `en ${c.key}: "${f.found}" → ${f.preferred}`),
      ...findForbidden(c.fr, frenchGlossary).map((f) => `fr ${c.key}: "${f.found}" → ${f.preferred}`),
    ]);
    expect(wrong).toEqual([]);
    // Each has its French description.
    for (const c of cats) expect(c.fr.split("\n")[1]?.length ?? 0, c.key).toBeGreaterThan(40);
  });

  it("the checks fail on a planted variant (they are not vacuous)", () => {
    expect(
      findForbidden("A tour of the QiBates panel; open Member selection.", englishGlossary),
    ).toHaveLength(2);
    expect(findForbidden("The server rejected the cell.", englishGlossary)).toHaveLength(1);
    expect(findForbidden("The provider rejected the user name or password.", englishGlossary)).toEqual([]);
    expect(findForbidden("Missing and zero suppression.", englishGlossary).length).toBeGreaterThan(0);
    expect(findForbidden("La cellule est rejetée en mode démo.", frenchGlossary)).toHaveLength(2);
    expect(findForbidden("La cellule est refusée en mode démonstration.", frenchGlossary)).toEqual([]);
  });
});
