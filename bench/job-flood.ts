/**
 * 150 Planning REST rule jobs (CopyVersion on Vision) sent at once by one visitor of the demo
 * user, against the server bundle with the shipped defaults (one grid worker, QIBATES_JOBS_PER_USER 4,
 * QIBATES_JOBS_TOTAL 64), while another visitor runs a business rule through the API (demo key). Prints how
 * many jobs were accepted and refused and how fast, the other visitor's rule time alone and during the flood,
 * and the server's resident memory before and at its peak.
 *
 * Then a flood from one address: 16 demo-key sessions from 127.0.0.1 each launching 4 rules through the API
 * at once (64, `QIBATES_JOBS_TOTAL`, when each session counted as a user), while a visitor at another address
 * (127.0.0.2) launches a rule every 500 ms for 10 s: how many of the flood's and of the visitor's rules were
 * accepted and refused, and the longest `/health` wait against the baseline of the same run.
 *
 *   npx tsx bench/job-flood.ts [--jobs 150]
 */
import "../scripts/command-line.mjs";
import { readFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import { numberOption } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";
import { HealthPoll } from "./health-poll.ts";
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

/** An API call of the demo key sent from the loopback address `from` (127.0.0.2 is another visitor). */
function apiFrom(
  from: string,
  path: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.base}/qibates/api/v2/${path}`,
      {
        method: "POST",
        localAddress: from,
        agent: false,
        headers: {
          qibateskey: key as string,
          "content-type": "application/json",
          connector: "planning",
          "content-length": Buffer.byteLength(text),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            json: JSON.parse(Buffer.concat(chunks).toString() || "{}"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}
const loginFrom = async (from: string) =>
  (
    await apiFrom(from, "action/login", {
      username: "demo",
      password: "demo",
      providerAddress: "https://demo.qibates.local/HyperionPlanning/SmartView",
    })
  ).json.loginid as string;

const health = new HealthPoll(server.base);
const idle = await health.idle(3_000);
const flooder = "127.0.0.1";
const visitor = "127.0.0.2";
const sessions: string[] = [];
for (let i = 0; i < 16; i++) sessions.push(await loginFrom(flooder));
const theirs = await loginFrom(visitor);
const { result: flood2, longestWait } = await health.during(async () => {
  const flooding = Promise.all(
    sessions.flatMap((id) =>
      [0, 1, 2, 3].map(() => apiFrom(flooder, "action/launchrule", growRevenueRule(id))),
    ),
  );
  const visits: Promise<{ status: number; json: Record<string, unknown> }>[] = [];
  for (let t = 0; t < 10_000; t += 500) {
    visits.push(apiFrom(visitor, "action/launchrule", growRevenueRule(theirs)));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { flood: await flooding, visits: await Promise.all(visits) };
});
const tally = (list: { status: number; json?: Record<string, unknown> }[]) => {
  const other = list.filter((a) => a.status !== 200 && a.status !== 429);
  return {
    accepted: list.filter((a) => a.status === 200).length,
    refused429: list.filter((a) => a.status === 429).length,
    other: other.length,
    ...(other[0] ? { firstOther: { status: other[0].status, code: other[0].json?.code } } : {}),
  };
};
console.log(
  JSON.stringify(
    {
      oneAddress16Sessions: tally(flood2.flood),
      visitorAtAnotherAddressEvery500ms: tally(flood2.visits),
      healthIdleBaselineMs: Math.round(idle),
      healthLongestWaitMs: Math.round(longestWait),
      loadAverage: loadavg()[0]?.toFixed(1),
    },
    null,
    1,
  ),
);
health.close();
server.child.kill("SIGTERM");
await server.exited;
