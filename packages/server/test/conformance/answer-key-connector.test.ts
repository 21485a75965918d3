import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { parse } from "yaml";
import { caseZoomMode, replaySummary, replayThroughConnector } from "../../src/answer-key.ts";

/**
 * The Essbase answer key (packages/engine/test/fixtures/essbase-oracle, see its NOTICE) replayed through the
 * API → connector → HTTP → wire endpoint → engine path, for essbase-stndln (Essbase REST), ssas (XMLA) and
 * essbase (Smart View XML, every operation laid out by the engine and read with ExecuteQuery):
 * every operation case, cell by cell, indentation included, or the same refusal.
 */
const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, "../../../engine/test/fixtures/essbase-oracle");

/** Cases known not to match through a path, with the reason. Counted in the summary; aim: empty. */
const KNOWN_DIFFERENCES: Record<string, string> = {};

/**
 * Zoom modes a connector refuses with the typed unsupported error, as its capability table says: ssas has no
 * formula level (SSAS calculations are MDX expressions, not outline formulas).
 */
const UNSUPPORTED_ZOOM: Record<string, readonly string[]> = {
  "essbase-stndln": [],
  ssas: ["CALC_LEVEL"],
  essbase: ["CALC_LEVEL"],
};

function cases() {
  return readdirSync(fixtures)
    .filter((f) => f.endsWith(".json") && f !== "pivot-layouts.json")
    .sort()
    .map((f) => {
      const doc = JSON.parse(readFileSync(join(fixtures, f), "utf8"));
      return { name: String(doc.name ?? f.replace(/\.json$/, "")), doc };
    });
}

for (const via of ["essbase-stndln", "ssas", "essbase"] as const) {
  it(`replays the answer key through the ${via} connector`, async () => {
    const outline = parse(readFileSync(join(fixtures, "vision-plan1.yaml"), "utf8"));
    const all = cases();
    const outcomes = await replayThroughConnector(outline, all, via);
    process.stdout.write(`${replaySummary(outcomes, via)}\n`);
    const refused = new Set(UNSUPPORTED_ZOOM[via]);
    const modeOf = new Map(all.map((c) => [c.name, caseZoomMode(c.doc)]));
    // A case may answer the typed unsupported error only when the capability table refuses its zoom mode.
    const unexpected = outcomes.filter(
      (o) =>
        !o.match && !KNOWN_DIFFERENCES[o.name] && !(o.unsupported && refused.has(modeOf.get(o.name) ?? "")),
    );
    expect(unexpected.map((o) => `${o.name}: ${o.detail}`)).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(45);
  }, 180_000);
}
