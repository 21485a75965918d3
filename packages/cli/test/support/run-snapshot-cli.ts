import { main } from "../../src/snapshot-cli.ts";

/**
 * `qibates-snapshot ARGV` without a terminal: its exit code and what it wrote to standard output and error.
 * `stopWhen`, when given, is Ctrl+C as the command sees it: asked between its calls with what it has written to
 * standard error so far, true stops the run.
 */
export async function runSnapshotCli(
  argv: string[],
  env: Record<string, string> = {},
  stopWhen?: (err: string) => boolean,
) {
  let out = "";
  let err = "";
  const code = await main(argv, {
    out: (s) => {
      out += s;
    },
    err: (s) => {
      err += s;
    },
    tty: false,
    env,
    ...(stopWhen ? { interrupted: () => stopWhen(err) } : {}),
  });
  return { code, out, err };
}

/** The options of a run against an address nothing answers (127.0.0.1:1): for refusals made before any call. */
export const NOWHERE_ARGS: readonly string[] = [
  "--connector",
  "essbase-stndln",
  "--address",
  "http://127.0.0.1:1/essbase/japi",
  "--user",
  "u",
];
