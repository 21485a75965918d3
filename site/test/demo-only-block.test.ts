import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CAPABILITIES, CONNECTOR_PROFILES, type Connector } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { blockEnd, blockStart, demoOnlyTable } from "../tools/capability-docs.ts";
import { FEATURE_ROWS, featureVerdict, MATRIX_CONNECTORS, SERVER_NAME } from "../tools/feature-matrix.ts";
import { FR_DOCS, SITE } from "./site-files.ts";

/**
 * "Plan the move from QiBates 1.x" tells administrators what QiBates 2.x does on the demo server only. Its table is
 * a generated block (`demo-only`) written from the capability table: it must be what a fresh generation writes,
 * and it must name every capability a real server leaves to the demo server, server by server.
 */
const PAGES = {
  en: join(SITE, "docs", "admin", "move-from-1x.md"),
  fr: join(FR_DOCS, "current", "admin", "move-from-1x.md"),
} as const;

function block(source: string): string {
  const start = blockStart("demo-only");
  const a = source.indexOf(start);
  const b = source.indexOf(blockEnd("demo-only"), a);
  expect(a, "the page has the demo-only block's markers").toBeGreaterThanOrEqual(0);
  expect(b, "the demo-only block has its end marker").toBeGreaterThan(a);
  return source.slice(a + start.length, b).trim();
}

/** The table's rows as [feature label, servers as written], one for each feature a line names. */
function rows(table: string): [string, string][] {
  return table
    .split("\n")
    .slice(2)
    .map((line) => line.split(" | "))
    .flatMap((cells) =>
      (cells[0] ?? "")
        .replace(/^\| /, "")
        .split(/, | and | et /)
        .map((label): [string, string] => [label.replace(/^\[([^\]]+)\]\([^)]*\)$/, "$1"), cells[1] ?? ""]),
    );
}

/** Whether a line's label names `feature`: its own label, or one it is a case of ("… in a grid"). */
function names(label: string, feature: string): boolean {
  return feature === label || feature.startsWith(`${label} `);
}

describe("the move-from-1x page's list of what works on the demo server only", () => {
  it.each(["en", "fr"] as const)("%s: is the block a fresh generation writes", (locale) => {
    expect(block(readFileSync(PAGES[locale], "utf8"))).toBe(demoOnlyTable(locale));
  });

  it.each(["en", "fr"] as const)(
    "%s: names each server that leaves a feature to the demo server, and only those",
    (locale) => {
      const listed = rows(block(readFileSync(PAGES[locale], "utf8")));
      for (const row of FEATURE_ROWS) {
        const demo = MATRIX_CONNECTORS.filter((c) => featureVerdict(row, c).v === "demo");
        const named = listed
          .filter(([label]) => names(label, row.label[locale]))
          .map(([, servers]) => servers);
        for (const c of MATRIX_CONNECTORS) {
          const said = named.some((s) => s.split(/, | and | et /).includes(SERVER_NAME[c][locale]));
          expect(said, `${row.id} ${c}`).toBe(demo.includes(c));
        }
      }
    },
  );

  it("covers every capability the table marks as done by the demo server only on a real server", () => {
    const listed = rows(block(readFileSync(PAGES.en, "utf8")));
    const missing: string[] = [];
    for (const c of MATRIX_CONNECTORS as readonly Connector[]) {
      for (const cap of CAPABILITIES) {
        const s = CONNECTOR_PROFILES[c].capabilities[cap.id];
        if (s?.status !== "yes" || s.realServers?.status !== "no") continue;
        const features = FEATURE_ROWS.filter(
          (r) => (r.needs ?? []).includes(cap.id) || (r.part ?? []).includes(cap.id),
        );
        const said = features.some((r) =>
          listed.some(
            ([label, servers]) =>
              names(label, r.label.en) && servers.split(/, | and /).includes(SERVER_NAME[c].en),
          ),
        );
        if (!said) missing.push(`${c} ${cap.id}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(["en", "fr"] as const)("%s: states each reason once for the same servers", (locale) => {
    const lines = block(readFileSync(PAGES[locale], "utf8")).split("\n").slice(2);
    const reasons = lines.map((line) => line.split(" | ").slice(1).join(" | "));
    expect(reasons.length).toBeGreaterThan(0);
    expect(new Set(reasons).size, reasons.join("\n")).toBe(reasons.length);
  });

  it("follows the table: a capability made to work on real servers leaves the list", () => {
    const pbcs = CONNECTOR_PROFILES.pbcs.capabilities as Record<string, unknown>;
    const before = pbcs.taskLists;
    try {
      expect(demoOnlyTable("en")).toMatch(/\| \[Task lists\]\([^)]+\) \| Planning and PBCS \|/);
      pbcs.taskLists = { status: "yes" };
      expect(demoOnlyTable("en")).toMatch(/\| \[Task lists\]\([^)]+\) \| Planning \|/);
      expect(demoOnlyTable("fr")).toMatch(/\| \[Listes de tâches\]\([^)]+\) \| Planning \|/);
    } finally {
      pbcs.taskLists = before;
    }
  });
});
