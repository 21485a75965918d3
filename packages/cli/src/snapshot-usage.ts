import { parseArgs } from "node:util";

/**
 * `qibates-snapshot`'s usage and arguments: what the command answers without running (its usage, a refused
 * argument), kept apart from the connectors and the engine it loads to run, so that `--help` answers at once.
 */

export const USAGE = `Usage: qibates-snapshot --connector C --address URL --user NAME --server S --application A --out FOLDER
                        [--cube CUBE] [--name NAME] [--force] [--read auto|grid|export]
       qibates-snapshot --import-data FILE --into SNAPSHOT [--cube CUBE] [--skip-rejected]
       qibates-snapshot hash-password

Takes a snapshot of a cube: reads its outline and data from a server and writes them to files, to be
served by the embedded engine (QIBATES_SNAPSHOTS=FOLDER).

  --connector    essbase (Essbase 11.x), essbase-stndln (Essbase 21c), ssas, planning (Planning
                 on premises) or pbcs (EPM Cloud Planning); a Planning application is served as a
                 Planning application of its plan types, without forms, rules or task lists
  --address      the provider address, as at login (for example https://host/essbase/japi, or
                 https://host/HyperionPlanning/SmartView for planning and pbcs)
  --user         the user name; the password is read from QIBATES_PASSWORD, else asked for
  --server       the server name, as the server lists it (Planning for planning and pbcs)
  --application  the application to take a snapshot of
  --cube         one cube or plan type (default: every one of the application)
  --out          the folder to write in: the snapshot goes to FOLDER/NAME
  --name         serve the snapshot under this application name (default: the application's)
  --force        replace a snapshot already in FOLDER/NAME (kept whole until the new one is
                 complete; the new one is taken in FOLDER/.NAME.new)
  --read         how the data is read: auto (the default: the server's own level-0 export where
                 the connector has one, essbase-stndln's exportData job, else queries), grid
                 (queries only) or export (the export, or an error)
  -h, --help     this text

  --import-data  an Essbase data export (MaxL export database, or the exportData job; in columns or
                 not, plain or gzip) or a free-form data file, to replace the data of a snapshot
  --into         the snapshot's folder (FOLDER/NAME of an earlier run), whose outline reads the file
  --skip-rejected  write the values that load even when some lines are rejected (default: nothing
                 is written then)

  hash-password  writes a password hash for QIBATES_SNAPSHOT_USERS (the users who may log in to
                 reach the snapshots): the password is asked for twice on a terminal, else read
                 from standard input (its first line); never an argument

A server whose certificate a company authority signed: PROVIDER_CA_FILE names a PEM file of extra
authorities, as for the QiBates server. UPSTREAM_MAX_ANSWER_BYTES (the largest answer read, 16 MiB by
default) and SSAS_XMLA_URLS (for ssas, where msmdpump.dll is) are read as the QiBates server reads them.

A run that stops (Ctrl-C, network failure) keeps what it read: run the same command again to resume
(with --force too: it goes on in FOLDER/.NAME.new, and the snapshot it replaces is still served).
Exit codes: 0 done, 1 the run failed or was interrupted, 2 bad arguments.
`;

/** The command's options (`parseArgs`, strict). */
const OPTIONS = {
  connector: { type: "string" },
  address: { type: "string" },
  user: { type: "string" },
  server: { type: "string" },
  application: { type: "string" },
  cube: { type: "string" },
  out: { type: "string" },
  name: { type: "string" },
  force: { type: "boolean" },
  read: { type: "string" },
  help: { type: "boolean", short: "h" },
  password: { type: "string" },
  "import-data": { type: "string" },
  into: { type: "string" },
  "skip-rejected": { type: "boolean" },
} as const;

/** A refused argument as the command writes it to standard error: the reason, then the usage. */
export function refusal(message: string): string {
  return `qibates-snapshot: ${message}\n\n${USAGE}`;
}

/** The options of `argv` (not `hash-password`); throws on an unknown option or a missing value. */
export function parseSnapshotArgs(argv: readonly string[]): Record<string, string | boolean | undefined> {
  return parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }).values;
}

/**
 * What the command answers to `argv` without running anything, or null when it must run: its usage for `--help`
 * (exit 0), a refusal for an argument it does not take (exit 2). `hash-password` answers its usage before any
 * password is asked for or read, and takes no argument.
 */
export function answerWithoutRunning(
  argv: readonly string[],
): { code: number; out?: string; err?: string } | null {
  if (argv[0] === "hash-password") {
    const rest = argv.slice(1);
    if (rest.includes("--help") || rest.includes("-h")) return { code: 0, out: USAGE };
    if (rest.length > 0)
      return {
        code: 2,
        err: refusal(
          "hash-password takes no argument: the password is asked for, or read from standard input",
        ),
      };
    return null;
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseSnapshotArgs(argv);
  } catch (e) {
    return { code: 2, err: refusal(e instanceof Error ? e.message : String(e)) };
  }
  return values.help ? { code: 0, out: USAGE } : null;
}
