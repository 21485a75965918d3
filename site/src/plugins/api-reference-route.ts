import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";
import { parse } from "yaml";
import type { ApiSummary } from "../components/ApiReference/summary";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

type Operation = { summary?: string; description?: string; tags?: string[]; deprecated?: boolean };
type Document = {
  info?: { title?: string; version?: string; summary?: string; description?: string };
  tags?: { name: string; "x-displayName"?: string; description?: string }[];
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
};

/** The first paragraph of a Markdown description, as plain text (its no-break spaces, French typography's, kept). */
function firstParagraph(markdown: string | undefined): string {
  const paragraph = (markdown ?? "").trim().split(/\n\s*\n/)[0] ?? "";
  return paragraph
    .replace(/[^\S\u00A0\u202F]+/g, " ")
    .replace(/[*_`]/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim();
}

/** What the API page shows before (and without) the interactive reference: the calls, grouped by tag. */
export function summarise(document: Document): ApiSummary {
  const groups = new Map<string, ApiSummary["groups"][number]>();
  for (const tag of document.tags ?? []) {
    groups.set(tag.name, {
      name: tag["x-displayName"] ?? tag.name,
      description: firstParagraph(tag.description),
      operations: [],
    });
  }
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "";
      if (!groups.has(tag)) groups.set(tag, { name: tag, description: "", operations: [] });
      groups.get(tag)?.operations.push({
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? firstParagraph(operation.description),
        deprecated: operation.deprecated === true,
      });
    }
  }
  return {
    title: document.info?.title ?? "QiBates API",
    version: document.info?.version ?? "",
    intro: document.info?.summary ?? firstParagraph(document.info?.description),
    groups: [...groups.values()].filter((group) => group.operations.length > 0),
  };
}

// Mounts the API reference page at /api/qibates (and /fr/api/qibates in the French build), with a summary of
// the locale's OpenAPI file rendered at build time. The route must carry the locale's baseUrl, or the French
// build reports a broken link.
export default function apiReferenceRoute(context: LoadContext): Plugin<ApiSummary> {
  const file = context.i18n.currentLocale === "fr" ? "qibates.fr.yaml" : "qibates.yaml";
  const source = join(context.siteDir, "static", "openapi", file);
  return {
    name: "qibates-api-reference-route",
    getPathsToWatch: () => [source],
    async loadContent() {
      return summarise(parse(await readFile(source, "utf8")) as Document);
    },
    async contentLoaded({ content, actions }) {
      const summary = await actions.createData("api-summary.json", JSON.stringify(content));
      actions.addRoute({
        path: `${context.baseUrl}api/qibates`,
        component: "@site/src/components/ApiReference/index.tsx",
        exact: true,
        modules: { summary },
      });
    },
  };
}
