// The root of @qibates/engine: outlines, cubes and calc scripts. The rest has its own entry point:
// `@qibates/engine/grid` (ad hoc grid), `@qibates/engine/planning` (planning objects),
// `@qibates/engine/members` (member queries), `@qibates/engine/calc-errors` (the reasons a calc script stops for,
// with their English), `@qibates/engine/demo` (demo applications).
export {
  CALC_SYNTAX_TEXTS,
  CALC_TEXTS,
  type CalcExpected,
  type CalcExpectedPhrase,
  type CalcFound,
  type CalcMessageId,
  type CalcNotStored,
  type CalcReason,
  type CalcStatementKind,
  type CalcSyntaxMessageId,
  type CalcSyntaxReason,
  type CalcSyntaxTexts,
  type CalcTexts,
  calcSyntaxText,
  calcText,
} from "./calc/errors.ts";
export { CalcError } from "./calc/eval.ts";
export { CalcSyntaxError, parseCalcScript } from "./calc/parser.ts";
export { type CalcRunOptions, type CalcRunResult, type CalcScript, runCalcScript } from "./calc/script.ts";
export { ChunkPool, type PoolTask, serveChunks } from "./cube/chunk-pool.ts";
export {
  type BlockPool,
  Cube,
  CubeError,
  type CubeOptions,
  type CubeSnapshot,
  copyOfPool,
  isStorable,
  memberWriteBlocker,
  poolBuffers,
} from "./cube/cube.ts";
export {
  CUBE_IMAGE_HEADER_BYTES,
  CUBE_IMAGE_VERSION,
  type CubeImageHeader,
  cubeImageBytes,
  cubeImageParts,
  cubeImageTarget,
  cubeLayoutFingerprint,
  loadCubeImage,
  readCubeImageHeader,
} from "./cube/image.ts";
export {
  type AggregationTask,
  type AggregationThreads,
  type DensePlanTask,
  type GatherTask,
  runAggregationChunk,
} from "./cube/parallel.ts";
export {
  DATA_MISSING,
  DATA_NUMBER,
  type DataExportLevel,
  type DataExportOptions,
  type DataFileCell,
  type DataFileError,
  DataFileReader,
  dataExportChunks,
  readDataFile,
} from "./data-file.ts";
export type { CellValue, DataSource } from "./data-source.ts";
export { EngineError } from "./engine-error.ts";
export * from "./outline.ts";
export { outlineSpecFromDocument } from "./outline-yaml.ts";
export { dynamicTimeSeriesLabel } from "./time-series-label.ts";
export { dynamicTimeSeriesMember, type ToDate, toDateOf } from "./time-series-members.ts";
