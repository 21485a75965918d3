// Checks prose against a glossary (site/glossary.fr.ts, site/glossary.en.ts).
import type { GlossaryRule } from "../glossary.fr.ts";

export type Finding = { line: number; found: string; preferred: string; reason: string };

// Front-matter fields a reader sees.
const SHOWN_FIELDS = /^(title|sidebar_label|description|pagination_label):/;

/** Replaces a match by as many blank lines as it spanned, so that line numbers still hold. */
const blank = (s: string): string => s.replace(/[^\n]/g, "");

/**
 * The prose of a markdown or MDX page: the front matter's shown fields and the body, without fenced code,
 * inline code, link targets, URLs, import/export lines, HTML/JSX tags (component names and attributes) and
 * MDX comments. Line numbers are those of the source.
 */
export function markdownProse(source: string): string {
  return source
    .replace(
      /^---\n([\s\S]*?)\n---\n/,
      (_m, fm: string) =>
        `\n${fm
          .split("\n")
          .map((l) => (SHOWN_FIELDS.test(l) ? l : ""))
          .join("\n")}\n\n`,
    )
    .replace(/^ *(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ *\1[^\n]*$/gm, blank)
    .replace(/`[^`\n]*`/g, " ")
    .replace(/\]\([^)\n]*\)/g, "]")
    .replace(/^(?:import|export) .*$/gm, "")
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, blank)
    .replace(/<\/?[A-Za-z][^>]*>/g, (m) => blank(m) || " ")
    .replace(/\b(?:https?:\/\/|www\.)\S+/g, " ");
}

/** Every forbidden variant found in `prose`, with its line. */
export function findForbidden(prose: string, glossary: GlossaryRule[]): Finding[] {
  const findings: Finding[] = [];
  for (const rule of glossary) {
    for (const pattern of rule.forbidden) {
      const flags = pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`;
      for (const m of prose.matchAll(new RegExp(pattern.source, flags))) {
        const line = prose.slice(0, m.index).split("\n").length;
        findings.push({ line, found: m[0].trim(), preferred: rule.preferred, reason: rule.reason });
      }
    }
  }
  return findings.sort((a, b) => a.line - b.line);
}
