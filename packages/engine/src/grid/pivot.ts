import type { Dimension, Member } from "../outline.ts";
import { GridError } from "./errors.ts";
import { type AxisTuple, type GridAxis, type GridModel, tupleKey } from "./model.ts";

export type Place = { region: "left" | "top" | "pov"; position: number };

/** The dimension a pivot starts from: where it is and the member of the clicked cell. */
export interface PivotSource extends Place {
  dimension: Dimension;
  member: Member;
}

/** Reads the start of a pivot in the sheet; anything but a member cell has no dimension to move. */
export function pivotSource(model: GridModel, row: number, column: number): PivotSource {
  const L = model.layout;
  const pov = L.povCells.get(`${row},${column}`);
  if (pov !== undefined) {
    const member = model.pov[pov] as Member;
    return { region: "pov", position: pov, dimension: member.dimension, member };
  }
  if (row >= L.headerRows && row < L.rows && column >= 0 && column < L.leftColumns) {
    const t = L.rowTuple[row];
    const member = t == null ? undefined : model.left.tuples[t]?.members[column];
    if (member) return { region: "left", position: column, dimension: member.dimension, member };
  }
  const k = L.topRows.get(row);
  if (k !== undefined && column >= L.leftColumns) {
    const c = L.colTuple[column];
    const member = c == null ? undefined : model.top.tuples[c]?.members[k];
    if (member) return { region: "top", position: k, dimension: member.dimension, member };
  }
  throw new GridError("GRID_PIVOT_NO_START", { id: "pivotNoStart" });
}

/** Where a pivot may send a dimension, or a data cell (which names no place: a pivot there is refused). */
export type Destination = Place | { region: "data"; position: -1 };

/**
 * Reads the destination of a pivot: a row-header column (header rows included) puts the dimension there, a
 * column-header row puts it at that depth of the column axis, the first column of the POV row makes it the
 * outermost column dimension and any other POV-row cell names the POV (at that cell's place, else last) — where
 * {@link pivotTarget} sends a dimension of the grid; one of the POV goes to the outermost column row.
 * A cell of the data region names no place (`region: "data"`).
 */
export function pivotDestination(model: GridModel, row: number, column: number): Destination {
  const L = model.layout;
  if (column >= 0 && column < L.leftColumns) return { region: "left", position: column };
  const k = L.topRows.get(row);
  if (k !== undefined) return { region: "top", position: k };
  if (row >= 0 && row < L.headerRows) {
    if (column === L.leftColumns) return { region: "top", position: 0 };
    const pov = L.povCells.get(`${row},${column}`);
    return { region: "pov", position: pov ?? model.pov.length };
  }
  return { region: "data", position: -1 };
}

function axisOf(model: GridModel, region: "left" | "top"): GridAxis {
  return region === "left" ? model.left : model.top;
}

/** Takes a dimension off an axis: the remaining tuples, duplicates folded, and its members in first-seen order. */
function takeOff(axis: GridAxis, position: number): Member[] {
  const members: Member[] = [];
  const seenMembers = new Set<Member>();
  const seen = new Set<string>();
  const tuples: AxisTuple[] = [];
  for (const t of axis.tuples) {
    const m = t.members[position] as Member;
    if (!seenMembers.has(m)) {
      seenMembers.add(m);
      members.push(m);
    }
    const rest = t.members.filter((_, i) => i !== position);
    const key = tupleKey(rest);
    if (seen.has(key)) continue;
    seen.add(key);
    tuples.push({ members: rest, origin: t.origin });
  }
  axis.dims.splice(position, 1);
  axis.tuples = tuples;
  return members;
}

/** Puts a dimension on an axis at `position`, crossing its members with the tuples of each outer group. */
function putOn(axis: GridAxis, position: number, dimension: Dimension, members: readonly Member[]): void {
  const j = Math.max(0, Math.min(position, axis.dims.length));
  axis.dims.splice(j, 0, dimension);
  const out: AxisTuple[] = [];
  const tuples = axis.tuples.length > 0 ? axis.tuples : [{ members: [], origin: 0 }];
  let i = 0;
  while (i < tuples.length) {
    const first = tuples[i] as AxisTuple;
    let end = i + 1;
    while (end < tuples.length && samePrefix(tuples[end] as AxisTuple, first, j)) end++;
    for (const m of members) {
      for (let r = i; r < end; r++) {
        const t = tuples[r] as AxisTuple;
        const list = t.members.slice();
        list.splice(j, 0, m);
        out.push({ members: list, origin: t.origin });
      }
    }
    i = end;
  }
  axis.tuples = out;
}

function samePrefix(a: AxisTuple, b: AxisTuple, n: number): boolean {
  for (let i = 0; i < n; i++) if (a.members[i] !== b.members[i]) return false;
  return true;
}

/**
 * Where a pivot sends the dimension (Essbase's pivot is a general move, the answer key's README): to the
 * destination cell's place; with no destination, a POV or column dimension to the front of the rows and a row
 * dimension to the outermost column row (Smart View); Pivot to POV to the POV (at the destination POV cell's
 * place, else last). A data-cell destination is refused for a pivot; for Pivot to POV it names no POV cell.
 *
 * A POV dimension pivoted onto a cell of the POV row (any cell right of the row headers: the first one, another
 * POV member's, a blank one, its own) goes to the outermost column row, never elsewhere in the POV: the POV
 * row lies above the column headers, and Essbase answers so (the answer key's `pivot-pov-*-to-top` cases, and
 * the live-Essbase replay of a pivot onto another POV cell); Smart View moves a POV dimension only
 * onto the grid ("Pivot to Column" / "Pivot to Row", Oracle's "Pivoting Dimensions or Members between the
 * Grid and the POV"). The one rule of every path: the engine's replay of a case and the API's `to: "columns"`.
 */
export function pivotTarget(src: Place, dest: Destination | null, toPov: boolean): Place {
  if (toPov)
    return dest && dest.region === "pov" ? dest : { region: "pov", position: Number.MAX_SAFE_INTEGER };
  if (dest?.region === "data") throw new GridError("GRID_PIVOT_NO_DESTINATION", { id: "pivotNoDestination" });
  if (dest?.region === "pov" && src.region === "pov") return { region: "top", position: 0 };
  if (dest) return dest;
  return src.region === "left" ? { region: "top", position: 0 } : { region: "left", position: 0 };
}

/** Moves an entry of a list to index `to` (clamped to the list); false when it would not move. */
function reorder<T>(list: T[], from: number, to: number): boolean {
  const j = Math.max(0, Math.min(to, list.length - 1));
  if (j === from) return false;
  const [x] = list.splice(from, 1);
  list.splice(j, 0, x as T);
  return true;
}

/**
 * Moves a dimension, from the POV or an axis to an axis or the POV, where {@link pivotTarget} says: on an
 * axis its members travel with it (crossed with each outer group; from the POV, the clicked member); in the
 * POV it keeps the clicked member. Within one region it changes place (the POV's order, an axis's nesting).
 * Refused, with a {@link GridError} and never an unchanged grid: a data-cell destination, a destination that
 * is the dimension's own place (`GRID_PIVOT_NO_DESTINATION`), taking the last dimension off an axis
 * (`GRID_PIVOT_LAST_ROW`, Essbase's "Cannot pivot last row") — except Pivot to POV, which back-fills the
 * emptied axis from the POV (the dimension at the destination POV cell, or the first one).
 */
export function pivotModel(
  model: GridModel,
  src: PivotSource,
  dest: Destination | null,
  toPov: boolean,
): true {
  const to = pivotTarget(src, dest, toPov);

  if (src.region === "pov") {
    if (to.region === "pov") {
      if (!reorder(model.pov, src.position, to.position))
        throw new GridError("GRID_PIVOT_NO_DESTINATION", { id: "pivotInPlace" });
      return true;
    }
    model.pov.splice(src.position, 1);
    putOn(axisOf(model, to.region), to.position, src.dimension, [src.member]);
    return true;
  }
  const from = axisOf(model, src.region);
  if (to.region === src.region) {
    const j = Math.max(0, Math.min(to.position, from.dims.length - 1));
    if (!reorder(from.dims, src.position, j))
      throw new GridError("GRID_PIVOT_NO_DESTINATION", { id: "pivotInPlace" });
    for (const t of from.tuples) reorder(t.members, src.position, j);
    return true;
  }
  if (from.dims.length === 1 && !(to.region === "pov" && toPov && model.pov.length > 0)) {
    throw new GridError(
      "GRID_PIVOT_LAST_ROW",
      { id: "pivotLastRow" },
      undefined,
      undefined,
      src.dimension.name,
    );
  }
  const members = takeOff(from, src.position);
  if (to.region === "pov") {
    const at = Math.max(0, Math.min(to.position, model.pov.length));
    if (from.dims.length === 0) {
      const fillIndex = at < model.pov.length ? at : 0;
      const [fill] = model.pov.splice(fillIndex, 1, src.member);
      from.tuples = [];
      putOn(from, 0, (fill as Member).dimension, [fill as Member]);
    } else {
      model.pov.splice(at, 0, src.member);
    }
    return true;
  }
  putOn(axisOf(model, to.region), to.position, src.dimension, members);
  return true;
}
