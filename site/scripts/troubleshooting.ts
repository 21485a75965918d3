// The generated parts of the developer's error pages: on docs/develop/errors-and-limits.md and its French twin,
// the table of errors by registry code (packages/provider/src/error-codes.ts: code, HTTP status, what it means;
// what to do from ./troubleshooting-advice.ts); on docs/develop/connector-limits.md and its twin, per connector,
// what a real server does not do (the capability table, packages/provider/src/capabilities.ts). site/test/troubleshooting.test.ts fails when a page's
// blocks differ from a fresh generation. After changing the registry or the table, run:
//   npx tsx site/scripts/troubleshooting.ts
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  CAPABILITIES,
  type Capability,
  CONNECTOR_NAMES,
  CONNECTOR_PROFILES,
  CONNECTORS,
  type Connector,
  ERROR_CODES,
  type ErrorCode,
  errorCatalogue,
} from "@qibates/provider";
import { reasonMarkdown } from "../tools/capability-docs.ts";
import { SERVER_NAME } from "../tools/feature-matrix.ts";
import { ADVICE, USER_ADVICE, type UserTopic } from "./troubleshooting-advice.ts";

export type Locale = "en" | "fr";

export const PAGES: Record<Locale, URL> = {
  en: new URL("../docs/develop/errors-and-limits.md", import.meta.url),
  fr: new URL(
    "../i18n/fr/docusaurus-plugin-content-docs/current/develop/errors-and-limits.md",
    import.meta.url,
  ),
};

/** The page of symptoms and limits by connector: one section per connector, each with its generated list. */
export const CONNECTOR_PAGES: Record<Locale, URL> = {
  en: new URL("../docs/develop/connector-limits.md", import.meta.url),
  fr: new URL(
    "../i18n/fr/docusaurus-plugin-content-docs/current/develop/connector-limits.md",
    import.meta.url,
  ),
};

/** The add-in user's troubleshooting page: the first checks, and the index of the messages by task. */
export const USER_PAGES: Record<Locale, URL> = {
  en: new URL("../docs/QiBates/troubleshooting.md", import.meta.url),
  fr: new URL(
    "../i18n/fr/docusaurus-plugin-content-docs/current/QiBates/troubleshooting.md",
    import.meta.url,
  ),
};

/**
 * The user's troubleshooting pages by task, each with the table of its messages: topic → file name. Where a task's
 * symptoms and its messages together are longer than a page should be, the messages have a page of their own
 * (`troubleshooting-<task>-messages.md`) and the task's page keeps the symptoms and links to it.
 */
export const USER_TOPICS: Record<UserTopic, string> = {
  login: "troubleshooting-login-messages.md",
  connection: "troubleshooting-connection.md",
  grids: "troubleshooting-grids.md",
  forms: "troubleshooting-forms-messages.md",
};

/** A topic page of the user's troubleshooting, in a locale. */
export function userTopicPage(topic: UserTopic, locale: Locale): URL {
  return new URL(USER_TOPICS[topic], USER_PAGES[locale]);
}

/** The add-in's Notifications pages (Essbase and SSAS; Planning and PBCS), which link to the user's table of messages. */
export const NOTIFICATION_PAGES: Record<Locale, URL[]> = {
  en: [
    new URL("../docs/QiBates/understanding-the-app/understanding-essbase-ssas/ToastFlow.md", import.meta.url),
    new URL(
      "../docs/QiBates/understanding-the-app/understanding-planning-pbcs/ToastFlow.md",
      import.meta.url,
    ),
  ],
  fr: [
    new URL(
      "../i18n/fr/docusaurus-plugin-content-docs/current/QiBates/understanding-the-app/understanding-essbase-ssas/ToastFlow.md",
      import.meta.url,
    ),
    new URL(
      "../i18n/fr/docusaurus-plugin-content-docs/current/QiBates/understanding-the-app/understanding-planning-pbcs/ToastFlow.md",
      import.meta.url,
    ),
  ],
};

/** A registry message as a user reads it in a notification: each value it names as "…", optional parts left out. */
export function messageAsSeen(code: ErrorCode, locale: Locale): string {
  const seen = USER_ADVICE[code]?.[locale].seen;
  if (seen !== undefined) return seen;
  return (
    ERROR_CODES[code][locale]
      .replace(/\[[^[\]]*\]/g, "")
      .replace(/\{[A-Za-z]+\}/g, "…")
      // "…: …." reads "…: …"
      .replace(/…\.$/, "…")
  );
}

/** The anchor of a message's row on its topic page (the same in both languages): QB_ERR_RULE_UNKNOWN → rule-unknown. */
export function messageAnchor(code: ErrorCode): string {
  return code
    .replace(/^QB_ERR_/, "")
    .toLowerCase()
    .replace(/_/g, "-");
}

/** The messages of one topic page, in the order of USER_ADVICE. */
function topicEntries(topic: UserTopic): [ErrorCode, NonNullable<(typeof USER_ADVICE)[ErrorCode]>][] {
  return (Object.entries(USER_ADVICE) as [ErrorCode, NonNullable<(typeof USER_ADVICE)[ErrorCode]>][]).filter(
    ([, advice]) => advice.page === topic,
  );
}

/**
 * The table of the messages an add-in user can see on one task (a topic page of the user's troubleshooting):
 * each message as the registry words it in the page's language, then what happened and what to do in the
 * user's words (./troubleshooting-advice.ts, USER_ADVICE). A message's cases, where it has some, follow its table
 * as a list the row links to, so that no cell is a wall. The messages about the QiBates server itself come
 * last, in a table of their own. Each message is in one table; other pages link to it, none copies it.
 */
export function userMessageTable(locale: Locale, topic: UserTopic): string {
  const words =
    locale === "fr"
      ? {
          head: "| Message | Ce qui s'est passé | Que faire |",
          server: "Messages sur le serveur QiBates lui-même, et non sur votre serveur ou vos données :",
        }
      : {
          head: "| Message | What happened | What to do |",
          server: "Messages about the QiBates server itself, not about your server or your data:",
        };
  const entries = topicEntries(topic);
  const table = (rows: typeof entries): string =>
    [
      words.head,
      "|---|---|---|",
      ...rows.map(
        ([code, advice]) =>
          `| ${cell(messageAsSeen(code, locale))} | <a id="${messageAnchor(code)}"></a>${cell(advice[locale].what)} | ${cell(advice[locale].todo)} |`,
      ),
      // Each message's cases, under the table: a lead with the anchor the row's cells link to, then a list.
      ...rows.flatMap(([code, advice]) => {
        const cases = advice[locale].cases;
        return cases
          ? [
              "",
              `<a id="${messageAnchor(code)}-cases"></a>${cases.lead}`,
              "",
              ...cases.items.map((i) => `- ${i}`),
            ]
          : [];
      }),
    ].join("\n");
  const server = entries.filter(([, a]) => a.server);
  const own = table(entries.filter(([, a]) => !a.server));
  return server.length === 0 ? own : [own, "", words.server, "", table(server)].join("\n");
}

/** The titles of the topic pages, as the index links to them. */
export const TOPIC_TITLES: Record<UserTopic, Record<Locale, string>> = {
  login: { en: "Login and session", fr: "Ouverture et fin de session" },
  connection: { en: "Reaching your server", fr: "Accès à votre serveur" },
  grids: { en: "Grids and data", fr: "Grilles et données" },
  forms: { en: "Forms, rules and submits", fr: "Formulaires, règles et soumissions" },
};

/**
 * The index of the user's troubleshooting page: for each task, its page, then each message it explains, as the
 * user reads it in the notification, linked to its row on that page, so that a reader finds their message and its page.
 */
export function userMessageIndex(locale: Locale): string {
  const lines: string[] = [];
  for (const topic of Object.keys(USER_TOPICS) as UserTopic[]) {
    if (lines.length > 0) lines.push("");
    lines.push(
      `**[${TOPIC_TITLES[topic][locale]}](${USER_TOPICS[topic]})**${locale === "fr" ? " :" : ":"}`,
      "",
    );
    for (const [code] of topicEntries(topic))
      lines.push(
        `- [${messageAsSeen(code, locale).replace(/([*[\]])/g, "\\$1")}](${USER_TOPICS[topic]}#${messageAnchor(code)})`,
      );
  }
  return lines.join("\n");
}

/** The generated blocks of the user's index page: name → content. */
export function userBlocks(locale: Locale): Record<string, string> {
  return { messages: userMessageIndex(locale) };
}

/** The generated blocks of a topic page: name → content. */
export function userTopicBlocks(topic: UserTopic, locale: Locale): Record<string, string> {
  return { messages: userMessageTable(locale, topic) };
}

/**
 * A table cell: no line breaks, no unescaped pipes. A blank line in the text starts a new paragraph of the
 * cell; the cell is still read, and counted by site/test/walls.test.ts, whole.
 */
function cell(text: string): string {
  return text
    .replace(/\s*\n\s*\n\s*/g, "<br/><br/>")
    .replace(/\s*\n\s*/g, " ")
    .replace(/\|/g, "\\|");
}

/** Every registry code: code, HTTP status, what it means, what to do. */
export function errorTable(locale: Locale): string {
  const head =
    locale === "fr"
      ? "| code | statut HTTP | ce que cela signifie | que faire |"
      : "| code | HTTP status | what it means | what to do |";
  const rows = errorCatalogue(locale).map(
    (r) =>
      `| \`${r.code}\` | ${r.status} | ${cell(r.when)} | ${cell(adviceWithLimits(ADVICE[r.code][locale], locale))} |`,
  );
  return [head, "|---|---|---|---|", ...rows].join("\n");
}

/** "A, B or C" / "A, B ou C". */
function orList(items: readonly string[], locale: Locale): string {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${locale === "fr" ? "ou" : "or"} ${items.at(-1)}`;
}

/** The clause of a developer reason that names `op` as refused ("nav/x is refused: why"), if there is one. */
function refusedClause(why: string, op: string, locale: Locale): string | undefined {
  const refused = locale === "fr" ? `${op} est refusé` : `${op} is refused`;
  const clauses = why.split(/\s*;\s+|(?<=\.)\s+/);
  const clause = clauses.find((c) => c.includes(refused));
  if (!clause) return undefined;
  const from = clause.slice(clause.indexOf(refused));
  const code = "(`422 QB_ERR_OPERATION_UNSUPPORTED`)";
  // "nav/x is refused (why)." reads "nav/x is refused (422 …): why."
  const rest = from
    .slice(refused.length)
    .replace(
      /^ \((.*)\)(\.?)$/,
      (_m, why: string, dot: string) => `${locale === "fr" ? " :" : ":"} ${why}${dot}`,
    );
  const text = `\`${op}\` ${locale === "fr" ? "est refusé" : "is refused"} ${code}${rest}`;
  return /[.)]$/.test(text) ? (text.endsWith(")") ? `${text}.` : text) : `${text}.`;
}

/**
 * The advice, followed by what the capability table says of each call it sends the reader to: where a real
 * server refuses that call, the advice says so, with the developer reason of the capability table; where a real
 * server does it only in part, it sends the reader to the connector's symptoms (connector-limits.md). One sentence per kind,
 * naming every server it holds for, so that the advice never sends a reader to a call their server refuses.
 */
export function adviceWithLimits(advice: string, locale: Locale): string {
  const ops = [...advice.matchAll(/`((?:nav|action)\/\w+)`/g)].map((m) => m[1] as string);
  const notes: string[] = [];
  const see =
    locale === "fr"
      ? "voir [Symptômes et limites par connecteur](connector-limits.md)"
      : "see [Symptoms and limits by connector](connector-limits.md)";
  for (const op of new Set(ops)) {
    const caps = CAPABILITIES.filter((c) => c.operations.includes(op));
    const shared = caps.length > 1;
    // Gathered over every capability of the call, so that one server gets one sentence per kind.
    const refused = new Map<string, string[]>();
    const partly = new Set<string>();
    const never = new Set<string>();
    for (const cap of caps) {
      for (const c of CONNECTORS) {
        const profile = CONNECTOR_PROFILES[c];
        if (profile.family !== cap.family) continue;
        const support = profile.capabilities[cap.id];
        const name = SERVER_NAME[c][locale];
        if (!support || support.status === "no") {
          never.add(name);
          continue;
        }
        const real = support.realServers;
        if (!real) continue;
        const why = real.why[locale];
        // A call that several capabilities share (nav/openform: forms and composite forms) is refused only for
        // what this capability covers: the clause names it, or it would say the whole call is refused.
        const scope = shared
          ? locale === "fr"
            ? ` pour les ${cap.label.fr.toLowerCase()}`
            : ` for ${cap.label.en.toLowerCase()}`
          : "";
        const clause =
          refusedClause(why, op, locale) ??
          (real.status === "no"
            ? `\`${op}\` ${locale === "fr" ? "est refusé" : "is refused"}${scope} (\`422 QB_ERR_OPERATION_UNSUPPORTED\`)${locale === "fr" ? " :" : ":"} ${see}.`
            : undefined);
        if (clause) refused.set(clause, [...(refused.get(clause) ?? []), name]);
        else partly.add(name);
      }
    }
    // Where the call works in part and is refused for one of its capabilities on the same servers, one
    // sentence says both: "`op` works in part and is refused for …".
    const lead = `\`${op}\` `;
    for (const [clause, servers] of refused) {
      const where = orList(servers, locale);
      const both = partly.size > 0 && clause.startsWith(lead) && orList([...partly], locale) === where;
      if (both) partly.clear();
      const text = both
        ? `${lead}${locale === "fr" ? "ne fonctionne qu'en partie et" : "works in part and"} ${clause.slice(lead.length)}`
        : clause;
      notes.push(
        locale === "fr" ? `Sur un serveur ${where} réel, ${text}` : `On a real ${where} server, ${text}`,
      );
    }
    if (partly.size > 0) {
      const where = orList([...partly], locale);
      notes.push(
        locale === "fr"
          ? `Sur un serveur ${where} réel, \`${op}\` ne fonctionne qu'en partie : ${see}.`
          : `On a real ${where} server, \`${op}\` works in part: ${see}.`,
      );
    }
    if (never.size > 0) {
      const where = orList([...never], locale);
      notes.push(
        locale === "fr"
          ? `\`${op}\` n'est pas disponible avec ${where}, quel que soit le serveur.`
          : `\`${op}\` is not available with ${where}, on any server.`,
      );
    }
  }
  return [advice, ...notes].join(" ");
}

/** The API calls of a capability, as code. */
function calls(id: Capability): string {
  const info = CAPABILITIES.find((c) => c.id === id);
  return (info?.operations ?? []).map((o) => `\`${o}\``).join(", ");
}

/** The longest paragraph of a list item below, in characters of markdown: the built text stays under 600. */
const ITEM_PARAGRAPH = 520;

/**
 * A list item: what the connector does, then why. A long reason goes on in paragraphs of the same item, cut
 * between sentences, so that no block of the page is a wall (site/test/walls.test.ts).
 */
function listItem(head: string, reason: string): string {
  if (head.length + reason.length < ITEM_PARAGRAPH) return `- ${head} ${reason}`;
  const sentences = reason.split(/(?<=[.)]) (?=[A-Z`«À-Ý])/);
  const paragraphs: string[] = [head];
  for (const sentence of sentences) {
    const last = paragraphs.length - 1;
    const joined = `${paragraphs[last]} ${sentence}`;
    if (joined.length <= ITEM_PARAGRAPH) paragraphs[last] = joined;
    else paragraphs.push(sentence);
  }
  return `- ${paragraphs.join("\n\n  ")}`;
}

/** The words of a connector's list of limits. */
function limitWords(locale: Locale) {
  return locale === "fr"
    ? {
        no: "non disponible avec ce connecteur, quel que soit le serveur",
        realNo:
          "serveur de démonstration seulement ; un serveur réel renvoie `422 QB_ERR_OPERATION_UNSUPPORTED`",
        partly: "en partie sur un serveur réel",
        none: "La table des capacités ne signale aucune limite de ce connecteur sur un serveur réel.",
        intro: "Selon la table des capacités :",
        and: "et",
        as: (section: string) => `comme pour ${section}, pour les mêmes raisons.`,
      }
    : {
        no: "not available with this connector, on any server",
        realNo: "demo server only; a real server returns `422 QB_ERR_OPERATION_UNSUPPORTED`",
        partly: "partly on a real server",
        none: "The capability table lists no limit of this connector on a real server.",
        intro: "From the capability table:",
        and: "and",
        as: (section: string) => `as on ${section}, for the same reasons.`,
      };
}

/** A capability's name and calls, as its list item opens: "**Label** (`calls`)". */
const labelWithCalls = (info: (typeof CAPABILITIES)[number], locale: Locale): string =>
  `**${info.label[locale]}** (${calls(info.id)})`;

/** The list item of each capability `connector` lacks or has in part on a real server, in the table's order. */
function limitItems(connector: Connector, locale: Locale): Map<Capability, string> {
  const profile = CONNECTOR_PROFILES[connector];
  const words = limitWords(locale);
  const items = new Map<Capability, string>();
  for (const info of CAPABILITIES) {
    const support = profile.capabilities[info.id];
    if (!support) continue;
    const label = `${labelWithCalls(info, locale)}${locale === "fr" ? " :" : ":"}`;
    if (support.status === "no") {
      items.set(info.id, listItem(`${label} ${words.no}.`, reasonMarkdown(support.why[locale])));
    } else if (support.realServers) {
      const what = support.realServers.status === "no" ? words.realNo : words.partly;
      items.set(info.id, listItem(`${label} ${what}.`, reasonMarkdown(support.realServers.why[locale])));
    }
  }
  return items;
}

/** The anchor of a connector's section on the page by connector: its heading is "Name (`connector`)". */
export function connectorSectionAnchor(connector: Connector, locale: Locale): string {
  return `${CONNECTOR_NAMES[connector].short[locale]} ${connector}`
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");
}

/**
 * The capabilities whose list item `connector` shares word for word with a connector listed before it on the
 * page, and that connector (the one with most in common), when at least two are shared: the page then says
 * them once (outside re-read R23 D5: the PBCS list repeated five of Planning's items).
 */
export function sharedLimits(
  connector: Connector,
  locale: Locale,
): { with: Connector; capabilities: Capability[] } | undefined {
  const own = limitItems(connector, locale);
  let best: { with: Connector; capabilities: Capability[] } | undefined;
  for (const other of CONNECTORS.slice(0, CONNECTORS.indexOf(connector))) {
    const theirs = limitItems(other, locale);
    const capabilities = [...own.keys()].filter((id) => theirs.get(id) === own.get(id));
    if (capabilities.length >= 2 && capabilities.length > (best?.capabilities.length ?? 0)) {
      best = { with: other, capabilities };
    }
  }
  return best;
}

/** What `connector` does not do (or does in part) on a real server, from the capability table. */
export function connectorLimits(connector: Connector, locale: Locale): string {
  const words = limitWords(locale);
  const items = limitItems(connector, locale);
  if (items.size === 0) return words.none;
  const shared = sharedLimits(connector, locale);
  const lines: string[] = [];
  if (shared) {
    const labels = shared.capabilities.map((id) =>
      labelWithCalls(CAPABILITIES.find((c) => c.id === id) as (typeof CAPABILITIES)[number], locale),
    );
    const list = `${labels.slice(0, -1).join(", ")} ${words.and} ${labels.at(-1)}`;
    const section = `[${CONNECTOR_NAMES[shared.with].short[locale]}](#${connectorSectionAnchor(shared.with, locale)})`;
    lines.push(`- ${list}${locale === "fr" ? " :" : ":"} ${words.as(section)}`);
  }
  for (const [id, item] of items) if (!shared?.capabilities.includes(id)) lines.push(item);
  return [words.intro, "", ...lines].join("\n");
}

/** The generated blocks of the errors page (`PAGES`): name → content. */
export function blocks(locale: Locale): Record<string, string> {
  return { errors: errorTable(locale) };
}

/** The generated blocks of the page by connector (`CONNECTOR_PAGES`): name → content. */
export function connectorBlocks(locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  for (const connector of CONNECTORS) out[`limits ${connector}`] = connectorLimits(connector, locale);
  return out;
}

const open = (name: string): string =>
  `<!-- generated:${name} by site/scripts/troubleshooting.ts from the registry and the capability table -->`;
const close = (name: string): string => `<!-- end generated:${name} -->`;

/** The blocks a page holds, as written: name → content (between its markers, trimmed). */
export function pageBlocks(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(
    /<!-- generated:([\w -]+?) by [^>]*-->\n([\s\S]*?)\n<!-- end generated:\1 -->/g,
  )) {
    out[m[1] ?? ""] = (m[2] ?? "").trim();
  }
  return out;
}

/** The page with every block replaced by a fresh generation (a block's markers must already be there). */
export function withBlocks(
  source: string,
  locale: Locale,
  fresh: Record<string, string> = blocks(locale),
): string {
  let text = source;
  for (const [name, content] of Object.entries(fresh)) {
    const start = text.indexOf(open(name));
    const end = text.indexOf(close(name));
    if (start < 0 || end < start)
      throw new Error(`troubleshooting (${locale}): no block "${name}" in the page`);
    text = `${text.slice(0, start)}${open(name)}\n\n${content}\n\n${text.slice(end)}`;
  }
  return text;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const locale of ["en", "fr"] as const) {
    for (const [page, fresh] of [
      [PAGES[locale], blocks(locale)],
      [CONNECTOR_PAGES[locale], connectorBlocks(locale)],
      [USER_PAGES[locale], userBlocks(locale)],
      ...(Object.keys(USER_TOPICS) as UserTopic[]).map(
        (topic) => [userTopicPage(topic, locale), userTopicBlocks(topic, locale)] as const,
      ),
    ] as const) {
      const source = readFileSync(page, "utf8");
      const written = withBlocks(source, locale, fresh);
      if (written !== source) {
        writeFileSync(page, written);
        process.stdout.write(`wrote ${fileURLToPath(page)}\n`);
      }
    }
  }
}
