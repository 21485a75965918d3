import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { initialGrid, readLayout } from "../../src/grid/index.ts";
import { emptySource, firstDifference, replayCase } from "../../src/grid/replay.ts";
import { Outline } from "../../src/outline.ts";
import { outlineSpecFromDocument } from "../../src/outline-yaml.ts";

/**
 * Replays the Essbase answer key (test/fixtures/essbase-oracle, see its NOTICE): every operation case is
 * applied to its `basis` and the rendered sheet compared with `result` cell by cell, indentation included;
 * every layout of pivot-layouts.json is read back and its placements compared with what Essbase read.
 */
const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, "../fixtures/essbase-oracle");

/** Cases the engine is known not to match, with the reason. Counted in the summary; aim: empty. */
const KNOWN_DIFFERENCES: Record<string, string> = {};

interface Outcome {
  name: string;
  match: boolean;
  detail: string;
}

function loadOutline(): Outline {
  return new Outline(
    outlineSpecFromDocument(parse(readFileSync(join(fixtures, "vision-plan1.yaml"), "utf8"))),
  );
}

function refusalOf(doc: Record<string, unknown>): string | null {
  const result = doc.result as Record<string, unknown> | undefined;
  for (const v of [doc.refused, doc.error, result?.error, result?.message])
    if (typeof v === "string") return v;
  return null;
}

function replayAll(): Outcome[] {
  const outline = loadOutline();
  const outcomes: Outcome[] = [];
  const files = readdirSync(fixtures)
    .filter((f) => f.endsWith(".json") && f !== "pivot-layouts.json")
    .sort();
  for (const file of files) {
    const doc = JSON.parse(readFileSync(join(fixtures, file), "utf8"));
    const name = String(doc.name ?? file.replace(/\.json$/, ""));
    // A case Essbase refused carries its message instead of a result grid.
    const refusal = refusalOf(doc);
    try {
      const got = replayCase(outline, doc).cells;
      const detail = refusal
        ? `answered a grid where Essbase refused: ${refusal}`
        : firstDifference(got, doc.result?.cells ?? []);
      outcomes.push({ name, match: detail === "", detail });
    } catch (e) {
      const message = (e as Error).message;
      const match = !!refusal && refusal.toLowerCase().includes(message.toLowerCase());
      outcomes.push({ name, match, detail: match ? "" : `threw ${message}` });
    }
  }
  const layouts = JSON.parse(readFileSync(join(fixtures, "pivot-layouts.json"), "utf8")).layouts as {
    name: string;
    cells?: string[][];
    headerRows?: number;
    leftColumns?: number;
    placements?: { dimension: string; region: string; index: number }[];
  }[];
  for (const l of layouts) {
    if (!l.cells) continue; // a layout the generator refused has no sheet to read
    const name = `pivot-layouts/${l.name}`;
    try {
      const read = readLayout(outline, l.cells);
      const want = (l.placements ?? []).map((p) => `${p.dimension} ${p.region} ${p.index}`).sort();
      const got = read.placements
        .filter((p) => p.region !== "POV")
        .map((p) => `${p.name} ${p.region} ${p.index}`)
        .sort();
      const problems: string[] = [];
      if (JSON.stringify(got) !== JSON.stringify(want))
        problems.push(`placements ${got.join(", ")}; want ${want.join(", ")}`);
      if (read.headerRows !== l.headerRows)
        problems.push(`headerRows ${read.headerRows}, want ${l.headerRows}`);
      if (read.leftColumns !== l.leftColumns)
        problems.push(`leftColumns ${read.leftColumns}, want ${l.leftColumns}`);
      outcomes.push({ name, match: problems.length === 0, detail: problems.join("; ") });
    } catch (e) {
      outcomes.push({ name, match: false, detail: `threw ${(e as Error).message}` });
    }
  }
  return outcomes;
}

describe("Essbase answer key", () => {
  const outcomes = replayAll();
  const matching = outcomes.filter((o) => o.match).length;
  const different = outcomes.filter((o) => !o.match);
  const summary = [
    `${matching} of ${outcomes.length} cases match`,
    ...different.map((o) => `  ${o.name}: ${KNOWN_DIFFERENCES[o.name] ?? "UNEXPECTED"} — ${o.detail}`),
    `known differences: ${Object.keys(KNOWN_DIFFERENCES).length}`,
  ].join("\n");
  console.log(summary);

  it("replays every case of the folder (49 operation cases and 7 readable pivot layouts in the shared set)", () => {
    expect(outcomes.length).toBeGreaterThanOrEqual(56);
  });

  it("matches every case not listed as a known difference", () => {
    const unexpected = different
      .filter((o) => !(o.name in KNOWN_DIFFERENCES))
      .map((o) => `${o.name}: ${o.detail}`);
    expect(unexpected).toEqual([]);
  });

  it("lists no known difference that now matches", () => {
    const stale = Object.keys(KNOWN_DIFFERENCES).filter((n) => outcomes.some((o) => o.name === n && o.match));
    expect(stale).toEqual([]);
  });

  for (const o of outcomes) {
    it(`${o.name} ${o.match ? "matches" : "differs"}`, () => {
      if (o.name in KNOWN_DIFFERENCES) return;
      expect(o.detail).toBe("");
    });
  }
});

describe("initgrid on Vision.Plan1", () => {
  it("is the grid the corpus's pivot-pov cases start from (Essbase's default grid)", () => {
    const doc = JSON.parse(readFileSync(join(fixtures, "pivot-pov-account-to-left.json"), "utf8"));
    const g = initialGrid(emptySource(loadOutline()), { missingLabel: "" });
    expect(g.grid).toEqual(doc.basis.cells);
  });
});
