// Where users wait (bench/BENCHMARKS.md, "Where users wait"): the calls a user of the add-in waits
// on, timed against a running server started with QIBATES_WIRE_ENDPOINTS=all, ALLOWED_HOSTS=127.0.0.1 and a
// high RATE_LIMIT_PER_MINUTE, started afresh for each path: cold on the fresh server (session A), cold in a new
// session (session B), warm (median of N in session B). One JSON line per path on stdout.
//   node bench/where-users-wait.mjs <port> <path> [N]
// Paths: demo-essbase, demo-planning (the demo addresses; demo-planning-rule: the form opened and the rule run,
// nothing submitted); conn-stndln, conn-essbase, conn-ssas, conn-planning, conn-pbcs (each connector against the
// server's own endpoints; PROXY_PORT puts bench/delay-proxy.mjs between them). The digests let two builds' answers be compared. SERVER_PID (Linux, the server on this machine): each
// call's processor time in the server too, every thread of it (`/proc/<pid>/task/*/schedstat`), which a busy
// machine lengthens less than the wall clock: columns cpuColdServer, cpuColdSession, cpuWarm (ms).
import "../scripts/command-line.mjs";
import { readdirSync, readFileSync } from "node:fs";

const port = Number(process.argv[2]);
const pathName = process.argv[3];
const N = Number(process.argv[4] ?? 20);
const BASE = `http://127.0.0.1:${port}/qibates/api/v2`;
const local = `http://127.0.0.1:${process.env.PROXY_PORT ?? port}`;
const PATHS = {
  "demo-essbase": { connector: "essbase", address: "https://demo.qibates.local/aps/JAPI", kind: "cube" },
  "demo-planning": {
    connector: "planning",
    address: "https://demo.qibates.local/HyperionPlanning/SmartView",
    kind: "plan",
  },
  // The form opened and the rule run, nothing submitted: each session's first rule starts from the shared demo.
  "demo-planning-rule": {
    connector: "planning",
    address: "https://demo.qibates.local/HyperionPlanning/SmartView",
    kind: "plan",
    noSubmit: true,
  },
  "demo-ssas": { connector: "ssas", address: "https://demo.qibates.local/aps/JAPI", kind: "cube" },
  "demo-stndln": {
    connector: "essbase-stndln",
    address: "https://demo.qibates.local/essbase/japi",
    kind: "cube",
  },
  "demo-pbcs": {
    connector: "pbcs",
    address: "https://demo.qibates.local/HyperionPlanning/SmartView",
    kind: "plan",
  },
  "conn-stndln": { connector: "essbase-stndln", address: `${local}/essbase/japi`, kind: "cube" },
  "conn-essbase": { connector: "essbase", address: `${local}/aps/JAPI`, kind: "cube" },
  "conn-ssas": { connector: "ssas", address: `${local}/aps/JAPI`, kind: "cube" },
  "conn-planning": { connector: "planning", address: `${local}/HyperionPlanning/SmartView`, kind: "plan" },
  "conn-pbcs": { connector: "pbcs", address: `${local}/HyperionPlanning/SmartView`, kind: "plan" },
};
const P = PATHS[pathName];
const health = await (await fetch(`${BASE}/health`)).json();
const key = health.demo.apiKey;
const headers = { qibateskey: key, connector: P.connector, "content-type": "application/json" };
const digests = {};
const serverPid = process.env.SERVER_PID;
/** Nanoseconds of processor time the server's threads have run (0 without SERVER_PID). */
function serverCpu() {
  if (!serverPid) return 0;
  let ns = 0;
  for (const t of readdirSync(`/proc/${serverPid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${serverPid}/task/${t}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return ns;
}
async function call(op, body) {
  const t = performance.now();
  const c = serverCpu();
  const res = await fetch(`${BASE}/${op}`, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - t;
  const cpu = (serverCpu() - c) / 1e6;
  if (res.status !== 200) throw new Error(`${op} ${res.status} ${text.slice(0, 400)}`);
  return { ms, cpu, json: JSON.parse(text), text };
}
const loginOp = P.connector === "pbcs" ? "action/loginpbcs" : "action/login";
const loginBody = { username: "demo", password: "demo", providerAddress: P.address };

async function steps(loginid, ctx) {
  const out = [];
  const t = async (name, op, body) => {
    const r = await call(op, { loginid, ...body });
    out.push([name, r.ms, r.cpu]);
    digests[name] ??= r.text.replace(
      /"(dataVersion|durationMs|loginid|expiresAt|message)":("[^"]*"|\d+)/g,
      "",
    );
    return r.json;
  };
  const servers = await t("servers", "nav/servers", {});
  const server = servers.servers[0].name;
  const apps = await t("applications", "nav/applications", { server });
  if (P.kind === "cube") {
    const application = apps.applications.find((a) => a.name === "Sample")?.name ?? apps.applications[0].name;
    const cubes = await t("cubes", "nav/cubes", { server, application });
    const cube = cubes.cubes.find((c) => c.name === "Basic")?.name ?? cubes.cubes[0].name;
    const w = { server, application, cube };
    await t("dimensions", "nav/dimensions", w);
    await t("initgrid", "action/initgrid", w);
    const grid = [
      ["", "Sales", "Cola", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["East", "", "", ""],
    ];
    const r = await t("refresh", "action/refresh", { ...w, grid });
    const z = await t("zoomin", "action/zoomin", { ...w, grid: r.grid, cells: [{ row: 2, column: 0 }] });
    await t("zoomout", "action/zoomout", { ...w, grid: z.grid, cells: [{ row: 2, column: 0 }] });
    await t("keeponly", "action/keeponly", { ...w, grid: z.grid, cells: [{ row: 2, column: 0 }] });
    await t("removeonly", "action/removeonly", { ...w, grid: z.grid, cells: [{ row: 2, column: 0 }] });
    await t("pivot", "action/pivot", {
      ...w,
      grid: [
        ["", "", "Sales", "Cola", ""],
        ["", "", "Jan", "Feb", "Mar"],
        ["Actual", "East", "109", "85", "112"],
      ],
      row: 2,
      column: 0,
    });
    await t("dimtree", "nav/dimtree", { ...w, action: { dimension: "Product" } });
    await t("filter", "nav/filter", {
      ...w,
      dimension: "Market",
      action: { filter: "DESCENDANT", member: "Market", arg1: null },
    });
    await t("search", "nav/search", { ...w, dimension: "Product", action: { keyword: "cola" } });
  } else {
    const application = apps.applications.find((a) => a.name === "Vision")?.name ?? apps.applications[0].name;
    const f = { server, application, folder: "/Forms/Revenue", formName: "Revenue Plan" };
    const opened = await t("openform", "nav/openform", { ...f, pov: { Entity: "410" } });
    if (!ctx.noSubmit) {
      await t("submitform", "action/submitform", {
        ...f,
        pov: opened.pov,
        grid: opened.grid,
        codes: opened.codes,
        enableLargeCellSubmit: false,
      });
    }
    await t("launchrule", "action/launchrule", {
      server,
      application,
      cube: "Plan1",
      ruleName: "SeedForecast",
      ruleType: "graphical",
      prompts: [{ name: "Entity", value: "420" }],
    });
  }
  return out;
}
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ctx = { noSubmit: P.noSubmit === true };
const res = {};
const note = (name, kind, ms, cpu) => {
  res[name] ??= {
    coldServer: [],
    coldSession: [],
    warm: [],
    cpu: { coldServer: [], coldSession: [], warm: [] },
  };
  res[name][kind].push(ms);
  res[name].cpu[kind].push(cpu);
};
// session A: first after server start
let l = await call(loginOp, loginBody);
note("login", "coldServer", l.ms, l.cpu);
for (const [n, ms, cpu] of await steps(l.json.loginid, ctx)) note(n, "coldServer", ms, cpu);
let o = await call("action/logout", { loginid: l.json.loginid });
note("logout", "coldServer", o.ms, o.cpu);
// session B: cold session, then warm
l = await call(loginOp, loginBody);
note("login", "coldSession", l.ms, l.cpu);
const B = l.json.loginid;
for (const [n, ms, cpu] of await steps(B, ctx)) note(n, "coldSession", ms, cpu);
for (let i = 0; i < N; i++) for (const [n, ms, cpu] of await steps(B, ctx)) note(n, "warm", ms, cpu);
for (let i = 0; i < N; i++) {
  const li = await call(loginOp, loginBody);
  note("login", "warm", li.ms, li.cpu);
  const lo = await call("action/logout", { loginid: li.json.loginid });
  note("logout", "warm", lo.ms, lo.cpu);
}
o = await call("action/logout", { loginid: B });
note("logout", "coldSession", o.ms, o.cpu);
const la = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const rows = Object.entries(res).map(([n, r]) => ({
  path: pathName,
  call: n,
  coldServer: +r.coldServer[0].toFixed(1),
  coldSession: +r.coldSession[0].toFixed(1),
  warm: +median(r.warm).toFixed(2),
  ...(serverPid
    ? {
        cpuColdServer: +r.cpu.coldServer[0].toFixed(1),
        cpuColdSession: +r.cpu.coldSession[0].toFixed(1),
        cpuWarm: +median(r.cpu.warm).toFixed(2),
      }
    : {}),
  loadavg: la,
}));
console.log(
  JSON.stringify({
    rows,
    digests: Object.fromEntries(Object.entries(digests).map(([k, v]) => [k, `${v.length}:${hash(v)}`])),
  }),
);
function hash(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return (h >>> 0).toString(16);
}
