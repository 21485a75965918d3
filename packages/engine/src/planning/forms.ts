import type { CellValue, DataSource } from "../data-source.ts";
import type { Dimension, Member, Outline } from "../outline.ts";
import type { TextStore } from "./changes.ts";
import type {
  AxisSegment,
  FormAxis,
  LockDefinition,
  RegularFormDefinition,
  SmartListDefinition,
} from "./definitions.ts";
import { PlanningError } from "./errors.ts";
import { resolveMember, selectAll } from "./selection.ts";

/** Form display options of the caller (the API's `preferences`). */
export interface FormPreferences {
  missingRowSuppression?: boolean;
  missingColSuppression?: boolean;
  missingLabel?: string;
  locale?: string;
}

/**
 * Kind of a cell for colour coding, in the contract's vocabulary (`CellKind`): `corner` the empty cells above
 * the row headers; `data` a writable cell with a value; `read-only` a cell that cannot be written, with or
 * without a value; `missing` a writable cell without data (see {@link FormCellState} for the finer states).
 */
export type FormCellKind =
  | "corner"
  | "blank"
  | "column-header"
  | "row-header"
  | "data"
  | "missing"
  | "read-only";

/**
 * What a cell is, in detail, so the add-in can colour and protect it: `member` a header; `data` a writable
 * number; `missing` a writable cell without data; `text` a writable text cell; `read-only` not writable
 * (read-only segment, Dynamic Calc, upper level, label only); `locked` protected by an approval lock;
 * `smart-list` a writable Smart List cell (shows and takes an entry label).
 */
export type FormCellState =
  | "blank"
  | "member"
  | "data"
  | "missing"
  | "text"
  | "smart-list"
  | "read-only"
  | "locked";

/**
 * Why a planning user cannot enter a cell, or null: what the cube refuses (label only, Dynamic Calc), plus
 * Planning's bottom-up rule: an upper-level member's value is aggregated from its children, never entered.
 */
export function planningWriteBlocker(data: DataSource, tuple: readonly Member[]): string | null {
  const blocker = data.writeBlocker(tuple);
  if (blocker) return blocker;
  for (const m of tuple) {
    if (!m.stored.isLeaf)
      return `${m.name} is an upper-level member; its value is aggregated from its children`;
  }
  return null;
}

/** The plan type a form reads: its data, text cells and locks. */
export interface FormCube {
  name: string;
  outline: Outline;
  data: DataSource;
  texts: TextStore;
  textMembers: ReadonlySet<Member>;
  /** Smart List of a member's cells. */
  smartLists: ReadonlyMap<Member, SmartListDefinition>;
  /** Member of a dimension that neither the form nor its POV names. */
  defaults: ReadonlyMap<Dimension, Member>;
  locks: readonly { members: Map<Dimension, Set<Member>>; reason: string }[];
}

export interface FormCell {
  tuple: Member[];
  text: boolean;
  smartList: SmartListDefinition | null;
  /** Why the cell cannot be written, `null` when it can. */
  blocker: string | null;
  locked: boolean;
}

/** A form laid out for one POV: the pieces both open and submit need. */
export interface LaidOutForm {
  pov: Record<string, string>;
  /** Dimension → members the user may choose for it (page and POV choices). */
  povChoices: Record<string, string[]>;
  rowDims: Dimension[];
  colDims: Dimension[];
  rows: { members: Member[]; segment: AxisSegment }[];
  cols: { members: Member[]; segment: AxisSegment }[];
  base: Map<Dimension, Member>;
}

export interface RenderedForm {
  pov: Record<string, string>;
  /** POV dimension → members the user may choose (page dimensions); one member when the form fixes it. */
  povChoices: Record<string, string[]>;
  grid: string[][];
  /** Member name behind every header cell (`""` elsewhere); send it back with `submitForm`. */
  codes: string[][];
  cellKinds: FormCellKind[][];
  /** Finer than `cellKinds`: `locked` and `text` cells are told apart. */
  cellStates: FormCellState[][];
}

export function compileLocks(outline: Outline, locks: readonly LockDefinition[]): FormCube["locks"] {
  return locks.map((l) => {
    const members = new Map<Dimension, Set<Member>>();
    for (const [dimName, names] of Object.entries(l.members)) {
      const dim = outline.dimension(dimName);
      if (!dim) throw new Error(`Lock on unknown dimension ${dimName}`);
      members.set(dim, new Set(names.map((n) => resolveMember(outline, n, dim))));
    }
    return { members, reason: l.reason };
  });
}

function dimensionOf(cube: FormCube, name: string, field: string): Dimension {
  const d = cube.outline.dimension(name);
  if (!d) {
    throw new PlanningError("PLANNING_DIMENSION_UNKNOWN", `Unknown dimension "${name}".`, field, {
      params: { dimension: name, cube: cube.name },
    });
  }
  return d;
}

/** Resolves the POV (defaults overridden by `requested`) and expands both axes. */
export function layOutForm(
  cube: FormCube,
  def: RegularFormDefinition,
  requested: Record<string, string> | undefined,
): LaidOutForm {
  const { outline } = cube;
  const base = new Map<Dimension, Member>();
  const pov: Record<string, string> = {};
  const povChoices: Record<string, string[]> = {};
  for (const [dimName, sel] of Object.entries(def.hidden ?? {})) {
    const dim = dimensionOf(cube, dimName, "hidden");
    base.set(dim, resolveMember(outline, sel, dim));
  }
  const req = new Map<string, string>();
  for (const [k, v] of Object.entries(requested ?? {})) {
    // Dimensions on the form's axes are ignored; a name that is no dimension at all is an error.
    if (!outline.dimension(k)) {
      throw new PlanningError(
        "PLANNING_POV_INVALID",
        `The POV names "${k}", which is not a dimension.`,
        `pov.${k}`,
        {
          params: {
            field: `pov.${k}`,
            sentence: {
              en: `"${k}" is not a dimension`,
              fr: `«\u00a0${k}\u00a0» n'est pas une dimension`,
            },
          },
        },
      );
    }
    req.set(k.toLowerCase(), v);
  }
  for (const [dimName, defaultSel] of Object.entries(def.pov)) {
    const dim = dimensionOf(cube, dimName, "pov");
    const choices = def.povChoices?.[dim.name]
      ? selectAll(outline, def.povChoices[dim.name] as string[], dim)
      : null;
    const fallback = resolveMember(outline, defaultSel, dim);
    let member = fallback;
    const asked = req.get(dim.name.toLowerCase());
    if (asked !== undefined && asked !== "") {
      const field = `pov.${dim.name}`;
      // A member name, or an alias of the Default table (what a form shows).
      const byAlias = outline.memberByAlias(String(asked).trim(), "Default");
      const m =
        byAlias && byAlias.dimension === dim && !outline.member(String(asked).trim())
          ? byAlias
          : resolveMember(outline, String(asked), dim, field);
      if (m.stored !== fallback.stored && !(choices ?? []).some((c) => c.stored === m.stored)) {
        throw new PlanningError(
          "PLANNING_POV_INVALID",
          choices
            ? `Member "${m.name}" is not one of the ${dim.name} members form "${def.name}" allows.`
            : `Form "${def.name}" fixes ${dim.name} to "${fallback.name}".`,
          field,
          // The same refusal in the caller's words, in each language (the API's validation message fills them in).
          {
            params: {
              field,
              sentence: choices
                ? {
                    en: `The form "${def.name}" does not offer "${m.name}" for ${dim.name}`,
                    fr: `Le formulaire «\u00a0${def.name}\u00a0» ne propose pas «\u00a0${m.name}\u00a0» pour ${dim.name}`,
                  }
                : {
                    en: `The form "${def.name}" fixes ${dim.name} to "${fallback.name}"`,
                    fr: `Le formulaire «\u00a0${def.name}\u00a0» fixe ${dim.name} à «\u00a0${fallback.name}\u00a0»`,
                  },
            },
          },
        );
      }
      member = m;
    }
    base.set(dim, member);
    pov[dim.name] = member.name;
    povChoices[dim.name] = (choices ?? [fallback]).map((m) => m.name);
  }
  const rowDims = def.rows.dimensions.map((d) => dimensionOf(cube, d, "rows"));
  const colDims = def.columns.dimensions.map((d) => dimensionOf(cube, d, "columns"));
  return {
    pov,
    povChoices,
    rowDims,
    colDims,
    rows: expandAxis(outline, def.rows, rowDims),
    cols: expandAxis(outline, def.columns, colDims),
    base,
  };
}

function expandAxis(
  outline: Outline,
  axis: FormAxis,
  dims: Dimension[],
): { members: Member[]; segment: AxisSegment }[] {
  const out: { members: Member[]; segment: AxisSegment }[] = [];
  for (const segment of axis.segments) {
    if (segment.hidden) continue;
    const lists = dims.map((d) => selectAll(outline, segment.members[d.name] ?? [d.name], d));
    let combos: Member[][] = [[]];
    for (const list of lists) combos = combos.flatMap((c) => list.map((m) => [...c, m]));
    for (const members of combos) out.push({ members, segment });
  }
  return out;
}

/** The full tuple (one member per base dimension) of a data cell, and whether and why it is protected. */
export function formCell(
  cube: FormCube,
  form: LaidOutForm,
  row: { members: Member[]; segment: AxisSegment },
  col: { members: Member[]; segment: AxisSegment },
): FormCell {
  const at = new Map(form.base);
  form.rowDims.forEach((d, i) => {
    at.set(d, row.members[i] as Member);
  });
  form.colDims.forEach((d, i) => {
    at.set(d, col.members[i] as Member);
  });
  const tuple = cube.outline.baseDimensions.map((d) => at.get(d) ?? cube.defaults.get(d) ?? d.root);
  const text = tuple.some((m) => cube.textMembers.has(m.stored));
  let smartList: SmartListDefinition | null = null;
  for (const m of tuple) smartList ??= cube.smartLists.get(m.stored) ?? null;
  let blocker: string | null = null;
  let locked = false;
  if (row.segment.readOnly || col.segment.readOnly) blocker = "The form shows this cell read-only.";
  if (!blocker) blocker = planningWriteBlocker(cube.data, tuple);
  if (!blocker) {
    const lock = cube.locks.find((l) =>
      [...l.members].every(([d, set]) => set.has((at.get(d) ?? cube.defaults.get(d) ?? d.root).stored)),
    );
    if (lock) {
      blocker = lock.reason;
      locked = true;
    }
  }
  return { tuple, text, smartList, blocker, locked };
}

/** How a cell value is shown: a Smart List entry label, a plain decimal number, or the text. */
export function showValue(cell: FormCell, v: CellValue | string, missingLabel: string): string {
  if (v === null) return missingLabel;
  if (typeof v === "string") return v;
  if (cell.smartList && Number.isInteger(v)) return cell.smartList.entries[v - 1] ?? formatNumber(v);
  return formatNumber(v);
}

export function formatNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  return String(Number.parseFloat(v.toFixed(6)));
}

/** Reads the form's cells and renders grid, codes, cell kinds and states. */
export function renderForm(
  cube: FormCube,
  def: RegularFormDefinition,
  form: LaidOutForm,
  prefs: FormPreferences,
  aliasTable: string,
): RenderedForm {
  const missingLabel = prefs.missingLabel ?? "#Missing";
  const cells = form.rows.map((r) => form.cols.map((c) => formCell(cube, form, r, c)));
  const values: (CellValue | string)[][] = cells.map((row) =>
    row.map((cell) => (cell.text ? cube.texts.get(cell.tuple) : cube.data.read(cell.tuple))),
  );
  let rowIdx = form.rows.map((_, i) => i);
  let colIdx = form.cols.map((_, i) => i);
  if (def.suppressMissingRows || prefs.missingRowSuppression) {
    rowIdx = rowIdx.filter((r) => colIdx.some((c) => values[r]?.[c] !== null));
  }
  if (def.suppressMissingColumns || prefs.missingColSuppression) {
    colIdx = colIdx.filter((c) => rowIdx.some((r) => values[r]?.[c] !== null));
  }
  const display = (m: Member): string => (def.memberDisplay === "name" ? m.name : m.label(aliasTable));
  const H = form.colDims.length;
  const L = form.rowDims.length;
  const grid: string[][] = [];
  const codes: string[][] = [];
  const kinds: FormCellKind[][] = [];
  const states: FormCellState[][] = [];
  for (let h = 0; h < H; h++) {
    const g: string[] = new Array(L).fill("");
    const k: string[] = new Array(L).fill("");
    const kind: FormCellKind[] = new Array(L).fill("corner");
    const st: FormCellState[] = new Array(L).fill("blank");
    for (const c of colIdx) {
      const m = form.cols[c]?.members[h] as Member;
      g.push(display(m));
      k.push(m.name);
      kind.push("column-header");
      st.push("member");
    }
    grid.push(g);
    codes.push(k);
    kinds.push(kind);
    states.push(st);
  }
  for (const r of rowIdx) {
    const row = form.rows[r] as { members: Member[] };
    const g = row.members.map(display);
    const k = row.members.map((m) => m.name);
    const kind: FormCellKind[] = row.members.map(() => "row-header");
    const st: FormCellState[] = row.members.map(() => "member");
    for (const c of colIdx) {
      const cell = cells[r]?.[c] as FormCell;
      const v = values[r]?.[c] ?? null;
      g.push(showValue(cell, v, missingLabel));
      k.push("");
      // A cell the user cannot write is `read-only` with or without a value (the contract's form cells).
      kind.push(cell.blocker ? "read-only" : v === null ? "missing" : "data");
      if (cell.blocker) st.push(cell.locked ? "locked" : "read-only");
      else st.push(cell.text ? "text" : cell.smartList ? "smart-list" : v === null ? "missing" : "data");
    }
    grid.push(g);
    codes.push(k);
    kinds.push(kind);
    states.push(st);
  }
  return { pov: form.pov, povChoices: form.povChoices, grid, codes, cellKinds: kinds, cellStates: states };
}
