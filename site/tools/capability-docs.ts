import { functionReference, ORACLE_MDX_FUNCTION_LIST_SOURCE, oracleCoverage } from "@qibates/engine/mdx";
import {
  CAPABILITIES,
  type Capability,
  CONNECTOR_PROFILES,
  CONNECTORS,
  type Connector,
  type ConnectorProfile,
  type Family,
  type RealServerSupport,
  type Text,
} from "@qibates/provider";
import {
  FEATURE_ROWS,
  type FeatureRow,
  featureMatrix,
  featureRowsTable,
  featureVerdict,
  MATRIX_CONNECTORS,
  SERVER_NAME,
  VERDICT_WORDS,
  type Verdict,
} from "./feature-matrix.ts";

/**
 * Every per-connector statement of the documentation, in English and French, written from the capability table:
 * the last section of the "Features and compatibility" page (the API's table), that page's add-in tables, and the
 * generated blocks of the other pages (`GENERATED_PAGES`: each feature page's demo-only note and "Behaviour by
 * connector" status, the Connect reference pages' lists, the introduction, the release notes).
 * `site/scripts/write-capability-docs.ts` writes them; tests fail when a page and the table differ
 * (site/test/capability-docs.test.ts, site/test/generated-blocks.test.ts).
 */

export type DocLocale = "en" | "fr";

const WORDS = {
  en: {
    heading: "## What the API does with each connector",
    intro: [
      "The QiBates REST API follows the capability table below, the one `GET /qibates/api/v2/health` returns: an operation marked **No** returns `422` with `QB_ERR_OPERATION_UNSUPPORTED` before any server is called, and the demo server behaves as that kind of server does.",
      'A capability marked **Demo only** is done by the demo server, but not by a real server reached with that connector, because its protocol has no documented call for it: the call returns `422` with `QB_ERR_OPERATION_UNSUPPORTED`. **Yes, partly on real servers** means that a real server does part of it; the note says which part. In `GET /qibates/api/v2/health`, **No** is `supported: false`, **Demo only** is `onRealServers: "no"` and **Yes, partly on real servers** is `onRealServers: "partly"`.',
    ],
    realHeading: "### Which connectors reach real servers",
    realNone:
      "**None yet.** Today the API returns data from its embedded demo server only (Sample.Basic for the Essbase family, Vision for the planning family), at the demo addresses below, whatever the connector. A real server address, even one on the allow-list (`ALLOWED_HOSTS`), is refused at login with `502 QB_ERR_PROVIDER_ERROR`: QiBates has no client of those servers' protocols yet.",
    realSome: (real: string, demoOnly: string) =>
      `**${real}.** A login with ${real.includes(",") || real.includes(" and ") ? "these connectors" : "this connector"} to an address on the allow-list (\`ALLOWED_HOSTS\`) reaches that server. With ${demoOnly}, the API returns data from its embedded demo server only (Sample.Basic for the Essbase family, Vision for the planning family), at the demo addresses below: a real server address, even one on the allow-list, is refused at login with \`502 QB_ERR_PROVIDER_ERROR\`, because QiBates has no client of those servers' protocols yet.`,
    realAll:
      "**Every connector.** A login to an address on the allow-list (`ALLOWED_HOSTS`) reaches that server (`realServers` in `GET /qibates/api/v2/health`); the embedded demo server serves the demo addresses below.",
    realGuides: (links: string) =>
      `For the address, the network settings and what each call does on the server, see ${links}.`,
    /** The page that explains how to reach a real server with each connector that can (a link from this page). */
    guides: {
      essbase: "[Connect QiBates to Essbase 11.x (Provider Services)](../admin/connect-essbase-11.md)",
      "essbase-stndln": "[Connect QiBates to an Essbase 21c server](../admin/connect-essbase-21c.md)",
      ssas: "[Connect QiBates to Microsoft Analysis Services (SSAS)](../admin/connect-ssas.md)",
      planning: "[Connect QiBates to Planning and EPM Cloud](../admin/connect-planning.md)",
    } as Partial<Record<Connector, string>>,
    realHealth:
      "`GET /qibates/api/v2/health` returns the same information for each connector, in its `realServers` field.",
    /** Who the demo addresses respond to (after `realHealth`, or alone when `realAll` has said where it is). */
    demoLogins:
      "The demo addresses respond in demo mode (`QIBATES_DEMO`), with user `demo` and password `demo`, and, with `QIBATES_SNAPSHOTS`, to the users of `QIBATES_SNAPSHOT_USERS` for their snapshots, demo mode or not (see [Serve snapshots to your own users](../admin/snapshot-users.md)).",
    and: "and",
    connector: "Connector",
    server: "Server",
    demoAddress: "Demo address",
    families: { essbase: "### Essbase family", planning: "### Planning family" } as Record<Family, string>,
    capability: "Capability",
    calls: "API calls",
    realServers: "Real servers",
    notYet: "Not yet",
    yes: "Yes",
    no: "No",
    demoOnly: "Demo only",
    partly: "Yes, partly on real servers",
    notes: "Why, row by row:",
    inNote: { no: "no", demo: "demo only", partly: "partly on real servers" } as Record<NoteVerdict, string>,
  },
  fr: {
    heading: "## Ce que fait l'API avec chaque connecteur",
    intro: [
      "L'API REST de QiBates suit la table des capacités ci-dessous, celle que renvoie `GET /qibates/api/v2/health` : une opération marquée **Non** renvoie `422` avec `QB_ERR_OPERATION_UNSUPPORTED` avant tout appel à un serveur, et le serveur de démonstration se comporte comme ce type de serveur.",
      'Une capacité marquée **Démo seulement** est assurée par le serveur de démonstration, mais pas par un serveur réel joint avec ce connecteur, car son protocole n\'a pas d\'appel documenté pour cela : l\'appel renvoie `422` avec `QB_ERR_OPERATION_UNSUPPORTED`. Avec **Oui, en partie sur serveur réel**, un serveur réel en fait une partie ; la note dit laquelle. Dans `GET /qibates/api/v2/health`, **Non** correspond à `supported: false`, **Démo seulement** à `onRealServers: "no"` et **Oui, en partie sur serveur réel** à `onRealServers: "partly"`.',
    ],
    realHeading:
      "### Connecteurs qui joignent des serveurs réels {#connecteurs-qui-joignent-des-serveurs-reels}",
    realNone:
      "**Aucun pour l'instant.** Aujourd'hui, l'API répond uniquement depuis son serveur de démonstration intégré (Sample.Basic pour la famille Essbase, Vision pour la famille Planning), aux adresses de démonstration ci-dessous, quel que soit le connecteur. Une adresse de serveur réel, même présente dans la liste des hôtes autorisés (`ALLOWED_HOSTS`), est refusée à la connexion avec `502 QB_ERR_PROVIDER_ERROR` : QiBates n'a pas encore de client pour les protocoles de ces serveurs.",
    realSome: (real: string, demoOnly: string) =>
      `**${real}.** Une connexion avec ${real.includes(",") || real.includes(" et ") ? "ces connecteurs" : "ce connecteur"} à une adresse de la liste des hôtes autorisés (\`ALLOWED_HOSTS\`) joint ce serveur. Avec ${demoOnly}, l'API répond uniquement depuis son serveur de démonstration intégré (Sample.Basic pour la famille Essbase, Vision pour la famille Planning), aux adresses de démonstration ci-dessous : une adresse de serveur réel, même présente dans la liste des hôtes autorisés, est refusée à la connexion avec \`502 QB_ERR_PROVIDER_ERROR\`, car QiBates n'a pas encore de client pour les protocoles de ces serveurs.`,
    realAll:
      "**Tous les connecteurs.** Une connexion à une adresse de la liste des hôtes autorisés (`ALLOWED_HOSTS`) joint ce serveur (`realServers` dans `GET /qibates/api/v2/health`) ; le serveur de démonstration intégré sert les adresses de démonstration ci-dessous.",
    realGuides: (links: string) =>
      `Pour l'adresse, les réglages réseau et ce que fait chaque appel sur le serveur, voir ${links}.`,
    guides: {
      essbase: "[Connecter QiBates à Essbase 11.x (Provider Services)](../admin/connect-essbase-11.md)",
      "essbase-stndln": "[Connecter QiBates à un serveur Essbase 21c](../admin/connect-essbase-21c.md)",
      ssas: "[Connecter QiBates à Microsoft Analysis Services (SSAS)](../admin/connect-ssas.md)",
      planning: "[Connecter QiBates à Planning et EPM Cloud](../admin/connect-planning.md)",
    } as Partial<Record<Connector, string>>,
    realHealth:
      "`GET /qibates/api/v2/health` donne la même information pour chaque connecteur, dans son champ `realServers`.",
    demoLogins:
      "Les adresses de démonstration répondent en mode démonstration (`QIBATES_DEMO`), avec l'utilisateur `demo` et le mot de passe `demo`, et, avec `QIBATES_SNAPSHOTS`, aux utilisateurs de `QIBATES_SNAPSHOT_USERS` pour leurs instantanés, en mode démonstration ou non (voir [Servir des instantanés à vos propres utilisateurs](../admin/snapshot-users.md)).",
    and: "et",
    connector: "Connecteur",
    server: "Serveur",
    demoAddress: "Adresse de démonstration",
    families: { essbase: "### Famille Essbase", planning: "### Famille Planning" } as Record<Family, string>,
    capability: "Capacité",
    calls: "Appels de l'API",
    realServers: "Serveurs réels",
    notYet: "Pas encore",
    yes: "Oui",
    no: "Non",
    demoOnly: "Démo seulement",
    partly: "Oui, en partie sur serveur réel",
    notes: "Pourquoi, ligne par ligne :",
    inNote: { no: "non", demo: "démo seulement", partly: "en partie sur serveur réel" } as Record<
      NoteVerdict,
      string
    >,
  },
};

type NoteVerdict = "no" | "demo" | "partly";

/** Names of the API and of the servers' calls that a reason gives as plain text (it also reaches `GET /health`). */
const CODE_NAMES = [
  /\b(?:nav|action)\/[a-zA-Z]+\b/g,
  /\b(?:\d{3} )?QB_ERR_[A-Z_]+\b/g,
  /GET …\/forms\/\{form\}\/data/g,
  /\bstorage null\b/g,
  /(?<=champ )rules\b|\brules(?= field)/g,
  /\b(?:UPDATE CUBE|RULES|WriteBack|importdataslice|exportdataslice|enableLargeCellSubmit)\b/g,
  /\b(?:EnumBusinessRules|EnumRunTimePrompts|EnumAliasTables)\b/g,
  /\bsettings\.zoomInMode\b|\b(?:NEXT_LEVEL|ALL_LEVELS|BOTTOM_LEVEL|SIBLING_LEVEL|SAME_LEVEL)\b/g,
];

/**
 * A capability reason for a developer page: the API's and the servers' names in it (`nav/openform`,
 * `422 QB_ERR_OPERATION_UNSUPPORTED`, `importdataslice`…) as code; text already in code is left as it is.
 */
export function reasonMarkdown(text: string): string {
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, i) =>
      i % 2 === 1 ? part : CODE_NAMES.reduce((t, re) => t.replace(re, (m) => `\`${m}\``), part),
    )
    .join("");
}

/**
 * The reasons of a capability table, keyed by the rows they explain rather than numbered: one bullet per reason,
 * naming its rows (in bold), the connectors and their verdict, then the reason. A reader goes from a row to its
 * reason by the row's name, not by a footnote number.
 */
class RowNotes {
  private readonly list: { why: Text; verdict: NoteVerdict; labels: string[]; connectors: string[] }[] = [];
  add(label: string, connector: string, verdict: NoteVerdict, why: Text): void {
    let note = this.list.find((n) => n.why.en === why.en && n.verdict === verdict);
    if (!note) {
      note = { why, verdict, labels: [], connectors: [] };
      this.list.push(note);
    }
    if (!note.labels.includes(label)) note.labels.push(label);
    if (!note.connectors.includes(connector)) note.connectors.push(connector);
  }
  lines(locale: DocLocale): string[] {
    const w = WORDS[locale];
    if (this.list.length === 0) return [];
    return [
      "",
      w.notes,
      "",
      ...this.list.map((n) => {
        const [first, ...more] = noteParagraphs(reasonMarkdown(n.why[locale]));
        const head = `- **${n.labels.join("**, **")}** — ${n.connectors.map((c) => `\`${c}\``).join(", ")}, ${w.inNote[n.verdict]}. ${first}`;
        // Each further paragraph of the note is a paragraph of the same item, not a line break in one block.
        return [head, ...more.map((p) => `\n  ${p}`)].join("\n");
      }),
    ];
  }
}

/** Longest paragraph of a row's note, in characters: a reader takes in a note of a few sentences at once. */
const NOTE_PARAGRAPH = 400;

/**
 * A row's note as paragraphs of whole sentences, each at most {@link NOTE_PARAGRAPH} characters unless one
 * sentence is longer, each a paragraph of the note's list item: some reasons of the capability table run to 700
 * characters in French.
 */
export function noteParagraphs(text: string): string[] {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z`«(])/u);
  const out: string[] = [];
  for (const sentence of sentences) {
    const last = out.length - 1;
    if (last >= 0 && out[last].length + 1 + sentence.length <= NOTE_PARAGRAPH) out[last] += ` ${sentence}`;
    else out.push(sentence);
  }
  return out;
}

function familyTable(family: Family, locale: DocLocale, table: ProfileTable): string[] {
  const w = WORDS[locale];
  const connectors = Object.keys(table).filter((c) => profileIn(table, c).family === family);
  const notes = new RowNotes();
  const lines = [
    w.families[family],
    "",
    `| ${w.capability} | ${w.calls} | ${connectors.map((c) => `\`${c}\``).join(" | ")} |`,
    `|---|---|${connectors.map(() => "---").join("|")}|`,
  ];
  // The "Real servers" row only while some connector of the family has none (the table above says which do).
  if (connectors.some((c) => !profileIn(table, c).realServers))
    lines.push(
      `| ${w.realServers} | | ${connectors.map((c) => (profileIn(table, c).realServers ? w.yes : w.notYet)).join(" | ")} |`,
    );
  for (const cap of CAPABILITIES.filter((c) => c.family === family)) {
    const cells = connectors.map((c) => {
      const s = profileIn(table, c).capabilities[cap.id];
      if (s?.status === "no") {
        notes.add(cap.label[locale], c, "no", s.why);
        return w.no;
      }
      const real = s?.realServers;
      if (real) {
        notes.add(cap.label[locale], c, real.status === "no" ? "demo" : "partly", real.why);
        return real.status === "no" ? w.demoOnly : w.partly;
      }
      return w.yes;
    });
    const calls = cap.operations.map((o) => `\`${o}\``).join(", ");
    lines.push(`| ${cap.label[locale]} | ${calls} | ${cells.join(" | ")} |`);
  }
  lines.push(...notes.lines(locale));
  return lines;
}

/** A capability table: one profile per connector value, in the order the lists name them. */
type ProfileTable = Readonly<Record<string, ConnectorProfile>>;

const profileIn = (table: ProfileTable, connector: string): ConnectorProfile => {
  const profile = table[connector];
  if (!profile) throw new Error(`no profile for ${connector}`);
  return profile;
};

/** Host of the embedded demo provider (the server answers it in demo mode only). */
const DEMO_HOST = "demo.qibates.local";

/** The connectors whose `realServers` is true, in the table's order. */
export function realServerConnectors(table: ProfileTable = CONNECTOR_PROFILES): string[] {
  return Object.keys(table).filter((c) => profileIn(table, c).realServers);
}

function listOf(connectors: readonly string[], locale: DocLocale): string {
  return joined(
    connectors.map((c) => `\`${c}\``),
    locale,
  );
}

function joined(items: readonly string[], locale: DocLocale): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${WORDS[locale].and} ${items.at(-1)}`;
}

/** The connection guides of the connectors that reach real servers (none for a demo-only connector). */
export function realServerGuides(locale: DocLocale, table: ProfileTable = CONNECTOR_PROFILES): string[] {
  return realServerConnectors(table).flatMap((c) => WORDS[locale].guides[c as Connector] ?? []);
}

/** Which connectors reach real servers, written from `realServers`, with each connector's demo address. */
function realServersPart(locale: DocLocale, table: ProfileTable): string[] {
  const w = WORDS[locale];
  const real = realServerConnectors(table);
  const demoOnly = Object.keys(table).filter((c) => !real.includes(c));
  const statement =
    real.length === 0
      ? w.realNone
      : demoOnly.length === 0
        ? w.realAll
        : w.realSome(listOf(real, locale), listOf(demoOnly, locale));
  const guides = realServerGuides(locale, table);
  // With every connector reaching real servers, `realAll` says so once: no `realHealth` sentence, no column of "Yes".
  const all = demoOnly.length === 0;
  return [
    w.realHeading,
    "",
    statement,
    "",
    ...(guides.length > 0 ? [w.realGuides(joined(guides, locale)), ""] : []),
    all ? w.demoLogins : `${w.realHealth} ${w.demoLogins}`,
    "",
    `| ${w.connector} | ${w.server} | ${all ? "" : `${w.realServers} | `}${w.demoAddress} |`,
    all ? "|---|---|---|" : "|---|---|---|---|",
    ...Object.keys(table).map((c) => {
      const p = profileIn(table, c);
      const cell = all ? "" : `${p.realServers ? w.yes : w.notYet} | `;
      return `| \`${c}\` | ${p.server[locale]} | ${cell}\`https://${DEMO_HOST}${p.providerAddressSuffix}\` |`;
    }),
  ];
}

/**
 * The section, from its heading to the end of the page: its lists of connectors written from `table` (the
 * product's capability table; a test gives the table of other descriptions to see a new connector named).
 */
export function capabilitySection(locale: DocLocale, table: ProfileTable = CONNECTOR_PROFILES): string {
  const w = WORDS[locale];
  const lines = [w.heading, "", ...w.intro.flatMap((p) => [p, ""]), ...realServersPart(locale, table), ""];
  lines.push(...familyTable("essbase", locale, table), "", ...familyTable("planning", locale, table));
  return `${lines.join("\n")}\n`;
}

/** The heading the section starts with, to find it in a page. */
export function capabilityHeading(locale: DocLocale): string {
  return WORDS[locale].heading;
}

// ---------------------------------------------------------------------------------------------------------------
// Generated blocks of the other pages: every per-connector statement the documentation makes is written here,
// from the capability table, and `site/scripts/write-capability-docs.ts` writes it between
// markers. A test compares each block with a fresh generation (site/test/generated-blocks.test.ts).

/**
 * How a block starts and ends in a page: an HTML comment in a Markdown page, an MDX comment in an MDX page
 * (MDX has no HTML comments); Docusaurus shows neither.
 */
export const blockStart = (name: string, mdx = false) =>
  comment(`generated:${name} from the capability table: run site/scripts/write-capability-docs.ts`, mdx);
export const blockEnd = (name: string, mdx = false) => comment(`end generated:${name}`, mdx);
const comment = (text: string, mdx: boolean) => (mdx ? `{/* ${text} */}` : `<!-- ${text} -->`);

/**
 * Text made safe for an MDX page: braces and `<` outside inline code are escaped, so that a reason such as
 * "GET …/forms/{form}/data" stays text instead of becoming a JavaScript expression or a tag. The line break
 * the generators put between a cell's reasons (`<br/>`) stays a tag.
 */
export function escapeMdx(text: string): string {
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/([{}]|<(?!br\/>))/g, "\\$1")))
    .join("");
}

/** True when a page is compiled as MDX (its front matter says `format: mdx`). */
export function isMdxPage(source: string): boolean {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(source)?.[1] ?? "";
  return /^\s+format:\s*mdx\s*$/m.test(front);
}

/** The matrix of "Features and compatibility": feature × server, each cell a verdict, each reason once under its table in the reader's words. */
export function addinTables(locale: DocLocale): string {
  return featureMatrix(locale);
}

/**
 * The Connect page of each connector (the task page: the address, the network rules, a first grid), and its
 * reference page ("… what works and what fails"), whose section `anchor` lists what a real server does not do.
 */
const NOT_AVAILABLE: Text = {
  en: "what-is-not-available-and-why",
  fr: "ce-qui-nest-pas-disponible-et-pourquoi",
};
const CANNOT_DO: Text = {
  en: "what-a-real-server-cannot-do-through-qibates",
  fr: "ce-quun-serveur-réel-ne-peut-pas-faire-par-qibates",
};

interface ConnectGuide {
  page: string;
  title: Text;
  reference: { page: string; anchor: Text; title: Text };
}

const PLANNING_GUIDE: ConnectGuide = {
  page: "../admin/connect-planning.md",
  title: { en: "Connect QiBates to Planning and EPM Cloud", fr: "Connecter QiBates à Planning et EPM Cloud" },
  reference: {
    page: "../admin/connect-planning-reference.md",
    anchor: CANNOT_DO,
    title: {
      en: "Planning and EPM Cloud: what works and what fails",
      fr: "Planning et EPM Cloud : ce qui fonctionne et ce qui échoue",
    },
  },
};

const CONNECT_PAGE: Record<Connector, ConnectGuide> = {
  essbase: {
    page: "../admin/connect-essbase-11.md",
    title: { en: "Connect QiBates to Essbase 11.x", fr: "Connecter QiBates à Essbase 11.x" },
    reference: {
      page: "../admin/connect-essbase-11-reference.md",
      anchor: NOT_AVAILABLE,
      title: {
        en: "Essbase 11.x: what works and what fails",
        fr: "Essbase 11.x : ce qui fonctionne et ce qui échoue",
      },
    },
  },
  ssas: {
    page: "../admin/connect-ssas.md",
    title: { en: "Connect QiBates to SSAS", fr: "Connecter QiBates à SSAS" },
    reference: {
      page: "../admin/connect-ssas-reference.md",
      anchor: NOT_AVAILABLE,
      title: { en: "SSAS: what works and what fails", fr: "SSAS : ce qui fonctionne et ce qui échoue" },
    },
  },
  "essbase-stndln": {
    page: "../admin/connect-essbase-21c.md",
    title: { en: "Connect QiBates to Essbase 21c", fr: "Connecter QiBates à Essbase 21c" },
    reference: {
      page: "../admin/connect-essbase-21c-reference.md",
      anchor: NOT_AVAILABLE,
      title: {
        en: "Essbase 21c: what works and what fails",
        fr: "Essbase 21c : ce qui fonctionne et ce qui échoue",
      },
    },
  },
  planning: PLANNING_GUIDE,
  pbcs: PLANNING_GUIDE,
};

const PAGE_WORDS = {
  en: {
    capability: "Capability",
    calls: "API calls",
    why: "Why:",
    statusIntro: (table: string) =>
      `What each connector does with a real server, from the capability table (the same as in ${table}):`,
    admonitionTitle: "On real servers",
    demoOnly: (what: string, connectors: string) =>
      `**${what}**: demo server only with ${connectors}; a real server returns \`422 QB_ERR_OPERATION_UNSUPPORTED\`.`,
    partly: (what: string, connectors: string) =>
      `**${what}**: only in part on a real server with ${connectors}.`,
    see: (links: string) => `Why, and what a real server does instead: ${links}.`,
  },
  fr: {
    capability: "Capacité",
    calls: "Appels de l'API",
    why: "Pourquoi :",
    statusIntro: (table: string) =>
      `Ce que fait chaque connecteur avec un serveur réel, d'après la table des capacités (la même que dans ${table}) :`,
    admonitionTitle: "Sur les serveurs réels",
    demoOnly: (what: string, connectors: string) =>
      `**${what}** : serveur de démonstration seulement avec ${connectors} ; un serveur réel renvoie \`422 QB_ERR_OPERATION_UNSUPPORTED\`.`,
    partly: (what: string, connectors: string) =>
      `**${what}** : en partie seulement sur un serveur réel avec ${connectors}.`,
    see: (links: string) => `Pourquoi, et ce que fait un serveur réel à la place : ${links}.`,
  },
};

const TABLE_LINK: Record<DocLocale, (root: string) => string> = {
  en: (root) =>
    `[What the API does with each connector](${root}features-compatibility.md#what-the-api-does-with-each-connector)`,
  fr: (root) =>
    `[Ce que fait l'API avec chaque connecteur](${root}features-compatibility.md#ce-que-fait-lapi-avec-chaque-connecteur)`,
};

/** The capabilities of `caps` as API-table rows over `connectors`, with their reasons (a table per family). */
function capabilityRows(
  caps: readonly Capability[],
  connectorsOf: (family: Family) => readonly Connector[],
  locale: DocLocale,
): string[] {
  const w = WORDS[locale];
  const lines: string[] = [];
  for (const family of ["essbase", "planning"] as const) {
    const rows = CAPABILITIES.filter((c) => c.family === family && caps.includes(c.id));
    const connectors = connectorsOf(family);
    if (rows.length === 0 || connectors.length === 0) continue;
    const notes = new RowNotes();
    if (lines.length > 0) lines.push("");
    lines.push(`| ${w.capability} | ${w.calls} | ${connectors.map((c) => `\`${c}\``).join(" | ")} |`);
    lines.push(`|---|---|${connectors.map(() => "---").join("|")}|`);
    for (const cap of rows) {
      const cells = connectors.map((c) => {
        const s = CONNECTOR_PROFILES[c].capabilities[cap.id];
        if (!s || s.status === "no") {
          if (s) notes.add(cap.label[locale], c, "no", s.why);
          return w.no;
        }
        if (s.realServers) {
          notes.add(
            cap.label[locale],
            c,
            s.realServers.status === "no" ? "demo" : "partly",
            s.realServers.why,
          );
          return s.realServers.status === "no" ? w.demoOnly : w.partly;
        }
        return w.yes;
      });
      lines.push(
        `| ${cap.label[locale]} | ${cap.operations.map((o) => `\`${o}\``).join(", ")} | ${cells.join(" | ")} |`,
      );
    }
    lines.push(...notes.lines(locale));
  }
  return lines;
}

const connectorsOfFamily = (family: Family) =>
  CONNECTORS.filter((c) => CONNECTOR_PROFILES[c].family === family);

/** The "Behaviour by connector" block of a feature page: the capability table's rows for what the page is about. */
export function behaviourBlock(caps: readonly Capability[], locale: DocLocale, root: string): string {
  const p = PAGE_WORDS[locale];
  return [
    p.statusIntro(TABLE_LINK[locale](root)),
    "",
    ...capabilityRows(caps, connectorsOfFamily, locale),
  ].join("\n");
}

/** The note at the top of a feature page when part of it is demo only, or partial, on some real server. */
export function realServerAdmonition(caps: readonly Capability[], locale: DocLocale, root: string): string {
  const p = PAGE_WORDS[locale];
  const bullets: string[] = [];
  const pages = new Set<Connector>();
  for (const cap of CAPABILITIES.filter((c) => caps.includes(c.id))) {
    for (const status of ["no", "partly"] as const) {
      const connectors = CONNECTORS.filter(
        (c) =>
          CONNECTOR_PROFILES[c].capabilities[cap.id]?.status === "yes" &&
          (CONNECTOR_PROFILES[c].capabilities[cap.id] as { realServers?: RealServerSupport }).realServers
            ?.status === status,
      );
      if (connectors.length === 0) continue;
      for (const c of connectors) pages.add(c);
      const list = listOf(connectors, locale);
      bullets.push(
        `- ${status === "no" ? p.demoOnly(cap.label[locale], list) : p.partly(cap.label[locale], list)}`,
      );
    }
  }
  if (bullets.length === 0) return "";
  const links = [
    ...new Map([...pages].map((c) => [CONNECT_PAGE[c].reference.page, CONNECT_PAGE[c].reference])).values(),
  ].map((g) => `[${g.title[locale]}](${root}${g.page}#${g.anchor[locale]})`);
  return [
    `:::caution[${p.admonitionTitle}]`,
    "",
    ...bullets,
    "",
    p.see(joined(links, locale)),
    "",
    ":::",
  ].join("\n");
}

/**
 * The Connect page's list, for the administrator: the add-in's features that a real server reached with
 * `connectors` does only in part or not at all, in the reader's words of the feature matrix (the calls and
 * statuses are the developer's, on the capability table page it links to).
 */
export function connectBlock(connectors: readonly Connector[], locale: DocLocale): string {
  const ids = FEATURE_ROWS.filter((row) =>
    connectors.some((c) => {
      const { v, from } = featureVerdict(row, c);
      // What these servers do less than the demo, not what a server of this kind never has.
      return v !== "works" && !(v === "no" && from !== "table");
    }),
  ).map((row) => row.id);
  const intro =
    locale === "en"
      ? "What users of this server type can do only in part, or on the demo server only, in the words of [Features and compatibility](../QiBates/features-compatibility.md); every other feature works. For developers, the same limits call by call are in [What the API does with each connector](../develop/capability-table.md#what-the-api-does-with-each-connector): a call a real server cannot serve returns `422` with `QB_ERR_OPERATION_UNSUPPORTED` and changes nothing."
      : "Ce que les utilisateurs de ce type de serveur ne peuvent faire qu'en partie, ou seulement sur le serveur de démonstration, dans les termes de [Fonctionnalités et compatibilité](../QiBates/features-compatibility.md) ; toute autre fonctionnalité fonctionne. Pour les développeurs, les mêmes limites, appel par appel, sont dans [Ce que fait l'API avec chaque connecteur](../develop/capability-table.md#ce-que-fait-lapi-avec-chaque-connecteur) : un appel qu'un serveur réel ne peut pas servir renvoie `422` avec `QB_ERR_OPERATION_UNSUPPORTED` et ne change rien.";
  return [intro, "", featureRowsTable(ids, locale, connectors)].join("\n");
}

/** A documentation page with generated blocks, by its path under the docs folder (the same in both languages). */
export interface GeneratedPage {
  /** The folder the path is under: the docs (default) or the changelog. */
  site?: "docs" | "changelog";
  path: string;
  /**
   * A page of the add-in's user (docs/QiBates): its "real-servers" block goes right before its first section, under
   * the title, the lead and the picture, and its server table ("What each server allows") is its last section.
   */
  userPage?: boolean;
  blocks: (locale: DocLocale) => Record<string, string>;
}

/**
 * The user pages and the matrix rows each is about (the "Works on" line under its lead and its "what each server
 * allows"). The first row is the page's own feature: the "Works on" line gives each server its verdict, and the
 * other rows' only where they differ from it.
 */
const FEATURE_PAGE_ROWS: Record<string, readonly string[]> = {
  "QiBates/features/actions/AdHoc.md": ["adhoc", "grid-variables"],
  "QiBates/features/actions/Refresh.md": ["refresh"],
  "QiBates/features/actions/Zoom.md": ["zoom-in", "zoom-in-more", "zoom-formulas", "zoom-out"],
  "QiBates/features/actions/KeepRemoveOnly.md": ["keep-remove-only"],
  "QiBates/features/actions/Pivot.md": ["pivot"],
  "QiBates/features/actions/Submit.md": ["submit"],
  "QiBates/features/actions/Cascade.md": ["cascade"],
  "QiBates/features/actions/OpenForm.md": ["open-form", "forms-library", "composite-forms"],
  "QiBates/features/actions/TaskLists.md": ["task-lists"],
  "QiBates/features/actions/RunRule.md": ["business-rules", "runtime-prompts"],
  "QiBates/features/features/MemberSelection.md": ["member-selection", "substitution-variables"],
  "QiBates/features/features/FormLinks.md": ["form-links"],
  "QiBates/features/features/POV.md": ["pov"],
  "QiBates/features/features/Prediction.md": ["predictions"],
  "QiBates/features/features/DataIntegration.md": ["data-import", "data-export"],
  "QiBates/features/settings/DisplayCodeAndAlias.md": ["code-and-alias", "alias-tables"],
  "QiBates/features/settings/SubmitWithLargeCell.md": ["large-cell"],
  "QiBates/features/settings/ColorCoding.md": ["color-coding"],
};

/**
 * Feature pages of one family only: the ad hoc grid's (Essbase and SSAS; Planning and PBCS have forms, whose submit
 * has a page of its own) and the forms' and rules' (Planning and PBCS; Essbase has saved grids and calculation
 * scripts). The servers their "Works on" line gives a verdict and their server table shows, and the entry that tells
 * the other family's users what they have instead.
 */
const PAGE_SERVERS: Record<string, { connectors: readonly Connector[]; others: Record<DocLocale, string> }> =
  {
    "QiBates/features/actions/AdHoc.md": {
      connectors: ["essbase", "essbase-stndln", "ssas"],
      others: {
        en: "Planning and PBCS: no, open a form instead ([Open a Planning form](OpenForm.md))",
        fr: "Planning et PBCS\u00a0: non, ouvrez plutôt un formulaire ([Ouvrir un formulaire Planning](OpenForm.md))",
      },
    },
    "QiBates/features/actions/Zoom.md": {
      connectors: ["essbase", "essbase-stndln", "ssas"],
      others: {
        en: "Planning and PBCS: no, a form's rows and columns are those of its definition",
        fr: "Planning et PBCS\u00a0: non, les lignes et les colonnes d'un formulaire sont celles de sa définition",
      },
    },
    "QiBates/features/actions/OpenForm.md": {
      connectors: ["planning", "pbcs"],
      others: {
        en: "Essbase 11.x, Essbase 21c and SSAS: no, their [Forms Library](../../understanding-the-app/understanding-essbase-ssas/FormsLibrary.md) holds your saved grids",
        fr: "Essbase 11.x, Essbase 21c et SSAS\u00a0: non, leur [bibliothèque de formulaires](../../understanding-the-app/understanding-essbase-ssas/FormsLibrary.md) contient vos grilles enregistrées",
      },
    },
    "QiBates/features/actions/RunRule.md": {
      connectors: ["planning", "pbcs"],
      others: {
        en: "Essbase 11.x and Essbase 21c: run a calculation script from the [Forms Library](../../understanding-the-app/understanding-essbase-ssas/FormsLibrary.md) instead · SSAS: no, it has neither business rules nor calculation scripts",
        fr: "Essbase 11.x et Essbase 21c\u00a0: lancez plutôt un script de calcul depuis la [bibliothèque de formulaires](../../understanding-the-app/understanding-essbase-ssas/FormsLibrary.md) · SSAS\u00a0: non, il n'a ni règles métier ni scripts de calcul",
      },
    },
    "QiBates/features/actions/Submit.md": {
      connectors: ["essbase", "essbase-stndln", "ssas"],
      others: {
        en: "Planning and PBCS: forms — [Submit a Planning form](SubmitForm.md)",
        fr: "Planning et PBCS\u00a0: formulaires — [Soumettre un formulaire Planning](SubmitForm.md)",
      },
    },
  };

/**
 * User pages whose "what each server allows" is written by hand (a setting that reads differently per server): the
 * "Works on" line only, from the matrix rows the page is about; none means every server does it in full.
 */
const WORKS_ON_ONLY_PAGE_ROWS: Record<string, readonly string[]> = {
  "QiBates/features/features/ConnectionsView.md": [],
  "QiBates/features/features/Types.md": [],
  "QiBates/features/actions/SubmitForm.md": ["submit"],
  "QiBates/features/settings/DefaultPositionNewGrid.md": ["layout-settings"],
  "QiBates/features/settings/Freeze.md": ["layout-settings"],
  "QiBates/features/settings/KeepConditionalFormatting.md": ["layout-settings"],
  "QiBates/features/settings/MergeCells.md": ["layout-settings"],
  "QiBates/features/settings/NumberPrecision.md": ["layout-settings"],
  "QiBates/features/settings/ResizeColumns.md": ["layout-settings"],
  "QiBates/features/settings/MissingLabel.md": ["missing-label"],
  "QiBates/features/settings/MissingZero.md": ["missing-label"],
  "QiBates/features/settings/MissingSuppression.md": ["missing-suppression"],
  "QiBates/features/settings/NavigationWithoutData.md": ["navigation-without-data"],
  "QiBates/features/settings/UnknownMemberIndication.md": ["adhoc"],
  "QiBates/features/settings/WithoutIndentation.md": ["indentation"],
  ...Object.fromEntries(
    [
      "Applications",
      "BurgerMenu",
      "Connections",
      "FormsLibrary",
      "Login",
      "MemberSelection",
      "Settings",
      "ToastFlow",
    ].map((page) => [`QiBates/understanding-the-app/understanding-essbase-ssas/${page}.md`, []]),
  ),
};

/**
 * User pages whose "Works on" line is not a matrix verdict but says what each server has, by hand: Cell types is
 * about the cells a server has (Essbase and SSAS cells are numbers), not a feature that works or not.
 */
const ESSBASE_SCREENS = "QiBates/understanding-the-app/understanding-essbase-ssas";
/** The line of an Essbase/SSAS screen every server of the family shows whole. */
const ESSBASE_FAMILY_ALL = {
  en: "**Works on:** Essbase 11.x, Essbase 21c and SSAS (Planning and PBCS have screens of their own)",
  fr: "**Fonctionne avec\u00a0:** Essbase 11.x, Essbase 21c et SSAS (Planning et PBCS ont leurs propres écrans)",
};

const WORKS_ON_TEXT: Record<string, Record<DocLocale, string>> = {
  // The Essbase/SSAS screens: what each server of the family shows, the differences told under "On each server".
  [`${ESSBASE_SCREENS}/Applications.md`]: ESSBASE_FAMILY_ALL,
  [`${ESSBASE_SCREENS}/Connections.md`]: ESSBASE_FAMILY_ALL,
  [`${ESSBASE_SCREENS}/Login.md`]: ESSBASE_FAMILY_ALL,
  [`${ESSBASE_SCREENS}/BurgerMenu.md`]: {
    en: "**Works on:** Essbase 11.x, Essbase 21c and SSAS; the Data Integration screen's import into Essbase 11.x: [demo only](#on-each-server), into SSAS: [partly](#on-each-server)",
    fr: "**Fonctionne avec\u00a0:** Essbase 11.x, Essbase 21c et SSAS\u202f; l'import de l'écran Intégration de données vers Essbase 11.x\u00a0: [démo seulement](#selon-le-serveur), vers SSAS\u00a0: [en partie](#selon-le-serveur)",
  },
  [`${ESSBASE_SCREENS}/Settings.md`]: {
    en: "**Works on:** Essbase 11.x, Essbase 21c and SSAS; a few settings differ by server ([On each server](#on-each-server))",
    fr: "**Fonctionne avec\u00a0:** Essbase 11.x, Essbase 21c et SSAS\u202f; quelques paramètres diffèrent selon le serveur ([Selon le serveur](#selon-le-serveur))",
  },
  [`${ESSBASE_SCREENS}/MemberSelection.md`]: {
    en: "**Works on:** Essbase 11.x and Essbase 21c: yes · SSAS: [partly](#on-each-server) (no UDAs)",
    fr: "**Fonctionne avec\u00a0:** Essbase 11.x et Essbase 21c\u00a0: oui · SSAS\u00a0: [en partie](#selon-le-serveur) (pas d'UDA)",
  },
  [`${ESSBASE_SCREENS}/ToastFlow.md`]: {
    en: "**Works on:** Essbase 11.x, Essbase 21c and SSAS; the messages of a submit on Essbase 11.x: [demo only](#on-each-server)",
    fr: "**Fonctionne avec\u00a0:** Essbase 11.x, Essbase 21c et SSAS\u202f; les messages d'une soumission sur Essbase 11.x\u00a0: [démo seulement](#selon-le-serveur)",
  },
  [`${ESSBASE_SCREENS}/FormsLibrary.md`]: {
    en: "**Works on:** saved grids on Essbase 11.x, Essbase 21c and SSAS · calculation scripts on Essbase 11.x and Essbase 21c, [not on SSAS](#on-each-server)",
    fr: "**Fonctionne avec\u00a0:** grilles enregistrées sur Essbase 11.x, Essbase 21c et SSAS · scripts de calcul sur Essbase 11.x et Essbase 21c, [pas sur SSAS](#selon-le-serveur)",
  },
  // The Planning screens: every server of the family shows them; what only the demo server lists, under "On each server".
  "QiBates/understanding-the-app/understanding-planning-pbcs/Applications.md": {
    en: "**Works on:** Planning and PBCS (Essbase and SSAS have screens of their own); the list of forms, composite forms and task lists: [demo only](#on-each-server)",
    fr: "**Fonctionne avec\u00a0:** Planning et PBCS (Essbase et SSAS ont leurs propres écrans)\u202f; la liste des formulaires, les formulaires composites et les listes de tâches\u00a0: [démo seulement](#selon-le-serveur)",
  },
  "QiBates/understanding-the-app/understanding-planning-pbcs/BurgerMenu.md": {
    en: "**Works on:** Planning and PBCS (Essbase and SSAS have a menu of their own); the list of forms and task lists: [demo only](#on-each-server)",
    fr: "**Fonctionne avec\u00a0:** Planning et PBCS (Essbase et SSAS ont leur propre menu)\u202f; la liste des formulaires et les listes de tâches\u00a0: [démo seulement](#selon-le-serveur)",
  },
  "QiBates/understanding-the-app/understanding-planning-pbcs/Pov.md": {
    en: "**Works on:** Planning and PBCS; on your company's server, a form opens [by its name](#on-each-server)",
    fr: "**Fonctionne avec\u00a0:** Planning et PBCS\u202f; sur le serveur de votre entreprise, un formulaire s'ouvre [par son nom](#selon-le-serveur)",
  },
  // Submitting a form: the Planning family has forms, the Essbase family submits an ad hoc grid instead.
  "QiBates/features/actions/SubmitForm.md": {
    en: "**Works on:** Planning and PBCS: [partly](#what-each-server-allows) (rules on save) · Essbase 11.x, Essbase 21c and SSAS have no forms: [submit an ad hoc grid](Submit.md)",
    fr: "**Fonctionne avec\u00a0:** Planning et PBCS\u00a0: [en partie](#ce-que-permet-chaque-serveur) (règles à l'enregistrement) · Essbase 11.x, Essbase 21c et SSAS n'ont pas de formulaires\u00a0: [soumettez une grille ad hoc](Submit.md)",
  },
  "QiBates/features/features/Types.md": {
    en: "**Works on:** Planning and PBCS: number, text and Smart List cells · Essbase 11.x, Essbase 21c and SSAS: number cells only",
    fr: "**Fonctionne avec :** Planning et PBCS : cellules numériques, texte et de liste dynamique · Essbase 11.x, Essbase 21c et SSAS : cellules numériques seulement",
  },
};

/**
 * Pages without a "what each server allows" section where the reader still meets a server's limit (the screens of
 * the "Understanding the app" pages): a line naming those features, server by server.
 */
const NOTE_ONLY_PAGE_ROWS: Record<string, readonly string[]> = {
  "QiBates/understanding-the-app/understanding-planning-pbcs/Applications.md": [
    "forms-library",
    "composite-forms",
    "task-lists",
  ],
  "QiBates/understanding-the-app/understanding-planning-pbcs/Pov.md": ["open-form"],
  "QiBates/understanding-the-app/understanding-planning-pbcs/BurgerMenu.md": ["forms-library", "task-lists"],
  "QiBates/understanding-the-app/understanding-essbase-ssas/DataIntegration.md": ["data-import"],
  "QiBates/understanding-the-app/understanding-essbase-ssas/Predictions.md": ["predictions"],
};

/** The kind of server an Understanding page is about, from its folder; none for the shared feature pages. */
function pageFamily(path: string): Family | undefined {
  if (path.includes("/understanding-planning-pbcs/")) return "planning";
  if (path.includes("/understanding-essbase-ssas/")) return "essbase";
  return undefined;
}

/** The matrix rows a user page is about (for tests). */
export function featurePageRows(path: string): readonly string[] | undefined {
  return FEATURE_PAGE_ROWS[path] ?? WORKS_ON_ONLY_PAGE_ROWS[path] ?? NOTE_ONLY_PAGE_ROWS[path];
}

const READER_WORDS = {
  en: {
    title: "What each server allows",
    intro: (admin: string) =>
      `Works, Partly, Demo only (the demo server does it, your real server does not) or No; where your server decides, see ${admin}:`,
    admin: "[What your server allows]",
  },
  fr: {
    title: "Ce que permet chaque serveur",
    intro: (admin: string) =>
      `Oui, En partie, Démo seulement (le serveur de démonstration le fait, votre serveur réel non) ou Non\u202f; là où votre serveur décide, voir ${admin}\u00a0:`,
    admin: "[Ce que permet votre serveur]",
  },
};

/** The words of the line under a user page's lead that says, server by server, whether the page's feature works. */
const WORKS_ON_WORDS = {
  en: {
    lead: "Works on:",
    /** A user page's server table, where each verdict's reason is. */
    anchor: "#what-each-server-allows",
    verdict: { works: "yes", partly: "partly", demo: "demo only", no: "no" } as Record<Verdict, string>,
    features: "On your company's server:",
  },
  fr: {
    lead: "Fonctionne avec :",
    anchor: "#ce-que-permet-chaque-serveur",
    verdict: { works: "oui", partly: "en partie", demo: "démo seulement", no: "non" } as Record<
      Verdict,
      string
    >,
    features: "Sur le serveur de votre entreprise :",
  },
};

function featureRow(id: string): FeatureRow {
  const row = FEATURE_ROWS.find((r) => r.id === id);
  if (!row) throw new Error(`unknown feature row ${id}`);
  return row;
}

/**
 * The "Works on" line of a user page, under its lead and picture, in place of a box of refusals: each server with
 * the verdict of the page's feature (its first row; none: every server does it), and, in brackets, the other rows
 * of the page where they differ from it ("Essbase 21c and SSAS: yes (Zoom In: formulas — no)"). Servers with the
 * same entry are named together. Each verdict other than yes links to `link`, where its reason is: the page's
 * server table. A row's `worksOn` words, where it has them, name it and its "partly" in a reader's words.
 */
export function worksOnLine(
  ids: readonly string[],
  locale: DocLocale,
  link: string = WORKS_ON_WORDS[locale].anchor,
  connectors: readonly Connector[] = MATRIX_CONNECTORS,
): string {
  const w = WORKS_ON_WORDS[locale];
  const rows = ids.map(featureRow);
  const word = (v: Verdict, row?: FeatureRow) => {
    if (v === "works") return w.verdict[v];
    const partly = v === "partly" ? row?.worksOn?.partly?.[locale] : undefined;
    return `[${partly ?? w.verdict[v]}](${link})`;
  };
  const groups: { servers: Connector[]; text: string }[] = [];
  for (const c of connectors) {
    const main: Verdict = rows[0] ? featureVerdict(rows[0], c).v : "works";
    const others = new Map<Verdict, string[]>();
    const phrases: string[] = [];
    for (const row of rows.slice(1)) {
      const { v } = featureVerdict(row, c);
      if (v === main) continue;
      const instead = v === "works" ? undefined : row.worksOn?.instead?.[locale];
      if (instead) phrases.push(instead.replace(/\[([^\]]+)\]/, `[$1](${link})`));
      else others.set(v, [...(others.get(v) ?? []), row.worksOn?.label?.[locale] ?? row.label[locale]]);
    }
    const except = [
      ...[...others].map(([v, labels]) => `${joined(labels, locale)} — ${word(v)}`),
      ...phrases,
    ];
    const text = `${word(main, rows[0])}${except.length ? ` (${except.join(locale === "fr" ? " ; " : "; ")})` : ""}`;
    const same = groups.find((g) => g.text === text);
    if (same) same.servers.push(c);
    else groups.push({ servers: [c], text });
  }
  const colon = locale === "fr" ? " : " : ": ";
  const entries = groups.map(
    (g) =>
      `${joined(
        g.servers.map((c) => SERVER_NAME[c][locale]),
        locale,
      )}${colon}${g.text}`,
  );
  return `**${w.lead}** ${entries.join(" · ")}`;
}

/**
 * The line under the lead of a page about a screen rather than a feature (the "Understanding the app" pages): the
 * features of the screen that a server of the page's kind does only in part, on the demo server only, or not at
 * all, each with those servers and verdicts ("Forms Library (list forms) and Task lists — Planning and PBCS: demo
 * only"); the verdicts link to `link`, where the reasons are. Empty when every server does every feature.
 */
export function featuresLine(
  ids: readonly string[],
  locale: DocLocale,
  link: string,
  family?: Family,
): string {
  const w = WORKS_ON_WORDS[locale];
  const colon = locale === "fr" ? " : " : ": ";
  const servers = MATRIX_CONNECTORS.filter((c) => !family || CONNECTOR_PROFILES[c].family === family);
  // Each row as its servers by verdict ("Essbase 11.x: demo only, SSAS: partly"); rows that read the same are
  // named together.
  const groups: { labels: string[]; text: string }[] = [];
  for (const row of ids.map(featureRow)) {
    const byVerdict = new Map<Verdict, Connector[]>();
    for (const c of servers) {
      const { v } = featureVerdict(row, c);
      if (v !== "works") byVerdict.set(v, [...(byVerdict.get(v) ?? []), c]);
    }
    if (byVerdict.size === 0) continue;
    const text = [...byVerdict]
      .map(
        ([v, cs]) =>
          `${joined(
            cs.map((c) => SERVER_NAME[c][locale]),
            locale,
          )}${colon}[${w.verdict[v]}](${link})`,
      )
      .join(", ");
    const same = groups.find((g) => g.text === text);
    if (same) same.labels.push(row.label[locale]);
    else groups.push({ labels: [row.label[locale]], text });
  }
  if (groups.length === 0) return "";
  return `**${w.features}** ${groups.map((g) => `${joined(g.labels, locale)} — ${g.text}`).join(" · ")}`;
}

/** The administrator's page that holds what a server decides for the features of a user page's folder or name. */
export function adminPageOf(path: string): string {
  if (path.startsWith("QiBates/features/settings/")) return "server-allows-settings.md";
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (["OpenForm.md", "TaskLists.md", "RunRule.md", "FormLinks.md"].includes(name))
    return "server-allows-forms.md";
  if (["MemberSelection.md", "ConnectionsView.md"].includes(name)) return "server-allows-essbase-ssas.md";
  return "server-allows-grids.md";
}

/** A user page's "what each server allows": the matrix rows of the page, in the reader's words. */
export function readerBehaviour(
  ids: readonly string[],
  locale: DocLocale,
  root: string,
  path: string,
  connectors: readonly Connector[] = MATRIX_CONNECTORS,
): string {
  const w = READER_WORDS[locale];
  // A table of Works only repeats the page's "Works on" line, which then names every server with yes: none.
  const rows = ids.map(featureRow);
  if (rows.every((row) => connectors.every((c) => featureVerdict(row, c).v === "works"))) return "";
  const admin = `${w.admin}(${root}../admin/${adminPageOf(path)})`;
  return [w.intro(admin), "", featureRowsTable(ids, locale, connectors)].join("\n");
}

/** The reference page of each Connect page ("… what works and what fails"), which holds its "not-available" block. */
const CONNECT_PAGES: Record<string, readonly Connector[]> = {
  "admin/connect-essbase-11-reference.md": ["essbase"],
  "admin/connect-ssas-reference.md": ["ssas"],
  "admin/connect-essbase-21c-reference.md": ["essbase-stndln"],
  "admin/connect-planning-reference.md": ["planning", "pbcs"],
};

/** Every page with generated blocks, and what each block holds. */
export const GENERATED_PAGES: readonly GeneratedPage[] = [
  { path: "QiBates/features-compatibility.md", blocks: (locale) => ({ addin: addinTables(locale) }) },
  ...Object.entries(FEATURE_PAGE_ROWS).map(([path, ids]) => {
    const root = "../".repeat(path.split("/").length - 2);
    return {
      path,
      userPage: true,
      blocks: (locale: DocLocale) => {
        const servers = PAGE_SERVERS[path];
        if (!servers)
          return {
            "real-servers": worksOnLine(ids, locale),
            behaviour: readerBehaviour(ids, locale, root, path),
          };
        const line = worksOnLine(ids, locale, WORKS_ON_WORDS[locale].anchor, servers.connectors);
        return {
          "real-servers": `${line} · ${servers.others[locale]}`,
          behaviour: readerBehaviour(ids, locale, root, path, servers.connectors),
        };
      },
    };
  }),
  ...Object.entries(WORKS_ON_ONLY_PAGE_ROWS).map(([path, ids]) => ({
    path,
    userPage: true,
    blocks: (locale: DocLocale) => ({
      "real-servers": WORKS_ON_TEXT[path]?.[locale] ?? worksOnLine(ids, locale),
    }),
  })),
  ...Object.entries(NOTE_ONLY_PAGE_ROWS).map(([path, ids]) => {
    const root = "../".repeat(path.split("/").length - 2);
    return {
      path,
      userPage: true,
      blocks: (locale: DocLocale) => ({
        "real-servers":
          WORKS_ON_TEXT[path]?.[locale] ??
          featuresLine(ids, locale, `${root}features-compatibility.md`, pageFamily(path)),
      }),
    };
  }),
  ...Object.entries(CONNECT_PAGES).map(([path, connectors]) => ({
    path,
    blocks: (locale: DocLocale) => ({ "not-available": connectBlock(connectors, locale) }),
  })),
  {
    path: "intro.md",
    blocks: (locale: DocLocale) => ({ "real-servers": introNote(locale) }),
  },
  {
    path: "develop/mdx-functions.md",
    blocks: (locale: DocLocale) => ({ "mdx-functions": mdxFunctionList(locale) }),
  },
  {
    path: "admin/move-from-1x.md",
    blocks: (locale: DocLocale) => ({ "demo-only": demoOnlyTable(locale) }),
  },
];

/**
 * "Plan the move from QiBates 1.x": the add-in's features that QiBates 2.x does on its demo server only, not on a
 * real server of that kind, from the same rows as the matrix of "Features and compatibility" (which read the
 * capability table): one line per servers and reason, with the features it holds for.
 */
export function demoOnlyTable(locale: DocLocale): string {
  const head =
    locale === "en"
      ? ["| Feature | Servers | Why |", "|---|---|---|"]
      : ["| Fonctionnalité | Serveurs | Pourquoi |", "|---|---|---|"];
  // One line per servers and reason: features that the same servers leave to the demo server for the same reason
  // share it, so that a reason is never stated twice (Submit data and Data integration, on Essbase 11.x).
  const lines = new Map<string, { labels: { text: string; link: string }[]; servers: string; why: string }>();
  for (const row of FEATURE_ROWS) {
    const byReason = new Map<string, Connector[]>();
    for (const c of MATRIX_CONNECTORS) {
      const { v, why } = featureVerdict(row, c);
      if (v !== "demo") continue;
      const text = why?.[locale] ?? "";
      byReason.set(text, [...(byReason.get(text) ?? []), c]);
    }
    const text = row.label[locale];
    const link = row.page ? `[${text}](../QiBates/${row.page})` : text;
    for (const [why, connectors] of byReason) {
      const servers = joined(
        connectors.map((c) => SERVER_NAME[c][locale]),
        locale,
      );
      const key = `${servers}\n${why}`;
      const line = lines.get(key) ?? { labels: [], servers, why };
      line.labels.push({ text, link });
      lines.set(key, line);
    }
  }
  // A label that another of its line begins with is that one's case ("Substitution variables in a grid" is one of
  // "Substitution variables"): the shorter one stands for both.
  const cells = [...lines.values()].map(({ labels, servers, why }) => {
    const kept = labels.filter((l) => !labels.some((o) => o !== l && l.text.startsWith(`${o.text} `)));
    return `| ${joined(
      kept.map((l) => l.link),
      locale,
    )} | ${servers} | ${why} |`;
  });
  if (cells.length === 0)
    return locale === "en"
      ? "Every feature that works on the demo server works on a real server of the same kind."
      : "Toute fonctionnalité qui fonctionne sur le serveur de démonstration fonctionne sur un serveur réel du même type.";
  return [...head, ...cells].join("\n");
}

/**
 * "MDX functions of the demo engine" (develop/mdx-functions.md, split from "MDX queries"): every
 * function and method of the demo engine's tables (`functionReference` of the engine: the table
 * `MDX_FUNCTION_NAMES` and MDSCHEMA_FUNCTIONS read), how each is written, whether it is on Oracle's list, the
 * engine's reading where readings differ (Essbase's and the SSAS address's), and the functions of Oracle's list the
 * engine refuses, with the reason.
 */
export function mdxFunctionList(locale: DocLocale): string {
  const rows = functionReference();
  const coverage = oracleCoverage();
  const refusedOracle = coverage.filter((c) => c.status === "refused").length;
  const engineNames = (c: (typeof coverage)[number]) => [...new Set([...c.functions, ...c.methods])];
  const several = coverage.filter((c) => engineNames(c).length > 1);
  const code = (n: string) => `\`${n}\``;
  const manyEn = several
    .map(
      (c) =>
        `Oracle's ${code(c.name)} is ${engineNames(c).length} functions here (${engineNames(c).map(code).join(", ")})`,
    )
    .join("; ");
  const manyFr = several
    .map(
      (c) =>
        `le ${code(c.name)} d'Oracle est ici ${engineNames(c).length} fonctions (${engineNames(c).map(code).join(", ")})`,
    )
    .join(" ; ");
  const run = rows.filter((r) => !r.refused).length;
  const oracleLink = (label: string) => `[${label}](${ORACLE_MDX_FUNCTION_LIST_SOURCE.url})`;
  // The lead says what the columns mean, nothing more (outside read R22 D9): "Runs here" in words, and why "Oracle's
  // list" says Yes on more rows than Oracle lists names (a name that is several functions here, `xTD`, is a row each).
  const en = locale === "en";
  const w = en
    ? {
        lead: [
          `"Runs here" says Yes on the ${run} functions and methods the demo engine runs, and No on the ${refusedOracle} functions of ${oracleLink("Oracle's MDX function list")} it refuses, whose note says why. "Oracle's list" says Yes on the functions of that list${several.length ? `; ${manyEn}` : ""}.`,
          "",
          "Where Microsoft's MDX (SSAS) reads a function otherwise, the note says so; a query sent to the SSAS address (`/olap/msmdpump.dll`) numbers `Levels(n)` from the root, as Microsoft does. The XMLA endpoint's `MDSCHEMA_FUNCTIONS` lists every function that runs, except `CASE`, an expression rather than a function.",
        ].join("\n"),
        head: "| Function | Runs here | Written | Oracle's list | Notes |",
        yes: "Yes",
        no: "**No**",
        refused: (why: string) =>
          `Refused: the query returns \`422 QB_ERR_MDX_INVALID\`, whose message names the function and says why: it ${why}.`,
        ssas: "Sent by XMLA clients (SSAS).",
      }
    : {
        lead: [
          `« S'exécute ici » dit Oui sur les ${run} fonctions et méthodes qu'exécute le moteur de démonstration, et Non sur les ${refusedOracle} fonctions de la ${oracleLink("liste des fonctions MDX d'Oracle")} qu'il refuse, dont la remarque dit pourquoi. « Liste d'Oracle » dit Oui sur les fonctions de cette liste${several.length ? ` ; ${manyFr}` : ""}.`,
          "",
          "Là où le MDX de Microsoft (SSAS) lit une fonction autrement, la remarque le dit ; une requête envoyée à l'adresse SSAS (`/olap/msmdpump.dll`) numérote `Levels(n)` depuis la racine, comme Microsoft. Le `MDSCHEMA_FUNCTIONS` du point d'accès XMLA liste toutes les fonctions exécutées, sauf `CASE`, qui est une expression et non une fonction.",
        ].join("\n"),
        head: "| Fonction | S'exécute ici | Écriture | Liste d'Oracle | Remarques |",
        yes: "Oui",
        no: "**Non**",
        refused: (why: string) =>
          `Refusée : la requête renvoie \`422 QB_ERR_MDX_INVALID\`, dont le message nomme la fonction et dit pourquoi : elle ${why}.`,
        ssas: "Envoyée par les clients XMLA (SSAS).",
      };
  const cell = (s: string) => s.replaceAll("|", "\\|");
  const lines = rows.map((r) => {
    const written = [...(r.call ? [`\`${r.name}(…)\``] : []), ...(r.method ? [`\`.${r.name}\``] : [])].join(
      ", ",
    );
    const notes = [
      ...(r.refused ? [w.refused(r.refused[locale])] : []),
      ...(r.note ? [r.note[locale]] : []),
      ...(r.ssas ? [w.ssas] : []),
    ].join(" ");
    return `| \`${r.name}\` | ${r.refused ? w.no : w.yes} | ${r.name === "CASE" ? "`CASE … END`" : written} | ${r.oracle ? w.yes : ""} | ${cell(notes)} |`;
  });
  return [w.lead, "", w.head, "| --- | --- | --- | --- | --- |", ...lines].join("\n");
}

/** The introduction's sentence on real servers: a few features depend on the server, listed on Features and
 *  compatibility (the introduction does not repeat the list, nor its capability wording). */
export function introNote(locale: DocLocale): string {
  // One sentence: the introduction's reader needs to know that a few features depend on the server, and where they
  // are listed; the list itself (capability wording, per server) is the Features and compatibility page's.
  return locale === "en"
    ? "Most features work the same on every server; a few work only on the demo server, or only in part on yours: [Features and compatibility](QiBates/features-compatibility.md) lists them."
    : "La plupart des fonctionnalités fonctionnent de la même façon sur chaque serveur ; quelques-unes ne fonctionnent que sur le serveur de démonstration, ou en partie seulement sur le vôtre : [Fonctionnalités et compatibilité](QiBates/features-compatibility.md) les énumère.";
}

/** The documentation page of a Connect page, as an absolute link from the changelog. */
const docLink = (page: string) => `/docs/${page.replace(/^\.\.\//, "").replace(/\.md$/, "")}`;

/** Per connector, what a real server does not do yet, or only in part: the release notes' list. */
export function releaseRealServers(locale: DocLocale, linkTo: (page: string) => string = docLink): string {
  const words =
    locale === "en"
      ? {
          demoOnly: VERDICT_WORDS.en.demo,
          partly: VERDICT_WORDS.en.partly,
          all: "Everything the capability table lists.",
        }
      : {
          demoOnly: VERDICT_WORDS.fr.demo,
          partly: VERDICT_WORDS.fr.partly,
          all: "Tout ce que liste la table des capacités.",
        };
  const colon = locale === "fr" ? " : " : ": ";
  const sep = locale === "fr" ? " ; " : "; ";
  return CONNECTORS.flatMap((c) => {
    const p = CONNECTOR_PROFILES[c];
    const of = (status: "no" | "partly") =>
      CAPABILITIES.filter((cap) => {
        const s = p.capabilities[cap.id];
        return s?.status === "yes" && s.realServers?.status === status;
      }).map((cap) => cap.label[locale]);
    const demo = of("no");
    const partly = of("partly");
    const guide = CONNECT_PAGE[c];
    return [
      `- **\`${c}\`**, ${p.server[locale]} ([${guide.title[locale]}](${linkTo(guide.page)}))${colon.trimEnd()}`,
      ...(demo.length ? [`  - ${words.demoOnly}${colon}${demo.join(sep)}.`] : []),
      ...(partly.length ? [`  - ${words.partly}${colon}${partly.join(sep)}.`] : []),
      ...(demo.length + partly.length === 0 ? [`  - ${words.all}`] : []),
    ];
  }).join("\n");
}

const BEHAVIOUR_HEADING: Record<DocLocale, string> = {
  en: "## What each server allows",
  fr: "## Ce que permet chaque serveur",
};

/**
 * The page's lines ready for a block it does not have yet: a page whose server table was left out (every cell
 * Works) gets the table's section back at its end, where the template puts it.
 */
function withSectionFor(lines: readonly string[], name: string, locale: DocLocale): readonly string[] {
  if (name !== "behaviour" || lines.includes(BEHAVIOUR_HEADING[locale])) return lines;
  const kept = [...lines];
  while (kept.at(-1) === "") kept.pop();
  return [...kept, "", BEHAVIOUR_HEADING[locale]];
}

/** Where a block goes in a page that does not have it yet: the line after which it is inserted. */
function insertionLine(lines: readonly string[], name: string, locale: DocLocale): number {
  if (name === "behaviour") return lines.indexOf(BEHAVIOUR_HEADING[locale]);
  if (name === "real-servers") {
    const end = lines[0] === "---" ? lines.indexOf("---", 1) : -1;
    return lines.findIndex((l, i) => i > end && l.startsWith("# "));
  }
  return -1;
}

/** The page without the section headed `heading` when nothing but blank lines is left under it. */
function withoutEmptySection(text: string, heading: string): string {
  const lines = text.split("\n");
  const at = lines.indexOf(heading);
  if (at < 0) return text;
  const next = sectionStarts(lines).find((i) => i > at) ?? lines.length;
  if (lines.slice(at + 1, next).some((l) => l.trim() !== "")) return text;
  const rest = [...lines.slice(0, at), ...lines.slice(next)];
  while (rest.length > 1 && rest.at(-1) === "" && rest.at(-2) === "") rest.pop();
  return rest.join("\n");
}

/** The lines of a page that are section headings (`## `), code blocks left out. */
function sectionStarts(lines: readonly string[]): number[] {
  const starts: number[] = [];
  let fence = false;
  lines.forEach((line, i) => {
    if (/^(`{3,}|~{3,})/.test(line)) fence = !fence;
    else if (!fence && line.startsWith("## ")) starts.push(i);
  });
  return starts;
}

/**
 * A user page in the order of its template: its "real-servers" block (the "Works on" line) right before
 * its first section, after the title, the lead and the picture; its server table (the section headed "What each
 * server allows", with what is written by hand in it) last. The rest keeps its order.
 */
export function inTemplateOrder(source: string, locale: DocLocale, mdx: boolean): string {
  let text = source;
  const start = blockStart("real-servers", mdx);
  const end = blockEnd("real-servers", mdx);
  const a = text.indexOf(start);
  if (a >= 0) {
    const b = text.indexOf(end, a) + end.length;
    const block = text.slice(a, b);
    text = text.slice(0, a).replace(/\n+$/, "\n") + text.slice(b).replace(/^\n+/, "\n");
    const lines = text.split("\n");
    const first = sectionStarts(lines)[0] ?? lines.length;
    const before = lines.slice(0, first).join("\n").trimEnd();
    const after = lines.slice(first).join("\n");
    text = after.trim() ? `${before}\n\n${block}\n\n${after.trimEnd()}\n` : `${before}\n\n${block}\n`;
  }
  const lines = text.split("\n");
  const starts = sectionStarts(lines);
  const at = starts.findIndex((i) => lines[i] === BEHAVIOUR_HEADING[locale]);
  if (at >= 0 && at < starts.length - 1) {
    const from = starts[at] as number;
    const to = starts[at + 1] as number;
    const section = lines.slice(from, to).join("\n").trimEnd();
    const rest = [...lines.slice(0, from), ...lines.slice(to)].join("\n").trimEnd();
    text = `${rest}\n\n${section}\n`;
  }
  return text;
}

/**
 * The page with each of its generated blocks as a fresh generation writes it: the text between a block's markers
 * replaced, a block the page lacks inserted where it goes, an empty one removed with its markers; a user page
 * then in the order of its template ({@link inTemplateOrder}).
 */
export function withGeneratedBlocks(source: string, page: GeneratedPage, locale: DocLocale): string {
  let text = source;
  const mdx = isMdxPage(source);
  for (const [name, content] of Object.entries(page.blocks(locale))) {
    const start = blockStart(name, mdx);
    const end = blockEnd(name, mdx);
    const a = text.indexOf(start);
    const body = mdx ? escapeMdx(content) : content;
    const block = content === "" ? "" : `${start}\n\n${body}\n\n${end}`;
    if (a >= 0) {
      const b = text.indexOf(end, a);
      if (b < 0) throw new Error(`${page.path} (${locale}): ${name} has no end marker`);
      const after = text.slice(b + end.length);
      text =
        block === ""
          ? text.slice(0, a).replace(/\n+$/, "\n") + after.replace(/^\n+/, "\n")
          : text.slice(0, a) + block + after;
      if (block === "" && name === "behaviour") text = withoutEmptySection(text, BEHAVIOUR_HEADING[locale]);
      continue;
    }
    if (block === "") continue;
    const lines = withSectionFor(text.split("\n"), name, locale);
    const at = insertionLine(lines, name, locale);
    if (at < 0) throw new Error(`${page.path} (${locale}): no place for the ${name} block (add its markers)`);
    text = [...lines.slice(0, at + 1), "", block, ...lines.slice(at + 1)].join("\n");
  }
  return page.userPage ? inTemplateOrder(text, locale, mdx) : text;
}
