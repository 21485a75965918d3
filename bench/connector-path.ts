/**
 * The essbase-stndln connector path beside the demo path, in one run:
 *   demo path:      API → engine
 *   connector path: API → essbase-stndln connector → HTTP (127.0.0.1) → Essbase REST endpoint → engine
 * Measured: a 100-cell refresh on Sample.Basic (the API benchmark's grid) and a zoom to 10,000 rows (all levels
 * of a 10,000-member dimension of a generated outline). Calls alternate between the two paths so that both see
 * the same machine; the figures that matter are the difference and the ratio at p50 (at most 0.5 ms
 * added to the refresh, at most 1.25 × the demo for the zoom).
 *
 * Each is measured with the endpoint in this process (its work on the API's own thread, as the profile sees
 * it) and in a process of its own (`connector-endpoint.ts`), as a real server works beside the product: there
 * the connector's own layout of an operation runs while the server works on it. The refresh is measured twice
 * on each: the first calls after `--warmup` (20) calls, then again after 2,000 more, once V8 has compiled the
 * longer connector path as a running server has.
 *
 * The endpoint's own time for each connector call (from a request's arrival to its answer handed to the socket,
 * `served-times.ts`) is measured too: it stands for what a real server would spend, so the connector path less
 * that time is what the product itself adds around the server.
 *
 * The zoom is measured after `--zoom-warmup` (2) zooms on each path: the endpoint's own process has run no other
 * zoom, while this process's engine has also laid out each connector call, so a larger value shows the two warm.
 *
 * Each call's CPU time in this process (user and system, all its threads: its garbage collection and compilers
 * too) is reported beside its wall time: on a machine shared with other work, wall time grows with the load while
 * CPU time changes far less, so a change is read in it first. With the endpoint in this process its work is
 * counted too; in its own process only the product's side is.
 *
 *   npx tsx bench/connector-path.ts [--rounds 400] [--zoom-rounds 15] [--warmup 20] [--zoom-warmup 2] [--write]
 */
import "../scripts/command-line.mjs";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ConnectorHarness, openConnectorHarness } from "../packages/cli/src/answer-key.ts";
import { loadAverages } from "./machine.ts";
import { listenPort } from "./ports.mjs";
import { sampleBasicRefresh100 } from "./sample-grids.ts";
import { onServed } from "./served-times.ts";
import { wideOutlineDocument } from "./wide-outline.ts";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROUNDS = opt("rounds", 400);
const ZOOM_ROUNDS = opt("zoom-rounds", 15);
const WARMUP = opt("warmup", 20);
/** Zooms on each path before the zoom is measured (the endpoint's own process has run only these). */
const ZOOM_WARMUP = opt("zoom-warmup", 2);
/** Calls made before the refresh is measured again, warm. */
const WARM_CALLS = 2000;
const WRITE = args.includes("--write");

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

interface Row {
  what: string;
  demo: number[];
  wire: number[];
  /** Each call's CPU time in this process (ms). */
  demoCpu: number[];
  wireCpu: number[];
  /** The endpoint's own time during each connector call (ms). */
  served: number[];
}

/** What the endpoint has served so far: requests and their time (ms). */
interface Served {
  count: number;
  ms: number;
}

/** The endpoint served by this process (its HTTP server answers only the connector: the API is injected). */
const servedHere: Served = { count: 0, ms: 0 };
onServed((ms) => {
  servedHere.count++;
  servedHere.ms += ms;
});

type BenchHarness = ConnectorHarness & { served: Served };

type HarnessOptions = Parameters<typeof openConnectorHarness>[0];

/**
 * A harness whose connector session works against an endpoint served by a child process (the same options), or
 * by the harness itself (`own` false).
 */
async function openHarness(options: HarnessOptions, own: boolean): Promise<BenchHarness> {
  if (!own)
    return { ...(await openConnectorHarness({ ...options, port: await listenPort() })), served: servedHere };
  const dir = mkdtempSync(join(tmpdir(), "qibates-connector-path-"));
  const file = join(dir, "options.json");
  writeFileSync(file, JSON.stringify(options ?? {}));
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(dirname(fileURLToPath(import.meta.url)), "connector-endpoint.ts"), file],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.setEncoding("utf8");
  while (!out.includes("\n")) {
    const [chunk] = (await Promise.race([once(child.stdout, "data"), once(child, "exit")])) as [unknown];
    if (typeof chunk !== "string") throw new Error("the endpoint's process ended before it served");
    out += chunk;
  }
  const [address = "", ...rest] = out.split("\n");
  const served: Served = { count: 0, ms: 0 };
  let pending = rest.join("\n");
  child.stdout.on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const m = /^served (\S+)$/.exec(line);
      if (m) {
        served.count++;
        served.ms += Number(m[1]);
      }
    }
  });
  const harness = await openConnectorHarness({
    ...options,
    upstream: address.trim(),
    port: await listenPort(),
  });
  return {
    ...harness,
    served,
    close: async () => {
      await harness.close();
      child.stdin.end();
      await once(child, "exit");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Alternates the same call on both sessions; checks both answer 200 with the same grid. */
async function measure(
  h: BenchHarness,
  what: string,
  path: string,
  body: Record<string, unknown>,
  rounds: number,
  warmup: number,
): Promise<Row> {
  const row: Row = { what, demo: [], wire: [], demoCpu: [], wireCpu: [], served: [] };
  for (let i = 0; i < rounds + warmup; i++) {
    const order = i % 2 === 0 ? (["demo", "wire"] as const) : (["wire", "demo"] as const);
    const grids: Record<string, string> = {};
    for (const via of order) {
      const before = { ...h.served };
      const cpu = process.cpuUsage();
      const started = performance.now();
      const res = await h.post(path, { ...body, loginid: via === "demo" ? h.demoLogin : h.wireLogin });
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      if (res.statusCode !== 200) throw new Error(`${what} (${via}) answered ${res.statusCode}: ${res.body}`);
      if (via === "wire") {
        // The endpoint's process reports its time on its standard output, just after its answer.
        const waitUntil = performance.now() + 1000;
        while (h.served.count === before.count && performance.now() < waitUntil)
          await new Promise((resolve) => setTimeout(resolve, 1));
        if (i >= warmup) row.served.push(h.served.ms - before.ms);
      }
      if (i >= warmup) {
        row[via].push(ms);
        row[via === "demo" ? "demoCpu" : "wireCpu"].push((used.user + used.system) / 1000);
      }
      if (i === 0) grids[via] = JSON.stringify((res.json() as { grid: unknown }).grid);
    }
    if (i === 0 && grids.demo !== grids.wire)
      throw new Error(`${what}: the two paths answer different grids`);
  }
  return row;
}

function summary(r: Row) {
  const d = [...r.demo].sort((a, b) => a - b);
  const w = [...r.wire].sort((a, b) => a - b);
  const e = [...r.served].sort((a, b) => a - b);
  // Each connector call less the endpoint's own time in it: what the product adds around the server.
  const own = r.wire.map((ms, i) => ms - (r.served[i] ?? 0)).sort((a, b) => a - b);
  const dc = [...r.demoCpu].sort((a, b) => a - b);
  const wc = [...r.wireCpu].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(2);
  return {
    what: r.what,
    n: d.length,
    demoP50: f(percentile(d, 50)),
    wireP50: f(percentile(w, 50)),
    addedP50: f(percentile(w, 50) - percentile(d, 50)),
    ratioP50: f(percentile(w, 50) / percentile(d, 50)),
    demoP99: f(percentile(d, 99)),
    wireP99: f(percentile(w, 99)),
    servedP50: f(percentile(e, 50)),
    ownP50: f(percentile(own, 50)),
    ownRatioP50: f(percentile(own, 50) / percentile(d, 50)),
    demoCpuP50: f(percentile(dc, 50)),
    wireCpuP50: f(percentile(wc, 50)),
    cpuRatioP50: f(percentile(wc, 50) / percentile(dc, 50)),
  };
}

async function main() {
  const loadBefore = loadAverages();
  const rows: Row[] = [];
  const refresh = sampleBasicRefresh100();
  const outlineDocument = wideOutlineDocument();
  const zoom = {
    server: "EssbaseCluster-1",
    application: "Bench",
    cube: "Wide",
    grid: [
      ["", "Q1"],
      ["", "Revenue"],
      ["Entity", ""],
    ],
    cells: [{ row: 2, column: 0 }],
    settings: { zoomInMode: "ALL_LEVELS", aliasTable: null },
  };
  for (const own of [false, true]) {
    const where = own ? "endpoint in its own process" : "endpoint in this process";
    const sample = await openHarness({}, own);
    try {
      const cold = `100-cell refresh, Sample.Basic, ${where}, after ${WARMUP} calls`;
      rows.push(await measure(sample, cold, "action/refresh", refresh, ROUNDS, WARMUP));
      const warm = `100-cell refresh, Sample.Basic, ${where}, after ${WARMUP + ROUNDS + WARM_CALLS} calls`;
      rows.push(await measure(sample, warm, "action/refresh", refresh, ROUNDS, WARM_CALLS));
    } finally {
      await sample.close();
    }
    const big = await openHarness({ outlineDocument, application: "Bench", cube: "Wide" }, own);
    try {
      const what = `zoom to 10,100 rows (all levels), generated outline, ${where}`;
      rows.push(await measure(big, what, "action/zoomin", zoom, ZOOM_ROUNDS, ZOOM_WARMUP));
    } finally {
      await big.close();
    }
  }

  const table = rows.map(summary);
  const lines = [
    "| Call | n per path | demo p50 (ms) | connector p50 (ms) | added at p50 (ms) | connector / demo at p50 | demo p99 (ms) | connector p99 (ms) | endpoint's own time p50 (ms) | connector less the endpoint's time p50 (ms) | that / demo | CPU in this process p50, demo / connector (ms) | CPU connector / demo |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...table.map(
      (t) =>
        `| ${t.what} | ${t.n} | ${t.demoP50} | ${t.wireP50} | ${t.addedP50} | ${t.ratioP50} | ${t.demoP99} | ${t.wireP99} | ${t.servedP50} | ${t.ownP50} | ${t.ownRatioP50} | ${t.demoCpuP50} / ${t.wireCpuP50} | ${t.cpuRatioP50} |`,
    ),
  ];
  const machine = `Node ${process.version}; load average ${loadBefore} at the start, ${loadAverages()} at the end`;
  process.stdout.write(`${lines.join("\n")}\n${machine}\n`);
  if (WRITE) {
    const file = join(dirname(fileURLToPath(import.meta.url)), "results", "connector-path.md");
    appendFileSync(
      file,
      `\n## ${new Date().toISOString()} — npx tsx bench/connector-path.ts --rounds ${ROUNDS} --zoom-rounds ${ZOOM_ROUNDS} --warmup ${WARMUP} --zoom-warmup ${ZOOM_WARMUP}\n\n${machine}\n\n${lines.join("\n")}\n`,
    );
    process.stdout.write(`appended to ${file}\n`);
  }
}

await main();
