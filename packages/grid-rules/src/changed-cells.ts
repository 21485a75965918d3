import type { CellPosition } from "./cell-position.ts";

/**
 * The changed cells a save names, each once in the order first listed, against the `size` of its grid (its cells):
 * 300,000 copies of one cell write it once; a list naming more distinct cells than the grid holds is refused before
 * anything is written, in the words of the side that refuses it (`tooMany`: how many distinct cells it names).
 */
export function changedCells<T extends CellPosition>(
  listed: readonly T[],
  size: number,
): { cells: T[]; tooMany: null } | { cells: null; tooMany: number } {
  const seen = new Set<string>();
  const cells = listed.filter((c) => {
    const key = `${c.row},${c.column}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return cells.length > size ? { cells: null, tooMany: cells.length } : { cells, tooMany: null };
}
