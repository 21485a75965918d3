import type { Outline } from "@qibates/engine";
import {
  type CellKind,
  formatValue,
  type GridResponse,
  labelKind,
  numberOfText,
  type ResolvedGridSettings,
  readLayout,
  resolveLabel,
  runGridOperation,
  withoutDataSuppression,
} from "@qibates/engine/grid";
import { layoutSource } from "@qibates/grid-bridge";
import {
  CELL_TYPE,
  type GridPreferencesPatch,
  gridSlice,
  type RestGrid,
  type RestGridDimension,
  type RestGridRange,
  readSlice,
  SLICE_MAX_CELLS,
  zoomInModeOf,
} from "@qibates/protocols/essbase-rest";

// The sheet the QiBates API speaks, to and from the Essbase REST grid (its types, slice reader and writer are
// the codec's, `@qibates/protocols/essbase-rest`).

/** The preferences object of `PUT /preferences/grid` for a call's resolved settings. */
export function restPreferences(s: ResolvedGridSettings): GridPreferencesPatch {
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
      // Essbase applies "top" to the zooms it does itself (NEXT_LEVEL, ALL_LEVELS, BOTTOM_LEVEL) only when essbase.cfg
      // sets SSANCESTORONTOP TRUE (default FALSE: ancestors stay at the bottom); Oracle's Essbase 21c configuration
      // reference: https://docs.oracle.com/en/database/other-databases/essbase/21/escfg/ssancestorontop.html
      ancestor: s.ancestorPosition === "TOP" ? "top" : "bottom",
      mode: zoomInModeOf(s.zoomInPreference),
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

/** `s` with no row or column suppressed: a layout read over the outline alone must keep every cell. */
export function unsuppressed(s: ResolvedGridSettings): ResolvedGridSettings {
  return { ...withoutDataSuppression(s), suppressUnderscoreRows: false };
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
  let numbers = false;
  for (let r = 0; r < rows; r++) {
    const line = sheet[r];
    const out: string[] = [];
    for (let c = 0; c < columns; c++) {
      if (typeof line?.[c] === "number") numbers = true;
      const text = cellText(line?.[c]);
      out.push(text);
      values.push(text);
    }
    cells.push(out);
  }
  const dimensions: RestGridDimension[] = [];
  if (rows > 0) {
    // The slice carries text only: a number sent where the layout reads a member name (a row header, a header
    // row) is refused first, from the sheet as sent, as the other paths refuse it. Its digits would otherwise
    // name a member upstream (`100`, Colas) or leave its row out, unsaid.
    if (numbers) readLayout(outline, sheet, settings);
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
    slice: gridSlice(rows, columns, values),
  };
}

/** The cells of a REST grid, row by row, with their types; `null` when its slice cannot be read. */
export function sheetOf(grid: RestGrid): { cells: string[][]; types: string[][] } | null {
  const read = readSlice(grid, "skip");
  return typeof read === "string" ? null : { cells: read.cells, types: read.types };
}

/**
 * A REST grid's cells as the server wrote them, row-major: one text and one type for every cell of the sheet.
 * What Essbase and the endpoint answer (the sheet in one range), read without making its rows.
 */
export interface FlatSheet {
  rows: number;
  columns: number;
  values: readonly string[];
  types: readonly string[];
}

/**
 * The slice of a REST grid as a {@link FlatSheet} when it is one range from the first cell holding a text and a
 * type for each cell of the sheet, all strings (then {@link sheetOf} reads the same cells); `null` otherwise.
 */
export function flatSheetOf(grid: RestGrid): FlatSheet | null {
  const slice = (grid as { slice?: Partial<RestGrid["slice"]> } | null)?.slice;
  const rows = slice?.rows;
  const columns = slice?.columns;
  const ranges = slice?.data?.ranges;
  if (
    typeof rows !== "number" ||
    typeof columns !== "number" ||
    !Number.isInteger(rows) ||
    !Number.isInteger(columns) ||
    rows <= 0 ||
    columns <= 0 ||
    rows * columns > SLICE_MAX_CELLS ||
    !Array.isArray(ranges) ||
    ranges.length !== 1
  ) {
    return null;
  }
  const range = ranges[0] as Partial<RestGridRange> | null;
  const values = range?.values;
  const types = range?.types;
  const size = rows * columns;
  if (
    (range?.start ?? 0) !== 0 ||
    !Array.isArray(values) ||
    !Array.isArray(types) ||
    values.length !== size ||
    types.length !== size
  ) {
    return null;
  }
  for (let i = 0; i < size; i++) {
    if (typeof values[i] !== "string" || typeof types[i] !== "string") return null;
  }
  return { rows, columns, values, types };
}

/**
 * Whether an operation laid out locally (over the remote outline, without data) is the server's answer: the
 * same shape, the same text in every cell that is not data, and data exactly where the server put data.
 */
export function sameLayout(local: GridResponse, upstream: { cells: string[][]; types: string[][] }): boolean {
  const { cells, types } = upstream;
  if (local.grid.length !== cells.length) return false;
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r] as string[];
    const typeRow = types[r] as string[];
    const localRow = local.grid[r] as string[];
    const kindRow = local.kinds[r] as CellKind[];
    if (localRow.length !== row.length) return false;
    for (let c = 0; c < row.length; c++) {
      if (!sameCell(kindRow[c], localRow[c], typeRow[c], row[c] as string)) return false;
    }
  }
  return true;
}

/** {@link sameLayout} over the server's cells as a {@link FlatSheet}. */
export function sameFlatLayout(local: GridResponse, upstream: FlatSheet): boolean {
  const { rows, columns, values, types } = upstream;
  if (local.grid.length !== rows) return false;
  for (let r = 0; r < rows; r++) {
    const localRow = local.grid[r] as string[];
    const kindRow = local.kinds[r] as CellKind[];
    if (localRow.length !== columns) return false;
    const at = r * columns;
    for (let c = 0; c < columns; c++) {
      if (!sameCell(kindRow[c], localRow[c], types[at + c], values[at + c] as string)) return false;
    }
  }
  return true;
}

/** A cell of the local layout against the server's: data where the server put data, else the same text. */
function sameCell(
  kind: CellKind | undefined,
  text: string | undefined,
  type: string | undefined,
  value: string,
): boolean {
  const isData = kind === "data" || kind === "missing" || kind === "noaccess";
  if (type === CELL_TYPE.data) return isData;
  return !isData && text === value;
}

/**
 * The engine's answer for an upstream sheet: the layout, kinds and labels are read with the engine's rules
 * over the remote outline (data left out), then each data cell takes the server's value. `laidOut`, the same
 * operation laid out locally while the server worked on it and found to be the server's layout
 * ({@link sameLayout}), stands for that reading: the sheet is then not read a second time (its grid and kinds
 * are filled in place).
 */
export function answerOf(
  outline: Outline,
  upstream: { cells: string[][]; types: string[][] },
  settings: ResolvedGridSettings,
  sent: { rows: number; columns: number },
  laidOut: GridResponse | null = null,
): GridResponse {
  const local =
    laidOut ??
    runGridOperation(layoutSource(outline), {
      action: "refresh",
      grid: upstream.cells,
      // Nothing suppressed: the layout must stay the server's, cell for cell.
      settings: unsuppressed(settings),
      aliasTable: settings.aliasTable,
    });
  const sameShape =
    local.grid.length === upstream.cells.length &&
    local.grid.every((row, r) => row.length === (upstream.cells[r]?.length ?? 0));
  // The local reading is this call's own (fresh arrays): its data cells are filled in place.
  const grid = sameShape ? local.grid : upstream.cells.map((row) => [...row]);
  const kinds: CellKind[][] = sameShape
    ? local.kinds
    : upstream.types.map((row) =>
        row.map((t) => (t === CELL_TYPE.data ? "data" : t === CELL_TYPE.member ? "row-header" : "blank")),
      );
  for (let r = 0; r < upstream.cells.length; r++) {
    const row = upstream.cells[r] as string[];
    const typeRow = upstream.types[r];
    const kindRow = kinds[r] as CellKind[];
    const gridRow = grid[r] as string[];
    for (let c = 0; c < row.length; c++) {
      if (typeRow?.[c] === CELL_TYPE.data) fillData(gridRow, kindRow, c, row[c] as string, settings);
    }
  }
  return laidOutAnswer(local, grid, kinds, sent);
}

/**
 * {@link answerOf} for a server's answer read as a {@link FlatSheet} that is exactly `laidOut`, the operation
 * laid out locally ({@link sameFlatLayout}): its data cells take the server's values in place.
 */
export function answerOfLaidOut(
  upstream: FlatSheet,
  settings: ResolvedGridSettings,
  sent: { rows: number; columns: number },
  laidOut: GridResponse,
): GridResponse {
  const { rows, columns, values, types } = upstream;
  for (let r = 0; r < rows; r++) {
    const kindRow = laidOut.kinds[r] as CellKind[];
    const gridRow = laidOut.grid[r] as string[];
    const at = r * columns;
    for (let c = 0; c < columns; c++) {
      if (types[at + c] === CELL_TYPE.data) fillData(gridRow, kindRow, c, values[at + c] as string, settings);
    }
  }
  return laidOutAnswer(laidOut, laidOut.grid, laidOut.kinds, sent);
}

/** A data cell of the answer, from the server's text of it. */
function fillData(
  gridRow: string[],
  kindRow: CellKind[],
  c: number,
  value: string,
  settings: ResolvedGridSettings,
): void {
  const { missingLabel, noAccessLabel, navigateWithoutData } = settings;
  const v = value.trim();
  if (v === "" && navigateWithoutData) {
    // Navigating without data (zoom, pivot, keep only, remove only: the server drops the setting on the
    // calls that read data), the server read none: an empty cell was not read, not missing, and stays
    // empty as on the demo server.
    gridRow[c] = "";
    kindRow[c] = "data";
    return;
  }
  // The server writes the labels the grid asked for as they were given: a missing label that reads as a number
  // (`0`) is still the label there, where a real value comes as the server's number (`0.0`).
  const kind =
    v === missingLabel.trim() ? "missing" : v === noAccessLabel.trim() ? "noAccess" : labelKind(v, settings);
  // Otherwise the server's text is read as the grid's parser reads a sheet's label (`labelKind`): the missing and
  // no-access labels in any of their spellings, a number, else text kept as written.
  switch (kind) {
    case "empty":
    case "missing":
      gridRow[c] = missingLabel;
      kindRow[c] = "missing";
      return;
    case "noAccess":
      gridRow[c] = noAccessLabel;
      kindRow[c] = "noaccess";
      return;
    default: {
      const n = numberOfText(v);
      gridRow[c] = Number.isFinite(n) ? formatValue(n) : value;
      kindRow[c] = "data";
    }
  }
}

/** The answer of a sheet filled in (`grid`, `kinds`), with the layout read as `local` and what to clear. */
function laidOutAnswer(
  local: GridResponse,
  grid: string[][],
  kinds: CellKind[][],
  sent: { rows: number; columns: number },
): GridResponse {
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
