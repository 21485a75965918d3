import {
  type AxisSpec,
  type CalculatedMemberDef,
  type Expr,
  type MdxDrillthrough,
  type MdxPosition,
  type MdxQuery,
  type MdxUpdate,
  type NamedSetDef,
  type NamePart,
  type Subcube,
  startOf,
  type UpdateAssignment,
} from "./ast.ts";
import { MdxError, type MdxExpected, type MdxExpectedPhrase } from "./errors.ts";
import { lexer, type Origin, type Token } from "./lexer.ts";

/**
 * The recursive-descent MDX parser:
 *
 *   query   := [WITH (MEMBER ref AS formula [, SOLVE_ORDER = n] [, FORMAT_STRING = '…'] | SET ref AS set)+]
 *              SELECT [axis (, axis)*] FROM from [WHERE expr]
 *              [CELL PROPERTIES name (, name)*]
 *   from    := cube | [NON VISUAL] ( SELECT axis (, axis)* FROM from [WHERE expr] )
 *   update  := UPDATE [CUBE] cube SET add = add [USE_… [BY add]] (, add = add [USE_… [BY add]])*
 *   drill   := DRILLTHROUGH [MAXROWS n] [FIRSTROWSET n] query [RETURN add (, add)*]
 *   axis    := [NON EMPTY] expr [[DIMENSION] PROPERTIES name (, name)*]
 *              ON (COLUMNS | ROWS | PAGES | CHAPTERS | SECTIONS | AXIS(n) | n)
 *   expr    := or;  or := and ((OR | XOR) and)*;  and := not (AND not)*;  not := NOT not | cmp
 *   cmp     := add ((= | <> | < | > | <= | >=) add)?;  add := mul ((+ | -) mul)*;  mul := unary ((* | /) unary)*
 *   unary   := (- | +) unary | range;  range := postfix (: postfix)?
 *   postfix := primary (. (name | ident [( args )]))*
 *   primary := number | string | name | ident [( args )] | { [expr (, expr)*] } | ( expr (, expr)* )
 *
 * A bare identifier after a dot is a dotted function when MDX has one of that name (`Children`, `Members`…),
 * a member name otherwise; a bracketed part is always a name. A formula in quotes is parsed in place, with
 * the positions of its tokens in the query.
 */

const RESERVED = new Set([
  "SELECT",
  "FROM",
  "WHERE",
  "WITH",
  "ON",
  "NON",
  "EMPTY",
  "AND",
  "OR",
  "XOR",
  "NOT",
  "AS",
  "MEMBER",
  "SET",
]);

/** Dotted functions, upper case. */
export const DOT_FUNCTIONS = new Set([
  "MEMBERS",
  "ALLMEMBERS",
  "CHILDREN",
  "PARENT",
  "SIBLINGS",
  "LEVELS",
  "GENERATIONS",
  "FIRSTCHILD",
  "LASTCHILD",
  "CURRENTMEMBER",
  "NAME",
  "LEVEL_NUMBER",
  "GEN_NUMBER",
  "NEXTMEMBER",
  "PREVMEMBER",
  "FIRSTSIBLING",
  "LASTSIBLING",
  "DIMENSION",
  "HIERARCHY",
  "LEVEL",
  "GENERATION",
  "DEFAULTMEMBER",
  "COUNT",
  "CURRENT",
  "CURRENTTUPLE",
  "VALUE",
  "UNIQUENAME",
  "CAPTION",
  "ORDINAL",
  // Microsoft's intrinsic member properties written as methods (`.Properties("MEMBER_CAPTION")`).
  "MEMBER_CAPTION",
  "MEMBER_NAME",
  "MEMBER_UNIQUE_NAME",
  "MEMBER_KEY",
  "PARENT_UNIQUE_NAME",
]);

const AXIS_NAMES = ["COLUMNS", "ROWS", "PAGES", "CHAPTERS", "SECTIONS"];

/** Keywords accepted as bare arguments (Order directions, Descendants flags, ALL). */
const FLAGS = new Set([
  "ASC",
  "DESC",
  "BASC",
  "BDESC",
  "SELF",
  "AFTER",
  "BEFORE",
  "BEFORE_AND_AFTER",
  "SELF_AND_AFTER",
  "SELF_AND_BEFORE",
  "SELF_BEFORE_AFTER",
  "LEAVES",
  "ALL",
]);

/** Words the statements read besides the reserved ones (`UPDATE CUBE`, `DIMENSION PROPERTIES`, `AXIS(n)`…). */
const STATEMENT_WORDS = [
  "AXIS",
  "BY",
  "CASE",
  "CELL",
  "CUBE",
  "DIMENSION",
  "DRILLTHROUGH",
  "ELSE",
  "END",
  "FIRSTROWSET",
  "MAXROWS",
  "PROPERTIES",
  "RETURN",
  "SOLVE_ORDER",
  "THEN",
  "UPDATE",
  "VISUAL",
  "WHEN",
];

/**
 * Every word the parser reads as a keyword rather than a name, upper case and sorted: the reserved words, the
 * statements' other words, the axis names and the bare flags (XMLA's DISCOVER_KEYWORDS answers this list).
 */
export const MDX_KEYWORDS: readonly string[] = [
  ...new Set([...RESERVED, ...STATEMENT_WORDS, ...AXIS_NAMES, ...FLAGS]),
].sort();

/**
 * The deepest nesting of parentheses, braces, function calls and unary operators a query may have, and the
 * deepest syntax tree (a chain of 2,000 `+` is 2,000 deep): beyond them the query is refused (`MDX_TOO_DEEP`)
 * rather than parsed or run by recursion that could exhaust the stack.
 */
export const MAX_MDX_NESTING = 128;
export const MAX_MDX_TREE_DEPTH = 512;

/**
 * The longest MDX text read, in characters (64 KiB): a query, an `UPDATE CUBE` statement or an expression
 * longer is refused (`MDX_TOO_COSTLY`) before a token is read. Every host parses on its event loop, and the
 * parse of a text at this limit takes tens of milliseconds; the longest queries the recorded clients send are a
 * few kilobytes (10 MiB held the loop 21 s).
 */
export const MAX_MDX_CHARS = 64 * 1024;

/** The tokens of `text`, read as the parser asks for them, once its length is within {@link MAX_MDX_CHARS}. */
function tokensOf(text: string, origin?: Origin): () => Token {
  if (text.length > MAX_MDX_CHARS)
    throw new MdxError(
      "MDX_TOO_COSTLY",
      { id: "textTooLong", max: MAX_MDX_CHARS, length: text.length },
      { line: 1, column: 1, text: text.slice(0, 20) },
    );
  return lexer(text, origin);
}

export function parseMdx(text: string): MdxQuery {
  const p = new Parser(tokensOf(text));
  const q = p.query();
  p.expectEnd();
  for (const def of q.with) checkTreeDepth(def.expr);
  for (const axis of q.axes) checkTreeDepth(axis.set);
  if (q.where) checkTreeDepth(q.where);
  for (const sub of q.subcubes ?? []) {
    for (const axis of sub.axes) checkTreeDepth(axis.set);
    if (sub.where) checkTreeDepth(sub.where);
  }
  return q;
}

/** Refuses a syntax tree deeper than {@link MAX_MDX_TREE_DEPTH}, walked without recursion. */
function checkTreeDepth(root: Expr): void {
  const stack: [Expr, number][] = [[root, 1]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [e, depth] = top;
    if (depth > MAX_MDX_TREE_DEPTH)
      throw new MdxError("MDX_TOO_DEEP", { id: "expressionTooDeep", max: MAX_MDX_TREE_DEPTH }, startOf(e));
    for (const child of childrenOf(e)) stack.push([child, depth + 1]);
  }
}

function childrenOf(e: Expr): Expr[] {
  switch (e.kind) {
    case "set":
    case "tuple":
      return e.items;
    case "range":
      return [e.from, e.to];
    case "unary":
      return [e.operand];
    case "binary":
      return [e.left, e.right];
    case "method":
      return [e.target, ...(e.args ?? [])];
    case "call":
      return e.args;
    case "case": {
      const out = e.whens.flat();
      if (e.subject) out.push(e.subject);
      if (e.otherwise) out.push(e.otherwise);
      return out;
    }
    default:
      return [];
  }
}

/** Parses an `UPDATE CUBE` statement (write-back). */
export function parseMdxUpdate(text: string): MdxUpdate {
  const p = new Parser(tokensOf(text));
  const u = p.update();
  p.expectEnd();
  for (const a of u.assignments) {
    checkTreeDepth(a.tuple);
    checkTreeDepth(a.value);
  }
  return u;
}

/**
 * Parses a `DRILLTHROUGH [MAXROWS n] [FIRSTROWSET n] SELECT … [RETURN column (, column)*]` statement. Its
 * `SELECT` is read as any query; what a drillthrough cannot take is refused when it runs.
 */
export function parseMdxDrillthrough(text: string): MdxDrillthrough {
  const p = new Parser(tokensOf(text));
  const d = p.drillthrough();
  p.expectEnd();
  const q = d.query;
  for (const def of q.with) checkTreeDepth(def.expr);
  for (const axis of q.axes) checkTreeDepth(axis.set);
  if (q.where) checkTreeDepth(q.where);
  for (const r of d.returns) checkTreeDepth(r);
  return d;
}

/** Parses a value or set expression alone (a calculated member's formula, a test). */
export function parseMdxExpression(text: string, origin?: Origin): Expr {
  const p = new Parser(tokensOf(text, origin));
  const e = p.expr();
  p.expectEnd();
  checkTreeDepth(e);
  return e;
}

const pos = (t: Token): MdxPosition => ({ line: t.line, column: t.column, text: t.text });

class Parser {
  /** The current token (read, not yet taken). */
  private current: Token;
  /** Nesting of the expression being parsed (parentheses, braces, calls, unary operators). */
  private nesting = 0;
  constructor(private readonly read: () => Token) {
    this.current = read();
  }

  private get tok(): Token {
    return this.current;
  }

  private next(): Token {
    const t = this.current;
    if (t.kind !== "eof") this.current = this.read();
    return t;
  }

  private isKw(word: string, t: Token = this.tok): boolean {
    return t.kind === "ident" && t.value.toUpperCase() === word;
  }

  private isPunct(p: string, t: Token = this.tok): boolean {
    return t.kind === "punct" && t.value === p;
  }

  private fail(expected: MdxExpected, t: Token = this.tok): never {
    const found = t.kind === "eof" ? null : t.text;
    throw new MdxError("MDX_SYNTAX", { id: "syntax", expected, found }, pos(t));
  }

  private kw(word: string): Token {
    if (!this.isKw(word)) this.fail({ token: word });
    return this.next();
  }

  private punct(p: string, expected?: MdxExpectedPhrase): Token {
    if (!this.isPunct(p)) this.fail(expected ?? { token: p });
    return this.next();
  }

  expectEnd(): void {
    if (this.tok.kind !== "eof") this.fail("end of query");
  }

  query(): MdxQuery {
    const withs: (CalculatedMemberDef | NamedSetDef)[] = [];
    if (this.isKw("WITH")) {
      this.next();
      while (this.isKw("MEMBER") || this.isKw("SET")) withs.push(this.definition());
      if (withs.length === 0) this.fail("MEMBER or SET");
    }
    this.kw("SELECT");
    const axes: AxisSpec[] = [];
    if (!this.isKw("FROM")) {
      for (;;) {
        axes.push(this.axis());
        if (!this.isPunct(",")) break;
        this.next();
      }
    }
    this.kw("FROM");
    const { cube, subcubes } = this.from();
    let where: Expr | null = null;
    if (this.isKw("WHERE")) {
      this.next();
      where = this.expr();
    }
    if (this.isKw("CELL")) {
      // CELL PROPERTIES VALUE, FORMATTED_VALUE…: the result carries values only.
      this.next();
      this.kw("PROPERTIES");
      this.propertyList();
    }
    return subcubes.length > 0
      ? { with: withs, axes, cube, where, subcubes }
      : { with: withs, axes, cube, where };
  }

  /** What follows FROM: a cube, or `[NON VISUAL] (SELECT axes FROM … [WHERE …])`, subselects innermost first. */
  private from(): { cube: NamePart[]; subcubes: Subcube[] } {
    const at = pos(this.tok);
    let visual = true;
    if (this.isKw("NON")) {
      this.next();
      this.kw("VISUAL");
      visual = false;
    }
    if (!this.isPunct("(")) {
      if (!visual) this.fail({ token: "(" });
      return { cube: this.nameParts("a cube name"), subcubes: [] };
    }
    return this.nested(() => {
      this.next();
      this.kw("SELECT");
      const axes: AxisSpec[] = [];
      for (;;) {
        axes.push(this.axis());
        if (!this.isPunct(",")) break;
        this.next();
      }
      this.kw("FROM");
      const inner = this.from();
      let where: Expr | null = null;
      if (this.isKw("WHERE")) {
        this.next();
        where = this.expr();
      }
      this.punct(")");
      return { cube: inner.cube, subcubes: [...inner.subcubes, { axes, where, visual, at }] };
    });
  }

  drillthrough(): MdxDrillthrough {
    const at = pos(this.kw("DRILLTHROUGH"));
    let maxRows: number | null = null;
    let firstRowset: MdxPosition | null = null;
    for (;;) {
      if (this.isKw("MAXROWS")) {
        this.next();
        const n = this.next();
        if (n.kind !== "number") this.fail("a number", n);
        maxRows = Number(n.value);
      } else if (this.isKw("FIRSTROWSET")) {
        firstRowset = pos(this.next());
        const n = this.next();
        if (n.kind !== "number") this.fail("a number", n);
      } else break;
    }
    const query = this.query();
    const returns: Expr[] = [];
    if (this.isKw("RETURN")) {
      this.next();
      for (;;) {
        returns.push(this.additive());
        if (!this.isPunct(",")) break;
        this.next();
      }
    }
    return { maxRows, firstRowset, query, returns, at };
  }

  update(): MdxUpdate {
    this.kw("UPDATE");
    if (this.isKw("CUBE")) this.next();
    const cube = this.nameParts("a cube name");
    this.kw("SET");
    const assignments: UpdateAssignment[] = [];
    for (;;) {
      const at = pos(this.tok);
      const tuple = this.additive();
      this.punct("=");
      const value = this.additive();
      let allocation: string | null = null;
      if (this.tok.kind === "ident" && /^USE_/i.test(this.tok.value)) {
        allocation = this.next().value.toUpperCase();
        if (this.isKw("BY")) {
          this.next();
          this.additive();
        }
      }
      assignments.push({ tuple, value, allocation, at });
      if (!this.isPunct(",")) break;
      this.next();
    }
    return { cube, assignments };
  }

  private definition(): CalculatedMemberDef | NamedSetDef {
    const start = this.next();
    const isMember = start.value.toUpperCase() === "MEMBER";
    const parts = this.nameParts(isMember ? "a member name" : "a set name");
    this.kw("AS");
    let expr: Expr;
    if (this.tok.kind === "string") {
      const s = this.next();
      // The formula starts one column after the opening quote.
      expr = parseMdxExpression(s.value, { line: s.line, column: s.column + 1 });
    } else {
      expr = this.expr();
    }
    let solveOrder = 0;
    while (this.isPunct(",")) {
      this.next();
      const prop = this.tok;
      if (prop.kind !== "ident") this.fail("SOLVE_ORDER or FORMAT_STRING");
      this.next();
      this.punct("=");
      const v = this.next();
      if (prop.value.toUpperCase() === "SOLVE_ORDER") {
        if (v.kind !== "number") this.fail("a number", v);
        solveOrder = Number(v.value);
      } else if (v.kind !== "string" && v.kind !== "number") {
        this.fail("a string or a number", v);
      }
    }
    if (isMember) return { kind: "member", parts, expr, solveOrder, at: pos(start) };
    return { kind: "set", parts, expr, at: pos(start) };
  }

  private nameParts(expected: MdxExpectedPhrase): NamePart[] {
    const parts: NamePart[] = [];
    for (;;) {
      const t = this.tok;
      if (t.kind === "name") parts.push({ name: t.value, bracketed: true, at: pos(t) });
      else if (t.kind === "ident" && !RESERVED.has(t.value.toUpperCase()))
        parts.push({ name: t.value, bracketed: false, at: pos(t) });
      else this.fail(expected);
      this.next();
      if (!this.isPunct(".")) return parts;
      this.next();
    }
  }

  private axis(): AxisSpec {
    const at = pos(this.tok);
    let nonEmpty = false;
    if (this.isKw("NON")) {
      this.next();
      this.kw("EMPTY");
      nonEmpty = true;
    }
    const set = this.expr();
    if (this.isKw("DIMENSION") || this.isKw("PROPERTIES")) {
      // DIMENSION PROPERTIES MEMBER_CAPTION…: members come with their names and outline facts anyway.
      if (this.isKw("DIMENSION")) this.next();
      this.kw("PROPERTIES");
      this.propertyList();
    }
    this.kw("ON");
    const t = this.tok;
    let ordinal: number;
    if (t.kind === "number") {
      ordinal = Number(t.value);
      this.next();
    } else if (this.isKw("AXIS")) {
      this.next();
      this.punct("(");
      const n = this.next();
      if (n.kind !== "number") this.fail("an axis number", n);
      ordinal = Number(n.value);
      this.punct(")");
    } else {
      ordinal = t.kind === "ident" ? AXIS_NAMES.indexOf(t.value.toUpperCase()) : -1;
      if (ordinal < 0) this.fail("COLUMNS, ROWS, PAGES, CHAPTERS, SECTIONS or AXIS(n)");
      this.next();
    }
    if (!Number.isInteger(ordinal)) this.fail("an axis number", t);
    return { ordinal, nonEmpty, set, at };
  }

  private propertyList(): void {
    for (;;) {
      this.nameParts("a property name");
      if (!this.isPunct(",")) return;
      this.next();
    }
  }

  expr(): Expr {
    return this.nested(() => this.or());
  }

  /** A chain of `n` operators makes a tree `n` deep: refused as soon as it is too long. */
  private chain(n: number, t: Token): void {
    if (n > MAX_MDX_TREE_DEPTH)
      throw new MdxError("MDX_TOO_DEEP", { id: "expressionTooDeep", max: MAX_MDX_TREE_DEPTH }, pos(t));
  }

  /** Runs one level of nesting, refused past {@link MAX_MDX_NESTING}. */
  private nested<T>(parse: () => T): T {
    if (this.nesting >= MAX_MDX_NESTING)
      throw new MdxError("MDX_TOO_DEEP", { id: "nestingTooDeep", max: MAX_MDX_NESTING }, pos(this.tok));
    this.nesting++;
    try {
      return parse();
    } finally {
      this.nesting--;
    }
  }

  private or(): Expr {
    let left = this.and();
    for (let n = 1; this.isKw("OR") || this.isKw("XOR"); n++) {
      const t = this.next();
      this.chain(n, t);
      left = {
        kind: "binary",
        op: t.value.toUpperCase() as "OR" | "XOR",
        left,
        right: this.and(),
        at: pos(t),
      };
    }
    return left;
  }

  private and(): Expr {
    let left = this.not();
    for (let n = 1; this.isKw("AND"); n++) {
      const t = this.next();
      this.chain(n, t);
      left = { kind: "binary", op: "AND", left, right: this.not(), at: pos(t) };
    }
    return left;
  }

  private not(): Expr {
    if (this.isKw("NOT")) {
      const t = this.next();
      return { kind: "unary", op: "NOT", operand: this.nested(() => this.not()), at: pos(t) };
    }
    return this.comparison();
  }

  private comparison(): Expr {
    const left = this.additive();
    const t = this.tok;
    if (t.kind === "punct" && ["=", "<>", "<", ">", "<=", ">="].includes(t.value)) {
      this.next();
      const op = t.value as "=" | "<>" | "<" | ">" | "<=" | ">=";
      return { kind: "binary", op, left, right: this.additive(), at: pos(t) };
    }
    return left;
  }

  private additive(): Expr {
    let left = this.multiplicative();
    for (let n = 1; this.isPunct("+") || this.isPunct("-"); n++) {
      const t = this.next();
      this.chain(n, t);
      left = { kind: "binary", op: t.value as "+" | "-", left, right: this.multiplicative(), at: pos(t) };
    }
    return left;
  }

  private multiplicative(): Expr {
    let left = this.unary();
    for (let n = 1; this.isPunct("*") || this.isPunct("/"); n++) {
      const t = this.next();
      this.chain(n, t);
      left = { kind: "binary", op: t.value as "*" | "/", left, right: this.unary(), at: pos(t) };
    }
    return left;
  }

  private unary(): Expr {
    if (this.isPunct("-") || this.isPunct("+")) {
      const t = this.next();
      return {
        kind: "unary",
        op: t.value as "-" | "+",
        operand: this.nested(() => this.unary()),
        at: pos(t),
      };
    }
    return this.range();
  }

  private range(): Expr {
    const from = this.postfix();
    if (this.isPunct(":")) {
      const t = this.next();
      return { kind: "range", from, to: this.postfix(), at: pos(t) };
    }
    return from;
  }

  private postfix(): Expr {
    let e = this.primary();
    while (this.isPunct(".")) {
      this.next();
      const t = this.tok;
      if (t.kind === "name") {
        this.next();
        const part: NamePart = { name: t.value, bracketed: true, at: pos(t) };
        // The reference was built here (`primary`): its parts grow in place, never copied per part.
        if (e.kind === "ref") e.parts.push(part);
        else e = { kind: "method", target: e, name: t.value, args: null, at: pos(t) };
        continue;
      }
      if (t.kind !== "ident") this.fail("a name or a function after the dot");
      this.next();
      const upper = t.value.toUpperCase();
      if (this.isPunct("(") || DOT_FUNCTIONS.has(upper)) {
        const args = this.isPunct("(") ? this.args() : null;
        e = { kind: "method", target: e, name: upper, args, at: pos(t) };
      } else if (e.kind === "ref") {
        e.parts.push({ name: t.value, bracketed: false, at: pos(t) });
      } else {
        throw new MdxError(
          "MDX_UNKNOWN_FUNCTION",
          { id: "unknownFunction", name: t.value, method: true },
          pos(t),
        );
      }
    }
    return e;
  }

  private args(): Expr[] {
    this.punct("(");
    const args: Expr[] = [];
    if (this.isPunct(")")) {
      this.next();
      return args;
    }
    for (;;) {
      if (this.isPunct(",") || this.isPunct(")")) args.push({ kind: "empty", at: pos(this.tok) });
      else args.push(this.expr());
      if (this.isPunct(",")) {
        this.next();
        continue;
      }
      this.punct(")", ", or )");
      return args;
    }
  }

  /** `CASE [subject] WHEN w THEN v … [ELSE e] END`, after the word CASE. */
  private caseExpr(start: Token): Expr {
    const subject = this.isKw("WHEN") ? null : this.expr();
    const whens: [Expr, Expr][] = [];
    while (this.isKw("WHEN")) {
      this.next();
      const when = this.expr();
      this.kw("THEN");
      whens.push([when, this.expr()]);
    }
    if (whens.length === 0) this.fail({ token: "WHEN" });
    let otherwise: Expr | null = null;
    if (this.isKw("ELSE")) {
      this.next();
      otherwise = this.expr();
    }
    this.kw("END");
    return { kind: "case", subject, whens, otherwise, at: pos(start) };
  }

  private primary(): Expr {
    const t = this.tok;
    switch (t.kind) {
      case "number":
        this.next();
        return { kind: "number", value: Number(t.value), at: pos(t) };
      case "string":
        this.next();
        return { kind: "string", value: t.value, at: pos(t) };
      case "name":
        this.next();
        return { kind: "ref", parts: [{ name: t.value, bracketed: true, at: pos(t) }], at: pos(t) };
      case "ident": {
        const upper = t.value.toUpperCase();
        if (RESERVED.has(upper)) this.fail("a member, a set or a value");
        this.next();
        if (this.isPunct("(")) return { kind: "call", name: upper, args: this.args(), at: pos(t) };
        if (upper === "CASE") return this.caseExpr(t);
        if (FLAGS.has(upper)) return { kind: "flag", name: upper, at: pos(t) };
        return { kind: "ref", parts: [{ name: t.value, bracketed: false, at: pos(t) }], at: pos(t) };
      }
      case "punct":
        if (t.value === "{") {
          this.next();
          const items: Expr[] = [];
          if (!this.isPunct("}")) {
            for (;;) {
              items.push(this.expr());
              if (!this.isPunct(",")) break;
              this.next();
            }
          }
          this.punct("}", ", or }");
          return { kind: "set", items, at: pos(t) };
        }
        if (t.value === "(") {
          this.next();
          const items: Expr[] = [this.expr()];
          while (this.isPunct(",")) {
            this.next();
            items.push(this.expr());
          }
          this.punct(")", ", or )");
          if (items.length === 1) return items[0] as Expr;
          return { kind: "tuple", items, at: pos(t) };
        }
        return this.fail("a member, a set or a value");
      default:
        return this.fail("a member, a set or a value");
    }
  }
}
