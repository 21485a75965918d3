import { type CellPosition, SHEET_ACTIONS, type SheetAction } from "@qibates/grid-rules";
import type { Member, Outline } from "../outline.ts";
import { GridError, type UnknownMember } from "./errors.ts";
import { keepOrRemoveAxis } from "./keep-remove.ts";
import { cloneAxis, emptyLayout, type GridModel } from "./model.ts";
import { type CellRef, cellRef, parseGrid, parseGridSteps } from "./parse.ts";
import {
  type Destination,
  type PivotSource,
  type Place,
  pivotDestination,
  pivotModel,
  pivotSource,
  pivotTarget,
} from "./pivot.ts";
import {
  type CellKind,
  type GridDataSource,
  type Placement,
  type RenderedGrid,
  renderGrid,
  renderGridSteps,
} from "./render.ts";
import { type GridSettings, type ResolvedGridSettings, resolveSettings, type ZoomMode } from "./settings.ts";
import { finish, type Steps } from "./steps.ts";
import { type CellStatus, submitCells } from "./submit.ts";
import { type AxisPick, zoomInAxis, zoomOutAxis } from "./zoom.ts";
import { requestZoomMode } from "./zoom-size.ts";

/** The sheet's actions (`@qibates/grid-rules`) and `submit`, the engine's save. */
export type GridAction = SheetAction | "submit";

export const GRID_ACTIONS: readonly GridAction[] = [...SHEET_ACTIONS, "submit"];

export type { CellPosition };

/** A block of the sheet: `rows` × `columns` cells from (`startRow`, `startCol`). */
export interface Range {
  startRow: number;
  startCol: number;
  rows: number;
  columns: number;
}

export interface GridRequest {
  /** Case and `_`/`-` are ignored: `zoomIn`, `ZOOM_IN`, `pivotToPOV` are accepted. */
  action: GridAction | string;
  /** The sheet as the add-in sees it. */
  grid: readonly (readonly unknown[])[];
  /** Selected cells (zoom, keep/remove only; several allowed); for a pivot, the first is the start. */
  cells?: CellPosition[];
  /** Selected blocks; a block spanning regions is reduced to the region its first cell is in. */
  ranges?: Range[];
  /** Pivot start (the API's `row`, `column`) and optional destination cell. */
  row?: number;
  column?: number;
  pivot?: { row: number; column: number; toRow?: number; toColumn?: number };
  /** Submit: the cells edited since the last refresh. Without it, every data cell that differs from the cube. */
  dirtyCells?: CellPosition[];
  settings?: GridSettings;
  /** Active alias table (overrides `settings.aliasTable`); `null` or `"none"` for member names. */
  aliasTable?: string | null;
  /** Zoom-in level for this call (overrides `settings.zoomInPreference`). */
  zoomMode?: ZoomMode;
  /**
   * Largest answer the caller accepts, in cells: the operation stops (`GRID_TOO_LARGE`) as soon as the
   * answer would exceed it, before reading the data of the rows beyond it.
   */
  maxCells?: number;
}

export interface GridResponse {
  grid: string[][];
  /** Same shape as `grid`: what each cell is. */
  kinds: CellKind[][];
  /** Same shape as `grid`: data cells that may be written. */
  writable: boolean[][];
  /** Blocks of the sent sheet that the new grid no longer covers (the add-in clears them). */
  rangesToDelete: Range[];
  headerRows: number;
  leftColumns: number;
  placements: Placement[];
  /** False when the operation did nothing (a selection on a data cell, a blank, a leaf…); the grid is refreshed. */
  changed: boolean;
  /** Submit: one status per submitted cell. */
  cellStatus?: CellStatus[];
}

export function normalizeAction(action: string): GridAction {
  const a = action.replace(/[_\s-]/g, "").toLowerCase();
  const found = GRID_ACTIONS.find((x) => x === a);
  if (!found) throw new GridError("GRID_BAD_REQUEST", { id: "unknownAction", action });
  return found;
}

/** The selected cells in order, each range reduced to the region of its first cell. */
function selectedRefs(model: GridModel, req: GridRequest): CellRef[] {
  const refs: CellRef[] = [];
  for (const c of req.cells ?? []) refs.push(cellRef(model, c.row, c.column, req.grid));
  for (const r of req.ranges ?? []) {
    const first = cellRef(model, r.startRow, r.startCol, req.grid);
    for (let i = 0; i < Math.max(1, r.rows); i++) {
      for (let j = 0; j < Math.max(1, r.columns); j++) {
        const ref = cellRef(model, r.startRow + i, r.startCol + j, req.grid);
        if (ref.region === first.region) refs.push(ref);
      }
    }
  }
  return refs;
}

/** Picks of the axis the first member cell of the selection is on (a selection acts on one axis). */
function axisPicks(refs: readonly CellRef[]): { region: "left" | "top"; picks: AxisPick[] } | null {
  const first = refs.find((r) => r.region === "left" || r.region === "top");
  if (!first || (first.region !== "left" && first.region !== "top")) return null;
  const picks: AxisPick[] = [];
  for (const r of refs) {
    if (r.region === first.region) picks.push({ tuple: r.tuple, position: r.position, member: r.member });
  }
  return { region: first.region, picks };
}

function diffRanges(oldRows: number, oldCols: number, newRows: number, newCols: number): Range[] {
  const out: Range[] = [];
  if (newRows < oldRows && oldCols > 0)
    out.push({ startRow: newRows, startCol: 0, rows: oldRows - newRows, columns: oldCols });
  if (newCols < oldCols) {
    const rows = Math.min(newRows, oldRows);
    if (rows > 0) out.push({ startRow: 0, startCol: newCols, rows, columns: oldCols - newCols });
  }
  return out;
}

function isEmptySheet(grid: readonly (readonly unknown[])[]): boolean {
  return grid.every((r) => (r ?? []).every((v) => v == null || String(v).trim() === ""));
}

/**
 * Runs one ad hoc operation on a sheet and renders the answer. Impossible operations throw a {@link GridError}
 * with Essbase's message; a selection that names no member (a data cell, a blank) changes nothing.
 */
export function runGridOperation(source: GridDataSource, request: GridRequest): GridResponse {
  return finish(gridOperationSteps(source, request));
}

/**
 * {@link runGridOperation} in steps (see `steps.ts`): the data is read and the answer written a few rows at a
 * time. The caller keeps the source unchanged from the first step to the last.
 */
export function* gridOperationSteps(source: GridDataSource, request: GridRequest): Steps<GridResponse> {
  validateRequest(request);
  yield;
  const action = normalizeAction(String(request.action ?? ""));
  const settings = resolveSettings(request.settings, request.aliasTable);
  settings.zoomInPreference = requestZoomMode(request);
  const oldRows = request.grid.length;
  const oldCols = request.grid.reduce((w, r) => Math.max(w, r?.length ?? 0), 0);

  if (isEmptySheet(request.grid) && (action === "refresh" || action === "submit")) {
    const init = initialGrid(source, request.settings, request.aliasTable, request.maxCells);
    return {
      ...init,
      rangesToDelete: diffRanges(oldRows, oldCols, init.grid.length, init.grid[0]?.length ?? 0),
    };
  }

  const { model } = yield* parseGridSteps(source.outline, request.grid, settings);
  const work: GridModel = {
    ...model,
    pov: [...model.pov],
    left: cloneAxis(model.left),
    top: cloneAxis(model.top),
  };
  let changed = false;
  let cellStatus: CellStatus[] | undefined;

  switch (action) {
    case "refresh":
      break;
    case "submit":
      cellStatus = submitCells(source, model, request.grid, request.dirtyCells ?? request.cells, settings);
      break;
    case "zoomin":
    case "zoomout":
    case "keeponly":
    case "removeonly": {
      const sel = axisPicks(selectedRefs(model, request));
      if (!sel) break;
      const axis = sel.region === "left" ? work.left : work.top;
      if (action === "zoomin") changed = zoomInAxis(axis, sel.picks, zoomOptions(settings));
      else if (action === "zoomout") changed = zoomOutAxis(axis, sel.picks, settings.withinSelectedGroup);
      else changed = keepOrRemoveAxis(axis, sel.picks, action === "keeponly", settings.withinSelectedGroup);
      break;
    }
    case "pivot":
    case "pivottopov": {
      const { src, dest } = pivotEnds(model, request);
      changed = pivotModel(work, src, dest, action === "pivottopov");
      break;
    }
  }

  const out = yield* renderGridSteps(source, work, settings, request.maxCells);
  const newCols = out.grid[0]?.length ?? 0;
  return {
    ...renderedAnswer(out, diffRanges(oldRows, oldCols, out.grid.length, newCols), changed),
    ...(cellStatus ? { cellStatus } : {}),
  };
}

/**
 * The answer of a rendered grid: its cells, their kinds and what may be written, where the headers end and the
 * members' places; `rangesToDelete`, what of the sheet sent it no longer covers (none for a grid made anew),
 * and whether the operation changed anything.
 */
export function renderedAnswer(
  out: RenderedGrid,
  rangesToDelete: Range[] = [],
  changed = true,
): GridResponse {
  return {
    grid: out.grid,
    kinds: out.kinds,
    writable: out.writable,
    rangesToDelete,
    headerRows: out.headerRows,
    leftColumns: out.leftColumns,
    placements: out.placements,
    changed,
  };
}

/** The start and the destination (if any) a pivot request names in the sheet read as `model`. */
function pivotEnds(model: GridModel, request: GridRequest): { src: PivotSource; dest: Destination | null } {
  const start =
    request.pivot ??
    (request.row !== undefined && request.column !== undefined
      ? { row: request.row, column: request.column }
      : request.cells?.[0]);
  if (!start) throw new GridError("GRID_PIVOT_NO_START", { id: "pivotNoStart" });
  const src = pivotSource(model, start.row, start.column);
  const p = request.pivot;
  const dest =
    p && p.toRow !== undefined && p.toColumn !== undefined
      ? pivotDestination(model, p.toRow, p.toColumn)
      : null;
  return { src, dest };
}

/**
 * Where a pivot or Pivot to POV request moves a dimension, by the rule {@link runGridOperation} applies
 * (`pivotTarget` in pivot.ts), without doing it: the dimension, where it is and where it goes. Lets a caller
 * that speaks another vocabulary (the API's `to: "rows" | "columns"`) name the same move. Throws the
 * operation's {@link GridError} when the start names no member or the destination is a data cell.
 */
export function pivotPlan(
  outline: Outline,
  request: GridRequest,
): { dimension: string; from: Place; to: Place; leftColumns: number } {
  validateRequest(request);
  const action = normalizeAction(String(request.action ?? ""));
  if (action !== "pivot" && action !== "pivottopov")
    throw new GridError("GRID_BAD_REQUEST", { id: "notAPivot", action });
  const settings = resolveSettings(request.settings, request.aliasTable);
  const { model } = parseGrid(outline, request.grid, settings);
  const { src, dest } = pivotEnds(model, request);
  return {
    dimension: src.dimension.name,
    from: { region: src.region, position: src.position },
    to: pivotTarget(src, dest, action === "pivottopov"),
    leftColumns: model.layout.leftColumns,
  };
}

function validateRequest(request: GridRequest): void {
  if (!request || !Array.isArray(request.grid))
    throw new GridError("GRID_BAD_REQUEST", { id: "gridNotRows" });
  request.grid.forEach((row, r) => {
    if (!Array.isArray(row)) throw new GridError("GRID_BAD_REQUEST", { id: "rowNotCells", row: r });
    row.forEach((v, c) => {
      if (
        v !== null &&
        v !== undefined &&
        typeof v !== "string" &&
        typeof v !== "number" &&
        typeof v !== "boolean"
      ) {
        throw new GridError("GRID_BAD_REQUEST", { id: "cellNotText", row: r, column: c });
      }
    });
  });
  for (const [name, list] of [
    ["cells", request.cells],
    ["dirtyCells", request.dirtyCells],
  ] as const) {
    if (list === undefined) continue;
    if (
      !Array.isArray(list) ||
      list.some((p) => !p || !Number.isInteger(p.row) || !Number.isInteger(p.column))
    ) {
      throw new GridError("GRID_BAD_REQUEST", { id: "badCellList", name });
    }
  }
}

function zoomOptions(s: ResolvedGridSettings) {
  return {
    mode: s.zoomInPreference,
    includeSelection: s.includeSelection,
    withinSelectedGroup: s.withinSelectedGroup,
    removeUnselectedGroup: s.removeUnselectedGroup,
    ancestorPosition: s.ancestorPosition,
  };
}

/**
 * Essbase's default ad hoc grid of a cube: the first base dimension down the rows, the second across the
 * columns, every other base dimension in the POV (outline order), each at its top member. For Sample.Basic:
 * Year on rows, Measures on columns, Product, Market and Scenario in the POV.
 */
export function initialGrid(
  source: GridDataSource,
  settings?: GridSettings,
  aliasTable?: string | null,
  maxCells?: number,
): Omit<GridResponse, "rangesToDelete"> & { rangesToDelete: Range[] } {
  const s = resolveSettings(settings, aliasTable);
  const dims = source.outline.baseDimensions;
  if (dims.length < 2) throw new GridError("GRID_BAD_REQUEST", { id: "tooFewDimensions" });
  const [rowDim, colDim, ...rest] = dims;
  const model: GridModel = {
    outline: source.outline,
    pov: rest.map((d) => d.root),
    left: {
      dims: [rowDim as (typeof dims)[number]],
      tuples: [{ members: [(rowDim as (typeof dims)[number]).root], origin: 0 }],
      blanks: [],
    },
    top: {
      dims: [colDim as (typeof dims)[number]],
      tuples: [{ members: [(colDim as (typeof dims)[number]).root], origin: 0 }],
      blanks: [],
    },
    typed: new Map(),
    layout: emptyLayout(),
  };
  return renderedAnswer(renderGrid(source, model, s, maxCells));
}

export type { Member, UnknownMember };
