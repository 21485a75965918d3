/**
 * The grammar-aware XML fuzzer (`packages/wire/test/support/xml-fuzz.ts`), run longer than CI does
 * (CI: seed 43, 600 documents): many seeds, each a number of well-formed documents and four mutations of each.
 * Well-formed documents are compared with fast-xml-parser; every document is read or refused with the reader's
 * typed errors, in a bounded number of steps, the count and the reader agreeing. Prints the tally, the first
 * finding (the document that reproduces it, with its seed) and the time per document; `--write` puts it in
 * BENCHMARKS.md.
 *
 * Run: `npx tsx bench/xml-fuzz.ts [--seeds 40] [--rounds 1000] [--from 1] [--write]`
 */
import "../scripts/command-line.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FuzzFinding, type FuzzTally, fuzzXml } from "../packages/wire/test/support/xml-fuzz.ts";
import { args, numberOption } from "./args.ts";
import { machineNote, referenceWork } from "./machine.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SEEDS = numberOption("seeds", 40);
const ROUNDS = numberOption("rounds", 1000);
const FROM = numberOption("from", 1);
const WRITE = args.includes("--write");

const referenceBefore = referenceWork();
const total: FuzzTally = {
  wellFormed: 0,
  mutated: 0,
  verdicts: { read: 0, syntax: 0, "too-large": 0 },
  comparedMutants: 0,
  stricter: 0,
  referenceQuirks: 0,
  longest: 0,
};
const findings: string[] = [];
const t0 = performance.now();
for (let seed = FROM; seed < FROM + SEEDS; seed++) {
  try {
    const t = fuzzXml(seed, ROUNDS);
    total.wellFormed += t.wellFormed;
    total.mutated += t.mutated;
    for (const k of ["read", "syntax", "too-large"] as const) total.verdicts[k] += t.verdicts[k];
    total.comparedMutants += t.comparedMutants;
    total.stricter += t.stricter;
    total.referenceQuirks += t.referenceQuirks;
    total.longest = Math.max(total.longest, t.longest);
  } catch (e) {
    if (!(e instanceof FuzzFinding)) throw e;
    findings.push(`seed ${seed}: ${e.message.slice(0, 600)}`);
  }
}
const ms = performance.now() - t0;
const referenceAfter = referenceWork();
const docs = total.wellFormed + total.mutated;
const text = [
  `Command: \`npx tsx bench/xml-fuzz.ts --seeds ${SEEDS} --rounds ${ROUNDS} --from ${FROM}${WRITE ? " --write" : ""}\`, ${new Date().toISOString().slice(0, 16)} UTC, Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(1)} at the end. A fixed piece of work (20 parses of a 2 MiB JSON text) took ${referenceBefore.toFixed(0)} ms before the run and ${referenceAfter.toFixed(0)} ms after. ${machineNote()}`,
  "",
  "```",
  `seeds ${FROM}..${FROM + SEEDS - 1}, ${ROUNDS} rounds each: ${docs} documents in ${(ms / 1000).toFixed(1)} s (${((ms * 1000) / Math.max(docs, 1)).toFixed(0)} µs a document, the reference's reading included), the longest ${total.longest} characters`,
  `well-formed: ${total.wellFormed}, each read as fast-xml-parser reads it`,
  `mutated: ${total.mutated}: read ${total.verdicts.read} (${total.comparedMutants} compared equal with the reference, ${total.referenceQuirks} equal once the reference's misreading of processing instructions is set aside), refused as malformed ${total.verdicts.syntax} (${total.stricter} of them taken by the reference: XML's rules it skips), refused for size ${total.verdicts["too-large"]}`,
  `findings: ${findings.length}`,
  ...findings,
  "```",
  "",
  `Target: 0 findings (no other exception than the typed refusals, no reader that stops progressing, the count and the reader agreeing, the same tree as the reference): ${findings.length === 0 ? "**met** ✅" : "**missed** ❌"}.`,
].join("\n");
process.stdout.write(`${text}\n`);
if (WRITE) {
  const file = join(ROOT, "bench/BENCHMARKS.md");
  const md = readFileSync(file, "utf8");
  const section = `<!-- xml-fuzz:start -->\n## Fuzzing the XML readers\n\n${text}\n<!-- xml-fuzz:end -->`;
  const re = /<!-- xml-fuzz:start -->[\s\S]*<!-- xml-fuzz:end -->/;
  writeFileSync(file, re.test(md) ? md.replace(re, section) : `${md.trimEnd()}\n\n${section}\n`);
  process.stdout.write("Written to bench/BENCHMARKS.md.\n");
}
if (findings.length > 0) process.exitCode = 1;
