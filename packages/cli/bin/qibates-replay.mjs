#!/usr/bin/env node
// qibates-replay CASE.json --outline OUTLINE.yaml: replays one case of the Essbase answer-key format through
// the engine and prints the resulting sheet as JSON. The engine is TypeScript; tsx's loader runs it as is.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/replay-cli.ts");
process.exitCode = await main(process.argv.slice(2), {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
});
