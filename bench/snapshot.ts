/**
 * Snapshot benchmark: the synthetic 5 M-cell cube served by the Essbase REST endpoint is copied
 * with `qibates-snapshot --connector essbase-stndln` (in a child process, as a user runs it) through the server's
 * export (the `exportData` job and the Files API: the default), and through grid reads (`--read grid`, the
 * baseline, in the same run), then:
 * - cells per second of each copy (until the command began writing the cube's image), their ratio, and the
 *   command's peak memory against the engine's own bytes;
 * - the two copies compared cell for cell once served (every stored cell, level 0 and aggregated);
 * - start-up time serving the copy from its cube image (reading and checking it whole), against the same copy
 *   without its image (the previous format: reading every cell, building and aggregating the cube),
 *   alternately, `--startups` runs each, in the same run (medians);
 * - an export run interrupted (SIGINT 1 s after it began reading the export file, or `--interrupt-after`
 *   seconds after its start) resumed to the same checksums as an uninterrupted one;
 * - the load average (1, 5, 15 min) before and after the copies, and before and after the start-ups.
 *
 * `--write` writes bench/results/snapshot.json and replaces this benchmark's section of bench/BENCHMARKS.md.
 *
 *   npx tsx bench/snapshot.ts [--interrupt-after S] [--heap-mb 128] [--startups 3] [--write]
 */
import "../scripts/command-line.mjs";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { openConnectorHarness } from "../packages/cli/src/answer-key.ts";
import {
  CUBE_SNAPSHOT_FORMAT,
  CUBE_SNAPSHOT_VERSION,
  loadCubeSnapshot,
  type SnapshotManifest,
} from "../packages/embedded/src/index.ts";
import { buildSyntheticCube, COMBOS, present, syntheticDimensions, value } from "./engine-synthetic.ts";
import { listenPort } from "./ports.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const interruptAfter = arg("interrupt-after", Number.NaN);
const heapMb = arg("heap-mb", 128);
const startups = arg("startups", 3);
const write = process.argv.includes("--write");

/** Writes the synthetic cube as a snapshot (the source the endpoint serves), without the engine's help. */
function writeSource(folder: string): void {
  mkdirSync(folder, { recursive: true });
  const outline = { dimensions: syntheticDimensions() };
  writeFileSync(join(folder, "Cube.outline.json"), JSON.stringify(outline));
  const leaves = (prefix: string, groups: number, per: number) =>
    Array.from({ length: groups * per }, (_, x) => `${prefix}${Math.floor(x / per)}_${x % per}`);
  const p = leaves("P", 10, 10);
  const c = leaves("C", 5, 10);
  const r = leaves("R", 4, 5);
  const parts: Buffer[] = [gzipSync("Year\tProduct\tCustomer\tRegion\tChannel\tvalue\n")];
  let cells = 0;
  let lines: string[] = [];
  for (let i = 0; i < COMBOS; i++) {
    if (!present(i)) continue;
    const tail = `${p[Math.floor(i / 5000)]}\t${c[Math.floor(i / 100) % 50]}\t${r[Math.floor(i / 5) % 20]}\tCH${i % 5}`;
    for (let mo = 0; mo < 12; mo++) {
      lines.push(`M${mo + 1}\t${tail}\t${value(i, mo)}\n`);
      cells++;
    }
    if (lines.length > 100_000) {
      parts.push(gzipSync(lines.join("")));
      lines = [];
    }
  }
  parts.push(gzipSync(lines.join("")));
  writeFileSync(join(folder, "Cube.data.tsv.gz"), Buffer.concat(parts));
  const file = (name: string) => {
    const bytes = readFileSync(join(folder, name));
    return { file: name, sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.length };
  };
  const manifest: SnapshotManifest = {
    format: CUBE_SNAPSHOT_FORMAT,
    version: CUBE_SNAPSHOT_VERSION,
    application: "Synthetic",
    source: {
      connector: "bench",
      address: "",
      server: "",
      application: "Synthetic",
      takenAt: new Date().toISOString(),
    },
    cubes: [
      {
        name: "Cube",
        outline: file("Cube.outline.json"),
        data: file("Cube.data.tsv.gz"),
        members: 0,
        cells,
        computedMembers: [],
      },
    ],
    notCarried: [],
  };
  writeFileSync(join(folder, "manifest.json"), JSON.stringify(manifest));
}

interface Run {
  code: number | null;
  seconds: number;
  /** Seconds until the command began writing the cube's image (its data all read); null: it did not. */
  imageAtS: number | null;
  maxRssMb: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `qibates-snapshot` in a child process. `interrupt`: sends SIGINT after `ms`, counted from the start, or
 * (with `after`) from the first line of the command's output that matches it.
 */
function snapshotRun(
  address: string,
  out: string,
  interrupt?: { ms: number; after?: RegExp },
  extra: string[] = [],
): Promise<Run> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      // The command streams: a small heap is enough, and shows that its memory does not grow with the cube.
      `--max-old-space-size=${heapMb}`,
      join(here, "snapshot-child.mjs"),
      "--connector",
      "essbase-stndln",
      "--address",
      address,
      "--user",
      "demo",
      "--server",
      "EssbaseCluster-1",
      "--application",
      "Synthetic",
      "--out",
      out,
      "--name",
      "SyntheticCopy",
      ...extra,
    ],
    { env: { ...process.env, QIBATES_PASSWORD: "demo" } },
  );
  let stdout = "";
  let stderr = "";
  let imageAtS: number | null = null;
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  let armed = false;
  const arm = () => {
    armed = true;
    setTimeout(() => child.kill("SIGINT"), interrupt?.ms ?? 0);
  };
  child.stderr.on("data", (d) => {
    stderr += d;
    if (imageAtS === null && stderr.includes("writing the cube's image"))
      imageAtS = (Date.now() - started) / 1000;
    if (interrupt?.after && !armed && interrupt.after.test(stderr)) arm();
  });
  if (interrupt && !interrupt.after) arm();
  return new Promise((resolve) => {
    child.on("exit", (code) => {
      const rss = /maxrss (\d+)/.exec(stderr);
      resolve({
        code,
        seconds: (Date.now() - started) / 1000,
        imageAtS,
        maxRssMb: rss ? Number(rss[1]) / 1024 : Number.NaN,
        stdout,
        stderr,
      });
    });
  });
}

const root = mkdtempSync(join(tmpdir(), "qibates-snapshot-bench-"));
try {
  const t0 = performance.now();
  writeSource(join(root, "source", "Synthetic"));
  const writeSourceS = (performance.now() - t0) / 1000;
  const source = await loadCubeSnapshot(join(root, "source", "Synthetic"));
  const harness = await openConnectorHarness({
    via: "essbase-stndln",
    snapshots: [source],
    port: await listenPort(),
  });
  let whole: Run;
  let grid: Run;
  let stopped: Run;
  let resumed: Run;
  let interruptMs: number;
  const loadBefore = loadavg();
  try {
    whole = await snapshotRun(harness.wireAddress, join(root, "whole"));
    if (whole.code !== 0) throw new Error(`snapshot failed: ${whole.stderr}`);
    grid = await snapshotRun(harness.wireAddress, join(root, "grid"), undefined, ["--read", "grid"]);
    if (grid.code !== 0) throw new Error(`grid-read snapshot failed: ${grid.stderr}`);
    // By default, once the export file is being read (the export job itself cannot be stopped halfway).
    interruptMs = Number.isFinite(interruptAfter) ? interruptAfter * 1000 : 1000;
    stopped = await snapshotRun(
      harness.wireAddress,
      join(root, "resumed"),
      Number.isFinite(interruptAfter)
        ? { ms: interruptMs }
        : { ms: interruptMs, after: /reading the export file/ },
    );
    resumed = await snapshotRun(harness.wireAddress, join(root, "resumed"));
    if (resumed.code !== 0) throw new Error(`resumed snapshot failed: ${resumed.stderr}`);
  } finally {
    await harness.close();
  }
  const loadAfter = loadavg();
  const manifestOf = (dir: string) =>
    JSON.parse(readFileSync(join(root, dir, "SyntheticCopy", "manifest.json"), "utf8")) as SnapshotManifest;
  const a = manifestOf("whole").cubes[0];
  const b = manifestOf("resumed").cubes[0];
  const g = manifestOf("grid").cubes[0];
  const cells = a?.cells ?? 0;
  // The baseline: the same copy without its image, as the previous format wrote it (served from its data file).
  const previous = join(root, "previous", "SyntheticCopy");
  cpSync(join(root, "whole", "SyntheticCopy"), previous, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(previous, "manifest.json"), "utf8")) as SnapshotManifest;
  const imageFile = manifest.cubes[0]?.image?.file;
  if (!imageFile) throw new Error("the copy has no cube image");
  const imageMb = (manifest.cubes[0]?.image?.bytes ?? 0) / 2 ** 20;
  for (const c of manifest.cubes) delete c.image;
  writeFileSync(join(previous, "manifest.json"), JSON.stringify(manifest));
  rmSync(join(previous, imageFile));
  const loadAvgBefore = loadavg();
  const startupImage: number[] = [];
  const startupData: number[] = [];
  let servedCells = 0;
  let baselineCells = 0;
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let k = 0; k < startups; k++) {
    for (const [folder, times] of [
      [join(root, "whole", "SyntheticCopy"), startupImage],
      [previous, startupData],
    ] as const) {
      gc?.();
      const loadStart = performance.now();
      const served = await loadCubeSnapshot(folder);
      times.push((performance.now() - loadStart) / 1000);
      const want = times === startupImage ? "image" : "data";
      if (served.cubes[0]?.servedFrom !== want)
        throw new Error(`${folder}: served from ${served.cubes[0]?.servedFrom}`);
      const n = served.cubes[0]?.cube.storedCellCount() ?? 0;
      if (times === startupImage) servedCells = n;
      else baselineCells = n;
    }
  }
  if (servedCells !== baselineCells)
    throw new Error(`image ${servedCells} vs data ${baselineCells} stored cells`);
  const loadAvgAfter = loadavg();
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1] as number;
  const startupS = median(startupImage);
  const startupDataS = median(startupData);
  // The export copy against the grid-read copy, served: the same stored cells (level 0 and aggregated), each
  // with the same value.
  const exportServed = await loadCubeSnapshot(join(root, "whole", "SyntheticCopy"));
  const gridServed = await loadCubeSnapshot(join(root, "grid", "SyntheticCopy"));
  const x = exportServed.cubes[0]?.cube;
  const y = gridServed.cubes[0]?.cube;
  let differing = 0;
  let firstDifference = "";
  if (!x || !y || x.storedCellCount() !== y.storedCellCount()) differing = -1;
  else
    x.forEachStoredCell("all", (coords, v) => {
      const w = y.storedValue(coords);
      if (w !== v && differing++ === 0) firstDifference = `${coords.join(",")}: ${v} vs ${w}`;
    });
  const equalToGridCopy = differing === 0 && a?.cells === g?.cells;
  const engine = buildSyntheticCube().cube;
  const engineMb = engine.byteLength / 2 ** 20;
  const dataSeconds = whole.imageAtS ?? whole.seconds;
  const gridDataSeconds = grid.imageAtS ?? grid.seconds;
  const result = {
    date: new Date().toISOString(),
    sourceCells: source.manifest.cubes[0]?.cells,
    writeSourceS,
    cells,
    servedStoredCells: servedCells,
    read: a?.read ?? "",
    seconds: whole.seconds,
    /** Seconds reading the cells through the export path (until the command began writing the cube's image). */
    dataSeconds,
    /** Seconds writing the cube's image (read, check, build, aggregate, write), once, in the command. */
    imageSeconds: Number((whole.seconds - dataSeconds).toFixed(1)),
    cellsPerSecond: Math.round(cells / dataSeconds),
    gridRead: g?.read ?? "",
    gridCells: g?.cells ?? 0,
    gridSeconds: grid.seconds,
    /** Seconds reading the cells through grid reads (until the command began writing the cube's image). */
    gridDataSeconds,
    gridCellsPerSecond: Math.round((g?.cells ?? 0) / gridDataSeconds),
    exportOverGrid: Number((cells / dataSeconds / ((g?.cells ?? 0) / gridDataSeconds)).toFixed(2)),
    equalToGridCopy,
    ...(firstDifference ? { firstDifference } : {}),
    gridMaxRssMb: Math.round(grid.maxRssMb),
    /** Load average (1, 5, 15 min) before the copies and after them (before the start-ups). */
    loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
    loadAverageAfter: loadAfter.map((l) => Number(l.toFixed(2))),
    snapshotMaxRssMb: Math.round(whole.maxRssMb),
    heapLimitMb: heapMb,
    /** The same measure for the run interrupted early: equal when memory does not grow with the cells read. */
    interruptedMaxRssMb: Math.round(stopped.maxRssMb),
    interruptedAt: /resuming (?:at chunk|the export file at line) (\d+)/.exec(resumed.stderr)?.[1] ?? "",
    engineCubeMb: Math.round(engineMb),
    dataFileMb: Number(((a?.data.bytes ?? 0) / 2 ** 20).toFixed(1)),
    imageFileMb: Number(imageMb.toFixed(1)),
    /** Median start-up serving the copy from its image (read and check it whole). */
    startupFromImageS: Number(startupS.toFixed(2)),
    /** Median start-up serving the same copy without its image: read, check, build, aggregate (the baseline). */
    startupFromDataS: Number(startupDataS.toFixed(2)),
    startupRatio: Number((startupS / startupDataS).toFixed(3)),
    startupRuns: {
      image: startupImage.map((x) => Number(x.toFixed(2))),
      data: startupData.map((x) => Number(x.toFixed(2))),
    },
    loadAverage: {
      beforeStartups: loadAvgBefore.map((l) => Number(l.toFixed(2))),
      afterStartups: loadAvgAfter.map((l) => Number(l.toFixed(2))),
    },
    interruptedExit: stopped.code,
    interruptedAfterS: interruptMs / 1000,
    resumedSameChecksum: a?.data.sha256 === b?.data.sha256 && a?.outline.sha256 === b?.outline.sha256,
    resumedLine:
      /resuming (?:at chunk|the export file at line) .*/.exec(resumed.stderr)?.[0] ?? "(no resume line)",
  };
  console.log(JSON.stringify(result, null, 2));
  if (!result.resumedSameChecksum || !result.equalToGridCopy) process.exitCode = 1;
  if (write) {
    mkdirSync(join(here, "results"), { recursive: true });
    writeFileSync(join(here, "results", "snapshot.json"), `${JSON.stringify(result, null, 2)}\n`);
    const la = (x: number[]) => x.map((v) => v.toFixed(1)).join(" / ");
    const section = [
      "## Snapshot of the synthetic cube through essbase-stndln: export and grid reads, start-up from the image",
      "",
      `\`npx tsx bench/snapshot.ts --write\`, ${result.date.slice(0, 10)}, this machine (2 cores, shared; load average ${la(loadBefore)} before the copies, ${la(loadAfter)} after them; ${la(loadAvgBefore)} before the start-ups, ${la(loadAvgAfter)} after). The 5 M-cell synthetic cube is served by the Essbase REST endpoint (in process, as a snapshot) and copied by \`qibates-snapshot\` in a child process, through the server's export (\`exportData\` job, Files API download; manifest \`read: ${result.read}\`) and, in the same run, through grid reads (\`--read grid\`, manifest \`read: ${result.gridRead}\`).`,
      "",
      "| Measure | Value |",
      "|---|---|",
      `| Cells copied | ${cells.toLocaleString("en-US")} (the source holds ${(result.sourceCells ?? 0).toLocaleString("en-US")}; served copy: ${servedCells.toLocaleString("en-US")} stored cells) |`,
      `| Export path: time, cells per second (reading the cells) | ${dataSeconds.toFixed(1)} s, ${result.cellsPerSecond.toLocaleString("en-US")} cells/s |`,
      `| Grid reads (same run): time, cells per second (reading the cells) | ${gridDataSeconds.toFixed(1)} s, ${result.gridCellsPerSecond.toLocaleString("en-US")} cells/s; export ÷ grid: ${result.exportOverGrid} |`,
      `| Then writing the cube's image (read, check, build, aggregate, write; once, in the command) | ${result.imageSeconds} s (export path ${result.seconds.toFixed(1)} s in all; grid reads ${result.gridSeconds.toFixed(1)} s in all) |`,
      `| Export copy equal cell for cell to the grid-read copy (every stored cell once served) | ${result.equalToGridCopy ? "yes" : `NO (${result.firstDifference || "cell counts differ"})`} |`,
      `| Peak memory of the command (run with \`--max-old-space-size=${heapMb}\`) | export path ${result.snapshotMaxRssMb} MiB resident for the whole cube, ${result.interruptedMaxRssMb} MiB for the run stopped early; grid reads ${result.gridMaxRssMb} MiB; the engine holds ${result.engineCubeMb} MiB for this cube |`,
      `| Data file, cube image | ${result.dataFileMb} MiB, ${result.imageFileMb} MiB |`,
      `| Start-up serving the copy from its image (read and check it whole; median of ${startups}) | **${result.startupFromImageS} s** (runs ${result.startupRuns.image.join(", ")}) |`,
      `| Baseline, same run: the same copy without its image, as the previous format (read, check, build, aggregate; median of ${startups}) | ${result.startupFromDataS} s (runs ${result.startupRuns.data.join(", ")}); ratio ${result.startupRatio} |`,
      `| Export path interrupted ${Number.isFinite(interruptAfter) ? `after ${result.interruptedAfterS} s` : `${result.interruptedAfterS} s after it began reading the export file`} (exit ${result.interruptedExit}), then resumed | ${result.resumedLine}; same SHA-256 as the uninterrupted run: ${result.resumedSameChecksum ? "yes" : "NO"} |`,
      "",
      "The export file is read as it is downloaded (at most 1 MiB of the download waits to be read) and written in gzip members of 4 MiB of export each, one being compressed while the next is read: while it reads the cells, the command's memory does not grow with the cube (its heap is capped; the rest is the runtime and the network client's buffers). At the end it builds the cube once to write its image, so the whole run's peak includes the engine's bytes for the cube. The copy is checked whole before it is served: the image's SHA-256 (and every file's) against the manifest.",
      "",
    ].join("\n");
    // Replaces this benchmark's section (every section under this title, from earlier runs or layouts), so that
    // re-runs do not pile up sections.
    const title = "## Snapshot of the synthetic cube through essbase-stndln";
    const mdPath = join(here, "BENCHMARKS.md");
    let md = readFileSync(mdPath, "utf8");
    const first = md.indexOf(title);
    for (let at = md.indexOf(title); at >= 0; at = md.indexOf(title)) {
      const next = md.indexOf("\n## ", at + 3);
      md = next < 0 ? md.slice(0, at) : `${md.slice(0, at)}${md.slice(next + 1)}`;
    }
    writeFileSync(
      mdPath,
      first < 0
        ? `${md.trimEnd()}\n\n${section}`
        : `${md.slice(0, first)}${section}${first < md.length ? `\n${md.slice(first)}` : ""}`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
