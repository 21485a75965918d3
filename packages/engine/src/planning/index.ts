export * from "./application.ts";
export type { PromptInput } from "./calls.ts";
export {
  type CellWrite,
  ChangeSet,
  type PlanningJournalStep,
  type PromptValue,
  TextStore,
} from "./changes.ts";
export type { DataSliceImportRequest, DataSliceImportResult, RejectedCell } from "./data-import.ts";
export type {
  DataSliceRequest,
  DataSliceResult,
  DataSliceSegment,
  DataSliceValue,
} from "./data-slices.ts";
export type * from "./definitions.ts";
export { PlanningError, type PlanningErrorCode } from "./errors.ts";
export {
  type FormCellKind,
  type FormCellState,
  type FormPreferences,
  planningWriteBlocker,
} from "./forms.ts";
export { enumerateMembers, MEMBER_FILTER_INFO, type MemberFilterInfo, type MemberInfo } from "./members.ts";
export { firstCharacters } from "./submit.ts";
export {
  MemoryTaskStatusStore,
  type TaskCompletion,
  type TaskInfo,
  type TaskListInfo,
  type TaskStatusStore,
} from "./tasks.ts";
