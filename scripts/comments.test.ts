import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Code comments say what the code does and why; the history of a change (the issue that asked for it) and the
 * figures measured on one day live in the commits and in bench/BENCHMARKS.md, where they do not rot. Every source
 * file of the repository is read, so a new file is checked unlisted: no line cites an issue by its number (in a
 * comment, a test title or a text the code writes), and no comment gives a measurement with the date it was taken.
 * Fixtures, the site's changelog and the benchmarks' results are records, not code, and are not read.
 */
const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** Folders that hold no source of the project: installed, built, generated or recorded files. */
const SKIPPED = new Set([
  "node_modules",
  "dist",
  "build",
  "fixtures",
  "results",
  "changelog",
  "artifacts",
  "tmp",
  "data",
  "static",
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name.startsWith(".") || SKIPPED.has(e.name) || e.name.startsWith("dist-")) return [];
      return sources(path);
    }
    return /\.(ts|tsx|mts|cts|mjs|cjs|js)$/.test(e.name) ? [path] : [];
  });
}

/** An issue cited by its number: the word, one or more spaces, an optional `#`, then digits. */
const ISSUE_NUMBER = /\b(?:issues?|tickets?)\s+#?\d+/i;
/** A calendar date. */
const DATE = /\b20\d\d-[01]\d-[0-3]\d\b/;
/** A time of day given in UTC. */
const CLOCK_UTC = /\b\d\d:\d\d\s*UTC\b/;
/** A figure with its unit, or a machine's load. */
const MEASUREMENT = /\d[\d,.]*\s?(?:ms|s|min|µs|ns|B|KB|KiB|MB|MiB|GB|GiB|%)(?![\w])|\bload\s+\d/;

/** The comment part of a line, or null when the line holds none (a line inside a block comment starts with `*`). */
function commentOf(line: string): string | null {
  const trimmed = line.trim();
  if (/^(\/\/|\/\*|\*)/.test(trimmed)) return trimmed;
  const at = line.search(/(^|\s)\/\/\s/);
  return at >= 0 ? line.slice(at) : null;
}

/** `path:line: text` for every line of `text` that cites an issue number or dates a measurement in a comment. */
function offences(path: string, text: string): string[] {
  const lines = text.split("\n");
  const found: string[] = [];
  lines.forEach((line, i) => {
    const where = `${path}:${i + 1}: ${line.trim().slice(0, 120)}`;
    if (ISSUE_NUMBER.test(line)) {
      found.push(where);
      return;
    }
    const comment = commentOf(line);
    if (comment === null) return;
    // A sentence may wrap: the date on one line, its figure on the next.
    const next = commentOf(lines[i + 1] ?? "") ?? "";
    const previous = commentOf(lines[i - 1] ?? "") ?? "";
    const around = `${previous} ${comment} ${next}`;
    if (CLOCK_UTC.test(comment) || (DATE.test(comment) && MEASUREMENT.test(around))) found.push(where);
  });
  return found;
}

describe("comments say what the code does, not its history", () => {
  it("finds an issue number and a dated measurement, and lets data dates and plain figures be", () => {
    const cite = ["iss", "ue"].join("");
    const flagged = [
      `// ${cite} 12: the reader is bounded`,
      ` * The reader (${cite} #12) is bounded.`,
      `describe("bounded reads (${cite}s 12 and 13)", () => {`,
      `// Took 3,988 ms at load 2 on 2026-11-21.`,
      ` * The first call waits 2,076 ms (07:24 UTC).`,
    ];
    for (const line of flagged) expect(offences("x.ts", line), line).toHaveLength(1);
    const kept = [
      `const takenAt = "2026-11-25T00:00:00Z";`,
      `  dueDate: "2026-12-15", // 3 s before the deadline`,
      `// A request body of 2 MiB is read in slices of 64 KiB.`,
      `// The issue is that a tissue 12 is not a citation.`,
    ];
    for (const line of kept) expect(offences("x.ts", line), line).toEqual([]);
  });

  it("no source file cites an issue number or gives a dated measurement in a comment", () => {
    const found = sources(ROOT).flatMap((file) =>
      offences(relative(ROOT, file).split(sep).join("/"), readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
  });
});
