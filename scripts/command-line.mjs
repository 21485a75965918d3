// The command line of every script run by hand, by npm or by CI (`scripts/`) and of every benchmark (`bench/`),
// checked before the script does anything: `--help` (or `-h`) prints its usage and exits 0; an option it does not
// take, or a plain argument beyond those it takes, is refused with a message and exit code 2. Nothing is built,
// started, installed or written then.
//
// Three ways to use it, one rule:
// - `checkCommandLine(usage)`: a script with a written usage and no option values (scripts/*.mjs);
// - `commandLine(argv, options, usage)`: a script whose options take values (`--sizes 1k,11k`), with defaults;
// - `import "../scripts/command-line.mjs";` as a benchmark's first import: the check runs as this module is
//   evaluated, before any other module of the benchmark is. Its usage is the opening comment of its file, with
//   the options its source names (the `--name` words and the names it reads with `numberOption("name", …)` of
//   `bench/args.ts`): a new option is accepted as soon as the benchmark reads it. A benchmark that listens (it or
//   a module of bench/ it imports, at any depth, imports bench/ports.mjs) takes `--ports FROM-TO` too, and its
//   usage says so.
import { readFileSync } from "node:fs";
import { basename, dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BENCH = resolve(ROOT, "bench");

/** How a script is named in its messages: its path from the repository's root (`scripts/build.mjs`). */
function nameOf(script) {
  const path = resolve(script);
  return path.startsWith(`${ROOT}/`) ? relative(ROOT, path) : basename(path);
}

/** `--help` or `-h` among `argv`: prints `usage` and ends the process with exit code 0. */
function helpRequested(argv, usage) {
  if (!argv.includes("--help") && !argv.includes("-h")) return;
  process.stdout.write(usage.endsWith("\n") ? usage : `${usage}\n`);
  process.exit(0);
}

/** Prints why the command line is refused and ends the process with exit code 2. */
function refuse(message) {
  process.stderr.write(message.endsWith("\n") ? message : `${message}\n`);
  process.exit(2);
}

/**
 * Checks `argv` (the script's arguments) against what the script takes.
 * @param {string} usage the text `--help` prints: what the script does, how to run it, its options.
 * @param {{ positionals?: number, argv?: readonly string[], script?: string }} [takes] `positionals`: how many
 *   plain arguments the script takes (none unless said).
 * @returns {string[]} the plain arguments.
 */
export function checkCommandLine(usage, { positionals = 0, argv = process.argv.slice(2), script } = {}) {
  const name = script === undefined ? nameOf(process.argv[1] ?? "") : `scripts/${script}`;
  helpRequested(argv, usage);
  const options = argv.filter((a) => a.startsWith("-") && a !== "-");
  const plain = argv.filter((a) => !a.startsWith("-") || a === "-");
  let refusal;
  if (options.length > 0) refusal = `unknown option ${options.join(", ")}`;
  else if (plain.length > positionals)
    refusal =
      positionals === 0
        ? `takes no argument (given: ${plain.join(" ")})`
        : `unexpected argument ${plain.slice(positionals).join(" ")}`;
  if (refusal !== undefined)
    refuse(`${name}: ${refusal}; nothing was run. Run it with --help for its usage.`);
  return plain;
}

/**
 * A command line whose options take values: `options` maps each flag (without `--`) to its default (a string,
 * or `false` for a flag that takes no value). `--help` prints `usage` and exits 0; an unknown flag or a flag
 * without its value prints why and the usage on stderr and exits 2.
 * @param {string[]} argv
 * @param {Record<string, string | false>} options
 * @param {string} usage
 * @returns {Record<string, string | boolean>}
 */
export function commandLine(argv, options, usage) {
  helpRequested(argv, `${usage.trim()}\n`);
  const out = { ...options };
  const refuseWithUsage = (why) => refuse(`${why}\n\n${usage.trim()}`);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const name = a.startsWith("--") ? a.slice(2) : null;
    if (name === null || !(name in options)) refuseWithUsage(`unknown option ${a}; nothing was run.`);
    if (options[name] === false) {
      out[name] = true;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined || value.startsWith("--")) refuseWithUsage(`--${name} needs a value`);
    out[name] = value;
    i++;
  }
  return out;
}

/** The line of a listening benchmark's usage that names `--ports` (bench/ports.mjs reads the option). */
export const PORTS_USAGE =
  "--ports FROM-TO  the ports its servers, proxies, stand-ins and wire endpoints may listen on, both ends\n" +
  "                 included, within 1024-65535 (default: any free port)";

/** The modules of bench/ a source imports (`./name.ts`, `./name.mjs`). */
const localImports = (source) =>
  [...source.matchAll(/^(?:import|export)\s[^;]*?["']\.\/([\w.-]+\.(?:ts|mjs))["']/gm)].map((m) => m[1]);

/**
 * Whether the benchmark `file` of bench/ listens: it, or a module of bench/ it imports at any depth, imports
 * bench/ports.mjs, through which every listener of a benchmark takes its port.
 * @param {string} file
 * @param {(file: string) => string} [read] the source of a file of bench/
 */
export function benchListens(file, read = (f) => readFileSync(resolve(BENCH, f), "utf8")) {
  const seen = new Set();
  const visit = (f) => {
    if (f === "ports.mjs") return true;
    if (seen.has(f)) return false;
    seen.add(f);
    let text;
    try {
      text = read(f);
    } catch {
      return false;
    }
    return localImports(text).some(visit);
  };
  return visit(file);
}

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

/** The options a benchmark's source names, `help` included. */
function optionsOf(source) {
  const named = [...source.matchAll(/--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)/g)].map((m) => m[1]);
  const read = [...source.matchAll(/numberOption\(\s*["'`]([a-z][a-z0-9-]*)["'`]/g)].map((m) => m[1]);
  return new Set([...named, ...read, "help"]);
}

/** A benchmark's first import is this module, for its effect: its command line is checked as this one loads. */
export const BENCH_CHECK = /^import\s+["']\.\.\/scripts\/command-line\.mjs["'];?\s*$/m;

/**
 * What the command line `argv` of the benchmark whose source is `source` (file `name` of bench/) asks for:
 * `{ help }` (the text `--help` prints), `{ refusal }` (why it is refused), or `{}` (run it).
 * @param {string} source
 * @param {string} name
 * @param {readonly string[]} argv
 * @param {{ listens?: boolean }} [how] `listens`: the benchmark starts listeners (`benchListens`), so it takes
 *   `--ports`.
 * @returns {{ help?: string, refusal?: string }}
 */
export function benchCommandLine(source, name, argv, { listens = false } = {}) {
  const known = optionsOf(source);
  if (listens) known.add("ports");
  if (argv.includes("--help") || argv.includes("-h")) {
    const options = [...known].filter((o) => o !== "help").sort();
    const listed = options.length > 0 ? options.map((o) => `--${o}`).join(", ") : "none";
    const ports = listens ? `\n${PORTS_USAGE}` : "";
    return {
      help: `${openingComment(source) || `bench/${name}`}\n\nOptions: ${listed}; --help prints this text.${ports}\n`,
    };
  }
  const unknown = argv.filter((a) => a.startsWith("--") && !known.has(a.slice(2).split("=")[0] ?? ""));
  if (unknown.length > 0)
    return {
      refusal: `bench/${name}: unknown option ${unknown.join(", ")}; nothing was run. Run it with --help for its options.`,
    };
  return {};
}

// A benchmark of bench/ run as the program, which imports this module for its effect (a test importing one of
// its modules, or a script calling the functions above, is left alone).
const program = process.argv[1] === undefined ? "" : resolve(process.argv[1]);
if (dirname(program) === BENCH) {
  const source = readFileSync(program, "utf8");
  if (BENCH_CHECK.test(source)) {
    const name = basename(program);
    const { help, refusal } = benchCommandLine(source, name, process.argv.slice(2), {
      listens: benchListens(name),
    });
    if (help !== undefined) helpRequested(["--help"], help);
    if (refusal !== undefined) refuse(refusal);
  }
}
