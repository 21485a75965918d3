// The command line of a benchmark, checked before it does anything: imported first by each benchmark run by
// hand, so that it runs before any other module of the benchmark is evaluated. `--help` (or `-h`) prints the
// benchmark's usage, the opening comment of its file, with the options its source reads, and exits 0; an option
// its source never names is refused with a message and exit code 2. Nothing is built, started or written then.
// The options a benchmark takes are the `--name` words its source holds (and the names it reads with
// `numberOption("name", …)` of `args.ts`): a new option is accepted as soon as the benchmark reads it.
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const script = process.argv[1] === undefined ? "" : resolve(process.argv[1]);

/** The opening comment of a source file, without its comment marks. */
function openingComment(source) {
  const block = /^\s*\/\*\*?([\s\S]*?)\*\//.exec(source);
  if (block)
    return block[1]
      .split("\n")
      .map((l) => l.replace(/^\s*\* ?/, ""))
      .join("\n")
      .trim();
  const lines = [];
  for (const line of source.split("\n")) {
    if (!line.startsWith("//")) break;
    lines.push(line.replace(/^\/\/ ?/, ""));
  }
  return lines.join("\n").trim();
}

/** The options a benchmark's source names. */
function optionsOf(source) {
  const named = [...source.matchAll(/--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)/g)].map((m) => m[1]);
  const read = [...source.matchAll(/numberOption\(\s*["'`]([a-z][a-z0-9-]*)["'`]/g)].map((m) => m[1]);
  return new Set([...named, ...read, "help"]);
}

// Only for a benchmark of this folder run as the program (a test importing one of its modules is left alone).
if (dirname(script) === HERE && script !== fileURLToPath(import.meta.url)) {
  const source = readFileSync(script, "utf8");
  const args = process.argv.slice(2);
  const name = basename(script);
  if (args.includes("--help") || args.includes("-h")) {
    const options = [...optionsOf(source)].filter((o) => o !== "help").sort();
    process.stdout.write(
      `${openingComment(source) || `bench/${name}`}\n\nOptions: ${options.length > 0 ? options.map((o) => `--${o}`).join(", ") : "none"}; --help prints this text.\n`,
    );
    process.exit(0);
  }
  const known = optionsOf(source);
  const unknown = args.filter((a) => a.startsWith("--") && !known.has(a.slice(2).split("=")[0] ?? ""));
  if (unknown.length > 0) {
    process.stderr.write(
      `bench/${name}: unknown option ${unknown.join(", ")}; nothing was run. Run it with --help for its options.\n`,
    );
    process.exit(2);
  }
}
