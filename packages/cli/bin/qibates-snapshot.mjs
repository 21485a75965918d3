#!/usr/bin/env node
// qibates-snapshot: copies a cube from a server to files the embedded engine serves (QIBATES_SNAPSHOTS).
// The connectors are TypeScript; tsx's loader runs them as they are.
import { register } from "tsx/esm/api";

register();
// Its usage and a refused argument are answered before the connectors and the engine are loaded.
const { answerWithoutRunning } = await import("../src/snapshot-usage.ts");
const answer = answerWithoutRunning(process.argv.slice(2));
if (answer) {
  if (answer.out) process.stdout.write(answer.out);
  if (answer.err) process.stderr.write(answer.err);
  process.exitCode = answer.code;
} else {
  await run();
}

async function run() {
  const { main, firstLine } = await import("../src/snapshot-cli.ts");
  let stop = false;
  process.on("SIGINT", () => {
    if (stop) process.exit(130);
    stop = true;
    process.stderr.write("\nstopping after the current query (Ctrl-C again to stop now)\n");
  });
  async function askPassword(prompt = "Password: ") {
    const { createInterface } = await import("node:readline");
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    process.stderr.write(prompt);
    // Typed characters are not echoed.
    rl._writeToOutput = () => {};
    const typed = await new Promise((resolve) => rl.question("", resolve));
    rl.close();
    process.stderr.write("\n");
    return typed;
  }
  // The first line only, of bounded length: the rest of standard input is never read.
  const readStdin = () => firstLine(process.stdin);
  process.exitCode = await main(process.argv.slice(2), {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    tty: process.stderr.isTTY === true,
    env: process.env,
    ...(process.stdin.isTTY ? { askPassword } : { readStdin }),
    interrupted: () => stop,
  });
}
