import { readFileSync } from "node:fs";
import { join } from "node:path";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import remarkFrenchTypography, {
  CODE_WORD,
  frenchFrontMatter,
  frenchTypography,
  isEnglishQuote,
  NBSP,
  NNBSP,
  NOT_COUNTED,
} from "../src/plugins/french-typography.ts";
import { BUILD, listFiles, readJson, SITE, type TranslationFile } from "./site-files.ts";

/** Runs the plugin on a French markdown (MDX) snippet and gives back the markdown. */
function md(source: string, path = "/site/i18n/fr/docusaurus-plugin-content-docs/current/page.mdx"): string {
  const processor = unified()
    .use(remarkParse)
    .use(remarkMdx)
    .use(remarkGfm)
    .use(remarkFrenchTypography)
    .use(remarkStringify);
  return String(processor.processSync({ value: source, path })).trimEnd();
}

/** Spaces made visible: `_` for a no-break space, `^` for a narrow one. */
const show = (s: string): string => s.replaceAll(NBSP, "_").replaceAll(NNBSP, "^");

describe("French typography of a text", () => {
  it("puts a narrow no-break space before ; ? and !", () => {
    expect(show(frenchTypography("Prêt? Oui; vraiment!"))).toBe("Prêt^? Oui^; vraiment^!");
    expect(show(frenchTypography("Vraiment ?!"))).toBe("Vraiment^?!");
  });

  it("puts a no-break space before : and inside « »", () => {
    expect(show(frenchTypography("Méthode: tendance"))).toBe("Méthode_: tendance");
    expect(show(frenchTypography("le message «Connecté» apparaît"))).toBe("le message «_Connecté_» apparaît");
  });

  it("replaces an ordinary space before the mark instead of adding a second one", () => {
    expect(show(frenchTypography("Voir : « Détails » ; et ? puis !"))).toBe(
      "Voir_: «_Détails_»^; et^? puis^!",
    );
    expect(show(frenchTypography("deux  :"))).toBe("deux_:");
  });

  it("groups the thousands of prose numbers with narrow no-break spaces", () => {
    expect(show(frenchTypography("Q1 affiche 37500 et 5 000 membres, -20396 au total."))).toBe(
      "Q1 affiche 37^500 et 5^000_membres, -20^396 au total.",
    );
    expect(show(frenchTypography("1234567,5"))).toBe("1^234^567,5");
    expect(show(frenchTypography("le libellé #Missing ; ensuite"))).toBe("le libellé #Missing^; ensuite");
  });

  it("puts a narrow no-break space between a number and % or its unit", () => {
    expect(show(frenchTypography("une hausse de 5% puis de 12,5 % en 2026"))).toBe(
      "une hausse de 5^% puis de 12,5^% en 2026",
    );
    expect(
      show(frenchTypography("au-delà de 64 Mio, 500 ms, 10 s ou 30 min ; 37500 Mo et 1 000 Ko ; 12 €")),
    ).toBe("au-delà de 64^Mio, 500^ms, 10^s ou 30^min^; 37^500^Mo et 1^000^Ko^; 12^€");
    expect(show(frenchTypography(`120${NBSP}s`))).toBe("120^s");
    // Not a quantity and its unit: left as written.
    for (const text of ["le code 42 s", "v2 s", "64MiB", "x%", "100-10 Mo"]) {
      expect(frenchTypography(text), text).toBe(text);
    }
  });

  it("puts a no-break space between a number and a unit written as a word", () => {
    expect(
      show(
        frenchTypography(
          "après 10 minutes, 12 heures ou 30 secondes ; 12 onces, 16 octets, 1 heure et 2,5 jours, 10 000 caractères",
        ),
      ),
    ).toBe(
      "après 10_minutes, 12_heures ou 30_secondes^; 12_onces, 16_octets, 1_heure et 2,5_jours, 10^000_caractères",
    );
    expect(show(frenchTypography(`au bout de 5${NNBSP}minutes`))).toBe("au bout de 5_minutes");
    // Not a quantity and its unit: an identifier, an error number.
    for (const text of ["le produit 100-10 minutes", "erreur 42 secondes", "Q4 minutes", "FY15 Budget"]) {
      expect(frenchTypography(text), text).toBe(text);
    }
  });

  it("puts a no-break space between a number and what it counts", () => {
    expect(
      show(frenchTypography("100 sessions, 10 000 sessions, les 20 premières lignes, 600 requêtes")),
    ).toBe("100_sessions, 10^000_sessions, les 20_premières lignes, 600_requêtes");
    // Not before an elided word: « l'entité 450 n'a ».
    expect(frenchTypography("l'entité 450 n'a pas")).toBe("l'entité 450 n'a pas");
    // A unit's symbol keeps its narrow no-break space.
    expect(show(frenchTypography("dans 10 s environ"))).toBe("dans 10^s environ");
    // A quoted message that leaves its number out keeps the unit's space: « réessayez dans … s. ».
    expect(show(frenchTypography("réessayez dans … s. Puis … s'affiche"))).toBe(
      "réessayez dans …^s. Puis … s'affiche",
    );
  });

  it("leaves a message quoted in English exactly as the server sends it", () => {
    expect(
      show(frenchTypography("en anglais, « Seeded the FY15 forecast of entity 420: … » en réponse")),
    ).toBe("en anglais, «_Seeded the FY15 forecast of entity 420: …_» en réponse");
    expect(
      show(frenchTypography("«Grew the FY15 plan revenue of 410 by 5%: 1,536 cells, 1 comment.» : voir")),
    ).toBe("«_Grew the FY15 plan revenue of 410 by 5%: 1,536 cells, 1 comment._»_: voir");
    expect(
      show(frenchTypography('le message "Copied Working to What If: 8,040 cells and 2 texts." ; puis')),
    ).toBe('le message "Copied Working to What If: 8,040 cells and 2 texts."^; puis');
    // A quotation in French gets French spacing.
    expect(
      show(frenchTypography("« Trop de sessions sont ouvertes sur ce serveur : réessayez plus tard. »")),
    ).toBe("«_Trop de sessions sont ouvertes sur ce serveur_: réessayez plus tard._»");
    expect(show(frenchTypography("« Délai : 10 minutes »"))).toBe("«_Délai_: 10_minutes_»");
    expect(isEnglishQuote("The member … does not exist for the specified cube")).toBe(true);
    expect(isEnglishQuote("Le membre n'existe pas")).toBe(false);
    expect(isEnglishQuote("1 an")).toBe(false);
  });

  it("leaves years, times, identifiers, versions, error numbers and URLs alone", () => {
    for (const text of [
      "en 2024 et 2026",
      "à 10:30",
      "le produit 100-10 et le compte 4110",
      "version 11.1.2.4 et v12345",
      "OLAP error 1260046",
      "l'identifiant 00000000",
      "http://localhost:3000/docs?x=1&y=2",
      "https://example.com/a:b/12345?q!",
      "#VALEUR! et #DIV/0!",
      "a:b et x?y et !important",
    ]) {
      expect(frenchTypography(text), text).toBe(text);
    }
  });

  it("leaves a code span of a text alone: a pattern or a header is copied as written", () => {
    // A generated French text (the MDX catalogue's ISMATCH) printed `(?<\u202f!…)`, a pattern that then fails.
    const text =
      "les assertions (`(?=…)`, `(?<!…)`) et l'en-tête `Prefer: respond-async` sont refusées ; voilà !";
    expect(frenchTypography(text)).toBe(
      `les assertions (\`(?=…)\`, \`(?<!…)\`) et l'en-tête \`Prefer: respond-async\` sont refusées${NNBSP}; voilà${NNBSP}!`,
    );
  });

  it("is idempotent", () => {
    const once = frenchTypography(
      "Voir: « x » ; 37500 ? oui ! 5 000 : fin, 5% et 64 Mio, 1 000 ms, 10 minutes, « No data was changed. »",
    );
    expect(frenchTypography(once)).toBe(once);
  });
});

describe("the remark plugin on French markdown", () => {
  it("changes the prose of paragraphs, emphasis, links, lists and tables", () => {
    const out = md(
      [
        "Cliquez sur **Actualiser** : la grille affiche 37500.",
        "",
        "- Une question ? Voir [la page : détails](Page.md) !",
        "",
        "| Cas | Message |",
        "| --- | --- |",
        "| A | « Connecté » |",
      ].join("\n"),
    );
    expect(show(out)).toContain("**Actualiser**_: la grille affiche 37^500.");
    expect(show(out)).toContain("Une question^? Voir [la page_: détails](Page.md)^!");
    expect(show(out)).toContain("«_Connecté_»");
  });

  it("leaves a server's English message set in bold or italics as it is sent, and spaces French bold text", () => {
    const out = md(
      "Le journal dit **Invalid value for ruleType: the rule is a script rule.** ; puis _No data was changed; retry!_ et **Délai : 10 minutes**.",
    );
    expect(show(out)).toContain("**Invalid value for ruleType: the rule is a script rule.**^; puis");
    expect(show(out)).toContain("*No data was changed; retry!*");
    expect(show(out)).toContain("**Délai_: 10_minutes**");
  });

  it("leaves inline code, code blocks, URLs, JSX attributes and MDX expressions untouched", () => {
    const source = [
      'Saisissez `nom: alias` ou `a ; b ? c !` puis <Card title="Titre : x ?" />.',
      "",
      "```js",
      "const x = { a : 1 }; // pourquoi ? 37500 « x »",
      "```",
      "",
      'Voir [l\'aide](https://example.com/a?b=1:2) et {"a : b ?"} !',
    ].join("\n");
    const out = md(source);
    expect(out).toContain("`nom: alias` ou `a ; b ? c !`");
    expect(out).toContain('<Card title="Titre : x ?" />');
    expect(out).toContain("const x = { a : 1 }; // pourquoi ? 37500 « x »");
    expect(out).toContain("(https://example.com/a?b=1:2)");
    expect(out).toContain('{"a : b ?"}');
    expect(show(out)).toContain('{"a : b ?"}^!');
  });

  it("is idempotent", () => {
    const once = md("Texte : « x » ; 37500 ? oui !\n\n## Pourquoi ?");
    expect(md(once)).toBe(once);
  });

  it("keeps the anchor a heading's source text gives", () => {
    const tree = unified().use(remarkParse).parse("## Que faire ?");
    const transform = remarkFrenchTypography();
    transform(tree as never, { path: "/x/i18n/fr/docusaurus-plugin-content-docs/current/a.md" });
    const heading = tree.children[0] as {
      data?: { hProperties?: { id?: string } };
      children: { value: string }[];
    };
    expect(show(heading.children[0]?.value ?? "")).toBe("Que faire^?");
    expect(heading.data?.hProperties?.id).toBe("que faire ?");
  });

  it("leaves English sources alone", () => {
    const out = md("Note : see « this » ?", "/site/docs/page.md");
    expect(out).toBe("Note : see « this » ?");
  });

  it("spaces the text fields of the front matter", () => {
    expect(
      show(String(frenchFrontMatter({ title: "Pourquoi ?", slug: "/a:b", sidebar_position: 2 }).title)),
    ).toBe("Pourquoi^?");
    expect(frenchFrontMatter({ slug: "/a : b" }).slug).toBe("/a : b");
  });
});

// Only the interface strings' own text: placeholders such as {count} stay as they are.
const FRENCH_JSON = listFiles(join(SITE, "i18n", "fr"), /\.json$/);

it("the French interface strings (i18n/fr/*.json) already have French spacing", () => {
  expect(FRENCH_JSON.length).toBeGreaterThan(3);
  const wrong: string[] = [];
  for (const file of FRENCH_JSON) {
    for (const [key, { message }] of Object.entries(
      readJson<TranslationFile>(join(SITE, "i18n", "fr", file)),
    )) {
      if (frenchTypography(message) !== message) wrong.push(`${file} ${key}: ${show(message)}`);
    }
  }
  expect(wrong).toEqual([]);
});

/** Prose of a built page: text between tags, outside scripts, styles, code and pre blocks. */
function proseTexts(html: string): string[] {
  const body = html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<pre[\s\S]*?<\/pre>/g, "<pre></pre>")
    .replace(/<code[\s\S]*?<\/code>/g, "<code></code>");
  return body
    .split(/<[^>]+>/)
    .map((s) =>
      s
        .replace(/&nbsp;|&#xa0;|&#160;/gi, NBSP)
        .replace(/&#x202f;|&#8239;/gi, NNBSP)
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&"),
    )
    .filter((s) => s.trim().length > 0);
}

// An ordinary space before : ; ? ! (ending a word), after « or before », between a number and % or a unit,
// or between a number and a unit written as a word.
const WRONG_SPACE =
  /[^\s] [:;?!](?=\s|$)|« | »|^ [:;?!](?=\s|$)|(?<![\p{L}\p{N}_.,#/-])\d[ \u00A0]?(?:%|Mio|Kio|Gio|MiB|KiB|GiB|ms|min)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}_.,#/-])\d+[ \u202F](?:secondes?|minutes?|heures?|jours?|semaines?|onces?|octets?)(?![\p{L}\p{N}])/u;

// A number and the word after it with an ordinary space, unless the number is a code (an error's, a port).
// A number and the word it counts with an ordinary space (not a code's number, a year, nor before a word that
// does not follow a count: the rules, and the lists, of packages/provider/src/french-typography.ts).
// The whole word: an elided one (`429 jusqu'à`) is not a count, nor a shorter piece of it.
const NUMBER_WORD = /(?<![\p{L}\p{N}_.,#/:\u202F-])(\d+) (\p{L}+)(?![\p{L}'’])/gu;

/** The first wrong space of a French text: before a mark, inside « », or between a number and its word. */
function wrongSpace(text: string): number | undefined {
  const m = WRONG_SPACE.exec(text);
  if (m) return m.index;
  for (const w of text.matchAll(NUMBER_WORD)) {
    const [, number = "", word = ""] = w;
    if (
      CODE_WORD.test(text.slice(0, w.index)) ||
      NOT_COUNTED.has(word.toLowerCase()) ||
      /^(?:19|20)\d\d$/.test(number)
    )
      continue;
    // An HTTP status and its reason (`202 Accepted`), a date's day (`24 novembre`): not a count.
    if (/^[1-5]\d\d$/.test(number) && /^\p{Lu}/u.test(word)) continue;
    return w.index;
  }
  return undefined;
}

/** The text with each quotation in English emptied: a server's message is quoted as it is sent. */
const withoutEnglishQuotes = (text: string): string =>
  text.replace(/«([^«»]*)»|“([^“”]*)”|"([^"\n]*)"/g, (quote, a, b, c) =>
    isEnglishQuote(a ?? b ?? c ?? "") ? `«${NBSP}${NBSP}»` : quote,
  );

describe("the built French site", () => {
  const pages = listFiles(join(BUILD, "fr"), /\.html$/);

  it.skipIf(pages.length === 0)(
    "has no ordinary space before : ; ? ! or inside « » in its prose (site/build/fr; skipped when the site is not built)",
    () => {
      const wrong: string[] = [];
      for (const page of pages) {
        for (const text of proseTexts(readFileSync(join(BUILD, "fr", page), "utf8"))) {
          const at = wrongSpace(withoutEnglishQuotes(text));
          if (at !== undefined) wrong.push(`fr/${page}: …${text.slice(Math.max(0, at - 30), at + 10)}…`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it.skipIf(pages.length === 0)("writes the no-break spaces into the French pages", () => {
    const html = readFileSync(join(BUILD, "fr", "docs", "intro.html"), "utf8");
    expect(proseTexts(html).some((t) => t.includes(`${NBSP}:`))).toBe(true);
  });

  it("the check catches an ordinary space (it is not vacuous)", () => {
    expect(proseTexts("<p>Voir : <code>a : b</code> « x »</p>").filter((t) => WRONG_SPACE.test(t))).toEqual([
      "Voir : ",
      " « x »",
    ]);
    expect(proseTexts(`<p>Voir${NBSP}: <code>a : b</code></p>`).filter((t) => WRONG_SPACE.test(t))).toEqual(
      [],
    );
    expect(
      proseTexts(`<p>5 % et 64 Mio</p><p>5${NNBSP}% et 64${NNBSP}Mio</p>`).filter((t) => WRONG_SPACE.test(t)),
    ).toEqual(["5 % et 64 Mio"]);
    expect(
      proseTexts(
        `<p>après 10 minutes</p><p>après 10${NBSP}minutes, « Seeded the forecast of entity 420: … »</p>`,
      ).filter((t) => WRONG_SPACE.test(withoutEnglishQuotes(t))),
    ).toEqual(["après 10 minutes"]);
    expect(
      proseTexts(`<p>les 100 sessions</p><p>les 100${NBSP}sessions, erreur 42 dans</p>`).filter(
        (t) => wrongSpace(t) !== undefined,
      ),
    ).toEqual(["les 100 sessions"]);
  });
});
