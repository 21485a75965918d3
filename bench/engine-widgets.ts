/**
 * The engine as the documentation site's live widgets run it, in headless Chromium: building Sample.Basic
 * (LiveGrid, LiveMdx) and the Vision planning application (LiveGrid's form, LiveRule), aggregating their cubes
 * (CALC ALL) and launching each Vision rule with its default prompts, on a page's main thread as the site does;
 * then the same aggregations in a dedicated worker of a cross-origin isolated page, on one thread and on Web
 * Workers (`@qibates/engine/browser`), to tell whether workers would help there. Prints the figures as JSON;
 * `--write` also writes bench/results/engine-widgets.json and the "Engine in the site's live widgets" section of
 * bench/BENCHMARKS.md.
 *
 *   npx tsx bench/engine-widgets.ts [--rounds 5] [--write]
 */
import "../scripts/command-line.mjs";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism, cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { launchChromium } from "../e2e/support/browser.ts";
import type { MainThreadFigures, WorkerFigures } from "./engine-widgets-entry.ts";
import { listenPort } from "./ports.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const i = process.argv.indexOf("--rounds");
const rounds = i >= 0 ? Number(process.argv[i + 1]) : 5;

async function bundle(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "warning",
  });
  return out.outputFiles[0]?.text ?? "";
}

const files: Record<string, string> = {
  "index.html": '<!doctype html><title>engine widgets</title><script src="entry.js"></script>',
  "entry.js": await bundle(join(here, "engine-widgets-entry.ts")),
  "aggregation-worker.js": await bundle(join(here, "../packages/engine/src/browser/aggregation-worker.ts")),
};
// `/plain/…` as the site serves its pages today; `/isolated/…` with COOP/COEP (SharedArrayBuffer needs it)
const server = createServer((req, res) => {
  const m = /^\/(isolated|plain)\/([\w.-]+)$/.exec(req.url ?? "");
  const body = m ? files[m[2] as string] : undefined;
  if (!m || body === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    "Content-Type": m[2]?.endsWith(".html") ? "text/html" : "text/javascript",
    ...(m[1] === "isolated"
      ? { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" }
      : {}),
  });
  res.end(body);
});
const port = await listenPort();
await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const started = new Date().toISOString();
const browser = await launchChromium();
const workers = Math.max(1, availableParallelism() - 1);
let mainThread: MainThreadFigures;
let inWorker: WorkerFigures;
try {
  const page = await browser.newPage();
  await page.goto(`${base}/plain/index.html`);
  mainThread = await page.evaluate(
    (n) =>
      (
        globalThis as unknown as { engineWidgets: { mainThread(n: number): MainThreadFigures } }
      ).engineWidgets.mainThread(n),
    rounds,
  );
  await page.close();
  const isolated = await browser.newPage();
  await isolated.goto(`${base}/isolated/index.html`);
  const r = await isolated.evaluate(
    (request) =>
      new Promise<WorkerFigures | { error: string }>((resolve, reject) => {
        const w = new Worker("entry.js");
        w.onmessage = (e: MessageEvent<WorkerFigures | { error: string }>) => {
          resolve(e.data);
          w.terminate();
        };
        w.onerror = (e) => reject(new Error(e.message));
        w.postMessage(request);
      }),
    { rounds, workers },
  );
  if ("error" in r) throw new Error(r.error);
  inWorker = r;
} finally {
  await browser.close();
  server.close();
}

const result = {
  started,
  command: `npx tsx bench/engine-widgets.ts --rounds ${rounds}`,
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    loadavg: loadavg(),
    chromium: browser.version(),
  },
  mainThread,
  inWorker,
};
console.log(JSON.stringify(result, null, 2));

if (process.argv.includes("--write")) {
  mkdirSync(join(here, "results"), { recursive: true });
  writeFileSync(join(here, "results", "engine-widgets.json"), `${JSON.stringify(result, null, 2)}\n`);
  const f = (n: number, d = 1): string =>
    n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  const w = inWorker;
  const slowest = [...mainThread.rules].sort((a, b) => b.ms - a.ms);
  const section = `## Engine in the site's live widgets

Command: \`${result.command} --write\` (run ${started}; ${result.machine.cpus} × ${result.machine.model}, Chromium
${result.machine.chromium}; load average at the end ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ")}). Medians of ${rounds}. Raw figures: \`bench/results/engine-widgets.json\`.

On the page's main thread, as the site runs them:

| Work | Time |
| --- | --- |
| Build Sample.Basic (outline + data; LiveGrid, LiveMdx) | ${f(mainThread.buildSampleBasicMs)} ms |
| Build the Vision planning application (LiveGrid's form, LiveRule) | ${f(mainThread.buildVisionMs)} ms |
| Sample.Basic CALC ALL (${mainThread.sampleBasic.blocks} blocks) | ${f(mainThread.sampleBasic.calcAllMs)} ms |
| Vision Plan1 CALC ALL (${mainThread.visionPlan1.blocks} blocks) | ${f(mainThread.visionPlan1.calcAllMs)} ms |
| Slowest Vision rules (launch, default prompts) | ${slowest
    .slice(0, 3)
    .map((r) => `${r.name} ${f(r.ms)} ms`)
    .join(", ")} |

In a dedicated worker of a cross-origin isolated page, CALC ALL on one thread and on ${w.threads} threads
(\`@qibates/engine/browser\`):

| Cube | 1 thread | ${w.threads} threads (engine's threshold, 4,096 items) | ${w.threads} threads, every task handed over |
| --- | --- | --- | --- |
| Sample.Basic | ${f(w.oneThread.sampleBasic.calcAllMs)} ms | ${f(w.workers.sampleBasic.calcAllMs)} ms | ${f(w.workersAlways.sampleBasic.calcAllMs)} ms |
| Vision Plan1 | ${f(w.oneThread.visionPlan1.calcAllMs)} ms | ${f(w.workers.visionPlan1.calcAllMs)} ms | ${f(w.workersAlways.visionPlan1.calcAllMs)} ms |

Both cubes hold a few hundred blocks, far below the engine's threshold for handing a task to other threads
(4,096 blocks or targets): with it, nothing runs on the workers, and the second column differs from the first by
the machine's noise alone. Handed every task, the workers save a few milliseconds at most, on work that takes
tens of milliseconds; the slowest rule's time is mostly not aggregation (CopyVersion: CLEARDATA and DATACOPY,
then an AGG over part of what a whole CALC ALL of Plan1 covers). Workers would not help the site's widgets
noticeably, and they would need the site cross-origin isolated (COOP/COEP) and the engine moved to a dedicated
worker: the site does not use them.
`;
  const mdPath = join(here, "BENCHMARKS.md");
  let md = readFileSync(mdPath, "utf8");
  const start = "<!-- engine-widgets:start -->";
  const end = "<!-- engine-widgets:end -->";
  const block = `${start}\n${section}${end}`;
  md = md.includes(start)
    ? md.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
    : `${md.trimEnd()}\n\n${block}\n`;
  writeFileSync(mdPath, md);
}
