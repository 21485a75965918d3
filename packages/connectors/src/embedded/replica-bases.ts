import type { Cube } from "@qibates/engine";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";

/**
 * The demo cubes a grid worker (`grid-worker.ts`) can hold a replica of, by the name the event loop gives them:
 * the worker builds the cube again from the demo's outline, then takes its values from the event loop.
 */
const BASES: Readonly<Record<string, () => Cube>> = { "Sample.Basic": createSampleBasicCube };

/** The names of {@link replicaBase}: an application built from one of them can be read by a grid worker. */
export const REPLICA_BASES: readonly string[] = Object.keys(BASES);

/** Builds the demo cube named `name` (one of {@link REPLICA_BASES}). */
export function replicaBase(name: string): () => Cube {
  const create = BASES[name];
  if (!create) throw new Error(`grid worker: no demo cube ${name}`);
  return create;
}
