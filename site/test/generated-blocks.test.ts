import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CAPABILITIES, type Capability, CONNECTOR_PROFILES, type Connector } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import {
  addinTables,
  blockEnd,
  blockStart,
  type DocLocale,
  featurePageRows,
  GENERATED_PAGES,
  isMdxPage,
  withGeneratedBlocks,
  worksOnLine,
} from "../tools/capability-docs.ts";
import {
  FEATURE_ROWS,
  featureMatrix,
  featureVerdict,
  MATRIX_CONNECTORS,
  SERVER_NAME,
} from "../tools/feature-matrix.ts";

/**
 * Every per-connector statement of the documentation comes from the capability table: the blocks written by
 * site/scripts/write-capability-docs.ts equal a fresh generation, in both languages, and no
 * hand-written table says Yes for a connector where the table says No, Demo only or partly.
 */
const SITE = fileURLToPath(new URL("../", import.meta.url));
const ROOTS: Record<DocLocale, string> = {
  en: join(SITE, "docs"),
  fr: join(SITE, "i18n/fr/docusaurus-plugin-content-docs/current"),
};
const CHANGELOG: Record<DocLocale, string> = {
  en: join(SITE, "changelog"),
  fr: join(SITE, "i18n/fr/docusaurus-plugin-content-blog"),
};
const LOCALES = ["en", "fr"] as const;
const RUN = "run site/scripts/write-capability-docs.ts";

function pages(dir: string, under = ""): string[] {
  return readdirSync(join(dir, under)).flatMap((name) => {
    const rel = under ? `${under}/${name}` : name;
    if (statSync(join(dir, rel)).isDirectory()) return pages(dir, rel);
    return /\.mdx?$/.test(name) ? [rel] : [];
  });
}

/** The page without its generated blocks: what people wrote by hand. */
function handWritten(source: string): string {
  return source
    .replace(/<!-- generated:([\w-]+) [^\n]*-->[\s\S]*?<!-- end generated:\1 -->/g, "")
    .replace(/\{\/\* generated:([\w-]+) [^\n]*\*\/\}[\s\S]*?\{\/\* end generated:\1 \*\/\}/g, "");
}

describe.each(LOCALES)("generated blocks (%s)", (locale) => {
  it.each(GENERATED_PAGES.map((p) => p.path))(`%s equals a fresh generation (${RUN})`, (path) => {
    const page = GENERATED_PAGES.find((p) => p.path === path);
    if (!page) throw new Error(path);
    const source = readFileSync(join((page.site === "changelog" ? CHANGELOG : ROOTS)[locale], path), "utf8");
    for (const [name, content] of Object.entries(page.blocks(locale))) {
      const mdx = isMdxPage(source);
      if (content !== "") expect(source, `${path}: ${name}`).toContain(blockStart(name, mdx));
      if (content !== "") expect(source, `${path}: ${name}`).toContain(blockEnd(name, mdx));
    }
    expect(withGeneratedBlocks(source, page, locale)).toBe(source);
  });

  it("holds blocks from the capability table only where the generator writes them (the MDX function table moved to MDX functions)", () => {
    const stale: string[] = [];
    for (const path of pages(ROOTS[locale])) {
      const source = readFileSync(join(ROOTS[locale], path), "utf8");
      const page = GENERATED_PAGES.find((p) => p.site !== "changelog" && p.path === path);
      const written = new Set(page ? Object.keys(page.blocks(locale)) : []);
      for (const m of source.matchAll(/(?:<!--|\{\/\*) generated:([\w-]+) from the capability table/g))
        if (!written.has(m[1] ?? "")) stale.push(`${path}: ${m[1]}`);
    }
    expect(stale).toEqual([]);
    expect(GENERATED_PAGES.find((p) => p.path === "develop/mdx-functions.md")?.blocks(locale)).toHaveProperty(
      "mdx-functions",
    );
  });
});

/** The verdict a hand-written cell gives (its note marks left out), or undefined when it is not a verdict. */
const VERDICT: Record<DocLocale, Record<string, "yes" | "no" | "partial" | "demoOnly">> = {
  en: { Yes: "yes", No: "no", Partial: "partial", "Demo only": "demoOnly" },
  fr: { Oui: "yes", Non: "no", Partiel: "partial", "Démo seulement": "demoOnly" },
};
const COLUMN_CONNECTOR: Record<string, Connector> = {
  Essbase: "essbase",
  "Essbase 11.x": "essbase",
  "`essbase`": "essbase",
  SSAS: "ssas",
  "`ssas`": "ssas",
  Planning: "planning",
  "`planning`": "planning",
  "Essbase 21c": "essbase-stndln",
  "`essbase-stndln`": "essbase-stndln",
  PBCS: "pbcs",
  "`pbcs`": "pbcs",
};

/** Markdown tables of a text: each as its rows of trimmed cells. */
function tables(text: string): string[][][] {
  const out: string[][][] = [];
  let current: string[][] | undefined;
  for (const line of text.split("\n")) {
    if (line.startsWith("|")) {
      const cells = line
        .slice(1, line.endsWith("|") ? -1 : undefined)
        .split("|")
        .map((c) => c.trim());
      if (!current) {
        current = [];
        out.push(current);
      }
      current.push(cells);
    } else current = undefined;
  }
  return out;
}

/** How the capability table stands for one connector and capability: yes, no, demoOnly or partial. */
function tableSays(connector: Connector, cap: Capability): "yes" | "no" | "partial" | "demoOnly" {
  const s = CONNECTOR_PROFILES[connector].capabilities[cap];
  if (!s || s.status === "no") return "no";
  if (s.realServers) return s.realServers.status === "no" ? "demoOnly" : "partial";
  return "yes";
}

/** The hand-written claims a page makes: a verdict in a connector's column, on a row naming a capability. */
/** A label with its no-break spaces made plain: a page's source writes « : » either way (the site spaces it). */
const plain = (label: string) => label.replace(/[\u00a0\u202f]/g, " ");

function claims(locale: DocLocale, text: string): { connector: Connector; cap: Capability; said: string }[] {
  const out: { connector: Connector; cap: Capability; said: string }[] = [];
  for (const table of tables(text)) {
    const header = table[0] ?? [];
    for (const row of table.slice(2)) {
      header.forEach((title, i) => {
        const connector = COLUMN_CONNECTOR[title];
        if (!connector) return;
        // Both families have an "Alias tables" row: the connector's family tells them apart.
        const cap = CAPABILITIES.find(
          (c) =>
            plain(c.label[locale]) === plain(row[0] ?? "") &&
            c.family === CONNECTOR_PROFILES[connector].family,
        );
        const word = (row[i] ?? "").replace(/[\s⁰¹²³⁴⁵⁶⁷⁸⁹]+$/u, "");
        if (cap && VERDICT[locale][word]) out.push({ connector, cap: cap.id, said: word });
      });
    }
  }
  return out;
}

describe("hand-written statements agree with the capability table", () => {
  it.each(LOCALES)(
    "no hand-written table of the %s docs says Yes where the table says otherwise",
    (locale) => {
      const wrong: string[] = [];
      for (const page of pages(ROOTS[locale])) {
        const text = handWritten(readFileSync(join(ROOTS[locale], page), "utf8"));
        for (const c of claims(locale, text)) {
          const truth = tableSays(c.connector, c.cap);
          if (VERDICT[locale][c.said] !== truth)
            wrong.push(`${page}: ${c.cap} for ${c.connector} says ${c.said}, the table ${truth}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it("the checker finds a hand-written Yes that the table contradicts (Essbase 11.x write-back, PBCS forms)", () => {
    const en =
      "| Capability | `essbase` | `ssas` |\n|---|---|---|\n| Submit data (write-back) | Yes | Yes ¹ |\n";
    const fr =
      "| Capacité | `planning` | `pbcs` |\n|---|---|---|\n| Formulaires : lister et ouvrir | Oui | Oui |\n";
    const bad = (locale: DocLocale, text: string) =>
      claims(locale, text)
        .filter((c) => VERDICT[locale][c.said] !== tableSays(c.connector, c.cap))
        .map((c) => `${c.connector} ${c.cap}`);
    expect(bad("en", en)).toEqual(["essbase writeBack", "ssas writeBack"]);
    expect(bad("fr", fr)).toEqual(["planning forms", "pbcs forms"]);
  });

  // Statements the code contradicts, found by an editor's read: they must not come back.
  const CONTRADICTED: [RegExp, string][] = [
    [
      /APS\/XMLA|passerelle (?:APS|Provider Services)|Provider Services bridge/u,
      "SSAS is reached with XMLA at msmdpump.dll, no bridge",
    ],
    [
      /Native through Provider Services|En natif via Provider Services/u,
      "Essbase 11.x grids are laid out by QiBates",
    ],
    [
      /DrilldownMember|Except\(set|Except\(ensemble|(?:becomes|adds|devient|ajoute) `NON EMPTY`/u,
      "SSAS grids are one SELECT of tuples, not MDX rewrites",
    ],
    [/[Oo]nly some connectors|[Ss]euls certains connecteurs/u, "every connector reaches real servers"],
    // Found by a later editor's read.
    [
      /SSAS (?:through|via) Provider Services/u,
      "SSAS is reached directly at its XMLA address, not through Provider Services",
    ],
    [
      /A submit is all or nothing for the cells|succeed or fail together|[Uu]ne soumission est du tout ou rien|réussissent ou échouent ensemble/u,
      "a real Planning or PBCS server saves the cells before the rules on save; only the demo server is all or nothing",
    ],
    [
      /evaluates the filters with MDX|évalue les filtres par des requêtes MDX/u,
      "21c filters run over the outline",
    ],
  ];
  it.each(LOCALES)("the %s docs do not repeat a statement the code contradicts", (locale) => {
    const wrong: string[] = [];
    for (const page of pages(ROOTS[locale])) {
      const text = readFileSync(join(ROOTS[locale], page), "utf8");
      for (const [pattern, why] of CONTRADICTED) {
        const m = pattern.exec(text);
        if (m && !page.startsWith("develop/")) wrong.push(`${page}: "${m[0]}" (${why})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the Works on line of a user page", () => {
  it("gives every server its verdict in the reader's words, right before the page's first section", () => {
    for (const locale of LOCALES) {
      for (const page of GENERATED_PAGES.filter((p) => p.userPage && featurePageRows(p.path))) {
        const ids = featurePageRows(page.path) ?? [];
        const line = page.blocks(locale)["real-servers"] ?? "";
        const source = readFileSync(join(ROOTS[locale], page.path), "utf8");
        // No call names, HTTP statuses or error codes on a user page, and never a box.
        expect(line, page.path).not.toMatch(/`|\b4\d\d\b|QB_ERR_|nav\/|action\/|:::/);
        if (
          source.includes(locale === "en" ? "## What each server allows" : "## Ce que permet chaque serveur")
        ) {
          // A feature page: every server is named, and each verdict other than yes links to the server table.
          for (const c of MATRIX_CONNECTORS)
            expect(line, `${page.path} ${c}`).toContain(SERVER_NAME[c][locale]);
          const main = ids[0] ? FEATURE_ROWS.find((r) => r.id === ids[0]) : undefined;
          const anchor = locale === "en" ? "#what-each-server-allows" : "#ce-que-permet-chaque-serveur";
          if (main && MATRIX_CONNECTORS.some((c) => featureVerdict(main, c).v !== "works"))
            expect(line, page.path).toContain(`](${anchor})`);
        }
        if (line === "") continue;
        const h1 = source.indexOf("\n# ", source.indexOf("\n---\n", 4));
        const at = source.indexOf(blockStart("real-servers", isMdxPage(source)));
        expect(at, page.path).toBeGreaterThan(h1);
        expect(at, page.path).toBeLessThan(source.indexOf("\n## "));
      }
    }
  });

  it("names a server's other rows only where they differ from the page's feature", () => {
    expect(worksOnLine(["zoom-in", "zoom-formulas"], "en")).toBe(
      "**Works on:** Essbase 11.x: yes (Zoom In: formulas — [demo only](#what-each-server-allows)) · Essbase 21c and SSAS: yes (Zoom In: formulas — [no](#what-each-server-allows)) · Planning and PBCS: [no](#what-each-server-allows)",
    );
    expect(worksOnLine([], "fr")).toBe(
      "**Fonctionne avec :** Essbase 11.x, Essbase 21c, SSAS, Planning et PBCS : oui",
    );
  });

  it("says on Open form, in a reader's words, that a form opens by its name and its list is demo only (R9 D6)", () => {
    // Was "partly (Forms Library (list forms) and Composite forms — demo only)": the table's labels.
    expect(worksOnLine(["open-form", "forms-library", "composite-forms"], "en")).toBe(
      "**Works on:** Essbase 11.x, Essbase 21c and SSAS: [no](#what-each-server-allows) · Planning and PBCS: [by the form's name](#what-each-server-allows) (the list of forms and composite forms — [demo only](#what-each-server-allows))",
    );
    expect(worksOnLine(["open-form", "forms-library", "composite-forms"], "fr")).toBe(
      "**Fonctionne avec :** Essbase 11.x, Essbase 21c et SSAS : [non](#ce-que-permet-chaque-serveur) · Planning et PBCS : [par le nom du formulaire](#ce-que-permet-chaque-serveur) (la liste des formulaires et les formulaires composites — [démo seulement](#ce-que-permet-chaque-serveur))",
    );
  });

  it("says on Run a business rule, as a sentence of the reader's, that PBCS has them type the prompts", () => {
    // Was "PBCS: partly (Runtime prompts listed — demo only)": the table's label as a fragment.
    expect(worksOnLine(["business-rules", "runtime-prompts"], "en")).toContain(
      "PBCS: [partly](#what-each-server-allows) (you type the rule's prompts: [only the demo server lists them](#what-each-server-allows))",
    );
    expect(worksOnLine(["business-rules", "runtime-prompts"], "fr")).toContain(
      "PBCS : [en partie](#ce-que-permet-chaque-serveur) (vous saisissez les invites de la règle\u00a0: [seul le serveur de démonstration les liste](#ce-que-permet-chaque-serveur))",
    );
    for (const locale of LOCALES)
      expect(worksOnLine(["business-rules", "runtime-prompts"], locale)).not.toMatch(
        /Runtime prompts|Invites d'exécution/,
      );
  });

  it("says where substitution variables work on Planning and PBCS, below a grid row that says No there (R9 D9)", () => {
    const row = (locale: "en" | "fr", label: string) =>
      featureMatrix(locale)
        .split("\n")
        .find((line) => line.startsWith(`| ${label} |`));
    expect(row("en", "Substitution variables in a grid")).toContain("| **No** | **No** |");
    expect(row("en", "Substitution variables")).toContain(
      "**Planning, PBCS**: In Member Selection, whose **Substitution** filter",
    );
    expect(row("fr", "Variables de substitution")).toContain(
      "**Planning, PBCS**\u00a0: dans la Sélection de membres, dont le filtre **Substitution**",
    );
  });

  it("says on Cell types that Essbase and SSAS have number cells only, as the page's server table does", () => {
    const page = GENERATED_PAGES.find((p) => p.path === "QiBates/features/features/Types.md");
    expect(page?.blocks("en")["real-servers"]).toContain(
      "Essbase 11.x, Essbase 21c and SSAS: number cells only",
    );
    expect(page?.blocks("fr")["real-servers"]).toContain(
      "Essbase 11.x, Essbase 21c et SSAS : cellules numériques seulement",
    );
    for (const locale of LOCALES)
      expect(page?.blocks(locale)["real-servers"]).not.toMatch(/SSAS[^·]*: (yes|oui)/);
  });

  it("follows the table: a capability made to work on real servers changes the line and the matrix", () => {
    const pbcs = CONNECTOR_PROFILES.pbcs.capabilities as Record<string, unknown>;
    const before = pbcs.taskLists;
    try {
      expect(worksOnLine(["task-lists"], "en")).toContain("Planning and PBCS: [demo only](");
      pbcs.taskLists = { status: "yes" };
      const line = worksOnLine(["task-lists"], "en");
      expect(line).toContain("Planning: [demo only](");
      expect(line).toContain("PBCS: yes");
      expect(addinTables("en")).toMatch(
        /\| \[Task lists\]\([^)]+\) \| \*\*No\*\*[^|]*\|[^|]*\|[^|]*\| \*\*Demo only\*\*[^|]*\| \*\*Works\*\* \|/u,
      );
    } finally {
      pbcs.taskLists = before;
    }
  });
});

describe("the order of a user page (the page template)", () => {
  it("puts the server table last and the Works on line before the first section, on a fresh generation", () => {
    const page = { path: "x.md", userPage: true, blocks: () => ({ "real-servers": "**Works on:** all" }) };
    const source = [
      "# Title",
      "",
      "Lead.",
      "",
      "## What it does",
      "",
      "Text.",
      "",
      "## What each server allows",
      "",
      "Table.",
      "",
      "## Limits",
      "",
      "Edge.",
      "",
    ].join("\n");
    const written = withGeneratedBlocks(source, page, "en");
    expect(written.split("\n").filter((l) => /^(#|\*\*|[A-Z])/.test(l))).toEqual([
      "# Title",
      "Lead.",
      "**Works on:** all",
      "## What it does",
      "Text.",
      "## Limits",
      "Edge.",
      "## What each server allows",
      "Table.",
    ]);
    expect(withGeneratedBlocks(written, page, "en")).toBe(written);
  });
});

/** The "Why" column of each Markdown table of `text` whose last column is headed `heading`. */
function whyColumns(text: string, heading: string): string[][] {
  const tables: string[][] = [];
  let current: string[] | undefined;
  for (const line of text.split("\n")) {
    if (!line.startsWith("|")) {
      current = undefined;
      continue;
    }
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    if (current === undefined) {
      if (cells.at(-1) === heading) {
        current = [];
        tables.push(current);
      }
      continue;
    }
    if (/^-+$/.test(cells[0] ?? "")) continue;
    current.push(cells.at(-1) ?? "");
  }
  return tables;
}

describe("the reasons of a generated server table", () => {
  it.each(LOCALES)("differ from row to row of one table, so each row says its own why (%s)", (locale) => {
    const heading = locale === "en" ? "Why" : "Pourquoi";
    // The matrix of Features and compatibility tells a reason several rows share once, in a numbered note.
    for (const page of GENERATED_PAGES.filter((p) => p.path !== "QiBates/features-compatibility.md")) {
      for (const [name, content] of Object.entries(page.blocks(locale))) {
        for (const column of whyColumns(content, heading)) {
          const said = column.filter((cell) => cell !== "");
          expect(new Set(said).size, `${page.path} ${name}: ${said.join("\n")}`).toBe(said.length);
        }
      }
    }
  });
});

describe("a server table of Works only", () => {
  const REFRESH = "QiBates/features/actions/Refresh.md";
  const TABLE = { en: "## What each server allows", fr: "## Ce que permet chaque serveur" } as const;

  it.each(LOCALES)(
    "is left out, section and all, and the Works on line says yes for every server (%s)",
    (locale) => {
      const page = GENERATED_PAGES.find((p) => p.path === REFRESH);
      if (!page) throw new Error(REFRESH);
      expect(page.blocks(locale).behaviour).toBe("");
      const source = readFileSync(join(ROOTS[locale], REFRESH), "utf8");
      expect(source).not.toContain(TABLE[locale]);
      expect(page.blocks(locale)["real-servers"]).toBe(
        locale === "en"
          ? "**Works on:** Essbase 11.x, Essbase 21c, SSAS, Planning and PBCS: yes"
          : "**Fonctionne avec :** Essbase 11.x, Essbase 21c, SSAS, Planning et PBCS : oui",
      );
    },
  );

  it("comes back, last in the page, when a server does the feature only in part", () => {
    const page = GENERATED_PAGES.find((p) => p.path === REFRESH);
    if (!page) throw new Error(REFRESH);
    const source = readFileSync(join(ROOTS.en, REFRESH), "utf8");
    const essbase = CONNECTOR_PROFILES.essbase.capabilities as Record<string, unknown>;
    const before = essbase.adhoc;
    try {
      essbase.adhoc = { status: "no", why: { en: "None.", fr: "Aucune." } };
      const written = withGeneratedBlocks(source, page, "en");
      const sections = written.split("\n").filter((l) => l.startsWith("## "));
      expect(sections.at(-1)).toBe(TABLE.en);
      expect(written).toMatch(/\| Refresh \| \*\*No\*\* \|/);
      essbase.adhoc = before;
      expect(withGeneratedBlocks(written, page, "en")).toBe(source);
    } finally {
      essbase.adhoc = before;
    }
  });
});
