import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { listFiles, readJson, SITE, type TranslationFile } from "./site-files.ts";
import { extractTranslations, type LocaleTranslations } from "./write-translations.ts";

const FIX = "run `npm run write-translations -w site`, then translate the new entries in site/i18n/fr";
const committedDir = join(SITE, "i18n", "fr");
let extractedFr: LocaleTranslations;
let english: LocaleTranslations;

beforeAll(async () => {
  // Both locales at once: each is a process of its own.
  [extractedFr, english] = await Promise.all([extractTranslations("fr"), extractTranslations("en")]);
}, 180_000);

function committed(file: string): TranslationFile {
  return readJson<TranslationFile>(join(committedDir, file));
}

describe("i18n/fr translation files", () => {
  it("exist for every file the code asks for, and no other", () => {
    const committedFiles = listFiles(committedDir, /\.json$/);
    expect(committedFiles, FIX).toEqual(Object.keys(extractedFr).sort());
  });

  it("hold exactly the keys the code asks for", () => {
    for (const [file, extracted] of Object.entries(extractedFr)) {
      expect(Object.keys(committed(file)).sort(), `${file}: ${FIX}`).toEqual(Object.keys(extracted).sort());
    }
  });

  it("translate every message that is English in the code", () => {
    // Words that are spelled the same in both languages.
    const same = new Set([
      "Documentation",
      "Introduction",
      "Actions",
      "LinkedIn",
      "QiBates",
      "Versions",
      "info",
      "danger",
      "Variable",
    ]);
    const untranslated: string[] = [];
    for (const [file, messages] of Object.entries(english)) {
      const fr = committed(file);
      for (const [key, { message }] of Object.entries(messages)) {
        const translated = fr[key]?.message;
        if (
          translated === message &&
          !same.has(message) &&
          /[a-z]{3}/.test(message.replace(/\{\w+\}/g, ""))
        ) {
          untranslated.push(`${file} ${key}: "${message}"`);
        }
      }
    }
    expect(untranslated).toEqual([]);
  });

  it("label the versions in French", () => {
    expect(committed("docusaurus-plugin-content-docs/current.json")["version.label"]?.message).toBe(
      "2.x (actuelle)",
    );
    expect(committed("docusaurus-plugin-content-docs/version-1.x.json")["version.label"]?.message).toBe(
      "1.x (ancienne)",
    );
  });

  it("quote a name with « » and say « étiquette » for a tag (not \"{tagName}\", '{label}' or « tagué »)", () => {
    const wrong: string[] = [];
    for (const file of listFiles(committedDir, /\.json$/)) {
      for (const [key, { message }] of Object.entries(committed(file))) {
        if (/["'‘’“”]\{\w+\}["'‘’“”]|\btagu[ée]/u.test(message)) wrong.push(`${file} ${key}: ${message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(committed("code.json")["theme.docs.tagDocListPageTitle"]?.message).toBe(
      "{nDocsTagged} avec l'étiquette «\u00a0{tagName}\u00a0»",
    );
  });

  it("keep the spec's not-found and crash texts", () => {
    const code = committed("code.json");
    expect(code["theme.NotFound.title"]?.message).toBe("Page introuvable");
    expect(code["theme.NotFound.p2"]?.message).toMatch(/propriétaire du site.*lien est cassé/);
    expect(code["theme.ErrorPageContent.title"]?.message).toBe("Cette page a planté.");
    expect(english["code.json"]?.["theme.ErrorPageContent.title"]?.message).toBe("This page crashed.");
    expect(english["code.json"]?.["theme.ErrorPageContent.tryAgain"]?.message).toBe("Try again");
  });
});
