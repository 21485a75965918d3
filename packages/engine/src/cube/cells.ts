import type { CellValue } from "../data-source.ts";
import type { Dimension, Member, Outline } from "../outline.ts";

/**
 * What the readers a cube builds see of it: its base dimensions, a member by ordinal, the value of an intersection
 * at any level, and a write. The formula evaluator (`calc/eval.ts`), attribute slices (`attributes.ts`) and
 * Dynamic Time Series (`time-series.ts`) read a cube through it, so that `Cube` (`cube.ts`), which builds them,
 * is not imported back by them. `Cube` implements it; each member is documented there.
 */
export interface CubeCells {
  readonly outline: Outline;
  readonly dims: readonly Dimension[];
  readonly accountsDim: number;
  readonly timeDim: number;
  coordsOf(tuple: readonly Member[]): number[];
  member(dim: number, ordinal: number): Member;
  valueAt(coords: number[], depth?: number): number;
  flush(): void;
  write(tuple: readonly Member[], value: CellValue): void;
}
