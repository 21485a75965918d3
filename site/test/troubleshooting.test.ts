import { readFileSync } from "node:fs";
import {
  CAPABILITIES,
  type Capability,
  CONNECTOR_PROFILES,
  CONNECTORS,
  ERROR_CODE_LIST,
  ERROR_CODES,
  formatErrorMessage,
} from "@qibates/provider";
import { describe, expect, it } from "vitest";
import {
  adviceWithLimits,
  blocks,
  CONNECTOR_PAGES,
  connectorBlocks,
  connectorLimits,
  connectorSectionAnchor,
  errorTable,
  type Locale,
  messageAnchor,
  messageAsSeen,
  NOTIFICATION_PAGES,
  PAGES,
  pageBlocks,
  sharedLimits,
  USER_PAGES,
  USER_TOPICS,
  userBlocks,
  userMessageIndex,
  userMessageTable,
  userTopicBlocks,
  userTopicPage,
  withBlocks,
} from "../scripts/troubleshooting.ts";
import { ADVICE, USER_ADVICE, type UserTopic } from "../scripts/troubleshooting-advice.ts";
import { reasonMarkdown } from "../tools/capability-docs.ts";
import { capabilityVerdict, SERVER_NAME } from "../tools/feature-matrix.ts";

const FIX = "run `npx tsx site/scripts/troubleshooting.ts`";
const LOCALES: Locale[] = ["en", "fr"];
const TOPICS = Object.keys(USER_TOPICS) as UserTopic[];

describe("the troubleshooting page's generated blocks", () => {
  it.each(LOCALES)(
    "%s: every block equals a fresh generation from the registry and the capability table",
    (locale) => {
      for (const [page, fresh] of [
        [PAGES[locale], blocks(locale)],
        [CONNECTOR_PAGES[locale], connectorBlocks(locale)],
      ] as const) {
        const source = readFileSync(page, "utf8");
        const written = pageBlocks(source);
        expect(Object.keys(written).sort(), String(page)).toEqual(Object.keys(fresh).sort());
        for (const [name, content] of Object.entries(fresh)) {
          expect(written[name], `${locale} block "${name}": ${FIX}`).toBe(content);
        }
        expect(withBlocks(source, locale, fresh), FIX).toBe(source);
      }
    },
  );

  it.each(LOCALES)(
    "%s: the errors table has one row per registry code, with the registry's status",
    (locale) => {
      const rows = [...errorTable(locale).matchAll(/^\| `(QB_ERR_\w+)` \| (\d{3}) \|/gm)].map((m) => [
        m[1],
        Number(m[2]),
      ]);
      // Registry order, except that a code the server no longer returns comes last.
      const returned = (code: (typeof ERROR_CODE_LIST)[number]) =>
        (ERROR_CODES[code] as { returned?: false }).returned !== false;
      const order = [...ERROR_CODE_LIST.filter(returned), ...ERROR_CODE_LIST.filter((c) => !returned(c))];
      expect(order).toHaveLength(ERROR_CODE_LIST.length);
      expect(rows).toEqual(order.map((code) => [code, ERROR_CODES[code].status]));
    },
  );

  it("a stale block is rewritten (the comparison can fail)", () => {
    const source = readFileSync(PAGES.en, "utf8");
    const stale = source.replace("| `QB_ERR_VALIDATION` | 400 |", "| `QB_ERR_VALIDATION` | 401 |");
    expect(stale).not.toBe(source);
    expect(pageBlocks(stale).errors).not.toBe(blocks("en").errors);
    expect(withBlocks(stale, "en")).toBe(source);
  });

  it("says, for each connector, every capability a real server lacks or has in part, with the table's reason", () => {
    for (const connector of CONNECTORS) {
      for (const locale of LOCALES) {
        // A long reason goes on in paragraphs of the same list item: read the item as one text.
        const text = connectorLimits(connector, locale).replace(/\n\n {2}/g, " ");
        // A reason shared word for word with a connector above is said there, and here by a link to it.
        const shared = sharedLimits(connector, locale);
        for (const [id, support] of Object.entries(CONNECTOR_PROFILES[connector].capabilities)) {
          const why = support.status === "no" ? support.why : support.realServers?.why;
          if (!why) continue;
          if (shared?.capabilities.includes(id as Capability)) {
            const there = connectorLimits(shared.with, locale).replace(/\n\n {2}/g, " ");
            expect(there, `${shared.with} ${locale}`).toContain(reasonMarkdown(why[locale]));
            expect(text, `${connector} ${locale}`).toContain(
              `(#${connectorSectionAnchor(shared.with, locale)})`,
            );
          } else expect(text, `${connector} ${locale}`).toContain(reasonMarkdown(why[locale]));
        }
      }
    }
    // A capability done by the demo only is said to be so, in both languages.
    const demoOnly = Object.entries(CONNECTOR_PROFILES.pbcs.capabilities).find(
      ([, s]) => s.status === "yes" && s.realServers?.status === "no",
    );
    expect(demoOnly).toBeDefined();
    expect(connectorLimits("pbcs", "en")).toMatch(
      /demo server only; a real server returns `422 QB_ERR_OPERATION_UNSUPPORTED`/,
    );
    expect(connectorLimits("pbcs", "fr")).toMatch(/serveur de démonstration seulement/);
  });

  it("says once what PBCS shares with Planning, by a link to Planning's section (outside re-read R23 D5)", () => {
    for (const locale of LOCALES) {
      const page = readFileSync(CONNECTOR_PAGES[locale], "utf8");
      const pbcs = connectorLimits("pbcs", locale);
      const planning = connectorLimits("planning", locale);
      // No list item of Planning's comes again word for word under PBCS.
      for (const item of planning.split("\n- ").slice(1)) expect(pbcs, locale).not.toContain(item.trim());
      expect(sharedLimits("pbcs", locale)?.with).toBe("planning");
      expect(sharedLimits("pbcs", locale)?.capabilities.length).toBeGreaterThanOrEqual(2);
      // The link's anchor is the heading of Planning's section on the page.
      expect(page, locale).toMatch(/^## Planning \(`planning`\)$/m);
      expect(pbcs, locale).toContain("](#planning-planning)");
    }
  });
});

describe("what to do about each code", () => {
  it("is written for every registry code and no other, in both languages", () => {
    expect(Object.keys(ADVICE).sort()).toEqual([...ERROR_CODE_LIST].sort());
    for (const [code, advice] of Object.entries(ADVICE)) {
      expect(advice.en.length, code).toBeGreaterThan(15);
      expect(advice.fr.length, code).toBeGreaterThan(15);
      expect(advice.fr, `${code}: the French advice is the English one`).not.toBe(advice.en);
    }
  });
});

describe("the page names what to ask an administrator", () => {
  it.each(LOCALES)("%s", (locale) => {
    const source = readFileSync(PAGES[locale], "utf8");
    for (const term of [
      "ALLOWED_HOSTS",
      "PROVIDER_CA_FILE",
      "SSAS_XMLA_URLS",
      "msmdpump.dll",
      "SSANCESTORONTOP",
      "AI Studio",
    ]) {
      expect(source, term).toContain(term);
    }
  });
});

describe("the troubleshooting advice consults the capability table", () => {
  it("never sends a reader to a call a real server refuses without saying so, in both languages", () => {
    for (const locale of ["en", "fr"] as const) {
      const table = errorTable(locale);
      for (const line of table.split("\n").slice(2)) {
        const advice = line.split(" | ").at(-1) ?? "";
        for (const [, op] of advice.matchAll(/`((?:nav|action)\/\w+)`/g)) {
          for (const cap of CAPABILITIES.filter((c) => c.operations.includes(op as string))) {
            for (const c of CONNECTORS) {
              if (CONNECTOR_PROFILES[c].family !== cap.family || capabilityVerdict(c, cap.id).v === "works")
                continue;
              expect(advice, `${locale} ${op} ${c}`).toContain(SERVER_NAME[c][locale]);
            }
          }
        }
      }
    }
  });

  it("adds the limit the table gives (Planning and PBCS cannot list forms)", () => {
    expect(adviceWithLimits("Take the form from `nav/listforms`.", "en")).toBe(
      "Take the form from `nav/listforms`. On a real Planning or PBCS server, `nav/listforms` is refused (`422 QB_ERR_OPERATION_UNSUPPORTED`): Planning REST has no documented call that lists forms.",
    );
    expect(adviceWithLimits("Prenez le formulaire dans `nav/listforms`.", "fr")).toBe(
      "Prenez le formulaire dans `nav/listforms`. Sur un serveur Planning ou PBCS réel, `nav/listforms` est refusé (`422 QB_ERR_OPERATION_UNSUPPORTED`)\u00a0: Planning REST n'a pas d'appel documenté qui liste les formulaires.",
    );
  });

  it("says a call a real server does in part works in part, once for every server, and sends to the symptoms", () => {
    expect(adviceWithLimits("Take the dimension from `nav/dimensions`.", "en")).toBe(
      "Take the dimension from `nav/dimensions`. On a real Essbase 11.x, SSAS or Essbase 21c server, `nav/dimensions` works in part: see [Symptoms and limits by connector](connector-limits.md).",
    );
    expect(adviceWithLimits("Add the header `content-type`.", "en")).toBe("Add the header `content-type`.");
  });

  it("says once that a call works in part and is refused for one of its capabilities on the same servers", () => {
    expect(adviceWithLimits("Take the form's cube (`nav/openform`).", "en")).toBe(
      "Take the form's cube (`nav/openform`). On a real Planning or PBCS server, `nav/openform` works in part and is refused for composite forms (`422 QB_ERR_OPERATION_UNSUPPORTED`): see [Symptoms and limits by connector](connector-limits.md).",
    );
    expect(adviceWithLimits("Prenez le cube du formulaire (`nav/openform`).", "fr")).toBe(
      "Prenez le cube du formulaire (`nav/openform`). Sur un serveur Planning ou PBCS réel, `nav/openform` ne fonctionne qu'en partie et est refusé pour les formulaires composites (`422 QB_ERR_OPERATION_UNSUPPORTED`) : voir [Symptômes et limites par connecteur](connector-limits.md).",
    );
  });
});

describe("the user's troubleshooting pages: an index, and one table of messages per task", () => {
  it.each(LOCALES)("%s: each page's block equals a fresh generation from the registry", (locale) => {
    const pages: [URL, Record<string, string>][] = [
      [USER_PAGES[locale], userBlocks(locale)],
      ...TOPICS.map(
        (topic) =>
          [userTopicPage(topic, locale), userTopicBlocks(topic, locale)] as [URL, Record<string, string>],
      ),
    ];
    for (const [page, fresh] of pages) {
      const source = readFileSync(page, "utf8");
      expect(pageBlocks(source), String(page)).toEqual(fresh);
      expect(withBlocks(source, locale, fresh), FIX).toBe(source);
    }
  });

  it.each(LOCALES)(
    "%s: a row for each message a user can meet, on one page only, with the registry's message in the page's language",
    (locale) => {
      const codes = Object.keys(USER_ADVICE) as (keyof typeof USER_ADVICE)[];
      for (const code of [
        "QB_ERR_SESSION_UNKNOWN",
        "QB_ERR_LOGIN_FAILED",
        "QB_ERR_PROVIDER_UNREACHABLE",
        "QB_ERR_MEMBER_UNKNOWN",
        "QB_ERR_CELL_TOO_LONG",
        "QB_ERR_RULE_FAILED",
        "QB_ERR_SESSION_STORE_UNAVAILABLE",
        "QB_ERR_DATA_STORE_UNAVAILABLE",
        "QB_ERR_RATE_LIMITED",
      ] as const) {
        expect(codes).toContain(code);
      }
      const tables = Object.fromEntries(TOPICS.map((topic) => [topic, userMessageTable(locale, topic)]));
      const index = userMessageIndex(locale);
      for (const code of codes) {
        const seen = messageAsSeen(code, locale);
        // What a user reads in the notification (the values filled in) is matched by the row's message.
        const filled = formatErrorMessage(code, sampleParams(code, locale), locale);
        expect(
          new RegExp(`^${seen.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/…/g, ".+")}`).test(filled),
          `${locale} ${code}: ${filled}`,
        ).toBe(true);
        const rows = TOPICS.flatMap((topic) =>
          (tables[topic] ?? "")
            .split("\n")
            .filter((line) => line.startsWith(`| ${seen} |`))
            .map((row) => [topic, row] as const),
        );
        // One row, on the page of the message's task.
        expect(
          rows.map(([topic]) => topic),
          `${locale} ${code}`,
        ).toEqual([USER_ADVICE[code]?.page]);
        // What happened and what to do are both said.
        expect(rows[0]?.[1].split(" | ").filter((c) => c.trim().length > 20).length).toBeGreaterThanOrEqual(
          2,
        );
        // The index lists the message and links it to its row on that page, which holds the anchor.
        const anchor = messageAnchor(code);
        expect(index, `${locale} ${code}`).toContain(
          `](${USER_TOPICS[USER_ADVICE[code]?.page ?? "login"]}#${anchor})`,
        );
        expect(rows[0]?.[1], `${locale} ${code}`).toContain(`<a id="${anchor}"></a>`);
        expect(index.replace(/\\([*_[\]])/g, "$1"), `${locale} ${code}`).toContain(`- [${seen}](`);
      }
    },
  );

  it("quotes the forms messages whole, as the server words them, and says where one goes on", () => {
    const en = userMessageTable("en", "forms");
    const fr = userMessageTable("fr", "forms");
    // The two other wordings of a refused value, as the demo server sends them (engine/src/planning).
    expect(en).toContain('**The form "…" fixes … to "…".**');
    expect(en).toContain('**The rule "…" of plan type … is a … rule, not "…".**');
    expect(fr).toContain("**Le formulaire « … » fixe … à « … ».**");
    expect(fr).toContain("**La règle « … » du type de plan … est de type …, et non « … ».**");
    // A message with an optional end is not quoted as if it stopped there; one that starts with a count, from it.
    expect(en).toContain('| The business rule "…" refused a runtime prompt value… |');
    expect(en).toContain('| The form "…" does not exist… |');
    expect(en).toContain("| … cells changed since the grid was read,");
    expect(fr).toContain("| …\u00a0cellules ont changé depuis la lecture de la grille,");
  });

  it("a topic page's table holds only its own messages, and every topic has some", () => {
    for (const topic of TOPICS) {
      const rows = userMessageTable("en", topic)
        .split("\n")
        .filter((line) => /^\| (?!Message \|)/.test(line) && !line.startsWith("|---"));
      const own = Object.values(USER_ADVICE).filter((a) => a?.page === topic);
      expect(own.length, topic).toBeGreaterThan(0);
      expect(rows.length, topic).toBe(own.length);
    }
  });

  it.each(LOCALES)("%s: no troubleshooting page is a wall of more than 1,500 words", (locale) => {
    for (const page of [USER_PAGES[locale], ...TOPICS.map((topic) => userTopicPage(topic, locale))]) {
      // A row's anchor (<a id="…"></a>) is markup, not words a reader reads.
      const body = readFileSync(page, "utf8")
        .replace(/^---\n[\s\S]*?\n---\n/, "")
        .replace(/<a id="[^"]*"><\/a>/g, "");
      expect(body.split(/\s+/).filter(Boolean).length, String(page)).toBeLessThan(1500);
    }
  });

  it("the Notifications pages and the developer's page link to the tables instead of copying them", () => {
    for (const locale of LOCALES) {
      for (const page of [...NOTIFICATION_PAGES[locale], PAGES[locale]]) {
        const source = readFileSync(page, "utf8");
        expect(source, String(page)).toMatch(/troubleshooting(?:-[a-z]+)?\.md#/);
        const copied = (Object.keys(USER_ADVICE) as (keyof typeof USER_ADVICE)[]).filter((code) => {
          const seen = messageAsSeen(code, locale);
          return source.split("\n").some((line) => /^\|/.test(line) && line.includes(`| ${seen}`));
        });
        expect(copied, String(page)).toEqual([]);
      }
    }
  });
});

/** Values for every placeholder of a message. */
function sampleParams(code: keyof typeof ERROR_CODES, locale: "en" | "fr"): Record<string, string> {
  // A refusal worded by the call that refuses (VALIDATION's sentence): the wording its row says, filled.
  const seen = USER_ADVICE[code]?.[locale].seen;
  if (seen !== undefined && ERROR_CODES[code].en.includes("{sentence}"))
    return { sentence: seen.replace(/…/g, "x42") };
  // The optional parts left out, as a user most often reads the message, unless the row quotes the message as it
  // is read with them (its own wording, "seen"); a value made of words as the server words it.
  const words: Record<string, string> = {
    changed: locale === "fr" ? "2\u00a0cellules ont changé" : "2 cells changed",
  };
  const template =
    seen !== undefined ? ERROR_CODES[code].en : ERROR_CODES[code].en.replace(/\[[^[\]]*\]/g, "");
  return Object.fromEntries(
    [...template.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => [m[1] ?? "", words[m[1] ?? ""] ?? "x42"]),
  );
}
