import { DuckDBInstance } from "@duckdb/node-api";
import { COMBOS, DENSITY_PERCENT, hashSql } from "./engine-synthetic.ts";

/**
 * DuckDB side of the engine benchmark: the same rows as the synthetic cube (built with the same integer
 * hash, in SQL), then every upper-level total of the five hierarchies, materialised two ways:
 * (a) one GROUP BY with a ROLLUP per dimension, (b) dimension by dimension like the cube (ancestor joins).
 */

export interface DuckResult {
  threads: number;
  rows: number;
  loadMs: number;
  rollupMs: number[];
  stagedMs: number[];
  cells: number;
  grand: number;
  q1: number;
  p3c2: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const h = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[h] as number) : ((s[h - 1] as number) + (s[h] as number)) / 2;
};

export { median };

export async function runDuckDb(threads: number, repeats: number): Promise<DuckResult> {
  const db = await DuckDBInstance.create(":memory:", { threads: String(threads) });
  const con = await db.connect();
  const one = async (sql: string): Promise<number> => {
    const r = await con.runAndReadAll(sql);
    return Number(r.getRows()[0]?.[0]);
  };
  let t = performance.now();
  await con.run(`CREATE TABLE rows AS
    WITH combos AS (SELECT i FROM range(0, ${COMBOS}) t(i) WHERE ${hashSql("i")} % 100 < ${DENSITY_PERCENT})
    SELECT (i // 5000)::INTEGER AS p, ((i // 100) % 50)::INTEGER AS c, ((i // 5) % 20)::INTEGER AS r,
           (i % 5)::INTEGER AS ch, m::INTEGER AS m, (1 + ${hashSql("i * 12 + m + 7000000")} % 1000)::DOUBLE AS v
    FROM combos, range(0, 12) mm(m)`);
  const loadMs = performance.now() - t;
  const rows = await one("SELECT count(*) FROM rows");

  // Ancestors of each leaf: leaves keep their number, parents are 100 + group, the dimension is 200.
  await con.run(`CREATE TABLE anc_p AS SELECT x::INTEGER AS leaf, (100 + x // 10)::INTEGER AS a FROM range(100) t(x)
                 UNION ALL SELECT x::INTEGER, 200 FROM range(100) t(x)`);
  await con.run(`CREATE TABLE anc_c AS SELECT x::INTEGER AS leaf, (100 + x // 10)::INTEGER AS a FROM range(50) t(x)
                 UNION ALL SELECT x::INTEGER, 200 FROM range(50) t(x)`);
  await con.run(`CREATE TABLE anc_r AS SELECT x::INTEGER AS leaf, (100 + x // 5)::INTEGER AS a FROM range(20) t(x)
                 UNION ALL SELECT x::INTEGER, 200 FROM range(20) t(x)`);
  await con.run("CREATE TABLE anc_ch AS SELECT x::INTEGER AS leaf, 200 AS a FROM range(5) t(x)");
  await con.run(`CREATE TABLE anc_m AS SELECT x::INTEGER AS leaf, (100 + x // 3)::INTEGER AS a FROM range(12) t(x)
                 UNION ALL SELECT x::INTEGER, 200 FROM range(12) t(x)`);

  const rollupMs: number[] = [];
  const stagedMs: number[] = [];
  let cells = 0;
  for (let k = 0; k < repeats; k++) {
    await con.run("DROP TABLE IF EXISTS agg_a");
    t = performance.now();
    await con.run(`CREATE TEMP TABLE agg_a AS
      SELECT pf, p, cs, c, ra, r, ch, q, m, SUM(v) AS v
      FROM (SELECT p // 10 AS pf, p, c // 10 AS cs, c, r // 5 AS ra, r, ch, m // 3 AS q, m, v FROM rows)
      GROUP BY ROLLUP (pf, p), ROLLUP (cs, c), ROLLUP (ra, r), ROLLUP (ch), ROLLUP (q, m)`);
    rollupMs.push(performance.now() - t);
    cells = await one("SELECT count(*) FROM agg_a");

    for (const s of ["t1", "t2", "t3", "t4", "t5"]) await con.run(`DROP TABLE IF EXISTS ${s}`);
    t = performance.now();
    const stage = async (out: string, src: string, col: string, anc: string): Promise<void> => {
      const cols = ["p", "c", "r", "ch", "m"].map((x) => (x === col ? `${anc}.a AS ${x}` : x)).join(", ");
      await con.run(`CREATE TEMP TABLE ${out} AS
        SELECT p, c, r, ch, m, v FROM ${src}
        UNION ALL
        SELECT ${cols}, SUM(v) AS v FROM ${src} JOIN ${anc} ON ${src}.${col} = ${anc}.leaf GROUP BY ALL`);
    };
    await stage("t1", "rows", "m", "anc_m");
    await stage("t2", "t1", "p", "anc_p");
    await stage("t3", "t2", "c", "anc_c");
    await stage("t4", "t3", "r", "anc_r");
    await stage("t5", "t4", "ch", "anc_ch");
    stagedMs.push(performance.now() - t);
  }
  const stagedCells = await one("SELECT count(*) FROM t5");
  if (stagedCells !== cells) throw new Error(`DuckDB variants disagree: ${stagedCells} vs ${cells} cells`);
  const grand = await one(
    "SELECT v FROM agg_a WHERE pf IS NULL AND cs IS NULL AND ra IS NULL AND ch IS NULL AND q IS NULL",
  );
  const q1 = await one("SELECT v FROM t5 WHERE p = 200 AND c = 200 AND r = 200 AND ch = 200 AND m = 100");
  const p3c2 = await one("SELECT v FROM t5 WHERE p = 103 AND c = 102 AND r = 200 AND ch = 200 AND m = 103");
  con.closeSync();
  db.closeSync();
  return { threads, rows, loadMs, rollupMs, stagedMs, cells, grand, q1, p3c2 };
}
