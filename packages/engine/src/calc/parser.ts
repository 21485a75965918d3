import { EngineError } from "../engine-error.ts";
import type { BinaryOp, Expr, Position, Stmt } from "./ast.ts";
import {
  CALC_SYNTAX_TEXTS,
  type CalcExpected,
  type CalcFailure,
  type CalcFound,
  type CalcSyntaxReason,
  calcSyntaxMessageEn,
  calcSyntaxText,
} from "./errors.ts";
/**
 * Lexer and recursive-descent parser for Essbase calc scripts and member formulas. Produces an AST; member
 * names stay text until the runner binds them to an outline. Errors carry line and column.
 */

/**
 * A calc script (or a member formula) that does not parse: its 1-based line and column, and why (`detail` is the
 * reason in English, the message `Syntax error at line L, column C: detail`).
 */
export class CalcSyntaxError extends EngineError {
  override readonly name = "CalcSyntaxError";
  readonly detail: string;
  constructor(
    readonly line: number,
    readonly column: number,
    /** Why, with what the message names (`detail` is its English). */
    readonly reason: CalcSyntaxReason,
  ) {
    const detail = calcSyntaxText(CALC_SYNTAX_TEXTS, reason);
    super("CALC_SYNTAX", calcSyntaxMessageEn(line, column, detail));
    this.detail = detail;
  }

  /** The error as data, for a caller that says it in its own words. */
  get failure(): CalcFailure {
    return { syntax: true, reason: this.reason, line: this.line, column: this.column };
  }
}

type TokenKind = "num" | "str" | "ident" | "subvar" | "func" | "missing" | "punct" | "eof";
interface Token {
  kind: TokenKind;
  text: string;
  line: number;
  column: number;
}

const PUNCT = [
  "->",
  "==",
  "<>",
  "!=",
  "<=",
  ">=",
  "(",
  ")",
  ",",
  ";",
  "=",
  "<",
  ">",
  "+",
  "-",
  "*",
  "/",
  "%",
  ":",
];

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let col = 1;
  const adv = (n: number): void => {
    for (let k = 0; k < n; k++) {
      if (src[i] === "\n") {
        line++;
        col = 1;
      } else col++;
      i++;
    }
  };
  while (i < src.length) {
    const c = src[i] as string;
    if (c === " " || c === "\t" || c === "\r" || c === "\n") {
      adv(1);
      continue;
    }
    if (c === "/" && src[i + 1] === "*") {
      const l = line;
      const cl = col;
      const end = src.indexOf("*/", i + 2);
      if (end < 0) throw new CalcSyntaxError(l, cl, { id: "unterminatedComment" });
      adv(end + 2 - i);
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      while (i < src.length && src[i] !== "\n") adv(1);
      continue;
    }
    const start = { line, column: col };
    if (c === '"') {
      const end = src.indexOf('"', i + 1);
      const nl = src.indexOf("\n", i + 1);
      if (end < 0 || (nl >= 0 && nl < end)) throw new CalcSyntaxError(line, col, { id: "unterminatedName" });
      out.push({ kind: "str", text: src.slice(i + 1, end), ...start });
      adv(end + 1 - i);
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const m = /^[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?|^[0-9]+\.?/.exec(src.slice(i)) as RegExpExecArray;
      out.push({ kind: "num", text: m[0], ...start });
      adv(m[0].length);
      continue;
    }
    if (c === "#") {
      const m = /^#(MISSING|MI)\b/i.exec(src.slice(i));
      if (!m) throw new CalcSyntaxError(line, col, { id: "unexpectedHash" });
      out.push({ kind: "missing", text: m[0], ...start });
      adv(m[0].length);
      continue;
    }
    if (c === "@" || c === "&" || /[A-Za-z_]/.test(c)) {
      const m = /^[@&]?[A-Za-z_][A-Za-z0-9_.]*/.exec(src.slice(i));
      if (!m) throw new CalcSyntaxError(line, col, { id: "unexpectedSign", character: c });
      const kind: TokenKind = c === "@" ? "func" : c === "&" ? "subvar" : "ident";
      out.push({ kind, text: kind === "ident" ? m[0] : m[0].slice(1), ...start });
      adv(m[0].length);
      continue;
    }
    const p = PUNCT.find((x) => src.startsWith(x, i));
    if (!p) throw new CalcSyntaxError(line, col, { id: "unexpectedCharacter", character: c });
    out.push({ kind: "punct", text: p === "!=" ? "<>" : p, ...start });
    adv(p.length);
  }
  out.push({ kind: "eof", text: "", line, column: col });
  return out;
}

const STATEMENT_END = new Set(["ENDFIX", "ENDEXCLUDE", "ENDIF", "ELSE", "ELSEIF"]);

class Parser {
  private i = 0;
  constructor(private readonly toks: Token[]) {}

  private get t(): Token {
    return this.toks[this.i] as Token;
  }
  private peek(n = 1): Token {
    return (this.toks[this.i + n] ?? this.toks[this.toks.length - 1]) as Token;
  }
  private isWord(word: string, tok = this.t): boolean {
    return tok.kind === "ident" && tok.text.toUpperCase() === word;
  }
  private isPunct(p: string, tok = this.t): boolean {
    return tok.kind === "punct" && tok.text === p;
  }
  private describe(tok: Token): CalcFound {
    if (tok.kind === "eof") return { kind: "end" };
    if (tok.kind === "str") return { kind: "string", text: tok.text };
    return {
      kind: "token",
      text: `${tok.kind === "func" ? "@" : tok.kind === "subvar" ? "&" : ""}${tok.text}`,
    };
  }
  private fail(expected: CalcExpected, tok = this.t): never {
    throw new CalcSyntaxError(tok.line, tok.column, { id: "expected", expected, found: this.describe(tok) });
  }
  private expectPunct(p: string): Token {
    if (!this.isPunct(p)) this.fail({ punct: p });
    return this.toks[this.i++] as Token;
  }
  private expectWord(w: string): Token {
    if (!this.isWord(w)) this.fail({ word: w });
    return this.toks[this.i++] as Token;
  }
  private pos(tok = this.t): Position {
    return { line: tok.line, column: tok.column };
  }

  script(): Stmt[] {
    const body = this.statements();
    if (this.t.kind !== "eof") this.fail("a statement");
    return body;
  }

  private statements(): Stmt[] {
    const out: Stmt[] = [];
    while (
      this.t.kind !== "eof" &&
      !(this.t.kind === "ident" && STATEMENT_END.has(this.t.text.toUpperCase()))
    ) {
      if (this.isPunct(")")) break;
      out.push(this.statement());
    }
    return out;
  }

  private endStatement(): void {
    this.expectPunct(";");
  }

  private statement(): Stmt {
    const tok = this.t;
    const pos = this.pos();
    const word = tok.kind === "ident" ? tok.text.toUpperCase() : "";
    const next = this.peek();
    const startsExpr =
      next.kind === "punct" && (next.text === "=" || next.text === "->" || next.text === "(");
    if (word === "SET" && next.kind === "ident") {
      this.i++;
      const name = (this.toks[this.i++] as Token).text.toUpperCase();
      const args: string[] = [];
      while (!this.isPunct(";")) {
        if (this.t.kind === "eof") this.fail({ punct: ";" });
        args.push((this.toks[this.i++] as Token).text);
      }
      this.endStatement();
      return { kind: "set", name, args, pos };
    }
    if (word === "CALC" && !startsExpr) {
      this.i++;
      if (this.isWord("ALL")) {
        this.i++;
        this.endStatement();
        return { kind: "calcAll", pos };
      }
      if (this.isWord("TWOPASS")) {
        this.i++;
        this.endStatement();
        return { kind: "calcTwoPass", pos };
      }
      if (this.isWord("DIM")) {
        this.i++;
        const dims = this.nameList();
        this.endStatement();
        return { kind: "calcDim", dims, pos };
      }
      this.fail("ALL, DIM or TWOPASS after CALC");
    }
    if (word === "AGG" && this.isPunct("(", next)) {
      this.i++;
      const dims = this.nameList();
      this.endStatement();
      return { kind: "agg", dims, pos };
    }
    if ((word === "FIX" || word === "EXCLUDE") && this.isPunct("(", next)) {
      this.i++;
      this.expectPunct("(");
      const members: Expr[] = [this.expr()];
      while (this.isPunct(",")) {
        this.i++;
        members.push(this.expr());
      }
      this.expectPunct(")");
      const body = this.statements();
      this.expectWord(word === "FIX" ? "ENDFIX" : "ENDEXCLUDE");
      if (this.isPunct(";")) this.i++;
      return { kind: "fix", members, body, exclude: word === "EXCLUDE", pos };
    }
    if (word === "IF" && this.isPunct("(", next)) return this.ifStatement();
    if (word === "CLEARDATA" && !startsExpr) {
      this.i++;
      const target = this.expr();
      this.endStatement();
      return { kind: "clearData", target, pos };
    }
    if (word === "CLEARBLOCK" && !startsExpr) {
      this.i++;
      if (this.t.kind !== "ident") this.fail("ALL, UPPER, NONINPUT or DYNAMIC");
      const which = (this.toks[this.i++] as Token).text.toUpperCase();
      this.endStatement();
      return { kind: "clearBlock", which, pos };
    }
    if (word === "DATACOPY" && !startsExpr) {
      this.i++;
      const from = this.expr();
      this.expectWord("TO");
      const to = this.expr();
      this.endStatement();
      return { kind: "dataCopy", from, to, pos };
    }
    if (word === "VAR" && next.kind === "ident") {
      this.i++;
      const name = (this.toks[this.i++] as Token).text;
      let value: Expr | null = null;
      if (this.isPunct("=")) {
        this.i++;
        value = this.expr();
      }
      this.endStatement();
      return { kind: "var", name, value, pos };
    }
    if (word && STATEMENT_END.has(word)) this.fail("a statement");
    const e = this.expr();
    if (this.isPunct("=")) {
      if (e.kind !== "ref") this.fail("a member name before '='");
      this.i++;
      const value = this.expr();
      this.endStatement();
      return { kind: "assign", target: e, value, pos };
    }
    if (this.isPunct("(") && e.kind === "ref") {
      this.i++;
      const body = this.statements();
      this.expectPunct(")");
      if (this.isPunct(";")) this.i++;
      return { kind: "memberBlock", target: e, body, pos };
    }
    this.endStatement();
    return { kind: "expr", value: e, pos };
  }

  private ifStatement(): Stmt {
    const pos = this.pos();
    this.i++;
    const branches: { cond: Expr; body: Stmt[] }[] = [];
    this.expectPunct("(");
    let cond = this.expr();
    this.expectPunct(")");
    branches.push({ cond, body: this.statements() });
    let otherwise: Stmt[] | null = null;
    for (;;) {
      if (this.isWord("ELSEIF")) {
        this.i++;
        this.expectPunct("(");
        cond = this.expr();
        this.expectPunct(")");
        branches.push({ cond, body: this.statements() });
        continue;
      }
      if (this.isWord("ELSE")) {
        this.i++;
        otherwise = this.statements();
      }
      break;
    }
    this.expectWord("ENDIF");
    if (this.isPunct(";")) this.i++;
    return { kind: "if", branches, otherwise, pos };
  }

  private nameList(): string[] {
    this.expectPunct("(");
    const out: string[] = [];
    for (;;) {
      if (this.t.kind !== "ident" && this.t.kind !== "str") this.fail("a dimension name");
      out.push((this.toks[this.i++] as Token).text);
      if (this.isPunct(",")) {
        this.i++;
        continue;
      }
      break;
    }
    this.expectPunct(")");
    return out;
  }

  expr(): Expr {
    return this.or();
  }
  private or(): Expr {
    let l = this.and();
    while (this.isWord("OR")) {
      const pos = this.pos();
      this.i++;
      l = { kind: "binary", op: "OR", left: l, right: this.and(), pos };
    }
    return l;
  }
  private and(): Expr {
    let l = this.not();
    while (this.isWord("AND")) {
      const pos = this.pos();
      this.i++;
      l = { kind: "binary", op: "AND", left: l, right: this.not(), pos };
    }
    return l;
  }
  private not(): Expr {
    if (this.isWord("NOT")) {
      const pos = this.pos();
      this.i++;
      return { kind: "unary", op: "NOT", arg: this.not(), pos };
    }
    return this.comparison();
  }
  private comparison(): Expr {
    const l = this.additive();
    const t = this.t;
    if (t.kind === "punct" && ["==", "<>", "<", ">", "<=", ">="].includes(t.text)) {
      this.i++;
      return { kind: "binary", op: t.text as BinaryOp, left: l, right: this.additive(), pos: this.pos(t) };
    }
    return l;
  }
  private additive(): Expr {
    let l = this.multiplicative();
    while (this.isPunct("+") || this.isPunct("-")) {
      const t = this.toks[this.i++] as Token;
      l = { kind: "binary", op: t.text as BinaryOp, left: l, right: this.multiplicative(), pos: this.pos(t) };
    }
    return l;
  }
  private multiplicative(): Expr {
    let l = this.unary();
    while (this.isPunct("*") || this.isPunct("/") || this.isPunct("%")) {
      const t = this.toks[this.i++] as Token;
      l = { kind: "binary", op: t.text as BinaryOp, left: l, right: this.unary(), pos: this.pos(t) };
    }
    return l;
  }
  private unary(): Expr {
    if (this.isPunct("-") || this.isPunct("+")) {
      const t = this.toks[this.i++] as Token;
      return { kind: "unary", op: t.text as "-" | "+", arg: this.unary(), pos: this.pos(t) };
    }
    return this.primary();
  }
  private primary(): Expr {
    const t = this.t;
    const pos = this.pos();
    switch (t.kind) {
      case "num":
        this.i++;
        return { kind: "number", value: Number(t.text), pos };
      case "missing":
        this.i++;
        return { kind: "missing", pos };
      case "func": {
        this.i++;
        this.expectPunct("(");
        const args: Expr[] = [];
        if (!this.isPunct(")")) {
          args.push(this.expr());
          while (this.isPunct(",")) {
            this.i++;
            args.push(this.expr());
          }
        }
        this.expectPunct(")");
        return { kind: "call", name: t.text.toUpperCase(), args, pos };
      }
      case "punct":
        if (t.text === "(") {
          this.i++;
          const e = this.expr();
          this.expectPunct(")");
          return e;
        }
        break;
      case "str":
      case "ident":
      case "subvar": {
        if (t.kind === "ident" && STATEMENT_END.has(t.text.toUpperCase())) break;
        const parts = [this.refPart()];
        while (this.isPunct("->")) {
          this.i++;
          parts.push(this.refPart());
        }
        return { kind: "ref", parts, pos };
      }
      default:
        break;
    }
    return this.fail("a value, a member name or a function");
  }
  private refPart(): string {
    const t = this.t;
    if (t.kind === "str" || t.kind === "ident") {
      this.i++;
      return t.text;
    }
    if (t.kind === "subvar") {
      this.i++;
      return `&${t.text}`;
    }
    return this.fail("a member name");
  }
}

/** Parses a calc script into statements; throws {@link CalcSyntaxError} with line and column. */
export function parseCalcScript(src: string): Stmt[] {
  return new Parser(tokenize(src)).script();
}

/** Parses a member formula (`Margin % Sales;`, or IF … ENDIF blocks). The final `;` may be omitted. */
export function parseFormula(src: string): Stmt[] {
  const trimmed = src.trim();
  const text = /;$/.test(trimmed) || /ENDIF$/i.test(trimmed) ? trimmed : `${trimmed};`;
  return new Parser(tokenize(text)).script();
}
