import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_CODES } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { renderTokens } from "../src/product-values.ts";
import { FR_DOCS, listFiles, readJson, type TranslationFile } from "./site-files.ts";

/**
 * The add-in user's pages (`docs/QiBates` and their French twins) speak to a finance user: what to click, what
 * happens, what each server allows. The developer's vocabulary (API paths and calls, session ids, error codes,
 * connector ids, field names, server settings, test tools) belongs to the "Develop with the API" and "Set up and
 * administer" sections, to which a user page links. Generated blocks are read like the rest: they must not carry
 * those words either.
 */
const SITE = fileURLToPath(new URL("..", import.meta.url));
const ROOTS = {
  en: join(SITE, "docs/QiBates"),
  fr: join(SITE, "i18n/fr/docusaurus-plugin-content-docs/current/QiBates"),
} as const;

/** What a user page must not say, with the reason a reviewer reads. */
export const DEVELOPER_WORDS: readonly { pattern: RegExp; what: string }[] = [
  // The key page is a page the user opens in a browser, its address followed by a key name: not an API call.
  { pattern: /\/qibates\/api\/v2\/(?!health\b|generatekey\/[A-Za-z0-9][\w.-]*`)/, what: "an API path" },
  { pattern: /`(?:nav|action)\/[a-z]+`/, what: "an API call" },
  { pattern: /\bloginid\b/, what: "the session id of the API" },
  { pattern: /\bQB_ERR_[A-Z_]+/, what: "an error code" },
  { pattern: /`(?:essbase|essbase-stndln|ssas|planning|pbcs)`/, what: "a connector id" },
  {
    pattern: /\b(?:enableLargeCellSubmit|codeAliasParam|navigateWithoutData|missingRowSuppression)\b/,
    what: "an API field",
  },
  {
    pattern: /\b(?:ALLOWED_HOSTS|PROVIDER_CA_FILE|SESSION_IDLE_MINUTES|QIBATES_[A-Z_]+)\b/,
    what: "a server setting",
  },
  { pattern: /\bnpm start\b|\bqibates-replay\b/, what: "a command of the server or its tools" },
];

/**
 * The fixed words of the registry's messages (the parts between placeholders, 20 characters or more), in both
 * languages: a page quotes a message exactly as the user sees it, even where it would name an API field, and
 * glosses it.
 */
const MESSAGE_WORDS: readonly string[] = Object.values(ERROR_CODES)
  .flatMap((d) => [d.en, d.fr])
  .flatMap((m) => m.replace(/[[\]]/g, "").split(/\{[A-Za-z]+\}/))
  .filter((part) => part.trim().length >= 20);

/** The lines of a page that use the developer's vocabulary (outside the one link to the API's own table). */
export function developerWords(source: string): string[] {
  const found: string[] = [];
  source.split("\n").forEach((written, i) => {
    // A number written from the code reads as its value (`{{config:NAME}}` → 30).
    const raw = renderTokens(written, "en");
    // A registry message quoted as the user sees it is not the developer's vocabulary; its gloss in italics neither.
    const quotes = MESSAGE_WORDS.filter((part) => raw.includes(part));
    let line = raw;
    for (const part of quotes) line = line.split(part).join(" ");
    if (quotes.length > 0) line = line.replace(/\*[A-Za-z]+\*/g, " ");
    // The compatibility page sends developers to their table, by the health call that returns it.
    if (/\(\.\.\/develop\/capability-table\.md\)/.test(line) && /GET \/qibates\/api\/v2\/health/.test(line))
      return;
    for (const { pattern, what } of DEVELOPER_WORDS) {
      const m = pattern.exec(line);
      if (m) found.push(`${i + 1}: ${what} (${m[0]})`);
    }
  });
  return found;
}

const pages = (dir: string): string[] => listFiles(dir, /\.mdx?$/);

/**
 * The other texts a finance user reaches, beside docs/QiBates: the introduction and the documentation overview,
 * the home page, and the descriptions of the user's sidebar categories, in each language: name → text.
 */
export function otherUserTexts(locale: "en" | "fr"): Record<string, string> {
  const docs = locale === "en" ? join(SITE, "docs") : join(FR_DOCS, "current");
  const out: Record<string, string> = {};
  for (const page of ["intro.md", "index.mdx"]) out[page] = readFileSync(join(docs, page), "utf8");
  const home = readFileSync(join(SITE, "src/pages/index.tsx"), "utf8");
  const code = readJson<TranslationFile>(join(SITE, "i18n/fr/code.json"));
  if (locale === "en") {
    // The home page's English text: what its <Translate> elements and translate() calls hold.
    const texts = [
      ...home.matchAll(/<Translate[^>]*>([\s\S]*?)<\/Translate>/g),
      ...home.matchAll(/message:\s*"([^"]*)"/g),
    ].map((m) => (m[1] ?? "").replace(/\s+/g, " ").trim());
    out["src/pages/index.tsx"] = texts.join("\n");
  } else {
    out["i18n/fr/code.json (home.*)"] = Object.entries(code)
      .filter(([k]) => k.startsWith("home."))
      .map(([, v]) => v.message)
      .join("\n");
  }
  // The user's categories: their labels and descriptions (the generated index pages).
  const categories = listFiles(ROOTS.en, /^_category_\.json$/).map((f) =>
    readJson<{ key: string; label: string; link?: { description?: string } }>(join(ROOTS.en, f)),
  );
  const sidebars = readFileSync(join(SITE, "sidebars.ts"), "utf8");
  const useSection = /"use-the-add-in",[\s\S]*?"(For finance[^"]*)"/.exec(sidebars)?.[1] ?? "";
  if (locale === "en") {
    out.categories = [useSection, ...categories.flatMap((c) => [c.label, c.link?.description ?? ""])].join(
      "\n",
    );
  } else {
    const fr = readJson<TranslationFile>(join(FR_DOCS, "current.json"));
    const keys = ["use-the-add-in", ...categories.map((c) => c.key)];
    out["categories (current.json)"] = keys
      .flatMap((k) => [
        fr[`sidebar.docs.category.${k}`]?.message ?? "",
        fr[`sidebar.docs.category.${k}.link.generated-index.description`]?.message ?? "",
      ])
      .join("\n");
  }
  return out;
}

describe("the add-in user's pages", () => {
  it.each(Object.entries(ROOTS))(
    "%s: carry no API paths, calls, error codes, connector ids or server settings",
    (_, root) => {
      const errors = pages(root).flatMap((page) =>
        developerWords(readFileSync(join(root, page), "utf8")).map((e) => `${page}:${e}`),
      );
      expect(errors).toEqual([]);
    },
  );

  it.each(["en", "fr"] as const)(
    "%s: the introduction, the overview, the home page and the user's category descriptions carry none either",
    (locale) => {
      const texts = otherUserTexts(locale);
      expect(Object.keys(texts)).toHaveLength(4);
      for (const text of Object.values(texts)) expect(text.length).toBeGreaterThan(100);
      const errors = Object.entries(texts).flatMap(([name, text]) =>
        developerWords(text).map((e) => `${name}:${e}`),
      );
      expect(errors).toEqual([]);
    },
  );

  it("reads the home page's text and the categories' descriptions (the check is not vacuous)", () => {
    expect(otherUserTexts("en")["src/pages/index.tsx"]).toContain("Use the add-in");
    expect(otherUserTexts("fr")["categories (current.json)"]).toContain("Paramètres");
    expect(otherUserTexts("en").categories).toContain("For finance and planning users");
    expect(developerWords("Run `npm start`, then give your `loginid`.")).toHaveLength(2);
    expect(developerWords("Idle for {{config:SESSION_IDLE_MINUTES}} minutes.")).toEqual([]);
  });

  it("the check finds each kind of developer's word (it can fail)", () => {
    const planted = [
      "Call `POST /qibates/api/v2/action/login` first.",
      "Then `nav/listforms` lists them.",
      "Keep the loginid.",
      "It answers QB_ERR_MEMBER_UNKNOWN.",
      "With the connector `pbcs`.",
      "Set enableLargeCellSubmit.",
      "Ask for ALLOWED_HOSTS.",
      "Start it with npm start.",
    ].join("\n");
    expect(developerWords(planted)).toHaveLength(DEVELOPER_WORDS.length);
    expect(developerWords("Open **☰ › Forms Library** and type the form's name.")).toEqual([]);
    // The key page's address, as the user types it with a key name, is a page to open; the key routes are not.
    expect(
      developerWords("Type `https://qibates.example.com/qibates/api/v2/generatekey/jdoe-laptop`."),
    ).toEqual([]);
    expect(
      developerWords("Or `/qibates/api/v2/generatekey/callback?state=x` and `/qibates/api/v2/listkeys`."),
    ).toHaveLength(1);
    // A registry message quoted as the user sees it names the setting as the add-in shows it, not the API field;
    // the field beside the quote is still found.
    const quoted =
      "| The text in row …, column … of the form has … characters; a text cell holds at most 255. Shorten it, or turn on the Submit with large cell setting to submit its first 255 characters. |";
    expect(developerWords(quoted)).toEqual([]);
    expect(developerWords(`${quoted} Set enableLargeCellSubmit.`)).toHaveLength(1);
  });
});
