// The connector-path benchmark's upstream in a process of its own, as a real server is: the product with the
// Essbase REST endpoint, serving Sample.Basic or (argument: a JSON file of `openConnectorHarness` options) one
// generated cube. Prints the endpoint's provider address as one line, then `served <ms>` for each request it
// answers (its own time, `served-times.ts`), and stops when its standard input ends.
import "../scripts/command-line.mjs";
import { readFileSync } from "node:fs";
import { openConnectorHarness } from "../packages/cli/src/answer-key.ts";
import { listenPort } from "./ports.mjs";
import { onServed } from "./served-times.ts";

const file = process.argv[2];
const options = file ? JSON.parse(readFileSync(file, "utf8")) : {};
const harness = await openConnectorHarness({ ...options, port: await listenPort() });
process.stdout.write(`${harness.wireAddress}\n`);
onServed((ms) => process.stdout.write(`served ${ms.toFixed(3)}\n`));
process.stdin.resume();
process.stdin.on("end", () => {
  void harness.close().then(() => process.exit(0));
});
