import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { OpenHarness, replayThroughConnector } from "./answer-key.ts";
import { REPLAY_CONNECTORS, type ReplayConnector, recordsAnswer, refusalOf } from "./answer-key-case.ts";
import type { AnswerKeyOutline, replayOnEngine } from "./answer-key-engine.ts";

// The engine is loaded once the arguments are read, and the product (`answer-key.ts`) for a `--via` replay only:
// `--help` and a refused argument answer at once.
type Engine = typeof import("./answer-key-engine.ts");

const USAGE = `Usage: qibates-replay CASE.json --outline OUTLINE.yaml [--check] [--via essbase-stndln|ssas|essbase]

Applies the case's preferences and operation to its "basis" and prints {"cells": [...]} on stdout, or
{"error": {"code", "message"}} when Essbase's rules refuse the operation.
--check  also compares with the case's "result" (or its recorded refusal) and exits 1 when they differ, or
         when the case records neither (nothing to compare with).
--via essbase-stndln  replays through the product instead of the engine alone: the QiBates API, the
         essbase-stndln connector, HTTP to the Essbase REST endpoint, the engine over the outline.
--via ssas  the same through the ssas connector, HTTP to the XMLA endpoint (each operation laid out by the
         engine over the outline read with Discover, its cells read with one MDX SELECT).
--via essbase  the same through the essbase connector, HTTP to the Smart View endpoint (each operation laid
         out by the engine over the outline read with EnumDims/EnumMembers, its cells read with ExecuteQuery).
-h, --help  this text.
Every path reads the case with the engine (caseRequest) and moves a pivot by the engine's rule (pivotPlan):
through the API a pivot's destination cell is sent as the axis the engine sends the dimension to (to: rows
or columns), so all paths give one answer (a POV dimension onto any POV-row cell: the outermost column row).
Exit codes: 0 done, 1 the grid operation was refused (or --check found a difference), 2 bad arguments or case.
`;

export interface Io {
  out(s: string): void;
  err(s: string): void;
  /**
   * Opens the product a `--via` replay runs on, closed once the case is replayed (default: a new one each run,
   * `openConnectorHarness`); a caller that replays many cases in one process may give one it keeps open.
   */
  openHarness?: OpenHarness;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  let casePath: string | undefined;
  let outlinePath: string | undefined;
  let check = false;
  let via: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--outline") outlinePath = argv[++i];
    else if (a.startsWith("--outline=")) outlinePath = a.slice("--outline=".length);
    else if (a === "--check") check = true;
    // `--via` last, with no value, is refused like `--via=` (it used to replay on the engine alone, exit 0).
    else if (a === "--via") via = argv[++i] ?? "";
    else if (a.startsWith("--via=")) via = a.slice("--via=".length);
    else if (a === "--help" || a === "-h") {
      io.out(USAGE);
      return 0;
    } else if (a.startsWith("-")) return usage(io, `unknown option ${a}`);
    else if (casePath === undefined) casePath = a;
    else return usage(io, `unexpected argument ${a}`);
  }
  if (!casePath) return usage(io, "no case file given");
  if (!outlinePath) return usage(io, "no outline given (--outline OUTLINE.yaml)");
  if (via !== undefined && !Object.hasOwn(REPLAY_CONNECTORS, via))
    return usage(
      io,
      `--via ${via || "(nothing)"}: a case can be replayed through ${Object.keys(REPLAY_CONNECTORS).join(" or ")}`,
    );

  const engine: Engine = await import("./answer-key-engine.ts");
  let outline: AnswerKeyOutline;
  let outlineDocument: unknown;
  try {
    outlineDocument = parse(readFileSync(outlinePath, "utf8"));
    outline = engine.answerKeyOutline(outlineDocument);
  } catch (e) {
    io.err(`qibates-replay: cannot read outline ${outlinePath}: ${(e as Error).message}\n`);
    return 2;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(casePath, "utf8"));
  } catch (e) {
    io.err(`qibates-replay: cannot read case ${casePath}: ${(e as Error).message}\n`);
    return 2;
  }
  // --check on a case that records no answer: the replay is printed, then why nothing was compared.
  if (check && !recordsAnswer(doc)) {
    const code = via
      ? await replayVia(outlineDocument, casePath, doc, false, io, via as ReplayConnector)
      : replayOnEngineOnly(engine, outline, casePath, doc, false, io);
    if (code === 2) return 2;
    io.err(
      `qibates-replay: --check: case ${casePath} records no result (no "result" with "cells") and no refusal, so there is nothing to compare the replay with. Record what Essbase answered to this case first (its sheet as "result": {"cells": [...]}, or its refusal message as "result": {"error": "..."}), or run without --check.\n`,
    );
    return 1;
  }
  if (via) return replayVia(outlineDocument, casePath, doc, check, io, via as ReplayConnector);
  return replayOnEngineOnly(engine, outline, casePath, doc, check, io);
}

/** The case replayed by the engine alone (no `--via`). */
function replayOnEngineOnly(
  engine: Engine,
  outline: AnswerKeyOutline,
  casePath: string,
  doc: unknown,
  check: boolean,
  io: Io,
): number {
  let result: ReturnType<typeof replayOnEngine>;
  try {
    result = engine.replayOnEngine(outline, doc);
  } catch (e) {
    io.err(`qibates-replay: malformed case ${casePath}: ${(e as Error).message}\n`);
    return 2;
  }
  if ("error" in result) {
    io.out(`${JSON.stringify(result)}\n`);
    const refused = refusalOf(doc);
    if (check && refused?.toLowerCase().includes(result.error.message.toLowerCase())) return 0;
    io.err(`qibates-replay: ${result.error.code}: ${result.error.message}\n`);
    return 1;
  }
  io.out(`${JSON.stringify({ cells: result.cells })}\n`);
  if (check) {
    const want = (doc as { result?: { cells?: unknown } }).result?.cells;
    if (JSON.stringify(want) !== JSON.stringify(result.cells)) {
      io.err("qibates-replay: the result differs from the case's result\n");
      return 1;
    }
  }
  return 0;
}

function usage(io: Io, problem: string): number {
  io.err(`qibates-replay: ${problem}\n\n${USAGE}`);
  return 2;
}

/** `--via essbase-stndln|ssas|essbase`: the case through the API, the connector, HTTP and its wire endpoint. */
async function replayVia(
  outlineDocument: unknown,
  casePath: string,
  doc: unknown,
  check: boolean,
  io: Io,
  via: ReplayConnector,
): Promise<number> {
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
    io.err(`qibates-replay: malformed case ${casePath}: the case must be a JSON object\n`);
    return 2;
  }
  let outcome: Awaited<ReturnType<typeof replayThroughConnector>>[number] | undefined;
  try {
    const { replayThroughConnector } = await import("./answer-key.ts");
    [outcome] = await replayThroughConnector(
      outlineDocument,
      [{ name: casePath, doc: doc as Record<string, unknown> }],
      via,
      io.openHarness,
    );
  } catch (e) {
    io.err(`qibates-replay: malformed case ${casePath}: ${(e as Error).message}\n`);
    return 2;
  }
  if (!outcome) return 2;
  io.out(`${JSON.stringify(outcome.answer)}\n`);
  if ("error" in outcome.answer && !(check && outcome.match)) {
    io.err(`qibates-replay: ${outcome.answer.error.code}: ${outcome.answer.error.message}\n`);
    return 1;
  }
  if (check && !outcome.match) {
    io.err(`qibates-replay: the result differs from the case's result (${via}): ${outcome.detail}\n`);
    return 1;
  }
  return 0;
}
