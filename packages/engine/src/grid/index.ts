export {
  GRID_MESSAGES,
  GRID_TEXTS,
  GridError,
  type GridErrorCode,
  type GridMessageId,
  type GridPlace,
  type GridReason,
  type GridTexts,
  gridText,
  type UnknownMember,
} from "./errors.ts";
export { readLayout } from "./layout-read.ts";
export type { AxisTuple, GridAxis, GridModel, SheetLayout } from "./model.ts";
export {
  type CellPosition,
  GRID_ACTIONS,
  type GridAction,
  type GridRequest,
  type GridResponse,
  gridOperationSteps,
  initialGrid,
  normalizeAction,
  pivotPlan,
  type Range,
  runGridOperation,
} from "./operations.ts";
export {
  type CellRef,
  cellRef,
  isMissingText,
  isNumericText,
  type LabelKind,
  labelKind,
  labelMember,
  labelNames,
  namesNoMember,
  numberOfText,
  type ParseResult,
  parseGrid,
  resolveLabel,
} from "./parse.ts";
export { type Place as PivotPlace, pivotModel } from "./pivot.ts";
export {
  type CellKind,
  formatValue,
  type GridDataSource,
  type GridRegion,
  memberLabel,
  type Placement,
  type RenderedGrid,
  renderGrid,
  renderGridSteps,
} from "./render.ts";
export {
  type AncestorPosition,
  DEFAULT_GRID_SETTINGS,
  type GridSettings,
  type Indentation,
  type MemberDisplay,
  type ResolvedGridSettings,
  resolveSettings,
  suppressesData,
  withoutDataSuppression,
  ZOOM_MODES,
  type ZoomMode,
  zoomModeOf,
} from "./settings.ts";
export { finish, STEP_CELLS, type Steps, StepTooLong } from "./steps.ts";
export type { CellStatus } from "./submit.ts";
export { zoomExpansion } from "./zoom.ts";
export { requestZoomMode, zoomCellsAtLeast } from "./zoom-size.ts";
