import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PANE_W, type ScreenEntry, writeScreens } from "../scripts/screen-pictures.ts";
import { frenchTypography } from "../src/plugins/french-typography.ts";
import {
  type Field,
  type Locale,
  SCREEN_PAGES_OUTSIDE_UNDERSTANDING,
  SCREENS,
  type ScreenDescription,
  type Text,
} from "../src/screens/screens.ts";
import { FR_DOCS, listFiles, SITE } from "./site-files.ts";

/**
 * The add-in's screens are drawn from one description each (src/screens/screens.ts). A page that documents a
 * screen shows it, in both languages, where it describes it; the labels the page quotes in bold there are the
 * description's, and the description's labels are the page's words: the text and the picture cannot disagree.
 */

const ROOTS: Record<Locale, string> = {
  en: join(SITE, "docs/QiBates"),
  fr: join(FR_DOCS, "current/QiBates"),
};
const LOCALES: readonly Locale[] = ["en", "fr"];

/** The pages that document a screen: every page under understanding-the-app, and the listed ones. */
const SCREEN_PAGES: string[] = [
  ...listFiles(join(ROOTS.en, "understanding-the-app"), /\.mdx?$/).map(
    (f) => `understanding-the-app/${f.replace(/\.mdx?$/, "")}`,
  ),
  ...SCREEN_PAGES_OUTSIDE_UNDERSTANDING,
];

const source = (page: string, locale: Locale): string =>
  readFileSync(join(ROOTS[locale], `${page}.md`), "utf8");

/** The screens a page's source shows, in order. */
const shown = (src: string): string[] =>
  [...src.matchAll(/<ScreenPicture screen="([^"]+)" \/>/g)].map((m) => m[1] ?? "");

/** The section of a page that holds its first picture: from the heading before it to the next heading. */
function pictureSection(src: string): string {
  const body = src.replace(/^---\n[\s\S]*?\n---\n/, "");
  const at = body.indexOf("<ScreenPicture");
  const start = body.lastIndexOf("\n#", at);
  const next = body.slice(at).search(/\n#{1,2} /);
  return (
    body
      .slice(Math.max(start, 0), next < 0 ? undefined : at + next)
      // Generated blocks are the capability table's, not the page's description of the screen.
      .replace(/\{\/\* generated:([\w-]+)[\s\S]*?\{\/\* end generated:\1 \*\/\}/g, "")
  );
}

/** What a page quotes in bold, menu paths cut to their last step ("☰ › Connections" → "Connections"). */
const bold = (text: string): string[] =>
  [...text.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => (m[1] ?? "").split(" › ").pop()?.trim() ?? "");

const say = (text: Text | undefined, locale: Locale): string => text?.[locale] ?? "";

/** Every word a screen's description puts on the screen: title, labels, values, choices, lines and buttons. */
function screenWords(screen: ScreenDescription, locale: Locale): string[] {
  const out = [say(screen.title, locale)];
  for (const f of screen.fields) {
    out.push(say(f.label, locale), say(f.value, locale), ...(f.options ?? []).map((o) => say(o, locale)));
    for (const item of f.items ?? []) {
      out.push(say(item.text, locale), ...(item.actions ?? []).map((a) => say(a, locale)));
    }
  }
  return out.filter(Boolean);
}

/** The labels a description names a field by (a message's label is its text, quoted by the pages elsewhere). */
function fieldLabels(screen: ScreenDescription, locale: Locale): string[] {
  const menu = screen.title.en === "☰";
  return screen.fields.flatMap((f: Field) => [
    ...(f.kind === "message" || (menu && f.kind === "list") ? [] : [say(f.label, locale)]),
    ...(f.kind === "tabs" || menu ? (f.items ?? []).map((i) => say(i.text, locale)) : []),
    ...(f.items ?? []).flatMap((i) => (i.actions ?? []).map((a) => say(a, locale))),
  ]);
}

/**
 * Bold words in a picture's section that are not a label of the screen: where the page names something else there
 * (an idea, a server, a ribbon command). Each is listed with the page, so a new bold label must be in the
 * description or added here on purpose.
 */
const NOT_SCREEN_LABELS: Record<string, Record<Locale, string[]>> = {
  // Concepts the view's text explains, not words on the screen.
  "understanding-the-app/understanding-planning-pbcs/Applications": {
    en: ["plan types", "Revenue Plan"],
    fr: ["types de plan", "Revenue Plan"],
  },
  // The Export tab is described in words; the picture shows the Import tab.
  "understanding-the-app/understanding-essbase-ssas/DataIntegration": {
    en: ["Skip missing cells"],
    fr: ["Ignorer les cellules manquantes"],
  },
  // What Task Lists shows on a company's server, in a table cell.
  "understanding-the-app/understanding-planning-pbcs/BurgerMenu": {
    en: ["Run a rule by name"],
    fr: ["Lancer une règle par son nom"],
  },
  // The two kinds of POV member, as the Planning web interface names them.
  "understanding-the-app/understanding-planning-pbcs/Pov": {
    en: ["Fixed POV", "Page"],
    fr: ["PDV fixe", "Page"],
  },
  // The settings of the sheet, shown on the Essbase Settings page's picture.
  "understanding-the-app/understanding-planning-pbcs/Settings": {
    en: ["sheet settings"],
    fr: ["paramètres de feuille"],
  },
  // The colours' names and the servers of a list's lead-ins.
  "understanding-the-app/understanding-planning-pbcs/ToastFlow": {
    en: ["green", "amber", "red", "On your company's Planning or PBCS server", "On the demo server"],
    fr: [
      "vertes",
      "orange",
      "rouges",
      "Sur le serveur Planning ou PBCS de votre entreprise",
      "Sur le serveur de démonstration",
    ],
  },
  // Excel's and Google Sheets' own menus, and the screens that come after activation (their pages show them).
  "activation/First-launch": {
    en: ["Home › QiBates", "Extensions › QiBates › Open QiBates", "Log in"],
    fr: ["Accueil › QiBates", "Extensions › QiBates › Ouvrir QiBates", "Se connecter"],
  },
};

const dir = mkdtempSync(join(tmpdir(), "qb-screens-"));
const manifest: Record<string, ScreenEntry> = writeScreens(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const svgOf = (id: string, locale: Locale): string => readFileSync(join(dir, `${id}.${locale}.svg`), "utf8");

const unxml = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("the pages that document a screen", () => {
  it("are every page of understanding-the-app and the listed ones, each listed by a screen", () => {
    expect(SCREEN_PAGES.length).toBeGreaterThanOrEqual(20);
    const listed = new Set(SCREENS.flatMap((s) => s.pages));
    expect(SCREEN_PAGES.filter((p) => !listed.has(p))).toEqual([]);
  });

  describe.each(LOCALES)("in %s", (locale) => {
    it.each(SCREEN_PAGES)("%s shows exactly the screens that list it", (page) => {
      const expected = SCREENS.filter((s) => s.pages.includes(page)).map((s) => s.id);
      expect(shown(source(page, locale))).toEqual(expected);
    });

    it.each(SCREEN_PAGES.filter((p) => p.startsWith("understanding-the-app/")))(
      "%s shows its screen under its first section, What you see",
      (page) => {
        const heading = locale === "en" ? "## What you see" : "## Ce que vous voyez";
        expect(pictureSection(source(page, locale)).trimStart().startsWith(heading)).toBe(true);
      },
    );

    it.each(SCREEN_PAGES)(
      "%s quotes in bold, where it shows the screen, only the screen's labels",
      (page) => {
        const screens = SCREENS.filter((s) => s.pages.includes(page));
        // Compared in lower case: running text writes « la barre de PDV » for the pane's "Barre de PDV".
        const words = new Set(screens.flatMap((s) => screenWords(s, locale)).map((w) => w.toLowerCase()));
        // The pane's other screens, by their titles: a page may say where a button leads.
        for (const s of SCREENS) words.add(say(s.title, locale).toLowerCase());
        const exempt = new Set(NOT_SCREEN_LABELS[page]?.[locale] ?? []);
        const section = pictureSection(source(page, locale));
        const unknown = bold(section).filter(
          (b) => !words.has(b.toLowerCase()) && !exempt.has(b) && !exempt.has(fullPath(section, b)),
        );
        expect(unknown).toEqual([]);
      },
    );
  });

  it("keep the exemptions to bold words their pages still quote", () => {
    for (const [page, byLocale] of Object.entries(NOT_SCREEN_LABELS)) {
      for (const locale of LOCALES) {
        const quoted = [...pictureSection(source(page, locale)).matchAll(/\*\*([^*]+)\*\*/g)].map(
          (m) => m[1],
        );
        for (const word of byLocale[locale]) expect(quoted, `${page} (${locale}): ${word}`).toContain(word);
      }
    }
  });
});

/** A bold menu path as the page writes it, for the exemptions ("Home › QiBates"). */
function fullPath(section: string, last: string): string {
  return (
    [...section.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1] ?? "").find((b) => b.endsWith(` › ${last}`)) ??
    last
  );
}

describe.each(SCREENS.map((s) => [s.id, s] as const))("the screen %s", (_id, screen) => {
  it.each(LOCALES)("names its fields with words its pages use (%s)", (locale) => {
    const pages = screen.pages.map((p) => source(p, locale).toLowerCase());
    const missing = fieldLabels(screen, locale).filter(
      (l) => !pages.some((src) => src.includes(l.toLowerCase())),
    );
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)("is drawn with its title, description, alt text and caption (%s)", (locale) => {
    const svg = svgOf(screen.id, locale);
    const entry = manifest[screen.id]?.locales[locale];
    expect(entry?.src).toBe(`/img/screens/${screen.id}.${locale}.svg`);
    expect(svg).toMatch(new RegExp(`^<svg [^>]*role="img"[^>]*lang="${locale}"`));
    const title = unxml(/<title id="title">([^<]+)<\/title>/.exec(svg)?.[1] ?? "");
    const desc = unxml(/<desc id="desc">([^<]+)<\/desc>/.exec(svg)?.[1] ?? "");
    expect(title).toBe(entry?.caption);
    expect(desc).toBe(entry?.alt);
    // The alt text names every field of the screen, in the pane's order.
    let from = 0;
    for (const label of fieldLabels(screen, locale)) {
      const at = desc.indexOf(locale === "fr" ? frenchTypography(label) : label, from);
      expect(at, `${label} in "${desc}"`).toBeGreaterThanOrEqual(0);
      from = at;
    }
    // Nothing outside the picture: no image, font or link of its own; the pane's width.
    expect(svg).not.toMatch(/<image|@import|@font-face|href=/);
    expect(entry?.width).toBe(PANE_W);
  });

  it.each(LOCALES)("draws each field's label as text, in the description's order (%s)", (locale) => {
    const svg = svgOf(screen.id, locale);
    const drawn = [...svg.matchAll(/<g data-kind="[^"]+" data-label="([^"]*)">/g)].map((m) =>
      unxml(m[1] ?? ""),
    );
    const expected = screen.fields.map((f) => (locale === "fr" ? frenchTypography(f.label.fr) : f.label.en));
    expect(drawn).toEqual(expected);
    const texts = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => unxml(m[1] ?? ""));
    // The title whole, and no longer than the pane (14 px bold, about 8.2 px a character, after the ☰).
    const title = locale === "fr" ? frenchTypography(screen.title.fr) : screen.title.en;
    expect(texts).toContain(title);
    expect(34 + 8.2 * title.length).toBeLessThanOrEqual(PANE_W - 12);
  });

  it("in French, uses French typography in its texts, alt text and caption, and differs from English", () => {
    const svg = svgOf(screen.id, "fr");
    const texts = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => unxml(m[1] ?? ""));
    const entry = manifest[screen.id]?.locales;
    for (const text of [...texts, entry?.fr.alt ?? "", entry?.fr.caption ?? ""]) {
      expect(text).not.toMatch(/ [;:!?»]|« |"/);
      expect(text).toBe(frenchTypography(text));
    }
    expect(entry?.fr.alt).not.toBe(entry?.en.alt);
    expect(entry?.fr.caption).not.toBe(entry?.en.caption);
  });
});
