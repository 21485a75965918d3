import type { Member } from "../outline.ts";
import { GridError } from "./errors.ts";
import type { AxisTuple, GridAxis } from "./model.ts";
import { type AxisPick, runAround } from "./zoom.ts";

/**
 * Keep Only / Remove Only on one axis. Each pick is a member chosen in one axis position (a row-header column
 * or a column-header row). Picks in one position form a union; positions combine by intersection for Keep
 * Only and by union for Remove Only; a position with no pick constrains nothing. With "within selected group",
 * a position's constraint only applies inside the groups (same outer members) its picks sit in.
 */
export function keepOrRemoveAxis(
  axis: GridAxis,
  picks: readonly AxisPick[],
  keep: boolean,
  within: boolean,
): boolean {
  if (picks.length === 0) return false;
  const byPosition = new Map<number, { members: Set<Member>; groups: [number, number][] }>();
  for (const p of picks) {
    let entry = byPosition.get(p.position);
    if (!entry) {
      entry = { members: new Set(), groups: [] };
      byPosition.set(p.position, entry);
    }
    entry.members.add(p.member.stored);
    entry.groups.push(runAround(axis.tuples, p.tuple, p.position - 1));
  }
  const survivors = axis.tuples.filter((t: AxisTuple, i) => {
    for (const [position, { members, groups }] of byPosition) {
      if (within && !groups.some(([s, e]) => i >= s && i < e)) continue;
      const hit = members.has((t.members[position] as Member).stored);
      if (keep && !hit) return false;
      if (!keep && hit) return false;
    }
    return true;
  });
  if (survivors.length === 0) throw new GridError("GRID_REMOVE_EMPTIES_AXIS", { id: "removeEmptiesAxis" });
  const changed = survivors.length !== axis.tuples.length;
  axis.tuples = survivors;
  return changed;
}
