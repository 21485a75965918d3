import { existsSync, readFileSync } from "node:fs";
import { functionReference, ORACLE_MDX_FUNCTIONS, oracleCoverage } from "@qibates/engine/mdx";
import {
  CAPABILITIES,
  CONNECTOR_PROFILES,
  CONNECTORS,
  type ConnectorProfile,
  connectorProfiles,
} from "@qibates/provider";
import { describe, expect, it } from "vitest";
import {
  SIXTH_CONNECTOR,
  SIXTH_DESCRIPTION,
  WITH_SIXTH,
} from "../../packages/connectors/test/fixtures/sixth-protocol/description.ts";
import {
  capabilityHeading,
  capabilitySection,
  type DocLocale,
  escapeMdx,
  featurePageRows,
  mdxFunctionList,
  noteParagraphs,
  realServerConnectors,
  realServerGuides,
  reasonMarkdown,
} from "../tools/capability-docs.ts";
import {
  afterColonFr,
  capabilityVerdict,
  FEATURE_ROWS,
  featureMatrix,
  featureRowsTable,
  featureVerdict,
  MATRIX_CONNECTORS,
  matrixCell,
  rowReasons,
} from "../tools/feature-matrix.ts";
import { FEATURE_PAGES } from "./feature-pages.ts";

/** The documentation says what the capability table says, in both languages. */
describe("the Features and compatibility page", () => {
  it.each(Object.entries(FEATURE_PAGES) as [DocLocale, URL][])(
    "ends with the capability table (%s) — run site/scripts/write-capability-docs.ts after changing it",
    (locale, url) => {
      const page = readFileSync(url, "utf8");
      const at = page.indexOf(capabilityHeading(locale));
      expect(at, "section heading missing").toBeGreaterThan(0);
      expect(page.slice(at)).toBe(capabilitySection(locale));
    },
  );

  it("marks what SSAS lacks, with the reason, in both languages", () => {
    for (const locale of ["en", "fr"] as const) {
      const section = capabilitySection(locale);
      const zoom = section.split("\n").find((l) => l.includes("CALC_LEVEL"));
      // Columns: capability, calls, essbase, ssas, essbase-stndln.
      const cells = zoom?.split("|").map((c) => c.trim());
      expect(cells?.[4]).toMatch(/^(No|Non)$/);
      // essbase: the demo does it, a real Essbase 11.x server reached through Smart View does not.
      expect(cells?.[3]).toMatch(/^(Demo only|Démo seulement)$/);
      const why = CONNECTOR_PROFILES.ssas.capabilities["zoomIn:CALC_LEVEL"];
      if (why?.status !== "no") throw new Error("SSAS should lack CALC_LEVEL");
      // The reason is keyed by its row and connector, not by a footnote number.
      const note = section
        .split("\n")
        .find((l) => l.startsWith(`- **${zoom?.split("|")[1]?.trim()}**`) && l.includes("`ssas`"));
      expect(note).toContain(why.why[locale]);
      expect(section).not.toMatch(/[¹²³⁴⁵⁶⁷⁸⁹⁰]/);
    }
  });

  it("says which connectors reach real servers from realServers, and follows a change of it", () => {
    const statement = (locale: DocLocale) =>
      capabilitySection(locale)
        .split("\n")
        .find((l) => l.startsWith("**")) ?? "";
    const rows = (locale: DocLocale) =>
      capabilitySection(locale)
        .split("\n")
        .filter((l) => l.includes("https://demo.qibates.local/"));
    // Each connector has a row with its demo address and what realServers says; when every connector reaches
    // real servers, the statement says it once and the table has no column of "Yes".
    const all = realServerConnectors().length === CONNECTORS.length;
    for (const locale of ["en", "fr"] as const) {
      expect(rows(locale)).toHaveLength(CONNECTORS.length);
      for (const c of CONNECTORS) {
        const row = rows(locale).find((r) => r.startsWith(`| \`${c}\` |`));
        expect(row, c).toMatch(
          all
            ? /^\| `[a-z-]+` \| [^|]+ \| `https:[^|]+` \|$/
            : CONNECTOR_PROFILES[c].realServers
              ? /\| (Yes|Oui) \|/
              : /\| (Not yet|Pas encore) \|/,
        );
      }
    }
    if (realServerConnectors().length === 0) {
      expect(statement("en")).toMatch(/^\*\*None yet\.\*\*.*`502 QB_ERR_PROVIDER_ERROR`/);
      expect(statement("fr")).toMatch(/^\*\*Aucun pour l'instant\.\*\*.*`502 QB_ERR_PROVIDER_ERROR`/);
    }
    if (realServerConnectors().length === CONNECTORS.length) {
      expect(statement("en")).toMatch(/^\*\*Every connector\.\*\*/);
      expect(statement("fr")).toMatch(/^\*\*Tous les connecteurs\.\*\*/);
    }
    // Flip one connector: the statement names it as demo only, and the others as reaching real servers.
    const profile = CONNECTOR_PROFILES["essbase-stndln"] as { realServers: boolean } & ConnectorProfile;
    const before = profile.realServers;
    profile.realServers = false;
    try {
      const en = statement("en");
      expect(en).toMatch(/^\*\*(`[a-z-]+`(, | and ))*`[a-z-]+`\.\*\*/);
      expect(en).toContain("With `essbase-stndln`, the API returns data from its embedded demo server only");
      expect(en).toContain("502 QB_ERR_PROVIDER_ERROR");
      expect(statement("fr")).toMatch(/Avec `essbase-stndln`, l'API répond uniquement/);
      expect(rows("en").find((r) => r.startsWith("| `essbase-stndln` |"))).toMatch(/\| Not yet \|/);
    } finally {
      profile.realServers = before;
    }
  });

  it("links the connection guide of each connector that reaches real servers, and the guide exists", () => {
    const profile = CONNECTOR_PROFILES["essbase-stndln"] as { realServers: boolean } & ConnectorProfile;
    const before = profile.realServers;
    try {
      for (const real of [true, false]) {
        profile.realServers = real;
        for (const [locale, url] of Object.entries(FEATURE_PAGES) as [DocLocale, URL][]) {
          const section = capabilitySection(locale);
          const guides = realServerGuides(locale);
          // A demo-only connector links no guide; a real one its page in the administrators' section.
          expect(guides.some((g) => g.includes("(../admin/connect-essbase-21c.md)"))).toBe(real);
          expect(section.includes("(../admin/connect-essbase-21c.md)")).toBe(real);
          for (const guide of guides) {
            expect(section).toContain(guide);
            const target = /\]\(([^)#]+)/.exec(guide)?.[1] ?? "";
            expect(existsSync(new URL(target, url)), `${locale}: ${target}`).toBe(true);
          }
        }
      }
    } finally {
      profile.realServers = before;
    }
  });

  it("names a connector added beside the product's, from its description alone (the sixth protocol's)", () => {
    const table = connectorProfiles(WITH_SIXTH);
    for (const locale of ["en", "fr"] as const) {
      const section = capabilitySection(locale, table);
      // Its line among the connectors, with its server's name and its demo address.
      expect(section).toContain(
        `| \`${SIXTH_CONNECTOR}\` | ${SIXTH_DESCRIPTION.names.full[locale]} | \`https://demo.qibates.local${SIXTH_DESCRIPTION.addressSuffix}\` |`,
      );
      // Its column in its family's table of capabilities, and none in the other family's.
      const [, families = ""] = section.split(/^### .*Essbase.*$/m);
      const [essbase = "", planning = ""] = families.split(/^### .*Planning.*$/m);
      expect(essbase).toMatch(new RegExp(`^\\| .*\`${SIXTH_CONNECTOR}\` \\|$`, "m"));
      expect(planning).not.toContain(SIXTH_CONNECTOR);
      expect(capabilitySection(locale)).not.toContain(SIXTH_CONNECTOR);
    }
  });
});

/** Sentences of `text` that hold two colons or more (code spans left out). */
function twoColonSentences(text: string): string[] {
  return text
    .replace(/`[^`]*`/g, "code")
    .split(/(?<=[.;!?])\s+/)
    .filter((s) => (s.match(/:/g) ?? []).length >= 2);
}

describe("the reasons the pages are given, in a user's words", () => {
  it("never put two colons in one sentence: a verdict is followed by a colon, so a reason has none", () => {
    const found: string[] = [];
    for (const locale of ["en", "fr"] as const) {
      for (const row of FEATURE_ROWS) {
        for (const c of MATRIX_CONNECTORS) {
          for (const s of twoColonSentences(matrixCell(row, c, locale)))
            found.push(`${row.id} ${c} ${locale}: ${s}`);
        }
      }
      for (const cap of CAPABILITIES) {
        for (const c of MATRIX_CONNECTORS) {
          const why = capabilityVerdict(c, cap.id).why?.[locale];
          if (why?.includes(":")) found.push(`${cap.id} ${c} ${locale}: ${why}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe("the tables of features over servers", () => {
  it("give a row's reasons in its last cell, each distinct reason once; the matrix tells a reason rows share once, in a note under its table", () => {
    for (const locale of ["en", "fr"] as const) {
      // The matrix's tables one by one (a table per group), then a page's table.
      // The matrix says a row's matrixWhy where it has one; a page's table, the full reason.
      const matrix = `${featureMatrix(locale)}\n`;
      const tables: [string, boolean][] = [
        ...matrix.split(/^### /m).map((t): [string, boolean] => [t, true]),
        [
          featureRowsTable(["adhoc", "zoom-in", "open-form", "forms-library", "composite-forms"], locale),
          false,
        ],
        [featureRowsTable(["runtime-prompts"], locale), false],
      ];
      for (const [text, inMatrix] of tables) {
        expect(text).not.toMatch(/^(Why:|Pourquoi\u00a0:)$/m);
        for (const row of FEATURE_ROWS) {
          const line = text
            .split("\n")
            .find((l) => l.startsWith(`| ${row.label[locale]} |`) || l.includes(`[${row.label[locale]}](`));
          if (!line) continue;
          const cells = line.split(" | ");
          const last = (cells.at(-1) ?? "").replace(/ ?\|$/, "");
          for (const c of MATRIX_CONNECTORS) {
            const why = ((inMatrix ? row.matrixWhy?.[c] : undefined) ?? featureVerdict(row, c).why)?.[locale];
            if (!why) continue;
            const said = locale === "fr" ? afterColonFr(why) : why;
            const note = inMatrix
              ? new RegExp(`^(\\d+)\\. ${escapeRegExp(why)}$`, "m").exec(matrix)?.[1]
              : undefined;
            if (note === undefined) {
              expect(last.split(said).length - 1, `${locale} ${row.id} ${c}: ${why}`).toBe(1);
            } else {
              // Told once on the page, under the first table that gives it; the cells point to it; more than one
              // row gives it.
              expect(last, `${locale} ${row.id} ${c}`).toMatch(
                locale === "fr"
                  ? new RegExp(`voir la note ${note} (ci-dessous|sous \\[)`)
                  : new RegExp(`see note ${note} (below|under \\[)`),
              );
              expect(last).not.toContain(said);
              expect(matrix.split(`\n${note}. ${why}\n`).length - 1).toBe(1);
              expect(matrix.split(`note ${note} `).length - 1, `${locale} note ${note}`).toBeGreaterThan(1);
            }
          }
          // The server cells hold the verdict alone.
          for (const cell of cells.slice(1, -1)) expect(cell, line).toMatch(/^\*\*[^*]+\*\*$/);
        }
      }
    }
  });
});

describe("developer-page helpers", () => {
  it("writes the API's and the servers' names of a reason as code, once", () => {
    expect(
      reasonMarkdown(
        "On a real server, nav/listforms is refused (422 QB_ERR_OPERATION_UNSUPPORTED); `nav/openform` reads importdataslice.",
      ),
    ).toBe(
      "On a real server, `nav/listforms` is refused (`422 QB_ERR_OPERATION_UNSUPPORTED`); `nav/openform` reads `importdataslice`.",
    );
    expect(reasonMarkdown("the response's rules field")).toBe("the response's `rules` field");
  });

  it("lists the demo engine's MDX functions and methods from its tables, in both languages", () => {
    for (const locale of ["en", "fr"] as const) {
      const list = mdxFunctionList(locale);
      expect(list).toContain("`CROSSJOIN`");
      expect(list).toContain("`.CHILDREN`");
      expect(list).not.toContain("`.CROSSJOIN`");
    }
  });
});

describe("the settings rows of the matrix", () => {
  it("say Works on Planning and PBCS only for settings a form honours: indentation lays out ad hoc grids only", () => {
    for (const locale of ["en", "fr"] as const) {
      for (const line of featureMatrix(locale).split("\n")) {
        const cells = line.split(" | ");
        const planning = cells[MATRIX_CONNECTORS.indexOf("planning") + 1];
        if (/indentation|mise en retrait/i.test(cells[0] ?? ""))
          expect(planning, `${locale}: ${line}`).toBe(locale === "en" ? "**No**" : "**Non**");
      }
    }
  });
  it("say, where a server looks writable in colour but takes no submit on a real server, that nothing can be submitted", () => {
    // White means "you can change" and yellow "Submit sends these": where every cell comes back writable and the
    // real server takes no write, the Color coding reason must say so rather than promise a submit.
    const row = FEATURE_ROWS.find((r) => r.id === "color-coding");
    expect(row).toBeDefined();
    const noSubmit = MATRIX_CONNECTORS.filter(
      (c) =>
        CONNECTOR_PROFILES[c].family === "essbase" &&
        ["demo", "no"].includes(capabilityVerdict(c, "writeBack").v) &&
        featureVerdict(row as (typeof FEATURE_ROWS)[number], c).v !== "no",
    );
    expect(noSubmit.length).toBeGreaterThan(0);
    for (const c of noSubmit) {
      const why = featureVerdict(row as (typeof FEATURE_ROWS)[number], c).why;
      expect(why?.en, c).toMatch(/cannot submit|not available/);
      expect(why?.fr, c).toMatch(/ne peut en soumettre|n'est pas disponible/);
    }
  });
});

describe("the Ad hoc page's server table", () => {
  it("says No for Planning and PBCS on every row, substitution variables included: they have no ad hoc grid", () => {
    const ids = featurePageRows("QiBates/features/actions/AdHoc.md") ?? [];
    expect(ids.length).toBeGreaterThan(1);
    for (const locale of ["en", "fr"] as const) {
      const word = locale === "en" ? "**No**" : "**Non**";
      for (const line of featureRowsTable(ids, locale).split("\n").slice(2)) {
        const cells = line.split(" | ");
        for (const c of ["planning", "pbcs"] as const)
          expect(cells[MATRIX_CONNECTORS.indexOf(c) + 1], `${locale} ${c}: ${line}`).toBe(word);
      }
    }
  });
});

describe("the MDX functions page's function list", () => {
  const WORDS = {
    en: {
      runs: "Runs here",
      yes: "Yes",
      no: "**No**",
      refused: "Refused:",
      said: /Yes on the (\d+) .* No on the (\d+) /,
    },
    fr: {
      runs: "S'exécute ici",
      yes: "Oui",
      no: "**Non**",
      refused: "Refusée :",
      said: /Oui sur les (\d+) .* Non sur les (\d+) /,
    },
  } as const;
  const tableRows = (list: string) =>
    list
      .split("\n")
      .filter((l) => l.startsWith("| `"))
      .map((l) => l.slice(2, -2).split(" | "));

  it("says in words, in a column of its own, whether the demo engine runs each function (outside read R22 D9)", () => {
    for (const locale of ["en", "fr"] as const) {
      const w = WORDS[locale];
      const list = mdxFunctionList(locale);
      expect(
        list
          .split("\n")
          .find((l) => l.startsWith("| ") && !l.startsWith("| `"))
          ?.split(" | ")[1],
        locale,
      ).toBe(w.runs);
      const rows = tableRows(list);
      expect(rows.length, locale).toBe(functionReference().length);
      for (const r of rows) {
        // No exactly where the note says the function is refused, Yes everywhere else: never a symbol alone.
        expect(r[1], `${locale}: ${r[0]}`).toBe((r[4] ?? "").startsWith(w.refused) ? w.no : w.yes);
      }
      const [, yes, no] = w.said.exec(list) ?? [];
      expect(Number(yes), locale).toBe(rows.filter((r) => r[1] === w.yes).length);
      expect(Number(no), locale).toBe(rows.filter((r) => r[1] === w.no).length);
      expect(Number(no), locale).toBe(oracleCoverage().filter((c) => c.status === "refused").length);
    }
  });

  it("marks Oracle's list on each function of it, a name that is several functions here (xTD) on each of them", () => {
    const coverage = oracleCoverage();
    const names = (c: (typeof coverage)[number]) => new Set([...c.functions, ...c.methods]).size;
    const several = coverage.filter((c) => names(c) > 1);
    expect(several.map((c) => c.name)).toContain("xTD");
    for (const locale of ["en", "fr"] as const) {
      const list = mdxFunctionList(locale);
      const marked = tableRows(list).filter((r) => r[3] === WORDS[locale].yes);
      expect(marked.length, locale).toBe(
        ORACLE_MDX_FUNCTIONS.length - several.length + several.reduce((n, c) => n + names(c), 0),
      );
      // The lead says why the column marks more rows than Oracle lists names.
      for (const c of several) expect(list, locale).toContain(`\`${c.name}\``);
    }
  });
});

describe("long reasons (no walls)", () => {
  it("put each server's reason of a row on a line of its own, a line break MDX pages keep as a tag", () => {
    const row = FEATURE_ROWS.find((r) => r.id === "runtime-prompts");
    expect(row).toBeDefined();
    const fr = rowReasons(row as (typeof FEATURE_ROWS)[number], MATRIX_CONNECTORS, "fr");
    const lines = fr.split("<br/>");
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line).toMatch(/^\*\*[^*]+\*\*\u00a0: /);
    expect(escapeMdx(`${fr} {x} <b>`)).toBe(`${fr} \\{x\\} \\<b>`);
  });

  it("keep every cell of the Features and compatibility matrix, its reasons together, within 600 characters", () => {
    for (const locale of ["en", "fr"] as const) {
      for (const line of featureMatrix(locale)
        .split("\n")
        .filter((l) => l.startsWith("| "))) {
        for (const cell of line.split(" | ")) {
          const text = cell
            .replace(/<br\/>/g, " ")
            .replace(/\*\*/g, "")
            .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
          expect(text.length, `${locale}: ${line.slice(0, 60)}`).toBeLessThanOrEqual(600);
        }
      }
    }
  });

  it("split a capability's note into lines of whole sentences of at most 400 characters", () => {
    const forms = CONNECTOR_PROFILES.pbcs.capabilities.forms;
    const text = forms?.status === "yes" ? forms.realServers?.why.fr : undefined;
    expect(text?.length ?? 0).toBeGreaterThan(600);
    const lines = noteParagraphs(text as string);
    expect(lines.join(" ")).toBe(text);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(400);
  });

  it("write a long note's further lines as paragraphs of its list item, not line breaks inside one block", () => {
    for (const locale of ["en", "fr"] as const) {
      const section = capabilitySection(locale);
      // A line break keeps the whole note one block of the built page, which the walls test counts whole.
      expect(section, locale).not.toContain("<br/>");
      const forms = CONNECTOR_PROFILES.pbcs.capabilities.forms;
      const text = forms?.status === "yes" ? forms.realServers?.why[locale] : undefined;
      const [, second] = noteParagraphs(reasonMarkdown(text as string));
      expect(section, locale).toContain(`\n\n  ${second}\n`);
    }
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
