import { main } from "../../src/snapshot-cli.ts";

/** `qibates-snapshot ARGV` without a terminal: its exit code and what it wrote to standard output and error. */
export async function runSnapshotCli(argv: string[], env: Record<string, string> = {}) {
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
