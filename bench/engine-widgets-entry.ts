import { type AggregationThreads, Cube, Outline, runCalcScript } from "@qibates/engine";
import { BrowserAggregationWorkers } from "@qibates/engine/browser";
import { loadSampleBasicData, sampleBasicOutline } from "@qibates/engine/demo";
import {
  createVisionPlanning,
  loadVisionPlan1,
  VISION_PLAN2_RULES,
  VISION_RULES,
  visionPlan1Outline,
} from "@qibates/engine/demo/planning";

/**
 * What the documentation site's live widgets make the engine do in the browser (`engine-widgets.ts` runs it in
 * Chromium): build Sample.Basic and the Vision planning application, aggregate their cubes (CALC ALL), and
 * launch each Vision rule with its default prompts. On a page's main thread as the site runs it; in a dedicated
 * worker of a cross-origin isolated page, the aggregations again on one thread and on Web Workers.
 */

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

function timed<T>(f: () => T): [T, number] {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
}

export interface Aggregations {
  sampleBasic: { blocks: number; calcAllMs: number };
  visionPlan1: { blocks: number; calcAllMs: number };
}

/** CALC ALL of Sample.Basic and of Vision's Plan1 as loaded (median of `rounds`), on `threads` if given. */
function aggregations(rounds: number, threads?: AggregationThreads): Aggregations {
  const opts = threads ? { threads } : {};
  const sb: number[] = [];
  const v: number[] = [];
  let sbBlocks = 0;
  let vBlocks = 0;
  for (let k = 0; k < rounds; k++) {
    const cube = new Cube(new Outline(sampleBasicOutline), { expectedBlocks: 512, ...opts });
    loadSampleBasicData(cube);
    sb.push(timed(() => runCalcScript(cube, "CALC ALL;"))[1]);
    sbBlocks = cube.blockCount;
    const plan1 = new Cube(visionPlan1Outline(), { expectedBlocks: 512, ...opts });
    loadVisionPlan1(plan1);
    v.push(timed(() => plan1.calcAll())[1]);
    vBlocks = plan1.blockCount;
  }
  return {
    sampleBasic: { blocks: sbBlocks, calcAllMs: median(sb) },
    visionPlan1: { blocks: vBlocks, calcAllMs: median(v) },
  };
}

export interface MainThreadFigures extends Aggregations {
  buildSampleBasicMs: number;
  buildVisionMs: number;
  rules: { name: string; ms: number }[];
}

/** As the site runs it: on the page's main thread. */
function mainThread(rounds: number): MainThreadFigures {
  const bs: number[] = [];
  const bv: number[] = [];
  for (let k = 0; k < rounds; k++) {
    bs.push(
      timed(() => {
        const cube = new Cube(new Outline(sampleBasicOutline), { expectedBlocks: 512 });
        loadSampleBasicData(cube);
      })[1],
    );
    bv.push(timed(() => createVisionPlanning())[1]);
  }
  const rules = [...VISION_RULES, ...VISION_PLAN2_RULES].map((rule) => {
    const ms: number[] = [];
    for (let k = 0; k < rounds; k++) {
      const app = createVisionPlanning();
      ms.push(timed(() => app.launchRule({ cube: rule.cube, ruleName: rule.name }))[1]);
    }
    return { name: `${rule.cube}/${rule.name}`, ms: median(ms) };
  });
  return {
    buildSampleBasicMs: median(bs),
    buildVisionMs: median(bv),
    ...aggregations(rounds),
    rules,
  };
}

export interface WorkerFigures {
  oneThread: Aggregations;
  /** On the workers, every task handed to them as the engine decides (`minItems` 4,096). */
  workers: Aggregations;
  /** On the workers, every task handed to them however small (`minItems` 1). */
  workersAlways: Aggregations;
  threads: number;
}

async function inWorker(request: { rounds: number; workers: number }): Promise<WorkerFigures> {
  const spawn = () => new Worker("./aggregation-worker.js");
  const pool = new BrowserAggregationWorkers({ spawn, workers: request.workers });
  const always = new BrowserAggregationWorkers({ spawn, workers: request.workers, minItems: 1 });
  await Promise.all([pool.ready(), always.ready()]);
  const r = {
    oneThread: aggregations(request.rounds),
    workers: aggregations(request.rounds, pool),
    workersAlways: aggregations(request.rounds, always),
    threads: request.workers + 1,
  };
  pool.close();
  always.close();
  return r;
}

interface WorkerScope {
  postMessage(message: WorkerFigures | { error: string }): void;
  onmessage: ((event: { data: { rounds: number; workers: number } }) => void) | null;
}

(globalThis as { engineWidgets?: unknown }).engineWidgets = { mainThread };
if (typeof (globalThis as { document?: unknown }).document === "undefined") {
  const scope = globalThis as unknown as WorkerScope;
  scope.onmessage = (event) => {
    inWorker(event.data).then(
      (r) => scope.postMessage(r),
      (e: unknown) => scope.postMessage({ error: e instanceof Error ? e.message : String(e) }),
    );
  };
}
