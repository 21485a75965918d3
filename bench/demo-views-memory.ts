/**
 * `--sessions` demo-key sessions (300 by default) each run Vision's GrowRevenue rule through
 * the API (each then works on its own copy of Vision), against the server bundle with `QIBATES_DEMO_VIEWS_MEMORY_MB`
 * (`--mb`, 1024 by default). Prints the server's resident memory before, at its peak and at the end, and the
 * time of a first session's next call (its copy rebuilt from the journal).
 *
 *   npx tsx bench/demo-views-memory.ts [--sessions 300] [--mb 1024]
 */
import "../scripts/command-line.mjs";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { numberOption } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";
import { growRevenueRule } from "./sample-grids.ts";

const sessions = numberOption("sessions", 300);
const mb = numberOption("mb", 1024);
const server = await startBundledServer({
  RATE_LIMIT_PER_MINUTE: "1000000",
  MAX_SESSIONS_PER_KEY: "100000",
  QIBATES_DEMO_VIEWS_MEMORY_MB: String(mb),
});
const key = /Demo API key \(header qibateskey\)\s+(\S+)/.exec(server.output())?.[1] as string;
const pid = server.child.pid as number;
const rssMb = () =>
  Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);

async function api(path: string, body: unknown) {
  const res = await fetch(`${server.base}/qibates/api/v2/${path}`, {
    method: "POST",
    headers: { qibateskey: key, "content-type": "application/json", connector: "planning" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
const rule = growRevenueRule;

const before = rssMb();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb());
}, 50);
const ids: unknown[] = [];
let failed = 0;
const started = performance.now();
for (let i = 0; i < sessions; i += 4) {
  await Promise.all(
    Array.from({ length: Math.min(4, sessions - i) }, async () => {
      const login = await api("action/login", {
        username: "demo",
        password: "demo",
        providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView",
      });
      ids.push(login.json.loginid);
      const r = await api("action/launchrule", rule(login.json.loginid));
      if (r.status !== 200) failed++;
    }),
  );
}
const allMs = Math.round(performance.now() - started);
const t = performance.now();
const again = await api("action/launchrule", rule(ids[0]));
const firstAgainMs = Math.round(performance.now() - t);
clearInterval(sampler);
console.log(
  JSON.stringify({
    sessions,
    boundMb: mb,
    rulesFailed: failed,
    allMs,
    rssBeforeMb: before,
    rssPeakMb: peak,
    rssEndMb: rssMb(),
    firstSessionAgain: { status: again.status, ms: firstAgainMs },
    loadAverage: loadavg()[0]?.toFixed(1),
  }),
);
server.child.kill("SIGTERM");
await server.exited;
