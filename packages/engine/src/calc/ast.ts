/**
 * The syntax tree of a calc script or a member formula, as the parser (`parser.ts`) produces it: member names stay
 * text until the runner binds them to an outline; every node carries its place in the text. Types only, so that the
 * refusals (`errors.ts`) can name a statement's kind without importing the parser.
 */

export interface Position {
  line: number;
  column: number;
}

export type Expr =
  | { kind: "number"; value: number; pos: Position }
  | { kind: "missing"; pos: Position }
  | { kind: "string"; value: string; pos: Position }
  /** A member reference, possibly crossed with `->` (`Sales->Actual`). `&Var` parts are substitution variables. */
  | { kind: "ref"; parts: string[]; pos: Position }
  | { kind: "call"; name: string; args: Expr[]; pos: Position }
  | { kind: "unary"; op: "-" | "+" | "NOT"; arg: Expr; pos: Position }
  | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr; pos: Position };

export type BinaryOp = "+" | "-" | "*" | "/" | "%" | "==" | "<>" | "<" | ">" | "<=" | ">=" | "AND" | "OR";

export type Stmt =
  | { kind: "set"; name: string; args: string[]; pos: Position }
  | { kind: "calcAll"; pos: Position }
  | { kind: "calcDim"; dims: string[]; pos: Position }
  | { kind: "agg"; dims: string[]; pos: Position }
  | { kind: "calcTwoPass"; pos: Position }
  | { kind: "fix"; members: Expr[]; body: Stmt[]; exclude: boolean; pos: Position }
  | { kind: "assign"; target: Expr & { kind: "ref" }; value: Expr; pos: Position }
  | { kind: "memberBlock"; target: Expr & { kind: "ref" }; body: Stmt[]; pos: Position }
  | { kind: "if"; branches: { cond: Expr; body: Stmt[] }[]; otherwise: Stmt[] | null; pos: Position }
  | { kind: "expr"; value: Expr; pos: Position }
  | { kind: "clearData"; target: Expr; pos: Position }
  | { kind: "clearBlock"; which: string; pos: Position }
  | { kind: "dataCopy"; from: Expr; to: Expr; pos: Position }
  | { kind: "var"; name: string; value: Expr | null; pos: Position };
