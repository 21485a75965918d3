/**
 * What the PGlite store's turn-taking (`a5af9c66`: each query starts on a turn of the event loop of its
 * own) adds to a query when nothing else runs: the server's store (`openDatabase` on a throw-away folder) against
 * PGlite queried directly, alternating, in the same run, on the same statement.
 * Run: `npx tsx bench/pglite-turns.ts [--queries 2000] [--rounds 5]`; results are written by hand in BENCHMARKS.md.
 */
import "../scripts/command-line.mjs";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../packages/server/src/database.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(args[i + 1]);
};
const queries = option("queries", 2000);
const rounds = option("rounds", 5);

const storeDir = mkdtempSync(join(tmpdir(), "qibates-pglite-turns-"));
const rawDir = mkdtempSync(join(tmpdir(), "qibates-pglite-raw-"));
const store = await openDatabase({ dataDir: storeDir });
const raw = new PGlite(join(rawDir, "pglite"));
await raw.waitReady;
const sql = "SELECT $1::int + 1 AS x";

/** Microseconds per query of `run`, sequential, as one call's queries are. */
async function perQuery(run: (i: number) => Promise<unknown>): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < queries; i++) await run(i);
  return ((performance.now() - t) * 1000) / queries;
}

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}; ${queries} queries a side per round`,
);
await perQuery((i) => store.query(sql, [i])); // warm-up, not counted
await perQuery((i) => raw.query(sql, [i]));
const added: number[] = [];
for (let r = 1; r <= rounds; r++) {
  const turns = await perQuery((i) => store.query(sql, [i]));
  const direct = await perQuery((i) => raw.query(sql, [i]));
  added.push(turns - direct);
  console.log(
    `round ${r}: store ${turns.toFixed(0)} µs/query, PGlite directly ${direct.toFixed(0)} µs/query (baseline), ratio ${(turns / direct).toFixed(2)}`,
  );
}
added.sort((a, b) => a - b);
console.log(`median added per query: ${added[Math.floor(added.length / 2)]?.toFixed(0)} µs`);
await store.close();
await raw.close();
rmSync(storeDir, { recursive: true, force: true });
rmSync(rawDir, { recursive: true, force: true });
