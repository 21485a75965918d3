import { DATA_ENTRY_THRESHOLD } from "@qibates/protocols/planning-rest/errors";
import { unknownMemberMessage } from "@qibates/protocols/planning-rest/members";
import type { Dimension, Member, Outline } from "../outline.ts";
import { gridInvalid as invalid, type LocalText, PlanningError } from "./errors.ts";
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
  /**
   * Rows whose cells are all missing are left out, and the rows are found from the blocks that exist (as
   * Essbase's sparse index does), not from every combination of the members asked: the threshold
   * (`maxCells`) counts those rows only.
   */
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

/** What Planning answers when a slice is too large, in its words (the English). */
const TOO_LARGE: LocalText = {
  en: DATA_ENTRY_THRESHOLD,
  fr: "impossible de charger le formulaire de saisie\u00a0: le nombre de cellules de saisie dépasse le seuil.",
};

interface ResolvedSegment {
  dims: Dimension[];
  /** The members of each dimension, in the order given (duplicates left out). */
  lists: Member[][];
  tuples: Member[][];
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

/** Runs a member lookup, an unknown member reported in Planning's words. */
function inPlanningWords<T>(selection: string, field: string, lookup: () => T): T {
  try {
    return lookup();
  } catch (e) {
    if (e instanceof PlanningError && e.code === "PLANNING_MEMBER_UNKNOWN") {
      const member = selectionArgument(selection).trim();
      throw new PlanningError("PLANNING_MEMBER_UNKNOWN", unknownMemberMessage(member), field, {
        params: { member },
      });
    }
    throw e;
  }
}

/** The dimension a selection's members belong to (`IDescendants(Q1)` → Q1's). */
function dimensionOfSelection(outline: Outline, selection: string, field: string): Dimension {
  return resolveMember(outline, selectionArgument(selection), undefined, field).dimension;
}

function resolveSegment(
  s: PlanTypeStore,
  segment: DataSliceSegment,
  field: string,
  crossed = true,
): ResolvedSegment {
  const { outline } = s;
  if (!segment || typeof segment !== "object" || !Array.isArray(segment.members)) {
    throw invalid(
      {
        en: "A grid segment needs a members list.",
        fr: "un segment de la grille doit avoir une liste de membres.",
      },
      field,
    );
  }
  const named = segment.dimensions ?? null;
  if (named !== null && (!isStringList(named) || named.length !== segment.members.length)) {
    throw invalid(
      {
        en: "A grid segment needs one member list per dimension it names.",
        fr: "un segment de la grille doit avoir une liste de membres par dimension qu'il nomme.",
      },
      `${field}.dimensions`,
    );
  }
  const dims: Dimension[] = [];
  const lists: Member[][] = [];
  segment.members.forEach((list, i) => {
    const at = `${field}.members[${i}]`;
    if (!isStringList(list) || list.length === 0) {
      throw invalid(
        { en: "A member list must name members.", fr: "une liste de membres doit nommer des membres." },
        at,
      );
    }
    let dim: Dimension;
    if (named) {
      const d = outline.dimension(named[i] as string);
      if (!d) {
        throw new PlanningError("PLANNING_DIMENSION_UNKNOWN", `Unknown dimension "${named[i]}".`, at, {
          params: { dimension: String(named[i]), cube: s.name },
        });
      }
      dim = d;
    } else {
      const first = list[0] as string;
      dim = inPlanningWords(first, at, () => dimensionOfSelection(outline, first, at));
    }
    if (!outline.baseDimensions.includes(dim)) {
      throw invalid(
        {
          en: `Dimension ${dim.name} is not a base dimension of plan type ${s.name}.`,
          fr: `la dimension ${dim.name} n'est pas une dimension de base du type de plan ${s.name}.`,
        },
        at,
      );
    }
    if (dims.includes(dim)) {
      throw invalid(
        {
          en: `Dimension ${dim.name} appears twice in one segment.`,
          fr: `la dimension ${dim.name} figure deux fois dans un même segment.`,
        },
        at,
      );
    }
    dims.push(dim);
    const members = list.flatMap((sel) => inPlanningWords(sel, at, () => selectAll(outline, [sel], dim)));
    lists.push([...new Set(members)]);
  });
  if (!crossed) return { dims, lists, tuples: [] };
  return { dims, lists, tuples: crossTuples(lists) };
}

function crossTuples(lists: readonly Member[][]): Member[][] {
  let tuples: Member[][] = [[]];
  for (const list of lists) tuples = tuples.flatMap((t) => list.map((m) => [...t, m]));
  return lists.length === 0 ? [] : tuples;
}

/** Whether a member's values sit in the cube's blocks (stored, or shared with a stored member). */
const inBlocks = (m: Member) => m.stored.storage === "store" || m.stored.storage === "never-share";

/**
 * The rows of a segment that may hold data when missing blocks are suppressed, as Essbase finds them: from the
 * existing blocks (the sparse index) rather than from every combination of the members asked. For each block,
 * each sparse row dimension takes the members asked that the block holds, and those asked whose values are
 * computed (Dynamic Calc, Label Only: they follow the block's other members); dense row dimensions take every
 * member asked. Rows holding a text are added. The rows come in the order of the full cross product, a superset
 * of the rows with data (the caller drops the empty ones). `null` when no row dimension is sparse.
 */
function blockRows(s: PlanTypeStore, segment: ResolvedSegment): Member[][] | null {
  const cube = s.data;
  const at = segment.dims.map((d) => cube.dims.indexOf(d));
  const sparse = at.map((i) => cube.sparseDims.includes(i));
  if (!sparse.some(Boolean)) return null;
  const position = segment.lists.map((list) => new Map(list.map((m, i) => [m, i])));
  const byOrdinal = segment.lists.map((list, k) => {
    const map = new Map<number, Member[]>();
    if (!sparse[k]) return map;
    for (const m of list) {
      if (!inBlocks(m)) continue;
      const o = m.stored.ordinal;
      map.set(o, [...(map.get(o) ?? []), m]);
    }
    return map;
  });
  const computed = segment.lists.map((list, k) => (sparse[k] ? list.filter((m) => !inBlocks(m)) : list));
  const found = new Map<string, Member[]>();
  const add = (options: Member[][]) => {
    for (const t of crossTuples(options)) {
      const key = t.map((m, k) => position[k]?.get(m)).join(",");
      if (!found.has(key)) found.set(key, t);
    }
  };
  cube.flush();
  const coords = new Array<number>(cube.dims.length).fill(0);
  cube.forEachBlock(null, (_block, key) => {
    cube.decodeKey(key, coords);
    const options = segment.dims.map((_, k) =>
      sparse[k]
        ? [...(byOrdinal[k]?.get(coords[at[k] as number] as number) ?? []), ...(computed[k] ?? [])]
        : (computed[k] ?? []),
    );
    if (options.every((o) => o.length > 0)) add(options);
  });
  for (const { tuple } of s.texts.entries()) {
    const options = segment.dims.map((d, k) => {
      const m = tuple[cube.dims.indexOf(d)] as Member;
      return position[k]?.has(m) ? [m] : [];
    });
    if (options.every((o) => o.length > 0)) add(options);
  }
  const order = (t: Member[]) => t.map((m, k) => position[k]?.get(m) ?? 0);
  return [...found.values()]
    .map((t) => ({ t, o: order(t) }))
    .sort((a, b) => {
      for (let k = 0; k < a.o.length; k++) if (a.o[k] !== b.o[k]) return (a.o[k] ?? 0) - (b.o[k] ?? 0);
      return 0;
    })
    .map((x) => x.t);
}

/** An axis: its segments must name the same dimensions in the same order; their tuples follow each other. */
function resolveAxis(
  s: PlanTypeStore,
  segments: readonly DataSliceSegment[],
  field: string,
  fromBlocks = false,
  /** Most tuples the axis may have (checked before they are crossed). */
  most = Number.POSITIVE_INFINITY,
): Omit<ResolvedSegment, "lists"> {
  if (!Array.isArray(segments) || segments.length === 0) {
    throw invalid({ en: `The grid needs ${field}.`, fr: `la grille doit avoir ${field}.` }, field);
  }
  let dims: Dimension[] | null = null;
  const tuples: Member[][] = [];
  segments.forEach((segment, i) => {
    const r = resolveSegment(s, segment, `${field}[${i}]`, false);
    if (!fromBlocks && r.lists.reduce((n, l) => n * l.length, 1) + tuples.length > most) {
      throw invalid(TOO_LARGE, "gridDefinition");
    }
    if (dims === null) dims = r.dims;
    else if (r.dims.length !== dims.length || r.dims.some((d, k) => d !== dims?.[k])) {
      throw invalid(
        {
          en: `Every segment of ${field} must have the same dimensions, in the same order.`,
          fr: `tous les segments de ${field} doivent avoir les mêmes dimensions, dans le même ordre.`,
        },
        field,
      );
    }
    if (fromBlocks) tuples.push(...(blockRows(s, r) ?? crossTuples(r.lists)));
    else tuples.push(...crossTuples(r.lists));
  });
  return { dims: dims ?? [], tuples };
}

/** Reads a data slice of a plan type: each cell as a number, a text, a Smart List label or `null`. */
export function exportDataSlice(s: PlanTypeStore, req: DataSliceRequest): DataSliceResult {
  const pov = req.pov ? resolveSegment(s, req.pov, "pov") : { dims: [], tuples: [] };
  const povMembers = pov.tuples.length === 0 ? [] : (pov.tuples[0] as Member[]);
  if (pov.tuples.length > 1) {
    const many = pov.dims.find((_, i) => new Set(pov.tuples.map((t) => t[i])).size > 1);
    throw invalid(
      {
        en: `The POV takes one member of ${many?.name ?? "each dimension"}.`,
        fr: many
          ? `le PDV prend un seul membre de ${many.name}.`
          : "le PDV prend un seul membre par dimension.",
      },
      "pov",
    );
  }
  const cols = resolveAxis(s, req.columns, "columns");
  // Suppressing missing blocks, the rows are found from the blocks that exist (so a slice may cross more
  // members than its threshold, as long as the rows with data fit).
  const rows = resolveAxis(
    s,
    req.rows,
    "rows",
    req.suppressMissingBlocks === true,
    req.maxCells === undefined ? undefined : req.maxCells / Math.max(1, cols.tuples.length),
  );
  const seen = new Set<Dimension>();
  for (const d of [...pov.dims, ...cols.dims, ...rows.dims]) {
    if (seen.has(d)) {
      throw invalid(
        {
          en: `Dimension ${d.name} is on more than one axis of the grid.`,
          fr: `la dimension ${d.name} figure sur plus d'un axe de la grille.`,
        },
        "gridDefinition",
      );
    }
    seen.add(d);
  }
  if (req.maxCells !== undefined && rows.tuples.length * cols.tuples.length > req.maxCells) {
    throw invalid(TOO_LARGE, "gridDefinition");
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
