/**
 * XMLA's `UPDATE CUBE` on an embedded cube (What-If writes and their allocations): run on the event loop or in a
 * grid worker, and kept in the journal as its assignments resolved (`mdx-update`), not as the cells they write:
 * an allocation of 100 tuples writes some 450,000 cells, whose list was tens of megabytes to write to the store.
 * Replayed, the assignments write the same cells from the same data, as a calculation script does.
 */
import type { CellValue, Cube } from "@qibates/engine";
import {
  type MdxAssignment,
  type MdxOptions,
  type MdxUpdate,
  mdxAssignmentWrites,
  resolveMdxAssignments,
} from "@qibates/engine/mdx";
import { EngineCubeWriteError } from "@qibates/grid-bridge";

/** The journal entry's kind of an `UPDATE CUBE`. */
export const MDX_UPDATE_ENTRY = "mdx-update";

/** An assignment as the journal keeps it: its cell's stored members by name (base dimensions, outline order). */
export interface JournaledAssignment {
  members: string[];
  value: CellValue;
  allocation: MdxAssignment["allocation"];
}

/**
 * Runs `update` on `cube`: its assignments resolved, every cell they write checked writable before any is written
 * (a cell that is not refuses the statement, `EngineCubeWriteError`, and nothing is written), then written.
 */
export function writeMdxUpdate(
  cube: Cube,
  update: MdxUpdate,
  options: MdxOptions,
): { assignments: JournaledAssignment[]; cells: number } {
  const assignments = resolveMdxAssignments(cube, update, options);
  const cells = mdxAssignmentWrites(cube, assignments, options);
  for (const c of cells) {
    const blocker = cube.writeBlocker(c.tuple);
    if (blocker !== null) throw new EngineCubeWriteError(c.tuple, blocker);
  }
  for (const c of cells) cube.write(c.tuple, c.value);
  return {
    assignments: assignments.map((a) => ({
      members: a.tuple.map((m) => m.name),
      value: a.value,
      allocation: a.allocation,
    })),
    cells: cells.length,
  };
}

/** Writes again what a journaled `UPDATE CUBE` wrote, from the data as it was then. */
export function replayMdxUpdate(cube: Cube, assignments: readonly JournaledAssignment[]): void {
  const resolved = assignments.map((a) => ({
    tuple: a.members.map((name) => {
      const m = cube.outline.member(name);
      if (!m) throw new Error(`journal names unknown member ${name}`);
      return m;
    }),
    value: a.value,
    allocation: a.allocation,
  }));
  // No work budget: the statement was within it when it ran; its replay writes what it wrote.
  for (const c of mdxAssignmentWrites(cube, resolved, { maxWork: Number.POSITIVE_INFINITY }))
    cube.write(c.tuple, c.value);
}
