// packages/connectors/src/embedded/grid-worker.ts
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";

// packages/engine/src/engine-error.ts
var EngineError = class extends Error {
  constructor(code, message, field = null) {
    super(message);
    this.code = code;
    this.field = field;
  }
  code;
  field;
  name = "EngineError";
};

// packages/engine/src/calc-parser.ts
var CalcSyntaxError = class extends EngineError {
  constructor(line, column, detail) {
    super("CALC_SYNTAX", `Syntax error at line ${line}, column ${column}: ${detail}`);
    this.line = line;
    this.column = column;
    this.detail = detail;
  }
  line;
  column;
  detail;
  name = "CalcSyntaxError";
};
var PUNCT = [
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
function tokenize(src) {
  const out = [];
  let i = 0;
  let line = 1;
  let col = 1;
  const adv = (n) => {
    for (let k = 0; k < n; k++) {
      if (src[i] === "\n") {
        line++;
        col = 1;
      } else col++;
      i++;
    }
  };
  while (i < src.length) {
    const c = src[i];
    if (c === " " || c === "	" || c === "\r" || c === "\n") {
      adv(1);
      continue;
    }
    if (c === "/" && src[i + 1] === "*") {
      const l = line;
      const cl = col;
      const end = src.indexOf("*/", i + 2);
      if (end < 0) throw new CalcSyntaxError(l, cl, "unterminated comment");
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
      if (end < 0 || (nl >= 0 && nl < end)) throw new CalcSyntaxError(line, col, "unterminated quoted name");
      out.push({ kind: "str", text: src.slice(i + 1, end), ...start });
      adv(end + 1 - i);
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const m2 = /^[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?|^[0-9]+\.?/.exec(src.slice(i));
      out.push({ kind: "num", text: m2[0], ...start });
      adv(m2[0].length);
      continue;
    }
    if (c === "#") {
      const m2 = /^#(MISSING|MI)\b/i.exec(src.slice(i));
      if (!m2) throw new CalcSyntaxError(line, col, "unexpected '#' (expected #MISSING or #MI)");
      out.push({ kind: "missing", text: m2[0], ...start });
      adv(m2[0].length);
      continue;
    }
    if (c === "@" || c === "&" || /[A-Za-z_]/.test(c)) {
      const m2 = /^[@&]?[A-Za-z_][A-Za-z0-9_.]*/.exec(src.slice(i));
      if (!m2) throw new CalcSyntaxError(line, col, `unexpected '${c}'`);
      const kind = c === "@" ? "func" : c === "&" ? "subvar" : "ident";
      out.push({ kind, text: kind === "ident" ? m2[0] : m2[0].slice(1), ...start });
      adv(m2[0].length);
      continue;
    }
    const p = PUNCT.find((x) => src.startsWith(x, i));
    if (!p) throw new CalcSyntaxError(line, col, `unexpected character '${c}'`);
    out.push({ kind: "punct", text: p === "!=" ? "<>" : p, ...start });
    adv(p.length);
  }
  out.push({ kind: "eof", text: "", line, column: col });
  return out;
}
var STATEMENT_END = /* @__PURE__ */ new Set(["ENDFIX", "ENDEXCLUDE", "ENDIF", "ELSE", "ELSEIF"]);
var Parser = class {
  constructor(toks) {
    this.toks = toks;
  }
  toks;
  i = 0;
  get t() {
    return this.toks[this.i];
  }
  peek(n = 1) {
    return this.toks[this.i + n] ?? this.toks[this.toks.length - 1];
  }
  isWord(word, tok = this.t) {
    return tok.kind === "ident" && tok.text.toUpperCase() === word;
  }
  isPunct(p, tok = this.t) {
    return tok.kind === "punct" && tok.text === p;
  }
  describe(tok) {
    if (tok.kind === "eof") return "end of script";
    if (tok.kind === "str") return `"${tok.text}"`;
    return `'${tok.kind === "func" ? "@" : tok.kind === "subvar" ? "&" : ""}${tok.text}'`;
  }
  fail(expected, tok = this.t) {
    throw new CalcSyntaxError(tok.line, tok.column, `expected ${expected}, found ${this.describe(tok)}`);
  }
  expectPunct(p) {
    if (!this.isPunct(p)) this.fail(`'${p}'`);
    return this.toks[this.i++];
  }
  expectWord(w) {
    if (!this.isWord(w)) this.fail(w);
    return this.toks[this.i++];
  }
  pos(tok = this.t) {
    return { line: tok.line, column: tok.column };
  }
  script() {
    const body = this.statements();
    if (this.t.kind !== "eof") this.fail("a statement");
    return body;
  }
  statements() {
    const out = [];
    while (
      this.t.kind !== "eof" &&
      !(this.t.kind === "ident" && STATEMENT_END.has(this.t.text.toUpperCase()))
    ) {
      if (this.isPunct(")")) break;
      out.push(this.statement());
    }
    return out;
  }
  endStatement() {
    this.expectPunct(";");
  }
  statement() {
    const tok = this.t;
    const pos2 = this.pos();
    const word = tok.kind === "ident" ? tok.text.toUpperCase() : "";
    const next = this.peek();
    const startsExpr =
      next.kind === "punct" && (next.text === "=" || next.text === "->" || next.text === "(");
    if (word === "SET" && next.kind === "ident") {
      this.i++;
      const name = this.toks[this.i++].text.toUpperCase();
      const args = [];
      while (!this.isPunct(";")) {
        if (this.t.kind === "eof") this.fail("';'");
        args.push(this.toks[this.i++].text);
      }
      this.endStatement();
      return { kind: "set", name, args, pos: pos2 };
    }
    if (word === "CALC" && !startsExpr) {
      this.i++;
      if (this.isWord("ALL")) {
        this.i++;
        this.endStatement();
        return { kind: "calcAll", pos: pos2 };
      }
      if (this.isWord("TWOPASS")) {
        this.i++;
        this.endStatement();
        return { kind: "calcTwoPass", pos: pos2 };
      }
      if (this.isWord("DIM")) {
        this.i++;
        const dims = this.nameList();
        this.endStatement();
        return { kind: "calcDim", dims, pos: pos2 };
      }
      this.fail("ALL, DIM or TWOPASS after CALC");
    }
    if (word === "AGG" && this.isPunct("(", next)) {
      this.i++;
      const dims = this.nameList();
      this.endStatement();
      return { kind: "agg", dims, pos: pos2 };
    }
    if ((word === "FIX" || word === "EXCLUDE") && this.isPunct("(", next)) {
      this.i++;
      this.expectPunct("(");
      const members = [this.expr()];
      while (this.isPunct(",")) {
        this.i++;
        members.push(this.expr());
      }
      this.expectPunct(")");
      const body = this.statements();
      this.expectWord(word === "FIX" ? "ENDFIX" : "ENDEXCLUDE");
      if (this.isPunct(";")) this.i++;
      return { kind: "fix", members, body, exclude: word === "EXCLUDE", pos: pos2 };
    }
    if (word === "IF" && this.isPunct("(", next)) return this.ifStatement();
    if (word === "CLEARDATA" && !startsExpr) {
      this.i++;
      const target = this.expr();
      this.endStatement();
      return { kind: "clearData", target, pos: pos2 };
    }
    if (word === "CLEARBLOCK" && !startsExpr) {
      this.i++;
      if (this.t.kind !== "ident") this.fail("ALL, UPPER, NONINPUT or DYNAMIC");
      const which = this.toks[this.i++].text.toUpperCase();
      this.endStatement();
      return { kind: "clearBlock", which, pos: pos2 };
    }
    if (word === "DATACOPY" && !startsExpr) {
      this.i++;
      const from = this.expr();
      this.expectWord("TO");
      const to = this.expr();
      this.endStatement();
      return { kind: "dataCopy", from, to, pos: pos2 };
    }
    if (word === "VAR" && next.kind === "ident") {
      this.i++;
      const name = this.toks[this.i++].text;
      let value = null;
      if (this.isPunct("=")) {
        this.i++;
        value = this.expr();
      }
      this.endStatement();
      return { kind: "var", name, value, pos: pos2 };
    }
    if (word && STATEMENT_END.has(word)) this.fail("a statement");
    const e = this.expr();
    if (this.isPunct("=")) {
      if (e.kind !== "ref") this.fail("a member name before '='");
      this.i++;
      const value = this.expr();
      this.endStatement();
      return { kind: "assign", target: e, value, pos: pos2 };
    }
    if (this.isPunct("(") && e.kind === "ref") {
      this.i++;
      const body = this.statements();
      this.expectPunct(")");
      if (this.isPunct(";")) this.i++;
      return { kind: "memberBlock", target: e, body, pos: pos2 };
    }
    this.endStatement();
    return { kind: "expr", value: e, pos: pos2 };
  }
  ifStatement() {
    const pos2 = this.pos();
    this.i++;
    const branches = [];
    this.expectPunct("(");
    let cond = this.expr();
    this.expectPunct(")");
    branches.push({ cond, body: this.statements() });
    let otherwise = null;
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
    return { kind: "if", branches, otherwise, pos: pos2 };
  }
  nameList() {
    this.expectPunct("(");
    const out = [];
    for (;;) {
      if (this.t.kind !== "ident" && this.t.kind !== "str") this.fail("a dimension name");
      out.push(this.toks[this.i++].text);
      if (this.isPunct(",")) {
        this.i++;
        continue;
      }
      break;
    }
    this.expectPunct(")");
    return out;
  }
  expr() {
    return this.or();
  }
  or() {
    let l = this.and();
    while (this.isWord("OR")) {
      const pos2 = this.pos();
      this.i++;
      l = { kind: "binary", op: "OR", left: l, right: this.and(), pos: pos2 };
    }
    return l;
  }
  and() {
    let l = this.not();
    while (this.isWord("AND")) {
      const pos2 = this.pos();
      this.i++;
      l = { kind: "binary", op: "AND", left: l, right: this.not(), pos: pos2 };
    }
    return l;
  }
  not() {
    if (this.isWord("NOT")) {
      const pos2 = this.pos();
      this.i++;
      return { kind: "unary", op: "NOT", arg: this.not(), pos: pos2 };
    }
    return this.comparison();
  }
  comparison() {
    const l = this.additive();
    const t = this.t;
    if (t.kind === "punct" && ["==", "<>", "<", ">", "<=", ">="].includes(t.text)) {
      this.i++;
      return { kind: "binary", op: t.text, left: l, right: this.additive(), pos: this.pos(t) };
    }
    return l;
  }
  additive() {
    let l = this.multiplicative();
    while (this.isPunct("+") || this.isPunct("-")) {
      const t = this.toks[this.i++];
      l = { kind: "binary", op: t.text, left: l, right: this.multiplicative(), pos: this.pos(t) };
    }
    return l;
  }
  multiplicative() {
    let l = this.unary();
    while (this.isPunct("*") || this.isPunct("/") || this.isPunct("%")) {
      const t = this.toks[this.i++];
      l = { kind: "binary", op: t.text, left: l, right: this.unary(), pos: this.pos(t) };
    }
    return l;
  }
  unary() {
    if (this.isPunct("-") || this.isPunct("+")) {
      const t = this.toks[this.i++];
      return { kind: "unary", op: t.text, arg: this.unary(), pos: this.pos(t) };
    }
    return this.primary();
  }
  primary() {
    const t = this.t;
    const pos2 = this.pos();
    switch (t.kind) {
      case "num":
        this.i++;
        return { kind: "number", value: Number(t.text), pos: pos2 };
      case "missing":
        this.i++;
        return { kind: "missing", pos: pos2 };
      case "func": {
        this.i++;
        this.expectPunct("(");
        const args = [];
        if (!this.isPunct(")")) {
          args.push(this.expr());
          while (this.isPunct(",")) {
            this.i++;
            args.push(this.expr());
          }
        }
        this.expectPunct(")");
        return { kind: "call", name: t.text.toUpperCase(), args, pos: pos2 };
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
        return { kind: "ref", parts, pos: pos2 };
      }
      default:
        break;
    }
    return this.fail("a value, a member name or a function");
  }
  refPart() {
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
};
function parseCalcScript(src) {
  return new Parser(tokenize(src)).script();
}
function parseFormula(src) {
  const trimmed = src.trim();
  const text = /;$/.test(trimmed) || /ENDIF$/i.test(trimmed) ? trimmed : `${trimmed};`;
  return new Parser(tokenize(text)).script();
}

// packages/engine/src/queries.ts
var QueryError = class extends EngineError {
  name = "QueryError";
  constructor(message, field = null) {
    super("QUERY_INVALID", message, field);
  }
};
function children(m2) {
  return [...m2.children];
}
function childrenInclusive(m2) {
  return [m2, ...m2.children];
}
function descendants(m2) {
  return m2.descendants();
}
function descendantsInclusive(m2) {
  return [m2, ...m2.descendants()];
}
function level0Descendants(m2) {
  if (m2.isLeaf) return [m2];
  return m2.descendants().filter((d) => d.isLeaf);
}
function siblings(m2) {
  return m2.siblings();
}
function siblingsInclusive(m2) {
  return m2.parent ? [...m2.parent.children] : [m2];
}
function ancestors(m2) {
  return m2.ancestors().reverse();
}
function ancestorsInclusive(m2) {
  return [...m2.ancestors().reverse(), m2];
}
function levelMembers(dim, level) {
  return dim.members.filter((x) => x.level === level && !x.isShared);
}
function generationMembers(dim, generation) {
  return dim.members.filter((x) => x.generation === generation && !x.isShared);
}
function udaMembers(dim, uda) {
  const u = uda.toLowerCase();
  return dim.members.filter((x) => !x.isShared && x.udas.some((y) => y.toLowerCase() === u));
}
function relative(m2, n) {
  const all = [m2, ...m2.descendants()].filter((x) => !x.isShared || x === m2);
  if (n > 0) return all.filter((x) => x.generation === n);
  return all.filter((x) => x.level === -n);
}
function attributeMembers(outline, attribute) {
  const attrDim = attribute.dimension;
  const base = attrDim.baseDimensionName ? outline.dimension(attrDim.baseDimensionName) : void 0;
  if (!base) return [];
  const accepted = new Set(level0Descendants(attribute));
  return base.members.filter((x) => {
    if (x.isShared) return false;
    const a = x.attributes.get(attrDim.name);
    return a !== void 0 && accepted.has(a);
  });
}
function wildcardRegExp(pattern) {
  const body = pattern
    .split("")
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}$`, "i");
}

// packages/engine/src/calc-eval.ts
var CalcError = class extends EngineError {
  constructor(message, line, column) {
    super("CALC_FAILED", line !== void 0 ? `${message} (line ${line}, column ${column})` : message);
    this.line = line;
    this.column = column;
  }
  line;
  column;
  name = "CalcError";
};
var CalcReturn = class extends CalcError {
  constructor(text, level, line, column) {
    super(text, line, column);
    this.text = text;
    this.level = level;
  }
  text;
  level;
  name = "CalcReturn";
};
var NaN_ = Number.NaN;
function isMissing(v) {
  return Number.isNaN(v);
}
function arith(op, a, b) {
  switch (op) {
    case "+":
      return isMissing(a) ? b : isMissing(b) ? a : a + b;
    case "-":
      return isMissing(a) ? (isMissing(b) ? NaN_ : -b) : isMissing(b) ? a : a - b;
    case "*":
      return a * b;
    case "/":
      return b === 0 ? NaN_ : a / b;
    case "%":
      return b === 0 ? NaN_ : (a / b) * 100;
    default: {
      const x = isMissing(a) ? 0 : a;
      const y = isMissing(b) ? 0 : b;
      switch (op) {
        case "==":
          return x === y ? 1 : 0;
        case "<>":
          return x !== y ? 1 : 0;
        case "<":
          return x < y ? 1 : 0;
        case ">":
          return x > y ? 1 : 0;
        case "<=":
          return x <= y ? 1 : 0;
        case ">=":
          return x >= y ? 1 : 0;
        case "AND":
          return x !== 0 && y !== 0 ? 1 : 0;
        case "OR":
          return x !== 0 || y !== 0 ? 1 : 0;
        default:
          throw new CalcError(`Unknown operator ${op}`);
      }
    }
  }
}
function dateSeconds(name) {
  const m2 = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(name) ?? /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(name);
  if (!m2) return NaN_;
  const [y, mo, d] = name.indexOf("-") === 4 ? [m2[1], m2[2], m2[3]] : [m2[3], m2[1], m2[2]];
  return Date.UTC(Number(y), Number(mo) - 1, Number(d)) / 1e3;
}
var FormulaEvaluator = class {
  constructor(cube) {
    this.cube = cube;
    this.outline = cube.outline;
  }
  cube;
  formulas = /* @__PURE__ */ new Map();
  refs = /* @__PURE__ */ new WeakMap();
  outline;
  /** Calc-script variables (VAR x = …). */
  vars = /* @__PURE__ */ new Map();
  /** Other cubes by location alias (`_Plan2_`), the targets of @XWRITE. */
  locations = /* @__PURE__ */ new Map();
  /** Cells written by @XWRITE. */
  xwrites = 0;
  /** The value of a member with a formula at a cell. */
  memberValue(m2, coords, depth) {
    let stmts = this.formulas.get(m2);
    if (!stmts) {
      try {
        stmts = parseFormula(m2.formula ?? "");
      } catch (e) {
        throw new CalcError(`Formula of "${m2.name}": ${e.message}`);
      }
      this.formulas.set(m2, stmts);
    }
    const dimIdx = this.cube.dims.indexOf(m2.dimension);
    const saved = coords[dimIdx];
    coords[dimIdx] = m2.ordinal;
    try {
      const out = { value: NaN_ };
      this.runFormula(stmts, coords, depth, m2, out);
      return out.value;
    } finally {
      coords[dimIdx] = saved;
    }
  }
  runFormula(stmts, coords, depth, self, out) {
    for (const s of stmts) {
      switch (s.kind) {
        case "expr":
          out.value = this.eval(s.value, coords, depth);
          break;
        case "assign": {
          const target = this.refMembers(s.target);
          const v = this.eval(s.value, coords, depth);
          if (target.length === 1 && target[0]?.stored === self.stored) out.value = v;
          break;
        }
        case "if": {
          const branch = s.branches.find((b) => truthy(this.eval(b.cond, coords, depth)));
          const body = branch ? branch.body : s.otherwise;
          if (body) this.runFormula(body, coords, depth, self, out);
          break;
        }
        default:
          throw new CalcError(`"${s.kind}" is not allowed in a member formula`, s.pos.line, s.pos.column);
      }
    }
  }
  /** Members named by a reference (one per `->` part); substitution variables are expanded. */
  refMembers(e) {
    const hit = this.refs.get(e);
    if (hit) return hit;
    const out = e.parts.map((p) => this.resolveName(p, e.pos));
    this.refs.set(e, out);
    return out;
  }
  resolveName(text, pos2) {
    let name = text;
    if (name.startsWith("&")) {
      const v = this.outline.substitutionVariable(name.slice(1));
      if (v === void 0)
        throw new CalcError(`Unknown substitution variable ${name}`, pos2?.line, pos2?.column);
      name = v;
    }
    const m2 = this.outline.member(name) ?? this.outline.memberByAlias(name);
    if (!m2) throw new CalcError(`Unknown member "${name}"`, pos2?.line, pos2?.column);
    return m2;
  }
  eval(e, coords, depth) {
    switch (e.kind) {
      case "number":
        return e.value;
      case "missing":
        return NaN_;
      case "string":
        return NaN_;
      case "ref": {
        if (e.parts.length === 1 && this.vars.has(e.parts[0].toLowerCase())) {
          return this.vars.get(e.parts[0].toLowerCase());
        }
        return this.valueWith(this.refMembers(e), coords, depth);
      }
      case "unary": {
        const v = this.eval(e.arg, coords, depth);
        if (e.op === "NOT") return truthy(v) ? 0 : 1;
        return e.op === "-" ? -v : v;
      }
      case "binary":
        return arith(e.op, this.eval(e.left, coords, depth), this.eval(e.right, coords, depth));
      case "call":
        return this.call(e, coords, depth);
    }
  }
  /** The value at `coords` with some members substituted (a cross-dimensional reference). */
  valueWith(members, coords, depth) {
    const dims = this.cube.dims;
    const saved = [];
    const idx = [];
    for (const m2 of members) {
      const i = dims.indexOf(m2.dimension);
      if (i < 0) throw new CalcError(`"${m2.name}" is an attribute member; use @ATTRIBUTE in a member set`);
      idx.push(i);
      saved.push(coords[i]);
      coords[i] = m2.stored.ordinal;
    }
    try {
      return this.cube.valueAt(coords, depth + 1);
    } finally {
      for (let k = idx.length - 1; k >= 0; k--) coords[idx[k]] = saved[k];
    }
  }
  current(dim, coords) {
    const i = this.cube.dims.indexOf(dim);
    if (i < 0) throw new CalcError(`${dim.name} is not a base dimension`);
    return dim.members[coords[i]];
  }
  argMember(e, fn) {
    if (!e) throw new CalcError(`${fn} needs a member argument`);
    if (e.kind === "ref" && e.parts.length === 1) return this.refMembers(e)[0];
    if (e.kind === "string") return this.resolveName(e.value, e.pos);
    if (e.kind === "call" && e.name === "NAME") return this.argMember(e.args[0], fn);
    throw new CalcError(`${fn} expects a member name`, e.pos.line, e.pos.column);
  }
  argText(e, fn) {
    if (!e) throw new CalcError(`${fn} needs an argument`);
    if (e.kind === "string") return e.value;
    if (e.kind === "ref" && e.parts.length === 1) return e.parts[0];
    if (e.kind === "number") return String(e.value);
    if (e.kind === "call" && e.name === "NAME") return this.argText(e.args[0], fn);
    throw new CalcError(`${fn} expects a name`, e.pos.line, e.pos.column);
  }
  /**
   * `@XWRITE(expression, locationAlias [, members])`: writes the expression's value at the current cell to the
   * same intersection of another cube, matching members by name dimension by dimension; the optional members
   * name the target's members in dimensions the source does not have (or override a matched one). Dimensions
   * of the source that the target lacks are left out. Answers the value written.
   */
  xwrite(e, coords, depth) {
    const a = e.args;
    if (!a[0] || !a[1])
      throw new CalcError("@XWRITE needs an expression and a location alias", e.pos.line, e.pos.column);
    const alias = this.argText(a[1], "@XWRITE");
    const target = this.locations.get(alias.toLowerCase());
    if (!target) throw new CalcError(`Unknown location alias ${alias}`, e.pos.line, e.pos.column);
    const value = this.eval(a[0], coords, depth);
    const given = /* @__PURE__ */ new Map();
    for (const x of a.slice(2)) {
      for (const m2 of this.memberSet(x, coords)) given.set(m2.dimension.name.toLowerCase(), m2.name);
    }
    const tuple = target.dims.map((d, i) => {
      const explicit = given.get(d.name.toLowerCase());
      const own = this.cube.dims.findIndex((s) => s.name.toLowerCase() === d.name.toLowerCase());
      const name = explicit ?? (own >= 0 ? this.cube.member(own, coords[own]).name : void 0);
      const m2 = name === void 0 ? void 0 : target.outline.member(name);
      if (!m2 || m2.dimension !== target.dims[i]) {
        throw new CalcError(
          `@XWRITE: ${alias} has no member ${name ?? "given"} in dimension ${d.name}`,
          e.pos.line,
          e.pos.column,
        );
      }
      return m2;
    });
    target.write(tuple, Number.isNaN(value) ? null : value);
    this.xwrites++;
    return value;
  }
  call(e, coords, depth) {
    const a = e.args;
    const num = (k) => {
      const x = a[k];
      if (!x) throw new CalcError(`@${e.name} needs argument ${k + 1}`, e.pos.line, e.pos.column);
      return this.eval(x, coords, depth);
    };
    switch (e.name) {
      case "RETURN": {
        const text = this.argText(a[0], "@RETURN");
        const level = a[1] ? this.argText(a[1], "@RETURN").toUpperCase() : "INFO";
        if (level !== "ERROR" && level !== "WARNING" && level !== "INFO")
          throw new CalcError(
            `@RETURN level must be ERROR, WARNING or INFO, not ${level}`,
            e.pos.line,
            e.pos.column,
          );
        throw new CalcReturn(text, level, e.pos.line, e.pos.column);
      }
      case "XWRITE":
        return this.xwrite(e, coords, depth);
      case "VAR":
      case "VARPER": {
        const x = this.eval(a[0], coords, depth);
        const y = this.eval(a[1], coords, depth);
        const acct =
          this.cube.accountsDim >= 0
            ? this.cube.member(this.cube.accountsDim, coords[this.cube.accountsDim])
            : null;
        const variance = acct?.expense ? arith("-", y, x) : arith("-", x, y);
        if (e.name === "VAR") return isMissing(x) && isMissing(y) ? NaN_ : variance;
        return isMissing(x) || isMissing(y) ? NaN_ : arith("%", variance, y);
      }
      case "ABS":
        return Math.abs(num(0));
      case "INT":
        return Math.floor(num(0));
      case "TRUNCATE":
        return Math.trunc(num(0));
      case "ROUND": {
        const v = num(0);
        const n = a.length > 1 ? num(1) : 0;
        const f = 10 ** n;
        return Math.round(v * f) / f;
      }
      case "MOD":
        return num(0) % num(1);
      case "POWER":
        return num(0) ** num(1);
      case "SQRT":
        return Math.sqrt(num(0));
      case "EXP":
        return Math.exp(num(0));
      case "LN":
        return Math.log(num(0));
      case "MIN":
      case "MAX":
      case "SUM":
      case "AVG":
      case "AVGRANGE":
      case "SUMRANGE": {
        const vals = this.listValues(a, coords, depth, e.name);
        const present = vals.filter((v) => !isMissing(v));
        if (present.length === 0) return NaN_;
        if (e.name === "MIN") return Math.min(...present);
        if (e.name === "MAX") return Math.max(...present);
        const sum = present.reduce((x, y) => x + y, 0);
        return e.name.startsWith("AVG") ? sum / present.length : sum;
      }
      case "ISMBR": {
        const set = a.flatMap((x) => this.memberSet(x, coords));
        return set.some((m2) => {
          const i = this.cube.dims.indexOf(m2.dimension);
          return i >= 0 && coords[i] === m2.stored.ordinal;
        })
          ? 1
          : 0;
      }
      case "ISLEV":
      case "ISGEN": {
        const dim = this.argMember(a[0], `@${e.name}`).dimension;
        const n = num(1);
        const cur = this.current(dim, coords);
        return (e.name === "ISLEV" ? cur.level : cur.generation) === n ? 1 : 0;
      }
      case "ISUDA": {
        const dim = this.argMember(a[0], "@ISUDA").dimension;
        const uda = this.argText(a[1], "@ISUDA").toLowerCase();
        return this.current(dim, coords).udas.some((u) => u.toLowerCase() === uda) ? 1 : 0;
      }
      case "ISCHILD":
      case "ISICHILD":
      case "ISDESC":
      case "ISIDESC":
      case "ISPARENT":
      case "ISANCEST":
      case "ISIANCEST": {
        const m2 = this.argMember(a[0], `@${e.name}`).stored;
        const cur = this.current(m2.dimension, coords);
        const self = e.name.startsWith("ISI") && cur === m2;
        let r = false;
        if (e.name.endsWith("CHILD")) r = cur.parent === m2;
        else if (e.name.endsWith("DESC")) r = cur.isDescendantOf(m2);
        else if (e.name === "ISPARENT") r = m2.parent === cur;
        else r = m2.isDescendantOf(cur);
        return r || self ? 1 : 0;
      }
      case "PRIOR":
      case "NEXT":
      case "SHIFT": {
        const t = this.cube.timeDim;
        if (t < 0) throw new CalcError(`@${e.name} needs a time dimension`);
        const n = a.length > 1 ? num(1) : 1;
        const step = e.name === "PRIOR" ? -n : n;
        const cur = this.cube.member(t, coords[t]);
        const list = levelMembers(this.cube.dims[t], cur.level);
        const pos2 = list.indexOf(cur);
        const target = list[pos2 + step];
        if (pos2 < 0 || !target) return NaN_;
        const saved = coords[t];
        coords[t] = target.ordinal;
        try {
          return a[0] ? this.eval(a[0], coords, depth) : NaN_;
        } finally {
          coords[t] = saved;
        }
      }
      case "ATTRIBUTEVAL":
      case "ATTRIBUTEBVAL":
      case "ATTRIBUTESVAL": {
        const attrDim = this.attributeDimension(a[0]);
        const base = this.outline.dimension(attrDim.baseDimensionName ?? "");
        if (!base) return NaN_;
        const attr = this.current(base, coords).attributes.get(attrDim.name);
        if (!attr) return NaN_;
        if (attrDim.attributeKind === "date") return dateSeconds(attr.name);
        if (attrDim.attributeKind === "boolean")
          return /^(true|yes)$/i.test(attr.name.replace(/^.*_/, "")) ? 1 : 0;
        const n = Number(attr.name.replace(/^.*_/, ""));
        return Number.isFinite(n) ? n : NaN_;
      }
      case "CALCMBR":
        return NaN_;
      default:
        throw new CalcError(`Unsupported function @${e.name}`, e.pos.line, e.pos.column);
    }
  }
  attributeDimension(arg) {
    const name = this.argText(arg, "@ATTRIBUTEVAL");
    const dim = this.outline.dimension(name) ?? this.outline.member(name)?.dimension;
    if (dim?.type !== "attribute") throw new CalcError(`"${name}" is not an attribute dimension`);
    return dim;
  }
  listValues(args, coords, depth, fn) {
    const out = [];
    for (const x of args) {
      if (x.kind === "ref" && x.parts.length === 1 && /^SKIP/i.test(x.parts[0])) continue;
      if (x.kind === "call" && isSetFunction(x.name)) {
        for (const m2 of this.memberSet(x, coords)) out.push(this.valueWith([m2], coords, depth));
      } else out.push(this.eval(x, coords, depth));
    }
    if (out.length === 0 && fn !== "SUM") return [];
    return out;
  }
  /** A member set: names, and functions such as @CHILDREN, @LEVMBRS, @UDA, @ATTRIBUTE, @REMOVE. */
  memberSet(e, coords) {
    if (e.kind === "ref") {
      if (e.parts.length !== 1)
        throw new CalcError("A member set cannot cross dimensions", e.pos.line, e.pos.column);
      return this.refMembers(e);
    }
    if (e.kind === "string") return [this.resolveName(e.value, e.pos)];
    if (e.kind !== "call")
      throw new CalcError("Expected a member or member-set function", e.pos.line, e.pos.column);
    const a = e.args;
    const m0 = () => this.argMember(a[0], `@${e.name}`);
    const n1 = () => {
      const x = a[1];
      if (!x) throw new CalcError(`@${e.name} needs a number`, e.pos.line, e.pos.column);
      const v =
        x.kind === "number" ? x.value : x.kind === "unary" && x.arg.kind === "number" ? -x.arg.value : NaN_;
      if (!Number.isFinite(v)) {
        const dim = m0().dimension;
        const name = this.argText(x, `@${e.name}`);
        const byName = e.name.startsWith("LEV") ? dim.levelByName(name) : dim.generationByName(name);
        if (byName === void 0)
          throw new CalcError(`Unknown level or generation "${name}"`, e.pos.line, e.pos.column);
        return byName;
      }
      return v;
    };
    switch (e.name) {
      case "CHILDREN":
        return children(m0());
      case "ICHILDREN":
        return childrenInclusive(m0());
      case "DESCENDANTS":
        return descendants(m0());
      case "IDESCENDANTS":
        return descendantsInclusive(m0());
      case "SIBLINGS":
        return siblings(m0());
      case "ISIBLINGS":
        return siblingsInclusive(m0());
      case "PARENT": {
        const p = m0().parent;
        return p ? [p] : [];
      }
      case "ANCESTORS":
        return ancestors(m0());
      case "IANCESTORS":
        return ancestorsInclusive(m0());
      case "LEVMBRS":
        return levelMembers(m0().dimension, n1());
      case "GENMBRS":
        return generationMembers(m0().dimension, n1());
      case "RELATIVE":
        return relative(m0(), n1());
      case "UDA":
        return udaMembers(m0().dimension, this.argText(a[1], "@UDA"));
      case "ATTRIBUTE":
        return attributeMembers(this.outline, m0());
      case "LIST":
        return a.flatMap((x) => this.memberSet(x, coords));
      case "REMOVE": {
        const drop = new Set(this.memberSet(a[1], coords).map((m2) => m2.stored));
        return this.memberSet(a[0], coords).filter((m2) => !drop.has(m2.stored));
      }
      case "MATCH": {
        const scope = m0();
        const re = wildcardRegExp(this.argText(a[1], "@MATCH"));
        return descendantsInclusive(scope).filter((m2) => re.test(m2.name));
      }
      case "CURRMBR": {
        const dim = m0().dimension;
        if (!coords) throw new CalcError("@CURRMBR needs a current cell", e.pos.line, e.pos.column);
        return [this.current(dim, coords)];
      }
      default:
        throw new CalcError(`@${e.name} is not a member-set function`, e.pos.line, e.pos.column);
    }
  }
};
var SET_FUNCTIONS = /* @__PURE__ */ new Set([
  "CHILDREN",
  "ICHILDREN",
  "DESCENDANTS",
  "IDESCENDANTS",
  "SIBLINGS",
  "ISIBLINGS",
  "PARENT",
  "ANCESTORS",
  "IANCESTORS",
  "LEVMBRS",
  "GENMBRS",
  "RELATIVE",
  "UDA",
  "ATTRIBUTE",
  "LIST",
  "REMOVE",
  "MATCH",
]);
function isSetFunction(name) {
  return SET_FUNCTIONS.has(name);
}
function truthy(v) {
  return !isMissing(v) && v !== 0;
}

// packages/engine/src/cube/arithmetic.ts
var OP_PLUS = 0;
var OP_MINUS = 1;
var OP_TIMES = 2;
var OP_DIVIDE = 3;
var OP_PERCENT = 4;
var OP_SKIP = 5;
function opCode(c) {
  switch (c) {
    case "+":
      return OP_PLUS;
    case "-":
      return OP_MINUS;
    case "*":
      return OP_TIMES;
    case "/":
      return OP_DIVIDE;
    case "%":
      return OP_PERCENT;
    default:
      return OP_SKIP;
  }
}
function combine(r, v, op) {
  switch (op) {
    case OP_PLUS:
      return Number.isNaN(r) ? v : Number.isNaN(v) ? r : r + v;
    case OP_MINUS:
      return Number.isNaN(r) ? -v : Number.isNaN(v) ? r : r - v;
    case OP_TIMES:
      return r * v;
    case OP_DIVIDE:
      return v === 0 ? Number.NaN : r / v;
    case OP_PERCENT:
      return v === 0 ? Number.NaN : (r / v) * 100;
    default:
      return r;
  }
}
var TB_NONE = 0;
var TB_FIRST = 1;
var TB_LAST = 2;
var TB_AVERAGE = 3;
var SKIPS = ["none", "missing", "zeros", "missing-and-zeros"];
function tbCode(tb) {
  return tb === "first" ? TB_FIRST : tb === "last" ? TB_LAST : tb === "average" ? TB_AVERAGE : TB_NONE;
}
function skipCode(s) {
  const i = SKIPS.indexOf(s);
  return Math.max(i, 0);
}
function timeBalance(vals, tb, skip) {
  const skipMissing = skip === "missing" || skip === "missing-and-zeros";
  const skipZeros = skip === "zeros" || skip === "missing-and-zeros";
  const keep = (v) => !((skipMissing && Number.isNaN(v)) || (skipZeros && v === 0));
  if (tb === TB_FIRST) {
    for (const v of vals) if (keep(v)) return v;
    return Number.NaN;
  }
  if (tb === TB_LAST) {
    for (let k = vals.length - 1; k >= 0; k--) if (keep(vals[k])) return vals[k];
    return Number.NaN;
  }
  let sum = 0;
  let n = 0;
  let any = false;
  for (const v of vals) {
    if (!keep(v)) continue;
    n++;
    if (!Number.isNaN(v)) {
      sum += v;
      any = true;
    }
  }
  return any && n > 0 ? sum / n : Number.NaN;
}

// packages/engine/src/cube/dense-plan.ts
function compileDensePlan(layout, dims, region) {
  const out = [];
  const { slotOf, denseStride, never } = layout;
  const denseSlots = (i) =>
    layout.dims[i].members.filter((m2) => !m2.isShared && slotOf[i][m2.ordinal] !== -1);
  for (const d of dims) {
    const others = layout.denseDims.filter((i) => i !== d);
    const parents = layout.aggParents[d].filter((p) => !region?.[d] || region[d]?.[p.ordinal] === 1);
    if (parents.length === 0) continue;
    const combos = [/* @__PURE__ */ new Map()];
    for (const o of others) {
      const next = [];
      for (const c of combos) {
        for (const m2 of denseSlots(o)) {
          if (region?.[o] && region[o]?.[m2.ordinal] !== 1) continue;
          const n = new Map(c);
          n.set(o, m2.ordinal);
          next.push(n);
        }
      }
      combos.splice(0, combos.length, ...next);
    }
    for (const combo of combos) {
      if ([...combo].some(([o, ord]) => never[o]?.[ord] === 1)) continue;
      let base = 0;
      for (const [o, ord] of combo) base += slotOf[o][ord] * denseStride[o];
      const acct =
        d === layout.timeDim && layout.accountsDim >= 0 && combo.has(layout.accountsDim)
          ? layout.member(layout.accountsDim, combo.get(layout.accountsDim))
          : null;
      const kind =
        acct && acct.timeBalance !== "none"
          ? tbCode(acct.timeBalance) | (skipCode(acct.timeBalanceSkip) << 2)
          : 0;
      for (const p of parents) {
        const target = base + slotOf[d][p.ordinal] * denseStride[d];
        const kids = [];
        p.children.forEach((c) => {
          const s = slotOf[d][c.stored.ordinal];
          const op = opCode(c.consolidation);
          if (op === OP_SKIP && kind === 0) return;
          kids.push(s < 0 ? -1 : base + s * denseStride[d], op);
        });
        out.push(kind, target, kids.length / 2, ...kids);
      }
    }
  }
  return Int32Array.from(out);
}
function runDensePlan(plan, store, b, keepInput) {
  const data = store.data;
  const off = b * store.blockSize;
  let p = 0;
  const vals = [];
  while (p < plan.length) {
    const kind = plan[p];
    const target = plan[p + 1];
    const n = plan[p + 2];
    let r = Number.NaN;
    if (kind === 0) {
      for (let k = 0; k < n; k++) {
        const c = plan[p + 3 + 2 * k];
        const v = c < 0 ? Number.NaN : data[off + c];
        r = combine(r, v, plan[p + 4 + 2 * k]);
      }
    } else {
      vals.length = 0;
      for (let k = 0; k < n; k++) {
        const c = plan[p + 3 + 2 * k];
        vals.push(c < 0 ? Number.NaN : data[off + c]);
      }
      r = timeBalance(vals, kind & 3, SKIPS[kind >>> 2]);
    }
    if (!Number.isNaN(r) || !keepInput || !store.isInput(b, target)) data[off + target] = r;
    p += 3 + 2 * n;
  }
}

// packages/engine/src/cube/cube-error.ts
var CubeError = class extends EngineError {
  name = "CubeError";
  constructor(message, code = "CUBE_INVALID") {
    super(code, message);
  }
};

// packages/engine/src/cube/layout.ts
function isStorable(m2) {
  return m2.storage === "store" || m2.storage === "never-share";
}
var CubeLayout = class {
  /** Base (non-attribute) dimensions in outline order: the tuple order. */
  dims;
  denseDims;
  sparseDims;
  /** Base dimension indexes in Essbase calculation order (accounts, time, other dense, sparse). */
  calcOrder;
  accountsDim;
  timeDim;
  blockSize;
  /** Dense dims: ordinal → slot in the block (-1 when the member is not stored). */
  slotOf;
  denseStride;
  sparseStride;
  /** Number of sparse member combinations (the range of block keys). */
  sparseSpace;
  /** Per base dim: 1 for members tagged `^` (never consolidated, in any dimension); null when none. */
  never;
  /** Dense cells that consolidate across other dimensions (none of their dense members is `^`); null = all. */
  consolidating;
  /** Per base dim, per member: the stored ordinals of its children, and their operator codes. */
  childOrds;
  childOps;
  /** Per base dim: stored parents by increasing level (their values are materialised by aggregation). */
  aggParents;
  /** Per base dim: 1 for stored parents (the members aggregation materialises). */
  isUpperOrd;
  cellOrds = null;
  constructor(outline) {
    this.dims = outline.baseDimensions;
    const dense = [];
    const sparse = [];
    this.dims.forEach((d, i) => {
      (d.density === "dense" ? dense : sparse).push(i);
    });
    this.denseDims = dense;
    this.sparseDims = sparse;
    this.accountsDim = this.dims.findIndex((d) => d.type === "accounts");
    this.timeDim = this.dims.findIndex((d) => d.type === "time");
    const denseOrder = [
      ...dense.filter((i) => i === this.accountsDim),
      ...dense.filter((i) => i === this.timeDim),
      ...dense.filter((i) => i !== this.accountsDim && i !== this.timeDim),
    ];
    this.calcOrder = [...denseOrder, ...sparse];
    const slotOf = [];
    const denseStride = [];
    const sparseStride = [];
    let bs = 1;
    for (let i = this.dims.length - 1; i >= 0; i--) {
      const d = this.dims[i];
      const slots = new Int32Array(d.size).fill(-1);
      if (d.density === "dense") {
        let n = 0;
        for (const m2 of d.members) if (isStorable(m2)) slots[m2.ordinal] = n++;
        for (const m2 of d.members)
          if (m2.isShared && m2.prototype) slots[m2.ordinal] = slots[m2.prototype.ordinal];
        denseStride[i] = bs;
        bs *= n;
        sparseStride[i] = 0;
      } else denseStride[i] = 0;
      slotOf[i] = slots;
    }
    let ss = 1;
    for (let i = this.dims.length - 1; i >= 0; i--) {
      const d = this.dims[i];
      if (d.density === "sparse") {
        sparseStride[i] = ss;
        ss *= d.size;
      }
    }
    if (ss > Number.MAX_SAFE_INTEGER)
      throw new CubeError("Too many sparse combinations for 53-bit block keys");
    this.sparseSpace = ss;
    this.slotOf = slotOf;
    this.denseStride = denseStride;
    this.sparseStride = sparseStride;
    this.blockSize = bs;
    this.childOrds = this.dims.map((d) =>
      d.members.map((m2) => Int32Array.from(m2.children.map((c) => c.stored.ordinal))),
    );
    this.childOps = this.dims.map((d) =>
      d.members.map((m2) => Uint8Array.from(m2.children.map((c) => opCode(c.consolidation)))),
    );
    this.never = this.dims.map((d) => {
      if (!d.members.some((m2) => m2.consolidation === "^")) return null;
      const mask = new Uint8Array(d.size);
      for (const m2 of d.members)
        if (m2.stored.consolidation === "^" || m2.consolidation === "^") mask[m2.stored.ordinal] = 1;
      return mask;
    });
    this.consolidating = this.regionCells(null, true);
    this.aggParents = this.dims.map((d) =>
      d.members
        .filter((m2) => !m2.isLeaf && isStorable(m2))
        .sort((a, b) => a.level - b.level || a.ordinal - b.ordinal),
    );
    this.isUpperOrd = this.dims.map((d, i) => {
      const mask = new Uint8Array(d.size);
      for (const p of this.aggParents[i]) mask[p.ordinal] = 1;
      return mask;
    });
  }
  member(dim, ordinal) {
    return this.dims[dim].members[ordinal];
  }
  /** The block key of stored coordinates: the sparse ordinals as one mixed-radix number. */
  keyOf(coords) {
    let k = 0;
    for (const i of this.sparseDims) k += coords[i] * this.sparseStride[i];
    return k;
  }
  /** Offset of a cell inside its block, or -1 when a dense member is not stored. */
  cellOf(coords) {
    let c = 0;
    for (const i of this.denseDims) {
      const s = this.slotOf[i][coords[i]];
      if (s < 0) return -1;
      c += s * this.denseStride[i];
    }
    return c;
  }
  /** The ordinal of a block key's member in a sparse dimension. */
  ordOf(key2, dim) {
    return Math.floor(key2 / this.sparseStride[dim]) % this.dims[dim].size;
  }
  /** Decodes the sparse ordinals of a block key into `coords`. */
  decodeKey(key2, coords) {
    for (const i of this.sparseDims) coords[i] = this.ordOf(key2, i);
  }
  /** Bit k set when the key's member in the k-th sparse dimension (k < 8) is a stored parent. */
  upperBitsOf(key2) {
    let bits = 0;
    this.sparseDims.forEach((i, k) => {
      if (k < 8 && this.isUpperOrd[i]?.[this.ordOf(key2, i)] === 1) bits |= 1 << k;
    });
    return bits;
  }
  /** Whether a block key lies inside a region's sparse part (dimension `except` not checked). */
  keyInRegion(key2, region, except2) {
    for (const i of this.sparseDims) {
      if (i === except2) continue;
      const mask = region[i];
      if (mask && mask[this.ordOf(key2, i)] !== 1) return false;
    }
    return true;
  }
  /** Whether a key's member in a sparse dimension other than `d` is `^` (the block is never consolidated). */
  neverOutside(key2, d) {
    return this.sparseDims.some((i) => i !== d && this.never[i]?.[this.ordOf(key2, i)] === 1);
  }
  /**
   * Dense cells (block offsets) inside a region, or null for the whole block; with `consolidating`, cells of
   * `^` dense members are left out.
   */
  regionCells(region, consolidating = false) {
    const skipNever = consolidating && this.denseDims.some((i) => this.never[i]);
    if (!skipNever && (!region || this.denseDims.every((i) => !region[i]))) return null;
    const out = [];
    const rec = (k, off) => {
      if (k === this.denseDims.length) {
        out.push(off);
        return;
      }
      const i = this.denseDims[k];
      const dim = this.dims[i];
      const mask = region?.[i];
      const never = skipNever ? this.never[i] : null;
      for (const m2 of dim.members) {
        if (m2.isShared || (mask && mask[m2.ordinal] !== 1) || never?.[m2.ordinal] === 1) continue;
        const s = this.slotOf[i][m2.ordinal];
        if (s >= 0) rec(k + 1, off + s * this.denseStride[i]);
      }
    };
    rec(0, 0);
    return Int32Array.from(out);
  }
  /** Per dense dimension (in `denseDims` order): the stored member ordinal of each cell offset. */
  denseOrdinalsOfCells() {
    if (this.cellOrds) return this.cellOrds;
    this.cellOrds = this.denseDims.map((i) => {
      const d = this.dims[i];
      const slots = this.slotOf[i];
      const bySlot = [];
      for (const m2 of d.members) {
        const sl = slots[m2.ordinal];
        if (sl >= 0 && m2.stored === m2 && bySlot[sl] === void 0) bySlot[sl] = m2.ordinal;
      }
      const stride = this.denseStride[i];
      const out = new Int32Array(this.blockSize);
      for (let c = 0; c < this.blockSize; c++) out[c] = bySlot[Math.floor(c / stride) % bySlot.length];
      return out;
    });
    return this.cellOrds;
  }
};

// packages/engine/src/cube/aggregation.ts
var Aggregation = class {
  constructor(layout, store) {
    this.layout = layout;
    this.store = store;
  }
  layout;
  store;
  densePlans = /* @__PURE__ */ new Map();
  depChains = /* @__PURE__ */ new Map();
  projBuffer = null;
  /**
   * Consolidates the given base dimensions (in calculation order) within a region: dense dimensions inside
   * each block, sparse dimensions across blocks.
   */
  aggregate(dims, region, aggMissing) {
    const layout = this.layout;
    const ordered = layout.calcOrder.filter((i) => dims.includes(i));
    const dense = ordered.filter((i) => layout.denseDims.includes(i));
    const sparse = ordered.filter((i) => layout.sparseDims.includes(i));
    if (dense.length > 0) {
      const plan = this.densePlan(dense, region);
      for (let b = 0; b < this.store.blockCount; b++) {
        if (region && !layout.keyInRegion(this.store.keys[b], region, -1)) continue;
        runDensePlan(plan, this.store, b, !aggMissing);
      }
    }
    sparse.forEach((d, k) => {
      this.aggregateSparse(d, region, sparse.slice(k + 1), !aggMissing);
    });
  }
  /** Brings totals up to date after writes: dense parents in the written blocks, then their sparse ancestors. */
  afterWrites(blocks, aggMissing) {
    const layout = this.layout;
    const keepInput = !aggMissing;
    const fullPlan = this.densePlan(
      layout.calcOrder.filter((i) => layout.denseDims.includes(i)),
      null,
    );
    for (const b of blocks) runDensePlan(fullPlan, this.store, b, keepInput);
    const sparse = layout.calcOrder.filter((i) => layout.sparseDims.includes(i));
    const todo = /* @__PURE__ */ new Map();
    for (const b of blocks) {
      const key2 = this.store.keys[b];
      const own = sparse.map((i) => layout.ordOf(key2, i));
      const chains = sparse.map((i, k) => this.dependents(i, own[k]));
      const rec = (k, kk, changed) => {
        if (k === sparse.length) {
          if (changed && !todo.has(kk)) todo.set(kk, this.rankOf(kk, sparse));
          return;
        }
        const i = sparse[k];
        const chain = chains[k];
        for (let j = 0; j < chain.length; j++) {
          const nk = kk + (chain[j] - own[k]) * layout.sparseStride[i];
          rec(k + 1, nk, changed || j > 0);
        }
      };
      rec(0, key2, false);
    }
    const ordered = [...todo.entries()].filter((e) => e[1] >= 0).sort((a, b) => a[1] - b[1]);
    const scratch = new Float64Array(layout.blockSize);
    for (const [key2, rank] of ordered) {
      const k = Math.floor(rank / 1e3);
      const d = sparse[k];
      const p = layout.member(d, layout.ordOf(key2, d));
      if (layout.neverOutside(key2, d)) continue;
      this.computeBlockFrom(this.ensure(key2), d, p, layout.consolidating, scratch, keepInput);
    }
  }
  /** The compiled dense plan of whole dimensions is kept; a plan restricted to a region is compiled each time. */
  densePlan(dims, region) {
    const cacheKey = region ? "" : dims.join(",");
    const cached = cacheKey ? this.densePlans.get(cacheKey) : void 0;
    if (cached) return cached;
    const plan = compileDensePlan(this.layout, dims, region);
    if (cacheKey) this.densePlans.set(cacheKey, plan);
    return plan;
  }
  /** The block of a key, created (all #Missing) when absent. */
  ensure(key2) {
    const b = this.store.index.get(key2);
    return b >= 0 ? b : this.store.append(key2, this.layout.upperBitsOf(key2));
  }
  /** Consolidates sparse dimension `d` across blocks; `later` are the sparse dimensions aggregated after it. */
  aggregateSparse(d, region, later, keepInput) {
    const layout = this.layout;
    const store = this.store;
    const dim = layout.dims[d];
    const stride = layout.sparseStride[d];
    const bs = layout.blockSize;
    const cells = layout.regionCells(region, true);
    const never = layout.never;
    const neverOthers = layout.sparseDims.filter((i) => i !== d && never[i]);
    const buckets = dim.members.map(() => []);
    let laterMask = 0;
    for (const i of later) {
      const k = layout.sparseDims.indexOf(i);
      if (k < 8) laterMask |= 1 << k;
    }
    const ownBit = layout.sparseDims.indexOf(d) < 8 ? 1 << layout.sparseDims.indexOf(d) : 0;
    const upperBits = store.upperBits;
    const n0 = store.blockCount;
    for (let b = 0; b < n0; b++) {
      if (upperBits[b] & laterMask) continue;
      const key2 = store.keys[b];
      if (region && !layout.keyInRegion(key2, region, d)) continue;
      let skip = false;
      for (const i of neverOthers) if (never[i][layout.ordOf(key2, i)] === 1) skip = true;
      if (!skip) buckets[layout.ordOf(key2, d)].push(b);
    }
    const proj = layout.sparseSpace <= 1 << 24 ? this.projection(layout.sparseSpace) : null;
    const mask = region?.[d] ?? null;
    const scratch = new Float64Array(bs);
    for (const p of layout.aggParents[d]) {
      if (mask && mask[p.ordinal] !== 1) continue;
      const ords = layout.childOrds[d][p.ordinal];
      const ops = layout.childOps[d][p.ordinal];
      const targets = buckets[p.ordinal];
      let simple = true;
      for (let k = 0; k < ops.length; k++) if (ops[k] > OP_MINUS && ops[k] !== OP_SKIP) simple = false;
      if (!simple) {
        for (let k = 0; k < ords.length; k++) {
          const c = ords[k];
          if (ops[k] === OP_SKIP) continue;
          const delta = (p.ordinal - c) * stride;
          for (const b of buckets[c]) {
            const tKey = store.keys[b] + delta;
            if (store.index.get(tKey) < 0) targets.push(this.ensure(tKey));
          }
        }
        for (const t of targets) this.computeBlockFrom(t, d, p, cells, scratch, keepInput);
        continue;
      }
      const backups = [];
      const touched = [];
      for (const t of targets) {
        const o = t * bs;
        if (proj) {
          const r = store.keys[t] - p.ordinal * stride;
          proj[r] = t;
          touched.push(r);
        }
        if (cells) {
          for (let k = 0; k < cells.length; k++) {
            const c = cells[k];
            if (keepInput && store.isInput(t, c)) backups.push({ b: t, cell: c, v: store.data[o + c] });
            store.data[o + c] = Number.NaN;
          }
        } else {
          if (keepInput) {
            for (let c = 0; c < bs; c++) {
              if (store.isInput(t, c)) backups.push({ b: t, cell: c, v: store.data[o + c] });
            }
          }
          store.data.fill(Number.NaN, o, o + bs);
        }
      }
      for (let k = 0; k < ords.length; k++) {
        const op = ops[k];
        if (op === OP_SKIP) continue;
        const c = ords[k];
        const sign = op === OP_MINUS ? -1 : 1;
        const delta = (p.ordinal - c) * stride;
        const sources = buckets[c];
        for (let s = 0; s < sources.length; s++) {
          const b = sources[s];
          const sKey = store.keys[b];
          let t;
          let fresh = false;
          if (proj) {
            const r = sKey - c * stride;
            t = proj[r];
            if (t < 0) {
              t = store.index.get(sKey + delta);
              if (t < 0) {
                t = store.append(sKey + delta, store.upperBits[b] | ownBit, cells !== null);
                fresh = true;
              }
              targets.push(t);
              proj[r] = t;
              touched.push(r);
            }
          } else {
            t = store.index.get(sKey + delta);
            if (t < 0) {
              t = store.append(sKey + delta, store.upperBits[b] | ownBit, cells !== null);
              fresh = true;
              targets.push(t);
            }
          }
          const data = store.data;
          const so = b * bs;
          const to = t * bs;
          if (cells) {
            for (let j = 0; j < cells.length; j++) {
              const cc = cells[j];
              const v = data[so + cc];
              if (!Number.isNaN(v)) {
                const x = data[to + cc];
                data[to + cc] = Number.isNaN(x) ? sign * v : x + sign * v;
              }
            }
          } else if (fresh) {
            for (let j = 0; j < bs; j++) data[to + j] = sign * data[so + j];
          } else if (sign === 1) {
            for (let j = 0; j < bs; j++) {
              const v = data[so + j];
              if (!Number.isNaN(v)) {
                const x = data[to + j];
                data[to + j] = Number.isNaN(x) ? v : x + v;
              }
            }
          } else {
            for (let j = 0; j < bs; j++) {
              const v = data[so + j];
              if (!Number.isNaN(v)) {
                const x = data[to + j];
                data[to + j] = Number.isNaN(x) ? -v : x - v;
              }
            }
          }
        }
      }
      if (proj) for (const r of touched) proj[r] = -1;
      for (const bk of backups) {
        const at = bk.b * bs + bk.cell;
        if (Number.isNaN(store.data[at])) store.data[at] = bk.v;
      }
    }
  }
  /** A reusable all-minus-one Int32Array of at least `size` entries (callers reset what they set). */
  projection(size) {
    if (!this.projBuffer || this.projBuffer.length < size) this.projBuffer = new Int32Array(size).fill(-1);
    return this.projBuffer;
  }
  /** Recomputes block `t` (whose member in sparse dim `d` is `p`) from its children blocks in order. */
  computeBlockFrom(t, d, p, cells, scratch, keepInput) {
    const layout = this.layout;
    const store = this.store;
    const bs = layout.blockSize;
    const stride = layout.sparseStride[d];
    const ords = layout.childOrds[d][p.ordinal];
    const ops = layout.childOps[d][p.ordinal];
    const tKey = store.keys[t];
    scratch.fill(Number.NaN);
    const data = store.data;
    for (let k = 0; k < ords.length; k++) {
      const op = ops[k];
      if (op === OP_SKIP) continue;
      const cb = store.index.get(tKey + (ords[k] - p.ordinal) * stride);
      const so = cb * bs;
      if (cells) {
        for (let j = 0; j < cells.length; j++) {
          const c = cells[j];
          scratch[c] = combine(scratch[c], cb < 0 ? Number.NaN : data[so + c], op);
        }
      } else {
        for (let j = 0; j < bs; j++) scratch[j] = combine(scratch[j], cb < 0 ? Number.NaN : data[so + j], op);
      }
    }
    const to = t * bs;
    let any = false;
    const n = cells ? cells.length : bs;
    for (let j = 0; j < n; j++) {
      const c = cells ? cells[j] : j;
      const r = scratch[c];
      if (!Number.isNaN(r)) any = true;
      if (!Number.isNaN(r) || !keepInput || !store.isInput(t, c)) data[to + c] = r;
    }
    return any;
  }
  /** Stored members whose value depends on a sparse member: its ancestors through every shared instance. */
  dependents(d, ord) {
    const ck = d * 1e9 + ord;
    const hit = this.depChains.get(ck);
    if (hit) return hit;
    const dim = this.layout.dims[d];
    const out = [ord];
    const seen = /* @__PURE__ */ new Set([ord]);
    for (let q = 0; q < out.length; q++) {
      const m2 = dim.members[out[q]];
      for (const inst of dim.members) {
        if (inst !== m2 && inst.prototype !== m2) continue;
        const p = inst.parent;
        if (p && isStorable(p) && !seen.has(p.ordinal)) {
          seen.add(p.ordinal);
          out.push(p.ordinal);
        }
      }
    }
    this.depChains.set(ck, out);
    return out;
  }
  /** A combination is computed along the last sparse dimension where its member is a stored parent. */
  rankOf(key2, sparse) {
    for (let k = sparse.length - 1; k >= 0; k--) {
      const i = sparse[k];
      const m2 = this.layout.member(i, this.layout.ordOf(key2, i));
      if (!m2.isLeaf && isStorable(m2)) return k * 1e3 + m2.level;
    }
    return -1;
  }
};

// packages/engine/src/cube/attributes.ts
function readByAttributes(cube, coords, attrs) {
  let calc = "sum";
  const filters = /* @__PURE__ */ new Map();
  for (const a of attrs) {
    const dim = a.dimension;
    if (dim.name.toLowerCase() === "attribute calculations") {
      if (a.ordinal !== 0) calc = a.name.toLowerCase();
      continue;
    }
    if (a.ordinal === 0) continue;
    const base = cube.dims.findIndex((d) => d.name.toLowerCase() === dim.baseDimensionName?.toLowerCase());
    if (base < 0) continue;
    const accepted = new Set(a.isLeaf ? [a] : a.descendants().filter((x) => x.isLeaf));
    const list = filters.get(base) ?? [];
    list.push(accepted);
    filters.set(base, list);
  }
  const axes = [];
  for (const [dimIdx, sets] of filters) {
    const top = cube.member(dimIdx, coords[dimIdx]);
    const leaves = top.isLeaf ? [top] : top.descendants().filter((x) => x.isLeaf && !x.isShared);
    const ok = leaves.filter((l) =>
      sets.every((s) => {
        const attrOfLeaf = [...l.attributes.values()].find((v) => s.has(v));
        return attrOfLeaf !== void 0;
      }),
    );
    axes.push({ dim: dimIdx, ords: ok.map((x) => x.ordinal) });
  }
  const values = [];
  const rec = (k) => {
    if (k === axes.length) {
      values.push(cube.valueAt(coords));
      return;
    }
    const ax = axes[k];
    const saved = coords[ax.dim];
    for (const o of ax.ords) {
      coords[ax.dim] = o;
      rec(k + 1);
    }
    coords[ax.dim] = saved;
  };
  rec(0);
  const present = values.filter((v) => !Number.isNaN(v));
  switch (calc) {
    case "count":
      return present.length;
    case "min":
      return present.length ? Math.min(...present) : Number.NaN;
    case "max":
      return present.length ? Math.max(...present) : Number.NaN;
    case "avg":
      return present.length ? present.reduce((a, b) => a + b, 0) / present.length : Number.NaN;
    default:
      return present.length ? present.reduce((a, b) => a + b, 0) : Number.NaN;
  }
}

// packages/engine/src/cube/dynamic-calc.ts
var MAX_DYNAMIC_DEPTH = 64;
var DynamicCalc = class {
  constructor(layout, store, formulas) {
    this.layout = layout;
    this.store = store;
    this.formulas = formulas;
  }
  layout;
  store;
  formulas;
  /** The value of an intersection given as stored ordinals (`coords` is restored before returning). */
  valueAt(coords, depth = 0) {
    if (depth > MAX_DYNAMIC_DEPTH)
      throw new CubeError("Dynamic calculation is too deep (circular formula?)", "CUBE_TOO_DEEP");
    const layout = this.layout;
    const order = layout.calcOrder;
    for (let k = order.length - 1; k >= 0; k--) {
      const i = order[k];
      const m2 = layout.member(i, coords[i]);
      if (m2.twoPass && !isStorable(m2)) return this.expand(i, m2, coords, depth);
    }
    for (let k = order.length - 1; k >= 0; k--) {
      const i = order[k];
      const m2 = layout.member(i, coords[i]);
      if (!isStorable(m2)) return this.expand(i, m2, coords, depth);
    }
    return this.storedValue(coords);
  }
  /** The stored value of an intersection (no dynamic calculation). */
  storedValue(coords) {
    const b = this.store.index.get(this.layout.keyOf(coords));
    if (b < 0) return Number.NaN;
    const c = this.layout.cellOf(coords);
    return c < 0 ? Number.NaN : this.store.data[b * this.layout.blockSize + c];
  }
  expand(i, m2, coords, depth) {
    const saved = coords[i];
    try {
      if (m2.storage === "label-only") {
        const first = m2.children[0];
        if (!first) return Number.NaN;
        coords[i] = first.stored.ordinal;
        return this.valueAt(coords, depth + 1);
      }
      if (m2.formula) return this.formulas.memberValue(m2, coords, depth + 1);
      if (m2.isLeaf) return Number.NaN;
      return this.consolidate(i, m2, coords, depth);
    } finally {
      coords[i] = saved;
    }
  }
  /** A dynamic parent from its children: `^` members elsewhere in the tuple make it #Missing. */
  consolidate(i, m2, coords, depth) {
    const layout = this.layout;
    for (let j = 0; j < coords.length; j++) {
      if (j !== i && layout.never[j]?.[coords[j]] === 1) return Number.NaN;
    }
    const ords = layout.childOrds[i][m2.ordinal];
    const ops = layout.childOps[i][m2.ordinal];
    const tb =
      i === layout.timeDim && layout.accountsDim >= 0
        ? layout.member(layout.accountsDim, coords[layout.accountsDim])
        : null;
    if (tb && tb.timeBalance !== "none") {
      const vals = [];
      for (let k = 0; k < ords.length; k++) {
        coords[i] = ords[k];
        vals.push(this.valueAt(coords, depth + 1));
      }
      return timeBalance(vals, tbCode(tb.timeBalance), tb.timeBalanceSkip);
    }
    let r = Number.NaN;
    for (let k = 0; k < ords.length; k++) {
      const op = ops[k];
      if (op === OP_SKIP) continue;
      coords[i] = ords[k];
      r = combine(r, this.valueAt(coords, depth + 1), op);
    }
    return r;
  }
};

// packages/engine/src/block-index.ts
var BlockIndex = class {
  keys;
  vals;
  mask;
  size = 0;
  constructor(expected = 16) {
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    this.keys = new Float64Array(cap);
    this.vals = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
  }
  get byteLength() {
    return this.keys.byteLength + this.vals.byteLength;
  }
  slot(key2) {
    const lo = key2 >>> 0;
    const hi = ((key2 - lo) / 4294967296) >>> 0;
    let h = Math.imul(lo ^ Math.imul(hi, 668265261), 2654435761);
    h ^= h >>> 15;
    h = Math.imul(h, 2246822507);
    h ^= h >>> 13;
    return h & this.mask;
  }
  /** The block number for a key, or -1. */
  get(key2) {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let i = this.slot(key2);
    for (;;) {
      const v = vals[i];
      if (v < 0) return -1;
      if (keys[i] === key2) return v;
      i = (i + 1) & mask;
    }
  }
  /** Stores key → value (the key must be absent). */
  set(key2, value) {
    if ((this.size + 1) * 4 > this.vals.length * 3) this.grow();
    const mask = this.mask;
    let i = this.slot(key2);
    while (this.vals[i] >= 0) i = (i + 1) & mask;
    this.keys[i] = key2;
    this.vals[i] = value;
    this.size++;
  }
  clear() {
    this.vals.fill(-1);
    this.size = 0;
  }
  grow() {
    const oldK = this.keys;
    const oldV = this.vals;
    const cap = oldV.length * 2;
    this.keys = new Float64Array(cap);
    this.vals = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
    this.size = 0;
    for (let i = 0; i < oldV.length; i++) {
      const v = oldV[i];
      if (v >= 0) this.set(oldK[i], v);
    }
  }
};

// packages/engine/src/cube/storage.ts
var BlockStore = class {
  constructor(blockSize, capacity) {
    this.blockSize = blockSize;
    this.inputWords = (blockSize + 31) >>> 5;
    this.data = new Float64Array(capacity * blockSize);
    this.input = new Uint32Array(capacity * this.inputWords);
    this.keys = new Float64Array(capacity);
    this.upperBits = new Uint8Array(capacity);
    this.index = new BlockIndex(capacity);
  }
  blockSize;
  data;
  /** One bit per cell: the value was written by a user or a load (kept under AGGMISSG off). */
  input;
  keys;
  /** Per block: bit k set when its member in the k-th sparse dimension is a stored parent (upper level). */
  upperBits;
  blockCount = 0;
  index;
  /** Input-flag words per block. */
  inputWords;
  /** Appends a block for a key known to be absent (all #Missing unless `fill` is false). */
  append(key2, upperBits, fill = true) {
    if (this.blockCount === this.keys.length) this.grow();
    const nb = this.blockCount++;
    this.keys[nb] = key2;
    this.upperBits[nb] = upperBits;
    const data = this.data;
    if (fill) for (let i = nb * this.blockSize, end = i + this.blockSize; i < end; i++) data[i] = Number.NaN;
    this.index.set(key2, nb);
    return nb;
  }
  grow() {
    const cap = this.keys.length * 2;
    const upper = new Uint8Array(cap);
    upper.set(this.upperBits);
    this.upperBits = upper;
    const data = new Float64Array(cap * this.blockSize);
    data.set(this.data);
    this.data = data;
    const input = new Uint32Array(cap * this.inputWords);
    input.set(this.input);
    this.input = input;
    const keys = new Float64Array(cap);
    keys.set(this.keys);
    this.keys = keys;
  }
  isInput(block, cell) {
    return ((this.input[block * this.inputWords + (cell >>> 5)] >>> (cell & 31)) & 1) === 1;
  }
  setInput(block, cell, on) {
    const w = block * this.inputWords + (cell >>> 5);
    const bit = 1 << (cell & 31);
    this.input[w] = on ? this.input[w] | bit : this.input[w] & ~bit;
  }
  /** Bytes held by stored values, input flags, block keys and the sparse index. */
  get byteLength() {
    return this.data.byteLength + this.input.byteLength + this.keys.byteLength + this.index.byteLength;
  }
  /** Bytes actually used by the blocks that exist (pool capacity excluded). */
  get usedBytes() {
    return this.blockCount * (this.blockSize * 8 + this.inputWords * 4 + 8) + this.index.byteLength;
  }
  /** Number of non-#Missing stored cells. */
  storedCellCount() {
    let n = 0;
    const end = this.blockCount * this.blockSize;
    const d = this.data;
    for (let i = 0; i < end; i++) if (!Number.isNaN(d[i])) n++;
    return n;
  }
  /** A copy of every block as it is. */
  snapshot() {
    const n = this.blockCount;
    return {
      blockCount: n,
      keys: this.keys.slice(0, n),
      data: this.data.slice(0, n * this.blockSize),
      input: this.input.slice(0, n * this.inputWords),
      upperBits: this.upperBits.slice(0, n),
    };
  }
  /**
   * Back exactly to a snapshot (blocks appended since are dropped), or to a snapshot of another cube with the
   * same layout (a fresh cube loading a stored snapshot: the pool grows to hold its blocks).
   */
  restore(s) {
    while (this.keys.length < s.blockCount) this.grow();
    this.data.set(s.data);
    this.input.set(s.input);
    this.keys.set(s.keys);
    this.upperBits.set(s.upperBits);
    this.blockCount = s.blockCount;
    this.index.clear();
    for (let b = 0; b < s.blockCount; b++) this.index.set(s.keys[b], b);
  }
};

// packages/engine/src/cube/time-series.ts
function readToDate(cube, tuple, dts, latest) {
  cube.flush();
  if (cube.timeDim < 0) throw new CubeError("The outline has no time dimension");
  const time = cube.dims[cube.timeDim];
  const gen = time.dynamicTimeSeries.get(dts.toUpperCase());
  if (gen === void 0) throw new CubeError(`Dynamic Time Series ${dts} is not enabled`);
  if (latest.dimension !== time) throw new CubeError(`"${latest.name}" is not a time period`);
  let anc = latest;
  while (anc && anc.generation > gen) anc = anc.parent;
  if (!anc) return null;
  const periods = [anc, ...anc.descendants()].filter((x) => x.level === latest.level && !x.isShared);
  const upto = periods.slice(0, periods.indexOf(latest) + 1);
  const coords = cube.coordsOf(tuple);
  const acct = cube.accountsDim >= 0 ? cube.member(cube.accountsDim, coords[cube.accountsDim]) : null;
  const vals = upto.map((p) => {
    coords[cube.timeDim] = p.ordinal;
    return cube.valueAt(coords);
  });
  const tb = acct && acct.timeBalance !== "none" ? tbCode(acct.timeBalance) : TB_NONE;
  const v =
    tb === TB_NONE
      ? vals.reduce((a, b) => combine(a, b, OP_PLUS), Number.NaN)
      : timeBalance(vals, tb, acct?.timeBalanceSkip ?? "none");
  return !Number.isNaN(v) ? v : null;
}

// packages/engine/src/outline.ts
var OutlineError = class extends Error {
  name = "OutlineError";
};
var Member = class {
  /** Position of the member in its dimension, in outline (depth-first, pre-order) order. 0 = the dimension. */
  ordinal;
  name;
  dimension;
  parent;
  children = [];
  aliases;
  consolidation;
  storage;
  formula;
  udas;
  timeBalance;
  timeBalanceSkip;
  expense;
  twoPass;
  /** Attribute associations (attribute dimension name → attribute member), filled after all dimensions load. */
  attributes = /* @__PURE__ */ new Map();
  /** For a shared member: the stored member it points to. */
  prototype = null;
  /** Generation: the dimension is 1, its children 2, … */
  generation;
  /** Level: leaves are 0; a parent is one more than its highest child. */
  level = 0;
  constructor(ordinal, spec, dimension, parent, defaultStorage) {
    this.ordinal = ordinal;
    this.name = spec.name;
    this.dimension = dimension;
    this.parent = parent;
    this.aliases = new Map(Object.entries(spec.aliases ?? {}));
    this.consolidation = spec.consolidation ?? "+";
    this.storage = spec.storage ?? defaultStorage;
    this.formula = spec.formula;
    this.udas = spec.udas ?? [];
    this.timeBalance = spec.timeBalance ?? "none";
    this.timeBalanceSkip = spec.timeBalanceSkip ?? "none";
    this.expense = spec.expense ?? false;
    this.twoPass = spec.twoPass ?? false;
    this.generation = parent ? parent.generation + 1 : 1;
  }
  get isShared() {
    return this.storage === "shared";
  }
  get isLeaf() {
    return this.children.length === 0;
  }
  /** The member that holds the data: the prototype for a shared member, itself otherwise. */
  get stored() {
    return this.prototype ?? this;
  }
  /** Dynamic members are computed at retrieval and never written. */
  get isDynamic() {
    return this.storage === "dynamic-calc" || this.storage === "dynamic-calc-and-store";
  }
  /** Alias in the given table; falls back to the prototype's alias for shared members. */
  alias(table) {
    return this.aliases.get(table) ?? this.prototype?.aliases.get(table);
  }
  /** Display label for an alias table: the alias when there is one, the name otherwise. */
  label(table) {
    if (!table) return this.name;
    return this.alias(table) ?? this.name;
  }
  ancestors() {
    const out = [];
    for (let m2 = this.parent; m2; m2 = m2.parent) out.push(m2);
    return out;
  }
  /** Descendants in outline order (pre-order), without the member itself. */
  descendants() {
    const out = [];
    const walk = (m2) => {
      for (const c of m2.children) {
        out.push(c);
        walk(c);
      }
    };
    walk(this);
    return out;
  }
  siblings() {
    return this.parent ? this.parent.children.filter((m2) => m2 !== this) : [];
  }
  isDescendantOf(other) {
    for (let m2 = this.parent; m2; m2 = m2.parent) if (m2 === other) return true;
    return false;
  }
  toString() {
    return this.name;
  }
};
var Dimension = class {
  name;
  index;
  type;
  density;
  attributeKind;
  baseDimensionName;
  generationNames;
  levelNames;
  dynamicTimeSeries;
  /** Every member including the dimension itself (ordinal 0), in outline order. */
  members = [];
  root;
  constructor(spec, index) {
    this.name = spec.name;
    this.index = index;
    this.type = spec.type ?? "regular";
    this.density = spec.density ?? (this.type === "attribute" ? "sparse" : "dense");
    this.attributeKind = spec.attributeKind;
    this.baseDimensionName = spec.baseDimension;
    this.generationNames = new Map(
      Object.entries(spec.generationNames ?? {}).map(([k, v]) => [Number(k), v]),
    );
    this.levelNames = new Map(Object.entries(spec.levelNames ?? {}).map(([k, v]) => [Number(k), v]));
    this.dynamicTimeSeries = new Map(Object.entries(spec.dynamicTimeSeries ?? {}));
    const defaultStorage = this.type === "attribute" ? "dynamic-calc" : "store";
    const rootSpec = {
      name: spec.name,
      aliases: spec.aliases,
      storage: spec.storage ?? defaultStorage,
      children: spec.members,
    };
    const build = (s, parent) => {
      const m2 = new Member(this.members.length, s, this, parent, defaultStorage);
      this.members.push(m2);
      for (const c of s.children ?? []) m2.children.push(build(c, m2));
      if (m2.children.length > 0) m2.level = 1 + Math.max(...m2.children.map((c) => c.level));
      return m2;
    };
    this.root = build(rootSpec, null);
  }
  get size() {
    return this.members.length;
  }
  /** Members at generation `gen` (1 = the dimension), outline order. */
  generation(gen) {
    return this.members.filter((m2) => m2.generation === gen);
  }
  /** Members at level `level` (0 = leaves), outline order. */
  level(level) {
    return this.members.filter((m2) => m2.level === level);
  }
  /** The generation number carrying a name (e.g. "Quarter"), if any. */
  generationByName(name) {
    const lower = name.toLowerCase();
    for (const [g, n] of this.generationNames) if (n.toLowerCase() === lower) return g;
    return void 0;
  }
  levelByName(name) {
    const lower = name.toLowerCase();
    for (const [l, n] of this.levelNames) if (n.toLowerCase() === lower) return l;
    return void 0;
  }
};
var Outline = class {
  name;
  dimensions;
  aliasTables;
  substitutionVariables;
  /** The substitution variables' names as the outline spells them (the map above is keyed in lower case). */
  substitutionVariableNames;
  byName = /* @__PURE__ */ new Map();
  byAlias = /* @__PURE__ */ new Map();
  dimByName = /* @__PURE__ */ new Map();
  constructor(spec) {
    this.name = spec.name ?? "";
    const tables = spec.aliasTables ?? ["Default"];
    this.aliasTables = tables.includes("Default") ? tables : ["Default", ...tables];
    for (const t of this.aliasTables) this.byAlias.set(t.toLowerCase(), /* @__PURE__ */ new Map());
    this.substitutionVariables = new Map(
      Object.entries(spec.substitutionVariables ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    this.substitutionVariableNames = Object.keys(spec.substitutionVariables ?? {});
    this.dimensions = spec.dimensions.map((d, i) => new Dimension(d, i));
    for (const dim of this.dimensions) {
      const key2 = dim.name.toLowerCase();
      if (this.dimByName.has(key2)) throw new OutlineError(`Duplicate dimension name "${dim.name}"`);
      this.dimByName.set(key2, dim);
    }
    for (const dim of this.dimensions) {
      for (const m2 of dim.members) {
        const key2 = m2.name.toLowerCase();
        const existing = this.byName.get(key2);
        if (!existing) {
          if (m2.storage === "shared") {
            throw new OutlineError(`Shared member "${m2.name}" has no stored member before it`);
          }
          this.byName.set(key2, m2);
          continue;
        }
        if (existing.dimension !== dim) {
          throw new OutlineError(
            `Member name "${m2.name}" is used in ${existing.dimension.name} and ${dim.name}`,
          );
        }
        if (m2.children.length > 0) throw new OutlineError(`Shared member "${m2.name}" cannot have children`);
        m2.storage = "shared";
        m2.prototype = existing;
      }
    }
    for (const dim of this.dimensions) {
      for (const m2 of dim.members) {
        if (m2.isShared) continue;
        for (const [table, alias] of m2.aliases) {
          const map = this.byAlias.get(table.toLowerCase());
          if (!map) throw new OutlineError(`Member "${m2.name}" uses unknown alias table "${table}"`);
          const key2 = alias.toLowerCase();
          const clash = map.get(key2);
          if (clash && clash !== m2) {
            throw new OutlineError(
              `Alias "${alias}" of table ${table} is used by "${clash.name}" and "${m2.name}"`,
            );
          }
          map.set(key2, m2);
        }
      }
    }
    this.linkAttributes(spec);
  }
  linkAttributes(spec) {
    spec.dimensions.forEach((dspec, i) => {
      const dim = this.dimensions[i];
      const visit = (s, m2) => {
        for (const [attrDimName, attrMemberName] of Object.entries(s.attributes ?? {})) {
          const attrDim = this.dimension(attrDimName);
          if (attrDim?.type !== "attribute") {
            throw new OutlineError(
              `"${m2.name}" is associated with unknown attribute dimension "${attrDimName}"`,
            );
          }
          if (attrDim.baseDimensionName?.toLowerCase() !== dim.name.toLowerCase()) {
            throw new OutlineError(`Attribute dimension ${attrDim.name} is not attached to ${dim.name}`);
          }
          if (!m2.isLeaf) throw new OutlineError(`Only level-0 members take attributes ("${m2.name}")`);
          const attr = attrDim.members.find(
            (a) => a.isLeaf && a.ordinal > 0 && a.name.toLowerCase() === attrMemberName.toLowerCase(),
          );
          if (!attr)
            throw new OutlineError(`Unknown attribute member "${attrMemberName}" in ${attrDim.name}`);
          m2.attributes.set(attrDim.name, attr);
        }
        s.children?.forEach((cs, j) => {
          visit(cs, m2.children[j]);
        });
      };
      dspec.members.forEach((ms, j) => {
        visit(ms, dim.root.children[j]);
      });
    });
  }
  dimension(name) {
    return this.dimByName.get(name.toLowerCase());
  }
  /** Base (non-attribute) dimensions, in outline order. */
  get baseDimensions() {
    return this.dimensions.filter((d) => d.type !== "attribute");
  }
  get attributeDimensions() {
    return this.dimensions.filter((d) => d.type === "attribute");
  }
  /** The stored member with this name (case-insensitive), or undefined. Shared instances are not returned. */
  member(name) {
    return this.byName.get(name.toLowerCase());
  }
  /** The member with this alias in the given table (case-insensitive). */
  memberByAlias(alias, table = "Default") {
    return this.byAlias.get(table.toLowerCase())?.get(alias.toLowerCase());
  }
  /**
   * Resolves what a user typed: a member name, or an alias of the active table (then of `Default`), as Smart
   * View's free-form parser does. A leading apostrophe (used to type numeric names as text) is ignored.
   */
  resolve(text, aliasTable = "Default") {
    const t = text.trim().replace(/^'/, "");
    if (t === "") return void 0;
    if (aliasTable) {
      const byAlias = this.memberByAlias(t, aliasTable);
      if (byAlias) return byAlias;
    }
    return this.member(t) ?? (aliasTable !== "Default" ? this.memberByAlias(t, "Default") : void 0);
  }
  substitutionVariable(name) {
    return this.substitutionVariables.get(name.replace(/^&/, "").toLowerCase());
  }
};

// packages/engine/src/time-series-members.ts
var toDates = /* @__PURE__ */ new WeakMap();
var byOutline = /* @__PURE__ */ new WeakMap();
function dynamicTimeSeriesMember(outline, dts, latest) {
  const name = dts.toUpperCase();
  const time = latest.dimension;
  if (time.type !== "time" || !time.dynamicTimeSeries.has(name) || toDates.has(latest)) return void 0;
  if (outline.dimension(time.name) !== time) return void 0;
  let members = byOutline.get(outline);
  if (!members) {
    members = /* @__PURE__ */ new Map();
    byOutline.set(outline, members);
  }
  const key2 = `${name}|${latest.stored.ordinal}`;
  let m2 = members.get(key2);
  if (!m2) {
    m2 = new Member(
      time.size + members.size,
      { name: `${name}(${latest.stored.name})`, storage: "dynamic-calc" },
      time,
      null,
      "dynamic-calc",
    );
    m2.generation = latest.generation;
    m2.level = latest.level;
    toDates.set(m2, { dts: name, latest: latest.stored });
    members.set(key2, m2);
  }
  return m2;
}
function toDateOf(member) {
  return toDates.get(member);
}

// packages/engine/src/cube.ts
function memberWriteBlocker(m2) {
  if (m2.dimension.type === "attribute")
    return m2.ordinal !== 0 ? "Attribute intersections are read-only" : null;
  const s = m2.stored;
  if (s.storage === "label-only") return `"${m2.name}" is label only`;
  if (s.isDynamic) return `"${m2.name}" is Dynamic Calc`;
  return null;
}
var Cube = class {
  outline;
  /** Base (non-attribute) dimensions in outline order: the tuple order. */
  dims;
  aggMissing;
  denseDims;
  sparseDims;
  /** Base dimension indexes in Essbase calculation order (accounts, time, other dense, sparse). */
  calcOrder;
  accountsDim;
  timeDim;
  blockSize;
  /** Dense dims: ordinal → slot in the block (-1 when the member is not stored). */
  slotOf;
  denseStride;
  sparseStride;
  /** Number of sparse member combinations (the range of block keys). */
  sparseSpace;
  /** Where each stored cell sits: dimensions, blocks, keys, children as ordinals. */
  layout;
  /** The blocks: stored values, input flags, keys, upper-level bits and the sparse index. */
  store;
  aggregation;
  dynamic;
  /** Blocks written since the last read: their totals are recomputed before the next one. */
  dirty = /* @__PURE__ */ new Set();
  /** Bumped on every change, so callers can cache reads. */
  version = 0;
  constructor(outline, options = {}) {
    this.outline = outline;
    this.aggMissing = options.aggMissing ?? false;
    const layout = new CubeLayout(outline);
    this.layout = layout;
    this.dims = layout.dims;
    this.denseDims = layout.denseDims;
    this.sparseDims = layout.sparseDims;
    this.calcOrder = layout.calcOrder;
    this.accountsDim = layout.accountsDim;
    this.timeDim = layout.timeDim;
    this.blockSize = layout.blockSize;
    this.slotOf = layout.slotOf;
    this.denseStride = layout.denseStride;
    this.sparseStride = layout.sparseStride;
    this.sparseSpace = layout.sparseSpace;
    this.store = new BlockStore(layout.blockSize, Math.max(16, options.expectedBlocks ?? 64));
    this.aggregation = new Aggregation(layout, this.store);
    this.dynamic = new DynamicCalc(layout, this.store, new FormulaEvaluator(this));
  }
  // ---------------------------------------------------------------- addressing
  /** Stored ordinals of a tuple of base members (shared members map to their prototype). */
  coordsOf(tuple) {
    if (tuple.length < this.dims.length) {
      throw new CubeError(`A tuple needs one member per base dimension (${this.dims.length})`);
    }
    const out = [];
    for (let i = 0; i < this.dims.length; i++) {
      const m2 = tuple[i];
      if (m2.dimension !== this.dims[i]) {
        throw new CubeError(
          `Member "${m2.name}" is not in dimension ${this.dims[i]?.name} (tuple position ${i})`,
        );
      }
      out.push(m2.stored.ordinal);
    }
    return out;
  }
  member(dim, ordinal) {
    return this.layout.member(dim, ordinal);
  }
  keyOf(coords) {
    return this.layout.keyOf(coords);
  }
  /** Offset of a cell inside its block, or -1 when a dense member is not stored. */
  cellOf(coords) {
    return this.layout.cellOf(coords);
  }
  ordOf(key2, dim) {
    return this.layout.ordOf(key2, dim);
  }
  blockOf(coords) {
    return this.store.index.get(this.layout.keyOf(coords));
  }
  /** Finds or creates the block of a sparse key (new blocks are all #Missing). */
  ensureBlock(key2, upperBits = -1) {
    const b = this.store.index.get(key2);
    if (b >= 0) return b;
    return this.store.append(key2, upperBits >= 0 ? upperBits : this.layout.upperBitsOf(key2));
  }
  isInput(block, cell) {
    return this.store.isInput(block, cell);
  }
  /** Blocks that exist. */
  get blockCount() {
    return this.store.blockCount;
  }
  /** Bytes held by stored values, input flags, block keys and the sparse index. */
  get byteLength() {
    return this.store.byteLength;
  }
  /** Bytes actually used by the blocks that exist (pool capacity excluded). */
  get usedBytes() {
    return this.store.usedBytes;
  }
  /** Number of non-#Missing stored cells. */
  storedCellCount() {
    return this.store.storedCellCount();
  }
  // ---------------------------------------------------------------- loading and writing
  /**
   * Loads a stored value without re-aggregating (bulk loads call {@link calcAll} afterwards). Dynamic and
   * label-only intersections are skipped, as Essbase loads skip them; returns whether the value was kept.
   */
  loadCell(coords, value) {
    const cell = this.layout.cellOf(coords);
    if (cell < 0) return false;
    for (const i of this.sparseDims) if (!isStorable(this.layout.member(i, coords[i]))) return false;
    const key2 = this.layout.keyOf(coords);
    if (value === null) {
      const b2 = this.store.index.get(key2);
      if (b2 < 0) return true;
      this.store.data[b2 * this.blockSize + cell] = Number.NaN;
      this.store.setInput(b2, cell, false);
      this.version++;
      return true;
    }
    const b = this.ensureBlock(key2);
    this.store.data[b * this.blockSize + cell] = value;
    this.store.setInput(b, cell, true);
    this.version++;
    return true;
  }
  /** Loads a value by member names (one per base dimension, in outline order). */
  loadByNames(names, value) {
    const tuple = names.map((n) => {
      const m2 = this.outline.member(n);
      if (!m2) throw new CubeError(`Unknown member "${n}"`);
      return m2;
    });
    if (!this.loadCell(this.coordsOf(tuple), value))
      throw new CubeError(`Cannot load into ${names.join(", ")}`);
  }
  writeBlocker(tuple) {
    if (tuple.length < this.dims.length) return "The intersection needs one member per dimension";
    for (let i = 0; i < tuple.length; i++) {
      const m2 = tuple[i];
      if (i >= this.dims.length) {
        if (m2.dimension.type === "attribute" && m2.ordinal !== 0)
          return "Attribute intersections are read-only";
        continue;
      }
      if (m2.dimension !== this.dims[i]) return `"${m2.name}" is not a member of ${this.dims[i]?.name}`;
      const why = memberWriteBlocker(m2);
      if (why) return why;
    }
    return null;
  }
  write(tuple, value) {
    const blocker = this.writeBlocker(tuple);
    if (blocker) throw new CubeError(blocker);
    const coords = this.coordsOf(tuple);
    const cell = this.layout.cellOf(coords);
    if (cell < 0) throw new CubeError("The intersection is not stored");
    const key2 = this.layout.keyOf(coords);
    let b = this.store.index.get(key2);
    if (b < 0) {
      if (value === null) return;
      b = this.ensureBlock(key2);
    }
    const v = value === null ? Number.NaN : value;
    this.store.data[b * this.blockSize + cell] = v;
    this.store.setInput(b, cell, value !== null);
    this.dirty.add(b);
    this.version++;
  }
  /** Sets a stored cell from a calculation (not an input value). */
  setCalculated(coords, v) {
    const cell = this.layout.cellOf(coords);
    if (cell < 0) return false;
    const key2 = this.layout.keyOf(coords);
    let b = this.store.index.get(key2);
    if (b < 0) {
      if (Number.isNaN(v)) return true;
      b = this.ensureBlock(key2);
    }
    this.store.data[b * this.blockSize + cell] = v;
    this.version++;
    return true;
  }
  // ---------------------------------------------------------------- reading
  read(tuple) {
    const v = this.readNumber(tuple);
    return !Number.isNaN(v) ? v : null;
  }
  /** Like {@link read} with NaN for #Missing. Extra attribute members in the tuple slice by attributes. */
  readNumber(tuple) {
    this.flush();
    for (let i = 0; i < tuple.length; i++) {
      const m2 = tuple[i];
      if (m2.ordinal < m2.dimension.members.length) continue;
      const toDate = toDateOf(m2);
      if (!toDate) continue;
      const at = tuple.slice(0, this.dims.length);
      at[i] = toDate.latest;
      const v = readToDate(this, at, toDate.dts, toDate.latest);
      return v === null ? Number.NaN : v;
    }
    const coords = this.coordsOf(tuple);
    if (tuple.length > this.dims.length) {
      const attrs = tuple.slice(this.dims.length).filter((m2) => m2.dimension.type === "attribute");
      if (attrs.length > 0) return readByAttributes(this, coords, attrs);
    }
    return this.valueAt(coords);
  }
  /** The stored value of an intersection (no dynamic calculation). */
  storedValue(coords) {
    return this.dynamic.storedValue(coords);
  }
  /**
   * The value of an intersection given as stored ordinals: dynamic members are expanded outermost-first in
   * reverse calculation order (two-pass members last of all, i.e. outermost), then stored cells are read
   * (see `cube/dynamic-calc.ts`).
   */
  valueAt(coords, depth = 0) {
    return this.dynamic.valueAt(coords, depth);
  }
  /**
   * A Dynamic Time Series value such as `Q-T-D(May)` (see `cube/time-series.ts`).
   */
  readToDate(tuple, dts, latest) {
    return readToDate(this, tuple, dts, latest);
  }
  // ---------------------------------------------------------------- aggregation (see cube/aggregation.ts)
  /** CALC ALL: dense consolidation in every block, then each sparse dimension in outline order. */
  calcAll() {
    this.flush();
    this.aggregate(this.calcOrder, null);
  }
  /**
   * Consolidates the given base dimensions (in calculation order) within a region: dense dimensions inside
   * each block, sparse dimensions across blocks. Used by CALC ALL, CALC DIM and AGG.
   */
  aggregate(dims, region) {
    this.aggregation.aggregate(dims, region, this.aggMissing);
    this.version++;
  }
  /** Brings totals up to date after writes: dense parents in the written blocks, then their sparse ancestors. */
  flush() {
    if (this.dirty.size === 0) return;
    const blocks = [...this.dirty];
    this.dirty.clear();
    this.aggregation.afterWrites(blocks, this.aggMissing);
    this.version++;
  }
  /** Clears stored values in a region (CLEARDATA); with `upperOnly`, only blocks above level 0 (CLEARBLOCK UPPER). */
  clear(region, upperOnly = false) {
    this.flush();
    const cells = this.layout.regionCells(region);
    const store = this.store;
    for (let b = 0; b < store.blockCount; b++) {
      const key2 = store.keys[b];
      if (region && !this.layout.keyInRegion(key2, region, -1)) continue;
      if (
        upperOnly &&
        !this.sparseDims.some((i) => !this.layout.member(i, this.layout.ordOf(key2, i)).isLeaf)
      )
        continue;
      const o = b * this.blockSize;
      if (cells) {
        for (let j = 0; j < cells.length; j++) {
          store.data[o + cells[j]] = Number.NaN;
          store.setInput(b, cells[j], false);
        }
      } else {
        store.data.fill(Number.NaN, o, o + this.blockSize);
        store.input.fill(0, b * store.inputWords, (b + 1) * store.inputWords);
      }
    }
    this.version++;
  }
  // ---------------------------------------------------------------- snapshots (all-or-nothing changes)
  /**
   * A copy of every stored value and input flag (totals brought up to date first). Blocks are only ever
   * appended, never moved, so block `b` of the snapshot is block `b` of the cube afterwards.
   */
  snapshot() {
    this.flush();
    return this.store.snapshot();
  }
  /** Puts the cube back exactly as it was at {@link snapshot} (blocks created since are dropped). */
  restore(s) {
    this.dirty.clear();
    this.store.restore(s);
    this.version++;
  }
  /**
   * Calls `fn` for every stored cell whose value or input flag differs from the snapshot, with its stored
   * coordinates (reused array), its value (NaN = #Missing) and whether it holds input.
   */
  changesSince(s, fn) {
    this.flush();
    const bs = this.blockSize;
    const iw = this.store.inputWords;
    const coords = this.dims.map(() => 0);
    const denseOrds = this.layout.denseOrdinalsOfCells();
    const data = this.store.data;
    const input = this.store.input;
    for (let b = 0; b < this.store.blockCount; b++) {
      const old = b < s.blockCount;
      let decoded = false;
      for (let w = 0; w < iw; w++) {
        const nowBits = input[b * iw + w];
        const wasBits = old ? s.input[b * iw + w] : 0;
        for (let c = w * 32, end = Math.min(bs, c + 32); c < end; c++) {
          const v = data[b * bs + c];
          const was = old ? s.data[b * bs + c] : Number.NaN;
          const sameValue = v === was || (Number.isNaN(v) && Number.isNaN(was));
          if (sameValue && nowBits === wasBits) continue;
          const bit = 1 << (c & 31);
          const isInput = (nowBits & bit) !== 0;
          if (sameValue && isInput === ((wasBits & bit) !== 0)) continue;
          if (!decoded) {
            this.decodeKey(this.store.keys[b], coords);
            decoded = true;
          }
          for (let k = 0; k < denseOrds.length; k++) {
            coords[this.denseDims[k]] = denseOrds[k][c];
          }
          fn(coords, v, isInput);
        }
      }
    }
  }
  /**
   * Sets one stored cell exactly (value and input flag) without recalculating anything: replays a change
   * listed by {@link changesSince}. Returns false when the intersection is not stored.
   */
  setStored(coords, value, input) {
    const cell = this.layout.cellOf(coords);
    if (cell < 0) return false;
    for (const i of this.sparseDims) if (!isStorable(this.layout.member(i, coords[i]))) return false;
    this.flush();
    const b = this.ensureBlock(this.layout.keyOf(coords));
    this.store.data[b * this.blockSize + cell] = value;
    this.store.setInput(b, cell, input);
    this.version++;
    return true;
  }
  /** Calls `fn(block)` for each existing block inside a region (sparse part). */
  forEachBlock(region, fn) {
    const n = this.store.blockCount;
    for (let b = 0; b < n; b++) {
      const key2 = this.store.keys[b];
      if (region && !this.layout.keyInRegion(key2, region, -1)) continue;
      fn(b, key2);
    }
  }
  /** Decodes the sparse ordinals of a block key into `coords`. */
  decodeKey(key2, coords) {
    this.layout.decodeKey(key2, coords);
  }
};

// packages/engine/src/calc-script.ts
function runCalcScript(cube, text, options = {}) {
  const stmts = parseCalcScript(text);
  return new CalcRunner(cube, options).run(stmts);
}
var CalcRunner = class {
  constructor(cube, options) {
    this.cube = cube;
    this.ev = new FormulaEvaluator(cube);
    for (const [alias, target] of Object.entries(options.locations ?? {})) {
      this.ev.locations.set(alias.toLowerCase(), target);
    }
  }
  cube;
  ev;
  result = { cellsWritten: 0, remoteCellsWritten: 0, log: [] };
  run(stmts) {
    const savedAggMissing = this.cube.aggMissing;
    this.cube.flush();
    try {
      this.block(stmts, null);
    } catch (e) {
      if (!(e instanceof CalcReturn) || e.level === "ERROR") throw e;
      this.result.returned = { message: e.text, level: e.level };
      this.result.log.push(`@RETURN ${e.level}: ${e.text}`);
    } finally {
      this.cube.aggMissing = savedAggMissing;
      this.cube.version++;
      this.result.remoteCellsWritten = this.ev.xwrites;
    }
    return this.result;
  }
  block(stmts, region) {
    for (const s of stmts) {
      try {
        this.statement(s, region);
      } catch (e) {
        if (e instanceof CalcError && e.line !== void 0) throw e;
        throw new CalcError(e.message, s.pos.line, s.pos.column);
      }
    }
  }
  dimIndex(name) {
    const i = this.cube.dims.findIndex((d) => d.name.toLowerCase() === name.toLowerCase());
    if (i < 0) throw new CalcError(`Unknown dimension "${name}"`);
    return i;
  }
  statement(s, region) {
    const cube = this.cube;
    switch (s.kind) {
      case "set": {
        this.result.log.push(`SET ${s.name} ${s.args.join(" ")}`.trim());
        if (s.name === "AGGMISSG") cube.aggMissing = /^on$/i.test(s.args[0] ?? "");
        return;
      }
      case "calcAll":
        this.result.log.push("CALC ALL");
        this.calculate(cube.calcOrder, region, true);
        return;
      case "calcDim":
      case "agg": {
        const dims = s.dims.map((d) => this.dimIndex(d));
        if (s.kind === "agg") {
          const dense = dims.filter((i) => cube.denseDims.includes(i));
          if (dense.length)
            throw new CalcError(
              `AGG works on sparse dimensions only (${cube.dims[dense[0]]?.name} is dense)`,
            );
        }
        this.result.log.push(`${s.kind === "agg" ? "AGG" : "CALC DIM"} (${s.dims.join(", ")})`);
        this.calculate(dims, region, s.kind === "calcDim");
        return;
      }
      case "calcTwoPass":
        this.result.log.push("CALC TWOPASS");
        return;
      case "fix": {
        const inner = this.fixRegion(s.members, region, s.exclude);
        this.result.log.push(`${s.exclude ? "EXCLUDE" : "FIX"} (${s.members.length} member sets)`);
        this.block(s.body, inner);
        return;
      }
      case "var": {
        this.ev.vars.set(s.name.toLowerCase(), s.value ? this.ev.eval(s.value, [], 0) : Number.NaN);
        return;
      }
      case "assign":
        this.forEachTargetCell(s.target, region, (coords) => {
          this.store(coords, this.ev.eval(s.value, coords, 0));
        });
        return;
      case "memberBlock":
        this.forEachTargetCell(s.target, region, (coords) => {
          this.cellStatements(s.body, coords, s.target);
        });
        return;
      case "clearData": {
        const dynamic = this.ev.memberSet(s.target).filter((m2) => !isStorable(m2.stored));
        if (dynamic.length > 0) {
          this.result.log.push(
            `CLEARDATA has no effect on ${dynamic.map((m2) => `"${m2.name}"`).join(", ")} (not stored)`,
          );
          return;
        }
        this.result.log.push("CLEARDATA");
        cube.clear(this.fixRegion([s.target], region, false));
        return;
      }
      case "clearBlock":
        this.result.log.push(`CLEARBLOCK ${s.which}`);
        if (s.which === "DYNAMIC") return;
        cube.clear(region, s.which === "UPPER" || s.which === "NONINPUT");
        return;
      case "dataCopy":
        this.dataCopy(s.from, s.to, region);
        return;
      case "if":
      case "expr":
        throw new CalcError(
          "A calculation outside a member block needs an assignment (Member = expression;)",
        );
    }
  }
  /**
   * Consolidates dimensions; with `formulas`, stored members that carry a formula are then calculated (in
   * calculation order of their dimensions, outline order within) and the dimensions consolidated again so
   * that parents include the formula results. AGG never runs formulas.
   */
  calculate(dims, region, formulas) {
    const cube = this.cube;
    cube.aggregate(dims, region);
    if (!formulas) return;
    let ran = false;
    for (const i of cube.calcOrder) {
      if (!dims.includes(i)) continue;
      for (const m2 of cube.dims[i].members) {
        if (!m2.formula || !isStorable(m2)) continue;
        if (region?.[i] && region[i]?.[m2.ordinal] !== 1) continue;
        const ref = { kind: "ref", parts: [m2.name], pos: { line: 0, column: 0 } };
        this.forEachTargetCell(ref, region, (coords) => {
          this.store(coords, this.ev.memberValue(m2, coords, 0));
        });
        ran = true;
      }
    }
    if (ran) cube.aggregate(dims, region);
  }
  /** Statements inside a member block, evaluated at one cell. */
  cellStatements(stmts, coords, blockTarget) {
    for (const s of stmts) {
      switch (s.kind) {
        case "assign": {
          const v = this.ev.eval(s.value, coords, 0);
          this.withMembers(this.targetMembers(s.target), coords, () => this.store(coords, v));
          break;
        }
        case "expr": {
          const v = this.ev.eval(s.value, coords, 0);
          if (s.value.kind === "call" && (s.value.name === "XWRITE" || s.value.name === "RETURN")) break;
          this.withMembers(this.targetMembers(blockTarget), coords, () => this.store(coords, v));
          break;
        }
        case "if": {
          const br = s.branches.find((b) => {
            const v = this.ev.eval(b.cond, coords, 0);
            return !Number.isNaN(v) && v !== 0;
          });
          const body = br ? br.body : s.otherwise;
          if (body) this.cellStatements(body, coords, blockTarget);
          break;
        }
        default:
          throw new CalcError(`"${s.kind}" is not allowed inside a member block`, s.pos.line, s.pos.column);
      }
    }
  }
  withMembers(members, coords, fn) {
    const saved = members.map((m2) => {
      const i = this.cube.dims.indexOf(m2.dimension);
      const old = coords[i];
      coords[i] = m2.stored.ordinal;
      return [i, old];
    });
    try {
      fn();
    } finally {
      for (const [i, old] of saved.reverse()) coords[i] = old;
    }
  }
  store(coords, v) {
    if (this.cube.setCalculated(coords, v)) this.result.cellsWritten++;
  }
  targetMembers(target) {
    const ms = this.ev.refMembers(target);
    for (const m2 of ms) {
      if (m2.dimension.type === "attribute")
        throw new CalcError(`Cannot assign to attribute member "${m2.name}"`);
      if (!isStorable(m2.stored)) {
        throw new CalcError(
          `Cannot assign to "${m2.name}": it is ${m2.stored.storage === "label-only" ? "label only" : "Dynamic Calc"}`,
        );
      }
    }
    return ms;
  }
  /** The region narrowed by FIX (or EXCLUDE) member sets; sets in the same dimension are united. */
  fixRegion(sets, outer, exclude) {
    const cube = this.cube;
    const picked = cube.dims.map(() => null);
    for (const e of sets) {
      for (const raw of this.ev.memberSet(e)) {
        const ms = raw.dimension.type === "attribute" ? attributeMembers(cube.outline, raw) : [raw];
        for (const m2 of ms) {
          const i = cube.dims.indexOf(m2.dimension);
          if (i < 0) continue;
          const set = picked[i] ?? /* @__PURE__ */ new Set();
          set.add(m2.stored.ordinal);
          picked[i] = set;
        }
      }
    }
    return cube.dims.map((d, i) => {
      const base = outer?.[i] ?? null;
      const set = picked[i];
      if (!set) return base;
      const mask = new Uint8Array(d.size);
      for (let o = 0; o < d.size; o++) {
        const inSet = set.has(o);
        const allowed = base ? base[o] === 1 : true;
        mask[o] = allowed && (exclude ? !inSet : inSet) ? 1 : 0;
      }
      return mask;
    });
  }
  storedOrdinals(dim, mask) {
    return dim.members
      .filter((m2) => isStorable(m2) && (!mask || mask[m2.ordinal] === 1))
      .map((m2) => m2.ordinal);
  }
  /** Calls `fn` for each stored cell of the region with the target's members fixed (blocks created on demand). */
  forEachTargetCell(target, region, fn) {
    const cube = this.cube;
    const members = this.targetMembers(target);
    const fixed = /* @__PURE__ */ new Map();
    for (const m2 of members) fixed.set(cube.dims.indexOf(m2.dimension), m2.stored.ordinal);
    const denseLists = cube.denseDims.map((i) =>
      fixed.has(i) ? [fixed.get(i)] : this.storedOrdinals(cube.dims[i], region?.[i] ?? null),
    );
    const sparseFixed = [...fixed.keys()].filter((i) => cube.sparseDims.includes(i));
    const keys = /* @__PURE__ */ new Set();
    cube.forEachBlock(
      region && sparseFixed.length ? region.map((m2, i) => (sparseFixed.includes(i) ? null : m2)) : region,
      (_b, key2) => {
        let k = key2;
        for (const i of sparseFixed) k += (fixed.get(i) - cube.ordOf(key2, i)) * cube.sparseStride[i];
        keys.add(k);
      },
    );
    const coords = cube.dims.map(() => 0);
    for (const key2 of keys) {
      cube.decodeKey(key2, coords);
      if (cube.sparseDims.some((i) => !isStorable(cube.member(i, coords[i])))) continue;
      const rec = (k) => {
        if (k === cube.denseDims.length) {
          fn(coords);
          return;
        }
        const i = cube.denseDims[k];
        for (const o of denseLists[k]) {
          coords[i] = o;
          rec(k + 1);
        }
      };
      rec(0);
    }
  }
  dataCopy(fromE, toE, region) {
    const cube = this.cube;
    const from = this.ev.memberSet(fromE);
    const to = this.ev.memberSet(toE);
    if (from.length !== to.length || from.length === 0)
      throw new CalcError("DATACOPY needs matching member lists");
    for (const m2 of to) {
      if (!isStorable(m2.stored))
        throw new CalcError(`"${m2.name}" cannot be a DATACOPY target (not stored)`);
    }
    this.result.log.push("DATACOPY");
    from.forEach((src, k) => {
      const dst = to[k];
      const i = cube.dims.indexOf(src.dimension);
      if (i < 0 || dst.dimension !== src.dimension)
        throw new CalcError("DATACOPY copies within one dimension");
      const srcRegion = cube.dims.map((d, j) => {
        if (j !== i) return region?.[j] ?? null;
        const mask = new Uint8Array(d.size);
        mask[src.stored.ordinal] = 1;
        return mask;
      });
      const coords = cube.dims.map(() => 0);
      const denseLists = cube.denseDims.map((j) =>
        j === i ? [src.stored.ordinal] : this.storedOrdinals(cube.dims[j], region?.[j] ?? null),
      );
      const keys = [];
      cube.forEachBlock(cube.sparseDims.includes(i) ? srcRegion : region, (_b, key2) => {
        keys.push(key2);
      });
      for (const key2 of keys) {
        cube.decodeKey(key2, coords);
        const rec = (k2) => {
          if (k2 === cube.denseDims.length) {
            const v = cube.storedValue(coords);
            const saved = coords[i];
            coords[i] = dst.stored.ordinal;
            if (!Number.isNaN(v) || cube.blockOf(coords) >= 0) this.store(coords, v);
            coords[i] = saved;
            return;
          }
          const j = cube.denseDims[k2];
          for (const o of denseLists[k2]) {
            coords[j] = o;
            rec(k2 + 1);
          }
        };
        rec(0);
      }
    });
  }
};

// packages/engine/src/grid/errors.ts
var GRID_MESSAGES = {
  pivotLastRow: "Cannot pivot last row",
  pivotNoStart: "Pivot starting point cannot be determined",
  // Not recorded from Essbase (the corpus has no such case): QiBates' wording.
  pivotNoDestination: "Pivot destination cannot be determined",
  pivotInPlace: "The dimension is already at the pivot destination",
  removeEmptiesAxis: "You must have a row header in order to perform this retrieval",
  noRowHeader: "You must have a row header in order to perform this retrieval",
};
var GridError = class extends EngineError {
  name = "GridError";
  unknownMembers;
  /** `GRID_TOO_LARGE`: the cells the answer would have at least, and the budget. */
  size;
  constructor(code, message, unknownMembers, size) {
    const first = unknownMembers?.[0];
    super(code, message, first ? `grid[${first.row}][${first.column}]` : null);
    this.unknownMembers = unknownMembers;
    this.size = size;
  }
};
function checkCellBudget(cells, max) {
  if (cells > max) {
    throw new GridError(
      "GRID_TOO_LARGE",
      `The grid would have at least ${cells} cells; at most ${max} are allowed`,
      void 0,
      { cells, max },
    );
  }
}

// packages/engine/src/grid/zoom.ts
function hierarchyOf(m2) {
  return m2.children.length === 0 && m2.prototype ? m2.prototype : m2;
}
function withSelf(m2, list, o) {
  if (!o.includeSelection) return list;
  return o.ancestorPosition === "TOP" ? [m2, ...list] : [...list, m2];
}
function formulaMembers(m2) {
  const formula = m2.formula ?? "";
  const found = [];
  const outline = m2.dimension;
  const seen = /* @__PURE__ */ new Set();
  const re = /"([^"]+)"|(@?[A-Za-z0-9_][A-Za-z0-9_.&#$-]*)/g;
  for (let x = re.exec(formula); x; x = re.exec(formula)) {
    const name = x[1] ?? x[2] ?? "";
    if (name.startsWith("@")) continue;
    const hit = outline.members.find((c) => !c.isShared && c.name.toLowerCase() === name.toLowerCase());
    if (hit && hit !== m2 && !seen.has(hit)) {
      seen.add(hit);
      found.push(hit);
    }
  }
  return found;
}
function zoomExpansion(m2, o) {
  const h = hierarchyOf(m2);
  const dim = m2.dimension;
  const alongside = (pick) => {
    const list = dim.members.filter((c) => !c.isShared && pick(c));
    const others = list.filter((c) => c !== m2.stored);
    if (others.length === 0) return [];
    return o.includeSelection ? list.map((c) => (c === m2.stored ? m2 : c)) : others;
  };
  switch (o.mode) {
    case "NEXT_LEVEL":
      return h.children.length ? withSelf(m2, [...h.children], o) : [];
    case "ALL_LEVELS": {
      if (!h.children.length) return [];
      const out = [];
      const walk = (p) => {
        for (const c of p.children) {
          if (o.ancestorPosition === "TOP") {
            out.push(c);
            walk(c);
          } else {
            walk(c);
            out.push(c);
          }
        }
      };
      walk(h);
      return withSelf(m2, out, o);
    }
    case "BOTTOM_LEVEL": {
      const leaves = h.descendants().filter((c) => c.isLeaf);
      return leaves.length ? withSelf(m2, leaves, o) : [];
    }
    case "SIBLING_LEVEL": {
      const p = m2.parent;
      if (!p) return [];
      const others = p.children.filter((c) => c !== m2);
      if (!others.length) return [];
      return o.includeSelection ? [...p.children] : others;
    }
    case "SAME_LEVEL":
      return alongside((c) => c.level === m2.level);
    case "SAME_GENERATION":
      return alongside((c) => c.generation === m2.generation);
    case "CALC_LEVEL": {
      const named = formulaMembers(h);
      const list = named.length ? named : [...h.children];
      return list.length ? withSelf(m2, list, o) : [];
    }
  }
}
function samePrefix(a, b, upTo) {
  for (let i = 0; i <= upTo; i++) if (a.members[i] !== b.members[i]) return false;
  return true;
}
function runAround(tuples, i, upTo) {
  const t = tuples[i];
  let start = i;
  let end = i + 1;
  if (upTo < 0) return [0, tuples.length];
  while (start > 0 && samePrefix(tuples[start - 1], t, upTo)) start--;
  while (end < tuples.length && samePrefix(tuples[end], t, upTo)) end++;
  return [start, end];
}
function runsOf(tuples, position, m2) {
  const runs = [];
  for (let i = 0; i < tuples.length; i++) {
    if (tuples[i].members[position] !== m2) continue;
    const run = runAround(tuples, i, position);
    runs.push(run);
    i = run[1] - 1;
  }
  return runs;
}
function replaceAt(t, position, m2) {
  const members = t.members.slice();
  members[position] = m2;
  return { members, origin: t.origin };
}
function zoomInAxis(axis, picks, o) {
  let tuples = axis.tuples;
  const produced = /* @__PURE__ */ new Set();
  const scopes = [];
  let changed = false;
  const ordered = [...picks].sort((a, b) => b.tuple - a.tuple || b.position - a.position);
  for (const p of ordered) {
    const cur = tuples[p.tuple];
    if (!cur || cur.members[p.position] !== p.member || produced.has(cur)) continue;
    const expansion = zoomExpansion(p.member, o);
    if (expansion.length === 0) continue;
    const runs = o.withinSelectedGroup
      ? [runAround(tuples, p.tuple, p.position)]
      : runsOf(tuples, p.position, p.member);
    scopes.push({ position: p.position, prefix: cur });
    for (const [start, end] of runs.reverse()) {
      const rows = tuples.slice(start, end);
      const fresh = [];
      for (const e of expansion) {
        for (const r of rows) {
          const t = replaceAt(r, p.position, e);
          produced.add(t);
          fresh.push(t);
        }
      }
      tuples = [...tuples.slice(0, start), ...fresh, ...tuples.slice(end)];
      changed = true;
    }
  }
  if (changed && o.removeUnselectedGroup) {
    tuples = tuples.filter((t) => {
      if (produced.has(t)) return true;
      return !scopes.some((s) => !o.withinSelectedGroup || samePrefix(t, s.prefix, s.position - 1));
    });
  }
  axis.tuples = tuples;
  return changed;
}
function zoomOutAxis(axis, picks, within) {
  let tuples = axis.tuples;
  const touched = /* @__PURE__ */ new Set();
  let changed = false;
  const ordered = [...picks].sort((a, b) => b.tuple - a.tuple || b.position - a.position);
  for (const p of ordered) {
    const cur = tuples[p.tuple];
    if (!cur || cur.members[p.position] !== p.member || touched.has(cur)) continue;
    const parent = p.member.parent;
    if (!parent) continue;
    const k = p.position;
    const under = (m2) => m2 === parent || m2.isDescendantOf(parent) || m2.stored === parent;
    const runs = within ? [runAround(tuples, p.tuple, k)] : runsOf(tuples, k, p.member);
    for (const [runStart, runEnd] of runs.reverse()) {
      const first = tuples[runStart];
      if (!first || first.members[k] !== p.member || touched.has(first)) continue;
      let start = runStart;
      let end = runEnd;
      while (start > 0) {
        const t = tuples[start - 1];
        if (!samePrefix(t, first, k - 1) || !under(t.members[k])) break;
        start--;
      }
      while (end < tuples.length) {
        const t = tuples[end];
        if (!samePrefix(t, first, k - 1) || !under(t.members[k])) break;
        end++;
      }
      const fresh = tuples.slice(runStart, runEnd).map((r) => replaceAt(r, k, parent));
      for (const t of fresh) touched.add(t);
      tuples = [...tuples.slice(0, start), ...fresh, ...tuples.slice(end)];
      changed = true;
    }
  }
  axis.tuples = tuples;
  return changed;
}

// packages/engine/src/grid/keep-remove.ts
function keepOrRemoveAxis(axis, picks, keep, within) {
  if (picks.length === 0) return false;
  const byPosition = /* @__PURE__ */ new Map();
  for (const p of picks) {
    let entry = byPosition.get(p.position);
    if (!entry) {
      entry = { members: /* @__PURE__ */ new Set(), groups: [] };
      byPosition.set(p.position, entry);
    }
    entry.members.add(p.member.stored);
    entry.groups.push(runAround(axis.tuples, p.tuple, p.position - 1));
  }
  const survivors = axis.tuples.filter((t, i) => {
    for (const [position, { members, groups }] of byPosition) {
      if (within && !groups.some(([s, e]) => i >= s && i < e)) continue;
      const hit = members.has(t.members[position].stored);
      if (keep && !hit) return false;
      if (!keep && hit) return false;
    }
    return true;
  });
  if (survivors.length === 0)
    throw new GridError("GRID_REMOVE_EMPTIES_AXIS", GRID_MESSAGES.removeEmptiesAxis);
  const changed = survivors.length !== axis.tuples.length;
  axis.tuples = survivors;
  return changed;
}

// packages/engine/src/grid/model.ts
function tupleKey(members) {
  let k = "";
  for (const m2 of members) k += `${m2.dimension.index}:${m2.ordinal};`;
  return k;
}
function cloneAxis(a) {
  return {
    dims: [...a.dims],
    tuples: a.tuples.map((t) => ({ members: [...t.members], origin: t.origin })),
    blanks: [...a.blanks],
  };
}

// packages/engine/src/grid/steps.ts
var STEP_CELLS = 1024;
function finish(steps) {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

// packages/engine/src/grid/parse.ts
var DTS = /^([a-z]-t-d)\s*\(\s*(.+?)\s*\)$/i;
var NUMBER = /^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][-+]?\d+)?%?$/;
function sheetCells(sheet) {
  if (!Array.isArray(sheet)) return 0;
  let n = 0;
  for (const row of sheet) n += Array.isArray(row) ? row.length : 0;
  return n;
}
function isNumericText(t) {
  return t !== "" && t !== "." && NUMBER.test(t) && /\d/.test(t);
}
function parseValue(text, settings) {
  const t = text.trim();
  if (t === "" || isMissingLabel(t, settings)) return null;
  if (!isNumericText(t)) return void 0;
  const pct = t.endsWith("%");
  const n = Number(t.replace(/[,%]/g, ""));
  if (!Number.isFinite(n)) return void 0;
  return pct ? n / 100 : n;
}
function isMissingLabel(t, s) {
  const l = t.toLowerCase();
  return l === s.missingLabel.toLowerCase() || l === "#missing" || l === "#mi" || l === "#nodata";
}
function isLabel(t, s) {
  const l = t.toLowerCase();
  return isMissingLabel(t, s) || l === s.noAccessLabel.toLowerCase() || l === "#noaccess" || l === "#invalid";
}
function resolveLabel(outline, text, aliasTable, variables) {
  const t = text.trim();
  if (t === "") return void 0;
  const direct = outline.resolve(t, aliasTable);
  if (direct) return direct;
  if (t.startsWith("&")) {
    const value = variables ? variableValue(variables, t.slice(1)) : outline.substitutionVariable(t);
    return value === void 0 ? void 0 : outline.resolve(value, aliasTable);
  }
  const dts = DTS.exec(t);
  if (dts) {
    const latest = resolveLabel(outline, dts[2], aliasTable, variables);
    if (latest) return dynamicTimeSeriesMember(outline, dts[1], latest);
  }
  const colon = t.indexOf(": ");
  if (colon > 0) return outline.resolve(t.slice(0, colon), aliasTable);
  return void 0;
}
function variableValue(variables, name) {
  const key2 = name.toLowerCase();
  for (const [k, v] of Object.entries(variables)) if (k.toLowerCase() === key2) return v;
  return void 0;
}
function classify(outline, raw, s) {
  const t = typeof raw === "string" ? raw.trim() : raw == null ? "" : String(raw).trim();
  if (t === "") return { kind: "empty" };
  if (t.startsWith("'")) {
    const m3 = resolveLabel(outline, t.slice(1), s.aliasTable, s.substitutionVariables);
    return m3 ? { kind: "member", member: m3 } : { kind: "text" };
  }
  if (isNumericText(t)) return { kind: "number", text: t };
  if (isLabel(t, s)) return { kind: "label" };
  const m2 = resolveLabel(outline, t, s.aliasTable, s.substitutionVariables);
  return m2 ? { kind: "member", member: m2 } : { kind: "text" };
}
function memberOf(outline, table, c) {
  if (c.kind === "member") return c.member;
  if (c.kind !== "number") return void 0;
  if (c.member === void 0) c.member = resolveLabel(outline, c.text, table) ?? null;
  return c.member ?? void 0;
}
function* parseGridSteps(outline, sheet, settings) {
  const reader = new SheetReader(outline, sheet, settings);
  const hr = firstDataRow(reader);
  const lc = rowHeaderWidth(reader, hr);
  yield;
  const unknown = [];
  const header = readHeaderRows(reader, hr, lc, unknown);
  const columnsRead = readColumnTuples(reader, lc, header.topRows);
  const rowsRead = readRowHeaders(reader, hr, lc, unknown);
  yield;
  if (unknown.length > 0) {
    const list = unknown.map((u) => `${u.text} (row ${u.row + 1}, column ${u.column + 1})`).join(", ");
    return failUnknown(unknown, list);
  }
  const { left, rowTuple } = readRowTuples(reader, hr, rowsRead);
  const top = columnsRead.top;
  placeDimensions(outline, left, top, header.pov, header.povCells);
  yield;
  const typed = typedValues(reader, hr, lc, left, top, rowTuple, columnsRead.colTuple);
  const topRows = /* @__PURE__ */ new Map();
  header.topRows.forEach((t, i) => {
    topRows.set(t.row, i);
  });
  const layout = {
    rows: reader.rows,
    columns: reader.columns,
    headerRows: hr,
    leftColumns: lc,
    rowTuple,
    colTuple: columnsRead.colTuple,
    povCells: header.povCells,
    topRows,
  };
  return { model: { outline, pov: header.pov, left, top, typed, layout }, unknownMembers: [] };
}
var SheetReader = class {
  constructor(outline, sheet, settings) {
    this.outline = outline;
    this.sheet = sheet;
    this.settings = settings;
    this.rows = sheet.length;
    this.columns = sheet.reduce((w, r) => Math.max(w, r?.length ?? 0), 0);
    this.cls = new Array(this.rows * this.columns);
  }
  outline;
  sheet;
  settings;
  rows;
  columns;
  cls;
  byText = /* @__PURE__ */ new Map();
  at(r, c) {
    if (r < 0 || r >= this.rows || c < 0 || c >= this.columns) return EMPTY;
    let k = this.cls[r * this.columns + c];
    if (!k) {
      const raw = this.sheet[r]?.[c];
      const key2 = typeof raw === "string" ? raw : raw == null ? "" : String(raw);
      k = this.byText.get(key2);
      if (!k) {
        k = classify(this.outline, key2, this.settings);
        this.byText.set(key2, k);
      }
      this.cls[r * this.columns + c] = k;
    }
    return k;
  }
  /** The member a cell names, a bare number included. */
  memberAt(r, c) {
    return memberOf(this.outline, this.settings.aliasTable, this.at(r, c));
  }
  textAt(r, c) {
    const v = this.sheet[r]?.[c];
    return typeof v === "string" ? v.trim() : v == null ? "" : String(v).trim();
  }
  /** The members of a row from column `from` on, with their columns. */
  membersOfRow(r, from) {
    const members = [];
    const cols = [];
    for (let c = from; c < this.columns; c++) {
      const m2 = this.memberAt(r, c);
      if (m2) {
        members.push(m2);
        cols.push(c);
      }
    }
    return { members, cols };
  }
};
var EMPTY = { kind: "empty" };
function firstDataRow(reader) {
  for (let r = 0; r < reader.rows; r++) {
    if (reader.memberAt(r, 0) || reader.at(r, 0).kind === "text") return r;
  }
  throw new GridError("GRID_NO_ROW_HEADER", "You must have a row header in order to perform this retrieval");
}
function rowHeaderWidth(reader, hr) {
  const { rows, columns } = reader;
  let lc = 1;
  for (let r = hr; r < rows; r++) {
    let seen = false;
    let p = 0;
    for (let c = 0; c < columns; c++) {
      const k = reader.at(r, c).kind;
      if (k === "empty") {
        if (seen) break;
        continue;
      }
      if (k === "member") {
        seen = true;
        p = c + 1;
        continue;
      }
      if (k === "number" && reader.memberAt(r, c)) {
        seen = true;
        continue;
      }
      if (k === "text" && c === 0) {
        p = 1;
        seen = true;
        continue;
      }
      break;
    }
    lc = Math.max(lc, p);
  }
  const usedLeft = (upTo) => {
    const used = /* @__PURE__ */ new Set();
    for (let r = hr; r < rows; r++) {
      for (let c = 0; c < upTo; c++) {
        const m2 = reader.memberAt(r, c);
        if (m2) used.add(m2.dimension);
      }
    }
    return used;
  };
  for (;;) {
    if (lc >= columns) break;
    const used = usedLeft(lc);
    let dim;
    let ok = true;
    let any = false;
    for (let r = hr; r < rows && ok; r++) {
      let blankRow = true;
      for (let c = 0; c < lc; c++) if (reader.at(r, c).kind !== "empty") blankRow = false;
      if (blankRow) continue;
      const m2 = reader.memberAt(r, lc);
      if (!m2 || used.has(m2.dimension) || (dim && m2.dimension !== dim)) ok = false;
      else {
        dim = m2.dimension;
        any = true;
      }
    }
    if (!ok || !any) break;
    lc++;
  }
  return lc;
}
function readHeaderRows(reader, hr, lc, unknown) {
  const { columns } = reader;
  const pov = [];
  const povCells = /* @__PURE__ */ new Map();
  const topRows = [];
  const headerRows = [];
  for (let r = 0; r < hr; r++) {
    let any = false;
    for (let c = 0; c < columns; c++) if (reader.at(r, c).kind !== "empty") any = true;
    if (any) headerRows.push(r);
  }
  headerRows.forEach((r, i) => {
    const all = reader.membersOfRow(r, 0);
    const distinct2 = new Set(all.members.map((m2) => m2.dimension));
    const isPov =
      all.members.length > 0 &&
      distinct2.size === all.members.length &&
      (all.members.length >= 2 || (i === 0 && headerRows.length >= 2));
    if (isPov) {
      all.members.forEach((m2, j) => {
        povCells.set(`${r},${all.cols[j]}`, pov.length);
        pov.push(m2);
      });
      for (let c = 0; c < columns; c++)
        if (reader.at(r, c).kind === "text") unknown.push({ row: r, column: c, text: reader.textAt(r, c) });
      return;
    }
    for (let c = 0; c < Math.min(lc, columns); c++) {
      const m2 = reader.memberAt(r, c);
      if (m2) {
        povCells.set(`${r},${c}`, pov.length);
        pov.push(m2);
      }
    }
    const over = reader.membersOfRow(r, lc);
    const dims = new Set(over.members.map((m2) => m2.dimension));
    if (dims.size > 1) {
      throw new GridError(
        "GRID_DIMENSION_CONFLICT",
        `Members of ${[...dims].map((d) => d.name).join(" and ")} share one column-header row (row ${r + 1})`,
      );
    }
    for (let c = lc; c < columns; c++)
      if (reader.at(r, c).kind === "text") unknown.push({ row: r, column: c, text: reader.textAt(r, c) });
    const dim = over.members[0]?.dimension;
    if (dim) topRows.push({ row: r, dim });
  });
  return { pov, povCells, topRows };
}
function readColumnTuples(reader, lc, topRows) {
  const { columns } = reader;
  const colTuple = new Array(columns).fill(void 0);
  const tuples = [];
  const blanks = [];
  let pendingBlanks = 0;
  let prev = null;
  for (let c = lc; c < columns; c++) {
    const cells = topRows.map((t) => reader.memberAt(t.row, c));
    if (cells.every((m2) => !m2)) {
      colTuple[c] = null;
      pendingBlanks++;
      continue;
    }
    const members = [];
    let ok = true;
    cells.forEach((m2, i) => {
      const v = m2 ?? prev?.[i];
      if (!v) ok = false;
      else members.push(v);
    });
    if (!ok) {
      colTuple[c] = null;
      pendingBlanks++;
      continue;
    }
    for (; pendingBlanks > 0; pendingBlanks--) blanks.push(tuples.length);
    colTuple[c] = tuples.length;
    tuples.push({ members, origin: tuples.length });
    prev = members;
  }
  return { top: { dims: topRows.map((t) => t.dim), tuples, blanks }, colTuple };
}
function readRowHeaders(reader, hr, lc, unknown) {
  const leftDims = new Array(lc).fill(void 0);
  const rowMembers = [];
  for (let r = hr; r < reader.rows; r++) {
    const line = [];
    for (let c = 0; c < lc; c++) {
      const k = reader.at(r, c);
      const m2 = reader.memberAt(r, c);
      if (k.kind !== "empty" && !m2) unknown.push({ row: r, column: c, text: reader.textAt(r, c) });
      if (m2) {
        const d = leftDims[c];
        if (d && d !== m2.dimension) {
          throw new GridError(
            "GRID_DIMENSION_CONFLICT",
            `Members of ${d.name} and ${m2.dimension.name} share one row-header column (column ${c + 1})`,
          );
        }
        leftDims[c] = m2.dimension;
      }
      line.push(m2);
    }
    rowMembers.push(line);
  }
  return { leftDims, rowMembers };
}
function readRowTuples(reader, hr, { leftDims, rowMembers }) {
  const rowTuple = new Array(reader.rows).fill(void 0);
  const tuples = [];
  const blanks = [];
  let pendingBlanks = 0;
  let prev = null;
  for (let r = hr; r < reader.rows; r++) {
    const line = rowMembers[r - hr];
    if (line.every((m2) => !m2)) {
      rowTuple[r] = null;
      pendingBlanks++;
      continue;
    }
    const members = [];
    let ok = true;
    line.forEach((m2, i) => {
      const v = m2 ?? prev?.[i];
      if (!v) ok = false;
      else members.push(v);
    });
    if (!ok || leftDims.some((d) => !d)) {
      rowTuple[r] = null;
      pendingBlanks++;
      continue;
    }
    for (; pendingBlanks > 0; pendingBlanks--) blanks.push(tuples.length);
    rowTuple[r] = tuples.length;
    tuples.push({ members, origin: tuples.length });
    prev = members;
  }
  const left = { dims: leftDims.filter((d) => !!d), tuples, blanks };
  return { left, rowTuple };
}
function placeDimensions(outline, left, top, pov, povCells) {
  const seen = /* @__PURE__ */ new Map();
  const place = (d, where) => {
    const before = seen.get(d);
    if (before)
      throw new GridError(
        "GRID_DIMENSION_CONFLICT",
        `Dimension ${d.name} is used both in ${before} and ${where}`,
      );
    seen.set(d, where);
  };
  for (const d of left.dims) place(d, "the rows");
  for (const d of top.dims) place(d, "the columns");
  for (const m2 of pov) place(m2.dimension, "the POV");
  for (const d of outline.baseDimensions) if (!seen.has(d)) pov.push(d.root);
  if (top.dims.length === 0 && pov.length > 0) {
    const [m2] = pov.splice(0, 1);
    for (const [k, v] of [...povCells]) {
      if (v === 0) povCells.delete(k);
      else povCells.set(k, v - 1);
    }
    top.dims.push(m2.dimension);
    top.tuples.push({ members: [m2], origin: 0 });
  }
}
function typedValues(reader, hr, lc, left, top, rowTuple, colTuple) {
  const typed = /* @__PURE__ */ new Map();
  if (!reader.settings.navigateWithoutData) return typed;
  const rowKeys = left.tuples.map((t) => tupleKey(t.members));
  const colKeys = top.tuples.map((t) => tupleKey(t.members));
  for (let r = hr; r < reader.rows; r++) {
    const ri = rowTuple[r];
    if (ri == null) continue;
    for (let c = lc; c < reader.columns; c++) {
      const ci = colTuple[c];
      if (ci == null) continue;
      const text = reader.textAt(r, c);
      if (text !== "") typed.set(`${rowKeys[ri]}|${colKeys[ci]}`, text);
    }
  }
  return typed;
}
function failUnknown(unknown, list) {
  throw new GridError("GRID_UNKNOWN_MEMBER", `Unknown member ${list}`, unknown);
}
function cellRef(model, row, column, sheet) {
  const L = model.layout;
  if (row < 0 || column < 0 || row >= L.rows || column >= L.columns) return { region: "none" };
  const povIndex = L.povCells.get(`${row},${column}`);
  if (povIndex !== void 0) return { region: "pov", index: povIndex, member: model.pov[povIndex] };
  const raw = sheet[row]?.[column];
  const empty = raw == null || String(raw).trim() === "";
  if (row >= L.headerRows) {
    const t = L.rowTuple[row];
    if (column < L.leftColumns) {
      if (t == null || empty) return { region: "none" };
      const member2 = model.left.tuples[t]?.members[column];
      return member2 ? { region: "left", tuple: t, position: column, member: member2 } : { region: "none" };
    }
    const c2 = L.colTuple[column];
    if (t == null || c2 == null) return { region: "none" };
    return { region: "data", row: t, column: c2 };
  }
  const pos2 = L.topRows.get(row);
  if (pos2 === void 0 || column < L.leftColumns || empty) return { region: "none" };
  const c = L.colTuple[column];
  if (c == null) return { region: "none" };
  const member = model.top.tuples[c]?.members[pos2];
  return member ? { region: "top", tuple: c, position: pos2, member } : { region: "none" };
}

// packages/engine/src/grid/pivot.ts
function pivotSource(model, row, column) {
  const L = model.layout;
  const pov = L.povCells.get(`${row},${column}`);
  if (pov !== void 0) {
    const member = model.pov[pov];
    return { region: "pov", position: pov, dimension: member.dimension, member };
  }
  if (row >= L.headerRows && row < L.rows && column >= 0 && column < L.leftColumns) {
    const t = L.rowTuple[row];
    const member = t == null ? void 0 : model.left.tuples[t]?.members[column];
    if (member) return { region: "left", position: column, dimension: member.dimension, member };
  }
  const k = L.topRows.get(row);
  if (k !== void 0 && column >= L.leftColumns) {
    const c = L.colTuple[column];
    const member = c == null ? void 0 : model.top.tuples[c]?.members[k];
    if (member) return { region: "top", position: k, dimension: member.dimension, member };
  }
  throw new GridError("GRID_PIVOT_NO_START", GRID_MESSAGES.pivotNoStart);
}
function pivotDestination(model, row, column) {
  const L = model.layout;
  if (column >= 0 && column < L.leftColumns) return { region: "left", position: column };
  const k = L.topRows.get(row);
  if (k !== void 0) return { region: "top", position: k };
  if (row >= 0 && row < L.headerRows) {
    if (column === L.leftColumns) return { region: "top", position: 0 };
    const pov = L.povCells.get(`${row},${column}`);
    return { region: "pov", position: pov ?? model.pov.length };
  }
  return { region: "data", position: -1 };
}
function axisOf(model, region) {
  return region === "left" ? model.left : model.top;
}
function takeOff(axis, position) {
  const members = [];
  const seenMembers = /* @__PURE__ */ new Set();
  const seen = /* @__PURE__ */ new Set();
  const tuples = [];
  for (const t of axis.tuples) {
    const m2 = t.members[position];
    if (!seenMembers.has(m2)) {
      seenMembers.add(m2);
      members.push(m2);
    }
    const rest = t.members.filter((_, i) => i !== position);
    const key2 = tupleKey(rest);
    if (seen.has(key2)) continue;
    seen.add(key2);
    tuples.push({ members: rest, origin: t.origin });
  }
  axis.dims.splice(position, 1);
  axis.tuples = tuples;
  return members;
}
function putOn(axis, position, dimension, members) {
  const j = Math.max(0, Math.min(position, axis.dims.length));
  axis.dims.splice(j, 0, dimension);
  const out = [];
  const tuples = axis.tuples.length > 0 ? axis.tuples : [{ members: [], origin: 0 }];
  let i = 0;
  while (i < tuples.length) {
    const first = tuples[i];
    let end = i + 1;
    while (end < tuples.length && samePrefix2(tuples[end], first, j)) end++;
    for (const m2 of members) {
      for (let r = i; r < end; r++) {
        const t = tuples[r];
        const list = t.members.slice();
        list.splice(j, 0, m2);
        out.push({ members: list, origin: t.origin });
      }
    }
    i = end;
  }
  axis.tuples = out;
}
function samePrefix2(a, b, n) {
  for (let i = 0; i < n; i++) if (a.members[i] !== b.members[i]) return false;
  return true;
}
function pivotTarget(src, dest, toPov) {
  if (toPov)
    return dest && dest.region === "pov" ? dest : { region: "pov", position: Number.MAX_SAFE_INTEGER };
  if (dest?.region === "data")
    throw new GridError("GRID_PIVOT_NO_DESTINATION", GRID_MESSAGES.pivotNoDestination);
  if (dest) return dest;
  return src.region === "left" ? { region: "top", position: 0 } : { region: "left", position: 0 };
}
function reorder(list, from, to) {
  const j = Math.max(0, Math.min(to, list.length - 1));
  if (j === from) return false;
  const [x] = list.splice(from, 1);
  list.splice(j, 0, x);
  return true;
}
function pivotModel(model, src, dest, toPov) {
  const to = pivotTarget(src, dest, toPov);
  if (src.region === "pov") {
    if (to.region === "pov") {
      if (!reorder(model.pov, src.position, to.position))
        throw new GridError("GRID_PIVOT_NO_DESTINATION", GRID_MESSAGES.pivotInPlace);
      return true;
    }
    model.pov.splice(src.position, 1);
    putOn(axisOf(model, to.region), to.position, src.dimension, [src.member]);
    return true;
  }
  const from = axisOf(model, src.region);
  if (to.region === src.region) {
    const j = Math.max(0, Math.min(to.position, from.dims.length - 1));
    if (!reorder(from.dims, src.position, j))
      throw new GridError("GRID_PIVOT_NO_DESTINATION", GRID_MESSAGES.pivotInPlace);
    for (const t of from.tuples) reorder(t.members, src.position, j);
    return true;
  }
  if (from.dims.length === 1 && !(to.region === "pov" && toPov && model.pov.length > 0)) {
    throw new GridError("GRID_PIVOT_LAST_ROW", GRID_MESSAGES.pivotLastRow);
  }
  const members = takeOff(from, src.position);
  if (to.region === "pov") {
    const at = Math.max(0, Math.min(to.position, model.pov.length));
    if (from.dims.length === 0) {
      const fillIndex = at < model.pov.length ? at : 0;
      const [fill] = model.pov.splice(fillIndex, 1, src.member);
      from.tuples = [];
      putOn(from, 0, fill.dimension, [fill]);
    } else {
      model.pov.splice(at, 0, src.member);
    }
    return true;
  }
  putOn(axisOf(model, to.region), to.position, src.dimension, members);
  return true;
}

// packages/engine/src/grid/render.ts
var NO_ACCESS = /* @__PURE__ */ Symbol("noaccess");
function tupleBuilder(outline, pov) {
  const filler = tupleFiller(outline, pov);
  return (row, col, into) => filler.fill(into ?? filler.scratch(), filler.prepare(row), filler.prepare(col));
}
function tupleFiller(outline, pov) {
  const base = outline.baseDimensions;
  const slot = new Map(base.map((d, i) => [d, i]));
  const template = base.map((d) => d.root);
  const povAttrs = [];
  for (const m2 of pov) {
    const i = slot.get(m2.dimension);
    if (i !== void 0) template[i] = m2.stored;
    else if (m2.parent) povAttrs.push(m2);
  }
  const n = template.length;
  return {
    prepare(members) {
      const slots = [];
      const list = [];
      const extra = [];
      for (const m2 of members) {
        const i = slot.get(m2.dimension);
        if (i !== void 0) {
          slots.push(i);
          list.push(m2.stored);
        } else if (m2.parent) extra.push(m2);
      }
      return { slots, members: list, extra: extra.length ? extra : null };
    },
    fill(scratch, row, col) {
      for (let i = 0; i < n; i++) scratch[i] = template[i];
      for (let k = 0; k < row.slots.length; k++) scratch[row.slots[k]] = row.members[k];
      for (let k = 0; k < col.slots.length; k++) scratch[col.slots[k]] = col.members[k];
      if (!row.extra && !col.extra && povAttrs.length === 0) return scratch;
      return [...scratch.slice(0, n), ...povAttrs, ...(row.extra ?? []), ...(col.extra ?? [])];
    },
    scratch: () => template.slice(),
  };
}
function formatValue(v) {
  if (Number.isInteger(v)) return String(v);
  return String(Number(v.toPrecision(12)));
}
function memberLabel(m2, s) {
  if (s.memberDisplay === "name") return m2.name;
  const alias = s.aliasTable ? m2.alias(s.aliasTable) : void 0;
  if (s.memberDisplay === "nameAndAlias")
    return alias && alias !== m2.name ? `${m2.name}: ${alias}` : m2.name;
  return alias ?? m2.name;
}
function placeBlanks(axis) {
  const before = new Array(axis.tuples.length).fill(0);
  for (const anchor of axis.blanks) {
    const i = axis.tuples.findIndex((t) => t.origin >= anchor);
    if (i >= 0) before[i] = (before[i] ?? 0) + 1;
  }
  const out = [];
  axis.tuples.forEach((_, i) => {
    for (let b = 0; b < (before[i] ?? 0); b++) out.push(null);
    out.push(i);
  });
  return out;
}
function suppressed(cells, missing, zero, noAccess) {
  if (cells.length === 0) return false;
  for (const v of cells) {
    if (v === NO_ACCESS) {
      if (!noAccess) return false;
    } else if (v === null) {
      if (!missing) return false;
    } else if (v === 0) {
      if (!zero) return false;
    } else return false;
  }
  return true;
}
function renderGrid(source, model, s, maxCells) {
  return finish(renderGridSteps(source, model, s, maxCells));
}
function* renderGridSteps(source, model, s, maxCells) {
  const outline = model.outline;
  const filler = tupleFiller(outline, model.pov);
  let leftTuples = model.left.tuples;
  let topTuples = model.top.tuples;
  const readData = !s.navigateWithoutData;
  const headerRows = (model.pov.length > 0 ? 1 : 0) + model.top.dims.length;
  const suppressesColumns =
    readData && (s.suppressMissingColumns || s.suppressZeroColumns || s.suppressNoAccessColumns);
  const lcols = model.left.dims.length;
  const narrowest = Math.max(
    lcols + model.pov.length,
    lcols + (suppressesColumns ? 1 : topTuples.length),
    lcols + 1,
  );
  const budget = (keptRows) => {
    if (maxCells !== void 0) checkCellBudget((headerRows + keptRows) * narrowest, maxCells);
  };
  const suppressesRows =
    s.suppressUnderscoreRows ||
    (readData && (s.suppressMissingRows || s.suppressZeroRows || s.suppressNoAccessRows));
  budget(suppressesRows ? 0 : leftTuples.length);
  let values = [];
  const keepRow = [];
  const readScratch = filler.scratch();
  const colPrep = readData ? topTuples.map((c) => filler.prepare(c.members)) : [];
  let kept = 0;
  let work = 0;
  for (const r of leftTuples) {
    let row = [];
    if (readData) {
      const rowPrep = filler.prepare(r.members);
      row = colPrep.map((cp) => {
        const t = filler.fill(readScratch, rowPrep, cp);
        if (source.canRead && !source.canRead(t)) return NO_ACCESS;
        return source.read(t);
      });
    }
    values.push(row);
    const keep =
      !(s.suppressUnderscoreRows && r.members.some((m2) => memberLabel(m2, s).includes("_"))) &&
      (!readData || !suppressed(row, s.suppressMissingRows, s.suppressZeroRows, s.suppressNoAccessRows));
    keepRow.push(keep);
    if (keep) budget(++kept);
    work += row.length + 1;
    if (work >= STEP_CELLS) {
      work = 0;
      yield;
    }
  }
  if (keepRow.some((k) => !k)) {
    values = values.filter((_, i) => keepRow[i]);
    leftTuples = leftTuples.filter((_, i) => keepRow[i]);
  }
  if (readData && (s.suppressMissingColumns || s.suppressZeroColumns || s.suppressNoAccessColumns)) {
    const keepCol = topTuples.map(
      (_, j) =>
        !suppressed(
          values.map((row) => row[j]),
          s.suppressMissingColumns,
          s.suppressZeroColumns,
          s.suppressNoAccessColumns,
        ),
    );
    if (keepCol.some((k) => !k) && leftTuples.length > 0) {
      values = values.map((row) => row.filter((_, j) => keepCol[j]));
      topTuples = topTuples.filter((_, j) => keepCol[j]);
    }
  }
  const left = { ...model.left, tuples: leftTuples };
  const top = { ...model.top, tuples: topTuples };
  const rowSeq = placeBlanks(left);
  const colSeq = placeBlanks(top);
  const lc = left.dims.length;
  const povRows = model.pov.length > 0 ? 1 : 0;
  const hr = povRows + top.dims.length;
  const width = Math.max(lc + model.pov.length, lc + colSeq.length, lc + 1);
  const height = hr + rowSeq.length;
  if (maxCells !== void 0) checkCellBudget(width * height, maxCells);
  const grid = [];
  const kinds = [];
  const writable = [];
  for (let r = 0; r < height; r++) {
    grid.push(new Array(width).fill(""));
    kinds.push(new Array(width).fill(r < hr ? "corner" : "blank"));
    writable.push(new Array(width).fill(false));
  }
  const put = (r, c, text, kind) => {
    grid[r][c] = text;
    kinds[r][c] = kind;
  };
  if (povRows) {
    for (let c = lc; c < width; c++) kinds[0][c] = "blank";
    model.pov.forEach((m2, i) => {
      put(0, lc + i, memberLabel(m2, s), "pov");
    });
  }
  top.dims.forEach((_, k) => {
    const r = povRows + k;
    let prev2 = null;
    colSeq.forEach((ti, j) => {
      const c = lc + j;
      if (ti === null) {
        put(r, c, "", "blank");
        prev2 = null;
        return;
      }
      const t = top.tuples[ti];
      const repeated =
        !s.repeatMemberLabels && k < top.dims.length - 1 && prev2 !== null && samePrefix3(prev2, t, k);
      put(r, c, repeated ? "" : memberLabel(t.members[k], s), "column-header");
      prev2 = t;
    });
    for (let c = lc + colSeq.length; c < width; c++) put(r, c, "", "blank");
  });
  const indent = left.dims.map((_, k) => {
    let min = Number.POSITIVE_INFINITY;
    let max = 0;
    for (const t of left.tuples) {
      const g = t.members[k].generation;
      if (g < min) min = g;
      if (g > max) max = g;
    }
    return (m2) => {
      if (s.indentation === "NONE") return "";
      const steps = s.indentation === "SUBITEMS" ? m2.generation - min : max - m2.generation;
      return steps > 0 ? " ".repeat(5 * steps) : "";
    };
  });
  const scratch = filler.scratch();
  const topPrep = top.tuples.map((c) => filler.prepare(c.members));
  const colKeys = readData || model.typed.size === 0 ? [] : top.tuples.map((t) => tupleKey(t.members));
  let prev = null;
  for (let i = 0; i < rowSeq.length; i++) {
    const ti = rowSeq[i] ?? null;
    const r = hr + i;
    if (ti === null) {
      prev = null;
      continue;
    }
    const t = left.tuples[ti];
    left.dims.forEach((_, k) => {
      const m2 = t.members[k];
      const repeated =
        !s.repeatMemberLabels && k < left.dims.length - 1 && prev !== null && samePrefix3(prev, t, k);
      put(r, k, repeated ? "" : indent[k](m2) + memberLabel(m2, s), "row-header");
    });
    prev = t;
    const rowValues = values[ti];
    const rowPrep = filler.prepare(t.members);
    const rowKey = colKeys.length > 0 ? tupleKey(t.members) : "";
    colSeq.forEach((ci, j) => {
      const c = lc + j;
      if (ci === null) return;
      const tuple = filler.fill(scratch, rowPrep, topPrep[ci]);
      if (!readData) {
        const typed = colKeys.length > 0 ? (model.typed.get(`${rowKey}|${colKeys[ci]}`) ?? "") : "";
        put(r, c, typed, "data");
      } else {
        const v = rowValues?.[ci] ?? null;
        if (v === NO_ACCESS) put(r, c, s.noAccessLabel, "noaccess");
        else if (v === null) put(r, c, s.missingLabel, "missing");
        else put(r, c, formatValue(v), "data");
        if (v === NO_ACCESS) return;
      }
      writable[r][c] = source.writeBlocker(tuple) === null;
    });
    work += colSeq.length + 1;
    if (work >= STEP_CELLS) {
      work = 0;
      yield;
    }
  }
  const placements = [];
  for (const d of outline.dimensions) {
    const li = left.dims.indexOf(d);
    const ti = top.dims.indexOf(d);
    if (li >= 0) placements.push({ name: d.name, region: "LEFT", index: li });
    else if (ti >= 0) placements.push({ name: d.name, region: "TOP", index: povRows + ti });
    else {
      const m2 = model.pov.find((p) => p.dimension === d);
      if (m2) placements.push({ name: d.name, region: "POV", index: -1, member: m2.name });
    }
  }
  return {
    grid,
    kinds,
    writable,
    headerRows: hr,
    leftColumns: lc,
    placements,
    model: { ...model, left, top },
  };
}
function samePrefix3(a, b, k) {
  for (let i = 0; i <= k; i++) if (a.members[i] !== b.members[i]) return false;
  return true;
}

// packages/engine/src/grid/settings.ts
var ZOOM_MODES = [
  "NEXT_LEVEL",
  "ALL_LEVELS",
  "BOTTOM_LEVEL",
  "SIBLING_LEVEL",
  "SAME_LEVEL",
  "SAME_GENERATION",
  "CALC_LEVEL",
];
var DEFAULT_GRID_SETTINGS = Object.freeze({
  indentation: "SUBITEMS",
  suppressMissingRows: false,
  suppressZeroRows: false,
  suppressUnderscoreRows: false,
  suppressNoAccessRows: false,
  suppressMissingColumns: false,
  suppressZeroColumns: false,
  suppressNoAccessColumns: false,
  repeatMemberLabels: true,
  zoomInPreference: "NEXT_LEVEL",
  includeSelection: true,
  withinSelectedGroup: false,
  removeUnselectedGroup: false,
  ancestorPosition: "BOTTOM",
  missingLabel: "#Missing",
  noAccessLabel: "#NoAccess",
  navigateWithoutData: false,
  memberDisplay: "alias",
  aliasTable: "Default",
});
function enumValue(raw, values, fallback) {
  if (typeof raw !== "string") return fallback;
  const key2 = raw.replace(/[_\s-]/g, "").toUpperCase();
  const aliases = {
    CHILDREN: "NEXTLEVEL",
    NEXT: "NEXTLEVEL",
    DESCENDENTS: "ALLLEVELS",
    DESCENDANTS: "ALLLEVELS",
    ALL: "ALLLEVELS",
    BASE: "BOTTOMLEVEL",
    SIBLINGS: "SIBLINGLEVEL",
    FORMULAS: "CALCLEVEL",
  };
  const wanted = aliases[key2] ?? key2;
  return values.find((v) => v.replace(/_/g, "").toUpperCase() === wanted) ?? fallback;
}
function bool(v) {
  if (typeof v === "boolean") return v;
  if (typeof v === "string") {
    const t = v.trim().toLowerCase();
    if (t === "true" || t === "yes" || t === "1") return true;
    if (t === "false" || t === "no" || t === "0" || t === "") return false;
  }
  return void 0;
}
function resolveSettings(input, aliasTable) {
  const s = input ?? {};
  const d = DEFAULT_GRID_SETTINGS;
  const missingSuppression = bool(s.missingSuppression);
  let indentation = enumValue(s.indentation, ["NONE", "SUBITEMS", "TOTALS"], d.indentation);
  if (bool(s.withoutIndentation) === true) indentation = "NONE";
  const table = aliasTable !== void 0 ? aliasTable : s.aliasTable !== void 0 ? s.aliasTable : d.aliasTable;
  const activeTable = table && table.toLowerCase() !== "none" ? table : null;
  let memberDisplay = s.memberDisplay ?? (activeTable ? "alias" : "name");
  if (s.codeAliasParam?.displayCodeAndAlias === true) memberDisplay = "nameAndAlias";
  return {
    indentation,
    suppressMissingRows: bool(s.suppressMissingRows) ?? missingSuppression ?? d.suppressMissingRows,
    suppressZeroRows: bool(s.suppressZeroRows) ?? d.suppressZeroRows,
    suppressUnderscoreRows: bool(s.suppressUnderscoreRows) ?? d.suppressUnderscoreRows,
    suppressNoAccessRows: bool(s.suppressNoAccessRows) ?? d.suppressNoAccessRows,
    suppressMissingColumns: bool(s.suppressMissingColumns) ?? d.suppressMissingColumns,
    suppressZeroColumns: bool(s.suppressZeroColumns) ?? d.suppressZeroColumns,
    suppressNoAccessColumns: bool(s.suppressNoAccessColumns) ?? d.suppressNoAccessColumns,
    repeatMemberLabels: bool(s.repeatMemberLabels) ?? d.repeatMemberLabels,
    zoomInPreference: enumValue(s.zoomInPreference, ZOOM_MODES, d.zoomInPreference),
    includeSelection: bool(s.includeSelection) ?? d.includeSelection,
    withinSelectedGroup: bool(s.withinSelectedGroup) ?? d.withinSelectedGroup,
    removeUnselectedGroup:
      bool(s.removeUnselectedGroup) ?? bool(s.removeUnSelectedGroup) ?? d.removeUnselectedGroup,
    ancestorPosition: enumValue(s.ancestorPosition, ["TOP", "BOTTOM"], d.ancestorPosition),
    missingLabel: s.missingLabel ?? s.missingText ?? d.missingLabel,
    noAccessLabel: s.noAccessLabel ?? s.noAccessText ?? d.noAccessLabel,
    navigateWithoutData: bool(s.navigateWithoutData) ?? d.navigateWithoutData,
    memberDisplay: memberDisplay === "alias" && !activeTable ? "name" : memberDisplay,
    aliasTable: activeTable,
    ...(s.substitutionVariables ? { substitutionVariables: s.substitutionVariables } : {}),
  };
}

// packages/engine/src/grid/submit.ts
function submitCells(source, model, sheet, dirty, s) {
  const build = tupleBuilder(model.outline, model.pov);
  const text = (r, c) => {
    const v = sheet[r]?.[c];
    return v == null ? "" : String(v);
  };
  let cells;
  if (dirty) {
    const seen = /* @__PURE__ */ new Set();
    const unique = dirty.filter((d) => {
      const key2 = `${d.row},${d.column}`;
      if (seen.has(key2)) return false;
      seen.add(key2);
      return true;
    });
    const size = sheetCells(sheet);
    if (unique.length > size) {
      throw new GridError(
        "GRID_BAD_REQUEST",
        `The list of cells names ${unique.length} different cells; the grid has ${size}`,
      );
    }
    cells = unique.map((d) => ({ ...d, ref: cellRef(model, d.row, d.column, sheet) }));
  } else {
    cells = [];
    const L = model.layout;
    for (let r = L.headerRows; r < L.rows; r++) {
      for (let c = L.leftColumns; c < L.columns; c++) {
        const ref = cellRef(model, r, c, sheet);
        if (ref.region !== "data") continue;
        if (text(r, c).trim() === "") continue;
        const value = parseValue(text(r, c), s);
        if (value === void 0) continue;
        const t = build(
          model.left.tuples[ref.row]?.members ?? [],
          model.top.tuples[ref.column]?.members ?? [],
        );
        if (source.canRead && !source.canRead(t)) continue;
        if (source.read(t) !== value) cells.push({ row: r, column: c, ref });
      }
    }
  }
  const out = [];
  for (const { row, column, ref } of cells) {
    if (ref.region !== "data") {
      out.push({ row, column, status: "not-data", reason: "Not a data cell" });
      continue;
    }
    const value = parseValue(text(row, column), s);
    if (value === void 0) {
      out.push({ row, column, status: "invalid", reason: `"${text(row, column).trim()}" is not a number` });
      continue;
    }
    const t = build(model.left.tuples[ref.row]?.members ?? [], model.top.tuples[ref.column]?.members ?? []);
    if (source.canRead && !source.canRead(t)) {
      out.push({ row, column, status: "read-only", reason: "No access" });
      continue;
    }
    const blocker = source.writeBlocker(t);
    if (blocker) {
      out.push({ row, column, status: "read-only", reason: blocker });
      continue;
    }
    try {
      source.write(t, value);
    } catch (e) {
      out.push({ row, column, status: "read-only", reason: e.message });
      continue;
    }
    out.push({ row, column, status: "written", value });
  }
  return out;
}

// packages/engine/src/grid/operations.ts
var GRID_ACTIONS = [
  "refresh",
  "zoomin",
  "zoomout",
  "keeponly",
  "removeonly",
  "pivot",
  "pivottopov",
  "submit",
];
function normalizeAction(action) {
  const a = action.replace(/[_\s-]/g, "").toLowerCase();
  const found = GRID_ACTIONS.find((x) => x === a);
  if (!found) throw new GridError("GRID_BAD_REQUEST", `Unknown grid action "${action}"`);
  return found;
}
function selectedRefs(model, req) {
  const refs = [];
  for (const c of req.cells ?? []) refs.push(cellRef(model, c.row, c.column, req.grid));
  for (const r of req.ranges ?? []) {
    const first = cellRef(model, r.startRow, r.startCol, req.grid);
    for (let i = 0; i < Math.max(1, r.rows); i++) {
      for (let j = 0; j < Math.max(1, r.columns); j++) {
        const ref = cellRef(model, r.startRow + i, r.startCol + j, req.grid);
        if (ref.region === first.region) refs.push(ref);
      }
    }
  }
  return refs;
}
function axisPicks(refs) {
  const first = refs.find((r) => r.region === "left" || r.region === "top");
  if (!first || (first.region !== "left" && first.region !== "top")) return null;
  const picks = [];
  for (const r of refs) {
    if (r.region === first.region) picks.push({ tuple: r.tuple, position: r.position, member: r.member });
  }
  return { region: first.region, picks };
}
function diffRanges(oldRows, oldCols, newRows, newCols) {
  const out = [];
  if (newRows < oldRows && oldCols > 0)
    out.push({ startRow: newRows, startCol: 0, rows: oldRows - newRows, columns: oldCols });
  if (newCols < oldCols) {
    const rows = Math.min(newRows, oldRows);
    if (rows > 0) out.push({ startRow: 0, startCol: newCols, rows, columns: oldCols - newCols });
  }
  return out;
}
function isEmptySheet(grid) {
  return grid.every((r) => (r ?? []).every((v) => v == null || String(v).trim() === ""));
}
function runGridOperation(source, request) {
  return finish(gridOperationSteps(source, request));
}
function* gridOperationSteps(source, request) {
  validateRequest(request);
  yield;
  const action = normalizeAction(String(request.action ?? ""));
  const settings = resolveSettings(request.settings, request.aliasTable);
  if (request.zoomMode)
    settings.zoomInPreference = resolveSettings({ zoomInPreference: request.zoomMode }).zoomInPreference;
  const oldRows = request.grid.length;
  const oldCols = request.grid.reduce((w, r) => Math.max(w, r?.length ?? 0), 0);
  if (isEmptySheet(request.grid) && (action === "refresh" || action === "submit")) {
    const init = initialGrid(source, request.settings, request.aliasTable, request.maxCells);
    return {
      ...init,
      rangesToDelete: diffRanges(oldRows, oldCols, init.grid.length, init.grid[0]?.length ?? 0),
    };
  }
  const { model } = yield* parseGridSteps(source.outline, request.grid, settings);
  const work = {
    ...model,
    pov: [...model.pov],
    left: cloneAxis(model.left),
    top: cloneAxis(model.top),
  };
  let changed = false;
  let cellStatus;
  switch (action) {
    case "refresh":
      break;
    case "submit":
      cellStatus = submitCells(source, model, request.grid, request.dirtyCells ?? request.cells, settings);
      break;
    case "zoomin":
    case "zoomout":
    case "keeponly":
    case "removeonly": {
      const sel = axisPicks(selectedRefs(model, request));
      if (!sel) break;
      const axis = sel.region === "left" ? work.left : work.top;
      if (action === "zoomin") changed = zoomInAxis(axis, sel.picks, zoomOptions(settings));
      else if (action === "zoomout") changed = zoomOutAxis(axis, sel.picks, settings.withinSelectedGroup);
      else changed = keepOrRemoveAxis(axis, sel.picks, action === "keeponly", settings.withinSelectedGroup);
      break;
    }
    case "pivot":
    case "pivottopov": {
      const start =
        request.pivot ??
        (request.row !== void 0 && request.column !== void 0
          ? { row: request.row, column: request.column }
          : request.cells?.[0]);
      if (!start) throw new GridError("GRID_PIVOT_NO_START", "Pivot starting point cannot be determined");
      const src = pivotSource(model, start.row, start.column);
      const p = request.pivot;
      const dest =
        p && p.toRow !== void 0 && p.toColumn !== void 0
          ? pivotDestination(model, p.toRow, p.toColumn)
          : null;
      if (p && p.toRow !== void 0 && p.toColumn !== void 0 && !dest && action === "pivot") break;
      changed = pivotModel(work, src, dest, action === "pivottopov");
      break;
    }
  }
  const out = yield* renderGridSteps(source, work, settings, request.maxCells);
  const newCols = out.grid[0]?.length ?? 0;
  return {
    grid: out.grid,
    kinds: out.kinds,
    writable: out.writable,
    rangesToDelete: diffRanges(oldRows, oldCols, out.grid.length, newCols),
    headerRows: out.headerRows,
    leftColumns: out.leftColumns,
    placements: out.placements,
    changed,
    ...(cellStatus ? { cellStatus } : {}),
  };
}
function validateRequest(request) {
  if (!request || !Array.isArray(request.grid))
    throw new GridError("GRID_BAD_REQUEST", "`grid` must be a list of rows");
  request.grid.forEach((row, r) => {
    if (!Array.isArray(row)) throw new GridError("GRID_BAD_REQUEST", `grid[${r}] must be a list of cells`);
    row.forEach((v, c) => {
      if (
        v !== null &&
        v !== void 0 &&
        typeof v !== "string" &&
        typeof v !== "number" &&
        typeof v !== "boolean"
      ) {
        throw new GridError("GRID_BAD_REQUEST", `grid[${r}][${c}] must be a string`);
      }
    });
  });
  for (const [name, list] of [
    ["cells", request.cells],
    ["dirtyCells", request.dirtyCells],
  ]) {
    if (list === void 0) continue;
    if (
      !Array.isArray(list) ||
      list.some((p) => !p || !Number.isInteger(p.row) || !Number.isInteger(p.column))
    ) {
      throw new GridError("GRID_BAD_REQUEST", `\`${name}\` must be a list of {row, column} integers`);
    }
  }
}
function zoomOptions(s) {
  return {
    mode: s.zoomInPreference,
    includeSelection: s.includeSelection,
    withinSelectedGroup: s.withinSelectedGroup,
    removeUnselectedGroup: s.removeUnselectedGroup,
    ancestorPosition: s.ancestorPosition,
  };
}
function initialGrid(source, settings, aliasTable, maxCells) {
  const s = resolveSettings(settings, aliasTable);
  const dims = source.outline.baseDimensions;
  if (dims.length < 2) throw new GridError("GRID_BAD_REQUEST", "A grid needs at least two dimensions");
  const [rowDim, colDim, ...rest] = dims;
  const model = {
    outline: source.outline,
    pov: rest.map((d) => d.root),
    left: {
      dims: [rowDim],
      tuples: [{ members: [rowDim.root], origin: 0 }],
      blanks: [],
    },
    top: {
      dims: [colDim],
      tuples: [{ members: [colDim.root], origin: 0 }],
      blanks: [],
    },
    typed: /* @__PURE__ */ new Map(),
    layout: {
      rows: 0,
      columns: 0,
      headerRows: 0,
      leftColumns: 0,
      rowTuple: [],
      colTuple: [],
      povCells: /* @__PURE__ */ new Map(),
      topRows: /* @__PURE__ */ new Map(),
    },
  };
  const out = renderGrid(source, model, s, maxCells);
  return {
    grid: out.grid,
    kinds: out.kinds,
    writable: out.writable,
    rangesToDelete: [],
    headerRows: out.headerRows,
    leftColumns: out.leftColumns,
    placements: out.placements,
    changed: true,
  };
}

// packages/engine/src/mdx/errors.ts
var MdxError = class extends EngineError {
  constructor(code, detail, at) {
    super(code, `${detail} at line ${at.line}, column ${at.column}`);
    this.detail = detail;
    this.line = at.line;
    this.column = at.column;
    this.token = at.text;
  }
  detail;
  name = "MdxError";
  line;
  column;
  token;
  /** `MDX_TOO_LARGE`: the cells the axes cross into, and the most allowed. */
  size;
};

// packages/engine/src/mdx/ast.ts
function refText(parts) {
  return parts.map((p) => (p.bracketed ? `[${p.name.replaceAll("]", "]]")}]` : p.name)).join(".");
}
function startOf(e) {
  switch (e.kind) {
    case "binary":
      return startOf(e.left);
    case "range":
      return startOf(e.from);
    case "method":
      return startOf(e.target);
    default:
      return e.at;
  }
}

// packages/engine/src/mdx/lexer.ts
var PUNCT2 = ["<>", "<=", ">="];
var PUNCT1 = "{}(),.:+-*/=<>";
function tokenize2(src, origin = { line: 1, column: 1 }) {
  const out = [];
  let i = 0;
  let line = origin.line;
  let lineStart = -(origin.column - 1);
  const col = (at) => at - lineStart + 1;
  const newline = (at) => {
    line++;
    lineStart = at + 1;
  };
  while (i < src.length) {
    const c = src[i];
    if (c === "\n") {
      newline(i);
      i++;
      continue;
    }
    if (c === " " || c === "	" || c === "\r") {
      i++;
      continue;
    }
    if ((c === "-" && src[i + 1] === "-") || (c === "/" && src[i + 1] === "/")) {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && src[i + 1] === "*") {
      const at = { line, column: col(i) };
      i += 2;
      while (i < src.length && !(src[i] === "*" && src[i + 1] === "/")) {
        if (src[i] === "\n") newline(i);
        i++;
      }
      if (i >= src.length) throw new MdxError("MDX_SYNTAX", "Unterminated comment /*", { ...at, text: "/*" });
      i += 2;
      continue;
    }
    const startLine = line;
    const startCol = col(i);
    const start = i;
    const push = (kind, value) => {
      out.push({ kind, value, text: src.slice(start, i), line: startLine, column: startCol });
    };
    if (c === "[") {
      let value = "";
      i++;
      for (;;) {
        if (i >= src.length)
          throw new MdxError("MDX_SYNTAX", `Unterminated name ${src.slice(start, start + 20)}`, {
            line: startLine,
            column: startCol,
            text: src.slice(start, start + 20),
          });
        const d = src[i];
        if (d === "]") {
          if (src[i + 1] === "]") {
            value += "]";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (d === "\n") newline(i);
        value += d;
        i++;
      }
      push("name", value);
      continue;
    }
    if (c === "'" || c === '"') {
      let value = "";
      i++;
      for (;;) {
        if (i >= src.length)
          throw new MdxError("MDX_SYNTAX", "Unterminated string", {
            line: startLine,
            column: startCol,
            text: src.slice(start, start + 20),
          });
        const d = src[i];
        if (d === c) {
          if (src[i + 1] === c) {
            value += c;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (d === "\n") newline(i);
        value += d;
        i++;
      }
      push("string", value);
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      while (i < src.length && /[0-9]/.test(src[i])) i++;
      if (src[i] === "." && /[0-9]/.test(src[i + 1] ?? "")) {
        i++;
        while (i < src.length && /[0-9]/.test(src[i])) i++;
      }
      if ((src[i] === "e" || src[i] === "E") && /[-+0-9]/.test(src[i + 1] ?? "")) {
        i++;
        if (src[i] === "+" || src[i] === "-") i++;
        while (i < src.length && /[0-9]/.test(src[i])) i++;
      }
      push("number", src.slice(start, i));
      continue;
    }
    if (/[A-Za-z_\u00c0-\uffff]/.test(c)) {
      while (i < src.length && /[A-Za-z0-9_\u00c0-\uffff]/.test(src[i])) i++;
      push("ident", src.slice(start, i));
      continue;
    }
    const two = src.slice(i, i + 2);
    if (PUNCT2.includes(two)) {
      i += 2;
      push("punct", two);
      continue;
    }
    if (PUNCT1.includes(c)) {
      i++;
      push("punct", c);
      continue;
    }
    throw new MdxError("MDX_SYNTAX", `Unexpected character ${c}`, {
      line: startLine,
      column: startCol,
      text: c,
    });
  }
  out.push({ kind: "eof", value: "", text: "end of query", line, column: col(i) });
  return out;
}

// packages/engine/src/mdx/parser.ts
var RESERVED = /* @__PURE__ */ new Set([
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
var DOT_FUNCTIONS = /* @__PURE__ */ new Set([
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
]);
var AXIS_NAMES = ["COLUMNS", "ROWS", "PAGES", "CHAPTERS", "SECTIONS"];
var FLAGS = /* @__PURE__ */ new Set([
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
function parseMdx(text) {
  const p = new Parser2(tokenize2(text));
  const q = p.query();
  p.expectEnd();
  return q;
}
function parseMdxExpression(text, origin) {
  const p = new Parser2(tokenize2(text, origin));
  const e = p.expr();
  p.expectEnd();
  return e;
}
var pos = (t) => ({ line: t.line, column: t.column, text: t.text });
var Parser2 = class {
  constructor(toks) {
    this.toks = toks;
  }
  toks;
  i = 0;
  get tok() {
    return this.toks[this.i];
  }
  next() {
    const t = this.tok;
    if (t.kind !== "eof") this.i++;
    return t;
  }
  isKw(word, t = this.tok) {
    return t.kind === "ident" && t.value.toUpperCase() === word;
  }
  isPunct(p, t = this.tok) {
    return t.kind === "punct" && t.value === p;
  }
  fail(expected, t = this.tok) {
    const found = t.kind === "eof" ? "end of query" : t.text;
    throw new MdxError("MDX_SYNTAX", `Syntax error: expected ${expected}, found ${found}`, pos(t));
  }
  kw(word) {
    if (!this.isKw(word)) this.fail(word);
    return this.next();
  }
  punct(p, expected = p) {
    if (!this.isPunct(p)) this.fail(expected);
    return this.next();
  }
  expectEnd() {
    if (this.tok.kind !== "eof") this.fail("end of query");
  }
  query() {
    const withs = [];
    if (this.isKw("WITH")) {
      this.next();
      while (this.isKw("MEMBER") || this.isKw("SET")) withs.push(this.definition());
      if (withs.length === 0) this.fail("MEMBER or SET");
    }
    this.kw("SELECT");
    const axes = [];
    if (!this.isKw("FROM")) {
      for (;;) {
        axes.push(this.axis());
        if (!this.isPunct(",")) break;
        this.next();
      }
    }
    this.kw("FROM");
    const cube = this.nameParts("a cube name");
    let where = null;
    if (this.isKw("WHERE")) {
      this.next();
      where = this.expr();
    }
    if (this.isKw("CELL")) {
      this.next();
      this.kw("PROPERTIES");
      this.propertyList();
    }
    return { with: withs, axes, cube, where };
  }
  update() {
    this.kw("UPDATE");
    if (this.isKw("CUBE")) this.next();
    const cube = this.nameParts("a cube name");
    this.kw("SET");
    const assignments = [];
    for (;;) {
      const at = pos(this.tok);
      const tuple = this.additive();
      this.punct("=");
      const value = this.additive();
      let allocation = null;
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
  definition() {
    const start = this.next();
    const isMember = start.value.toUpperCase() === "MEMBER";
    const parts = this.nameParts(isMember ? "a member name" : "a set name");
    this.kw("AS");
    let expr;
    if (this.tok.kind === "string") {
      const s = this.next();
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
  nameParts(expected) {
    const parts = [];
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
  axis() {
    const at = pos(this.tok);
    let nonEmpty = false;
    if (this.isKw("NON")) {
      this.next();
      this.kw("EMPTY");
      nonEmpty = true;
    }
    const set = this.expr();
    if (this.isKw("DIMENSION") || this.isKw("PROPERTIES")) {
      if (this.isKw("DIMENSION")) this.next();
      this.kw("PROPERTIES");
      this.propertyList();
    }
    this.kw("ON");
    const t = this.tok;
    let ordinal;
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
  propertyList() {
    for (;;) {
      this.nameParts("a property name");
      if (!this.isPunct(",")) return;
      this.next();
    }
  }
  expr() {
    let left = this.and();
    while (this.isKw("OR") || this.isKw("XOR")) {
      const t = this.next();
      left = {
        kind: "binary",
        op: t.value.toUpperCase(),
        left,
        right: this.and(),
        at: pos(t),
      };
    }
    return left;
  }
  and() {
    let left = this.not();
    while (this.isKw("AND")) {
      const t = this.next();
      left = { kind: "binary", op: "AND", left, right: this.not(), at: pos(t) };
    }
    return left;
  }
  not() {
    if (this.isKw("NOT")) {
      const t = this.next();
      return { kind: "unary", op: "NOT", operand: this.not(), at: pos(t) };
    }
    return this.comparison();
  }
  comparison() {
    const left = this.additive();
    const t = this.tok;
    if (t.kind === "punct" && ["=", "<>", "<", ">", "<=", ">="].includes(t.value)) {
      this.next();
      const op = t.value;
      return { kind: "binary", op, left, right: this.additive(), at: pos(t) };
    }
    return left;
  }
  additive() {
    let left = this.multiplicative();
    while (this.isPunct("+") || this.isPunct("-")) {
      const t = this.next();
      left = { kind: "binary", op: t.value, left, right: this.multiplicative(), at: pos(t) };
    }
    return left;
  }
  multiplicative() {
    let left = this.unary();
    while (this.isPunct("*") || this.isPunct("/")) {
      const t = this.next();
      left = { kind: "binary", op: t.value, left, right: this.unary(), at: pos(t) };
    }
    return left;
  }
  unary() {
    if (this.isPunct("-") || this.isPunct("+")) {
      const t = this.next();
      return { kind: "unary", op: t.value, operand: this.unary(), at: pos(t) };
    }
    return this.range();
  }
  range() {
    const from = this.postfix();
    if (this.isPunct(":")) {
      const t = this.next();
      return { kind: "range", from, to: this.postfix(), at: pos(t) };
    }
    return from;
  }
  postfix() {
    let e = this.primary();
    while (this.isPunct(".")) {
      this.next();
      const t = this.tok;
      if (t.kind === "name") {
        this.next();
        const part = { name: t.value, bracketed: true, at: pos(t) };
        if (e.kind === "ref") e = { ...e, parts: [...e.parts, part] };
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
        e = { ...e, parts: [...e.parts, { name: t.value, bracketed: false, at: pos(t) }] };
      } else {
        throw new MdxError("MDX_UNKNOWN_FUNCTION", `Unknown function .${t.value}`, pos(t));
      }
    }
    return e;
  }
  args() {
    this.punct("(");
    const args = [];
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
  primary() {
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
        if (FLAGS.has(upper)) return { kind: "flag", name: upper, at: pos(t) };
        return { kind: "ref", parts: [{ name: t.value, bracketed: false, at: pos(t) }], at: pos(t) };
      }
      case "punct":
        if (t.value === "{") {
          this.next();
          const items = [];
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
          const items = [this.expr()];
          while (this.isPunct(",")) {
            this.next();
            items.push(this.expr());
          }
          this.punct(")", ", or )");
          if (items.length === 1) return items[0];
          return { kind: "tuple", items, at: pos(t) };
        }
        return this.fail("a member, a set or a value");
      default:
        return this.fail("a member, a set or a value");
    }
  }
};

// packages/engine/src/mdx/executor.ts
var CalculatedMember = class {
  constructor(name, dimension, parent, expr, solveOrder) {
    this.name = name;
    this.dimension = dimension;
    this.parent = parent;
    this.expr = expr;
    this.solveOrder = solveOrder;
  }
  name;
  dimension;
  parent;
  expr;
  solveOrder;
  calculated = true;
  toString() {
    return this.name;
  }
};
function cellAt(result, positions) {
  let ordinal = 0;
  let stride = 1;
  result.axes.forEach((axis, k) => {
    ordinal += (positions[k] ?? 0) * stride;
    stride *= axis.tuples.length;
  });
  return result.cells[ordinal] ?? null;
}
function executeMdx(source, query, options = {}) {
  const q = typeof query === "string" ? parseMdx(query) : query;
  return new Executor(source, options).run(q);
}
function layerByName(dimension, name) {
  const g = dimension.generationByName(name);
  if (g !== void 0) return { by: "generation", dimension, n: g };
  const l = dimension.levelByName(name);
  if (l !== void 0) return { by: "level", dimension, n: l };
  const m2 = /^(gen|lev)(\d+),(.+)$/i.exec(name);
  if (!m2 || m2[3].toLowerCase() !== dimension.name.toLowerCase()) return null;
  const n = Number(m2[2]);
  const isGen = m2[1].toLowerCase() === "gen";
  const exists = dimension.members.some((x) => (isGen ? x.generation === n : x.level === n));
  return exists ? { by: isGen ? "generation" : "level", dimension, n } : null;
}
var MAX_DEPTH = 64;
var DESCENDANT_FLAGS = {
  SELF: [0],
  AFTER: [1],
  BEFORE: [-1],
  BEFORE_AND_AFTER: [-1, 1],
  SELF_AND_AFTER: [0, 1],
  SELF_AND_BEFORE: [-1, 0],
  SELF_BEFORE_AFTER: [-1, 0, 1],
};
var isCalc = (m2) => m2 instanceof CalculatedMember;
function describe(v) {
  switch (v.t) {
    case "num":
    case "str":
    case "bool":
      return "a value";
    case "layer":
      return "a level";
    case "flag":
      return `the keyword ${v.name}`;
    case "empty":
      return "nothing";
    default:
      return `a ${v.t}`;
  }
}
var Executor = class {
  constructor(source, options) {
    this.source = source;
    this.options = options;
    this.outline = source.outline;
    this.base = this.outline.baseDimensions;
  }
  source;
  options;
  outline;
  base;
  calcMembers = [];
  namedSets = /* @__PURE__ */ new Map();
  slicerCoords = /* @__PURE__ */ new Map();
  run(q) {
    this.checkCube(q.cube);
    for (const def of q.with) {
      const last = def.parts[def.parts.length - 1];
      if (def.kind === "set") {
        this.namedSets.set(last.name.toLowerCase(), { expr: def.expr, value: null });
        continue;
      }
      let dimension;
      let parent = null;
      if (def.parts.length === 1) {
        dimension = this.outline.dimensions.find((d) => d.type === "accounts") ?? this.base[0];
        parent = dimension.root;
      } else {
        const owner = this.resolveRef(def.parts.slice(0, -1));
        if (owner.t !== "member" || isCalc(owner.m))
          throw new MdxError(
            "MDX_ARGUMENT",
            `${refText(def.parts)} needs a dimension or a member before its name`,
            def.at,
          );
        dimension = owner.m.dimension;
        parent = owner.m;
      }
      this.calcMembers.push(new CalculatedMember(last.name, dimension, parent, def.expr, def.solveOrder));
    }
    const slicer = [];
    if (q.where) {
      const v = this.evaluate(q.where, /* @__PURE__ */ new Map());
      const tuples = this.toSet(v, startOf(q.where));
      if (tuples.length !== 1)
        throw new MdxError("MDX_ARGUMENT", "The WHERE clause needs one tuple", startOf(q.where));
      slicer.push(...tuples[0]);
    }
    this.slicerCoords = new Map(slicer.map((m2) => [m2.dimension, m2]));
    const specs = [...q.axes].sort((a, b) => a.ordinal - b.ordinal);
    const used = new Map(slicer.map((m2) => [m2.dimension, "the slicer"]));
    const axes = specs.map((spec, k) => {
      if (spec.ordinal !== k) {
        const what = k === 0 ? "COLUMNS" : `axis ${k}`;
        throw new MdxError("MDX_ARGUMENT", `Axis ${spec.ordinal} is used without ${what}`, spec.at);
      }
      const tuples = this.toSet(this.evaluate(spec.set, this.slicerCoords), startOf(spec.set));
      const dimensions = tuples[0]?.map((m2) => m2.dimension) ?? [];
      for (const d of dimensions) {
        const other = used.get(d);
        if (other)
          throw new MdxError(
            "MDX_DUPLICATE_DIMENSION",
            `The dimension ${d.name} is on axis ${k} and on ${other}`,
            startOf(spec.set),
          );
        used.set(d, `axis ${k}`);
      }
      return { ordinal: k, dimensions, tuples };
    });
    const total = axes.reduce((n, a) => n * a.tuples.length, 1);
    const maxCells = this.options.maxCells ?? 1e6;
    if (total > maxCells) {
      const e = new MdxError(
        "MDX_TOO_LARGE",
        `The query crosses into ${total} cells, more than the ${maxCells} allowed`,
        specs[0].at,
      );
      e.size = { cells: total, max: maxCells };
      throw e;
    }
    let cells = this.cells(axes);
    for (let k = 0; k < specs.length; k++) {
      if (!specs[k]?.nonEmpty) continue;
      const keep = this.nonEmptyPositions(axes, cells, k);
      if (keep.length === axes[k].tuples.length) continue;
      cells = this.project(axes, cells, k, keep);
      const axis = axes[k];
      axis.tuples = keep.map((i) => axis.tuples[i]);
    }
    return { axes, slicer, cells };
  }
  updates(u) {
    this.checkCube(u.cube);
    return u.assignments.map((a) => {
      if (a.allocation !== null)
        throw new MdxError(
          "MDX_ARGUMENT",
          `${a.allocation} is not supported: write one cell at a time`,
          a.at,
        );
      const tuples = this.toSet(this.evaluate(a.tuple, /* @__PURE__ */ new Map()), startOf(a.tuple));
      if (tuples.length !== 1)
        throw new MdxError("MDX_ARGUMENT", "UPDATE CUBE needs one tuple per assignment", startOf(a.tuple));
      const coords = /* @__PURE__ */ new Map();
      for (const m2 of tuples[0]) {
        if (isCalc(m2))
          throw new MdxError(
            "MDX_ARGUMENT",
            `The calculated member ${m2.name} cannot be written`,
            startOf(a.tuple),
          );
        if (m2.dimension.type === "attribute")
          throw new MdxError(
            "MDX_ARGUMENT",
            `The attribute member ${m2.name} cannot be written`,
            startOf(a.tuple),
          );
        if (coords.has(m2.dimension))
          throw new MdxError(
            "MDX_DUPLICATE_DIMENSION",
            `The dimension ${m2.dimension.name} is twice in the tuple`,
            startOf(a.tuple),
          );
        coords.set(m2.dimension, m2);
      }
      const isNull =
        a.value.kind === "ref" &&
        a.value.parts.length === 1 &&
        !a.value.parts[0]?.bracketed &&
        a.value.parts[0]?.name.toUpperCase() === "NULL";
      const v = isNull
        ? Number.NaN
        : this.toNumber(this.evaluate(a.value, coords), startOf(a.value), coords, 0);
      const tuple = this.base.map((d) => (coords.get(d) ?? d.root).stored);
      return { tuple, value: Number.isNaN(v) ? null : v };
    });
  }
  checkCube(parts) {
    const expected = (this.options.cube ?? this.outline.name).toLowerCase();
    const last = parts[parts.length - 1];
    const app = parts.length > 1 ? parts[parts.length - 2] : void 0;
    const appOk =
      !app || !this.options.application || app.name.toLowerCase() === this.options.application.toLowerCase();
    if (last.name.toLowerCase() !== expected || !appOk || parts.length > 2) {
      const at = parts[0];
      throw new MdxError("MDX_UNKNOWN_CUBE", `Unknown cube ${refText(parts)}`, {
        ...at.at,
        text: refText(parts),
      });
    }
  }
  // -------------------------------------------------------------------------------------------- cells
  cells(axes) {
    const total = axes.reduce((n, a) => n * a.tuples.length, 1);
    const out = new Array(total);
    const idx = axes.map(() => 0);
    for (let c = 0; c < total; c++) {
      const coords = new Map(this.slicerCoords);
      axes.forEach((a, k) => {
        for (const m2 of a.tuples[idx[k]]) coords.set(m2.dimension, m2);
      });
      const v = this.cellValue(coords, 0);
      out[c] = Number.isNaN(v) ? null : v;
      for (let k = 0; k < idx.length; k++) {
        idx[k] = idx[k] + 1;
        if (idx[k] < axes[k].tuples.length) break;
        idx[k] = 0;
      }
    }
    return out;
  }
  strides(axes) {
    const s = [];
    let n = 1;
    for (const a of axes) {
      s.push(n);
      n *= a.tuples.length;
    }
    return s;
  }
  nonEmptyPositions(axes, cells, k) {
    const stride = this.strides(axes)[k];
    const len = axes[k].tuples.length;
    const has = new Array(len).fill(false);
    cells.forEach((v, c) => {
      if (v !== null) has[Math.floor(c / stride) % len] = true;
    });
    return has.flatMap((h, i) => (h ? [i] : []));
  }
  project(axes, cells, k, keep) {
    const stride = this.strides(axes)[k];
    const len = axes[k].tuples.length;
    const out = [];
    const outer = cells.length / (stride * len);
    for (let o = 0; o < outer; o++)
      for (const i of keep)
        for (let s = 0; s < stride; s++) out.push(cells[o * stride * len + i * stride + s]);
    return out;
  }
  /** The value at coordinates: the calculated member of highest solve order computes it, else the source. */
  cellValue(coords, depth) {
    let calc = null;
    for (const m2 of coords.values()) if (isCalc(m2) && (!calc || m2.solveOrder > calc.solveOrder)) calc = m2;
    if (calc) {
      if (depth > MAX_DEPTH)
        throw new MdxError(
          "MDX_TOO_DEEP",
          `The calculated member ${calc.name} refers to itself`,
          startOf(calc.expr),
        );
      return this.toNumber(
        this.evaluate(calc.expr, coords, depth + 1),
        startOf(calc.expr),
        coords,
        depth + 1,
      );
    }
    const tuple = this.base.map((d) => (coords.get(d) ?? d.root).stored);
    for (const [d, m2] of coords) if (d.type === "attribute" && m2.parent) tuple.push(m2);
    const v = this.source.read(tuple);
    return v === null ? Number.NaN : v;
  }
  // ----------------------------------------------------------------------------------------- coercion
  toSet(v, at) {
    switch (v.t) {
      case "set":
        return v.tuples;
      case "member":
        return [[v.m]];
      case "tuple":
        return [v.ms];
      default:
        throw new MdxError("MDX_ARGUMENT", `Expected a set, found ${describe(v)}`, at);
    }
  }
  toMember(v, at) {
    if (v.t === "member") return v.m;
    if (v.t === "set" && v.tuples.length === 1 && v.tuples[0]?.length === 1) return v.tuples[0][0];
    if (v.t === "tuple" && v.ms.length === 1) return v.ms[0];
    if (v.t === "set" && v.tuples.length === 0)
      throw new MdxError("MDX_ARGUMENT", "Expected a member, found an empty set", at);
    throw new MdxError("MDX_ARGUMENT", `Expected a member, found ${describe(v)}`, at);
  }
  toOutlineMember(v, at) {
    const m2 = this.toMember(v, at);
    if (isCalc(m2))
      throw new MdxError("MDX_ARGUMENT", `The calculated member ${m2.name} has no place in the outline`, at);
    return m2;
  }
  toNumber(v, at, ctx, depth) {
    switch (v.t) {
      case "num":
        return v.v;
      case "bool":
        return v.v ? 1 : 0;
      case "member":
        return this.cellValue(this.override(ctx, [v.m]), depth);
      case "tuple":
        return this.cellValue(this.override(ctx, v.ms), depth);
      case "set":
        if (v.tuples.length === 1) return this.cellValue(this.override(ctx, v.tuples[0]), depth);
        throw new MdxError("MDX_ARGUMENT", "Expected a value, found a set", at);
      default:
        throw new MdxError("MDX_ARGUMENT", `Expected a value, found ${describe(v)}`, at);
    }
  }
  toBool(v, at, ctx, depth) {
    if (v.t === "bool") return v.v;
    const n = this.toNumber(v, at, ctx, depth);
    return !Number.isNaN(n) && n !== 0;
  }
  toInteger(v, at, ctx, depth) {
    const n = this.toNumber(v, at, ctx, depth);
    if (!Number.isFinite(n) || !Number.isInteger(n) || n < 0)
      throw new MdxError("MDX_ARGUMENT", `Expected a whole number, found ${at.text}`, at);
    return n;
  }
  override(ctx, ms) {
    const out = new Map(ctx);
    for (const m2 of ms) out.set(m2.dimension, m2);
    return out;
  }
  /** Checks that every tuple of a set has the same dimensions in the same order. */
  uniform(tuples, at) {
    const first = tuples[0];
    if (!first) return tuples;
    for (const t of tuples) {
      if (t.length !== first.length || t.some((m2, i) => m2.dimension !== first[i]?.dimension)) {
        const dims = (x) => x.map((m2) => m2.dimension.name).join(", ");
        throw new MdxError("MDX_ARGUMENT", `A set mixes tuples of (${dims(first)}) and of (${dims(t)})`, at);
      }
    }
    return tuples;
  }
  // -------------------------------------------------------------------------------------- evaluation
  evaluate(e, ctx, depth = 0) {
    switch (e.kind) {
      case "number":
        return { t: "num", v: e.value };
      case "string":
        return { t: "str", v: e.value };
      case "empty":
        return { t: "empty" };
      case "flag":
        return { t: "flag", name: e.name };
      case "ref":
        return this.resolveRef(e.parts);
      case "set": {
        const tuples = [];
        for (const item of e.items)
          tuples.push(...this.toSet(this.evaluate(item, ctx, depth), startOf(item)));
        return { t: "set", tuples: this.uniform(tuples, e.at) };
      }
      case "tuple": {
        const ms = [];
        for (const item of e.items) {
          const v = this.evaluate(item, ctx, depth);
          const part = v.t === "tuple" ? v.ms : [this.toMember(v, startOf(item))];
          for (const m2 of part) {
            if (ms.some((x) => x.dimension === m2.dimension))
              throw new MdxError(
                "MDX_DUPLICATE_DIMENSION",
                `The tuple has two members of ${m2.dimension.name}`,
                startOf(item),
              );
            ms.push(m2);
          }
        }
        return { t: "tuple", ms };
      }
      case "range":
        return { t: "set", tuples: this.range(e.from, e.to, ctx, depth) };
      case "unary": {
        const v = this.evaluate(e.operand, ctx, depth);
        if (e.op === "NOT") return { t: "bool", v: !this.toBool(v, startOf(e.operand), ctx, depth) };
        const n = this.toNumber(v, startOf(e.operand), ctx, depth);
        return { t: "num", v: e.op === "-" ? -n : n };
      }
      case "binary":
        return this.binary(e, ctx, depth);
      case "method":
        return this.method(e.name, e.target, e.args ?? [], e.args === null, e.at, ctx, depth);
      case "call":
        return this.call(e.name, e.args, e.at, ctx, depth);
    }
  }
  binary(e, ctx, depth) {
    const l = this.evaluate(e.left, ctx, depth);
    if (e.op === "AND" || e.op === "OR" || e.op === "XOR") {
      const a2 = this.toBool(l, startOf(e.left), ctx, depth);
      if (e.op === "AND" && !a2) return { t: "bool", v: false };
      if (e.op === "OR" && a2) return { t: "bool", v: true };
      const b2 = this.toBool(this.evaluate(e.right, ctx, depth), startOf(e.right), ctx, depth);
      return { t: "bool", v: e.op === "XOR" ? a2 !== b2 : b2 };
    }
    const r = this.evaluate(e.right, ctx, depth);
    if ((l.t === "set" || r.t === "set") && (e.op === "+" || e.op === "-" || e.op === "*")) {
      const a2 = this.toSet(l, startOf(e.left));
      const b2 = this.toSet(r, startOf(e.right));
      if (e.op === "+") return { t: "set", tuples: this.uniform(distinct([...a2, ...b2]), e.at) };
      if (e.op === "-") return { t: "set", tuples: except(a2, b2) };
      return { t: "set", tuples: this.crossJoin([a2, b2], e.at) };
    }
    if (l.t === "str" || r.t === "str") {
      if (l.t !== "str" || r.t !== "str")
        throw new MdxError("MDX_ARGUMENT", `${e.op} compares a string with a value`, e.at);
      const c = compareStrings(l.v, r.v);
      switch (e.op) {
        case "=":
          return { t: "bool", v: c === 0 };
        case "<>":
          return { t: "bool", v: c !== 0 };
        case "<":
          return { t: "bool", v: c < 0 };
        case ">":
          return { t: "bool", v: c > 0 };
        case "<=":
          return { t: "bool", v: c <= 0 };
        case ">=":
          return { t: "bool", v: c >= 0 };
        default:
          throw new MdxError("MDX_ARGUMENT", `${e.op} does not apply to strings`, e.at);
      }
    }
    const a = this.toNumber(l, startOf(e.left), ctx, depth);
    const b = this.toNumber(r, startOf(e.right), ctx, depth);
    switch (e.op) {
      case "+":
        return { t: "num", v: combine(a, b, OP_PLUS) };
      case "-":
        return { t: "num", v: combine(a, b, OP_MINUS) };
      case "*":
        return { t: "num", v: combine(a, b, OP_TIMES) };
      case "/":
        return { t: "num", v: combine(a, b, OP_DIVIDE) };
    }
    const x = Number.isNaN(a) ? 0 : a;
    const y = Number.isNaN(b) ? 0 : b;
    switch (e.op) {
      case "=":
        return { t: "bool", v: x === y };
      case "<>":
        return { t: "bool", v: x !== y };
      case "<":
        return { t: "bool", v: x < y };
      case ">":
        return { t: "bool", v: x > y };
      case "<=":
        return { t: "bool", v: x <= y };
      default:
        return { t: "bool", v: x >= y };
    }
  }
  // ---------------------------------------------------------------------------------------- references
  resolveRef(parts) {
    const unknown = (upTo) => {
      const p = parts[upTo];
      const text = refText(parts.slice(0, upTo + 1));
      throw new MdxError("MDX_UNKNOWN_MEMBER", `Unknown member ${text}`, { ...p.at, text });
    };
    const first = parts[0];
    let cur = null;
    if (parts.length === 1) {
      const set = this.namedSets.get(first.name.toLowerCase());
      if (set) {
        if (!set.value) set.value = this.toSet(this.evaluate(set.expr, this.slicerCoords), startOf(set.expr));
        return { t: "set", tuples: set.value };
      }
      const calc = this.calcMembers.find((c) => c.name.toLowerCase() === first.name.toLowerCase());
      if (calc) return { t: "member", m: calc };
    }
    const dim = this.outline.dimension(first.name);
    if (dim) cur = { t: "member", m: dim.root };
    else {
      const m2 = this.outline.resolve(first.name);
      if (m2) cur = { t: "member", m: m2 };
    }
    if (!cur) return unknown(0);
    for (let i = 1; i < parts.length; i++) {
      const name = parts[i].name;
      const lower = name.toLowerCase();
      if (cur.t !== "member" || isCalc(cur.m)) return unknown(i);
      const m2 = cur.m;
      const calc = this.calcMembers.find(
        (c) =>
          c.dimension === m2.dimension &&
          c.name.toLowerCase() === lower &&
          (m2.parent === null || c.parent === m2),
      );
      if (calc) {
        cur = { t: "member", m: calc };
        continue;
      }
      if (i === 1 && m2.parent === null && lower === m2.dimension.name.toLowerCase()) continue;
      const child =
        m2.children.find((c) => c.name.toLowerCase() === lower) ??
        m2.children.find((c) => c.alias("Default")?.toLowerCase() === lower);
      if (child) {
        cur = { t: "member", m: child };
        continue;
      }
      const deeper = this.outline.resolve(name);
      if (deeper && deeper.dimension === m2.dimension && deeper.isDescendantOf(m2)) {
        cur = { t: "member", m: deeper };
        continue;
      }
      if (m2.parent === null && i === parts.length - 1) {
        const layer = layerByName(m2.dimension, name);
        if (layer) return { t: "layer", layer };
      }
      return unknown(i);
    }
    return cur;
  }
  range(fromE, toE, ctx, depth) {
    const a = this.toOutlineMember(this.evaluate(fromE, ctx, depth), startOf(fromE));
    const b = this.toOutlineMember(this.evaluate(toE, ctx, depth), startOf(toE));
    if (a.dimension !== b.dimension)
      throw new MdxError(
        "MDX_ARGUMENT",
        `${a.name} and ${b.name} are not in the same dimension`,
        startOf(toE),
      );
    const peers = a.dimension.members.filter((m2) => m2.generation === a.generation && !m2.isShared);
    const ia = peers.indexOf(a.stored);
    const ib = peers.indexOf(b.stored);
    if (ib < 0)
      throw new MdxError("MDX_ARGUMENT", `${b.name} is not at the generation of ${a.name}`, startOf(toE));
    const slice = ia <= ib ? peers.slice(ia, ib + 1) : peers.slice(ib, ia + 1).reverse();
    return slice.map((m2) => [m2]);
  }
  // ----------------------------------------------------------------------------------------- functions
  method(name, target, args, bare, at, ctx, depth) {
    const tv = this.evaluate(target, ctx, depth);
    const arity = (n) => {
      if (args.length !== n)
        throw new MdxError(
          "MDX_ARGUMENT",
          n === 0 ? `.${name} takes no argument` : `.${name} needs ${n} argument${n > 1 ? "s" : ""}`,
          at,
        );
    };
    const set = (ms) => ({ t: "set", tuples: ms.map((m3) => [m3]) });
    switch (name) {
      case "MEMBERS":
      case "ALLMEMBERS": {
        arity(0);
        const calculated = (d) =>
          name === "ALLMEMBERS" ? this.calcMembers.filter((c) => c.dimension === d).map((c) => [c]) : [];
        if (tv.t === "layer")
          return {
            t: "set",
            tuples: [...layerMembers(tv.layer).map((x) => [x]), ...calculated(tv.layer.dimension)],
          };
        const m3 = this.toMember(tv, startOf(target));
        if (isCalc(m3) || m3.parent !== null)
          throw new MdxError("MDX_ARGUMENT", `.${at.text} needs a dimension or a level`, at);
        return { t: "set", tuples: [...m3.dimension.members.map((x) => [x]), ...calculated(m3.dimension)] };
      }
      case "LEVELS":
      case "GENERATIONS": {
        arity(1);
        const m3 = this.toMember(tv, startOf(target));
        const arg = this.evaluate(args[0], ctx, depth);
        const dimension = m3.dimension;
        let n;
        let by = name === "LEVELS" ? "level" : "generation";
        if (arg.t === "str") {
          n = by === "level" ? dimension.levelByName(arg.v) : dimension.generationByName(arg.v);
          if (n === void 0) {
            const other = by === "level" ? dimension.generationByName(arg.v) : dimension.levelByName(arg.v);
            if (other === void 0)
              throw new MdxError(
                "MDX_UNKNOWN_MEMBER",
                `Unknown level "${arg.v}" in ${dimension.name}`,
                startOf(args[0]),
              );
            n = other;
            by = by === "level" ? "generation" : "level";
          }
        } else n = this.toInteger(arg, startOf(args[0]), ctx, depth);
        if (by === "generation" && n < 1)
          throw new MdxError("MDX_ARGUMENT", "Generations start at 1 (the dimension)", startOf(args[0]));
        return { t: "layer", layer: { by, dimension, n } };
      }
      case "CURRENTMEMBER": {
        arity(0);
        const m3 = this.toMember(tv, startOf(target));
        return { t: "member", m: ctx.get(m3.dimension) ?? m3.dimension.root };
      }
      case "NAME":
        arity(0);
        if (tv.t === "layer") return { t: "str", v: layerName(tv.layer) };
        return { t: "str", v: this.toMember(tv, startOf(target)).name };
      case "LEVEL_NUMBER":
      case "GEN_NUMBER": {
        arity(0);
        const m3 = this.toMember(tv, startOf(target));
        if (isCalc(m3)) return { t: "num", v: name === "GEN_NUMBER" ? 2 : 0 };
        return { t: "num", v: name === "GEN_NUMBER" ? m3.generation : m3.level };
      }
    }
    if (!bare && args.length > 0) arity(0);
    const m2 = this.toMember(tv, startOf(target));
    if (isCalc(m2)) {
      if (name === "PARENT") return m2.parent ? { t: "member", m: m2.parent } : { t: "set", tuples: [] };
      if (name === "SIBLINGS") return { t: "set", tuples: [[m2]] };
      if (["CHILDREN", "FIRSTCHILD", "LASTCHILD"].includes(name)) return { t: "set", tuples: [] };
    } else {
      switch (name) {
        case "CHILDREN":
          return set(m2.children);
        case "PARENT":
          return m2.parent ? { t: "member", m: m2.parent } : { t: "set", tuples: [] };
        case "SIBLINGS":
          return set(m2.parent ? m2.parent.children : [m2]);
        case "FIRSTCHILD":
        case "LASTCHILD": {
          const c = name === "FIRSTCHILD" ? m2.children[0] : m2.children[m2.children.length - 1];
          return c ? { t: "member", m: c } : { t: "set", tuples: [] };
        }
      }
    }
    throw new MdxError("MDX_UNKNOWN_FUNCTION", `Unknown function .${at.text}`, at);
  }
  call(name, args, at, ctx, depth) {
    const argc = (min, max = min) => {
      if (args.length < min || args.length > max) {
        const n =
          min === max ? `${min}` : max === Number.POSITIVE_INFINITY ? `at least ${min}` : `${min} to ${max}`;
        throw new MdxError(
          "MDX_ARGUMENT",
          `${at.text} takes ${n} argument${n === "1" ? "" : "s"}, not ${args.length}`,
          at,
        );
      }
    };
    const arg = (i) => args[i];
    const val = (i, c = ctx) => this.evaluate(arg(i), c, depth);
    const setArg = (i) => this.toSet(val(i), startOf(arg(i)));
    const flagArg = (i, allowed) => {
      if (i >= args.length || arg(i).kind === "empty") return null;
      const v = val(i);
      if (v.t !== "flag" || !allowed.includes(v.name))
        throw new MdxError(
          "MDX_ARGUMENT",
          `Expected ${allowed.join(", ")}, found ${startOf(arg(i)).text}`,
          startOf(arg(i)),
        );
      return v.name;
    };
    const valuesOver = (tuples, i) =>
      tuples.map((t) => {
        const c = this.override(ctx, t);
        if (i >= args.length) return this.cellValue(c, depth);
        const v = this.evaluate(arg(i), c, depth);
        return v.t === "str" ? v.v : this.toNumber(v, startOf(arg(i)), c, depth);
      });
    switch (name) {
      case "CROSSJOIN":
        argc(2, Number.POSITIVE_INFINITY);
        return {
          t: "set",
          tuples: this.crossJoin(
            args.map((_, i) => setArg(i)),
            at,
          ),
        };
      case "UNION": {
        argc(2, Number.POSITIVE_INFINITY);
        const all = args[args.length - 1]?.kind === "flag" && flagArg(args.length - 1, ["ALL"]) === "ALL";
        const sets = (all ? args.slice(0, -1) : args).map((_, i) => setArg(i));
        const tuples = sets.flat();
        return { t: "set", tuples: this.uniform(all ? tuples : distinct(tuples), at) };
      }
      case "EXCEPT":
      case "INTERSECT": {
        argc(2, 3);
        const all = flagArg(2, ["ALL"]) === "ALL";
        const a = setArg(0);
        const b = setArg(1);
        const out = name === "EXCEPT" ? except(a, b) : intersect(a, b);
        return { t: "set", tuples: all ? out : distinct(out) };
      }
      case "FILTER": {
        argc(2);
        const tuples = setArg(0);
        return {
          t: "set",
          tuples: tuples.filter((t) => {
            const c = this.override(ctx, t);
            return this.toBool(this.evaluate(arg(1), c, depth), startOf(arg(1)), c, depth);
          }),
        };
      }
      case "ORDER": {
        argc(2, 3);
        const tuples = setArg(0);
        const dir = flagArg(2, ["ASC", "DESC", "BASC", "BDESC"]) ?? "ASC";
        const keys = valuesOver(tuples, 1);
        const desc = dir === "DESC" || dir === "BDESC";
        const hierarchical = (dir === "ASC" || dir === "DESC") && tuples.every((t) => t.length === 1);
        return {
          t: "set",
          tuples: hierarchical ? hierOrder(tuples, keys, desc) : flatOrder(tuples, keys, desc),
        };
      }
      case "HEAD":
      case "TAIL": {
        argc(1, 2);
        const tuples = setArg(0);
        const n = args.length > 1 ? this.toInteger(val(1), startOf(arg(1)), ctx, depth) : 1;
        return {
          t: "set",
          tuples: name === "HEAD" ? tuples.slice(0, n) : tuples.slice(Math.max(0, tuples.length - n)),
        };
      }
      case "TOPCOUNT":
      case "BOTTOMCOUNT": {
        argc(2, 3);
        const tuples = setArg(0);
        const n = this.toInteger(val(1), startOf(arg(1)), ctx, depth);
        if (args.length < 3) return { t: "set", tuples: tuples.slice(0, n) };
        const keys = valuesOver(tuples, 2);
        return { t: "set", tuples: flatOrder(tuples, keys, name === "TOPCOUNT").slice(0, n) };
      }
      case "DESCENDANTS": {
        argc(1, 3);
        const m2 = this.toOutlineMember(val(0), startOf(arg(0)));
        const layer = args.length > 1 ? this.layerArg(val(1), startOf(arg(1)), m2, ctx, depth) : null;
        const flag =
          flagArg(2, [...Object.keys(DESCENDANT_FLAGS), "LEAVES"]) ?? (layer ? "SELF" : "SELF_BEFORE_AFTER");
        return { t: "set", tuples: descendants2(m2, layer, flag).map((d) => [d]) };
      }
      case "ANCESTOR": {
        argc(2);
        const m2 = this.toOutlineMember(val(0), startOf(arg(0)));
        const layer = this.layerArg(val(1), startOf(arg(1)), m2, ctx, depth);
        const a = ancestor(m2, layer);
        return a ? { t: "member", m: a } : { t: "set", tuples: [] };
      }
      case "UDA": {
        argc(2);
        const m2 = this.toOutlineMember(val(0), startOf(arg(0)));
        const uda = this.stringArg(val(1), startOf(arg(1)));
        const pool =
          m2.parent === null ? m2.dimension.members.filter((x) => !x.isShared) : [m2, ...m2.descendants()];
        return { t: "set", tuples: pool.filter((x) => hasUda(x, uda)).map((x) => [x]) };
      }
      case "ISUDA": {
        argc(2);
        const m2 = this.toMember(val(0), startOf(arg(0)));
        const uda = this.stringArg(val(1), startOf(arg(1)));
        return { t: "bool", v: !isCalc(m2) && hasUda(m2, uda) };
      }
      case "ISLEAF": {
        argc(1);
        const m2 = this.toMember(val(0), startOf(arg(0)));
        return { t: "bool", v: isCalc(m2) || m2.isLeaf };
      }
      case "ISEMPTY": {
        argc(1);
        const v = val(0);
        return { t: "bool", v: v.t !== "str" && Number.isNaN(this.toNumber(v, startOf(arg(0)), ctx, depth)) };
      }
      case "IIF": {
        argc(3);
        return this.toBool(val(0), startOf(arg(0)), ctx, depth) ? val(1) : val(2);
      }
      case "SUM":
      case "AVG":
      case "MIN":
      case "MAX": {
        argc(1, 2);
        const nums = valuesOver(setArg(0), 1).filter((v2) => typeof v2 === "number" && !Number.isNaN(v2));
        if (nums.length === 0) return { t: "num", v: Number.NaN };
        const sum = nums.reduce((a, b) => a + b, 0);
        const v =
          name === "SUM"
            ? sum
            : name === "AVG"
              ? sum / nums.length
              : name === "MIN"
                ? Math.min(...nums)
                : Math.max(...nums);
        return { t: "num", v };
      }
      case "COUNT":
        argc(1);
        return { t: "num", v: setArg(0).length };
      case "DISTINCT":
        argc(1);
        return { t: "set", tuples: distinct(setArg(0)) };
      case "HIERARCHIZE":
        argc(1);
        return { t: "set", tuples: hierarchize(setArg(0)) };
      case "MEMBERS":
      case "CHILDREN":
      case "PARENT":
      case "SIBLINGS":
      case "FIRSTCHILD":
      case "LASTCHILD":
        argc(1);
        return this.method(name, arg(0), [], true, at, ctx, depth);
    }
    throw new MdxError("MDX_UNKNOWN_FUNCTION", `Unknown function ${at.text}`, at);
  }
  stringArg(v, at) {
    if (v.t !== "str") throw new MdxError("MDX_ARGUMENT", `Expected a string, found ${at.text}`, at);
    return v.v;
  }
  /** The layer argument of Descendants and Ancestor: a level, a generation, or a distance. */
  layerArg(v, at, m2, ctx, depth) {
    if (v.t === "empty") return null;
    if (v.t === "layer") {
      if (v.layer.dimension !== m2.dimension)
        throw new MdxError(
          "MDX_ARGUMENT",
          `The level is one of ${v.layer.dimension.name}, not of ${m2.dimension.name}`,
          at,
        );
      return v.layer;
    }
    if (v.t === "num") return { by: "distance", n: this.toInteger(v, at, ctx, depth) };
    throw new MdxError("MDX_ARGUMENT", `Expected a level or a distance, found ${describe(v)}`, at);
  }
  crossJoin(sets, at) {
    let out = [[]];
    for (const s of sets) {
      const next = [];
      for (const a of out)
        for (const b of s) {
          for (const m2 of b)
            if (a.some((x) => x.dimension === m2.dimension))
              throw new MdxError("MDX_DUPLICATE_DIMENSION", `CrossJoin has ${m2.dimension.name} twice`, at);
          next.push([...a, ...b]);
        }
      out = next;
    }
    return out;
  }
};
var key = (t) =>
  t
    .map((m2) =>
      isCalc(m2) ? `calc:${m2.dimension.index}:${m2.name}` : `${m2.dimension.index}:${m2.ordinal}`,
    )
    .join("|");
function distinct(tuples) {
  const seen = /* @__PURE__ */ new Set();
  return tuples.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
function except(a, b) {
  const drop = new Set(b.map(key));
  return a.filter((t) => !drop.has(key(t)));
}
function intersect(a, b) {
  const keep = new Set(b.map(key));
  return a.filter((t) => keep.has(key(t)));
}
function hasUda(m2, uda) {
  const lower = uda.toLowerCase();
  return [...m2.udas, ...m2.stored.udas].some((u) => u.toLowerCase() === lower);
}
function compareStrings(a, b) {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
function compareKeys(a, b) {
  if (typeof a === "string" || typeof b === "string") {
    if (typeof a !== "string") return -1;
    if (typeof b !== "string") return 1;
    return compareStrings(a, b);
  }
  const x = Number.isNaN(a) ? Number.NEGATIVE_INFINITY : a;
  const y = Number.isNaN(b) ? Number.NEGATIVE_INFINITY : b;
  return x === y ? 0 : x < y ? -1 : 1;
}
function flatOrder(tuples, keys, desc) {
  const idx = tuples.map((_, i) => i);
  idx.sort((i, j) => {
    const c = compareKeys(keys[i], keys[j]);
    return desc ? -c : c;
  });
  return idx.map((i) => tuples[i]);
}
function hierOrder(tuples, keys, desc) {
  const members = tuples.map((t) => t[0]);
  const indexOf = /* @__PURE__ */ new Map();
  members.forEach((m2, i) => {
    if (!indexOf.has(m2)) indexOf.set(m2, i);
  });
  const groups = /* @__PURE__ */ new Map();
  members.forEach((m2, i) => {
    let owner = -1;
    for (let p = m2.parent; p; p = p.parent) {
      const j = indexOf.get(p);
      if (j !== void 0 && j !== i) {
        owner = j;
        break;
      }
    }
    const g = groups.get(owner) ?? [];
    g.push(i);
    groups.set(owner, g);
  });
  const out = [];
  const emit = (owner) => {
    const g = groups.get(owner);
    if (!g) return;
    g.sort((i, j) => {
      const c = compareKeys(keys[i], keys[j]);
      return desc ? -c : c;
    });
    for (const i of g) {
      out.push(tuples[i]);
      emit(i);
    }
  };
  emit(-1);
  return out;
}
function hierarchize(tuples) {
  const rank = (m2) => (isCalc(m2) ? Number.MAX_SAFE_INTEGER : m2.ordinal);
  return [...tuples].sort((a, b) => {
    for (let i = 0; i < a.length; i++) {
      const d = rank(a[i]) - rank(b[i]);
      if (d !== 0) return d;
    }
    return 0;
  });
}
function layerMembers(layer) {
  return layer.by === "level" ? layer.dimension.level(layer.n) : layer.dimension.generation(layer.n);
}
function layerName(layer) {
  const names = layer.by === "level" ? layer.dimension.levelNames : layer.dimension.generationNames;
  return names.get(layer.n) ?? `${layer.by === "level" ? "Level" : "Generation"} ${layer.n}`;
}
function side(m2, d, layer) {
  if (!layer) return 0;
  switch (layer.by) {
    case "distance":
      return Math.sign(d.generation - m2.generation - layer.n);
    case "generation":
      return Math.sign(d.generation - layer.n);
    case "level":
      return Math.sign(layer.n - d.level);
  }
}
function descendants2(m2, layer, flag) {
  const all = [m2, ...m2.descendants()];
  if (flag === "LEAVES") return all.filter((d) => d.isLeaf && side(m2, d, layer) <= 0);
  const sides = DESCENDANT_FLAGS[flag];
  return all.filter((d) => sides.includes(side(m2, d, layer)));
}
function ancestor(m2, layer) {
  if (!layer) return m2;
  if (layer.by === "distance") {
    let a = m2;
    for (let i = 0; i < layer.n && a; i++) a = a.parent;
    return a;
  }
  for (let a = m2; a; a = a.parent) {
    if (layer.by === "generation" ? a.generation === layer.n : a.level === layer.n) return a;
  }
  return null;
}

// packages/engine/src/mdx/grid.ts
function* runMdxGridSteps(source, query, options) {
  const q = parseMdx(query);
  for (const axis of q.axes) {
    if (axis.ordinal > 1) {
      throw new MdxError(
        "MDX_ARGUMENT",
        "A grid has two axes, COLUMNS and ROWS: no place for this axis",
        axis.at,
      );
    }
  }
  const result = executeMdx(source, q, options);
  return yield* mdxGridSteps(source, result, options.settings, options.maxCells);
}
function* mdxGridSteps(source, result, settings, maxCells) {
  const outline = source.outline;
  if (result.axes.length > 2) {
    throw new Error("An MDX result with more than two axes has no grid layout");
  }
  const standIns = new StandIns();
  const pov = result.slicer
    .map((m2) => standIns.of(m2))
    .sort((a, b) => a.dimension.index - b.dimension.index);
  const top = axisOf2(result, 0, standIns);
  const left = axisOf2(result, 1, standIns);
  const build = tupleBuilder(outline, pov);
  const values = /* @__PURE__ */ new Map();
  left.tuples.forEach((row, i) => {
    top.tuples.forEach((col, j) => {
      values.set(tupleKey(build(row.members, col.members)), cellAt(result, [j, i]));
    });
  });
  const answer2 = {
    outline,
    read: (tuple) => values.get(tupleKey(tuple)) ?? null,
    writeBlocker: (tuple) =>
      tuple.some((m2) => standIns.isCalculated(m2)) ? "a calculated member" : source.writeBlocker(tuple),
    write: () => {
      throw new Error("An MDX answer is not written through");
    },
    ...(source.canRead
      ? {
          canRead: (tuple) =>
            tuple.some((m2) => standIns.isCalculated(m2)) || (source.canRead?.(tuple) ?? true),
        }
      : {}),
  };
  const model = { outline, pov, left, top, typed: /* @__PURE__ */ new Map(), layout: emptyLayout() };
  const shown = settings.navigateWithoutData ? { ...settings, navigateWithoutData: false } : settings;
  const out = yield* renderGridSteps(answer2, model, shown, maxCells);
  return {
    grid: out.grid,
    kinds: out.kinds,
    writable: out.writable,
    rangesToDelete: [],
    headerRows: out.headerRows,
    leftColumns: out.leftColumns,
    placements: out.placements,
    changed: true,
  };
}
function axisOf2(result, ordinal, standIns) {
  const axis = result.axes[ordinal];
  if (!axis) return { dims: [], tuples: [{ members: [], origin: 0 }], blanks: [] };
  const tuples = axis.tuples.map((t, origin) => ({
    members: t.map((m2) => standIns.of(m2)),
    origin,
  }));
  return { dims: [...axis.dimensions], tuples, blanks: [] };
}
var StandIns = class {
  made = /* @__PURE__ */ new Map();
  calculated = /* @__PURE__ */ new Set();
  of(m2) {
    if (!(m2 instanceof CalculatedMember)) return m2;
    let stand = this.made.get(m2);
    if (!stand) {
      stand = new Member(
        -1 - this.made.size,
        { name: m2.name, storage: "dynamic-calc" },
        m2.dimension,
        m2.parent ?? m2.dimension.root,
        "dynamic-calc",
      );
      this.made.set(m2, stand);
      this.calculated.add(stand);
    }
    return stand;
  }
  isCalculated(m2) {
    return this.calculated.has(m2);
  }
};
function emptyLayout() {
  return {
    rows: 0,
    columns: 0,
    headerRows: 0,
    leftColumns: 0,
    rowTuple: [],
    colTuple: [],
    povCells: /* @__PURE__ */ new Map(),
    topRows: /* @__PURE__ */ new Map(),
  };
}

// packages/connectors/src/errors.ts
var ProviderError = class extends Error {
  /**
   * @param params the parameters of the registry's message template for this code; `null` when only the
   *   (English) `message` says what went wrong.
   * @param field the input at fault (`grid[3][1]`, `action.script`, `prompts[0]`), or `null`.
   */
  constructor(code, message, params = null, field = null, conflicts = null) {
    super(message);
    this.code = code;
    this.params = params;
    this.field = field;
    this.conflicts = conflicts;
  }
  code;
  params;
  field;
  conflicts;
  name = "ProviderError";
};

// packages/engine/src/planning/errors.ts
var PlanningError = class extends EngineError {
  constructor(code, message, field = null, details = {}) {
    super(code, message, field);
    this.details = details;
  }
  details;
  name = "PlanningError";
};

// packages/connectors/src/embedded/engine-errors.ts
var PLANNING = {
  PLANNING_REQUEST_INVALID: "INVALID_INPUT",
  PLANNING_FOLDER_UNKNOWN: "FOLDER_UNKNOWN",
  PLANNING_FORM_UNKNOWN: "FORM_UNKNOWN",
  PLANNING_FORM_TYPE_MISMATCH: "FORM_TYPE_MISMATCH",
  PLANNING_CUBE_UNKNOWN: "CUBE_UNKNOWN",
  PLANNING_DIMENSION_UNKNOWN: "DIMENSION_UNKNOWN",
  PLANNING_MEMBER_UNKNOWN: "MEMBER_UNKNOWN",
  PLANNING_POV_INVALID: "MEMBER_UNKNOWN",
  PLANNING_ALIAS_TABLE_UNKNOWN: "ALIAS_TABLE_UNKNOWN",
  PLANNING_FILTER_UNKNOWN: "INVALID_INPUT",
  PLANNING_GRID_INVALID: "GRID_INVALID",
  PLANNING_CELL_TOO_LONG: "CELL_TOO_LONG",
  PLANNING_CELL_NOT_WRITABLE: "GRID_INVALID",
  PLANNING_RULE_UNKNOWN: "RULE_UNKNOWN",
  PLANNING_PROMPT_UNKNOWN: "PROMPT_UNKNOWN",
  PLANNING_PROMPT_MISSING: "PROMPT_MISSING",
  PLANNING_PROMPT_INVALID: "PROMPT_INVALID",
  PLANNING_RULE_FAILED: "RULE_FAILED",
  PLANNING_TASKLIST_UNKNOWN: "TASKLIST_UNKNOWN",
  PLANNING_TASK_UNKNOWN: "TASK_UNKNOWN",
};
function engineError(e, context = {}) {
  if (e instanceof ProviderError) throw e;
  if (e instanceof GridError) {
    switch (e.code) {
      case "GRID_UNKNOWN_MEMBER": {
        const first = e.unknownMembers?.[0];
        throw new ProviderError(
          "MEMBER_UNKNOWN",
          e.message,
          { member: first?.text ?? "" },
          first ? `grid[${first.row}][${first.column}]` : "grid",
        );
      }
      case "GRID_PIVOT_LAST_ROW":
        throw new ProviderError("PIVOT_LAST_DIMENSION", e.message, null, "row");
      case "GRID_PIVOT_NO_START":
      case "GRID_PIVOT_NO_DESTINATION":
        throw new ProviderError("SELECTION_INVALID", e.message, { reason: e.message }, "row");
      case "GRID_REMOVE_EMPTIES_AXIS":
        throw new ProviderError("SELECTION_INVALID", e.message, { reason: e.message }, "cells");
      case "GRID_TOO_LARGE":
        throw new ProviderError(
          "GRID_TOO_LARGE",
          e.message,
          { cells: e.size?.cells ?? 0, max: e.size?.max ?? 0 },
          "grid",
        );
      default:
        throw new ProviderError("GRID_INVALID", e.message, { reason: e.message }, "grid");
    }
  }
  if (e instanceof MdxError) mdxError(e);
  if (e instanceof PlanningError) throw new ProviderError(PLANNING[e.code], e.message, null, e.field);
  if (e instanceof CalcSyntaxError || e instanceof CalcError) {
    const script = context.script ?? "";
    throw new ProviderError("CALC_FAILED", e.message, { script, reason: e.message }, "action.script");
  }
  if (e instanceof QueryError) {
    throw new ProviderError(
      "INVALID_INPUT",
      e.message,
      { field: "action.arg1", reason: e.message },
      "action.arg1",
    );
  }
  if (e instanceof EngineError) throw new ProviderError("PROVIDER_FAILED", e.message, { reason: e.message });
  throw e;
}
function mdxError(e) {
  const at = { token: e.token, line: e.line, column: e.column };
  switch (e.code) {
    case "MDX_SYNTAX":
      throw new ProviderError("MDX_SYNTAX", e.message, { ...at, reason: e.detail }, "query");
    case "MDX_UNKNOWN_MEMBER":
      throw new ProviderError("MEMBER_UNKNOWN", e.message, { member: e.token }, "query");
    case "MDX_TOO_LARGE":
      throw new ProviderError(
        "GRID_TOO_LARGE",
        e.message,
        { cells: e.size?.cells ?? 0, max: e.size?.max ?? 0 },
        "query",
      );
    default:
      throw new ProviderError("MDX_INVALID", e.message, { ...at, reason: e.detail }, "query");
  }
}

// packages/connectors/src/embedded/grid-answer.ts
var KIND = {
  corner: "corner",
  blank: "blank",
  pov: "pov",
  "column-header": "column-header",
  "row-header": "row-header",
  data: "data",
  missing: "missing",
  noaccess: "no-access",
  "no-access": "no-access",
  "read-only": "read-only",
};
function contractKind(kind, writable) {
  if (kind === "data" && writable === false) return "read-only";
  return KIND[kind] ?? "blank";
}
function* cellKindsSteps(r) {
  const out = [];
  let work = 0;
  for (let row = 0; row < r.kinds.length; row++) {
    const line = r.kinds[row];
    const writable = r.writable[row];
    out.push(line.map((kind, column) => contractKind(kind, writable?.[column])));
    work += line.length + 1;
    if (work >= STEP_CELLS) {
      work = 0;
      yield;
    }
  }
  return out;
}
function gridAnswer(r, kinds = finish(cellKindsSteps(r))) {
  const placements = r.placements;
  const pov = {};
  for (const p of placements) if (p.region === "POV" && p.member !== void 0) pov[p.name] = p.member;
  const byIndex = (region) =>
    placements
      .filter((p) => p.region === region)
      .sort((a, b) => a.index - b.index)
      .map((p) => p.name);
  return {
    grid: r.grid,
    cellKinds: kinds,
    layout: {
      pov,
      rowDimensions: byIndex("LEFT"),
      columnDimensions: byIndex("TOP"),
      headerRows: r.headerRows,
      leftColumns: r.leftColumns,
    },
    rangesToDelete: r.rangesToDelete,
    rangeToDelete: r.rangesToDelete[0] ?? null,
  };
}
function savedAnswer(r, sent, missingLabel) {
  const cells = (r.cellStatus ?? []).map((c) => {
    const received = sent[c.row]?.[c.column];
    const status = c.status === "written" ? "written" : c.status === "read-only" ? "read-only" : "invalid";
    const value =
      status === "written"
        ? c.value === null || c.value === void 0
          ? missingLabel
          : String(c.value)
        : received === null || received === void 0
          ? ""
          : String(received);
    return { row: c.row, column: c.column, status, value };
  });
  return {
    submitted: cells.filter((c) => c.status === "written" || c.status === "truncated").length,
    cells,
    ...gridAnswer(r),
  };
}
function writtenCells(r) {
  return (r.cellStatus ?? [])
    .filter((c) => c.status === "written")
    .map(({ row, column }) => ({ row, column }));
}

// packages/connectors/src/embedded/snapshot.ts
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzipSync, gzip } from "node:zlib";

var gzipAsync = promisify(gzip);

// packages/connectors/src/embedded/journal.ts
var DEFAULT_JOURNAL_OPTIONS = {
  snapshotEntries: 1e3,
  snapshotBytes: 64 * 1024 * 1024,
};
function recordingSource(cube, dry = false) {
  const writes = [];
  const source = {
    outline: cube.outline,
    read: (tuple) => cube.read(tuple),
    writeBlocker: (tuple) => cube.writeBlocker(tuple),
    write: (tuple, value) => {
      if (!dry) cube.write(tuple, value);
      writes.push({ members: tuple.map((m2) => m2.name), value });
    },
  };
  return { source, writes };
}

// packages/engine/demo/sample-basic.ts
var m = (name, extra = {}) => ({ name, ...extra });
var sku = (name, alias, [caf, oz, pkg, intro], long) =>
  m(name, {
    aliases: long ? { Default: alias, "Long Names": long } : { Default: alias },
    attributes: { Caffeinated: caf, Ounces: oz, "Pkg Type": pkg, "Intro Date": intro },
  });
var state = (name, population, udas = []) =>
  m(name, { attributes: { Population: population }, ...(udas.length ? { udas } : {}) });
var MAJOR = "Major Market";
var sampleBasicOutline = {
  name: "Basic",
  aliasTables: ["Default", "Long Names"],
  substitutionVariables: { CurrMonth: "Jul", CurrQtr: "Qtr3", PriorMonth: "Jun" },
  dimensions: [
    {
      name: "Year",
      type: "time",
      density: "dense",
      storage: "dynamic-calc",
      generationNames: { 1: "History", 2: "Quarter", 3: "Months" },
      dynamicTimeSeries: { "H-T-D": 1, "Q-T-D": 2 },
      members: [
        m("Qtr1", { children: [m("Jan"), m("Feb"), m("Mar")] }),
        m("Qtr2", { children: [m("Apr"), m("May"), m("Jun")] }),
        m("Qtr3", { children: [m("Jul"), m("Aug"), m("Sep")] }),
        m("Qtr4", { children: [m("Oct"), m("Nov"), m("Dec")] }),
      ],
    },
    {
      name: "Measures",
      type: "accounts",
      density: "dense",
      storage: "label-only",
      members: [
        m("Profit", {
          storage: "dynamic-calc",
          children: [
            m("Margin", {
              storage: "dynamic-calc",
              aliases: { "Long Names": "Gross Margin" },
              children: [
                m("Sales"),
                m("COGS", { consolidation: "-", expense: true, aliases: { Default: "Cost of Goods Sold" } }),
              ],
            }),
            m("Total Expenses", {
              storage: "dynamic-calc",
              consolidation: "-",
              children: [
                m("Marketing", { expense: true }),
                m("Payroll", { expense: true }),
                m("Misc", { expense: true }),
              ],
            }),
          ],
        }),
        m("Inventory", {
          storage: "label-only",
          consolidation: "~",
          children: [
            m("Opening Inventory", { consolidation: "~", timeBalance: "first" }),
            m("Additions", { consolidation: "~" }),
            m("Ending Inventory", { consolidation: "~", timeBalance: "last" }),
          ],
        }),
        m("Ratios", {
          storage: "label-only",
          consolidation: "~",
          children: [
            m("Margin %", {
              consolidation: "~",
              storage: "dynamic-calc",
              twoPass: true,
              formula: "Margin % Sales;",
            }),
            m("Profit %", {
              consolidation: "~",
              storage: "dynamic-calc",
              twoPass: true,
              formula: "Profit % Sales;",
            }),
            m("Profit per Ounce", {
              consolidation: "~",
              storage: "dynamic-calc",
              formula: "Profit/@ATTRIBUTEVAL(@NAME(Ounces));",
            }),
          ],
        }),
      ],
    },
    {
      name: "Product",
      density: "sparse",
      generationNames: { 2: "Category", 3: "Product SKU" },
      levelNames: { 0: "SKU", 1: "Family" },
      members: [
        m("100", {
          aliases: { Default: "Colas" },
          children: [
            sku("100-10", "Cola", ["True", "12", "Can", "03-25-1996"], "The Best Cola"),
            sku("100-20", "Diet Cola", ["True", "12", "Can", "04-01-1996"], "Diet Cola with Honey"),
            sku(
              "100-30",
              "Caffeine Free Cola",
              ["False", "16", "Bottle", "04-01-1996"],
              "All the Cola, none of the Caffeine",
            ),
          ],
        }),
        m("200", {
          aliases: { Default: "Root Beer" },
          children: [
            sku("200-10", "Old Fashioned", ["True", "12", "Bottle", "09-27-1995"]),
            sku("200-20", "Diet Root Beer", ["True", "16", "Bottle", "07-26-1996"]),
            sku("200-30", "Sarsaparilla", ["False", "12", "Bottle", "07-26-1996"]),
            sku("200-40", "Birch Beer", ["False", "16", "Bottle", "09-27-1995"]),
          ],
        }),
        m("300", {
          aliases: { Default: "Cream Soda" },
          children: [
            sku("300-10", "Dark Cream", ["True", "20", "Bottle", "06-26-1996"]),
            sku("300-20", "Vanilla Cream", ["True", "20", "Bottle", "06-26-1996"]),
            sku("300-30", "Diet Cream", ["True", "12", "Can", "06-26-1996"]),
          ],
        }),
        m("400", {
          aliases: { Default: "Fruit Soda" },
          children: [
            sku("400-10", "Grape", ["False", "32", "Can", "10-01-1996"]),
            sku("400-20", "Orange", ["False", "32", "Can", "10-01-1996"]),
            sku("400-30", "Strawberry", ["False", "32", "Can", "12-10-1996"]),
          ],
        }),
        m("Diet", {
          consolidation: "~",
          aliases: { Default: "Diet Drinks" },
          children: [m("100-20"), m("200-20"), m("300-30")],
        }),
      ],
    },
    {
      name: "Market",
      density: "sparse",
      generationNames: { 2: "Region", 3: "State" },
      members: [
        m("East", {
          udas: [MAJOR],
          children: [
            state("New York", "21000000", [MAJOR]),
            state("Massachusetts", "6000000", [MAJOR]),
            state("Florida", "15000000", [MAJOR]),
            state("Connecticut", "3000000"),
            state("New Hampshire", "3000000", ["Small Market"]),
          ],
        }),
        m("West", {
          children: [
            state("California", "33000000", [MAJOR]),
            state("Oregon", "3000000", ["Small Market"]),
            state("Washington", "6000000"),
            state("Utah", "3000000", ["Small Market"]),
            state("Nevada", "3000000", ["Small Market", "New Mkt"]),
          ],
        }),
        m("South", {
          children: [
            state("Texas", "21000000", [MAJOR]),
            state("Oklahoma", "3000000", ["Small Market"]),
            state("Louisiana", "6000000"),
            state("New Mexico", "3000000", ["Small Market", "New Mkt"]),
          ],
        }),
        m("Central", {
          udas: [MAJOR],
          children: [
            state("Illinois", "12000000", [MAJOR]),
            state("Ohio", "12000000", [MAJOR]),
            state("Wisconsin", "6000000"),
            state("Missouri", "6000000"),
            state("Iowa", "3000000", ["Small Market"]),
            state("Colorado", "6000000", [MAJOR]),
          ],
        }),
      ],
    },
    {
      name: "Scenario",
      density: "dense",
      storage: "label-only",
      members: [
        m("Actual"),
        m("Budget", { consolidation: "~" }),
        m("Variance", { consolidation: "~", storage: "dynamic-calc", formula: "@VAR(Actual, Budget);" }),
        m("Variance %", {
          consolidation: "~",
          storage: "dynamic-calc",
          twoPass: true,
          formula: "@VARPER(Actual, Budget);",
        }),
      ],
    },
    {
      name: "Caffeinated",
      type: "attribute",
      attributeKind: "boolean",
      baseDimension: "Product",
      members: [m("True"), m("False")],
    },
    {
      name: "Ounces",
      type: "attribute",
      attributeKind: "numeric",
      baseDimension: "Product",
      members: [m("32"), m("20"), m("16"), m("12")],
    },
    {
      name: "Pkg Type",
      type: "attribute",
      attributeKind: "text",
      baseDimension: "Product",
      members: [m("Bottle"), m("Can")],
    },
    {
      name: "Population",
      type: "attribute",
      attributeKind: "numeric",
      baseDimension: "Market",
      members: [
        m("Small", { children: [m("3000000"), m("6000000")] }),
        m("Medium", { children: [m("9000000"), m("12000000"), m("15000000"), m("18000000")] }),
        m("Large", { children: [m("21000000"), m("24000000"), m("27000000"), m("30000000"), m("33000000")] }),
      ],
    },
    {
      name: "Intro Date",
      type: "attribute",
      attributeKind: "date",
      baseDimension: "Product",
      members: [
        m("03-25-1996"),
        m("04-01-1996"),
        m("09-27-1995"),
        m("07-26-1996"),
        m("12-10-1996"),
        m("06-26-1996"),
        m("10-01-1996"),
      ],
    },
    {
      name: "Attribute Calculations",
      type: "attribute",
      members: [m("Sum"), m("Count"), m("Min"), m("Max"), m("Avg")],
    },
  ],
};
var sampleBasicScripts = [
  {
    name: "CalcAll",
    description: "Default calculation of the whole cube",
    text: "/* Default calculation */\nSET UPDATECALC OFF;\nCALC ALL;\n",
  },
  {
    name: "BudSeed",
    description: "Seeds Budget from Actual: copy, grow Sales 5% and COGS 3%, then roll up Budget",
    text: [
      "/* Seed the Budget scenario from Actual */",
      "SET UPDATECALC OFF;",
      "SET AGGMISSG ON;",
      "FIX (@LEVMBRS(Market, 0), @LEVMBRS(Product, 0))",
      "  DATACOPY Actual TO Budget;",
      "  FIX (Budget, @LEVMBRS(Year, 0))",
      "    Sales = Sales->Actual * 1.05;",
      "    COGS = COGS->Actual * 1.03;",
      "  ENDFIX",
      "ENDFIX",
      "FIX (Budget)",
      "  CALC DIM (Year, Product, Market);",
      "ENDFIX",
      "",
    ].join("\n"),
  },
  {
    name: "MktCut",
    description: "Cuts Actual Marketing by 10% in the Major Market states, then re-aggregates",
    text: [
      "/* Marketing savings in major markets */",
      'FIX (Actual, @UDA(Market, "Major Market"), @LEVMBRS(Product, 0), @LEVMBRS(Year, 0))',
      "  Marketing = Marketing * 0.9;",
      "ENDFIX",
      "CALC DIM (Year);",
      "AGG (Product, Market);",
      "",
    ].join("\n"),
  },
  {
    name: "ClearBud",
    description: "Clears the Budget scenario",
    text: "FIX (Budget)\n  CLEARDATA Budget;\nENDFIX\n",
  },
];

// packages/engine/demo/sample-basic-data.ts
var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
var SKUS = [
  "100-10",
  "100-20",
  "100-30",
  "200-10",
  "200-20",
  "200-30",
  "200-40",
  "300-10",
  "300-20",
  "300-30",
  "400-10",
  "400-20",
  "400-30",
];
var STATES = [
  "New York",
  "Massachusetts",
  "Florida",
  "Connecticut",
  "New Hampshire",
  "California",
  "Oregon",
  "Washington",
  "Utah",
  "Nevada",
  "Texas",
  "Oklahoma",
  "Louisiana",
  "New Mexico",
  "Illinois",
  "Ohio",
  "Wisconsin",
  "Missouri",
  "Iowa",
  "Colorado",
];
var WEST = STATES.slice(5, 10);
var SOUTH = STATES.slice(10, 14);
var MEASURES = [
  "Sales",
  "COGS",
  "Marketing",
  "Payroll",
  "Misc",
  "Opening Inventory",
  "Additions",
  "Ending Inventory",
];
var SCENARIOS = ["Actual", "Budget"];
var S = (name) => STATES.indexOf(name);
var P = (name) => SKUS.indexOf(name);
var SALES = 0;
var COGS = 1;
var MKT = 2;
var PAY = 3;
var MISC = 4;
var OPEN = 5;
var ADD = 6;
var END = 7;
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 1831565813) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
var SampleBasicData = class {
  values = new Float64Array(SKUS.length * STATES.length * 12 * MEASURES.length * 2).fill(Number.NaN);
  pinned = new Uint8Array(this.values.length);
  at(p, s, mo, me, sc) {
    return (((p * STATES.length + s) * 12 + mo) * MEASURES.length + me) * 2 + sc;
  }
  get(p, s, mo, me, sc = 0) {
    return this.values[this.at(p, s, mo, me, sc)];
  }
  set(p, s, mo, me, sc, v, pin = false) {
    const i = this.at(p, s, mo, me, sc);
    this.values[i] = v;
    if (pin) this.pinned[i] = 1;
  }
  isPinned(i) {
    return this.pinned[i] === 1;
  }
  pin(i) {
    this.pinned[i] = 1;
  }
};
function sold(p, s) {
  const south = SOUTH.includes(STATES[s]);
  const sku2 = SKUS[p];
  return !(south && (sku2.startsWith("400") || sku2 === "100-30"));
}
function scaleTo(d, cells, target) {
  const v = d.values;
  let sum = 0;
  for (const i of cells) sum += v[i];
  if (cells.length === 0) {
    if (target !== 0) throw new Error(`No free cells to reach ${target}`);
    return;
  }
  const f = sum === 0 ? 0 : target / sum;
  let total = 0;
  let big = cells[0];
  for (const i of cells) {
    const x = Math.max(0, Math.round(v[i] * f));
    v[i] = x;
    total += x;
    if (x > v[big]) big = i;
  }
  v[big] = v[big] + (target - total);
  if (v[big] < 0) throw new Error("Scaling produced a negative value");
}
function splitExpenses(d, p, s, mo, sales, profit) {
  const e = sales - profit;
  const cogs = Math.round(e * 0.6);
  const mkt = Math.round(e * 0.2);
  const pay = Math.round(e * 0.15);
  d.set(p, s, mo, SALES, 0, sales, true);
  d.set(p, s, mo, COGS, 0, cogs, true);
  d.set(p, s, mo, MKT, 0, mkt, true);
  d.set(p, s, mo, PAY, 0, pay, true);
  d.set(p, s, mo, MISC, 0, e - cogs - mkt - pay, true);
}
function generateSampleBasicData(seed = 1994) {
  const r = rng(seed);
  const d = new SampleBasicData();
  const skuWeight = [0.55, 0.35, 0.25, 1.1, 0.8, 0.9, 0.7, 1, 0.9, 0.8, 1.2, 1, 0.9];
  const stateWeight = STATES.map((_, _s) => 0.6 + r() * 0.9);
  const season = [0.85, 0.82, 0.92, 0.95, 1, 1.08, 1.15, 1.12, 1, 0.95, 0.9, 1];
  const cola = P("100-10");
  for (let p = 0; p < SKUS.length; p++) {
    for (let s = 0; s < STATES.length; s++) {
      if (!sold(p, s)) continue;
      const westBoost = p === cola && WEST.includes(STATES[s]) ? 4 : 1;
      for (let mo = 0; mo < 12; mo++) {
        const sales = 150 * skuWeight[p] * stateWeight[s] * season[mo] * westBoost * (0.85 + r() * 0.3);
        d.set(p, s, mo, SALES, 0, sales);
        d.set(p, s, mo, COGS, 0, sales * (0.4 + r() * 0.1));
        d.set(p, s, mo, MKT, 0, sales * (0.12 + r() * 0.05));
        d.set(p, s, mo, PAY, 0, sales * (0.1 + r() * 0.04));
        d.set(p, s, mo, MISC, 0, sales * (0.01 + r() * 0.02));
        const growth = 0.88 + r() * 0.14;
        d.set(p, s, mo, SALES, 1, sales * growth);
        d.set(p, s, mo, COGS, 1, sales * growth * 0.43);
        d.set(p, s, mo, MKT, 1, Math.round(sales * 0.14));
        d.set(p, s, mo, PAY, 1, Math.round(sales * 0.12));
        d.set(p, s, mo, MISC, 1, Math.round(sales * 0.02));
      }
    }
  }
  const q1 = {
    "New York": [36, 32, 39],
    Massachusetts: [24, 9, 14],
    Florida: [37, 29, 37],
    Connecticut: [0, 5, 11],
    "New Hampshire": [12, 10, 11],
  };
  for (const [st, vals] of Object.entries(q1))
    vals.forEach((v, mo) => {
      d.set(cola, S(st), mo, SALES, 0, v, true);
    });
  const jul = [
    ["New York", 912, 370],
    ["Massachusetts", 665, 564],
    ["Florida", 286, 104],
    ["Connecticut", 205, 70],
    ["New Hampshire", 180, 48],
    ["California", 912, 370],
    ["Texas", 567, 206],
    ["Illinois", 567, 208],
    ["Ohio", 85, 18],
    ["Wisconsin", 221, 30],
    ["Missouri", 190, 25],
    ["Iowa", 130, 18],
    ["Colorado", 199, 70],
  ];
  for (const [st, sales, profit] of jul) splitExpenses(d, cola, S(st), 6, sales, profit);
  const quarterTotals = [7048, 7872, 8511, 7037];
  const westCola = [2200, 2400, 1200, 2688];
  for (let q = 0; q < 4; q++) {
    const westCells = [];
    const otherCells = [];
    let pinnedSum = 0;
    for (let p = 0; p < 3; p++) {
      for (let s = 0; s < STATES.length; s++) {
        if (!sold(p, s)) continue;
        for (let mo = q * 3; mo < q * 3 + 3; mo++) {
          const i = d.at(p, s, mo, SALES, 0);
          if (d.isPinned(i)) pinnedSum += d.values[i];
          else if (p === cola && WEST.includes(STATES[s])) westCells.push(i);
          else otherCells.push(i);
        }
      }
    }
    scaleTo(d, westCells, westCola[q]);
    scaleTo(d, otherCells, quarterTotals[q] - pinnedSum - westCola[q]);
  }
  const rest = [];
  for (let p = 3; p < SKUS.length; p++)
    for (let s = 0; s < STATES.length; s++)
      if (sold(p, s)) for (let mo = 0; mo < 12; mo++) rest.push(d.at(p, s, mo, SALES, 0));
  scaleTo(d, rest, 400855 - 30468);
  const westExp = [];
  for (const st of WEST) {
    for (let mo = 0; mo < 12; mo++) {
      for (const me of [COGS, MKT, PAY, MISC]) {
        const i = d.at(cola, S(st), mo, me, 0);
        if (!d.isPinned(i)) westExp.push(i);
      }
    }
  }
  for (let mo = 0; mo < 12; mo++) {
    for (const st of WEST) {
      const sales = d.get(cola, S(st), mo, SALES);
      if (!d.isPinned(d.at(cola, S(st), mo, SALES, 0))) {
        d.set(cola, S(st), mo, COGS, 0, sales * 0.3);
        d.set(cola, S(st), mo, MKT, 0, sales * 0.1);
        d.set(cola, S(st), mo, PAY, 0, sales * 0.08);
        d.set(cola, S(st), mo, MISC, 0, sales * 0.02);
      }
    }
  }
  scaleTo(d, westExp, 9400 - 4593 - 542);
  for (const i of westExp) d.pin(i);
  const freeCogs = [];
  let pinnedCogs = 0;
  for (let p = 0; p < SKUS.length; p++) {
    for (let s = 0; s < STATES.length; s++) {
      if (!sold(p, s)) continue;
      for (let mo = 0; mo < 12; mo++) {
        for (const me of [MKT, PAY, MISC]) {
          const i2 = d.at(p, s, mo, me, 0);
          if (!d.isPinned(i2)) d.values[i2] = Math.round(d.values[i2]);
        }
        const i = d.at(p, s, mo, COGS, 0);
        if (d.isPinned(i)) pinnedCogs += d.values[i];
        else freeCogs.push(i);
      }
    }
  }
  scaleTo(d, freeCogs, 179336 - pinnedCogs);
  const budSales = [];
  const budCogs = [];
  for (let p = 0; p < SKUS.length; p++)
    for (let s = 0; s < STATES.length; s++)
      if (sold(p, s))
        for (let mo = 0; mo < 12; mo++) {
          budSales.push(d.at(p, s, mo, SALES, 1));
          budCogs.push(d.at(p, s, mo, COGS, 1));
        }
  scaleTo(d, budSales, 373080);
  scaleTo(d, budCogs, 158940);
  for (let p = 0; p < SKUS.length; p++) {
    for (let s = 0; s < STATES.length; s++) {
      if (!sold(p, s)) continue;
      let open = Math.round(d.get(p, s, 0, SALES) * (2 + r()));
      for (let mo = 0; mo < 12; mo++) {
        const sales = d.get(p, s, mo, SALES);
        let add = Math.round(sales * (0.9 + r() * 0.25));
        if (open + add - sales < 0) add = sales - open;
        const end = open + add - sales;
        d.set(p, s, mo, OPEN, 0, open);
        d.set(p, s, mo, ADD, 0, add);
        d.set(p, s, mo, END, 0, end);
        open = end;
      }
    }
  }
  return d;
}
function loadSampleBasicData(cube, data = generateSampleBasicData()) {
  const o = cube.outline;
  const dimIdx = (name) => cube.dims.findIndex((x) => x.name === name);
  const iy = dimIdx("Year");
  const im = dimIdx("Measures");
  const ip = dimIdx("Product");
  const ik = dimIdx("Market");
  const is = dimIdx("Scenario");
  const ord = (name) => {
    const m2 = o.member(name);
    if (!m2) throw new Error(`Sample.Basic has no member ${name}`);
    return m2.ordinal;
  };
  const skuOrd = SKUS.map(ord);
  const stateOrd = STATES.map(ord);
  const monthOrd = MONTHS.map(ord);
  const measOrd = MEASURES.map(ord);
  const scenOrd = SCENARIOS.map(ord);
  const coords = cube.dims.map(() => 0);
  for (let p = 0; p < SKUS.length; p++) {
    for (let s = 0; s < STATES.length; s++) {
      for (let mo = 0; mo < 12; mo++) {
        for (let me = 0; me < MEASURES.length; me++) {
          for (let sc = 0; sc < 2; sc++) {
            const v = data.get(p, s, mo, me, sc);
            if (Number.isNaN(v)) continue;
            coords[ip] = skuOrd[p];
            coords[ik] = stateOrd[s];
            coords[iy] = monthOrd[mo];
            coords[im] = measOrd[me];
            coords[is] = scenOrd[sc];
            cube.loadCell(coords, v);
          }
        }
      }
    }
  }
  cube.calcAll();
}
function createSampleBasicCube() {
  const cube = new Cube(new Outline(sampleBasicOutline), { expectedBlocks: 512 });
  loadSampleBasicData(cube);
  return cube;
}

// packages/connectors/src/embedded/replica-bases.ts
var SAMPLE_BASIC = "Sample.Basic";
var BASES = { [SAMPLE_BASIC]: createSampleBasicCube };
function replicaBase(name) {
  const create = BASES[name];
  if (!create) throw new Error(`grid worker: no demo cube ${name}`);
  return create;
}

// packages/connectors/src/embedded/grid-worker.ts
var REPLICAS = 16;
var replicas = /* @__PURE__ */ new Map();
var bases = /* @__PURE__ */ new Map();
function replicaOf(call) {
  const known = replicas.get(call.key);
  if (call.state) {
    let base = bases.get(call.base);
    if (!base) {
      base = replicaBase(call.base)();
      bases.set(call.base, base);
    }
    const cube = known?.cube ?? new Cube(base.outline, { aggMissing: base.aggMissing });
    cube.restore(call.state);
    replicas.delete(call.key);
    replicas.set(call.key, { cube, stamp: call.stamp });
    while (replicas.size > REPLICAS) replicas.delete(replicas.keys().next().value);
    return cube;
  }
  if (!known || known.stamp !== call.stamp) {
    throw new Error(`grid worker: replica of ${call.key} is not at ${call.stamp}`);
  }
  replicas.delete(call.key);
  replicas.set(call.key, known);
  return known.cube;
}
function gridRequest(request, gridJson) {
  if (gridJson === void 0) return request;
  return { ...request, grid: JSON.parse(gridJson).grid };
}
function answer(call) {
  try {
    const cube = replicaOf(call);
    let result;
    let rows;
    let columns;
    let saved;
    let calculated;
    const work = call.work;
    try {
      if (work.kind === "calc") {
        runCalcScript(cube, work.text);
        calculated = cube.snapshot();
        result = {};
        rows = 0;
        columns = 0;
      } else if (work.kind === "save") {
        const request = gridRequest(work.request, work.gridJson);
        const { source, writes } = recordingSource(cube);
        const r = runGridOperation(source, request);
        saved = { writes, written: writtenCells(r) };
        result = savedAnswer(r, request.grid, work.missingLabel);
        rows = r.grid.length;
        columns = r.grid[0]?.length ?? 0;
      } else {
        const r =
          work.kind === "grid"
            ? finish(gridOperationSteps(cube, gridRequest(work.request, work.gridJson)))
            : finish(runMdxGridSteps(cube, work.query, work.options));
        result = { ...gridAnswer(r, finish(cellKindsSteps(r))), dataVersion: call.dataVersion };
        rows = r.grid.length;
        columns = r.grid[0]?.length ?? 0;
      }
    } catch (e) {
      engineError(e, work.kind === "calc" ? { script: work.script } : {});
    }
    const json = new TextEncoder().encode(JSON.stringify(result));
    return {
      id: call.id,
      ok: true,
      json,
      rows,
      columns,
      keys: Object.keys(result),
      ...(saved ? { saved } : {}),
      ...(calculated ? { calculated } : {}),
    };
  } catch (e) {
    if (e instanceof ProviderError) {
      return {
        id: call.id,
        ok: false,
        provider: {
          code: e.code,
          message: e.message,
          params: e.params,
          field: e.field,
          conflicts: e.conflicts,
        },
      };
    }
    const error = e instanceof Error ? e : new Error(String(e));
    return { id: call.id, ok: false, bug: { message: error.message, stack: error.stack ?? "" } };
  }
}
function lowerPriority() {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {}
}
if (parentPort) {
  const port = parentPort;
  lowerPriority();
  port.on("message", (call) => {
    const a = answer(call);
    const state2 = a.ok ? a.calculated : void 0;
    const moved = a.ok
      ? [a.json, ...(state2 ? [state2.keys, state2.data, state2.input, state2.upperBits] : [])]
      : [];
    port.postMessage(
      a,
      moved.map((v) => v.buffer),
    );
  });
}
//# sourceMappingURL=grid-worker.mjs.map
