import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Outline, outlineSpecFromDocument } from "@qibates/engine";
import { GridError, runGridOperation } from "@qibates/engine/grid";
import { emptySource, replayCase } from "@qibates/engine/replay";
import { supportOf, ZOOM_MODES } from "@qibates/provider";
import { expect, it } from "vitest";
import { parse } from "yaml";
import {
  type CaseOutcome,
  caseZoomMode,
  replaySummary,
  replayThroughConnector,
} from "../../src/answer-key.ts";

/**
 * The Essbase answer key (packages/engine/test/fixtures/essbase-oracle, see its NOTICE) replayed through the
 * API → connector → HTTP → wire endpoint → engine path, for essbase-stndln (Essbase REST), ssas (XMLA) and
 * essbase (Smart View XML, every operation laid out by the engine and read with ExecuteQuery):
 * every operation case, cell by cell, indentation included, or the same refusal.
 *
 * One answer on every path: each case, and each pivot between two POV cells of the key's pivot
 * bases (no key of its own: the paths must agree), gives through every connector exactly what the engine alone
 * gives (`replayCase`, `qibates-replay` without `--via`).
 */
const fixtures = dirname(
  fileURLToPath(new URL("../../../engine/test/fixtures/essbase-oracle/NOTICE", import.meta.url)),
);

/** Cases known not to match through a path, with the reason. Counted in the summary; aim: empty. */
const KNOWN_DIFFERENCES: Record<string, string> = {};

/**
 * Zoom modes a connector refuses with the typed unsupported error: those its capability table gives it no
 * support for, or none on a real server (each connector here talks to a wire endpoint, a real server to it).
 */
const UNSUPPORTED_ZOOM: Record<string, readonly string[]> = Object.fromEntries(
  (["essbase-stndln", "ssas", "essbase"] as const).map((via) => [
    via,
    ZOOM_MODES.filter((m) => {
      const support = supportOf(via, `zoomIn:${m}`);
      return support.status === "no" || support.realServers !== undefined;
    }),
  ]),
);

type Case = { name: string; doc: Record<string, unknown> };

function cases(): Case[] {
  return readdirSync(fixtures)
    .filter((f) => f.endsWith(".json") && f !== "pivot-layouts.json")
    .sort()
    .map((f) => {
      const doc = JSON.parse(readFileSync(join(fixtures, f), "utf8"));
      return { name: String(doc.name ?? f.replace(/\.json$/, "")), doc };
    });
}

const outlineDocument = parse(readFileSync(join(fixtures, "vision-plan1.yaml"), "utf8"));
const outline = new Outline(outlineSpecFromDocument(outlineDocument));
const keyCases = cases();

/**
 * Pivots between two POV cells of each distinct pivot basis of the key, addressed as the key addresses a
 * destination (a flat cell index): the first POV cell onto the last, the last onto the second, the first onto
 * itself (the pivot between POV cells; three per basis to keep the run short). They carry no result: only the
 * paths' agreement is checked.
 */
function povToPovCases(): Case[] {
  const out: Case[] = [];
  const seen = new Set<string>();
  for (const { name, doc } of keyCases) {
    const op = doc.operation as { action?: string };
    if (op.action !== "pivot") continue;
    const cells = (doc.basis as { cells: string[][] }).cells;
    const key = JSON.stringify(cells);
    if (seen.has(key)) continue;
    seen.add(key);
    const kinds = runGridOperation(emptySource(outline), {
      action: "refresh",
      grid: cells,
      settings: { missingLabel: "" },
    }).kinds;
    const width = cells.reduce((w, r) => Math.max(w, r.length), 0);
    const pov: { row: number; column: number }[] = [];
    kinds.forEach((row, r) => {
      row.forEach((k, c) => {
        if (k === "pov") pov.push({ row: r, column: c });
      });
    });
    const first = pov[0];
    const last = pov[pov.length - 1];
    if (!first || !last || pov.length < 2) continue;
    for (const [from, to] of [
      [first, last],
      [last, pov[1] ?? first],
      [first, first],
    ] as const) {
      out.push({
        name: `${name}/pov ${from.row},${from.column} -> ${to.row},${to.column}`,
        doc: {
          ...doc,
          name: undefined,
          operation: {
            action: "pivot",
            ranges: [[from.row, from.column, 1, 1], [to.row * width + to.column]],
          },
          result: undefined,
        },
      });
    }
  }
  return out;
}

const derived = povToPovCases();

/** The engine alone's answer to a case (`qibates-replay` without `--via`). */
function engineAnswer(doc: unknown): CaseOutcome["answer"] {
  try {
    return { cells: replayCase(outline, doc).cells };
  } catch (e) {
    if (!(e instanceof GridError)) throw e;
    return { error: { code: e.code, message: e.message } };
  }
}
const engine = new Map([...keyCases, ...derived].map((c) => [c.name, engineAnswer(c.doc)]));

/** Same sheet, or the same refusal (the API's message is the engine's, whatever its error code). */
function sameAnswer(a: CaseOutcome["answer"], b: CaseOutcome["answer"] | undefined): boolean {
  if (!b) return false;
  if ("cells" in a || "cells" in b)
    return "cells" in a && "cells" in b && JSON.stringify(a) === JSON.stringify(b);
  const norm = (m: string) => m.toLowerCase().replace(/\.$/, "");
  return norm(a.error.message) === norm(b.error.message);
}

it("derives pivots between two POV cells from every pivot basis of the key", () => {
  expect(derived.length).toBeGreaterThanOrEqual(9);
  // The engine sends every one of them to the column axis: none stays in the POV.
  for (const { name } of derived) expect("cells" in (engine.get(name) ?? {}), name).toBe(true);
});

for (const via of ["essbase-stndln", "ssas", "essbase"] as const) {
  it(`replays the answer key through the ${via} connector, with the engine alone's answers`, async () => {
    const outcomes = await replayThroughConnector(outlineDocument, [...keyCases, ...derived], via);
    const keyed = outcomes.slice(0, keyCases.length);
    process.stdout.write(`${replaySummary(keyed, via)}\n`);
    const refused = new Set(UNSUPPORTED_ZOOM[via]);
    const modeOf = new Map(keyCases.map((c) => [c.name, caseZoomMode(c.doc)]));
    const allowedUnsupported = (o: CaseOutcome) => !!o.unsupported && refused.has(modeOf.get(o.name) ?? "");
    // A case may answer the typed unsupported error only when the capability table refuses its zoom mode.
    const unexpected = keyed.filter((o) => !o.match && !KNOWN_DIFFERENCES[o.name] && !allowedUnsupported(o));
    expect(unexpected.map((o) => `${o.name}: ${o.detail}`)).toEqual([]);
    expect(keyed.length).toBeGreaterThanOrEqual(45);
    // One answer on every path: the connector's is the engine alone's, key cases and derived pivots alike.
    const apart = outcomes
      .filter((o) => !allowedUnsupported(o) && !sameAnswer(o.answer, engine.get(o.name)))
      .map(
        (o) => `${o.name}: ${via} ${JSON.stringify(o.answer)} / engine ${JSON.stringify(engine.get(o.name))}`,
      );
    expect(apart).toEqual([]);
    process.stdout.write(
      `${outcomes.length - apart.length} of ${outcomes.length} answers the same through ${via} and the engine alone (${derived.length} pivots between two POV cells)\n`,
    );
  }, 180_000);
}
