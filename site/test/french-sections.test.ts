import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { frenchGlossary } from "../glossary.fr.ts";
import { findForbidden, markdownProse } from "./glossary-check.ts";
import { FR_DOCS, listFiles, SITE } from "./site-files.ts";

const EN = join(SITE, "docs");
const FR = join(FR_DOCS, "current");

/** The level-2 headings of a page, in order. */
const headings = (source: string): string[] =>
  [...source.matchAll(/^## (.+)$/gm)].map((m) => (m[1] ?? "").trim());

describe("French section titles and quotes", () => {
  it("names the closing section of a guide one way: Next steps is « Étapes suivantes », More on … « Pour aller plus loin »", () => {
    const wrong: string[] = [];
    for (const page of listFiles(EN, /\.mdx?$/)) {
      const fr = join(FR, page);
      if (!existsSync(fr)) continue;
      const en = headings(readFileSync(join(EN, page), "utf8"));
      const frHeadings = headings(readFileSync(fr, "utf8"));
      for (const [title, french] of [
        ["Next steps", "Étapes suivantes"],
        [/^More on /, "Pour aller plus loin"],
      ] as const) {
        const inEnglish = en.some((h) => (typeof title === "string" ? h === title : title.test(h)));
        if (inEnglish !== frHeadings.includes(french)) wrong.push(`${page}: ${String(title)} / ${french}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("never nests « » inside « »: the glossary's rule finds a nested quote and accepts “ ” inside", () => {
    const found = (text: string) => findForbidden(markdownProse(text), frenchGlossary).map((f) => f.found);
    expect(found("Le message « La règle métier « AggregateData » a échoué. » s'affiche.")).toEqual([
      "« La règle métier «",
    ]);
    expect(found("Le message « La règle métier “AggregateData” a échoué. » s'affiche.")).toEqual([]);
    expect(found("**La règle métier « AggregateData » a échoué.** puis « Actualiser »")).toEqual([]);
  });

  it("keeps « connexion » for a saved connection: a login to the demo is an « ouverture de session »", () => {
    const found = (text: string) => findForbidden(markdownProse(text), frenchGlossary).map((f) => f.found);
    expect(found("Une connexion de démonstration au-delà des limites est refusée.")).toEqual([
      "connexion de démonstration",
    ]);
    expect(found("Une ouverture de session de démonstration au-delà des limites est refusée.")).toEqual([]);
  });
});
