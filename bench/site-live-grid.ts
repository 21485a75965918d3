/**
 * JS weight of documentation pages with and without the live Sample.Basic grid (site/src/components/LiveGrid).
 * Serves the built site with the product's own server (`scripts/start.mjs`, a throw-away data folder), opens
 * each page in Debian's Chromium, and adds up the JavaScript responses: raw bytes and gzip bytes (level 9,
 * computed here, so the figure does not depend on the server's compression). The baseline, measured in the
 * same run, is the page without a live example; ratios are against it. Also reports which scripts hold the
 * engine's code and how long the browser takes to build the cube and show the grid.
 *
 *   npx tsx bench/site-live-grid.ts [--write]    (the site must be built: npm run build -w site)
 *
 * With --write, the Markdown table is written to bench/site-live-grid.md.
 */
import "../scripts/command-line.mjs";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { launchChromium } from "../e2e/support/browser.ts";
import { startProduct } from "../scripts/start-product.mjs";
import { listenPort } from "./ports.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
// Strings of the engine's code that no documentation page quotes: its grid layer and its planning layer.
const ENGINE_MARKS = ["GRID_PIVOT_NO_START", "PLANNING_FORM_TYPE_MISMATCH"];
const hasEngine = (body: Buffer): boolean => ENGINE_MARKS.some((m) => body.includes(m));

interface Weight {
  page: string;
  scripts: number;
  raw: number;
  gzip: number;
  engineScripts: number;
  showMs?: number;
}

async function measure(browser: Browser, base: string, path: string, show: boolean, label: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  const bodies: Promise<{ url: string; body: Buffer }>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script")
      bodies.push(res.body().then((body) => ({ url: res.url(), body })));
  });
  await page.goto(base + path, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === "true");
  let showMs: number | undefined;
  if (show) {
    const t0 = Date.now();
    await page.locator("[data-live-grid-placeholder]").scrollIntoViewIfNeeded();
    await page.locator("[data-live-grid] table[role=grid]").waitFor({ timeout: 30_000 });
    showMs = Date.now() - t0;
  }
  await page.waitForLoadState("networkidle");
  const all = await Promise.all(bodies);
  await context.close();
  const w: Weight = {
    page: label,
    scripts: all.length,
    raw: all.reduce((n, s) => n + s.body.length, 0),
    gzip: all.reduce((n, s) => n + gzipSync(s.body, { level: 9 }).length, 0),
    engineScripts: all.filter((s) => hasEngine(s.body)).length,
  };
  if (showMs !== undefined) w.showMs = showMs;
  return w;
}

const kb = (n: number): string => (n / 1024).toFixed(1);

async function main(): Promise<void> {
  const server = await startProduct({ dataDirPrefix: "qibates-bench-", port: await listenPort() });
  const browser = await launchChromium();
  try {
    const zoom = "/docs/QiBates/features/actions/Zoom";
    const rows = [
      await measure(
        browser,
        server.url,
        "/docs/QiBates/features/actions/Cascade",
        false,
        "Cascade (no live example)",
      ),
      await measure(browser, server.url, zoom, false, "Zoom, example not yet on screen"),
      await measure(browser, server.url, zoom, true, "Zoom, live example shown"),
      await measure(browser, server.url, `/fr${zoom}`, true, "Zoom (fr), live example shown"),
      await measure(
        browser,
        server.url,
        "/docs/QiBates/features/actions/OpenForm",
        true,
        "Open form, live Vision form shown",
      ),
    ];
    const base = rows[0] as Weight;
    const lines = [
      "## Live grid: JS weight of documentation pages",
      "",
      `Command: \`npx tsx bench/site-live-grid.ts --write\` (built site, ${new Date().toISOString().slice(0, 10)}).`,
      "Baseline: the Cascade page, which has no live example, measured in the same run.",
      "",
      "| page | scripts | JS raw (KiB) | JS gzip (KiB) | gzip vs baseline | scripts with engine code | grid shown after (ms) |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows.map(
        (r) =>
          `| ${r.page} | ${r.scripts} | ${kb(r.raw)} | ${kb(r.gzip)} | ${(r.gzip / base.gzip).toFixed(2)}× | ${r.engineScripts} | ${r.showMs ?? "—"} |`,
      ),
      "",
    ];
    const js = join(ROOT, "site", "build", "assets", "js");
    for (const f of readdirSync(js).filter((n) => n.endsWith(".js"))) {
      const body = readFileSync(join(js, f));
      if (hasEngine(body) || f.startsWith("main."))
        lines.push(
          `- \`${f}\`: ${kb(body.length)} KiB raw, ${kb(gzipSync(body, { level: 9 }).length)} KiB gzip, ${body.includes("GRID_PIVOT_NO_START") ? "the engine's grid layer and Sample.Basic (live grids)" : body.includes("PLANNING_FORM_TYPE_MISMATCH") ? "the engine's planning layer and Vision (live form)" : "main bundle, no engine code"}.`,
        );
    }
    lines.push("");
    const md = lines.join("\n");
    process.stdout.write(`${md}\n`);
    if (process.argv.includes("--write")) writeFileSync(join(ROOT, "bench", "site-live-grid.md"), md);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
