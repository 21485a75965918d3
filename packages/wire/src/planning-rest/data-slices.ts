import type { DataSlice, DataSliceInput, DataSliceSegment } from "@qibates/connectors";

/**
 * The data-slice bodies of Planning REST (`…/plantypes/{plantype}/exportdataslice`): the grid definition read
 * from a request, the grid written as the answer. Shapes: Oracle's "Export Data Slices" page (payload
 * `gridDefinition`, `exportPlanningData`, `suppressMissingBlocks|Rows|Columns`; answer `pov`, `columns`, `rows`
 * of `headers` and `data`), pbj-pbcs-client's `GridDefinition`/`DimensionMembers`/`DataSlice` models and its
 * recorded requests (sources in `NOTES.md`). `importdataslice` sends the same `pov`/`columns`/`rows` grid
 * (`dataGrid`), so {@link sliceGrid} is its answer shape and its request shape both.
 */

/** A request body the endpoint refuses: the message goes to the client as a 400. */
export class SliceRequestError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

function segment(raw: unknown, where: string): DataSliceSegment {
  if (!isObject(raw)) throw new SliceRequestError(`${where} must be an object with members.`);
  const members = raw.members;
  if (!Array.isArray(members) || !members.every(isStringList)) {
    throw new SliceRequestError(`${where}.members must be a list of member lists.`);
  }
  const dimensions = raw.dimensions;
  if (dimensions !== undefined && dimensions !== null && !isStringList(dimensions)) {
    throw new SliceRequestError(`${where}.dimensions must be a list of dimension names.`);
  }
  return { ...(isStringList(dimensions) ? { dimensions } : {}), members };
}

function segments(raw: unknown, where: string): DataSliceSegment[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new SliceRequestError(`gridDefinition.${where} must list at least one segment.`);
  }
  return raw.map((s, i) => segment(s, `gridDefinition.${where}[${i}]`));
}

function flag(body: Record<string, unknown>, grid: Record<string, unknown>, name: string): boolean {
  // The payload table lists the flags beside gridDefinition; Oracle's and pbj's samples put them inside it.
  for (const v of [grid[name], body[name]]) {
    if (v === undefined || v === null) continue;
    if (typeof v !== "boolean") throw new SliceRequestError(`${name} must be true or false.`);
    if (v) return true;
  }
  return false;
}

/** The `exportdataslice` body as the provider's data-slice input. */
export function exportSliceInput(body: unknown, cube: string, maxCells: number): DataSliceInput {
  if (!isObject(body)) throw new SliceRequestError("The body must be a JSON object with a gridDefinition.");
  const grid = body.gridDefinition;
  if (!isObject(grid)) throw new SliceRequestError("gridDefinition is required.");
  if (body.exportPlanningData !== undefined && typeof body.exportPlanningData !== "boolean") {
    throw new SliceRequestError("exportPlanningData must be true or false.");
  }
  const pov = grid.pov === undefined || grid.pov === null ? null : segment(grid.pov, "gridDefinition.pov");
  return {
    cube,
    pov,
    columns: segments(grid.columns, "columns"),
    rows: segments(grid.rows, "rows"),
    suppressMissingBlocks: flag(body, grid, "suppressMissingBlocks"),
    suppressMissingRows: flag(body, grid, "suppressMissingRows"),
    suppressMissingColumns: flag(body, grid, "suppressMissingColumns"),
    maxCells,
  };
}

/**
 * A cell as the grid carries it: text. A number in its shortest form (`400`, `1234.5`), a missing cell as `""`
 * (pbj: "Retrieved cells that have a classic #Missing value … are blank"), a text or Smart List label as is.
 */
export function cellText(v: number | string | null): string {
  if (v === null) return "";
  return typeof v === "number" ? String(v) : v;
}

/** The grid of an `exportdataslice` answer. */
export function sliceGrid(slice: DataSlice) {
  return {
    pov: slice.pov,
    columns: slice.columns,
    rows: slice.rows.map((r) => ({ headers: r.headers, data: r.data.map(cellText) })),
  };
}
