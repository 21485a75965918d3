// Binding markers: a hand-written sentence, step or table row that says what a server does carries, on the line
// before it, `<!-- cap: KEY connector=verdict … -->` (an MDX page: `{/* cap: … */}`). KEY is a feature row of the
// compatibility matrix or a capability of the table; verdict is works, partly, demo or no. The checker holds each
// marker to the table and an English page's markers to its French page's.

import type { Connector } from "@qibates/provider";
import { CONNECTORS } from "@qibates/provider";
import { keyVerdict, VERDICTS, type Verdict } from "../tools/feature-matrix.ts";

export interface Marker {
  line: number;
  key: string;
  claims: [string, string][];
}

const MARKER = /(?:<!--|\{\/\*)\s*cap:\s*([^\s*]+)((?:\s+[\w-]+=[\w-]+)+)\s*(?:-->|\*\/\})/g;

/** The page without the text of its generated blocks (written by code, checked by their own tests). */
export function withoutGenerated(source: string): string {
  return source
    .replace(/<!-- generated:([\w -]+?) [^\n]*-->[\s\S]*?<!-- end generated:\1 -->/g, (m) =>
      m.replace(/[^\n]/g, ""),
    )
    .replace(/\{\/\* generated:([\w -]+?) [^\n]*\*\/\}[\s\S]*?\{\/\* end generated:\1 \*\/\}/g, (m) =>
      m.replace(/[^\n]/g, ""),
    );
}

/** Every marker of a page, with its line. */
export function markersOf(source: string): Marker[] {
  // Code (a fenced block, an inline span) shows markers, it does not bind anything.
  const text = withoutGenerated(source)
    .replace(/^ *(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ *\1[^\n]*$/gm, (m) => m.replace(/[^\n]/g, ""))
    .replace(/`[^`\n]*`/g, " ");
  const out: Marker[] = [];
  for (const m of text.matchAll(MARKER)) {
    const line = text.slice(0, m.index).split("\n").length;
    const claims = (m[2] ?? "")
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split("=") as [string, string]);
    out.push({ line, key: m[1] as string, claims });
  }
  return out;
}

/** What is wrong with a page's markers: unknown keys, connectors or verdicts, and claims the table contradicts. */
export function bindingErrors(path: string, source: string): string[] {
  const errors: string[] = [];
  for (const m of markersOf(source)) {
    const where = `${path}:${m.line} ${m.key}`;
    if (keyVerdict(m.key, "essbase") === undefined) {
      errors.push(`${where}: unknown key (a feature row of the matrix or a capability of the table)`);
      continue;
    }
    for (const [connector, claimed] of m.claims) {
      if (!(CONNECTORS as readonly string[]).includes(connector)) {
        errors.push(`${where}: unknown connector ${connector}`);
        continue;
      }
      if (!(VERDICTS as readonly string[]).includes(claimed)) {
        errors.push(`${where}: ${connector}=${claimed} is not one of ${VERDICTS.join(", ")}`);
        continue;
      }
      const truth = keyVerdict(m.key, connector as Connector) as Verdict;
      if (truth !== claimed)
        errors.push(`${where}: says ${connector}=${claimed}, the capability table says ${truth}`);
    }
  }
  return errors;
}

/** Where an English page's markers and its French page's differ (they must make the same claims, in order). */
export function pairErrors(path: string, en: string, fr: string): string[] {
  const sig = (s: string) =>
    markersOf(s).map((m) => `${m.key} ${m.claims.map((c) => c.join("=")).join(" ")}`);
  const a = sig(en);
  const b = sig(fr);
  if (a.join("\n") === b.join("\n")) return [];
  return [`${path}: the English page binds [${a.join("; ")}], the French page [${b.join("; ")}]`];
}
