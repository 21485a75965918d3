// The command line of a script run by hand or by npm, checked before the script does anything: `--help` (or `-h`)
// prints its usage and exits 0; an option it does not take, or a plain argument beyond those it takes, is refused
// with a message and exit code 2. Nothing is built, started, installed or written then. The modules these scripts
// import only define functions and constants, so their evaluation before this check does nothing either.
import { basename } from "node:path";

/**
 * Checks `argv` (the script's arguments) against what the script takes.
 * @param {string} usage the text `--help` prints: what the script does, how to run it, its options.
 * @param {{ positionals?: number, argv?: readonly string[], script?: string }} [takes] `positionals`: how many
 *   plain arguments the script takes (none unless said).
 * @returns {string[]} the plain arguments.
 */
export function checkCommandLine(usage, { positionals = 0, argv = process.argv.slice(2), script } = {}) {
  const name = `scripts/${script ?? basename(process.argv[1] ?? "")}`;
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(usage.endsWith("\n") ? usage : `${usage}\n`);
    process.exit(0);
  }
  const options = argv.filter((a) => a.startsWith("-") && a !== "-");
  const plain = argv.filter((a) => !a.startsWith("-") || a === "-");
  let refusal;
  if (options.length > 0) refusal = `unknown option ${options.join(", ")}`;
  else if (plain.length > positionals)
    refusal =
      positionals === 0
        ? `takes no argument (given: ${plain.join(" ")})`
        : `unexpected argument ${plain.slice(positionals).join(" ")}`;
  if (refusal !== undefined) {
    process.stderr.write(`${name}: ${refusal}; nothing was run. Run it with --help for its usage.\n`);
    process.exit(2);
  }
  return plain;
}
