import type { Cube } from "@qibates/engine";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";

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
