import {
  combosOf,
  present,
  type SyntheticShape,
  syntheticOutline,
  value,
} from "../../../bench/engine-synthetic.ts";
import { loadSampleBasicData, sampleBasicOutline } from "../demo/index.ts";
import {
  type AggregationWorkerHandle,
  BrowserAggregationWorkers,
  createBrowserAggregationWorkers,
} from "../src/browser/index.ts";
import { runCalcScript } from "../src/calc/script.ts";
import { Cube, type CubeSnapshot } from "../src/cube/cube.ts";
import type { AggregationThreads } from "../src/cube/parallel.ts";
import { EngineError } from "../src/engine-error.ts";
import { Outline } from "../src/outline.ts";

/**
 * Bundled once (esbuild, iife) for `browser-workers.test.ts`, and run both in a page and in a dedicated worker
 * of that page: in a worker, each message runs the engine with browser aggregation workers and posts the result
 * back; in a page, `browserWorkersTest.tryPool()` shows what making a pool on the main thread does.
 */

/** What a failed pool creation threw. */
export interface Refusal {
  name: string;
  code: string | null;
  message: string;
}

/** The outcome of one case: how the parallel cube differs from the one-thread cube (null: equal bit for bit). */
export interface CaseResult {
  name: string;
  blocks: number;
  storedCells: number;
  /** Tasks handed to the workers (on the parallel path). */
  parallelTasks: number;
  difference: string | null;
}

export interface WorkerResult {
  refusal?: Refusal;
  workers?: number;
  workersBeforeReady?: number;
  cases?: CaseResult[];
  chunksByWorkers?: number;
}

export interface WorkerRequest {
  workers: number;
  minItems: number;
  /** How many times each case is aggregated on the workers (each compared). */
  rounds: number;
}

function refusalOf(e: unknown): Refusal {
  const err = e as Error;
  return {
    name: err.name,
    code: e instanceof EngineError ? e.code : null,
    message: err.message,
  };
}

const spawn = (): AggregationWorkerHandle => new Worker("./aggregation-worker.js");

/** Makes a pool where this script runs (a page's main thread, or a worker): its refusal, or null. */
function tryPool(): Refusal | null {
  try {
    createBrowserAggregationWorkers({ spawn, workers: 1, minItems: 1 }).close();
    return null;
  } catch (e) {
    return refusalOf(e);
  }
}

/**
 * Where two states of a cube differ, bit for bit (block keys, stored values, input flags), or null. #Missing is
 * any NaN, whose sign bit the JavaScript engine may set or not as it compiles a loop: it is compared as #Missing.
 */
function difference(a: CubeSnapshot, b: CubeSnapshot): string | null {
  if (a.blockCount !== b.blockCount) return `${a.blockCount} blocks vs ${b.blockCount}`;
  for (let i = 0; i < a.blockCount; i++) if (a.keys[i] !== b.keys[i]) return `key of block ${i}`;
  const bitsOf = (d: Float64Array) =>
    new Uint32Array(Float64Array.from(d, (v) => (Number.isNaN(v) ? Number.NaN : v)).buffer);
  const x = bitsOf(a.data);
  const y = bitsOf(b.data);
  if (x.length !== y.length) return `${x.length / 2} values vs ${y.length / 2}`;
  for (let i = 0; i < x.length; i++)
    if (x[i] !== y[i]) return `value ${i >> 1}: ${a.data[i >> 1]} vs ${b.data[i >> 1]}`;
  for (let i = 0; i < a.input.length; i++) if (a.input[i] !== b.input[i]) return `input flags word ${i}`;
  return null;
}

/** A small synthetic cube (the engine benchmark's, `bench/engine-synthetic.ts`), loaded, not aggregated. */
function synthetic(shape: SyntheticShape, threads?: AggregationThreads): Cube {
  const outline = syntheticOutline(shape);
  const cube = new Cube(outline, threads ? { threads } : {});
  const leaves = (dim: string): number[] =>
    (outline.dimension(dim)?.members ?? []).filter((m) => m.isLeaf).map((m) => m.ordinal);
  const [months, p, c, r, ch] = ["Year", "Product", "Customer", "Region", "Channel"].map(
    leaves,
  ) as number[][];
  const per = [c, r, ch].map((x) => (x as number[]).length) as [number, number, number];
  for (let i = 0; i < combosOf(shape); i++) {
    if (!present(i)) continue;
    const coords = [
      0,
      p?.[Math.floor(i / (per[0] * per[1] * per[2]))] as number,
      c?.[Math.floor(i / (per[1] * per[2])) % per[0]] as number,
      r?.[Math.floor(i / per[2]) % per[1]] as number,
      ch?.[i % per[2]] as number,
    ];
    for (let mo = 0; mo < 12; mo++) {
      coords[0] = months?.[mo] as number;
      // not a small integer, so that the order of additions shows in the bits
      cube.loadCell(coords, value(i, mo) / 7);
    }
  }
  return cube;
}

function sampleBasic(threads?: AggregationThreads): Cube {
  const cube = new Cube(new Outline(sampleBasicOutline), threads ? { threads } : {});
  loadSampleBasicData(cube);
  return cube;
}

const SHAPE: SyntheticShape = { products: [4, 5], customers: [3, 5], regions: [2, 3], channels: 3 };

const CASES: { name: string; make: (threads?: AggregationThreads) => Cube; calc: (cube: Cube) => void }[] = [
  { name: "synthetic CALC ALL", make: (t) => synthetic(SHAPE, t), calc: (cube) => cube.calcAll() },
  {
    name: "Sample.Basic CALC ALL",
    make: sampleBasic,
    calc: (cube) => {
      runCalcScript(cube, "CALC ALL;");
    },
  },
];

async function run(request: WorkerRequest): Promise<WorkerResult> {
  let pool: BrowserAggregationWorkers;
  try {
    pool = new BrowserAggregationWorkers({ spawn, workers: request.workers, minItems: request.minItems });
  } catch (e) {
    return { refusal: refusalOf(e) };
  }
  const workersBeforeReady = pool.workers;
  await pool.ready();
  let tasks = 0;
  const counted: AggregationThreads = {
    get workers() {
      return pool.workers;
    },
    minItems: request.minItems,
    run(task, chunks) {
      tasks++;
      pool.run(task, chunks);
    },
  };
  const cases: CaseResult[] = [];
  for (const c of CASES) {
    const one = c.make();
    c.calc(one);
    const expected = one.snapshot();
    for (let k = 0; k < request.rounds; k++) {
      tasks = 0;
      const many = c.make(counted);
      c.calc(many);
      cases.push({
        name: c.name,
        blocks: many.blockCount,
        storedCells: many.storedCellCount(),
        parallelTasks: tasks,
        difference: difference(expected, many.snapshot()),
      });
    }
  }
  const result = { workers: pool.workers, workersBeforeReady, cases, chunksByWorkers: pool.chunksByWorkers };
  pool.close();
  return result;
}

interface WorkerScope {
  postMessage(message: WorkerResult): void;
  onmessage: ((event: { data: WorkerRequest }) => void) | null;
}

(globalThis as { browserWorkersTest?: unknown }).browserWorkersTest = { tryPool };
if (typeof (globalThis as { document?: unknown }).document === "undefined") {
  const scope = globalThis as unknown as WorkerScope;
  scope.onmessage = (event) => {
    run(event.data).then(
      (r) => scope.postMessage(r),
      (e: unknown) => scope.postMessage({ refusal: refusalOf(e) }),
    );
  };
}
