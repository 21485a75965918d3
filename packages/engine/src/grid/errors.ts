import { EngineError } from "../engine-error.ts";
/** Stable codes for everything a grid operation can refuse; the server maps them to 4xx answers. */
export type GridErrorCode =
  | "GRID_PIVOT_LAST_ROW"
  | "GRID_PIVOT_NO_START"
  /** A pivot whose destination names no place (a data cell) or is where the dimension already is. */
  | "GRID_PIVOT_NO_DESTINATION"
  | "GRID_REMOVE_EMPTIES_AXIS"
  | "GRID_UNKNOWN_MEMBER"
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

export class GridError extends EngineError {
  override readonly name = "GridError";
  declare readonly code: GridErrorCode;
  readonly unknownMembers: UnknownMember[] | undefined;
  /** `GRID_TOO_LARGE`: the cells the answer would have at least, and the budget. */
  readonly size: { cells: number; max: number } | undefined;
  /** `GRID_PIVOT_LAST_ROW`: the dimension that cannot leave its axis. */
  readonly dimension: string | undefined;

  constructor(
    code: GridErrorCode,
    message: string,
    unknownMembers?: UnknownMember[],
    size?: { cells: number; max: number },
    dimension?: string,
  ) {
    const first = unknownMembers?.[0];
    super(code, message, first ? `grid[${first.row}][${first.column}]` : null);
    this.unknownMembers = unknownMembers;
    this.size = size;
    this.dimension = dimension;
  }
}

/** Stops a grid operation whose answer would have more than `max` cells (`cells` is a lower bound of its size). */
export function checkCellBudget(cells: number, max: number): void {
  if (cells > max) {
    throw new GridError(
      "GRID_TOO_LARGE",
      `The grid would have at least ${cells} cells; at most ${max} are allowed`,
      undefined,
      { cells, max },
    );
  }
}
