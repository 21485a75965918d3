/**
 * The operations on an ad hoc sheet, as every side names them (lower case, no `_`): the engine runs them (with
 * `submit`, its save), the provider contract carries them (`GridCall`, with `initgrid`), the API takes each on
 * its own route ({@link GRID_CALL_ROUTES}).
 */
export const SHEET_ACTIONS = [
  "refresh",
  "zoomin",
  "zoomout",
  "keeponly",
  "removeonly",
  "pivot",
  "pivottopov",
] as const;

export type SheetAction = (typeof SHEET_ACTIONS)[number];

/** The grid calls of the API: the sheet actions and Initialize Grid (a refresh of a sheet typed freely). */
export type GridCallAction = SheetAction | "initgrid";

/** The API route (below `/qibates/api/v2/`) of each grid call, spelled as the contract spells it. */
export const GRID_CALL_ROUTES: Readonly<Record<GridCallAction, string>> = {
  refresh: "action/refresh",
  zoomin: "action/zoomin",
  zoomout: "action/zoomout",
  keeponly: "action/keeponly",
  removeonly: "action/removeonly",
  pivot: "action/pivot",
  pivottopov: "action/pivotToPOV",
  initgrid: "action/initgrid",
};
