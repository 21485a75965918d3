// The generated parts of the developer's error page (docs/develop/errors-and-limits.md and its French twin): the
// table of errors by registry code (packages/provider/src/error-codes.ts: code, HTTP status, what it means; what
// to do from ./troubleshooting-advice.ts) and, per connector, what a real server does not do (the capability
// table, packages/provider/src/capabilities.ts). site/test/troubleshooting.test.ts fails when a page's
// blocks differ from a fresh generation. After changing the registry or the table, run:
//   npx tsx site/scripts/troubleshooting.ts
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  CAPABILITIES,
  type Capability,
  CONNECTOR_PROFILES,
  CONNECTORS,
  type Connector,
  errorCatalogue,
} from "@qibates/provider";
import { capabilityVerdict, SERVER_NAME } from "../../packages/connectors/src/feature-matrix.ts";
import { ADVICE } from "./troubleshooting-advice.ts";

export type Locale = "en" | "fr";

export const PAGES: Record<Locale, URL> = {
  en: new URL("../docs/develop/errors-and-limits.md", import.meta.url),
  fr: new URL(
    "../i18n/fr/docusaurus-plugin-content-docs/current/develop/errors-and-limits.md",
    import.meta.url,
  ),
};

/** A table cell: no line breaks, no unescaped pipes. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
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

/**
 * The advice, followed by what the capability table says of each call it sends the reader to: where a real
 * server refuses that call or does it only in part, the advice says so and why, so that it never sends a reader
 * to a call their server refuses.
 */
export function adviceWithLimits(advice: string, locale: Locale): string {
  const ops = [...advice.matchAll(/`((?:nav|action)\/\w+)`/g)].map((m) => m[1] as string);
  const notes: string[] = [];
  for (const op of new Set(ops)) {
    for (const cap of CAPABILITIES.filter((c) => c.operations.includes(op))) {
      const byWhy = new Map<string, { servers: string[]; why: string }>();
      for (const c of CONNECTORS) {
        if (CONNECTOR_PROFILES[c].family !== cap.family) continue;
        const v = capabilityVerdict(c, cap.id);
        if (v.v === "works") continue;
        const why = v.why?.[locale] ?? "";
        const g = byWhy.get(why) ?? { servers: [], why };
        g.servers.push(SERVER_NAME[c][locale]);
        byWhy.set(why, g);
      }
      for (const g of byWhy.values()) {
        const servers = g.servers.join(locale === "fr" ? " et " : " and ");
        notes.push(
          locale === "fr"
            ? `Sur un serveur ${servers} réel, \`${op}\` est refusé ou limité : ${g.why}`
            : `On a real ${servers} server, \`${op}\` is refused or limited: ${g.why}`,
        );
      }
    }
  }
  return [advice, ...notes].join(" ");
}

/** The API calls of a capability, as code. */
function calls(id: Capability): string {
  const info = CAPABILITIES.find((c) => c.id === id);
  return (info?.operations ?? []).map((o) => `\`${o}\``).join(", ");
}

/** What `connector` does not do (or does in part) on a real server, from the capability table. */
export function connectorLimits(connector: Connector, locale: Locale): string {
  const profile = CONNECTOR_PROFILES[connector];
  const words =
    locale === "fr"
      ? {
          no: "non disponible avec ce connecteur, quel que soit le serveur",
          realNo:
            "serveur de démonstration seulement ; un serveur réel répond `422 QB_ERR_OPERATION_UNSUPPORTED`",
          partly: "en partie sur un serveur réel",
          none: "La table des capacités ne signale aucune limite de ce connecteur sur un serveur réel.",
          intro: "Selon la table des capacités :",
        }
      : {
          no: "not available with this connector, on any server",
          realNo: "demo server only; a real server returns `422 QB_ERR_OPERATION_UNSUPPORTED`",
          partly: "partly on a real server",
          none: "The capability table lists no limit of this connector on a real server.",
          intro: "From the capability table:",
        };
  const lines: string[] = [];
  for (const info of CAPABILITIES) {
    const support = profile.capabilities[info.id];
    if (!support) continue;
    const label = `**${info.label[locale]}** (${calls(info.id)})${locale === "fr" ? " :" : ":"}`;
    if (support.status === "no") {
      lines.push(`- ${label} ${words.no}. ${support.why[locale]}`);
    } else if (support.realServers) {
      const what = support.realServers.status === "no" ? words.realNo : words.partly;
      lines.push(`- ${label} ${what}. ${support.realServers.why[locale]}`);
    }
  }
  if (lines.length === 0) return words.none;
  return [words.intro, "", ...lines].join("\n");
}

/** The generated blocks of the page: name → content. */
export function blocks(locale: Locale): Record<string, string> {
  const out: Record<string, string> = { errors: errorTable(locale) };
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
export function withBlocks(source: string, locale: Locale): string {
  let text = source;
  for (const [name, content] of Object.entries(blocks(locale))) {
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
    const source = readFileSync(PAGES[locale], "utf8");
    const written = withBlocks(source, locale);
    if (written !== source) {
      writeFileSync(PAGES[locale], written);
      process.stdout.write(`wrote ${fileURLToPath(PAGES[locale])}\n`);
    }
  }
}
