import type { components } from "@qibates/client/schema";
import { type Member, memberWriteBlocker, type Outline } from "@qibates/engine";
import {
  type CellKind,
  formatValue,
  type GridDataSource,
  type GridRequest,
  type GridResponse,
  type ResolvedGridSettings,
  readLayout,
  resolveLabel,
  runGridOperation,
} from "@qibates/engine/grid";
import { pivotSelection } from "../embedded/essbase.ts";
import type { GridCall, GridInput } from "../provider.ts";

/**
 * The Essbase REST grid (`Grid{dimensions, alias, slice}`) and the sheet the QiBates API speaks, both ways.
 * Wire facts (Oracle's REST description and captured exchanges): the slice is the sheet row-major in one
 * range (`values[]` as strings, numbers like Java's `105522.0`); `types[]` "0" member, "2" data, "7" blank;
 * a POV dimension carries its member in `pov` with `row`/`column` -1; a left-axis dimension its column; a
 * top-axis dimension its row.
 */

export interface RestGridDimension {
  name: string;
  row: number;
  column: number;
  pov: string;
  hidden: boolean;
  expanded: boolean;
}

export interface RestGridRange {
  start: number;
  end: number;
  values: string[];
  types?: string[];
}

export interface RestGrid {
  alias?: string;
  dimensions?: RestGridDimension[];
  slice: {
    rows: number;
    columns: number;
    dirtyCells?: number[];
    dirtyTexts?: number[];
    data: { ranges: RestGridRange[] };
  };
}

/**
 * A cube with no data over a remote outline, for laying sheets out: which cells may be written follows the
 * outline with the engine's own rule (`memberWriteBlocker`), as the server's cube does.
 */
export function layoutSource(outline: Outline): GridDataSource {
  return {
    outline,
    read: () => null,
    writeBlocker: (tuple: readonly Member[]) => {
      for (const m of tuple) {
        const why = memberWriteBlocker(m);
        if (why) return why;
      }
      return null;
    },
    write: () => {},
  };
}

/**
 * The engine's request for a grid call of the provider contract, with `settings` as given: the selected
 * cells, the pivot start (a pivot to the columns goes to the outermost column row) or the POV cell.
 */
export function gridRequestOf(
  outline: Outline,
  settings: ResolvedGridSettings,
  aliasTable: string | null,
  call: GridCall,
): GridRequest & { settings: ResolvedGridSettings } {
  const input = call.input as Partial<GridInput> & {
    cells?: components["schemas"]["CellRef"][];
    row?: number;
    column?: number;
    to?: "rows" | "columns";
  };
  const grid = (input.grid ?? []) as unknown[][];
  return {
    action: call.action === "initgrid" ? "refresh" : call.action,
    grid,
    aliasTable,
    ...(input.maxCells !== undefined ? { maxCells: input.maxCells } : {}),
    ...(input.cells ? { cells: input.cells } : {}),
    ...(call.action === "pivottopov" ? { row: input.row, column: input.column } : {}),
    ...(call.action === "pivot"
      ? pivotSelection(
          outline,
          { grid, row: input.row ?? 0, column: input.column ?? 0, ...(input.to ? { to: input.to } : {}) },
          settings,
        )
      : {}),
    settings,
  };
}

/** Every data cell of a sheet (data or missing), as the engine reads the sheet over `outline`. */
export function dataCellsOf(
  outline: Outline,
  sheet: readonly (readonly unknown[])[],
  settings: ResolvedGridSettings,
  aliasTable: string | null,
): { row: number; column: number }[] {
  const local = runGridOperation(layoutSource(outline), {
    action: "refresh",
    grid: sheet,
    settings: { ...settings, suppressMissingRows: false, suppressMissingColumns: false },
    aliasTable,
  });
  const found: { row: number; column: number }[] = [];
  local.kinds.forEach((row, r) => {
    row.forEach((k, c) => {
      if (k === "data" || k === "missing") found.push({ row: r, column: c });
    });
  });
  return found;
}

/** The preferences object of `PUT /preferences/grid` for a call's resolved settings. */
export function restPreferences(s: ResolvedGridSettings): Record<string, unknown> {
  const suppression = (missing: boolean, zero: boolean, noAccess: boolean, underScore: boolean) => ({
    missing,
    zero,
    noAccess,
    underScore,
    derived: false,
    invalid: false,
    error: false,
    emptyBlocks: false,
  });
  return {
    indentation: s.indentation,
    zoomIn: {
      ancestor: s.ancestorPosition === "TOP" ? "top" : "bottom",
      mode:
        s.zoomInPreference === "ALL_LEVELS"
          ? "descendents"
          : s.zoomInPreference === "BOTTOM_LEVEL"
            ? "base"
            : "children",
    },
    includeSelection: s.includeSelection,
    withinSelectedGroup: s.withinSelectedGroup,
    removeUnSelectedGroup: s.removeUnselectedGroup,
    repeatMemberLabels: s.repeatMemberLabels,
    navigate: !s.navigateWithoutData,
    missingText: s.missingLabel,
    noAccessText: s.noAccessLabel,
    rowSupression: suppression(
      s.suppressMissingRows,
      s.suppressZeroRows,
      s.suppressNoAccessRows,
      s.suppressUnderscoreRows,
    ),
    columnSupression: suppression(
      s.suppressMissingColumns,
      s.suppressZeroColumns,
      s.suppressNoAccessColumns,
      false,
    ),
  };
}

/** A sheet cell as the slice carries it. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  return String(v);
}

/** The sheet as a REST grid: the slice, and where each dimension sits (read with Essbase's rules). */
export function restGridOf(
  outline: Outline,
  sheet: readonly (readonly unknown[])[],
  settings: ResolvedGridSettings,
): RestGrid {
  const rows = sheet.length;
  let columns = 0;
  for (const line of sheet) if (line.length > columns) columns = line.length;
  // Each cell's text once: row by row for the layout, row-major for the slice.
  const values: string[] = [];
  const cells: string[][] = [];
  for (let r = 0; r < rows; r++) {
    const line = sheet[r];
    const out: string[] = [];
    for (let c = 0; c < columns; c++) {
      const text = cellText(line?.[c]);
      out.push(text);
      values.push(text);
    }
    cells.push(out);
  }
  const dimensions: RestGridDimension[] = [];
  if (rows > 0) {
    const layout = readLayout(outline, cells, settings);
    // The POV row names one member per POV dimension; a dimension absent from the sheet stands at its top.
    const povMember = new Map<string, string>();
    for (const text of cells[0] ?? []) {
      const t = text.trim();
      const m =
        t === "" ? undefined : resolveLabel(outline, t, settings.aliasTable, settings.substitutionVariables);
      if (m && !povMember.has(m.dimension.name)) povMember.set(m.dimension.name, m.name);
    }
    // Attribute dimensions are listed only when the sheet shows them (Essbase's grid has no POV for them).
    const attributes = outline.attributeDimensions;
    const isAttribute = (name: string) => attributes.some((d) => d.name === name);
    for (const p of layout.placements) {
      if (p.region === "POV" && isAttribute(p.name)) continue;
      dimensions.push({
        name: p.name,
        row: p.region === "TOP" ? p.index : -1,
        column: p.region === "LEFT" ? p.index : -1,
        pov: p.region === "POV" ? (povMember.get(p.name) ?? p.name) : "",
        hidden: false,
        expanded: false,
      });
    }
  }
  return {
    ...(settings.aliasTable ? { alias: settings.aliasTable } : {}),
    dimensions,
    slice: { rows, columns, data: { ranges: [{ start: 0, end: rows * columns - 1, values }] } },
  };
}

/** The cells of a REST grid, row by row, with their types. */
export function sheetOf(grid: RestGrid): { cells: string[][]; types: string[][] } | null {
  const slice = grid?.slice;
  if (!slice || !Number.isInteger(slice.rows) || !Number.isInteger(slice.columns)) return null;
  const { rows, columns } = slice;
  const cells: string[][] = [];
  const types: string[][] = [];
  for (let r = 0; r < rows; r++) {
    cells.push(Array<string>(columns).fill(""));
    types.push(Array<string>(columns).fill("7"));
  }
  for (const range of slice.data?.ranges ?? []) {
    const { values, start } = range;
    if (!Array.isArray(values) || !Number.isInteger(start)) return null;
    const rangeTypes = range.types;
    for (let i = 0; i < values.length; i++) {
      const at = start + i;
      const r = Math.floor(at / columns);
      if (r >= rows) continue;
      const c = at % columns;
      const v = values[i];
      (cells[r] as string[])[c] = v ?? "";
      (types[r] as string[])[c] = rangeTypes?.[i] ?? (v === "" ? "7" : "0");
    }
  }
  return { cells, types };
}

/**
 * The engine's answer for an upstream sheet: the layout, kinds and labels are read with the engine's rules
 * over the remote outline (data left out), then each data cell takes the server's value.
 */
export function answerOf(
  outline: Outline,
  upstream: { cells: string[][]; types: string[][] },
  settings: ResolvedGridSettings,
  sent: { rows: number; columns: number },
): GridResponse {
  // Nothing suppressed: the layout must stay the server's, cell for cell.
  const layoutSettings = {
    ...settings,
    suppressMissingRows: false,
    suppressZeroRows: false,
    suppressUnderscoreRows: false,
    suppressNoAccessRows: false,
    suppressMissingColumns: false,
    suppressZeroColumns: false,
    suppressNoAccessColumns: false,
  };
  const local = runGridOperation(layoutSource(outline), {
    action: "refresh",
    grid: upstream.cells,
    settings: layoutSettings,
    aliasTable: settings.aliasTable,
  });
  const sameShape =
    local.grid.length === upstream.cells.length &&
    local.grid.every((row, r) => row.length === (upstream.cells[r]?.length ?? 0));
  // The local reading is this call's own (fresh arrays): its data cells are filled in place.
  const grid = sameShape ? local.grid : upstream.cells.map((row) => [...row]);
  const kinds: CellKind[][] = sameShape
    ? local.kinds
    : upstream.types.map((row) => row.map((t) => (t === "2" ? "data" : t === "0" ? "row-header" : "blank")));
  const { missingLabel, noAccessLabel } = settings;
  for (let r = 0; r < upstream.cells.length; r++) {
    const row = upstream.cells[r] as string[];
    const typeRow = upstream.types[r];
    const kindRow = kinds[r] as CellKind[];
    const gridRow = grid[r] as string[];
    for (let c = 0; c < row.length; c++) {
      if (typeRow?.[c] !== "2") continue;
      const value = row[c] as string;
      const v = value.trim();
      if (v === "" || v === missingLabel || v === "#Missing") {
        gridRow[c] = missingLabel;
        kindRow[c] = "missing";
      } else if (v === noAccessLabel || v === "#No Access" || v === "#NoAccess") {
        gridRow[c] = noAccessLabel;
        kindRow[c] = "noaccess";
      } else {
        const n = Number(v);
        gridRow[c] = Number.isFinite(n) ? formatValue(n) : value;
        kindRow[c] = "data";
      }
    }
  }
  const rows = grid.length;
  const columns = grid[0]?.length ?? 0;
  const rangesToDelete = [];
  if (rows < sent.rows && sent.columns > 0)
    rangesToDelete.push({ startRow: rows, startCol: 0, rows: sent.rows - rows, columns: sent.columns });
  if (columns < sent.columns && Math.min(rows, sent.rows) > 0)
    rangesToDelete.push({
      startRow: 0,
      startCol: columns,
      rows: Math.min(rows, sent.rows),
      columns: sent.columns - columns,
    });
  return {
    grid,
    kinds,
    writable: local.writable.length === rows ? local.writable : grid.map((row) => row.map(() => true)),
    rangesToDelete,
    headerRows: local.headerRows,
    leftColumns: local.leftColumns,
    placements: local.placements,
    changed: true,
  };
}

/** A number written as Java's `Double.toString` does, as Essbase's REST answers carry data values. */
export function javaDouble(v: number): string {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
  if (v === 0) return Object.is(v, -0) ? "-0.0" : "0.0";
  const abs = Math.abs(v);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(v);
    return s.includes(".") ? s : `${s}.0`;
  }
  const [mantissa, exponent] = v.toExponential().split("e") as [string, string];
  const m = mantissa.includes(".") ? mantissa : `${mantissa}.0`;
  return `${m}E${Number(exponent)}`;
}
