import { CAPABILITIES, CONNECTOR_PROFILES, type Text } from "./capabilities.ts";
import { CONNECTORS, type Family } from "./connectors.ts";

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
      "**Real servers are not reachable yet.** Today the API answers from its embedded demo server only (Sample.Basic for the Essbase family, Vision for the planning family), with every connector value. A real server address, even on the allow-list, is refused at login with `502 QB_ERR_PROVIDER_ERROR`: QiBates has no client of those servers' protocols yet.",
    ],
    families: { essbase: "### Essbase family", planning: "### Planning family" } as Record<Family, string>,
    capability: "Capability",
    calls: "API calls",
    realServers: "Real servers",
    notYet: "Not yet",
    yes: "Yes",
    no: "No",
    notes: "Why:",
  },
  fr: {
    heading: "## Ce que fait l'API avec chaque connecteur",
    intro: [
      "Les tableaux ci-dessus décrivent le complément avec chaque serveur. L'API REST de QiBates suit la table des capacités ci-dessous, celle que renvoie `GET /qibates/api/v2/health` : une opération marquée **Non** renvoie `422` avec `QB_ERR_OPERATION_UNSUPPORTED` avant tout appel à un serveur, et le serveur de démonstration se comporte comme ce type de serveur.",
      "**Les vrais serveurs ne sont pas encore joignables.** Aujourd'hui, l'API répond uniquement depuis son serveur de démonstration intégré (Sample.Basic pour la famille Essbase, Vision pour la famille Planning), quelle que soit la valeur du connecteur. Une adresse de serveur réel, même présente dans la liste des hôtes autorisés, est refusée à la connexion avec `502 QB_ERR_PROVIDER_ERROR` : QiBates n'a pas encore de client pour les protocoles de ces serveurs.",
    ],
    families: { essbase: "### Famille Essbase", planning: "### Famille Planning" } as Record<Family, string>,
    capability: "Capacité",
    calls: "Appels de l'API",
    realServers: "Serveurs réels",
    notYet: "Pas encore",
    yes: "Oui",
    no: "Non",
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
      return s?.status === "no" ? `${w.no} ${sup(noteOf(s.why))}` : w.yes;
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

/** The section, from its heading to the end of the page. */
export function capabilitySection(locale: DocLocale): string {
  const w = WORDS[locale];
  const lines = [w.heading, "", ...w.intro.flatMap((p) => [p, ""])];
  lines.push(...familyTable("essbase", locale), "", ...familyTable("planning", locale));
  return `${lines.join("\n")}\n`;
}

/** The heading the section starts with, to find it in a page. */
export function capabilityHeading(locale: DocLocale): string {
  return WORDS[locale].heading;
}
