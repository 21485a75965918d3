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

/** The pages of a folder of docs/QiBates, without `.md`. */
const pagesUnder = (folder: string): string[] =>
  listFiles(join(ROOTS.en, folder), /\.mdx?$/).map((f) => `${folder}/${f.replace(/\.mdx?$/, "")}`);

/**
 * The pages that document a screen: every page under understanding-the-app, every setting's page (each shows its
 * section of the Settings screen), and the listed ones.
 */
const SCREEN_PAGES: string[] = [
  ...new Set([
    ...pagesUnder("understanding-the-app"),
    ...pagesUnder("features/settings"),
    ...SCREEN_PAGES_OUTSIDE_UNDERSTANDING,
  ]),
];

const source = (page: string, locale: Locale): string =>
  readFileSync(join(ROOTS[locale], `${page}.md`), "utf8");

/** The screens a page's source shows, in order. */
const shown = (src: string): string[] =>
  [...src.matchAll(/<ScreenPicture screen="([^"]+)" \/>/g)].map((m) => m[1] ?? "");

/** A page's text without its front matter, imports and generated blocks (the capability table's, not the page's). */
function bodyOf(src: string): string {
  return src
    .replace(/^---\n[\s\S]*?\n---\n/, "")
    .replace(/^import .*$/gm, "")
    .replace(/\{\/\* generated:([\w-]+)[\s\S]*?\{\/\* end generated:\1 \*\/\}/g, "");
}

/** The first heading of a page's sections (`## …`), or undefined. */
const firstSection = (src: string): string | undefined => /^## .*$/m.exec(bodyOf(src))?.[0];

/**
 * Where a page describes the screen it shows: on the pages of understanding-the-app, their first section, What you
 * see; on the others, their opening (title, sentences and picture, up to their first section).
 */
function pictureSection(src: string): string {
  const sections = bodyOf(src).split(/^(?=## )/m);
  const seen = sections.find((section) => /^## (What you see|Ce que vous voyez)\b/.test(section));
  return seen ?? sections[0] ?? "";
}

/**
 * The blocks of a page's opening, between its title and its first section, as the reader meets them: a paragraph,
 * a picture, the "Works on" line. Blank lines separate blocks; consecutive pictures are one block.
 */
function openingBlocks(src: string): string[] {
  const source = src.replace(/^---\n[\s\S]*?\n---\n/, "").replace(/^import .*$/gm, "");
  const title = source.search(/^# /m);
  const rest = source.slice(title).split("\n").slice(1).join("\n");
  const end = rest.search(/^## /m);
  return (end < 0 ? rest : rest.slice(0, end))
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter((b) => b && !/^\{\/\*.*\*\/\}$/s.test(b));
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
    ...(f.kind === "message" || f.kind === "paragraph" || (menu && f.kind === "list")
      ? []
      : [say(f.label, locale)]),
    ...(f.kind === "tabs" || menu ? (f.items ?? []).map((i) => say(i.text, locale)) : []),
    ...(f.items ?? []).flatMap((i) => (i.actions ?? []).map((a) => say(a, locale))),
  ]);
}

/**
 * The labels a screen's pages must use. A setting's page shows its section of the Settings screen with that setting
 * highlighted: the page names the section and the setting; the section's other settings have their own pages.
 */
function pageLabels(screen: ScreenDescription, locale: Locale): string[] {
  if (!screen.fields.some((f) => f.highlighted)) return fieldLabels(screen, locale);
  return fieldLabels(
    { ...screen, fields: screen.fields.filter((f) => f.highlighted || f.kind === "group") },
    locale,
  );
}

/**
 * Bold words in a picture's section that are not a label of the screen: where the page names something else there
 * (an idea, a server, a ribbon command). Each is listed with the page, so a new bold label must be in the
 * description or added here on purpose.
 */
const NOT_SCREEN_LABELS: Record<string, Record<Locale, string[]>> = {
  // The Export tab is described in words; the picture shows the Import tab.
  "understanding-the-app/understanding-essbase-ssas/DataIntegration": {
    en: ["Skip missing cells"],
    fr: ["Ignorer les cellules manquantes"],
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
  // The Planning preferences, a section of the Planning Settings screen (its page shows it).
  "features/settings/MissingLabel": {
    en: ["Settings › Planning preferences"],
    fr: ["Paramètres › Préférences Planning"],
  },
  "features/settings/MissingSuppression": {
    en: ["Suppress missing rows", "Suppress missing columns", "Settings › Planning preferences"],
    fr: [
      "Supprimer les lignes manquantes du formulaire",
      "Supprimer les colonnes manquantes du formulaire",
      "Paramètres › Préférences Planning",
    ],
  },
  // What the setting does in the grid, not words of the pane.
  "features/settings/MissingZero": { en: ["never submitted"], fr: ["jamais soumis"] },
  "features/settings/UnknownMemberIndication": {
    en: ["red border", "comment"],
    fr: ["bordure rouge", "commentaire"],
  },
  // The command that reads the data, in the action bar.
  "features/settings/NavigationWithoutData": { en: ["Refresh"], fr: ["Actualiser"] },
  // What the page opens: a form, the idea.
  "features/actions/OpenForm": { en: ["form"], fr: ["formulaire"] },
  // The idea the page defines, before its picture.
  "features/features/POV": { en: ["point of view"], fr: ["point de vue"] },
  // The command of the action bar that the notification answers.
  "features/actions/SubmitForm": { en: ["Submit"], fr: ["Soumettre"] },
  // The ideas the page defines, not words of the pane.
  "features/actions/TaskLists": { en: ["task list", "task"], fr: ["liste de tâches", "tâche"] },
};

/**
 * Pages whose screen an outside reading found documented but not drawn, with the screens they must show: the
 * description's list of pages could lose one of them without any other test noticing.
 */
const MUST_SHOW: Record<string, string[]> = {
  "activation/First-launch": ["key-page", "activation"],
  "features/features/POV": ["pov-adhoc"],
  "features/actions/SubmitForm": ["submit-form-details"],
  // What a user of a company's Planning or PBCS server meets: Task Lists with only Run a rule by name, and its dialog.
  "features/actions/TaskLists": ["task-lists-company", "task-lists"],
  "features/actions/RunRule": ["run-rule-by-name"],
};

/**
 * The server's key page, loaded when the tests run: its module's types belong to the server's project (its Fastify
 * declarations), which the site's typecheck does not include.
 */
const CHOOSER = "../../packages/server/src/oauth/chooser.ts";
const { chooserPage } = (await import(/* @vite-ignore */ CHOOSER)) as {
  chooserPage: (keyName: string, providers: readonly string[], acceptLanguage: string | undefined) => string;
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
    it.each(Object.entries(MUST_SHOW))("%s shows its screens %j", (page, ids) => {
      expect(SCREEN_PAGES).toContain(page);
      const shownThere = shown(source(page, locale));
      for (const id of ids) {
        expect(SCREENS.find((s) => s.id === id)?.pages).toContain(page);
        expect(shownThere).toContain(id);
      }
    });

    it.each(SCREEN_PAGES)("%s shows exactly the screens that list it", (page) => {
      const expected = SCREENS.filter((s) => s.pages.includes(page)).map((s) => s.id);
      expect(shown(source(page, locale))).toEqual(expected);
    });

    it.each(SCREEN_PAGES)(
      "%s shows each screen right under its first paragraph or at the steps that use it",
      (page) => {
        const src = source(page, locale);
        const blocks = openingBlocks(src);
        // The page template: one or two sentences, then the pictures (a screen, the grid where the page has one),
        // then "Works on" and the rest. A screen that belongs to one task stands instead in that task's section,
        // at its steps, which name the screen's labels in bold: the reader meets it where they use it.
        expect(blocks[0]).toMatch(/^[^<{#|*-]|^\*\*[^*]+\*\* /);
        const lead: string[] = [];
        for (const block of blocks.slice(1)) {
          if (!/^<(ScreenPicture|GridPictures) /.test(block)) break;
          lead.push(block);
        }
        const atTop = shown(lead.join("\n"));
        const sections = bodyOf(src)
          .split(/^(?=## )/m)
          .slice(1);
        const misplaced: string[] = [];
        for (const id of shown(src).filter((s) => !atTop.includes(s))) {
          const screen = SCREENS.find((s) => s.id === id);
          const section = sections.find((s) => shown(s).includes(id)) ?? "";
          const labels = new Set(
            [...(screen ? fieldLabels(screen, locale) : []), say(screen?.title, locale)].map((l) =>
              l.toLowerCase(),
            ),
          );
          if (!bold(section).some((b) => labels.has(b.toLowerCase()))) misplaced.push(id);
        }
        expect(misplaced).toEqual([]);
      },
    );

    it.each(SCREEN_PAGES.filter((p) => p.startsWith("understanding-the-app/")))(
      "%s describes its screen in its first section, What you see",
      (page) => {
        const heading = locale === "en" ? "## What you see" : "## Ce que vous voyez";
        expect(firstSection(source(page, locale))).toBe(heading);
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

  it.each(LOCALES)(
    "show the connection their pages add: its name, server type, address and user (%s)",
    (locale) => {
      // A connection form's picture is the example each page that shows it walks through, not another server's.
      const missing: string[] = [];
      for (const screen of SCREENS.filter((s) => s.fields.some((f) => f.label.en === "Provider address"))) {
        // The pages that walk through adding one; the others link to them.
        for (const page of screen.pages.filter((p) => p.startsWith("understanding-the-app/"))) {
          const src = source(page, locale);
          for (const f of screen.fields) {
            const value = say(f.value, locale);
            if (value !== "" && !src.includes(value)) missing.push(`${screen.id} on ${page}: ${value}`);
          }
        }
      }
      expect(missing).toEqual([]);
    },
  );

  it.each(LOCALES)(
    "give the key page's address whole, on the server the first launch shows (%s)",
    (locale) => {
      // The user types it in a browser: the server's address, the key page's path, then the key's name.
      const activation = SCREENS.find((s) => s.id === "activation");
      const server = say(activation?.fields.find((f) => f.label.en === "QiBates server")?.value, locale);
      const src = source("activation/First-launch", locale);
      const typed = [...src.matchAll(/`(https:\/\/[^`\s]+\/generatekey\/([\w.-]+))`/g)];
      expect(typed.map((m) => m[1]?.startsWith(`${server}/`))).toEqual([true]);
      // The name in the address is the example name the step gives.
      expect(src).toContain(`\`${typed[0]?.[2]}\``);
    },
  );

  it.each(LOCALES)(
    "draw the key page as the server writes it, at the address the first launch gives (%s)",
    (locale) => {
      // The server's page with both sign-ins configured, for a browser that prefers this language: its title, then
      // this language's section first (heading, text, one link per sign-in), as the screen's fields.
      const screen = SCREENS.find((s) => s.id === "key-page");
      const address = say(screen?.address, locale);
      const html = chooserPage(
        decodeURIComponent(address.slice(address.lastIndexOf("/") + 1)),
        ["google", "microsoft"],
        locale,
      );
      const plain = (s: string): string =>
        s
          .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
          .replace(/[\u00a0\u202f]/g, " ");
      const section = /<section lang="(\w+)">([\s\S]*?)<\/section>/.exec(html);
      expect(section?.[1]).toBe(locale);
      const texts = [...(section?.[2] ?? "").matchAll(/>([^<>]+)</g)].map((m) => plain(m[1] ?? ""));
      expect(texts).toEqual(screen?.fields.map((f) => say(f.label, locale)));
      expect(plain(/<title>([^<]+)<\/title>/.exec(html)?.[1] ?? "")).toBe(say(screen?.title, locale));
      // The address the picture shows is the one the page tells the reader to type.
      expect(source("activation/First-launch", locale)).toContain(`\`${address}\``);
    },
  );

  it.each(LOCALES)("quote a selection's members as their picture shows them (%s)", (locale) => {
    // A member path in code ("`Cola › New Hampshire › Sales › Actual`") on a page that shows a screen is one the
    // screen shows.
    const wrong: string[] = [];
    for (const page of SCREEN_PAGES) {
      const values = SCREENS.filter((s) => s.pages.includes(page)).flatMap((s) =>
        s.fields.map((f) => say(f.value, locale)),
      );
      for (const m of source(page, locale).matchAll(/`([^`\s][^`\n]* › [^`\n]*[^`\s])`/g)) {
        const path = m[1] ?? "";
        if (!values.some((v) => v.startsWith(path))) wrong.push(`${page}: ${path}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(LOCALES)("show each setting at the default its page states (%s)", (locale) => {
    const views = SCREENS.filter((s) => s.fields.some((f) => f.highlighted));
    // One view per setting's page, each drawn from the Settings screen's description.
    expect(views.flatMap((v) => v.pages).sort()).toEqual(pagesUnder("features/settings").sort());
    for (const view of views) {
      const field = view.fields.find((f) => f.highlighted) as Field;
      const value = say(field.value, locale);
      const src = source(view.pages[0] ?? "", locale);
      // The value in bold or as code, with "default" in the same sentence: "It is **on** by default", "**A1** (the
      // default)", "The default is `#Missing`".
      const quoted = new RegExp(
        `(\\*\\*|\`)${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\*\\*|\`)`,
        "gi",
      );
      const stated = [...src.matchAll(quoted)].some((m) =>
        /default|défaut/i.test(
          src.slice(Math.max(0, (m.index ?? 0) - 90), (m.index ?? 0) + m[0].length + 40),
        ),
      );
      expect(stated, `${view.pages[0]} (${locale}): ${say(field.label, locale)} = ${value}`).toBe(true);
    }
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

describe.each(LOCALES)("the submit notification of a form (%s)", (locale) => {
  it("is drawn as the message the user reads, its count of refused cells the lines of its Details", () => {
    // A reader recognises the notification by its words and numbers, not by a description of them.
    const screen = SCREENS.find((s) => s.id === "submit-form-details") as ScreenDescription;
    const message = screen.fields.find((f) => f.kind === "message") as Field;
    expect(message.described).toBeFalsy();
    const counts = [...say(message.label, locale).matchAll(/\d+/g)].map((m) => Number(m[0]));
    expect(counts).toHaveLength(2);
    const details = screen.fields.find((f) => f.kind === "list")?.items ?? [];
    expect(counts[1]).toBe(details.length);
  });
});

describe.each(SCREENS.map((s) => [s.id, s] as const))("the screen %s", (_id, screen) => {
  it.each(LOCALES)("names its fields with words its pages use (%s)", (locale) => {
    const pages = screen.pages.map((p) => source(p, locale).toLowerCase());
    const missing = pageLabels(screen, locale).filter(
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
    // The bar draws the ☰ icon before its title: a title in words after it, never the icon twice ("☰ ☰").
    const barTitle = unxml(/<text [^>]*data-title=""[^>]*>([^<]*)<\/text>/.exec(svg)?.[1] ?? "");
    expect(barTitle).toMatch(/\p{L}/u);
  });

  it.each(LOCALES)("draws a list's selected line as selected (%s)", (locale) => {
    // Zoom In's level list shows the level of the Settings chosen, as the pane marks it.
    const selected = screen.fields
      .filter((f) => f.kind === "list")
      .flatMap((f) => f.items ?? [])
      .filter((i) => i.selected).length;
    expect(svgOf(screen.id, locale).match(/data-selected=""/g)?.length ?? 0).toBe(selected);
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
