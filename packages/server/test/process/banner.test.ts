import { afterAll, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../support/process.ts";

// `npm test` runs this file on the machine's Node and again on the newest LTS line (scripts/node-lts.mjs): the
// server process is started with the same binary as the test, so the banner must name that binary's version.
let server: ServerProcess | undefined;
afterAll(async () => server?.stop());

it("says in its start banner which Node.js version it runs on", async () => {
  server = await startServer({});
  const line = server
    .output()
    .split("\n")
    .find((l) => l.trim().startsWith("Node.js"));
  expect(line?.trim().split(/\s+/)).toEqual(["Node.js", process.version]);
});
