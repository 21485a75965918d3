// Cold waits (bench/BENCHMARKS.md, "Cold waits"): what a user waits for the first time, each figure beside a
// baseline measured in the same run.
//   (a) the start: `npm start` (when the tree is built), `node scripts/start.mjs` and the server bundle alone, on a
//       fresh data folder and on the folder of an earlier start, until the first /health 200 and until the first
//       demo grid (login, action/initgrid, action/refresh) returns; baseline: a bare Fastify server until its first 200.
//   (b) per connector value on the demo addresses, a fresh server each (on a data folder of an earlier start): the first login, grid, member list and
//       form opened after the start (session A), the same in a new session (B), against the warm call (median in B).
//   (c) the docs site in Chromium, served by the product from site/build: first contentful paint, interactive
//       (React hydrated: `data-has-hydrated`), JavaScript fetched until the network is idle; cold cache and
//       reloaded; baseline: the same page with JavaScript off (its first paint).
//   (d) the docs search: from typing a term to the first suggestion; the first search of a page against a second.
//
//   node bench/cold-waits.mjs [--port 7670 | --ports FROM-TO] [--runs 3] [--only start,calls,site,search] [--json FILE]
//
// The servers listen on the port (7670 by default; with --ports, the first free port of the range) one after the
// other; the bare Fastify baseline on another free port (of the range, with --ports). Every server gets a throw-away data folder, removed at the end.
import "../scripts/command-line.mjs";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { SERVER_ENTRY, serverBuildReason } from "../scripts/server-build.mjs";
import { ROOT, siteBuildReason } from "../scripts/site-build.mjs";
import { benchPorts, freePort } from "./ports.mjs";

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const PORT = Number(opt("port", benchPorts() ? String(await freePort()) : "7670"));
const RUNS = Number(opt("runs", "3"));
const ONLY = new Set(opt("only", "start,calls,site,search").split(","));
const JSON_OUT = opt("json", undefined);
const API = (port) => `http://127.0.0.1:${port}/qibates/api/v2`;
const results = {
  date: new Date().toISOString(),
  node: process.version,
  start: [],
  calls: [],
  site: [],
  search: [],
};

const median = (a) => {
  const s = [...a].filter((x) => Number.isFinite(x)).sort((x, y) => x - y);
  if (!s.length) return Number.NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "—");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dataDirs = [];
const newDataDir = () => {
  const d = mkdtempSync(join(tmpdir(), "qibates-cold-waits-"));
  dataDirs.push(d);
  return d;
};

const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const child of running)
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    process.exit(130);
  });

/** Spawns a command; resolves the child and its start time (performance.now). */
function launch(cmd, argv, env) {
  const t0 = performance.now();
  const child = spawn(cmd, argv, {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group: `npm start` runs node under a shell
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let out = "";
  child.stdout.on("data", (c) => {
    out += c;
  });
  child.stderr.on("data", (c) => {
    out += c;
  });
  return { child, t0, output: () => out };
}
async function stop({ child }) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((r) => child.once("exit", r));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
  const t = setTimeout(() => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
  }, 5000);
  await ended;
  clearTimeout(t);
}
/** Polls url every 5 ms until it answers 200; returns ms since the launch. */
async function until200(proc, url, timeoutMs = 180_000) {
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`exited early:\n${proc.output()}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - proc.t0;
    } catch {}
    if (performance.now() - proc.t0 > timeoutMs) throw new Error(`no 200 from ${url}:\n${proc.output()}`);
    await sleep(5);
  }
}

const DEMO = {
  essbase: { address: "https://demo.qibates.local/aps/JAPI", kind: "cube" },
  "essbase-stndln": { address: "https://demo.qibates.local/essbase/japi", kind: "cube" },
  ssas: { address: "https://demo.qibates.local/aps/JAPI", kind: "cube" },
  planning: { address: "https://demo.qibates.local/HyperionPlanning/SmartView", kind: "plan" },
  pbcs: { address: "https://demo.qibates.local/HyperionPlanning/SmartView", kind: "plan" },
};
async function apiKey(port) {
  return (await (await fetch(`${API(port)}/health`)).json()).demo.apiKey;
}
async function call(port, key, connector, op, body) {
  const t = performance.now();
  const res = await fetch(`${API(port)}/${op}`, {
    method: "POST",
    headers: { qibateskey: key, connector, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${connector} ${op} ${res.status} ${text.slice(0, 300)}`);
  return { ms, json: JSON.parse(text) };
}
/** A user's first steps through one connector: login, the first grid, a member list, a form (Planning). */
async function userSteps(port, key, connector, loginid) {
  const P = DEMO[connector];
  const t = {};
  const c = async (name, op, body) => {
    const r = await call(port, key, connector, op, { loginid, ...body });
    t[name] = r.ms;
    return r.json;
  };
  if (P.kind === "cube") {
    const w = { server: "demo", application: "Sample", cube: "Basic" };
    const servers = await call(port, key, connector, "nav/servers", { loginid });
    w.server = servers.json.servers[0].name;
    await c("grid", "action/initgrid", w);
    await c("members", "nav/dimtree", { ...w, action: { dimension: "Product" } });
  } else {
    const servers = await call(port, key, connector, "nav/servers", { loginid });
    const server = servers.json.servers[0].name;
    await c("form", "nav/openform", {
      server,
      application: "Vision",
      folder: "/Forms/Revenue",
      formName: "Revenue Plan",
      pov: { Entity: "410" },
    });
    await c("members", "nav/enummembers", {
      server,
      application: "Vision",
      cube: "Plan1",
      dim: "Entity",
      filter: "Hierarchy",
    });
  }
  return t;
}
const login = (port, key, connector) =>
  call(port, key, connector, connector === "pbcs" ? "action/loginpbcs" : "action/login", {
    username: "demo",
    password: "demo",
    providerAddress: DEMO[connector].address,
  });

/** The first demo grid a user sees after the start: login, the default grid, a refresh of it. */
async function firstGrid(port) {
  const key = await apiKey(port);
  const l = await login(port, key, "essbase");
  const w = { loginid: l.json.loginid, server: "demo", application: "Sample", cube: "Basic" };
  const servers = await call(port, key, "essbase", "nav/servers", { loginid: w.loginid });
  w.server = servers.json.servers[0].name;
  const g = await call(port, key, "essbase", "action/initgrid", w);
  await call(port, key, "essbase", "action/refresh", { ...w, grid: g.json.grid });
}

/** A data folder an earlier start has made (the server's database created): what every later start finds. */
let prepared = null;
async function preparedDataDir() {
  if (prepared) return prepared;
  const dataDir = newDataDir();
  const p = launch(process.execPath, [SERVER_ENTRY], { PORT: String(PORT), DATA_DIR: dataDir });
  await until200(p, `${API(PORT)}/health`);
  await stop(p);
  prepared = dataDir;
  return dataDir;
}

// (a) the start
async function measureStart() {
  const siteStale = siteBuildReason();
  const serverStale = serverBuildReason();
  const t = performance.now();
  for (let i = 0; i < 5; i++) {
    siteBuildReason();
    serverBuildReason();
  }
  const checksMs = (performance.now() - t) / 5;
  console.log(
    `\n(a) start — load ${loadavg()}; start.mjs's up-to-date checks (site + server sources walked): ${f(checksMs, 1)} ms`,
  );
  if (siteStale || serverStale)
    console.log(
      `   the tree is not built (${siteStale ?? serverStale}): npm start and start.mjs would build first, so they are left out`,
    );
  const kinds = [
    ["bare Fastify (baseline)", process.execPath, ["bench/bare-fastify.mjs"], "/"],
    ["server bundle (node packages/server/dist/main.mjs)", process.execPath, [SERVER_ENTRY], null],
  ];
  if (!siteStale && !serverStale) {
    kinds.push(["node scripts/start.mjs", process.execPath, ["scripts/start.mjs"], null]);
    kinds.push(["npm start", "npm", ["start", "--silent"], null]);
  }
  const rows = new Map(kinds.map(([name]) => [name, { fresh: [], freshGrid: [], again: [], againGrid: [] }]));
  for (let r = 0; r < RUNS; r++) {
    for (const [name, cmd, argv, path] of kinds) {
      const row = rows.get(name);
      if (path) {
        // bare Fastify listens on a port of its own choosing: read it from its line, then poll.
        const p = launch(cmd, argv, {});
        for (;;) {
          const m = /listening (http:\/\/\S+)/.exec(p.output());
          if (m) {
            row.fresh.push(await until200(p, `${m[1]}${path}`));
            break;
          }
          if (p.child.exitCode !== null) throw new Error(p.output());
          await sleep(2);
        }
        await stop(p);
        continue;
      }
      const dataDir = newDataDir();
      for (const again of [false, true]) {
        const p = launch(cmd, argv, { PORT: String(PORT), DATA_DIR: dataDir });
        const ms = await until200(p, `${API(PORT)}/health`);
        await firstGrid(PORT);
        const gridMs = performance.now() - p.t0;
        (again ? row.again : row.fresh).push(ms);
        (again ? row.againGrid : row.freshGrid).push(gridMs);
        await stop(p);
      }
    }
  }
  // What `npm start` adds in front of `node scripts/start.mjs`: npm's own launch, timed as `npm exec` of an empty
  // script against node running it (an estimate: `npm start` goes through npm run-script instead).
  const launchMs = async (cmd, argv) => {
    const p = launch(cmd, argv, {});
    await new Promise((r) => p.child.once("exit", r));
    return performance.now() - p.t0;
  };
  const npmOwn = [];
  const nodeOwn = [];
  for (let r = 0; r < RUNS; r++) {
    nodeOwn.push(await launchMs(process.execPath, ["-e", "0"]));
    npmOwn.push(await launchMs("npm", ["exec", "--offline", "--silent", "--", "node", "-e", "0"]));
  }
  console.log(
    `   npm's own launch: npm exec node -e 0 ${f(median(npmOwn))} ms against node -e 0 ${f(median(nodeOwn))} ms (${f(median(npmOwn) / median(nodeOwn), 1)}×)`,
  );
  results.npmLaunch = { npmOwn, nodeOwn };
  const base = median(rows.get("bare Fastify (baseline)").fresh);
  console.log(
    "   | command | /health 200, new data folder | first grid | /health 200, folder of an earlier start | first grid | ratio to baseline (later start) |",
  );
  for (const [name, row] of rows) {
    const again = median(row.again);
    console.log(
      `   | ${name} | ${f(median(row.fresh))} | ${f(median(row.freshGrid))} | ${f(again)} | ${f(median(row.againGrid))} | ${name.startsWith("bare") ? `${f(base)} ms (first 200)` : `${f(again / base, 1)}×`} |`,
    );
    results.start.push({ name, ...row });
  }
}

// (b) first calls per connector
async function measureCalls() {
  console.log(`\n(b) first calls of a demo session after the start (ms) — load ${loadavg()}`);
  const per = {};
  const dataDir = await preparedDataDir();
  for (let r = 0; r < RUNS; r++) {
    for (const connector of Object.keys(DEMO)) {
      const p = launch(process.execPath, [SERVER_ENTRY], { PORT: String(PORT), DATA_DIR: dataDir });
      await until200(p, `${API(PORT)}/health`);
      const key = await apiKey(PORT);
      per[connector] ??= {};
      const rec = per[connector];
      const note = (call, kind, ms) => {
        rec[call] ??= { first: [], newSession: [], warm: [] };
        rec[call][kind].push(ms);
      };
      let l = await login(PORT, key, connector);
      note("login", "first", l.ms);
      for (const [k, ms] of Object.entries(await userSteps(PORT, key, connector, l.json.loginid)))
        note(k, "first", ms);
      l = await login(PORT, key, connector);
      note("login", "newSession", l.ms);
      for (const [k, ms] of Object.entries(await userSteps(PORT, key, connector, l.json.loginid)))
        note(k, "newSession", ms);
      const warm = {};
      for (let i = 0; i < 7; i++) {
        const steps = await userSteps(PORT, key, connector, l.json.loginid);
        steps.login = (await login(PORT, key, connector)).ms;
        for (const [k, ms] of Object.entries(steps)) {
          warm[k] ??= [];
          warm[k].push(ms);
        }
      }
      for (const [k, a] of Object.entries(warm)) note(k, "warm", median(a));
      await stop(p);
    }
  }
  console.log("   | connector | call | first after start | first of a new session | warm | first / warm |");
  for (const [connector, rec] of Object.entries(per))
    for (const [name, r] of Object.entries(rec)) {
      const first = median(r.first);
      const warm = median(r.warm);
      console.log(
        `   | ${connector} | ${name} | ${f(first, 1)} | ${f(median(r.newSession), 1)} | ${f(warm, 1)} | ${f(first / warm, 1)}× |`,
      );
      results.calls.push({ connector, call: name, ...r });
    }
}

// (c) and (d): the site in Chromium
const PAGES = [
  ["home", "/"],
  ["user page (Activate on Excel)", "/docs/QiBates/activation/Activate-on-Excel"],
  ["API reference", "/api/qibates"],
  ["live grid (Zoom)", "/docs/QiBates/features/actions/Zoom"],
];
const MARKS = () => {
  // Runs before the page's own scripts: when React marks the page hydrated, and the long tasks.
  window.__cw = { hydrated: null, longTasks: [] };
  new MutationObserver(() => {
    if (window.__cw.hydrated === null && document.documentElement.dataset.hasHydrated === "true")
      window.__cw.hydrated = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-has-hydrated"] });
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__cw.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
};
async function loadPage(context, url, js) {
  const page = await context.newPage();
  if (js) await page.addInitScript(MARKS);
  await page.goto(url, { waitUntil: "load" });
  if (js)
    await page.waitForFunction(() => window.__cw.hydrated !== null, null, { timeout: 60_000, polling: 10 });
  await page.waitForLoadState("networkidle");
  const m = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((e) => e.initiatorType === "script" || /\.m?js(\?|$)/.test(e.name));
    const nav = performance.getEntriesByType("navigation")[0];
    const at = window.__cw?.hydrated ?? Number.POSITIVE_INFINITY;
    // The page's own scripts (requested before it is interactive), apart from the chunks Docusaurus prefetches
    // for the links on screen once it is (`<link rel=prefetch>`).
    const own = scripts.filter((e) => e.initiatorType !== "link" && e.startTime <= at);
    return {
      jsBefore: own.length,
      jsBeforeTransfer: own.reduce((n, e) => n + e.encodedBodySize, 0),
      jsBeforeDecoded: own.reduce((n, e) => n + e.decodedBodySize, 0),
      fcp,
      hydrated: window.__cw?.hydrated ?? null,
      blocking: (window.__cw?.longTasks ?? []).reduce((n, [, d]) => n + Math.max(0, d - 50), 0),
      jsCount: scripts.length,
      jsTransfer: scripts.reduce((n, e) => n + e.encodedBodySize, 0),
      jsDecoded: scripts.reduce((n, e) => n + e.decodedBodySize, 0),
      load: nav?.loadEventEnd ?? null,
    };
  });
  return { page, m };
}
async function measureSite(browser) {
  console.log(`\n(c) the docs site in Chromium (ms; KiB) — load ${loadavg()}`);
  const rows = [];
  for (const [name, path] of PAGES) {
    const r = { name, path, noJsFcp: [], fcp: [], hydrated: [], blocking: [], warmFcp: [], warmHydrated: [] };
    let js;
    for (let i = 0; i < RUNS; i++) {
      const noJs = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: "block" });
      r.noJsFcp.push((await loadPage(noJs, `http://127.0.0.1:${PORT}${path}`, false)).m.fcp);
      await noJs.close();
      const ctx = await browser.newContext({
        serviceWorkers: "block",
        viewport: { width: 1280, height: 900 },
      });
      const cold = await loadPage(ctx, `http://127.0.0.1:${PORT}${path}`, true);
      r.fcp.push(cold.m.fcp);
      r.hydrated.push(cold.m.hydrated);
      r.blocking.push(cold.m.blocking);
      js = cold.m;
      await cold.page.close();
      const warm = await loadPage(ctx, `http://127.0.0.1:${PORT}${path}`, true);
      r.warmFcp.push(warm.m.fcp);
      r.warmHydrated.push(warm.m.hydrated);
      await ctx.close();
    }
    const { jsCount, jsTransfer, jsDecoded, jsBefore, jsBeforeTransfer, jsBeforeDecoded } = js;
    Object.assign(r, { jsCount, jsTransfer, jsDecoded, jsBefore, jsBeforeTransfer, jsBeforeDecoded });
    rows.push(r);
    results.site.push(r);
  }
  console.log(
    "   | page | first paint, JS off (baseline) | first contentful paint | interactive (hydrated) | interactive / baseline | long tasks over 50 ms | reloaded: paint / interactive | JS before interactive: files, KiB transferred, KiB decoded | all JS until the network is idle (with the links' prefetches): files, KiB transferred, KiB decoded |",
  );
  for (const r of rows)
    console.log(
      `   | ${r.name} | ${f(median(r.noJsFcp))} | ${f(median(r.fcp))} | ${f(median(r.hydrated))} | ${f(median(r.hydrated) / median(r.noJsFcp), 1)}× | ${f(median(r.blocking))} | ${f(median(r.warmFcp))} / ${f(median(r.warmHydrated))} | ${r.jsBefore}, ${f(r.jsBeforeTransfer / 1024, 1)}, ${f(r.jsBeforeDecoded / 1024, 1)} | ${r.jsCount}, ${f(r.jsTransfer / 1024, 1)}, ${f(r.jsDecoded / 1024, 1)} |`,
    );
}
async function measureSearch(browser) {
  console.log(`\n(d) the docs search: typing to the first suggestion (ms) — load ${loadavg()}`);
  const rows = [];
  for (const [locale, path, first, second] of [
    ["en", "/docs/intro", "zoom", "pivot"],
    ["fr", "/fr/docs/intro", "actualiser", "pivoter"],
  ]) {
    const r = { locale, first: [], searched: [], second: [], indexKiB: null };
    for (let i = 0; i < RUNS; i++) {
      const ctx = await browser.newContext({
        serviceWorkers: "block",
        viewport: { width: 1280, height: 900 },
      });
      const { page } = await loadPage(ctx, `http://127.0.0.1:${PORT}${path}`, true);
      let indexBytes = 0;
      page.on("response", async (res) => {
        if (/search-index/.test(res.url()))
          indexBytes += (await res.body().catch(() => Buffer.alloc(0))).length;
      });
      const box = page.locator(".navbar__search-input");
      const option = page.locator(".navbar__search [role=option]").first();
      const value = () =>
        page.evaluate(
          () => document.querySelector("[data-search-ready] input.navbar__search-input")?.value ?? "",
        );
      // What a reader does: click the box and type at once (80 ms a key); the time runs from the first key to the
      // first suggestion. A key typed before the search bar was ready and lost shows in the value searched.
      await box.click();
      let t = performance.now();
      await page.keyboard.type(first, { delay: 80 });
      const shown = await option
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      r.first.push(shown ? performance.now() - t : Number.NaN);
      r.searched.push(await value());
      await page.locator("[data-search-ready=true] input.navbar__search-input").fill("");
      await page.waitForTimeout(300);
      t = performance.now();
      await page.keyboard.type(second, { delay: 80 });
      await option.waitFor({ timeout: 60_000 });
      r.second.push(performance.now() - t);
      r.indexKiB = indexBytes / 1024;
      await ctx.close();
    }
    rows.push(r);
    results.search.push(r);
  }
  console.log(
    "   | locale | first search of a page | what it searched | second search (baseline) | ratio | search index (KiB, decoded) |",
  );
  for (const r of rows)
    console.log(
      `   | ${r.locale} | ${f(median(r.first))} (${r.first.filter((x) => !Number.isFinite(x)).length} of ${r.first.length} without any suggestion) | ${r.searched.map((v) => `"${v}"`).join(", ")} | ${f(median(r.second))} | ${f(median(r.first) / median(r.second), 1)}× | ${f(r.indexKiB, 0)} |`,
    );
}

try {
  console.log(`cold-waits ${results.date}, Node ${process.version}, load ${loadavg()}, runs ${RUNS}`);
  if (ONLY.has("start")) await measureStart();
  if (ONLY.has("calls")) await measureCalls();
  if (ONLY.has("site") || ONLY.has("search")) {
    const p = launch(process.execPath, [SERVER_ENTRY], {
      PORT: String(PORT),
      DATA_DIR: await preparedDataDir(),
    });
    await until200(p, `${API(PORT)}/health`);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      if (ONLY.has("site")) await measureSite(browser);
      if (ONLY.has("search")) await measureSearch(browser);
    } finally {
      await browser.close();
      await stop(p);
    }
  }
  console.log(`\nload at the end ${loadavg()}`);
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 1));
} finally {
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
}
