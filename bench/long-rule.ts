/**
 * A business rule that runs longer than the connection timeout used to be (120 s), against the server bundle
 * with the shipped defaults (CALC_JOB_TIMEOUT_SECONDS 600, CONNECTION_TIMEOUT_SECONDS 900): a scripted Planning
 * server's rule runs `--seconds` (200 by default) and the API call answers its result synchronously, then again
 * through `Prefer: respond-async` and polling. Not a speed figure: it proves the wait end to end, with the real
 * timeouts, which the test (`packages/server/test/process/long-operations.test.ts`) holds scaled down.
 *
 *   npx tsx bench/long-rule.ts [--seconds 200] [--write]
 */
import "../scripts/command-line.mjs";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../packages/server/src/database.ts";
import { KeyStore } from "../packages/server/src/keys.ts";
import { scriptedPlanning } from "../packages/server/test/support/scripted-planning.ts";
import { args, numberOption } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";

const seconds = numberOption("--seconds", 200);
const dataDir = mkdtempSync(join(tmpdir(), "qibates-long-rule-"));
const planning = await scriptedPlanning(seconds * 1000);
const db = await openDatabase({ dataDir });
const { key } = await new KeyStore(db).create(
  { issuer: "https://accounts.google.com", subject: "bench", provider: "google" },
  "long-rule",
);
await db.close();
// The shipped defaults: only the data folder and the scripted server's host are set.
const server = await startBundledServer({ DATA_DIR: dataDir, ALLOWED_HOSTS: "127.0.0.1" });

async function api(path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.base}/qibates/api/v2${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      qibateskey: key,
      ...(body === undefined ? {} : { "content-type": "application/json", connector: "pbcs" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

const login = await api("/action/loginpbcs", {
  username: "acme.planner",
  password: "secret",
  providerAddress: `${planning.origin}/HyperionPlanning/SmartView`,
});
const rule = {
  loginid: login.json.loginid,
  server: "Planning",
  application: "Vision",
  cube: "Plan1",
  ruleName: "Slow",
  prompts: [],
};

let started = Date.now();
const sync = await api("/action/launchrule", rule);
const syncSeconds = (Date.now() - started) / 1000;
console.log(`synchronous: ${sync.status} after ${syncSeconds.toFixed(1)} s ${JSON.stringify(sync.json)}`);

started = Date.now();
const accepted = await api("/action/launchrule", rule, { prefer: "respond-async" });
console.log(`respond-async: ${accepted.status}, Location ${accepted.headers.get("location")}`);
let reads = 0;
let ended: Record<string, unknown> = accepted.json;
let retryAfter = Number(accepted.headers.get("retry-after"));
while (ended.status === "running") {
  // As a client should: the next read after the Retry-After the last answer gave.
  await new Promise((r) => setTimeout(r, retryAfter * 1000));
  const read = await api(String(accepted.headers.get("location")).replace("/qibates/api/v2", ""));
  reads++;
  if (read.status !== 200) throw new Error(`operation read answered ${read.status}`);
  ended = read.json;
  retryAfter = Number(read.headers.get("retry-after") ?? 1);
}
const asyncSeconds = (Date.now() - started) / 1000;
console.log(
  `operation: ${ended.status} after ${asyncSeconds.toFixed(1)} s, ${reads} reads ${JSON.stringify(ended.result)}`,
);

const result = {
  command: `npx tsx bench/long-rule.ts --seconds ${seconds}`,
  date: new Date().toISOString(),
  loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
  ruleSeconds: seconds,
  synchronous: { status: sync.status, seconds: Number(syncSeconds.toFixed(1)), body: sync.json },
  respondAsync: {
    firstStatus: accepted.status,
    finalStatus: ended.status,
    seconds: Number(asyncSeconds.toFixed(1)),
    reads,
    result: ended.result,
  },
};
if (args.includes("--write")) {
  writeFileSync(new URL("./results/long-rule.json", import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
}
server.child.kill("SIGTERM");
await server.exited;
planning.server.close();
rmSync(dataDir, { recursive: true, force: true });
const ok = sync.status === 200 && accepted.status === 202 && ended.status === "succeeded";
process.exit(ok ? 0 : 1);
