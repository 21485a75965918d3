/**
 * The rules of a spreadsheet grid that the engine, the provider contract, the connectors and the API server hold
 * the same, written once, one module a rule. Plain data and pure functions; no other package of the workspace, no
 * Node module: the engine runs them in the browser too.
 */
export type { CellPosition } from "./cell-position.ts";
export { changedCells } from "./changed-cells.ts";
export { GRID_CALL_ROUTES, type GridCallAction, SHEET_ACTIONS, type SheetAction } from "./grid-actions.ts";
export { sheetCells } from "./sheet-cells.ts";
export { ZOOM_MODES, type ZoomMode, type ZoomReach, zoomModeOf, zoomReach } from "./zoom-modes.ts";
