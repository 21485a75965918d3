import { CAPABILITIES, CONNECTOR_PROFILES, type Text } from "./capabilities.ts";
import { CONNECTORS, type Connector, type Family } from "./connectors.ts";

/**
 * The last section of the "Features and compatibility" documentation page, in English and French, written from
 * the capability table. `packages/connectors/scripts/write-capability-docs.ts` writes it into both pages; a test
 * fails when a page and the table differ.
 */

export type DocLocale = "en" | "fr";

const WORDS = {
  en: {
    heading: "## What the API does with each connector",
    intro: [
      "The tables above describe the add-in with each server. The QiBates REST API follows the capability table below, the one `GET /qibates/api/v2/health` returns: an operation marked **No** returns `422` with `QB_ERR_OPERATION_UNSUPPORTED` before any server is called, and the demo server behaves as that kind of server does.",
      "A capability marked **Demo only** is done by the demo server, but not by a real server reached with that connector, because its protocol has no public call for it: the call returns `422` with `QB_ERR_OPERATION_UNSUPPORTED`. **Yes, partly on real servers** means that a real server does part of it; the note says which part.",
    ],
    realHeading: "### Which connectors reach real servers",
    realNone:
      "**None yet.** Today the API returns data from its embedded demo server only (Sample.Basic for the Essbase family, Vision for the planning family), at the demo addresses below, whatever the connector. A real server address, even one on the allow-list (`ALLOWED_HOSTS`), is refused at login with `502 QB_ERR_PROVIDER_ERROR`: QiBates has no client of those servers' protocols yet.",
    realSome: (real: string, demoOnly: string) =>
      `**${real}.** A login with ${real.includes(",") || real.includes(" and ") ? "these connectors" : "this connector"} to an address on the allow-list (\`ALLOWED_HOSTS\`) reaches that server. With ${demoOnly}, the API returns data from its embedded demo server only (Sample.Basic for the Essbase family, Vision for the planning family), at the demo addresses below: a real server address, even one on the allow-list, is refused at login with \`502 QB_ERR_PROVIDER_ERROR\`, because QiBates has no client of those servers' protocols yet.`,
    realAll:
      "**Every connector.** A login to an address on the allow-list (`ALLOWED_HOSTS`) reaches that server; the embedded demo server serves the demo addresses below.",
    realGuides: (links: string) =>
      `For the address, the network settings and what each call does on the server, see ${links}.`,
    /** The page that explains how to reach a real server with each connector that can (a link from this page). */
    guides: {
      essbase: "[Connect QiBates to Essbase 11.x (Provider Services)](connect-essbase-11.md)",
      "essbase-stndln": "[Connect QiBates to an Essbase 21c server](connect-essbase-21c.md)",
      ssas: "[Connect QiBates to Microsoft Analysis Services (SSAS)](connect-ssas.md)",
      planning: "[Connect QiBates to Planning and EPM Cloud](connect-planning.md)",
    } as Partial<Record<Connector, string>>,
    realHealth:
      "`GET /qibates/api/v2/health` gives the same answer for each connector (`realServers`). The demo addresses answer only when the server runs in demo mode (`QIBATES_DEMO`), with user `demo` and password `demo`.",
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
    notes: "Why:",
  },
  fr: {
    heading: "## Ce que fait l'API avec chaque connecteur",
    intro: [
      "Les tableaux ci-dessus décrivent le complément avec chaque serveur. L'API REST de QiBates suit la table des capacités ci-dessous, celle que renvoie `GET /qibates/api/v2/health` : une opération marquée **Non** renvoie `422` avec `QB_ERR_OPERATION_UNSUPPORTED` avant tout appel à un serveur, et le serveur de démonstration se comporte comme ce type de serveur.",
      "Une capacité marquée **Démo seulement** est assurée par le serveur de démonstration, mais pas par un serveur réel joint avec ce connecteur, car son protocole n'a pas d'appel public pour cela : l'appel renvoie `422` avec `QB_ERR_OPERATION_UNSUPPORTED`. Avec **Oui, en partie sur serveur réel**, un serveur réel en fait une partie ; la note dit laquelle.",
    ],
    realHeading: "### Connecteurs qui joignent de vrais serveurs",
    realNone:
      "**Aucun pour l'instant.** Aujourd'hui, l'API répond uniquement depuis son serveur de démonstration intégré (Sample.Basic pour la famille Essbase, Vision pour la famille Planning), aux adresses de démonstration ci-dessous, quel que soit le connecteur. Une adresse de serveur réel, même présente dans la liste des hôtes autorisés (`ALLOWED_HOSTS`), est refusée à la connexion avec `502 QB_ERR_PROVIDER_ERROR` : QiBates n'a pas encore de client pour les protocoles de ces serveurs.",
    realSome: (real: string, demoOnly: string) =>
      `**${real}.** Une connexion avec ${real.includes(",") || real.includes(" et ") ? "ces connecteurs" : "ce connecteur"} à une adresse de la liste des hôtes autorisés (\`ALLOWED_HOSTS\`) joint ce serveur. Avec ${demoOnly}, l'API répond uniquement depuis son serveur de démonstration intégré (Sample.Basic pour la famille Essbase, Vision pour la famille Planning), aux adresses de démonstration ci-dessous : une adresse de serveur réel, même présente dans la liste des hôtes autorisés, est refusée à la connexion avec \`502 QB_ERR_PROVIDER_ERROR\`, car QiBates n'a pas encore de client pour les protocoles de ces serveurs.`,
    realAll:
      "**Tous les connecteurs.** Une connexion à une adresse de la liste des hôtes autorisés (`ALLOWED_HOSTS`) joint ce serveur ; les adresses de démonstration ci-dessous sont servies par le serveur de démonstration intégré.",
    realGuides: (links: string) =>
      `Pour l'adresse, les réglages réseau et ce que fait chaque appel sur le serveur, voir ${links}.`,
    guides: {
      essbase: "[Connecter QiBates à Essbase 11.x (Provider Services)](connect-essbase-11.md)",
      "essbase-stndln": "[Connecter QiBates à un serveur Essbase 21c](connect-essbase-21c.md)",
      ssas: "[Connecter QiBates à Microsoft Analysis Services (SSAS)](connect-ssas.md)",
      planning: "[Connecter QiBates à Planning et EPM Cloud](connect-planning.md)",
    } as Partial<Record<Connector, string>>,
    realHealth:
      "`GET /qibates/api/v2/health` donne la même réponse pour chaque connecteur (`realServers`). Les adresses de démonstration ne répondent que lorsque le serveur fonctionne en mode démo (`QIBATES_DEMO`), avec l'utilisateur `demo` et le mot de passe `demo`.",
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
    notes: "Pourquoi :",
  },
};

const SUPERSCRIPT = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];
const sup = (n: number) => [...String(n)].map((d) => SUPERSCRIPT[Number(d)]).join("");

function familyTable(family: Family, locale: DocLocale): string[] {
  const w = WORDS[locale];
  const connectors = CONNECTORS.filter((c) => CONNECTOR_PROFILES[c].family === family);
  const reasons: Text[] = [];
  const noteOf = (why: Text): number => {
    const i = reasons.findIndex((r) => r.en === why.en);
    if (i >= 0) return i + 1;
    reasons.push(why);
    return reasons.length;
  };
  const lines = [
    w.families[family],
    "",
    `| ${w.capability} | ${w.calls} | ${connectors.map((c) => `\`${c}\``).join(" | ")} |`,
    `|---|---|${connectors.map(() => "---").join("|")}|`,
    `| ${w.realServers} | | ${connectors.map((c) => (CONNECTOR_PROFILES[c].realServers ? w.yes : w.notYet)).join(" | ")} |`,
  ];
  for (const cap of CAPABILITIES.filter((c) => c.family === family)) {
    const cells = connectors.map((c) => {
      const s = CONNECTOR_PROFILES[c].capabilities[cap.id];
      if (s?.status === "no") return `${w.no} ${sup(noteOf(s.why))}`;
      const real = s?.realServers;
      if (real) return `${real.status === "no" ? w.demoOnly : w.partly} ${sup(noteOf(real.why))}`;
      return w.yes;
    });
    const calls = cap.operations.map((o) => `\`${o}\``).join(", ");
    lines.push(`| ${cap.label[locale]} | ${calls} | ${cells.join(" | ")} |`);
  }
  if (reasons.length > 0) {
    lines.push("", w.notes, "");
    reasons.forEach((r, i) => {
      lines.push(`${i + 1}. ${r[locale]}`);
    });
  }
  return lines;
}

/** Host of the embedded demo provider (the server answers it in demo mode only). */
const DEMO_HOST = "demo.qibates.local";

/** The connectors whose `realServers` is true, in the table's order. */
export function realServerConnectors(): Connector[] {
  return CONNECTORS.filter((c) => CONNECTOR_PROFILES[c].realServers);
}

function listOf(connectors: readonly Connector[], locale: DocLocale): string {
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
export function realServerGuides(locale: DocLocale): string[] {
  return realServerConnectors().flatMap((c) => WORDS[locale].guides[c] ?? []);
}

/** Which connectors reach real servers, written from `realServers`, with each connector's demo address. */
function realServersPart(locale: DocLocale): string[] {
  const w = WORDS[locale];
  const real = realServerConnectors();
  const demoOnly = CONNECTORS.filter((c) => !real.includes(c));
  const statement =
    real.length === 0
      ? w.realNone
      : demoOnly.length === 0
        ? w.realAll
        : w.realSome(listOf(real, locale), listOf(demoOnly, locale));
  const guides = realServerGuides(locale);
  return [
    w.realHeading,
    "",
    statement,
    "",
    ...(guides.length > 0 ? [w.realGuides(joined(guides, locale)), ""] : []),
    w.realHealth,
    "",
    `| ${w.connector} | ${w.server} | ${w.realServers} | ${w.demoAddress} |`,
    "|---|---|---|---|",
    ...CONNECTORS.map((c) => {
      const p = CONNECTOR_PROFILES[c];
      return `| \`${c}\` | ${p.server[locale]} | ${p.realServers ? w.yes : w.notYet} | \`https://${DEMO_HOST}${p.providerAddressSuffix}\` |`;
    }),
  ];
}

/** The section, from its heading to the end of the page. */
export function capabilitySection(locale: DocLocale): string {
  const w = WORDS[locale];
  const lines = [w.heading, "", ...w.intro.flatMap((p) => [p, ""]), ...realServersPart(locale), ""];
  lines.push(...familyTable("essbase", locale), "", ...familyTable("planning", locale));
  return `${lines.join("\n")}\n`;
}

/** The heading the section starts with, to find it in a page. */
export function capabilityHeading(locale: DocLocale): string {
  return WORDS[locale].heading;
}
