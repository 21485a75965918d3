// sheetCells: the cells of a sheet, as the providers count them (the server's size checks, before any provider
// call), a deferred grid's without parsing it.
export {
  answerGridSize,
  answerJson,
  deferredGrid,
  type GridSize,
  isDeferredGrid,
  noteGridJson,
  sheetCells,
} from "./answer-json.ts";
export {
  CAPABILITIES,
  type Capability,
  type CapabilityInfo,
  CONNECTOR_PROFILES,
  type ConnectorProfile,
  type RealServerSupport,
  type Support,
  supportOf,
  type Text,
  type ZoomInMode,
} from "./capabilities.ts";
export {
  CONNECTORS,
  type Connector,
  type Family,
  familyOf,
  isConnector,
  PROVIDER_SUFFIX,
} from "./connectors.ts";
export { type EngineCube, EngineCubeWriteError, type EnginePort } from "./engine-port.ts";
export {
  ProviderError,
  type ProviderErrorCode,
  type ProviderErrorParams,
  type ProviderText,
} from "./errors.ts";
export type {
  ApplicationRef,
  CubeRef,
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
  ProviderSession,
  RuleRef,
  SaveInput,
  SearchInput,
  SessionVariable,
  SubmitFormInput,
  VariableLevel,
  VariableSet,
} from "./provider.ts";
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
export { type SliceOptions, type SliceRun, SliceScheduler, slices, type Work } from "./slices.ts";
