// Site benchmarks: build time of both locales, JS weight of a doc page, Lighthouse mobile scores.
// Usage: node bench/site-bench.mjs [--skip-build] [--runs N]
// Serves the built site with our own server (`node scripts/start.mjs`, compressed), drives Debian's Chromium.
// Prints a Markdown table for bench/BENCHMARKS.md and writes bench/tmp/site-bench.json.
import "../scripts/command-line.mjs";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { startProduct } from "../scripts/start-product.mjs";
import { benchPorts, freePort, listenPort } from "./ports.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const skipBuild = args.includes("--skip-build");
const runs = Number(args[args.indexOf("--runs") + 1]) || 3;

const PAGES = [
  { name: "home", path: "/", targets: { performance: 95, accessibility: 98 } },
  {
    name: "doc page",
    path: "/docs/QiBates/features/actions/Zoom",
    targets: { performance: 95, accessibility: 98 },
  },
  {
    name: "doc page, no live example",
    path: "/docs/QiBates/features/actions/Cascade",
    targets: { performance: 95, accessibility: 98 },
  },
  { name: "home (fr)", path: "/fr/", targets: { performance: 95, accessibility: 98 } },
  {
    name: "doc page (fr)",
    path: "/fr/docs/QiBates/features/actions/Zoom",
    targets: { performance: 95, accessibility: 98 },
  },
  { name: "API page", path: "/api/qibates", targets: { performance: 80, accessibility: 95 } },
];

function countPages(dir) {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) n += countPages(path);
    else if (entry.endsWith(".html") && entry !== "404.html") n += 1;
  }
  return n;
}

// Builds into a temporary folder (outside any "type": "module" package, which breaks SSR) so the site served to others is never touched while measuring.
const OUT = join(tmpdir(), "qibates-site-bench-build");

function timedBuild() {
  const started = performance.now();
  const prepare = spawnSync("node", ["scripts/prepare-static.mjs"], {
    cwd: join(ROOT, "site"),
    stdio: "ignore",
  });
  const result = spawnSync("npx", ["docusaurus", "build", "--out-dir", OUT], {
    cwd: join(ROOT, "site"),
    stdio: "ignore",
  });
  if (prepare.status !== 0 || result.status !== 0) throw new Error("site build failed");
  return (performance.now() - started) / 1000;
}

/** Cold: without the bundler's persistent cache (site/node_modules/.cache); warm: right after, with it. */
function measureBuild() {
  rmSync(join(ROOT, "site", "node_modules", ".cache"), { recursive: true, force: true });
  rmSync(OUT, { recursive: true, force: true });
  const cold = timedBuild();
  const warm = timedBuild();
  const pages = countPages(OUT);
  rmSync(OUT, { recursive: true, force: true });
  return { cold, warm, pages, coldMsPerPage: (cold * 1000) / pages, warmMsPerPage: (warm * 1000) / pages };
}

/** All JavaScript a page loads until the network is idle: raw bytes, gzip bytes (level 9), bytes on the wire. */
async function jsWeight(browser, url) {
  const page = await browser.newPage();
  const scripts = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    try {
      const body = await response.body();
      const sizes = await response.request().sizes();
      scripts.push({
        url: response.url(),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        wire: sizes.responseBodySize,
      });
    } catch {
      // redirects have no body
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.close();
  const sum = (key) => scripts.reduce((total, s) => total + s[key], 0);
  return {
    requests: scripts.length,
    rawKiB: sum("raw") / 1024,
    gzipKiB: sum("gzip") / 1024,
    wireKiB: sum("wire") / 1024,
  };
}

async function launchDebuggableChromium(port) {
  const profile = mkdtempSync(join(tmpdir(), "qibates-lh-"));
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 100; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok)
        return {
          stop: () =>
            new Promise((resolve) => {
              child.once("exit", () => {
                rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
                resolve();
              });
              child.kill("SIGTERM");
            }),
        };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Chromium did not open its debugging port");
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function lighthouseScores(url, port) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const { categories, audits } = result.lhr;
    results.push({
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories["best-practices"].score * 100),
      seo: Math.round(categories.seo.score * 100),
      lcp: audits["largest-contentful-paint"].numericValue,
      tbt: audits["total-blocking-time"].numericValue,
      fcp: audits["first-contentful-paint"].numericValue,
      cls: audits["cumulative-layout-shift"].numericValue,
      // Lighthouse's own CPU benchmark of the machine during the run: low values mean a busy machine.
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
    });
  }
  const pick = (key) => median(results.map((r) => r[key]));
  return {
    runs: results.map((r) => r.performance),
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcp: pick("lcp"),
    tbt: pick("tbt"),
    fcp: pick("fcp"),
    cls: pick("cls"),
    benchmarkIndex: pick("benchmarkIndex"),
  };
}

const report = { date: new Date().toISOString(), node: process.version };
if (!skipBuild) report.build = measureBuild();
const server = await startProduct({ dataDirPrefix: "qibates-bench-", port: await listenPort() });
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  report.js = {};
  for (const page of PAGES) report.js[page.name] = await jsWeight(browser, server.url + page.path);
  await browser.close();
  // Chromium's DevTools port, for Lighthouse: 9333, or a free port of --ports.
  const port = benchPorts() ? await freePort() : 9333;
  const chrome = await launchDebuggableChromium(port);
  try {
    report.lighthouse = {};
    for (const page of PAGES)
      report.lighthouse[page.name] = {
        path: page.path,
        targets: page.targets,
        ...(await lighthouseScores(server.url + page.path, port)),
      };
  } finally {
    await chrome.stop();
  }
} finally {
  await server.stop();
}

mkdirSync(join(ROOT, "bench", "tmp"), { recursive: true });
writeFileSync(join(ROOT, "bench", "tmp", "site-bench.json"), `${JSON.stringify(report, null, 2)}\n`);

const f1 = (n) => n.toFixed(1);
const lines = [];
if (report.build) {
  const b = report.build;
  lines.push(
    `Build (both locales, ${b.pages} pages): cold ${f1(b.cold)} s (${f1(b.coldMsPerPage)} ms/page, ${(b.coldMsPerPage / 60).toFixed(2)}× the 60 ms/page budget), warm ${f1(b.warm)} s (${f1(b.warmMsPerPage)} ms/page).`,
    "",
  );
}
lines.push(
  "| page | JS requests | JS raw KiB | JS gzip KiB | gzip / 200 KiB budget |",
  "|---|---|---|---|---|",
);
for (const [name, js] of Object.entries(report.js))
  lines.push(
    `| ${name} | ${js.requests} | ${f1(js.rawKiB)} | ${f1(js.gzipKiB)} | ${(js.gzipKiB / 200).toFixed(2)} |`,
  );
lines.push(
  "",
  `| page | Performance (median of ${runs}; runs) | Accessibility | Best practices | SEO | LCP ms | TBT ms | CLS | CPU index | targets P/A |`,
  "|---|---|---|---|---|---|---|---|---|---|",
);
for (const [name, lh] of Object.entries(report.lighthouse)) {
  lines.push(
    `| ${name} \`${lh.path}\` | **${lh.performance}** (${lh.runs.join(", ")}) | **${lh.accessibility}** | ${lh.bestPractices} | ${lh.seo} | ${Math.round(lh.lcp)} | ${Math.round(lh.tbt)} | ${lh.cls.toFixed(3)} | ${Math.round(lh.benchmarkIndex)} | ${lh.targets.performance} / ${lh.targets.accessibility} |`,
  );
}
console.log(lines.join("\n"));
