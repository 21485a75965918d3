// Reads the output of the README's test command (`npm install && npm test`) and fails when the install part, the
// lines before npm starts the `test` script, holds a warning: a fresh install warns about nothing.
//   node scripts/install-log-check.mjs <log file>
import { readFileSync } from "node:fs";
import { checkCommandLine } from "./command-line.mjs";

/** The warning lines npm printed before the tests started (`> name@version test`). */
export function installWarnings(log) {
  const lines = log.split(/\r?\n/);
  const start = lines.findIndex((line) => /^> \S+@\S+ test$/.test(line.trim()));
  const install = start === -1 ? lines : lines.slice(0, start);
  return install.filter((line) => /^npm (warn|WARN)\b/.test(line.trim()));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file] = checkCommandLine(
    `Usage: node scripts/install-log-check.mjs <log file>

Reads the saved output of the README's test command (npm install && npm test) and fails (exit 1) when the
install part, the lines before npm starts the test script, holds a warning line: a fresh install warns about
nothing. CI runs it on its log.

Options:
  -h, --help  prints this text and exits.
`,
    { positionals: 1 },
  );
  if (!file) {
    console.error("usage: node scripts/install-log-check.mjs <log file>");
    process.exit(2);
  }
  const warnings = installWarnings(readFileSync(file, "utf8"));
  if (warnings.length > 0) {
    console.error(`npm install printed ${warnings.length} warning line(s); a fresh install must print none:`);
    for (const line of warnings) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log("npm install printed no warning line.");
}
