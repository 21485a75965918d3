import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { GridError, ReplayCaseError, replayCase } from "../src/grid/index.ts";
import { Outline } from "../src/outline.ts";
import { outlineSpecFromDocument } from "../src/outline-yaml.ts";

const USAGE = `Usage: qibates-replay CASE.json --outline OUTLINE.yaml [--check]

Applies the case's preferences and operation to its "basis" and prints {"cells": [...]} on stdout, or
{"error": {"code", "message"}} when Essbase's rules refuse the operation.
--check  also compares with the case's "result" (or its recorded refusal) and exits 1 when they differ.
Exit codes: 0 done, 1 the grid operation was refused (or --check found a difference), 2 bad arguments or case.
`;

export interface Io {
  out(s: string): void;
  err(s: string): void;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  let casePath: string | undefined;
  let outlinePath: string | undefined;
  let check = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--outline") outlinePath = argv[++i];
    else if (a.startsWith("--outline=")) outlinePath = a.slice("--outline=".length);
    else if (a === "--check") check = true;
    else if (a === "--help" || a === "-h") {
      io.out(USAGE);
      return 0;
    } else if (a.startsWith("-")) return usage(io, `unknown option ${a}`);
    else if (casePath === undefined) casePath = a;
    else return usage(io, `unexpected argument ${a}`);
  }
  if (!casePath) return usage(io, "no case file given");
  if (!outlinePath) return usage(io, "no outline given (--outline OUTLINE.yaml)");

  let outline: Outline;
  try {
    outline = new Outline(outlineSpecFromDocument(parse(readFileSync(outlinePath, "utf8"))));
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
  try {
    const result = replayCase(outline, doc);
    io.out(`${JSON.stringify({ cells: result.cells })}\n`);
    if (check) {
      const want = (doc as { result?: { cells?: unknown } }).result?.cells;
      if (JSON.stringify(want) !== JSON.stringify(result.cells)) {
        io.err("qibates-replay: the result differs from the case's result\n");
        return 1;
      }
    }
    return 0;
  } catch (e) {
    if (e instanceof ReplayCaseError) {
      io.err(`qibates-replay: malformed case ${casePath}: ${e.message}\n`);
      return 2;
    }
    if (e instanceof GridError) {
      io.out(`${JSON.stringify({ error: { code: e.code, message: e.message } })}\n`);
      const refused = refusalOf(doc);
      if (check && refused?.toLowerCase().includes(e.message.toLowerCase())) return 0;
      io.err(`qibates-replay: ${e.code}: ${e.message}\n`);
      return 1;
    }
    io.err(`qibates-replay: malformed case ${casePath}: ${(e as Error).message}\n`);
    return 2;
  }
}

/** The message of a case Essbase refused (`refused`, `error` or `result.error`), if any. */
function refusalOf(doc: unknown): string | null {
  const d = (doc ?? {}) as Record<string, unknown>;
  const result = (d.result ?? {}) as Record<string, unknown>;
  for (const v of [d.refused, d.error, result.error, result.message]) if (typeof v === "string") return v;
  return null;
}

function usage(io: Io, problem: string): number {
  io.err(`qibates-replay: ${problem}\n\n${USAGE}`);
  return 2;
}
