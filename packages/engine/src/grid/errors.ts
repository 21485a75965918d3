import { EngineError, englishCount } from "../engine-error.ts";
/** Stable codes for everything a grid operation can refuse; the server maps them to 4xx answers. */
export type GridErrorCode =
  | "GRID_PIVOT_LAST_ROW"
  | "GRID_PIVOT_NO_START"
  /** A pivot whose destination names no place (a data cell) or is where the dimension already is. */
  | "GRID_PIVOT_NO_DESTINATION"
  | "GRID_REMOVE_EMPTIES_AXIS"
  | "GRID_UNKNOWN_MEMBER"
  /** A number (not text) where the sheet's layout reads a member name: a header cell, never a data cell. */
  | "GRID_NUMBER_FOR_MEMBER"
  | "GRID_NO_ROW_HEADER"
  | "GRID_DIMENSION_CONFLICT"
  | "GRID_BAD_REQUEST"
  /** The answer would have more cells than the caller's budget (`maxCells`); nothing more was built. */
  | "GRID_TOO_LARGE";

/** Where an unknown member was typed, in sheet coordinates (0-based). */
export interface UnknownMember {
  row: number;
  column: number;
  text: string;
}

/** Essbase's own wording where the corpus recorded it. */
export const GRID_MESSAGES = {
  pivotLastRow: "Cannot pivot last row",
  pivotNoStart: "Pivot starting point cannot be determined",
  // Not recorded from Essbase (the corpus has no such case): QiBates' wording.
  pivotNoDestination: "Pivot destination cannot be determined",
  pivotInPlace: "The dimension is already at the pivot destination",
  removeEmptiesAxis: "You must have a row header in order to perform this retrieval",
  noRowHeader: "You must have a row header in order to perform this retrieval",
} as const;

/** Where a sheet places a dimension. */
export type GridPlace = "rows" | "columns" | "POV";

/**
 * Why a grid operation refused, with what its message names: every {@link GridError} carries one, so that a
 * caller can say it in another language (`@qibates/grid-bridge` has the French of each).
 */
export type GridReason =
  | { id: "pivotLastRow" }
  | { id: "pivotNoStart" }
  | { id: "pivotNoDestination" }
  | { id: "pivotInPlace" }
  | { id: "removeEmptiesAxis" }
  | { id: "noRowHeader" }
  | { id: "unknownAction"; action: string }
  | { id: "notAPivot"; action: string }
  | { id: "gridNotRows" }
  /** `row`, `column`: 0-based, as the request's arrays count them. */
  | { id: "rowNotCells"; row: number }
  | { id: "cellNotText"; row: number; column: number }
  | { id: "badCellList"; name: string }
  | { id: "tooFewDimensions" }
  /** `row`: 1-based, as the sheet shows it. */
  | { id: "columnHeaderMixed"; dimensions: readonly string[]; row: number }
  /** `column`: 1-based, as the sheet shows it. */
  | { id: "rowHeaderMixed"; dimensions: readonly [string, string]; column: number }
  | { id: "dimensionTwice"; dimension: string; first: GridPlace; second: GridPlace }
  | { id: "unknownMembers"; members: readonly UnknownMember[] }
  /**
   * A number where a member name is expected (`row`, `column`: 0-based); `member`: the member its digits name,
   * typed as text (`'100`), or `null` when they name none.
   */
  | { id: "numberForMember"; row: number; column: number; text: string; member: string | null }
  | { id: "tooManyCells"; cells: number; size: number }
  | { id: "tooLarge"; cells: number; max: number };

export type GridMessageId = GridReason["id"];

/** Renders each reason of one kind: a table with one entry per {@link GridMessageId}. */
export type GridTexts = { readonly [K in GridMessageId]: (r: Extract<GridReason, { id: K }>) => string };

const PLACE_EN: Readonly<Record<GridPlace, string>> = {
  rows: "the rows",
  columns: "the columns",
  POV: "the POV",
};

/** The engine's messages, in English: every reason a grid operation may give. */
export const GRID_TEXTS: GridTexts = {
  pivotLastRow: () => GRID_MESSAGES.pivotLastRow,
  pivotNoStart: () => GRID_MESSAGES.pivotNoStart,
  pivotNoDestination: () => GRID_MESSAGES.pivotNoDestination,
  pivotInPlace: () => GRID_MESSAGES.pivotInPlace,
  removeEmptiesAxis: () => GRID_MESSAGES.removeEmptiesAxis,
  noRowHeader: () => GRID_MESSAGES.noRowHeader,
  unknownAction: (r) => `Unknown grid action "${r.action}"`,
  notAPivot: (r) => `pivotPlan: ${r.action} is not a pivot`,
  gridNotRows: () => "`grid` must be a list of rows",
  rowNotCells: (r) => `grid[${r.row}] must be a list of cells`,
  cellNotText: (r) => `grid[${r.row}][${r.column}] must be a string`,
  badCellList: (r) => `\`${r.name}\` must be a list of {row, column} integers`,
  tooFewDimensions: () => "A grid needs at least two dimensions",
  columnHeaderMixed: (r) =>
    `Members of ${r.dimensions.join(" and ")} share one column-header row (row ${r.row})`,
  rowHeaderMixed: (r) =>
    `Members of ${r.dimensions[0]} and ${r.dimensions[1]} share one row-header column (column ${r.column})`,
  dimensionTwice: (r) =>
    `Dimension ${r.dimension} is used both in ${PLACE_EN[r.first]} and ${PLACE_EN[r.second]}`,
  unknownMembers: (r) =>
    `Unknown member ${r.members.map((u) => `${u.text} (row ${u.row + 1}, column ${u.column + 1})`).join(", ")}`,
  numberForMember: (r) =>
    `The cell at row ${r.row + 1}, column ${r.column + 1} holds the number ${r.text} where a member name is expected; ${
      r.member === null
        ? "a number is read as data, and no data goes there"
        : `to name the member ${r.member}, type it as text, with a leading apostrophe ('${r.text})`
    }`,
  tooManyCells: (r) =>
    `The list of cells names ${englishCount(r.cells)} different cells; the grid has ${englishCount(r.size)}`,
  tooLarge: (r) =>
    `The grid would have at least ${englishCount(r.cells)} cells; at most ${englishCount(r.max)} are allowed`,
};

/** A reason's text from a table of texts (the engine's English, or another language's). */
export function gridText(texts: GridTexts, reason: GridReason): string {
  return (texts[reason.id] as (r: GridReason) => string)(reason);
}

export class GridError extends EngineError {
  override readonly name = "GridError";
  declare readonly code: GridErrorCode;
  readonly unknownMembers: UnknownMember[] | undefined;
  /** `GRID_TOO_LARGE`: the cells the answer would have at least, and the budget. */
  readonly size: { cells: number; max: number } | undefined;
  /** `GRID_PIVOT_LAST_ROW`: the dimension that cannot leave its axis. */
  readonly dimension: string | undefined;
  /** Why, with what the message names (the message is its English). */
  readonly reason: GridReason;

  constructor(
    code: GridErrorCode,
    reason: GridReason,
    unknownMembers?: UnknownMember[],
    size?: { cells: number; max: number },
    dimension?: string,
  ) {
    const first = unknownMembers?.[0] ?? (reason.id === "numberForMember" ? reason : undefined);
    super(code, gridText(GRID_TEXTS, reason), first ? `grid[${first.row}][${first.column}]` : null);
    this.reason = reason;
    this.unknownMembers = unknownMembers;
    this.size = size;
    this.dimension = dimension;
  }
}

/** Stops a grid operation whose answer would have more than `max` cells (`cells` is a lower bound of its size). */
export function checkCellBudget(cells: number, max: number): void {
  if (cells > max) {
    throw new GridError("GRID_TOO_LARGE", { id: "tooLarge", cells, max }, undefined, { cells, max });
  }
}
