import type { Cube } from "../src/cube/cube.ts";
import { type BlockPool, copyOfPool } from "../src/cube/storage.ts";

/**
 * A demo cube's data as first loaded and calculated, kept by the process and never changed: each later cube takes a
 * copy of its arrays instead of loading and calculating the same data again (a reset after a failed change builds
 * a new cube; a test process, one for each of its servers).
 */
export class KeptDemoData {
  private kept: BlockPool | null = null;

  constructor(private readonly load: (cube: Cube) => void) {}

  /**
   * The blocks a new cube should make room for: once the data is kept, its blocks come from the copy (which takes
   * the copy's arrays), so room for the demo data's blocks would be allocated for nothing.
   */
  get expectedBlocks(): number {
    return this.kept ? 16 : 512;
  }

  /** Puts the demo data into `cube`, an empty cube of the demo outline: a copy of the kept data, or loaded first. */
  fill(cube: Cube): void {
    if (this.kept) cube.takePool(copyOfPool(this.kept));
    else {
      this.load(cube);
      this.kept = cube.pool();
    }
  }
}
