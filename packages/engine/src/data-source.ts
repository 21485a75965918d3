import type { Member, Outline } from "./outline.ts";

/** A cell value: a number, or `null` for #Missing. */
export type CellValue = number | null;

/**
 * What the grid needs from a cube. A tuple holds one member per base (non-attribute) dimension, in the
 * outline's base-dimension order; attribute members may be added to slice by attributes. The embedded cube
 * implements it, and so does every connector that maps a real server's grid into the neutral model.
 */
export interface DataSource {
  readonly outline: Outline;
  /** The value at an intersection, computed when it is dynamic or an upper level. */
  read(tuple: readonly Member[]): CellValue;
  /** Why an intersection cannot be written, or `null` when it can (stored, not dynamic, not label only). */
  writeBlocker(tuple: readonly Member[]): string | null;
  /** Writes one intersection (callers check {@link writeBlocker} first). */
  write(tuple: readonly Member[], value: CellValue): void;
}
