/**
 * MDX in the engine: `parseMdx` (text → syntax tree), `executeMdx` (a query over a cube → axes of tuples and
 * cells), `parseMdxUpdate` and `resolveMdxUpdate` (`UPDATE CUBE` → the cells it writes), `MdxError` (code, message naming the token, 1-based line and column), `runMdxGrid` and `mdxGrid` (an
 * answer laid out as an ad hoc grid), `executeMdxSteps` (the same in steps, for a host that slices long work),
 * `encodeMdxResult` / `decodeMdxResult` (a result as plain numbers, from one thread to another),
 * `parseMdxDrillthrough` and `executeMdxDrillthrough` (`DRILLTHROUGH` → the stored level-0 cells under one cell).
 */
export type {
  AxisSpec,
  CalculatedMemberDef,
  Expr,
  MdxDrillthrough,
  MdxPosition,
  MdxQuery,
  MdxUpdate,
  NamedSetDef,
  NamePart,
  UpdateAssignment,
} from "./ast.ts";
export {
  MDX_TEXTS,
  MdxError,
  type MdxErrorCode,
  type MdxExpected,
  type MdxExpectedPhrase,
  type MdxFound,
  type MdxMessageId,
  type MdxNeeded,
  type MdxReason,
  type MdxTexts,
  mdxText,
} from "./errors.ts";
export {
  calculatedMembersOf,
  cellAt,
  DRILLTHROUGH_DEFAULT_ROWS,
  executeMdx,
  executeMdxDrillthrough,
  executeMdxSteps,
  type MdxAssignment,
  type MdxAxis,
  type MdxCellWrite,
  type MdxDrillthroughResult,
  type MdxOptions,
  type MdxResult,
  mdxAssignmentWrites,
  mdxUpdateWork,
  resolveMdxAssignments,
  resolveMdxUpdate,
} from "./executor.ts";
export type { MdxDialect } from "./functions/call.ts";
export {
  FUNCTION_NOTES,
  type FunctionNote,
  type FunctionReferenceRow,
  functionReference,
  noteOf,
  ORACLE_MDX_FUNCTION_LIST_SOURCE,
  ORACLE_MDX_FUNCTIONS,
  type OracleFunctionCoverage,
  oracleCoverage,
  SSAS_CLIENT_FUNCTIONS,
} from "./functions/catalogue.ts";
export type { MdxFunctionDescription } from "./functions/description.ts";
export { MDX_FUNCTION_DESCRIPTIONS, MDX_FUNCTION_NAMES } from "./functions/names.ts";
export { REFUSED_FUNCTIONS, type Refusal } from "./functions/refused-functions.ts";
export { type MdxGridOptions, mdxGrid, mdxGridSteps, runMdxGrid, runMdxGridSteps } from "./grid.ts";
export {
  MDX_KEYWORDS,
  parseMdx,
  parseMdxDrillthrough,
  parseMdxExpression,
  parseMdxUpdate,
} from "./parser.ts";
export { decodeMdxResult, encodeMdxResult, type MdxResultTransfer, transferBuffers } from "./transfer.ts";
export { CalculatedMember, type MdxCell, type MdxMember, type MdxTuple } from "./values.ts";
