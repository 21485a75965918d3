/**
 * `/health` polled every 10 ms while an Essbase REST `dataload` job reads a 15 MB free-form
 * file (280,000 lines) and while an `exportData` job writes Sample.Basic's data, against the server bundle with
 * the shipped defaults. Prints each job's time and the longest `/health` wait, beside the idle baseline.
 *
 *   npx tsx bench/load-health.ts
 */
import "../scripts/command-line.mjs";
import { loadavg } from "node:os";
import { startBundledServer } from "./bundled-server.ts";
import { HealthPoll } from "./health-poll.ts";

const server = await startBundledServer({
  QIBATES_WIRE_ENDPOINTS: "essbase-rest",
  RATE_LIMIT_PER_MINUTE: "1000000",
});
const BASE = `${server.base}/essbase/rest/v1`;
const auth = { authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}` };

const PRODUCTS = ["100-10", "100-20", "100-30", "200-10", "200-20", "200-30", "200-40", "300-10", "300-20"];
const STATES = [
  "New York",
  "Massachusetts",
  "Florida",
  "Connecticut",
  "California",
  "Oregon",
  "Texas",
  "Utah",
];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const out: string[] = [];
let v = 0;
while (out.length < 280_000)
  for (const p of PRODUCTS)
    for (const s of STATES)
      for (const m of MONTHS) out.push(`"${p}" "${s}" "${m}" "Budget" "Marketing" ${(v++ % 997) + 0.5}`);
const file = Buffer.from(`${out.join("\n")}\n`);

const put = await fetch(`${BASE}/files/applications/Sample/Basic/big.txt`, {
  method: "PUT",
  headers: { ...auth, "content-type": "application/octet-stream" },
  body: new Uint8Array(file),
});
if (put.status !== 200) throw new Error(`upload: ${put.status} ${await put.text()}`);

async function job(jobtype: string, parameters: Record<string, string>) {
  const r = await fetch(`${BASE}/jobs`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ application: "Sample", db: "Basic", jobtype, parameters }),
  });
  const { job_ID } = (await r.json()) as { job_ID: number };
  for (;;) {
    const s = (await (await fetch(`${BASE}/jobs/${job_ID}`, { headers: auth })).json()) as {
      statusCode: number;
      jobOutputInfo: Record<string, unknown>;
    };
    if (s.statusCode !== 100) return s;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const poll = new HealthPoll(server.base);
const idle = await poll.idle(1000);
const load = await poll.during(() => job("dataload", { file: "big.txt", abortOnError: "false" }));
const exported = await poll.during(() => job("exportData", { dataLevel: "ALL_DATA", file: "all.txt" }));
poll.close();
console.log(
  JSON.stringify({
    fileBytes: file.length,
    lines: out.length,
    idleLongestHealthMs: Math.round(idle),
    load: {
      ms: Math.round(load.ms),
      longestHealthMs: Math.round(load.longestWait),
      status: load.result.statusCode,
      recordsLoaded: load.result.jobOutputInfo.recordsLoaded,
    },
    export: {
      ms: Math.round(exported.ms),
      longestHealthMs: Math.round(exported.longestWait),
      status: exported.result.statusCode,
      cells: exported.result.jobOutputInfo.cellsExported,
    },
    loadAverage: loadavg()[0]?.toFixed(1),
  }),
);
server.child.kill("SIGTERM");
await server.exited;
