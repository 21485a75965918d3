/**
 * Building the demo Vision planning application (`createVisionPlanning`), as a server does at its start and after
 * a failed change, and a test process once for each of its servers. The process's first build generates Plan1's
 * demo data (loaded, then aggregated) and keeps it; each later build takes a copy of those arrays. Baseline, in
 * the same run and process: generating the data into a new cube (`loadVisionPlan1`), as every build did before.
 * Prints the median wall and CPU time of each, and their ratio.
 *
 *   npx tsx bench/vision-build.ts [--runs 20]
 */
import "../scripts/command-line.mjs";
import { Cube } from "@qibates/engine";
import { createVisionPlanning } from "@qibates/engine/demo";
import { loadVisionPlan1 } from "../packages/engine/demo/planning/vision-data.ts";
import { visionPlan1Outline } from "../packages/engine/demo/planning/vision-outline.ts";
import { numberOption } from "./args.ts";
import { timedCall } from "./timing.ts";

const runs = numberOption("runs", 20);

/** Median wall and CPU milliseconds of `runs` calls of `fn`, after one call to warm it. */
function measure(fn: () => void): { wall: number; cpu: number } {
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const call = timedCall(fn);
    wall.push(call.wall);
    cpu.push(call.cpu);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  return { wall: median(wall), cpu: median(cpu) };
}

const generated = measure(() => loadVisionPlan1(new Cube(visionPlan1Outline())));
const built = measure(() => createVisionPlanning());
const ms = (x: number) => `${x.toFixed(1)} ms`;
console.log(`generating Plan1's data (baseline): ${ms(generated.wall)} wall, ${ms(generated.cpu)} CPU`);
console.log(`createVisionPlanning, a later build: ${ms(built.wall)} wall, ${ms(built.cpu)} CPU`);
console.log(
  `ratio (later build / baseline): ${(built.wall / generated.wall).toFixed(2)}× wall, ${(built.cpu / generated.cpu).toFixed(2)}× CPU`,
);
