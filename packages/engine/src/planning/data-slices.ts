import type { Dimension, Member, Outline } from "../outline.ts";
import { PlanningError } from "./errors.ts";
import type { PlanTypeStore } from "./plan-types.ts";
import { resolveMember, selectAll, selectionArgument } from "./selection.ts";

/**
 * Data slices of a plan type, as Planning's REST API defines them (`exportdataslice`): a grid definition of a
 * POV, column and row segments, each segment a list of member selections per dimension (a member name, a
 * substitution variable or a relationship function such as `IDescendants(Q1)`) whose members are crossed, the
 * first list outermost. The dimensions may be named; when they are not, each list's dimension is the one its
 * first member belongs to. Dimensions the grid does not name take the plan type's default member, else their
 * root (as forms do).
 */

/** One segment of an axis (or the POV): `members[i]` are the selections of `dimensions[i]`. */
export interface DataSliceSegment {
  dimensions?: readonly string[] | null;
  members: readonly (readonly string[])[];
}

export interface DataSliceRequest {
  cube: string;
  /** One member per dimension (each list holds one selection that names one member). */
  pov?: DataSliceSegment | null;
  columns: readonly DataSliceSegment[];
  rows: readonly DataSliceSegment[];
  /** Rows whose cells are all missing are left out (Planning's "suppress missing blocks" has that effect here). */
  suppressMissingBlocks?: boolean;
  suppressMissingRows?: boolean;
  suppressMissingColumns?: boolean;
  /** Largest grid (rows × columns, before suppression) the caller accepts. */
  maxCells?: number;
}

/** A cell: a number, the text of a text cell or the label of a Smart List entry, or `null` (missing). */
export type DataSliceValue = number | string | null;

export interface DataSliceResult {
  /** The POV members, in the order the grid definition gave them. */
  pov: string[];
  /** One list per column dimension, each as long as there are columns. */
  columns: string[][];
  rows: { headers: string[]; data: DataSliceValue[] }[];
}

/** What Planning answers when a slice is too large (a live-tested client's recorded message). */
export const DATA_SLICE_TOO_LARGE =
  "Unable to load the data entry form as the number of data entry cells exceeded the threshold.";

interface ResolvedSegment {
  dims: Dimension[];
  tuples: Member[][];
}

function invalid(message: string, field: string): PlanningError {
  return new PlanningError("PLANNING_GRID_INVALID", message, field);
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

/** Planning's words for a member a grid names that the plan type lacks (recorded from a live server). */
export function unknownMemberMessage(name: string): string {
  return `The member ${name} does not exist for the specified cube or you do not have access to it.`;
}

/** Runs a member lookup, an unknown member reported in Planning's words. */
function inPlanningWords<T>(selection: string, field: string, lookup: () => T): T {
  try {
    return lookup();
  } catch (e) {
    if (e instanceof PlanningError && e.code === "PLANNING_MEMBER_UNKNOWN") {
      throw new PlanningError(
        "PLANNING_MEMBER_UNKNOWN",
        unknownMemberMessage(selectionArgument(selection).trim()),
        field,
      );
    }
    throw e;
  }
}

/** The dimension a selection's members belong to (`IDescendants(Q1)` → Q1's). */
function dimensionOfSelection(outline: Outline, selection: string, field: string): Dimension {
  return resolveMember(outline, selectionArgument(selection), undefined, field).dimension;
}

function resolveSegment(s: PlanTypeStore, segment: DataSliceSegment, field: string): ResolvedSegment {
  const { outline } = s;
  if (!segment || typeof segment !== "object" || !Array.isArray(segment.members)) {
    throw invalid("A grid segment needs a members list.", field);
  }
  const named = segment.dimensions ?? null;
  if (named !== null && (!isStringList(named) || named.length !== segment.members.length)) {
    throw invalid("A grid segment needs one member list per dimension it names.", `${field}.dimensions`);
  }
  const dims: Dimension[] = [];
  const lists: Member[][] = [];
  segment.members.forEach((list, i) => {
    const at = `${field}.members[${i}]`;
    if (!isStringList(list) || list.length === 0) throw invalid("A member list must name members.", at);
    let dim: Dimension;
    if (named) {
      const d = outline.dimension(named[i] as string);
      if (!d) {
        throw new PlanningError("PLANNING_DIMENSION_UNKNOWN", `Unknown dimension "${named[i]}".`, at);
      }
      dim = d;
    } else {
      const first = list[0] as string;
      dim = inPlanningWords(first, at, () => dimensionOfSelection(outline, first, at));
    }
    if (!outline.baseDimensions.includes(dim)) {
      throw invalid(`Dimension ${dim.name} is not a base dimension of plan type ${s.name}.`, at);
    }
    if (dims.includes(dim)) throw invalid(`Dimension ${dim.name} appears twice in one segment.`, at);
    dims.push(dim);
    const members = list.flatMap((sel) => inPlanningWords(sel, at, () => selectAll(outline, [sel], dim)));
    lists.push([...new Set(members)]);
  });
  let tuples: Member[][] = [[]];
  for (const list of lists) tuples = tuples.flatMap((t) => list.map((m) => [...t, m]));
  return { dims, tuples: lists.length === 0 ? [] : tuples };
}

/** An axis: its segments must name the same dimensions in the same order; their tuples follow each other. */
function resolveAxis(
  s: PlanTypeStore,
  segments: readonly DataSliceSegment[],
  field: string,
): ResolvedSegment {
  if (!Array.isArray(segments) || segments.length === 0) {
    throw invalid(`The grid needs ${field}.`, field);
  }
  let dims: Dimension[] | null = null;
  const tuples: Member[][] = [];
  segments.forEach((segment, i) => {
    const r = resolveSegment(s, segment, `${field}[${i}]`);
    if (dims === null) dims = r.dims;
    else if (r.dims.length !== dims.length || r.dims.some((d, k) => d !== dims?.[k])) {
      throw invalid(`Every segment of ${field} must have the same dimensions, in the same order.`, field);
    }
    tuples.push(...r.tuples);
  });
  return { dims: dims ?? [], tuples };
}

/** Reads a data slice of a plan type: each cell as a number, a text, a Smart List label or `null`. */
export function exportDataSlice(s: PlanTypeStore, req: DataSliceRequest): DataSliceResult {
  const pov = req.pov ? resolveSegment(s, req.pov, "pov") : { dims: [], tuples: [] };
  const povMembers = pov.tuples.length === 0 ? [] : (pov.tuples[0] as Member[]);
  if (pov.tuples.length > 1) {
    const many = pov.dims.find((_, i) => new Set(pov.tuples.map((t) => t[i])).size > 1);
    throw invalid(`The POV takes one member of ${many?.name ?? "each dimension"}.`, "pov");
  }
  const cols = resolveAxis(s, req.columns, "columns");
  const rows = resolveAxis(s, req.rows, "rows");
  const seen = new Set<Dimension>();
  for (const d of [...pov.dims, ...cols.dims, ...rows.dims]) {
    if (seen.has(d))
      throw invalid(`Dimension ${d.name} is on more than one axis of the grid.`, "gridDefinition");
    seen.add(d);
  }
  if (req.maxCells !== undefined && rows.tuples.length * cols.tuples.length > req.maxCells) {
    throw invalid(DATA_SLICE_TOO_LARGE, "gridDefinition");
  }
  const base = new Map<Dimension, Member>();
  pov.dims.forEach((d, i) => {
    base.set(d, povMembers[i] as Member);
  });
  const value = (row: Member[], col: Member[]): DataSliceValue => {
    const at = new Map(base);
    rows.dims.forEach((d, i) => {
      at.set(d, row[i] as Member);
    });
    cols.dims.forEach((d, i) => {
      at.set(d, col[i] as Member);
    });
    const tuple = s.outline.baseDimensions.map((d) => at.get(d) ?? s.defaults.get(d) ?? d.root);
    if (tuple.some((m) => s.textMembers.has(m.stored))) return s.texts.get(tuple);
    const v = s.data.read(tuple);
    if (v === null) return null;
    for (const m of tuple) {
      const list = s.smartLists.get(m.stored);
      if (list && Number.isInteger(v)) return list.entries[v - 1] ?? v;
    }
    return v;
  };
  const cells = rows.tuples.map((r) => cols.tuples.map((c) => value(r, c)));
  let rowIdx = rows.tuples.map((_, i) => i);
  let colIdx = cols.tuples.map((_, i) => i);
  if (req.suppressMissingRows || req.suppressMissingBlocks) {
    rowIdx = rowIdx.filter((r) => colIdx.some((c) => cells[r]?.[c] !== null));
  }
  if (req.suppressMissingColumns) {
    colIdx = colIdx.filter((c) => rowIdx.some((r) => cells[r]?.[c] !== null));
  }
  return {
    pov: povMembers.map((m) => m.name),
    columns: cols.dims.map((_, h) => colIdx.map((c) => ((cols.tuples[c] as Member[])[h] as Member).name)),
    rows: rowIdx.map((r) => ({
      headers: (rows.tuples[r] as Member[]).map((m) => m.name),
      data: colIdx.map((c) => cells[r]?.[c] ?? null),
    })),
  };
}
