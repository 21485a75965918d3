import type { AggregationThreads, Cube } from "@qibates/engine";
import { createSampleBasicCube } from "@qibates/engine/demo";
import { buildSyntheticCube, checksums, LARGE_SHAPE, SHAPE } from "./engine-synthetic.ts";

/**
 * Every block's key and stored value as bits, hashed (FNV-1a over 32-bit words): equal digests, equal cubes.
 * #Missing counts as one NaN (its sign bit depends on how the JavaScript engine compiled a loop).
 */
function digest(cube: Cube): string {
  const s = cube.snapshot();
  const one = new Float64Array(1);
  const words = new Uint32Array(one.buffer);
  let h = 0x811c9dc5;
  const keys = new Uint32Array(s.keys.buffer, s.keys.byteOffset, s.blockCount * 2);
  for (let i = 0; i < keys.length; i++) h = Math.imul(h ^ (keys[i] as number), 16777619);
  const data = s.data;
  for (let i = 0; i < data.length; i++) {
    const v = data[i] as number;
    one[0] = Number.isNaN(v) ? Number.NaN : v;
    h = Math.imul(h ^ (words[0] as number), 16777619);
    h = Math.imul(h ^ (words[1] as number), 16777619);
  }
  return (h >>> 0).toString(16);
}

/**
 * One build + CALC ALL of the synthetic cube; the same code runs in Node and in Chromium (one esbuild bundle).
 * `threads`: aggregation threads (Node); `large`: the 51 M-cell cube; `withDigest`: hash every stored value.
 */
export function runEngineBench(
  threads?: AggregationThreads,
  large = false,
  withDigest = false,
): {
  cells: number;
  buildMs: number;
  calcMs: number;
  usedBytes: number;
  blocks: number;
  grand: number;
  q1: number;
  p3c2: number;
  storedCells: number;
  digest?: string;
  rssAfterCalc?: number;
} {
  let t = performance.now();
  const { cube, cells } = buildSyntheticCube(large ? LARGE_SHAPE : SHAPE, threads);
  const buildMs = performance.now() - t;
  t = performance.now();
  cube.calcAll();
  const calcMs = performance.now() - t;
  // resident memory with the cube built and aggregated (Node only)
  const proc = (globalThis as { process?: { memoryUsage(): { rss: number } } }).process;
  const rssAfterCalc = proc ? proc.memoryUsage().rss : undefined;
  return {
    ...(rssAfterCalc ? { rssAfterCalc } : {}),
    cells,
    buildMs,
    calcMs,
    usedBytes: cube.usedBytes,
    blocks: cube.blockCount,
    ...checksums(cube),
    ...(withDigest ? { digest: digest(cube) } : {}),
  };
}

/** Median time of a 100-cell grid refresh on Sample.Basic (10 rows × 10 columns, dynamic members included). */
export function runSampleReadBench(rounds = 200): { cellsPerRefresh: number; medianMs: number } {
  const cube = createSampleBasicCube();
  const o = cube.outline;
  const m = (n: string) => {
    const x = o.member(n);
    if (!x) throw new Error(n);
    return x;
  };
  const rows = ["100-10", "100-20", "100-30", "100", "200", "300", "400", "Diet", "Product", "200-40"].map(m);
  const cols = ["Jan", "Feb", "Mar", "Qtr1", "Qtr2", "Qtr3", "Qtr4", "Year", "Jul", "Dec"].map(m);
  const measures = [m("Profit"), m("Sales"), m("Margin %")];
  const markets = [m("East"), m("Market"), m("New York")];
  const scen = [m("Actual"), m("Variance")];
  const times: number[] = [];
  let sink = 0;
  for (let k = 0; k < rounds; k++) {
    const meas = measures[k % 3] as (typeof measures)[number];
    const mk = markets[k % 3] as (typeof markets)[number];
    const sc = scen[k % 2] as (typeof scen)[number];
    const t = performance.now();
    for (const r of rows) for (const c of cols) sink += cube.readNumber([c, meas, r, mk, sc]) || 0;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  if (sink === -1) throw new Error("unreachable");
  return {
    cellsPerRefresh: rows.length * cols.length,
    medianMs: times[Math.floor(times.length / 2)] as number,
  };
}

(globalThis as { engineBench?: unknown }).engineBench = { runEngineBench, runSampleReadBench };
