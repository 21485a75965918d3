/**
 * Grid benchmark: every ad hoc operation on Sample.Basic, then refresh and ALL_LEVELS zoom on the 5-million-cell
 * synthetic cube. Prints a Markdown section and, with --write, replaces the "Grid" section of BENCHMARKS.md.
 *
 *   npx tsx bench/grid-bench.ts [--write]
 *
 * Times are per call (p50/p95 over repeated runs after a warm-up), wall-clock and CPU time of this process (the
 * machine may be shared: CPU time leaves out the waits for a core). The baseline, measured in the same run,
 * reads the same data cells straight from the cube without the grid (the least a refresh must do); the ratio
 * column is CPU p50 / baseline CPU p50 of the same grid.
 */
import "../scripts/command-line.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Cube, Member } from "@qibates/engine";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import { type GridRequest, parseGrid, resolveSettings, runGridOperation } from "@qibates/engine/grid";
import { buildSyntheticCube } from "./engine-synthetic.ts";
import { timedCall } from "./timing.ts";

interface Stat {
  p50: number;
  p95: number;
  /** The same percentiles of this process's CPU time per call (user + system): what the code costs, without the
   * time spent waiting for a CPU on a shared machine. */
  cpu50: number;
  cpu95: number;
  runs: number;
}

function measure(fn: () => unknown, minRuns = 1000, minMs = 1500, warmUp = 100): Stat {
  for (let i = 0; i < warmUp; i++) fn();
  const times: number[] = [];
  const cpu: number[] = [];
  const start = performance.now();
  while (times.length < minRuns || performance.now() - start < minMs) {
    const call = timedCall(fn);
    times.push(call.wall);
    cpu.push(call.cpu);
    if (times.length >= 20000) break;
  }
  const q = (list: number[], p: number): number => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
  };
  return {
    p50: q(times, 0.5),
    p95: q(times, 0.95),
    cpu50: q(cpu, 0.5),
    cpu95: q(cpu, 0.95),
    runs: times.length,
  };
}

/** Reads every data cell of a sheet straight from the cube: the baseline. */
function directReads(cube: Cube, sheet: string[][]): () => number {
  const s = resolveSettings({});
  const { model } = parseGrid(cube.outline, sheet, s);
  const base = cube.outline.baseDimensions;
  const tuples: Member[][] = [];
  for (const r of model.left.tuples) {
    for (const c of model.top.tuples) {
      const t = base.map((d) => d.root);
      for (const m of [...model.pov, ...r.members, ...c.members]) {
        const i = base.indexOf(m.dimension);
        if (i >= 0) t[i] = m.stored;
      }
      tuples.push(t);
    }
  }
  return () => {
    let n = 0;
    for (const t of tuples) n += cube.read(t) ?? 0;
    return n;
  };
}

const ms = (x: number): string => (x < 1 ? x.toFixed(3) : x < 100 ? x.toFixed(2) : x.toFixed(0));

const lines: string[] = [];
const HEADER =
  "| operation | cells out | wall p50 ms | wall p95 ms | CPU p50 ms | CPU p95 ms | CPU vs baseline | runs |";
const RULE = "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";
const row = (name: string, cells: string, st: Stat, base: Stat | null): void => {
  lines.push(
    `| ${name} | ${cells} | ${ms(st.p50)} | ${ms(st.p95)} | ${ms(st.cpu50)} | ${ms(st.cpu95)} | ${base ? `${(st.cpu50 / Math.max(base.cpu50, 0.001)).toFixed(1)}×` : "—"} | ${st.runs} |`,
  );
};

// ---------------------------------------------------------------------------------------------- Sample.Basic
const sb = createSampleBasicCube();
const markets = [
  "East",
  "New York",
  "Massachusetts",
  "Florida",
  "Connecticut",
  "New Hampshire",
  "West",
  "South",
  "Central",
];
const products = ["Colas", "Root Beer", "Cream Soda", "Fruit Soda"];
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Two row dimensions (Market × Product, 36 rows) by 12 months: 432 data cells. */
const sbSheet: string[][] = [
  ["", "", "Actual", "Sales"],
  ["", "", ...months],
  ...markets.flatMap((m) => products.map((p) => [m, p])),
];
const cellCount = (g: string[][]): number => {
  const r = runGridOperation(sb, { action: "refresh", grid: g, settings: { navigateWithoutData: true } });
  return (r.grid.length - r.headerRows) * ((r.grid[1]?.length ?? 0) - r.leftColumns);
};
const sbBase = measure(directReads(sb, sbSheet));
const sbOps: [string, GridRequest][] = [
  ["refresh", { action: "refresh", grid: sbSheet }],
  [
    "refresh, missing rows suppressed",
    { action: "refresh", grid: sbSheet, settings: { suppressMissingRows: true } },
  ],
  ["zoom in (NEXT_LEVEL) on a market", { action: "zoomin", grid: sbSheet, cells: [{ row: 2, column: 0 }] }],
  [
    "zoom in (ALL_LEVELS) on a product, all groups",
    {
      action: "zoomin",
      grid: sbSheet,
      cells: [{ row: 2, column: 1 }],
      settings: { zoomInPreference: "ALL_LEVELS" },
    },
  ],
  ["zoom out a state", { action: "zoomout", grid: sbSheet, cells: [{ row: 6, column: 0 }] }],
  ["keep only one product", { action: "keeponly", grid: sbSheet, cells: [{ row: 2, column: 1 }] }],
  ["remove only one market", { action: "removeonly", grid: sbSheet, cells: [{ row: 2, column: 0 }] }],
  ["pivot a POV dimension to the rows", { action: "pivot", grid: sbSheet, pivot: { row: 0, column: 3 } }],
  ["pivot a row dimension to the columns", { action: "pivot", grid: sbSheet, pivot: { row: 2, column: 1 } }],
  ["pivot to POV", { action: "pivottopov", grid: sbSheet, pivot: { row: 2, column: 1 } }],
  [
    "navigate without data: zoom in",
    {
      action: "zoomin",
      grid: sbSheet,
      cells: [{ row: 2, column: 0 }],
      settings: { navigateWithoutData: true },
    },
  ],
];
lines.push(
  "### Sample.Basic",
  "",
  `Sheet: Market × Product down (36 rows), 12 months across, POV Actual / Sales: ${cellCount(sbSheet)} data cells.`,
  "",
  HEADER,
  RULE,
);
row("baseline: read the 432 cells from the cube", "432", sbBase, null);
for (const [name, req] of sbOps) {
  const out = runGridOperation(sb, req);
  const cells =
    (out.grid.length - out.headerRows) * ((out.grid[out.headerRows - 1]?.length ?? 0) - out.leftColumns);
  row(
    name,
    String(cells),
    measure(() => runGridOperation(sb, req)),
    sbBase,
  );
}
{
  const own = createSampleBasicCube();
  const sheet = runGridOperation(own, { action: "refresh", grid: sbSheet }).grid;
  const edited = sheet.map((r) => r.slice());
  (edited[3] as string[])[2] = "123";
  (edited[4] as string[])[3] = "45";
  const req: GridRequest = {
    action: "submit",
    grid: edited,
    dirtyCells: [
      { row: 3, column: 2 },
      { row: 4, column: 3 },
    ],
  };
  row(
    "submit 2 dirty cells, then refresh",
    "432",
    measure(() => runGridOperation(own, req)),
    sbBase,
  );
}
{
  const st = measure(() => runGridOperation(sb, { action: "refresh", grid: [[""]] }));
  row("initgrid (default grid)", "1", st, null);
}

// ---------------------------------------------------------------------------------------------- synthetic
const t0 = performance.now();
const { cube: syn, cells: loaded } = buildSyntheticCube();
syn.calcAll();
const buildMs = performance.now() - t0;
lines.push(
  "",
  "### Synthetic cube",
  "",
  `${loaded.toLocaleString("en")} level-0 cells loaded and aggregated in ${(buildMs / 1000).toFixed(1)} s (bench/engine-synthetic.ts).`,
  "",
  HEADER,
  RULE,
);
// 50 rows of upper-level members (Product group × Customer group) by 20 columns (quarter × region group).
const prodGroups = Array.from({ length: 10 }, (_, i) => `P${i}`);
const custGroups = Array.from({ length: 5 }, (_, i) => `C${i}`);
const synSheet: string[][] = [
  ["", "", "Channel"],
  ["", "", ...["Q1", "Q2", "Q3", "Q4", "Year"].flatMap((q) => [q, q, q, q])],
  ["", "", ...["Q1", "Q2", "Q3", "Q4", "Year"].flatMap(() => ["R0", "R1", "R2", "R3"])],
  ...prodGroups.flatMap((p) => custGroups.map((c) => [p, c])),
];
const synBase = measure(directReads(syn, synSheet), 300);
row("baseline: read the 1,000 cells from the cube", "1000", synBase, null);
row(
  "refresh of 1,000 upper-level cells",
  "1000",
  measure(() => runGridOperation(syn, { action: "refresh", grid: synSheet }), 300),
  synBase,
);
// Two channels × 45 customers (groups and leaves) down, Product innermost; ALL_LEVELS on Product expands every
// run: 90 × 111 = 9,990 rows by 4 quarters.
const customers = [
  ...custGroups,
  ...Array.from({ length: 40 }, (_, i) => `C${Math.floor(i / 10)}_${i % 10}`),
];
const zoomSheet: string[][] = [
  ["", "", "", "Region"],
  ["", "", "", "Q1", "Q2", "Q3", "Q4"],
  ...["CH0", "CH1"].flatMap((ch) => customers.map((c) => [ch, c, "Product"])),
];
const zoomReq: GridRequest = {
  action: "zoomin",
  grid: zoomSheet,
  cells: [{ row: 2, column: 2 }],
  settings: { zoomInPreference: "ALL_LEVELS" },
};
const zoomed = runGridOperation(syn, zoomReq);
const zoomRows = zoomed.grid.length - zoomed.headerRows;
const zoomBase = measure(directReads(syn, zoomed.grid), 20, 2000, 3);
row(
  `baseline: read the ${(zoomRows * 4).toLocaleString("en")} cells of the zoomed grid`,
  String(zoomRows * 4),
  zoomBase,
  null,
);
row(
  `zoom in ALL_LEVELS → ${zoomRows.toLocaleString("en")} rows`,
  String(zoomRows * 4),
  measure(() => runGridOperation(syn, zoomReq), 20, 2000, 3),
  zoomBase,
);
row(
  `refresh of the zoomed grid (${zoomRows.toLocaleString("en")} rows)`,
  String(zoomRows * 4),
  measure(() => runGridOperation(syn, { action: "refresh", grid: zoomed.grid }), 20, 2000, 3),
  zoomBase,
);
row(
  `same zoom, navigate without data → ${zoomRows.toLocaleString("en")} rows`,
  String(zoomRows * 4),
  measure(
    () =>
      runGridOperation(syn, {
        ...zoomReq,
        settings: { zoomInPreference: "ALL_LEVELS", navigateWithoutData: true },
      }),
    20,
    2000,
    3,
  ),
  zoomBase,
);

const section = [
  "## Grid",
  "",
  "Command: `npx tsx bench/grid-bench.ts --write` (Node " +
    process.version +
    `, ${new Date().toISOString().slice(0, 10)}, load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} CPUs while measuring: other work shared the machine, so p95 carries scheduling noise). Every call parses the sheet, runs the operation and renders the answer (labels, kinds, writability).`,
  "",
  ...lines,
  "",
].join("\n");
console.log(section);

if (process.argv.includes("--write")) {
  const file = join(dirname(fileURLToPath(import.meta.url)), "BENCHMARKS.md");
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text =
      "# Benchmarks\n\nEach area owns one section; every figure comes with the command that produced it.\n";
  }
  const block = `<!-- grid:start -->\n${section.trimEnd()}\n<!-- grid:end -->`;
  const start = text.indexOf("<!-- grid:start -->");
  const end = text.indexOf("<!-- grid:end -->");
  if (start >= 0 && end > start)
    text = text.slice(0, start) + block + text.slice(end + "<!-- grid:end -->".length);
  else text = `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
}
