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
