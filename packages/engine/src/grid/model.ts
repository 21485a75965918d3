import type { Dimension, Member, Outline } from "../outline.ts";

/** One row (left axis) or column (top axis) of the grid: a member per axis dimension, outer first. */
export interface AxisTuple {
  members: Member[];
  /**
   * Index of the tuple this one comes from in the parsed sheet. Zoom results inherit it from the member they
   * expand; blank rows and columns are placed by it.
   */
  origin: number;
}

/** A row or column axis: its dimensions (outer first), its tuples, and the blanks taken out of it. */
export interface GridAxis {
  dims: Dimension[];
  tuples: AxisTuple[];
  /**
   * One entry per blank row (column): the origin of the tuple it stood before in the parsed sheet. A blank is
   * rendered just before the first surviving tuple whose origin is not smaller, and dropped when none is left.
   */
  blanks: number[];
}

/** Where things were in the sheet that was parsed; selections are read through it. */
export interface SheetLayout {
  rows: number;
  columns: number;
  headerRows: number;
  leftColumns: number;
  /** Per sheet row: index of its left tuple, `null` for a blank row, `undefined` above the data region. */
  rowTuple: (number | null | undefined)[];
  /** Per sheet column: index of its top tuple, `null` for a blank column, `undefined` left of the data region. */
  colTuple: (number | null | undefined)[];
  /** `"row,column"` of each POV member cell → index in {@link GridModel.pov}. */
  povCells: Map<string, number>;
  /** Sheet row → index of the top-axis dimension it carries. */
  topRows: Map<number, number>;
}

/** The layout of a model no sheet was read into (a grid made anew): rendering lays it out. */
export function emptyLayout(): SheetLayout {
  return {
    rows: 0,
    columns: 0,
    headerRows: 0,
    leftColumns: 0,
    rowTuple: [],
    colTuple: [],
    povCells: new Map(),
    topRows: new Map(),
  };
}

/** The neutral grid every connector maps to: POV, two axes, the data typed in the sheet. */
export interface GridModel {
  outline: Outline;
  /** POV members, in the order the POV row shows them. */
  pov: Member[];
  left: GridAxis;
  top: GridAxis;
  /**
   * Data-region text as typed, keyed by `rowKey|colKey` ({@link tupleKey} of the row and column tuples). Kept
   * only when navigating without data (the answer then shows what was typed).
   */
  typed: Map<string, string>;
  layout: SheetLayout;
}

export function tupleKey(members: readonly Member[]): string {
  let k = "";
  for (const m of members) k += `${m.dimension.index}:${m.ordinal};`;
  return k;
}

export function cloneAxis(a: GridAxis): GridAxis {
  return {
    dims: [...a.dims],
    tuples: a.tuples.map((t) => ({ members: [...t.members], origin: t.origin })),
    blanks: [...a.blanks],
  };
}
