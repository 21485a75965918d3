/**
 * Start-up time of the server process after a long journal: 1,000,000 cell writes of Sample.Basic journaled
 * straight into the embedded PGlite database (in batches, as saves would have), then the time from spawn to
 * the start-up banner — replaying the whole journal (no checkpoint) against loading the checkpoint the first
 * start saved (compaction) and replaying nothing after it. The state served is checked equal both ways.
 *
 * Run: `npx tsx bench/journal-startup.ts [--writes 1000000] [--per-entry 10] [--runs 3] [--write]`
 * Target: start-up ≤ 3 s after 1,000,000 journaled cell writes.
 */
import "../scripts/command-line.mjs";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSampleBasicCube } from "@qibates/engine/demo";
import { openDatabase } from "../packages/server/src/database.ts";
import { buildServerIfNeeded } from "../scripts/server-build.mjs";
import { args, numberOption, seededRandom } from "./args.ts";
import { startBundledServer } from "./bundled-server.ts";
import { statesByMonthGrid } from "./sample-grids.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const option = numberOption;
const WRITES = option("writes", 1_000_000);
const PER_ENTRY = option("per-entry", 10);
const RUNS = option("runs", 3);
const write = args.includes("--write");

/** Level-0 stored members of each base dimension of Sample.Basic: where a save writes. */
function writableCells(): string[][] {
  const cube = createSampleBasicCube();
  return cube.dims.map((d) =>
    d.members.filter((m) => m.isLeaf && m.storage === "store" && !m.isShared).map((m) => m.name),
  );
}

const random = seededRandom;

async function journal(dataDir: string): Promise<{ entries: number; ms: number }> {
  const started = performance.now();
  const db = await openDatabase({ dataDir });
  const members = writableCells();
  const next = random(18);
  const pick = (list: string[]) => list[Math.floor(next() * list.length)] as string;
  const entries = Math.ceil(WRITES / PER_ENTRY);
  const BATCH = 1000;
  let written = 0;
  for (let e = 0; e < entries; e += BATCH) {
    const payloads: string[] = [];
    for (let i = e; i < Math.min(entries, e + BATCH); i++) {
      const writes = [];
      for (let w = 0; w < PER_ENTRY && written < WRITES; w++, written++) {
        writes.push({ members: members.map(pick), value: Math.round(next() * 100_000) / 100 });
      }
      payloads.push(JSON.stringify({ writes }));
    }
    await db.query(
      `insert into journal (application, kind, payload, written_by)
       select 'Sample', 'cells', p, 'bench' from jsonb_array_elements($1::jsonb) as p`,
      [`[${payloads.join(",")}]`],
    );
  }
  await db.close();
  return { entries, ms: performance.now() - started };
}

async function countRows(
  dataDir: string,
): Promise<{ journal: number; checkpoints: number; checkpointBytes: number }> {
  const db = await openDatabase({ dataDir });
  const j = await db.query<{ n: number }>("select count(*)::int as n from journal");
  // The checkpoints' table keeps its first name (packages/server/src/database.ts).
  const s = await db.query<{ n: number; b: number | null }>(
    "select count(*)::int as n, sum(octet_length(data))::int as b from journal_snapshots",
  );
  await db.close();
  return { journal: j[0]?.n ?? 0, checkpoints: s[0]?.n ?? 0, checkpointBytes: s[0]?.b ?? 0 };
}

async function dropCheckpoints(dataDir: string): Promise<void> {
  const db = await openDatabase({ dataDir });
  await db.query("delete from journal_snapshots");
  await db.close();
}

const grid = statesByMonthGrid();

/** Starts the server on `dataDir`; answers spawn-to-banner time, a grid it serves, and its stop time. */
async function startOnce(dataDir: string): Promise<{ bannerMs: number; stopMs: number; answer: string }> {
  const started = performance.now();
  const { child, base, exited, output } = await startBundledServer({ DATA_DIR: dataDir });
  const bannerMs = performance.now() - started;
  const api = `${base}/qibates/api/v2`;
  const health = (await fetch(`${api}/health`).then((r) => r.json())) as { demo: { apiKey: string } };
  const headers = {
    "content-type": "application/json",
    qibateskey: health.demo.apiKey,
    connector: "essbase",
  };
  const login = (await fetch(`${api}/action/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      username: "demo",
      password: "demo",
      providerAddress: "https://demo.qibates.local/aps/JAPI",
    }),
  }).then((r) => r.json())) as { loginid: string };
  const refresh = await fetch(`${api}/action/refresh`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      loginid: login.loginid,
      server: "EssbaseCluster-1",
      application: "Sample",
      cube: "Basic",
      grid,
    }),
  }).then((r) => r.json());
  const answer = JSON.stringify((refresh as { grid: unknown }).grid);
  const stopping = performance.now();
  child.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) throw new Error(`server stopped with ${code}:\n${output()}`);
  return { bannerMs, stopMs: performance.now() - stopping, answer };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const ms = (x: number) => `${Math.round(x).toLocaleString("en")} ms`;

async function main(): Promise<void> {
  await buildServerIfNeeded();
  const empty = mkdtempSync(join(tmpdir(), "qibates-journal-empty-"));
  const dataDir = mkdtempSync(join(tmpdir(), "qibates-journal-"));
  try {
    process.stdout.write("Start-up on an empty database...\n");
    const baseline: number[] = [];
    for (let r = 0; r < RUNS; r++) baseline.push((await startOnce(empty)).bannerMs);

    process.stdout.write(
      `Journaling ${WRITES.toLocaleString("en")} cell writes, ${PER_ENTRY} per entry...\n`,
    );
    const journaled = await journal(dataDir);

    const replay: number[] = [];
    const replayStops: number[] = [];
    let replayAnswer = "";
    for (let r = 0; r < RUNS; r++) {
      await dropCheckpoints(dataDir);
      process.stdout.write(`Start-up replaying the whole journal (run ${r + 1} of ${RUNS})...\n`);
      const run = await startOnce(dataDir);
      replay.push(run.bannerMs);
      replayStops.push(run.stopMs);
      replayAnswer = run.answer;
    }
    const afterReplay = await countRows(dataDir);

    const checkpoint: number[] = [];
    let checkpointAnswer = "";
    for (let r = 0; r < RUNS; r++) {
      process.stdout.write(`Start-up from the checkpoint (run ${r + 1} of ${RUNS})...\n`);
      const run = await startOnce(dataDir);
      checkpoint.push(run.bannerMs);
      checkpointAnswer = run.answer;
    }
    if (checkpointAnswer !== replayAnswer) {
      throw new Error(`the checkpoint serves another state:\n${replayAnswer}\n${checkpointAnswer}`);
    }
    const target = median(checkpoint) <= 3000;
    const command = `npx tsx bench/journal-startup.ts --writes ${WRITES} --per-entry ${PER_ENTRY} --runs ${RUNS} --write`;
    const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
    const text = [
      `Command: \`${command}\` (run ${new Date().toISOString()}; ${cpus().length} × ${cpu}, Node ${process.version}; load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          " / ",
        )}). Embedded PGlite database; time from spawn to the start-up banner of the server process (\`packages/server/dist/main.mjs\`), median of ${RUNS}.`,
      "",
      `${WRITES.toLocaleString("en")} cell writes of Sample.Basic (random level-0 cells, ${PER_ENTRY} per journal entry: ${journaled.entries.toLocaleString("en")} entries) inserted straight into the journal table in ${ms(journaled.ms)}. The same 12 × 5 grid is served after both kinds of start-up (checked equal).`,
      "",
      "| Start-up | Median | Runs | Target |",
      "| --- | ---: | --- | --- |",
      `| Empty database (no journal) | ${ms(median(baseline))} | ${baseline.map(ms).join(", ")} | — |`,
      `| Replaying the whole journal (no checkpoint) | ${ms(median(replay))} | ${replay.map(ms).join(", ")} | — |`,
      `| **From the checkpoint** (saved by the start-up before, covering every entry) | **${ms(median(checkpoint))}** | ${checkpoint.map(ms).join(", ")} | ≤ 3 s ${target ? "✅" : "❌"} |`,
      "",
      `After a start-up that replayed the journal: ${afterReplay.checkpoints} checkpoint of ${afterReplay.checkpointBytes.toLocaleString("en")} bytes (gzip'd blocks of the cube), saved in the background after the banner; shutdown (SIGTERM to exit, the checkpoint finished) ${ms(median(replayStops))}. ${afterReplay.journal.toLocaleString("en")} journal rows are still stored: the entries the newest checkpoint covers are deleted when the next checkpoint is saved (the one before the newest stays as a fallback with the entries after it), so the journal holds at most two checkpoints' worth of entries (\`JOURNAL_CHECKPOINT_ENTRIES\`, 1,000 by default).`,
    ].join("\n");
    process.stdout.write(`\n${text}\n`);
    if (write) {
      const file = join(ROOT, "bench/BENCHMARKS.md");
      const md = readFileSync(file, "utf8");
      const section = `<!-- journal-startup:start -->\n## Start-up after a long journal\n\n${text}\n<!-- journal-startup:end -->`;
      const re = /<!-- journal-startup:start -->[\s\S]*<!-- journal-startup:end -->/;
      writeFileSync(file, re.test(md) ? md.replace(re, section) : `${md.trimEnd()}\n\n${section}\n`);
      process.stdout.write("Written to bench/BENCHMARKS.md.\n");
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
