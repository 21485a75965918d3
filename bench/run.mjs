// `npm run bench` lists the benchmarks; `npm run bench -- <name> [options]` runs one (options go to it).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));

/** Each benchmark: its file, what it measures, and the usual options. */
const BENCHMARKS = {
  engine: {
    file: "engine-aggregate.ts",
    what: "5 M-cell cube: build, bytes per cell, aggregation vs DuckDB",
  },
  "engine-widgets": {
    file: "engine-widgets.ts",
    what: "the site's live widgets' engine work in Chromium, and whether Web Workers would help it",
    args: "--rounds 5 --write",
  },
  grid: {
    file: "grid-bench.ts",
    what: "every grid operation on Sample.Basic and on the 5 M-cell cube",
    args: "--write",
  },
  api: {
    file: "api-server.ts",
    what: "API throughput, latency and server CPU per request vs bare Fastify",
    args: "--duration 10 --write",
  },
  site: {
    file: "site-bench.mjs",
    what: "site build time, JS weight of a doc page, Lighthouse scores",
    args: "--runs 3",
  },
  "live-grid": { file: "site-live-grid.ts", what: "JS weight of pages with and without a live grid" },
  connector: {
    file: "connector-path.ts",
    what: "essbase-stndln path (API → connector → HTTP → Essbase REST endpoint) beside the demo path",
    args: "--rounds 400 --zoom-rounds 15 --write",
  },
  fuzz: {
    file: "fuzz.ts",
    what: "contract-driven fuzzing of the server process: no 5xx, no dropped connection, /health alive",
    args: "--requests 20000 --seed 18 --write",
  },
  "load-faults": {
    file: "load-faults.ts",
    what: "small calls beside 4 heavy grid calls; Redis and PostgreSQL stopped under load; SIGKILL mid-save",
    args: "--heavy-seconds 30 --down-seconds 5 --kills 3 --write",
  },
  "journal-startup": {
    file: "journal-startup.ts",
    what: "server start-up after 1,000,000 journaled cell writes: whole-journal replay vs the checkpoint",
    args: "--writes 1000000 --per-entry 10 --runs 3 --write",
  },
  snapshot: {
    file: "snapshot.ts",
    what: "qibates-snapshot of the 5 M-cell cube through essbase-stndln: cells/s, peak memory, start-up, resume",
    args: "--interrupt-after 8 --heap-mb 128 --write",
  },
  "outline-scale": {
    file: "outline-scale.mjs",
    what: "a new session's first refresh through essbase-stndln, essbase, ssas as the outline grows (1,017 to 111,117 members)",
    args: "--delays 0,30",
  },
  "planning-open-form": {
    file: "planning-open-form.ts",
    what: "Open Form of Vision's Revenue Plan through pbcs as the Entity dimension grows (127 to 101,128 members), a session's first and second: requests, round trips, bytes",
    args: "0,10000,100000 200",
  },
  "xmla-mdx": {
    file: "xmla-mdx.ts",
    what: "one 18,700-cell MDX query: engine direct vs through the XMLA endpoint over HTTP",
    args: "--rounds 40 --write",
  },
};

const command = (b) => `${b.file.endsWith(".mjs") ? "node" : "npx tsx"} bench/${b.file}`;
const [name, ...rest] = process.argv.slice(2);

if (!name) {
  process.stdout.write("Benchmarks (results go to bench/BENCHMARKS.md):\n\n");
  for (const [n, b] of Object.entries(BENCHMARKS)) {
    process.stdout.write(
      `  ${n.padEnd(11)} ${b.what}\n              npm run bench -- ${n}${b.args ? ` ${b.args}` : ""}  (${command(b)})\n`,
    );
  }
  process.exit(0);
}

const bench = BENCHMARKS[name];
if (!bench) {
  process.stderr.write(
    `Unknown benchmark "${name}"; the benchmarks are: ${Object.keys(BENCHMARKS).join(", ")}.\n`,
  );
  process.exit(2);
}
const [cmd, ...pre] = bench.file.endsWith(".mjs") ? ["node"] : ["npx", "tsx"];
const r = spawnSync(cmd, [...pre, join(HERE, bench.file), ...rest], {
  stdio: "inherit",
  cwd: join(HERE, ".."),
});
process.exit(r.status ?? 1);
