import type { Cube } from "@qibates/engine";
import { createVisionPlanning } from "@qibates/engine/demo";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import type { PlanningApplication } from "@qibates/engine/planning";

/**
 * The demo cubes a grid worker (`grid-worker.ts`) can hold a replica of, by the name the event loop gives them:
 * the worker builds the cube again from the demo's outline, then takes its values from the event loop.
 */
export const SAMPLE_BASIC = "Sample.Basic";
const BASES: Readonly<Record<string, () => Cube>> = { [SAMPLE_BASIC]: createSampleBasicCube };

/** Builds the demo cube named `name` (a key of `BASES`). */
export function replicaBase(name: string): () => Cube {
  const create = BASES[name];
  if (!create) throw new Error(`grid worker: no demo cube ${name}`);
  return create;
}

/** The demo planning applications a grid worker can run rules on: built without data, the state sent in. */
export const VISION = "Vision";
const PLANNING_BASES: Readonly<Record<string, () => PlanningApplication>> = {
  [VISION]: () => createVisionPlanning({ empty: true }),
};

/** Builds the demo planning application named `name` (a key of `PLANNING_BASES`), without data. */
export function planningReplicaBase(name: string): () => PlanningApplication {
  const create = PLANNING_BASES[name];
  if (!create) throw new Error(`grid worker: no demo planning application ${name}`);
  return create;
}
