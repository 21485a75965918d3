/**
 * Issue 57 (part 1): 150 Planning REST rule jobs (CopyVersion on Vision) sent at once by one visitor of the demo
 * user, against the server bundle with the shipped defaults (one grid worker, QIBATES_JOBS_PER_USER 4,
 * QIBATES_JOBS_TOTAL 64), while another visitor runs a business rule through the API (demo key). Prints how
 * many jobs were accepted and refused and how fast, the other visitor's rule time alone and during the flood,
 * and the server's resident memory before and at its peak.
 *
 *   npx tsx bench/job-flood.ts [--jobs 150]
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { numberOption } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";
import { growRevenueRule } from "./sample-grids.ts";

const jobs = numberOption("jobs", 150);
const server = await startBundledServer({
  QIBATES_WIRE_ENDPOINTS: "planning-rest",
  RATE_LIMIT_PER_MINUTE: "1000000",
});
const key = /Demo API key \(header qibateskey\)\s+(\S+)/.exec(server.output())?.[1];
if (!key) throw new Error("no demo key in the banner");
const pid = server.child.pid as number;
const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Math.round(Number(m?.[1] ?? 0) / 1024);
};

async function api(path: string, body: unknown) {
  const res = await fetch(`${server.base}/qibates/api/v2/${path}`, {
    method: "POST",
    headers: { qibateskey: key as string, "content-type": "application/json", connector: "planning" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
const login = await api("action/login", {
  username: "demo",
  password: "demo",
  providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView",
});
const rule = growRevenueRule(login.json.loginid);
async function otherVisitor(): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const r = await api("action/launchrule", rule);
  return { ms: Math.round(performance.now() - t), status: r.status };
}

const alone: number[] = [];
for (let i = 0; i < 3; i++) alone.push((await otherVisitor()).ms);
const before = rssMb();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb());
}, 20);

const DEMO = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
const body = JSON.stringify({
  jobType: "RULES",
  jobName: "CopyVersion",
  parameters: { SrcVersion: "Working", TgtVersion: "What If", planType: "Plan1" },
});
const started = performance.now();
const flood = Promise.all(
  Array.from({ length: jobs }, () =>
    fetch(`${server.base}/HyperionPlanning/rest/v3/applications/Vision/jobs`, {
      method: "POST",
      headers: { authorization: DEMO, "content-type": "application/json" },
      body,
    }).then(async (r) => ({ status: r.status, json: (await r.json()) as { jobId?: number } })),
  ),
);
const during = otherVisitor();
const answers = await flood;
const answeredMs = Math.round(performance.now() - started);
const other = await during;
// Every accepted job to its end.
let failed = 0;
for (const a of answers.filter((x) => x.status === 200)) {
  for (;;) {
    const r = await fetch(
      `${server.base}/HyperionPlanning/rest/v3/applications/Vision/jobs/${a.json.jobId}`,
      {
        headers: { authorization: DEMO },
      },
    );
    const s = (await r.json()) as { status: number };
    if (s.status !== -1) {
      if (s.status !== 0) failed++;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
clearInterval(sampler);
const count = (status: number) => answers.filter((a) => a.status === status).length;
console.log(
  JSON.stringify(
    {
      jobs,
      accepted: count(200),
      refused429: count(429),
      other: answers.length - count(200) - count(429),
      allAnsweredMs: answeredMs,
      acceptedJobsFailed: failed,
      otherVisitorRuleAloneMs: alone,
      otherVisitorRuleDuringFloodMs: other.ms,
      otherVisitorStatus: other.status,
      rssBeforeMb: before,
      rssPeakMb: peak,
      loadAverage: loadavg()[0]?.toFixed(1),
    },
    null,
    1,
  ),
);
server.child.kill("SIGTERM");
await server.exited;
