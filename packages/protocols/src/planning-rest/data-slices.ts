import {
  PlanningAnswerError,
  PlanningRequestError,
  sliceRowWithoutData,
  sliceWithoutColumns,
} from "./errors.ts";

/**
 * The data-slice bodies of Planning REST: `exportdataslice` (Oracle's "Export Data Slices": payload
 * `gridDefinition`, `exportPlanningData`, `suppressMissingBlocks|Rows|Columns`; answer `pov`, `columns`, `rows`
 * of `headers` and `data`) and `importdataslice` (the same `pov`/`columns`/`rows` grid as `dataGrid`), as
 * pbj-pbcs-client's models and recorded requests show them (sources in the wire endpoint's `NOTES.md`).
 */

/** One segment of an axis: member lists crossed, the first outermost; `dimensions` optional. */
export interface SliceSegment {
  dimensions?: string[];
  members: string[][];
}

/** A grid definition as both sides use it: `pov` `null` when none is given. */
export interface SliceDefinition {
  pov: SliceSegment | null;
  columns: SliceSegment[];
  rows: SliceSegment[];
  suppressMissingBlocks: boolean;
  suppressMissingRows: boolean;
  suppressMissingColumns: boolean;
}

export interface ExportDataSliceRequest {
  exportPlanningData: boolean;
  gridDefinition: {
    suppressMissingBlocks: boolean;
    suppressMissingRows: boolean;
    suppressMissingColumns: boolean;
    pov: SliceSegment;
    columns: SliceSegment[];
    rows: SliceSegment[];
  };
}

const segmentOut = (s: SliceSegment): SliceSegment => ({
  ...(s.dimensions ? { dimensions: s.dimensions } : {}),
  members: s.members,
});

/** The `exportdataslice` body of a grid definition (no POV: an empty segment). */
export function exportDataSliceRequest(d: SliceDefinition): ExportDataSliceRequest {
  return {
    exportPlanningData: false,
    gridDefinition: {
      suppressMissingBlocks: d.suppressMissingBlocks,
      suppressMissingRows: d.suppressMissingRows,
      suppressMissingColumns: d.suppressMissingColumns,
      pov: d.pov ? segmentOut(d.pov) : { members: [] },
      columns: d.columns.map(segmentOut),
      rows: d.rows.map(segmentOut),
    },
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A list of strings. */
export const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");

function segment(raw: unknown, where: string): SliceSegment {
  if (!isObject(raw)) throw new PlanningRequestError(`${where} must be an object with members.`);
  const members = raw.members;
  if (!Array.isArray(members) || !members.every(isStringList)) {
    throw new PlanningRequestError(`${where}.members must be a list of member lists.`);
  }
  const dimensions = raw.dimensions;
  if (dimensions !== undefined && dimensions !== null && !isStringList(dimensions)) {
    throw new PlanningRequestError(`${where}.dimensions must be a list of dimension names.`);
  }
  return { ...(isStringList(dimensions) ? { dimensions } : {}), members };
}

function segments(raw: unknown, where: string): SliceSegment[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new PlanningRequestError(`gridDefinition.${where} must list at least one segment.`);
  }
  return raw.map((s, i) => segment(s, `gridDefinition.${where}[${i}]`));
}

function flag(body: Record<string, unknown>, grid: Record<string, unknown>, name: string): boolean {
  // The payload table lists the flags beside gridDefinition; Oracle's and pbj's samples put them inside it.
  for (const v of [grid[name], body[name]]) {
    if (v === undefined || v === null) continue;
    if (typeof v !== "boolean") throw new PlanningRequestError(`${name} must be true or false.`);
    if (v) return true;
  }
  return false;
}

/** An `exportdataslice` body read; {@link PlanningRequestError} for one the server refuses. */
export function readExportDataSliceRequest(body: unknown): SliceDefinition {
  if (!isObject(body))
    throw new PlanningRequestError("The body must be a JSON object with a gridDefinition.");
  const grid = body.gridDefinition;
  if (!isObject(grid)) throw new PlanningRequestError("gridDefinition is required.");
  if (body.exportPlanningData !== undefined && typeof body.exportPlanningData !== "boolean") {
    throw new PlanningRequestError("exportPlanningData must be true or false.");
  }
  const pov = grid.pov === undefined || grid.pov === null ? null : segment(grid.pov, "gridDefinition.pov");
  return {
    pov,
    columns: segments(grid.columns, "columns"),
    rows: segments(grid.rows, "rows"),
    suppressMissingBlocks: flag(body, grid, "suppressMissingBlocks"),
    suppressMissingRows: flag(body, grid, "suppressMissingRows"),
    suppressMissingColumns: flag(body, grid, "suppressMissingColumns"),
  };
}

/** A grid of cells as the two sides hold it: a number, a text, `null` when missing. */
export interface SliceGrid {
  pov: string[];
  columns: string[][];
  rows: { headers: string[]; data: (number | string | null)[] }[];
}

/** The `exportdataslice` answer: every cell a string. */
export interface DataSliceAnswer {
  pov: string[];
  columns: string[][];
  rows: { headers: string[]; data: string[] }[];
}

/**
 * A cell as the grid carries it: text. A number in its shortest form (`400`, `1234.5`), a missing cell as `""`
 * (pbj: "Retrieved cells that have a classic #Missing value … are blank"), a text or Smart List label as is.
 */
export function cellText(v: number | string | null): string {
  if (v === null) return "";
  return typeof v === "number" ? String(v) : v;
}

/**
 * A cell read back: values come as strings, a missing cell as `""` (a live-tested client's note); a number is
 * read as one, anything else (text, Smart List label, date) stays text.
 */
export function readCell(v: unknown): number | string | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "number") return v;
  const s = String(v);
  const n = Number(s);
  return s.trim() !== "" && Number.isFinite(n) ? n : s;
}

export function dataSliceAnswer(slice: SliceGrid): DataSliceAnswer {
  return {
    pov: slice.pov,
    columns: slice.columns,
    rows: slice.rows.map((r) => ({ headers: r.headers, data: r.data.map(cellText) })),
  };
}

/** An `exportdataslice` answer read; {@link PlanningAnswerError} without columns and rows. */
export function readDataSliceAnswer(answer: unknown): SliceGrid {
  const r = (answer ?? {}) as { pov?: unknown; columns?: unknown; rows?: unknown };
  if (!Array.isArray(r.rows) || !Array.isArray(r.columns) || !r.columns.every(isStringList)) {
    throw new PlanningAnswerError(sliceWithoutColumns("exportdataslice"));
  }
  const rows = (r.rows as { headers?: unknown; data?: unknown }[]).map((row) => {
    if (!isStringList(row.headers) || !Array.isArray(row.data)) {
      throw new PlanningAnswerError(sliceRowWithoutData("exportdataslice"));
    }
    return { headers: row.headers, data: row.data.map(readCell) };
  });
  return { pov: isStringList(r.pov) ? r.pov : [], columns: r.columns as string[][], rows };
}

/**
 * The `importdataslice` body: `dataGrid{pov[], columns[[…]], rows[{headers[], data[]}]}`,
 * `aggregateEssbaseData`, `customParams{IncludeRejectedCells, IncludeRejectedCellsWithDetails}` (Oracle's
 * "Import Data Slices"; pbj's recorded requests send numbers as strings). `"#missing"` clears a cell, `""` is
 * no value.
 */
export interface ImportDataSliceRequest {
  aggregateEssbaseData: boolean;
  dataGrid: SliceGrid;
  customParams: { IncludeRejectedCells: boolean; IncludeRejectedCellsWithDetails: boolean };
}

/** An import as both sides use it. */
export interface SliceImport {
  grid: SliceGrid;
  aggregateEssbaseData: boolean;
  includeRejectedCells: boolean;
  includeDetails: boolean;
}

export function importDataSliceRequest(i: SliceImport): ImportDataSliceRequest {
  return {
    aggregateEssbaseData: i.aggregateEssbaseData,
    dataGrid: i.grid,
    customParams: {
      IncludeRejectedCells: i.includeRejectedCells,
      IncludeRejectedCellsWithDetails: i.includeDetails,
    },
  };
}

/** An `importdataslice` body read; {@link PlanningRequestError} for one the server refuses. */
export function readImportDataSliceRequest(body: unknown): SliceImport {
  if (!isObject(body) || !isObject(body.dataGrid)) throw new PlanningRequestError("dataGrid is required.");
  const g = body.dataGrid;
  const pov = g.pov ?? [];
  if (!isStringList(pov)) throw new PlanningRequestError("dataGrid.pov must be a list of member names.");
  if (!Array.isArray(g.columns) || !g.columns.every(isStringList) || g.columns.length === 0) {
    throw new PlanningRequestError("dataGrid.columns must be a list of member lists.");
  }
  if (!Array.isArray(g.rows)) throw new PlanningRequestError("dataGrid.rows must be a list.");
  const rows = g.rows.map((r: unknown, i: number) => {
    if (!isObject(r) || !isStringList(r.headers) || !Array.isArray(r.data)) {
      throw new PlanningRequestError(`dataGrid.rows[${i}] needs headers and data.`);
    }
    const data = r.data.map((d: unknown) => {
      if (d === null || typeof d === "string" || typeof d === "number") return d;
      throw new PlanningRequestError(
        `dataGrid.rows[${i}].data holds a value that is not a string or a number.`,
      );
    });
    return { headers: r.headers, data };
  });
  if (body.aggregateEssbaseData !== undefined && typeof body.aggregateEssbaseData !== "boolean") {
    throw new PlanningRequestError("aggregateEssbaseData must be true or false.");
  }
  const custom = isObject(body.customParams) ? body.customParams : {};
  const yes = (x: unknown) => x === true || (typeof x === "string" && x.toLowerCase() === "true");
  return {
    grid: { pov, columns: g.columns as string[][], rows },
    aggregateEssbaseData: body.aggregateEssbaseData === true,
    // Oracle: the answer lists the first 100 rejected cells; details when asked.
    includeRejectedCells: custom.IncludeRejectedCells === undefined ? true : yes(custom.IncludeRejectedCells),
    includeDetails: yes(custom.IncludeRejectedCellsWithDetails),
  };
}

/** A cell an import refused, with the reasons. */
export interface RejectedCell {
  memberNames: string[];
  readOnlyReasons: string[];
  otherReasons: string[];
}

/**
 * The `importdataslice` answer. Oracle's documented spelling `numUpdateCells` (25.06) and a live pod's
 * `numUpdatedCells` (pbj's tests) are both written, the same number. Rejected cells as bracketed member lists,
 * with details when asked (the first {@link REJECTED_CELLS_LISTED} of each).
 */
export interface ImportDataSliceAnswer {
  numAcceptedCells: number;
  numUpdateCells: number;
  numUpdatedCells: number;
  numRejectedCells: number;
  rejectedCells?: string[];
  rejectedCellsWithDetails?: RejectedCell[];
}

export const REJECTED_CELLS_LISTED = 100;

export function importDataSliceAnswer(
  r: {
    numAcceptedCells: number;
    numUpdateCells: number;
    numRejectedCells: number;
    rejectedCells: RejectedCell[];
  },
  asked: { includeRejectedCells: boolean; includeDetails: boolean },
): ImportDataSliceAnswer {
  const out: ImportDataSliceAnswer = {
    numAcceptedCells: r.numAcceptedCells,
    numUpdateCells: r.numUpdateCells,
    numUpdatedCells: r.numUpdateCells,
    numRejectedCells: r.numRejectedCells,
  };
  const listed = r.rejectedCells.slice(0, REJECTED_CELLS_LISTED);
  if (asked.includeRejectedCells) out.rejectedCells = listed.map((c) => `[${c.memberNames.join(", ")}]`);
  if (asked.includeDetails) out.rejectedCellsWithDetails = listed;
  return out;
}

/** The detailed rejected cells of an import answer (none when absent); cells without member names skipped. */
export function readRejectedCells(answer: unknown): RejectedCell[] {
  const list = (answer as { rejectedCellsWithDetails?: unknown } | null)?.rejectedCellsWithDetails;
  if (!Array.isArray(list)) return [];
  return list.flatMap(
    (d: { memberNames?: unknown; readOnlyReasons?: unknown; otherReasons?: unknown } | null) =>
      d && isStringList(d.memberNames)
        ? [
            {
              memberNames: d.memberNames,
              readOnlyReasons: isStringList(d.readOnlyReasons) ? d.readOnlyReasons : [],
              otherReasons: isStringList(d.otherReasons) ? d.otherReasons : [],
            },
          ]
        : [],
  );
}
