/** The syntax tree of an MDX query. Every node carries the position of its first token. */

/**
 * Where a node or an error is: 1-based line and column of its first token (for an error, of the token at fault), and
 * the token as written. Declared with the syntax tree, which `errors.ts` imports to place an error.
 */
export interface MdxPosition {
  line: number;
  column: number;
  /** The token (or the reference, such as `[Market].[Eest]`) as written in the query. */
  text: string;
}

/** One part of a dotted reference: `[East]` (bracketed) or `East` (bare). */
export interface NamePart {
  name: string;
  bracketed: boolean;
  at: MdxPosition;
}

export type Expr =
  /** A member, dimension, level or named set: `[Market].[East]`, `East`, `[Market]`. */
  | { kind: "ref"; parts: NamePart[]; at: MdxPosition }
  /** A function call `CrossJoin(a, b)`; names are compared case-insensitively. */
  | { kind: "call"; name: string; args: Expr[]; at: MdxPosition }
  /** A dotted function `x.Children`, `x.Levels(0)`; `args` is null without parentheses. */
  | { kind: "method"; target: Expr; name: string; args: Expr[] | null; at: MdxPosition }
  /** `{ a, b }` */
  | { kind: "set"; items: Expr[]; at: MdxPosition }
  /** `( a, b )` with two items or more. */
  | { kind: "tuple"; items: Expr[]; at: MdxPosition }
  /** `a : b` */
  | { kind: "range"; from: Expr; to: Expr; at: MdxPosition }
  | { kind: "number"; value: number; at: MdxPosition }
  | { kind: "string"; value: string; at: MdxPosition }
  /** A bare keyword argument such as `DESC`, `SELF_AND_AFTER`, `ALL`. */
  | { kind: "flag"; name: string; at: MdxPosition }
  /** An omitted argument: `Descendants(x, , LEAVES)`. */
  | { kind: "empty"; at: MdxPosition }
  /** `CASE [subject] WHEN w THEN v … [ELSE e] END`. */
  | {
      kind: "case";
      subject: Expr | null;
      whens: [Expr, Expr][];
      otherwise: Expr | null;
      at: MdxPosition;
    }
  | { kind: "unary"; op: "-" | "+" | "NOT"; operand: Expr; at: MdxPosition }
  | {
      kind: "binary";
      op: "+" | "-" | "*" | "/" | "=" | "<>" | "<" | ">" | "<=" | ">=" | "AND" | "OR" | "XOR";
      left: Expr;
      right: Expr;
      at: MdxPosition;
    };

export interface CalculatedMemberDef {
  kind: "member";
  parts: NamePart[];
  expr: Expr;
  solveOrder: number;
  at: MdxPosition;
}

export interface NamedSetDef {
  kind: "set";
  parts: NamePart[];
  expr: Expr;
  at: MdxPosition;
}

export interface AxisSpec {
  /** 0 = COLUMNS, 1 = ROWS, 2 = PAGES, 3 = CHAPTERS, 4 = SECTIONS, or `AXIS(n)`. */
  ordinal: number;
  nonEmpty: boolean;
  set: Expr;
  at: MdxPosition;
}

/**
 * A subselect, `FROM [NON VISUAL] (SELECT axes FROM … [WHERE …])` (Microsoft's, as Excel and Report Builder send
 * filters): the members of its axes restrict the outer query's space.
 */
export interface Subcube {
  axes: AxisSpec[];
  where: Expr | null;
  /** Totals of the members above the restriction count only the members kept (not `NON VISUAL`). */
  visual: boolean;
  at: MdxPosition;
}

export interface MdxQuery {
  with: (CalculatedMemberDef | NamedSetDef)[];
  axes: AxisSpec[];
  /** The cube, the innermost one when the query has subselects. */
  cube: NamePart[];
  where: Expr | null;
  /** Subselects, innermost first (absent or empty: none). */
  subcubes?: Subcube[];
}

/** One assignment of `UPDATE CUBE … SET tuple = value [allocation]`. */
export interface UpdateAssignment {
  tuple: Expr;
  value: Expr;
  /** `USE_EQUAL_ALLOCATION` and the like, upper case; `null` when none is written. */
  allocation: string | null;
  at: MdxPosition;
}

/** `UPDATE [CUBE] cube SET tuple = value (, tuple = value)*`: SSAS write-back. */
export interface MdxUpdate {
  cube: NamePart[];
  assignments: UpdateAssignment[];
}

/**
 * `DRILLTHROUGH [MAXROWS n] [FIRSTROWSET n] SELECT … [RETURN column, …]`: the stored level-0 cells under the one
 * cell the `SELECT` names, as a table.
 */
export interface MdxDrillthrough {
  /** `MAXROWS`, or null when not written. */
  maxRows: number | null;
  /** `FIRSTROWSET` (SSAS's partition to start from), read to be refused; null when not written. */
  firstRowset: MdxPosition | null;
  query: MdxQuery;
  /** The `RETURN` columns as written (empty: none). */
  returns: Expr[];
  at: MdxPosition;
}

/** A reference as written, e.g. `[Market].[East]`. */
export function refText(parts: readonly NamePart[]): string {
  return parts.map((p) => (p.bracketed ? `[${p.name.replaceAll("]", "]]")}]` : p.name)).join(".");
}

/** The position of an expression's first token (a binary node's own position is its operator's). */
export function startOf(e: Expr): MdxPosition {
  // A loop, not recursion: a left-deep chain of operators may be long.
  let cur = e;
  for (;;) {
    if (cur.kind === "binary") cur = cur.left;
    else if (cur.kind === "range") cur = cur.from;
    else if (cur.kind === "method") cur = cur.target;
    else return cur.at;
  }
}
