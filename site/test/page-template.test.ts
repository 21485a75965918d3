import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
// Shared with `npm start` and the browser tests: builds the site when its sources changed.
import { buildSiteIfNeeded } from "../../scripts/site-build.mjs";
import { BUILD, listFiles } from "./site-files.ts";
import { readText } from "./walls.ts";

/**
 * The user pages follow one template (reference page-template.md): the title, what the page does in a
 * sentence or two, the picture, one "Works on" line, then the sections — no box of refusals before the first
 * section, and the server table ("What each server allows") last. Checked on the built pages, in both languages,
 * as a reader gets them.
 */
const WORDS = {
  en: { worksOn: "Works on:", serverTable: "what-each-server-allows" },
  fr: { worksOn: "Fonctionne avec :", serverTable: "ce-que-permet-chaque-serveur" },
} as const;

/**
 * The user pages that are not about one feature, by their address under docs/QiBates, with the reason they carry
 * neither a "Works on" line nor a server table. The rule of no box before the first section holds for them too.
 */
const NOT_FEATURE_PAGES = new Map<string, string>([
  ["features-compatibility", "the overview of every feature on every server: the matrix is the page"],
  ["troubleshooting", "the index of the messages of every feature, by task"],
  ...["login", "connection", "grids", "forms", "login-messages", "forms-messages"].map(
    (topic) =>
      [
        `troubleshooting-${topic}`,
        "messages of every feature on one task, each row saying which server it holds for",
      ] as const,
  ),
  ["qibates-legacy-to-new-qibates", "the move from QiBates 1.x, for every server at once"],
  ...["activation/Activate-on-Excel", "activation/Activate-on-Docs"].map(
    (page) => [page, "installing the add-in, the same on every server"] as const,
  ),
  ["activation/First-launch", "the API key and the first connection, the same on every server"],
  ["activation/If-activation-fails", "the messages of installing and activating, the same on every server"],
]);

/**
 * The folders whose every page describes the screens of one kind of server, with the reason: a screen whose
 * features a company's server does only in part says so in one line under its lead ("On your company's
 * server: …"). Read from the folder, so a screen added there needs no entry here.
 */
const NOT_FEATURE_FOLDERS = new Map<string, string>([
  [
    "understanding-the-app/understanding-essbase-ssas/",
    "a screen of the Essbase and SSAS add-in, for those servers only",
  ],
  [
    "understanding-the-app/understanding-planning-pbcs/",
    "a screen of the Planning and PBCS add-in, for those servers only",
  ],
]);

/** Why a user page is not about one feature, or undefined for a feature page. */
function notFeatureReason(page: string): string | undefined {
  const folder = [...NOT_FEATURE_FOLDERS.keys()].find((prefix) => page.startsWith(prefix));
  return NOT_FEATURE_PAGES.get(page) ?? (folder === undefined ? undefined : NOT_FEATURE_FOLDERS.get(folder));
}

/** The user pages of one locale's build, by their address under docs/QiBates (the legacy 1.x docs left out). */
function userPages(locale: "en" | "fr"): string[] {
  const root = join(locale === "en" ? BUILD : join(BUILD, "fr"), "docs/QiBates");
  return listFiles(root, /\.html$/).map((page) => page.replace(/\.html$/, ""));
}

interface PageShape {
  /** The ids of the section headings (h2), in order. */
  sections: string[];
  /** Whether an admonition (a note, tip, caution… box) comes before the first section. */
  boxBeforeFirstSection: boolean;
  /** The paragraphs before the first section, as the reader reads them. */
  lead: string[];
  /** The same paragraphs as HTML. */
  leadHtml: string[];
}

/** The shape of a built page's article: its sections, and what comes before the first. */
export function pageShape(html: string): PageShape {
  const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? "";
  const sections = [...article.matchAll(/<h2\b[^>]*\bid=(?:"([^"]+)"|([^\s>"]+))/g)].map(
    (m) => m[1] ?? m[2] ?? "",
  );
  const first = article.search(/<h2\b/);
  const head = first < 0 ? article : article.slice(0, first);
  // Paragraphs end at the next block tag: the built pages leave out the closing tags HTML allows to omit.
  const leadHtml = [
    ...head.matchAll(/<p\b[^>]*>([\s\S]*?)(?=<\/?(?:p|div|ul|ol|table|h\d|figure|section)\b|$)/g),
  ].map((m) => m[1] ?? "");
  return {
    sections,
    boxBeforeFirstSection: /class=(?:"[^"]*\b)?theme-admonition\b/.test(head),
    lead: leadHtml.map(readText),
    leadHtml,
  };
}

/** What is wrong with a built user page against the template, in a reviewer's words (empty when it follows it). */
export function templateProblems(html: string, locale: "en" | "fr", featurePage: boolean): string[] {
  const w = WORDS[locale];
  const shape = pageShape(html);
  const problems: string[] = [];
  if (shape.sections.length === 0) problems.push("no section at all");
  if (shape.boxBeforeFirstSection) problems.push("a box (admonition) before the first section");
  if (!featurePage) return problems;
  const table = shape.sections.indexOf(w.serverTable);
  // A Works on line of yes for every server has no link: the page has no server table, which would say Works only.
  const worksOn = shape.leadHtml.find((_p, i) => shape.lead[i]?.startsWith(w.worksOn));
  const allYes = worksOn !== undefined && !/<a\b/.test(worksOn);
  if (table < 0) {
    if (!allYes) problems.push(`no server table (#${w.serverTable})`);
  } else if (table !== shape.sections.length - 1)
    problems.push(`the server table is not the last section (${shape.sections.at(-1)} comes last)`);
  if (!shape.lead.some((p) => p.startsWith(w.worksOn)))
    problems.push(`no "${w.worksOn}" line before the first section`);
  return problems;
}

beforeAll(() => {
  buildSiteIfNeeded();
}, 600_000);

describe.each(["en", "fr"] as const)("the built %s user pages", (locale) => {
  it("follow the template: no box before the first section; a feature page has its Works on line and its server table last", () => {
    const pages = userPages(locale);
    expect(pages.length).toBeGreaterThan(50);
    const root = join(locale === "en" ? BUILD : join(BUILD, "fr"), "docs/QiBates");
    const problems = pages.flatMap((page) =>
      templateProblems(
        readFileSync(join(root, `${page}.html`), "utf8"),
        locale,
        notFeatureReason(page) === undefined,
      ).map((p) => `${locale === "fr" ? "fr/" : ""}docs/QiBates/${page}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it("list as not about one feature only pages that exist", () => {
    const pages = new Set(userPages(locale));
    expect([...NOT_FEATURE_PAGES.keys()].filter((page) => !pages.has(page))).toEqual([]);
    for (const folder of NOT_FEATURE_FOLDERS.keys())
      expect([...pages].filter((page) => page.startsWith(folder)).length, folder).toBeGreaterThan(0);
  });
});

describe("the template check", () => {
  const page = (lead: string, sections: string[]) =>
    `<html><body><article><header><h1>Zoom</h1></header>${lead}${sections
      .map((id) => `<h2 class="anchor" id="${id}">${id}<a href="#${id}">#</a></h2><p>Text.`)
      .join("")}</article></body></html>`;
  const worksOn = "<p><strong>Works on:</strong> Essbase 11.x: yes · Planning and PBCS: <a href='#x'>no</a>";

  it("passes a page in the template's order", () => {
    expect(
      templateProblems(page(`<p>Lead.${worksOn}`, ["what-it-does", "what-each-server-allows"]), "en", true),
    ).toEqual([]);
    expect(
      templateProblems(
        page("<p>Lead.<p><strong>Fonctionne avec&nbsp;:</strong> Essbase 11.x&nbsp;: oui", [
          "ce-que-fait-la-fonction",
          "ce-que-permet-chaque-serveur",
        ]),
        "fr",
        true,
      ),
    ).toEqual([]);
  });

  it("finds a box before the first section, a missing Works on line and a server table that is not last", () => {
    const box =
      '<div class="theme-admonition theme-admonition-note admonition_x alert alert--secondary"><div>Before you start</div><ul><li>No.</ul></div>';
    expect(templateProblems(page(box, ["what-each-server-allows", "limits"]), "en", true)).toEqual([
      "a box (admonition) before the first section",
      "the server table is not the last section (limits comes last)",
      'no "Works on:" line before the first section',
    ]);
    expect(templateProblems(page(box, ["limits"]), "en", false)).toEqual([
      "a box (admonition) before the first section",
    ]);
    expect(templateProblems(page(worksOn, ["limits"]), "en", true)).toEqual([
      "no server table (#what-each-server-allows)",
    ]);
  });

  it("passes a page without a server table whose Works on line says yes for every server", () => {
    const yes = "<p><strong>Works on:</strong> Essbase 11.x, Essbase 21c, SSAS, Planning and PBCS: yes";
    expect(templateProblems(page(`<p>Lead.${yes}`, ["what-it-does", "limits"]), "en", true)).toEqual([]);
  });
});
