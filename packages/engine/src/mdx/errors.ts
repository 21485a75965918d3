import { EngineError } from "../engine-error.ts";

/** The stable codes of MDX errors. */
export type MdxErrorCode =
  /** The text is not MDX: an unexpected token, an unbalanced brace or parenthesis, an unterminated string. */
  | "MDX_SYNTAX"
  /** A member, dimension, level or named set the outline does not have. */
  | "MDX_UNKNOWN_MEMBER"
  /** A function or a dotted function (`.Children`) MDX does not have, or this engine does not support. */
  | "MDX_UNKNOWN_FUNCTION"
  /**
   * A function of Oracle's MDX list that needs a feature this engine does not have (varying attributes, text
   * lists, property expressions): the message names the function and says what it needs.
   */
  | "MDX_UNSUPPORTED_FUNCTION"
  /** `FROM` names another cube. */
  | "MDX_UNKNOWN_CUBE"
  /** An argument of the wrong kind or number: a set where a member is needed, a missing count… */
  | "MDX_ARGUMENT"
  /** A dimension used on two axes, or on an axis and in the slicer. */
  | "MDX_DUPLICATE_DIMENSION"
  /**
   * Calculated members or named sets that refer to each other without end, or expressions nested deeper than
   * the engine evaluates (parentheses, calls, calculated members within calculated members).
   */
  | "MDX_TOO_DEEP"
  /** The query needs more work than `MdxOptions.maxWork` allows (sets built, cells read, expressions evaluated). */
  | "MDX_TOO_COSTLY"
  /** The axes cross into more cells than `MdxOptions.maxCells` allows, or one set holds more tuples than that. */
  | "MDX_TOO_LARGE";

/** Where an error is: 1-based line and column of the token at fault, and the token as written. */
export interface MdxPosition {
  line: number;
  column: number;
  /** The token (or the reference, such as `[Market].[Eest]`) as written in the query. */
  text: string;
}

/**
 * An MDX error. The message names the token and its 1-based line and column, e.g.
 * `Unknown member [Market].[Eest] at line 1, column 42`.
 */
export class MdxError extends EngineError {
  override readonly name = "MdxError";
  readonly line: number;
  readonly column: number;
  readonly token: string;
  /** `MDX_TOO_LARGE`: the cells the axes cross into, and the most allowed. */
  size: { cells: number; max: number } | undefined;
  constructor(
    code: MdxErrorCode,
    readonly detail: string,
    at: MdxPosition,
  ) {
    super(code, `${detail} at line ${at.line}, column ${at.column}`);
    this.line = at.line;
    this.column = at.column;
    this.token = at.text;
  }
}
