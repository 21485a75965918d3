import type { CellValue, DataSource } from "../data-source.ts";
import type { Member, Outline } from "../outline.ts";
import { checkCellBudget } from "./errors.ts";
import { type AxisTuple, type GridAxis, type GridModel, tupleKey } from "./model.ts";
import type { ResolvedGridSettings } from "./settings.ts";
import { finish, STEP_CELLS, type Steps } from "./steps.ts";

/** What a rendered cell is, for colour coding in the add-in. */
export type CellKind =
  | "pov"
  | "column-header"
  | "row-header"
  | "data"
  | "missing"
  | "noaccess"
  | "blank"
  | "corner";

export type GridRegion = "POV" | "TOP" | "LEFT";

/** Where a dimension sits: `index` is the sheet row of a column dimension, the sheet column of a row one, -1 in the POV. */
export interface Placement {
  name: string;
  region: GridRegion;
  index: number;
  /**
   * POV only: the name of the member the dimension stands at, as the grid names it (a Dynamic Time Series
   * member is `Q-T-D(Feb)`, a substitution variable its member).
   */
  member?: string;
}

export interface RenderedGrid {
  grid: string[][];
  kinds: CellKind[][];
  /** True for a data cell that may be submitted (stored, readable: block storage accepts stored upper-level cells). */
  writable: boolean[][];
  headerRows: number;
  leftColumns: number;
  placements: Placement[];
  /** The model as rendered (after suppression), for callers that chain operations. */
  model: GridModel;
}

/** A {@link DataSource} that may also hide cells (security filters): unreadable cells show the no-access label. */
export interface GridDataSource extends DataSource {
  canRead?(tuple: readonly Member[]): boolean;
}

const NO_ACCESS = Symbol("noaccess");
type Read = CellValue | typeof NO_ACCESS;

/**
 * Builds the tuple the data source wants (base dimensions in outline order, attribute members after). With
 * `into`, that array is filled and returned instead of a new one (the grid reuses one array for its reads).
 */
export function tupleBuilder(
  outline: Outline,
  pov: readonly Member[],
): (row: readonly Member[], col: readonly Member[], into?: Member[]) => Member[] {
  const filler = tupleFiller(outline, pov);
  return (row, col, into) => filler.fill(into ?? filler.scratch(), filler.prepare(row), filler.prepare(col));
}

/** Fills data-source tuples fast: each axis tuple's slots are worked out once, a cell only copies them. */
export interface TupleFiller {
  /** Slot → member pairs of one axis tuple (attribute members under a negative slot). */
  prepare(members: readonly Member[]): Prepared;
  /** The tuple of a cell, in `scratch` unless attribute members make it longer (then a new array). */
  fill(scratch: Member[], row: Prepared, col: Prepared): Member[];
  /** A new scratch array. */
  scratch(): Member[];
}

export interface Prepared {
  slots: number[];
  members: Member[];
  extra: Member[] | null;
}

export function tupleFiller(outline: Outline, pov: readonly Member[]): TupleFiller {
  const base = outline.baseDimensions;
  const slot = new Map(base.map((d, i) => [d, i]));
  const template: Member[] = base.map((d) => d.root);
  const povAttrs: Member[] = [];
  for (const m of pov) {
    const i = slot.get(m.dimension);
    if (i !== undefined) template[i] = m.stored;
    else if (m.parent) povAttrs.push(m);
  }
  const n = template.length;
  return {
    prepare(members) {
      // sized to the tuple (an axis tuple is a few members, and a grid prepares one per row)
      const slots = new Array<number>(members.length);
      const list = new Array<Member>(members.length);
      let extra: Member[] | null = null;
      let k = 0;
      for (const m of members) {
        const i = slot.get(m.dimension);
        if (i !== undefined) {
          slots[k] = i;
          list[k++] = m.stored;
        } else if (m.parent) {
          extra ??= [];
          extra.push(m);
        }
      }
      if (k < members.length) {
        slots.length = k;
        list.length = k;
      }
      return { slots, members: list, extra };
    },
    fill(scratch, row, col) {
      for (let i = 0; i < n; i++) scratch[i] = template[i] as Member;
      for (let k = 0; k < row.slots.length; k++) scratch[row.slots[k] as number] = row.members[k] as Member;
      for (let k = 0; k < col.slots.length; k++) scratch[col.slots[k] as number] = col.members[k] as Member;
      if (!row.extra && !col.extra && povAttrs.length === 0) return scratch;
      return [...scratch.slice(0, n), ...povAttrs, ...(row.extra ?? []), ...(col.extra ?? [])];
    },
    scratch: () => template.slice(),
  };
}

export function formatValue(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return String(Number(v.toPrecision(12)));
}

export function memberLabel(m: Member, s: ResolvedGridSettings): string {
  if (s.memberDisplay === "name") return m.name;
  const alias = s.aliasTable ? m.alias(s.aliasTable) : undefined;
  if (s.memberDisplay === "nameAndAlias") return alias && alias !== m.name ? `${m.name}: ${alias}` : m.name;
  return alias ?? m.name;
}

/** Order of tuples and blanks: each blank goes just before the first surviving tuple that followed it. */
export function placeBlanks(axis: GridAxis): (number | null)[] {
  const before = new Array<number>(axis.tuples.length).fill(0);
  for (const anchor of axis.blanks) {
    const i = axis.tuples.findIndex((t) => t.origin >= anchor);
    if (i >= 0) before[i] = (before[i] ?? 0) + 1;
  }
  const out: (number | null)[] = [];
  axis.tuples.forEach((_, i) => {
    for (let b = 0; b < (before[i] ?? 0); b++) out.push(null);
    out.push(i);
  });
  return out;
}

function suppressed(cells: readonly Read[], missing: boolean, zero: boolean, noAccess: boolean): boolean {
  if (cells.length === 0) return false;
  for (const v of cells) {
    if (v === NO_ACCESS) {
      if (!noAccess) return false;
    } else if (v === null) {
      if (!missing) return false;
    } else if (v === 0) {
      if (!zero) return false;
    } else return false;
  }
  return true;
}

/**
 * Writes a model out as Essbase lays a grid out: the POV row first (starting at the column where the row
 * headers end), one row per column dimension, then the data rows; blank rows and columns where they belong;
 * labels indented, repeated or not, and data read from the source unless navigating without data.
 */
export function renderGrid(
  source: GridDataSource,
  model: GridModel,
  s: ResolvedGridSettings,
  maxCells?: number,
): RenderedGrid {
  return finish(renderGridSteps(source, model, s, maxCells));
}

/** {@link renderGrid} in steps: it pauses after every {@link STEP_CELLS} cells or so, read or written. */
export function* renderGridSteps(
  source: GridDataSource,
  model: GridModel,
  s: ResolvedGridSettings,
  maxCells?: number,
): Steps<RenderedGrid> {
  const outline = model.outline;
  const filler = tupleFiller(outline, model.pov);
  let leftTuples = model.left.tuples;
  let topTuples = model.top.tuples;
  const readData = !s.navigateWithoutData;
  // With a cell budget, reading stops at the first row that takes the answer over it: the rows kept so far,
  // at the narrowest width the answer can have, already exceed the budget.
  const headerRows = (model.pov.length > 0 ? 1 : 0) + model.top.dims.length;
  const suppressesColumns =
    readData && (s.suppressMissingColumns || s.suppressZeroColumns || s.suppressNoAccessColumns);
  const lcols = model.left.dims.length;
  const narrowest = Math.max(
    lcols + model.pov.length,
    lcols + (suppressesColumns ? 1 : topTuples.length),
    lcols + 1,
  );
  const budget = (keptRows: number) => {
    if (maxCells !== undefined) checkCellBudget((headerRows + keptRows) * narrowest, maxCells);
  };
  const suppressesRows =
    s.suppressUnderscoreRows ||
    (readData && (s.suppressMissingRows || s.suppressZeroRows || s.suppressNoAccessRows));
  // Without row suppression every row stays: the answer's size is known before any data is read.
  budget(suppressesRows ? 0 : leftTuples.length);

  // Suppression: rows first (as each row is read), then columns over the surviving rows.
  let values: Read[][] = [];
  const keepRow: boolean[] = [];
  const readScratch = filler.scratch();
  const colPrep = readData ? topTuples.map((c) => filler.prepare(c.members)) : [];
  // each row's slots, worked out once for its reads and again for its cells' writability
  let rowPreps: Prepared[] = [];
  let kept = 0;
  let work = 0;
  for (const r of leftTuples) {
    const row = new Array<Read>(colPrep.length);
    if (readData) {
      const rowPrep = filler.prepare(r.members);
      rowPreps.push(rowPrep);
      for (let j = 0; j < colPrep.length; j++) {
        const t = filler.fill(readScratch, rowPrep, colPrep[j] as Prepared);
        row[j] = source.canRead && !source.canRead(t) ? NO_ACCESS : source.read(t);
      }
    }
    values.push(row);
    const keep =
      !(s.suppressUnderscoreRows && r.members.some((m) => memberLabel(m, s).includes("_"))) &&
      (!readData || !suppressed(row, s.suppressMissingRows, s.suppressZeroRows, s.suppressNoAccessRows));
    keepRow.push(keep);
    if (keep) budget(++kept);
    work += row.length + 1;
    if (work >= STEP_CELLS) {
      work = 0;
      yield;
    }
  }
  if (keepRow.some((k) => !k)) {
    values = values.filter((_, i) => keepRow[i]);
    leftTuples = leftTuples.filter((_, i) => keepRow[i]);
    if (readData) rowPreps = rowPreps.filter((_, i) => keepRow[i]);
  }
  if (readData && (s.suppressMissingColumns || s.suppressZeroColumns || s.suppressNoAccessColumns)) {
    const keepCol = topTuples.map(
      (_, j) =>
        !suppressed(
          values.map((row) => row[j] as Read),
          s.suppressMissingColumns,
          s.suppressZeroColumns,
          s.suppressNoAccessColumns,
        ),
    );
    if (keepCol.some((k) => !k) && leftTuples.length > 0) {
      values = values.map((row) => row.filter((_, j) => keepCol[j]));
      topTuples = topTuples.filter((_, j) => keepCol[j]);
    }
  }
  const left: GridAxis = { ...model.left, tuples: leftTuples };
  const top: GridAxis = { ...model.top, tuples: topTuples };
  const rowSeq = placeBlanks(left);
  const colSeq = placeBlanks(top);

  const lc = left.dims.length;
  const povRows = model.pov.length > 0 ? 1 : 0;
  const hr = povRows + top.dims.length;
  const width = Math.max(lc + model.pov.length, lc + colSeq.length, lc + 1);
  const height = hr + rowSeq.length;
  if (maxCells !== undefined) checkCellBudget(width * height, maxCells);
  const grid: string[][] = [];
  const kinds: CellKind[][] = [];
  const writable: boolean[][] = [];
  for (let r = 0; r < height; r++) {
    grid.push(new Array<string>(width).fill(""));
    kinds.push(new Array<CellKind>(width).fill(r < hr ? "corner" : "blank"));
    writable.push(new Array<boolean>(width).fill(false));
  }
  const put = (r: number, c: number, text: string, kind: CellKind): void => {
    (grid[r] as string[])[c] = text;
    (kinds[r] as CellKind[])[c] = kind;
  };

  if (povRows) {
    for (let c = lc; c < width; c++) (kinds[0] as CellKind[])[c] = "blank";
    model.pov.forEach((m, i) => {
      put(0, lc + i, memberLabel(m, s), "pov");
    });
  }

  // Column headers: a repeated outer label is left blank unless labels repeat.
  top.dims.forEach((_, k) => {
    const r = povRows + k;
    let prev: AxisTuple | null = null;
    colSeq.forEach((ti, j) => {
      const c = lc + j;
      if (ti === null) {
        put(r, c, "", "blank");
        prev = null;
        return;
      }
      const t = top.tuples[ti] as AxisTuple;
      const repeated =
        !s.repeatMemberLabels && k < top.dims.length - 1 && prev !== null && samePrefix(prev, t, k);
      put(r, c, repeated ? "" : memberLabel(t.members[k] as Member, s), "column-header");
      prev = t;
    });
    for (let c = lc + colSeq.length; c < width; c++) put(r, c, "", "blank");
  });

  // Indentation per row-header column, from the generations shown in it.
  const indent = left.dims.map((_, k) => {
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    for (const t of left.tuples) {
      const g = (t.members[k] as Member).generation;
      if (g < min) min = g;
      if (g > max) max = g;
    }
    const pads: string[] = [""];
    return (m: Member): string => {
      if (s.indentation === "NONE") return "";
      const steps = s.indentation === "SUBITEMS" ? m.generation - min : max - m.generation;
      if (steps <= 0) return "";
      pads[steps] ??= " ".repeat(5 * steps);
      return pads[steps] as string;
    };
  });

  const scratch = filler.scratch();
  const topPrep = top.tuples.map((c) => filler.prepare(c.members));
  const colKeys = readData || model.typed.size === 0 ? [] : top.tuples.map((t) => tupleKey(t.members));
  let prev: AxisTuple | null = null;
  for (let i = 0; i < rowSeq.length; i++) {
    const ti = rowSeq[i] ?? null;
    const r = hr + i;
    if (ti === null) {
      prev = null;
      continue;
    }
    const t = left.tuples[ti] as AxisTuple;
    for (let k = 0; k < lc; k++) {
      const m = t.members[k] as Member;
      const repeated = !s.repeatMemberLabels && k < lc - 1 && prev !== null && samePrefix(prev, t, k);
      put(r, k, repeated ? "" : (indent[k] as (m: Member) => string)(m) + memberLabel(m, s), "row-header");
    }
    prev = t;
    const rowValues = values[ti];
    const rowPrep = rowPreps[ti] ?? filler.prepare(t.members);
    const rowKey = colKeys.length > 0 ? tupleKey(t.members) : "";
    const rowWritable = writable[r] as boolean[];
    for (let j = 0; j < colSeq.length; j++) {
      const ci = colSeq[j] ?? null;
      if (ci === null) continue;
      const c = lc + j;
      if (!readData) {
        const typed = colKeys.length > 0 ? (model.typed.get(`${rowKey}|${colKeys[ci]}`) ?? "") : "";
        put(r, c, typed, "data");
      } else {
        const v = rowValues?.[ci] ?? null;
        if (v === NO_ACCESS) {
          put(r, c, s.noAccessLabel, "noaccess");
          continue;
        }
        if (v === null) put(r, c, s.missingLabel, "missing");
        else put(r, c, formatValue(v), "data");
      }
      rowWritable[c] = source.writeBlocker(filler.fill(scratch, rowPrep, topPrep[ci] as Prepared)) === null;
    }
    work += colSeq.length + 1;
    if (work >= STEP_CELLS) {
      work = 0;
      yield;
    }
  }

  const placements: Placement[] = [];
  for (const d of outline.dimensions) {
    const li = left.dims.indexOf(d);
    const ti = top.dims.indexOf(d);
    if (li >= 0) placements.push({ name: d.name, region: "LEFT", index: li });
    else if (ti >= 0) placements.push({ name: d.name, region: "TOP", index: povRows + ti });
    else {
      const m = model.pov.find((p) => p.dimension === d);
      if (m) placements.push({ name: d.name, region: "POV", index: -1, member: m.name });
    }
  }
  return {
    grid,
    kinds,
    writable,
    headerRows: hr,
    leftColumns: lc,
    placements,
    model: { ...model, left, top },
  };
}

function samePrefix(a: AxisTuple, b: AxisTuple, k: number): boolean {
  for (let i = 0; i <= k; i++) if (a.members[i] !== b.members[i]) return false;
  return true;
}
