// @qibates/provider: what a provider is and what the server and the wire endpoints need of one, with no engine
// and no network code: the contract (provider.ts; the session and cube each call names, session.ts), its domain
// errors and the API's error registry, the connector values and the capability table as data, session variables,
// and the scheduler of long work.

/** The zoom-in modes, as the grid's rules declare them (`@qibates/grid-rules`). */
export { ZOOM_MODES } from "@qibates/grid-rules";
export {
  type BulkExportPort,
  type ExportJobOptions,
  ExportNotUsable,
  ExportWaitStopped,
} from "./bulk-export.ts";
export { CallContext } from "./call-context.ts";
export {
  CONNECTOR_PROFILES,
  type ConnectorProfile,
  connectorProfile,
  connectorProfiles,
  OTHER_FAMILY,
  readerOf,
  readerReason,
  readerRefusalReason,
  refusalReason,
  supportIn,
  supportOf,
} from "./capabilities.ts";
export {
  CAPABILITIES,
  type Capability,
  type CapabilityInfo,
  type ConnectorCapabilities,
  type RealServerSupport,
  type Reason,
  type Support,
  type Text,
  type ZoomInMode,
} from "./capability-list.ts";
export {
  acceptedConnectors,
  type ContractConnectorLists,
  contractConnectorLists,
  type ListedDescription,
  type OperationsOfConnector,
} from "./connector-operations.ts";
export {
  CONNECTOR_DESCRIPTIONS,
  CONNECTOR_NAMES,
  CONNECTORS,
  type Connector,
  type ConnectorDescription,
  type ConnectorNames,
  familyOf,
  isConnector,
  PROVIDER_SUFFIX,
  type ProtocolClient,
  SERVER_TYPE,
} from "./connectors.ts";
export {
  type DataExportLevel,
  type DataExportOptions,
  DataLoadError,
  type DataLoadResult,
  type EngineDataCube,
  type EnginePort,
} from "./engine-port.ts";
export * from "./error-codes.ts";
export * from "./errors.ts";
export {
  FAMILIES,
  FAMILY_DESCRIPTIONS,
  type Family,
  type FamilyDescription,
  SESSION_OPERATIONS,
} from "./families.ts";
// Grid answers and request grids that cross the seam as JSON text (a grid worker's answer, a large request's grid):
// sent or counted without parsing them.
export {
  answerGridSize,
  answerValue,
  type GridAnswer,
  type GridSize,
  gridSize,
  isGridAnswer,
  jsonAnswer,
  valueAnswer,
  withDataVersion,
} from "./grid-answer.ts";
export {
  type GridRows,
  type GridSource,
  type GridText,
  gridCells,
  gridExtent,
  gridIsEmpty,
  gridRows,
  isGridText,
  sheetCells,
} from "./grid-source.ts";
export { busyMessage, busySeconds, type JobAdmission, type JobTicket, jobsBusy } from "./jobs.ts";
export {
  type OlapAxis,
  type OlapCellSet,
  type OlapCube,
  type OlapDimension,
  OlapDimensionIndex,
  type OlapDimensionKind,
  type OlapDrillthrough,
  OlapError,
  type OlapErrorKind,
  type OlapMdxCapabilities,
  type OlapMdxFunction,
  type OlapMember,
  type OlapMemberQuery,
  type OlapMetadata,
  type OlapPort,
  type OlapStatement,
  olapLayerName,
  queryOlapMembers,
} from "./olap.ts";
/** What each operation does on the server (read, write, a long job), declared beside the contract. */
export {
  ESSBASE_EFFECTS,
  type OperationEffect,
  operationEffect,
  PLANNING_EFFECTS,
} from "./operation-effects.ts";
export type {
  ApplicationRef,
  DataSlice,
  DataSliceImportAnswer,
  DataSliceImportInput,
  DataSliceInput,
  DataSliceSegment,
  EssbaseOperations,
  FilterInput,
  GridCall,
  GridInput,
  LoginInput,
  MdxInput,
  MemberProperties,
  OpenFormInput,
  PlanningOperations,
  Provider,
  RuleRef,
  SaveInput,
  SearchInput,
  SubmitFormInput,
  VariableSet,
} from "./provider.ts";
export * from "./registry-codes.ts";
export { DEFAULT_SLICES, type SliceOptions, type SliceRun, SliceScheduler, type Work } from "./scheduler.ts";
export type { CubeRef, ProviderSession, SessionVariable, VariableLevel } from "./session.ts";
export {
  cubeVariables,
  levelVariables,
  SESSION_VARIABLES_MAX,
  sessionVariablesAt,
  VARIABLE_NAME_MAX,
  VARIABLE_VALUE_MAX,
  variableRefusal,
  withSessionVariable,
} from "./session-variables.ts";
export { viewOf } from "./views.ts";
