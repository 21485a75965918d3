/**
 * The essbase-stndln connector path beside the demo path, in one run:
 *   demo path:      API → engine
 *   connector path: API → essbase-stndln connector → HTTP (127.0.0.1) → Essbase REST endpoint → engine
 * Measured: a 100-cell refresh on Sample.Basic (the API benchmark's grid) and a zoom to 10,000 rows (all levels
 * of a 10,000-member dimension of a generated outline). Calls alternate between the two paths so that both see
 * the same machine; the figure that matters is the difference at p50 (target: the connector path adds at most
 * 1 ms to the 100-cell refresh).
 *
 *   npx tsx bench/connector-path.ts [--rounds 400] [--zoom-rounds 15] [--write]
 */
import { appendFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ConnectorHarness, openConnectorHarness } from "../packages/cli/src/answer-key.ts";
import { refreshGrid100 } from "./sample-grids.ts";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROUNDS = opt("rounds", 400);
const ZOOM_ROUNDS = opt("zoom-rounds", 15);
const WRITE = args.includes("--write");

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

interface Row {
  what: string;
  demo: number[];
  wire: number[];
}

/** Alternates the same call on both sessions; checks both answer 200 with the same grid. */
async function measure(
  h: ConnectorHarness,
  what: string,
  path: string,
  body: Record<string, unknown>,
  rounds: number,
  warmup: number,
): Promise<Row> {
  const row: Row = { what, demo: [], wire: [] };
  for (let i = 0; i < rounds + warmup; i++) {
    const order = i % 2 === 0 ? (["demo", "wire"] as const) : (["wire", "demo"] as const);
    const grids: Record<string, string> = {};
    for (const via of order) {
      const started = performance.now();
      const res = await h.post(path, { ...body, loginid: via === "demo" ? h.demoLogin : h.wireLogin });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${what} (${via}) answered ${res.statusCode}: ${res.body}`);
      if (i >= warmup) row[via].push(ms);
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
  };
}

/** The load average (1, 5, 15 min), as the machine's share of the run: figures are compared within one run. */
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

async function main() {
  const loadBefore = load();
  const sample = await openConnectorHarness();
  const rows: Row[] = [];
  try {
    const grid = refreshGrid100();
    rows.push(
      await measure(
        sample,
        "100-cell refresh, Sample.Basic",
        "action/refresh",
        {
          server: "EssbaseCluster-1",
          application: "Sample",
          cube: "Basic",
          grid,
          settings: { aliasTable: null },
        },
        ROUNDS,
        20,
      ),
    );
  } finally {
    await sample.close();
  }

  // A generated outline: one dimension of 10,000 members (100 parents of 100 leaves) and a small measures one.
  const entities = Array.from({ length: 100 }, (_, p) => ({
    name: `Region ${p + 1}`,
    children: Array.from({ length: 100 }, (_, c) => ({ name: `Entity ${p * 100 + c + 1}` })),
  }));
  const outlineDocument = {
    dimensions: [
      { name: "Entity", type: "regular", members: entities },
      { name: "Account", type: "accounts", members: [{ name: "Revenue" }, { name: "Cost" }] },
      { name: "Period", type: "time", members: [{ name: "Q1" }, { name: "Q2" }] },
    ],
  };
  const big = await openConnectorHarness({ outlineDocument, application: "Bench", cube: "Wide" });
  try {
    rows.push(
      await measure(
        big,
        "zoom to 10,100 rows (all levels), generated outline",
        "action/zoomin",
        {
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
        },
        ZOOM_ROUNDS,
        2,
      ),
    );
  } finally {
    await big.close();
  }

  const table = rows.map(summary);
  const lines = [
    "| Call | n per path | demo p50 (ms) | connector p50 (ms) | added at p50 (ms) | connector / demo at p50 | demo p99 (ms) | connector p99 (ms) |",
    "|---|---|---|---|---|---|---|---|",
    ...table.map(
      (t) =>
        `| ${t.what} | ${t.n} | ${t.demoP50} | ${t.wireP50} | ${t.addedP50} | ${t.ratioP50} | ${t.demoP99} | ${t.wireP99} |`,
    ),
  ];
  const machine = `Node ${process.version}; load average ${loadBefore} at the start, ${load()} at the end`;
  process.stdout.write(`${lines.join("\n")}\n${machine}\n`);
  if (WRITE) {
    const file = join(dirname(fileURLToPath(import.meta.url)), "results", "connector-path.md");
    appendFileSync(
      file,
      `\n## ${new Date().toISOString()} — npx tsx bench/connector-path.ts --rounds ${ROUNDS} --zoom-rounds ${ZOOM_ROUNDS}\n\n${machine}\n\n${lines.join("\n")}\n`,
    );
    process.stdout.write(`appended to ${file}\n`);
  }
}

await main();
