import type { CellKind, ZoomMode } from "@qibates/engine/grid";
import type { GridCell } from "./cells";
import type { LiveAction, LivePreset } from "./presets";

/** What the live sheet shows: the text, what each cell is, which data cells may be typed into. */
export interface Sheet {
  grid: string[][];
  kinds: CellKind[][];
  writable: boolean[][];
  /**
   * Cells protected by an approval lock (Planning forms). They are drawn as read-only cells, as the add-in draws
   * them: the API gives them the kind `read-only`.
   */
  locked?: boolean[][];
}

export type MemberDisplay = "name" | "alias" | "nameAndAlias";

export interface Options {
  zoomMode: ZoomMode;
  includeSelection: boolean;
  missingLabel: string;
  missingSuppression: boolean;
  withoutIndentation: boolean;
  memberDisplay: MemberDisplay;
  navigateWithoutData: boolean;
}

/**
 * What became of one submitted cell (sheet coordinates), as the API answers it: the status, which the report
 * names in the page's language, and the value (what a written cell holds now, else the text typed).
 */
export interface LiveStatus {
  row: number;
  column: number;
  status: "written" | "truncated" | "read-only" | "invalid" | "not-data";
  value?: string;
}

export interface RunRequest {
  action: LiveAction;
  grid: string[][];
  cells: GridCell[];
  dirty: GridCell[];
  options: Options;
}

export interface RunResult {
  sheet: Sheet;
  changed: boolean;
  statuses?: LiveStatus[];
  /** Messages of the business rules run on save. */
  notes?: string[];
}

/** An operation the engine refused, with its own message (Essbase's or Planning's wording). */
export class LiveError extends Error {
  override readonly name = "LiveError";
  constructor(
    message: string,
    /** Cells holding unknown members, as `A5 (Floridda)`. */
    readonly unknown: string[] = [],
  ) {
    super(message);
  }
}

/** A member found by a search, as the API's `nav/search` lists it. */
export interface FoundMember {
  dimension: string;
  name: string;
  alias: string | null;
}

/** Runs the page's operations on one in-browser application (Sample.Basic or Vision). */
export interface Backend {
  /** Fresh data and the starting sheet (also what Reset does). */
  start(preset: LivePreset, options: Options): Sheet;
  run(preset: LivePreset, request: RunRequest): RunResult;
  /**
   * Members whose name or alias (Default table) holds `keyword` (`*` any run of characters, `?` one), as
   * `nav/search` finds them: the first `limit`, and how many there are in all.
   */
  search?(keyword: string, limit: number): { total: number; members: FoundMember[] };
  /** The cube's substitution variables, sorted by name, as `nav/variables` lists them. */
  variables?(): { name: string; value: string }[];
}

/** The sheet the reader sees: the engine's grid, plus one spare row and column where members can be typed. */
export function padded(sheet: Sheet, spare: boolean): Sheet {
  if (!spare) return sheet;
  const width = sheet.grid.reduce((w, r) => Math.max(w, r.length), 0) + 1;
  const pad = <T>(rows: T[][], fill: T): T[][] =>
    [...rows, []].map((r) => [...r, ...Array<T>(width - r.length).fill(fill)]);
  return {
    grid: pad(sheet.grid, ""),
    kinds: pad(sheet.kinds, "blank"),
    writable: pad(sheet.writable, false),
  };
}
