import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CAPABILITIES, CONNECTOR_PROFILES, ERROR_CODES } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { englishGlossary } from "../glossary.en.ts";
import { frenchGlossary } from "../glossary.fr.ts";
import { addinTables, capabilitySection, GENERATED_PAGES } from "../tools/capability-docs.ts";
import { findForbidden, markdownProse } from "./glossary-check.ts";
import { listFiles, readJson, SITE, type TranslationFile } from "./site-files.ts";

const FR = join(SITE, "i18n", "fr");
/** Release notes as published, which no rule made later may change. */
const PUBLISHED = new Set(
  Object.keys(readJson<Record<string, string>>(join(SITE, "changelog", "published.json"))),
);
const EN_DIRS = ["docs", "versioned_docs", "changelog"].map((d) => join(SITE, d));

/** What the checker finds in a page's prose, one "line text" entry each. */
const foundLines = (page: string, glossary: typeof frenchGlossary): string[] =>
  findForbidden(markdownProse(page), glossary).map((f) => `${f.line} ${f.found}`);

const report = (where: string, f: { line: number; found: string; preferred: string }): string =>
  `${where}:${f.line}: "${f.found}" → ${f.preferred}`;

describe("the glossary checker", () => {
  it("finds a forbidden variant in prose, with its line, and not in code or link targets", () => {
    const page = [
      "---",
      "title: Messages et toasts",
      "slug: /toasts",
      "---",
      "",
      "Un toast vert s'affiche en bas du panneau.",
      "",
      "Le composant `ToastFlow` et le lien [Messages](ToastFlow.md) restent tels quels.",
      "",
      "```tsx",
      '<Toast kind="success" />',
      "```",
      "",
      "1. **Accueil › QiBates**, puis ☰ › **Paramètres**.",
      "2. Changez le PDV, puis **Actualiser**.",
    ].join("\n");
    const found = foundLines(page, frenchGlossary);
    expect(found).toEqual([
      "2 toasts",
      "6 toast",
      "6 panneau",
      "14 puis ☰",
      "14 1. **Accueil ›",
      "15 puis **A",
    ]);
  });

  it("accepts the preferred wording", () => {
    const page =
      "Une notification verte s'affiche en bas du volet. Cliquez sur **Accueil › QiBates**, puis ouvrez ☰ › **Paramètres** et cliquez sur **Actualiser** : les ventes de East, « 2 terminées sur 4 ».";
    expect(findForbidden(markdownProse(page), frenchGlossary)).toEqual([]);
  });

  it("finds the domain terms' variants: Remove Only, write-back, sparse, indentation, the Connect pages' menu label", () => {
    const page = [
      "---",
      "sidebar_label: Connexion à SSAS",
      "---",
      "Conserver uniquement et Supprimer uniquement ; la réécriture d'un cube ; une dimension éparse ; l'indentation.",
      "Supprimer uniquement les fichiers Google Drive que vous utilisez ; une valeur réécrite.",
    ].join("\n");
    const found = foundLines(page, frenchGlossary);
    expect(found).toEqual([
      "2 sidebar_label: Connexion à",
      "4 Supprimer uniquement",
      "4 réécriture",
      "4 éparse",
      "4 indentation",
    ]);
  });

  it("keeps « connexion » for a saved connection: a login and the Google or Microsoft sign-in have their own words", () => {
    const page = [
      "La connexion avec Google a échoué ; aucun fournisseur de connexion.",
      "Cliquez sur **Se connecter avec Microsoft**.",
      "Revenez à l'écran de connexion.",
      "Ajoutez une connexion, puis ouvrez une session ; l'identification avec Google délivre la clé.",
    ].join("\n");
    expect(foundLines(page, frenchGlossary)).toEqual([
      "1 connexion avec Google",
      "1 fournisseur de connexion",
      "2 connecter avec Microsoft",
      "3 écran de connexion",
    ]);
  });

  it("names a snapshot with one word, but for the sentence that says what one is", () => {
    const en = [
      "A snapshot is an offline copy of a cube's outline and data.",
      "Serve the offline copies; a copy of your cube; copies of a cube. Try it on a copy of the cube first.",
    ].join("\n");
    expect(foundLines(en, englishGlossary)).toEqual([
      "2 offline copies",
      "2 copy of your cube",
      "2 copies of a cube",
    ]);
    const fr = [
      "Un instantané est une copie hors ligne de l'outline et des données d'un cube.",
      "Servir les copies hors ligne ; une copie de vos cubes ; les copies d'un cube. Essayez sur une copie du cube.",
    ].join("\n");
    expect(foundLines(fr, frenchGlossary)).toEqual([
      "2 copies hors ligne",
      "2 copie de vos cubes",
      "2 copies d'un cube",
    ]);
  });

  it("applies the English rules", () => {
    const bad =
      "The server answers with a `loginid`. Requests and answers are JSON; the call returns a grid.";
    expect(findForbidden(markdownProse(bad), englishGlossary).map((f) => f.found)).toEqual(["answers"]);
  });
});

describe("French wording follows site/glossary.fr.ts", () => {
  it("in the French text generated from the capability table (labels, reasons, tables, page blocks)", () => {
    const texts: [string, string][] = [
      ["capabilitySection", capabilitySection("fr")],
      ["addinTables", addinTables("fr")],
      ...CAPABILITIES.map((c): [string, string] => [`label ${c.id}`, c.label.fr]),
      ...Object.values(CONNECTOR_PROFILES).flatMap((p) =>
        Object.entries(p.capabilities).map(([id, s]): [string, string] => [
          `${p.connector} ${id}`,
          s?.status === "no" ? s.why.fr : (s?.realServers?.why.fr ?? ""),
        ]),
      ),
      ...GENERATED_PAGES.flatMap((p) =>
        Object.entries(p.blocks("fr")).map(([name, text]): [string, string] => [`${p.path} ${name}`, text]),
      ),
    ];
    const wrong: string[] = [];
    for (const [where, text] of texts) {
      for (const f of findForbidden(markdownProse(text), frenchGlossary)) wrong.push(report(where, f));
    }
    expect(wrong).toEqual([]);
  });

  it("in every French page (docs, versioned docs, changelog)", () => {
    const wrong: string[] = [];
    const pages = listFiles(FR, /\.mdx?$/);
    expect(pages.length).toBeGreaterThan(50);
    for (const page of pages) {
      // A published release note is never edited (site/test/release-notes.test.ts): the rules apply from the next.
      if (PUBLISHED.has(`i18n/fr/${page}`)) continue;
      const prose = markdownProse(readFileSync(join(FR, page), "utf8"));
      for (const f of findForbidden(prose, frenchGlossary)) wrong.push(report(`i18n/fr/${page}`, f));
    }
    expect(wrong).toEqual([]);
  });

  it("in the French messages and catalogue lines of the error registry", () => {
    const wrong: string[] = [];
    for (const [code, def] of Object.entries(ERROR_CODES)) {
      for (const text of [def.fr, def.whenFr]) {
        for (const f of findForbidden(text, frenchGlossary)) wrong.push(report(code, f));
      }
    }
    expect(wrong).toEqual([]);
  });

  it("in every French interface string (code.json, sidebars, navbar, footer, blog)", () => {
    const wrong: string[] = [];
    for (const file of listFiles(FR, /\.json$/)) {
      for (const [key, { message }] of Object.entries(readJson<TranslationFile>(join(FR, file)))) {
        for (const f of findForbidden(message, frenchGlossary)) wrong.push(report(`${file} ${key}`, f));
      }
    }
    expect(wrong).toEqual([]);
  });
});

it("English wording follows site/glossary.en.ts in every English page", () => {
  const wrong: string[] = [];
  for (const dir of EN_DIRS) {
    for (const page of listFiles(dir, /\.mdx?$/)) {
      if (PUBLISHED.has(join(dir, page).slice(SITE.length + 1))) continue;
      const prose = markdownProse(readFileSync(join(dir, page), "utf8"));
      for (const f of findForbidden(prose, englishGlossary))
        wrong.push(report(join(dir, page).slice(SITE.length + 1), f));
    }
  }
  expect(wrong).toEqual([]);
});

it("English wording follows site/glossary.en.ts in the English text generated from code (matrix, capability reasons, error messages)", () => {
  const texts: [string, string][] = [
    ["addinTables", addinTables("en")],
    ["capabilitySection", capabilitySection("en")],
    ...Object.values(CONNECTOR_PROFILES).flatMap((p) =>
      Object.entries(p.capabilities).flatMap(([id, s]): [string, string][] => [
        ...(s.status === "no" ? [[`${p.connector} ${id}`, s.why.en] as [string, string]] : []),
        ...(s.status === "yes" && s.realServers
          ? [[`${p.connector} ${id}`, s.realServers.why.en] as [string, string]]
          : []),
      ]),
    ),
    ...Object.entries(ERROR_CODES).map(([code, e]): [string, string] => [code, `${e.en} ${e.when}`]),
  ];
  const wrong: string[] = [];
  for (const [where, text] of texts)
    for (const f of findForbidden(text, englishGlossary)) wrong.push(report(where, f));
  expect(wrong).toEqual([]);
});
