import { createSampleBasicCube } from "../../demo/index.ts";
import type { Cube } from "../../src/cube/cube.ts";

// Sample.Basic's stored state copied into another cube (a block pool, an image, a snapshot): the cube the
// copies start from and the cells a copy reads as the cube does.

/** The members of `cube`'s outline that `names` name, in order; a name the outline lacks is the test's error. */
export const tupleOf = (cube: Cube, names: readonly string[]) =>
  names.map((n) => {
    const m = cube.outline.member(n);
    if (!m) throw new Error(n);
    return m;
  });

/** The cell of a block the demo data lacks (Diet Cream is shared; 100-10 in a new market combination). */
export const NEW_BLOCK_CELL = ["Jan", "Sales", "100-10", "Utah", "Budget"];

/** Sample.Basic with 1234 written in NEW_BLOCK_CELL: a block of its own beside the demo data's. */
export function sampleBasicWithNewBlock(): Cube {
  const cube = createSampleBasicCube();
  cube.write(tupleOf(cube, NEW_BLOCK_CELL), 1234);
  return cube;
}

/**
 * Cells a copy reads as the cube it was copied from: the new block's input cell first, input cells of the demo
 * data, upper-level totals and a dynamic member (Variance).
 */
export const STORED_STATE_CELLS = [
  NEW_BLOCK_CELL,
  ["Jan", "Sales", "100-10", "New York", "Actual"],
  ["Feb", "Sales", "100-20", "New York", "Actual"],
  ["Qtr1", "Sales", "100", "West", "Budget"],
  ["Year", "Profit", "Product", "Market", "Actual"],
  ["Year", "Margin %", "100", "East", "Variance"],
];
