/**
 * MDX in the engine: `parseMdx` (text → syntax tree), `executeMdx` (a query over a cube → axes of tuples and
 * cells), `parseMdxUpdate` and `resolveMdxUpdate` (`UPDATE CUBE` → the cells it writes), `MdxError` (code, message naming the token, 1-based line and column), `runMdxGrid` and `mdxGrid` (an
 * answer laid out as an ad hoc grid).
 */
export type {
  AxisSpec,
  CalculatedMemberDef,
  Expr,
  MdxQuery,
  MdxUpdate,
  NamedSetDef,
  NamePart,
  UpdateAssignment,
} from "./ast.ts";
export { MdxError, type MdxErrorCode, type MdxPosition } from "./errors.ts";
export {
  CalculatedMember,
  cellAt,
  executeMdx,
  type MdxAxis,
  type MdxCellWrite,
  type MdxMember,
  type MdxOptions,
  type MdxResult,
  type MdxTuple,
  resolveMdxUpdate,
} from "./executor.ts";
export { type MdxGridOptions, mdxGrid, mdxGridSteps, runMdxGrid, runMdxGridSteps } from "./grid.ts";
export { parseMdx, parseMdxExpression, parseMdxUpdate } from "./parser.ts";
