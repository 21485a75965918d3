/**
 * MDX in the engine: `parseMdx` (text → syntax tree), `executeMdx` (a query over a cube → axes of tuples and
 * cells), `MdxError` (code, message naming the token, 1-based line and column).
 */
export type { AxisSpec, CalculatedMemberDef, Expr, MdxQuery, NamedSetDef, NamePart } from "./ast.ts";
export { MdxError, type MdxErrorCode, type MdxPosition } from "./errors.ts";
export {
  CalculatedMember,
  cellAt,
  executeMdx,
  type MdxAxis,
  type MdxMember,
  type MdxOptions,
  type MdxResult,
  type MdxTuple,
} from "./executor.ts";
export { parseMdx, parseMdxExpression } from "./parser.ts";
