/**
 * Regular expressions matched in time proportional to the pattern's length times the text's, whatever the
 * pattern: MDX's `IsMatch` takes both from the query, and JavaScript's backtracking `RegExp` took minutes on
 * a pattern such as `^(a+)+$` against 35 characters, holding the whole server. The pattern is compiled to a
 * Thompson automaton and run over the text with every thread at once (no backtracking).
 *
 * The syntax is JavaScript's without the forms no automaton can run: literals and escapes (`\d \w \s`, their
 * negations, `\t \n \r \f \v \0`, `\xHH`, `\uHHHH`, an escaped punctuation character), `.`, classes `[…]` and
 * `[^…]` with ranges, groups `(…)`, `(?:…)` and named ones, `|`, `* + ?` and `{n}`, `{n,}`, `{n,m}` (lazy or
 * not: whether the text matches does not depend on it), `^ $ \b \B`. Back-references and look-arounds are
 * refused ({@link LinearPatternError}), and so is a pattern whose counted repetitions would make its automaton
 * larger than {@link MAX_STATES} states.
 */

/** The most states a compiled pattern may have (`a{1000}{1000}` would otherwise take the memory). */
export const MAX_STATES = 20_000;

/** A pattern this matcher cannot read or run. */
export class LinearPatternError extends Error {
  override readonly name = "LinearPatternError";
}

type CharTest = (code: number) => boolean;
type Assertion = "start" | "end" | "word" | "notWord";

type Node =
  | { k: "char"; test: CharTest }
  | { k: "assert"; a: Assertion }
  | { k: "cat"; items: Node[] }
  | { k: "alt"; items: Node[] }
  | { k: "rep"; item: Node; min: number; max: number };

const LINE_TERMINATORS = new Set([0x0a, 0x0d, 0x2028, 0x2029]);
const isDigit: CharTest = (c) => c >= 0x30 && c <= 0x39;
const isWord: CharTest = (c) =>
  isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
const SPACE = /\s/;
const isSpace: CharTest = (c) => SPACE.test(String.fromCharCode(c));
const not =
  (t: CharTest): CharTest =>
  (c) =>
    !t(c);

class Parser {
  private i = 0;
  constructor(
    private readonly src: string,
    private readonly ignoreCase: boolean,
  ) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.src.length) throw this.fail(`unexpected ${this.src[this.i]}`);
    return node;
  }

  private fail(why: string): LinearPatternError {
    return new LinearPatternError(`${why} at character ${this.i + 1}`);
  }

  private peek(): string | undefined {
    return this.src[this.i];
  }

  private alternation(): Node {
    const items = [this.sequence()];
    while (this.peek() === "|") {
      this.i++;
      items.push(this.sequence());
    }
    return items.length === 1 ? (items[0] as Node) : { k: "alt", items };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.peek() !== "|" && this.peek() !== ")") {
      items.push(this.quantified());
    }
    return { k: "cat", items };
  }

  private quantified(): Node {
    let node = this.atom();
    for (;;) {
      const c = this.peek();
      let min: number;
      let max: number;
      if (c === "*") [min, max] = [0, Number.POSITIVE_INFINITY];
      else if (c === "+") [min, max] = [1, Number.POSITIVE_INFINITY];
      else if (c === "?") [min, max] = [0, 1];
      else if (c === "{") {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
        if (!m) return node; // A `{` that counts nothing is a literal, as in JavaScript.
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === "" ? Number.POSITIVE_INFINITY : Number(m[3]);
        if (max < min) throw this.fail("numbers out of order in {}");
        this.i += m[0].length - 1;
      } else return node;
      this.i++;
      if (node.k === "assert") throw this.fail("nothing to repeat");
      if (this.peek() === "?") this.i++;
      node = { k: "rep", item: node, min, max };
    }
  }

  private atom(): Node {
    const c = this.src[this.i++] as string;
    switch (c) {
      case "(": {
        if (this.src.startsWith("?:", this.i)) this.i += 2;
        else if (this.src.startsWith("?<", this.i) && !/^\?<[=!]/.test(this.src.slice(this.i))) {
          const end = this.src.indexOf(">", this.i);
          if (end < 0) throw this.fail("unterminated group name");
          this.i = end + 1;
        } else if (this.peek() === "?") throw this.fail("look-arounds are not supported");
        const inner = this.alternation();
        if (this.peek() !== ")") throw this.fail("missing )");
        this.i++;
        return inner;
      }
      case ")":
        throw this.fail("unmatched )");
      case "^":
        return { k: "assert", a: "start" };
      case "$":
        return { k: "assert", a: "end" };
      case ".":
        return { k: "char", test: (x) => !LINE_TERMINATORS.has(x) };
      case "[":
        return { k: "char", test: this.charClass() };
      case "*":
      case "+":
      case "?":
        throw this.fail("nothing to repeat");
      case "\\": {
        const e = this.peek();
        if (e === "b" || e === "B") {
          this.i++;
          return { k: "assert", a: e === "b" ? "word" : "notWord" };
        }
        return { k: "char", test: this.escape(false) };
      }
      default:
        return { k: "char", test: this.literal(c.charCodeAt(0)) };
    }
  }

  private literal(code: number): CharTest {
    if (!this.ignoreCase) return (x) => x === code;
    const lower = fold(code);
    return (x) => fold(x) === lower;
  }

  /** After a `\`: a class escape or one character (`inClass`: `\b` is a backspace there). */
  private escape(inClass: boolean): CharTest {
    const e = this.src[this.i++];
    if (e === undefined) throw this.fail("\\ at end of pattern");
    switch (e) {
      case "d":
        return isDigit;
      case "D":
        return not(isDigit);
      case "w":
        return isWord;
      case "W":
        return not(isWord);
      case "s":
        return isSpace;
      case "S":
        return not(isSpace);
    }
    return this.literal(this.escapedCode(e, inClass));
  }

  private escapedCode(e: string, inClass: boolean): number {
    const simple: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
    if (simple[e] !== undefined) return simple[e];
    if (e === "b" && inClass) return 8;
    if (e === "0" && !/\d/.test(this.peek() ?? "")) return 0;
    if (/\d/.test(e) || e === "k") throw this.fail("back-references are not supported");
    const hex = e === "x" ? 2 : e === "u" ? 4 : 0;
    if (hex > 0) {
      const digits = this.src.slice(this.i, this.i + hex);
      if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits)) return e.charCodeAt(0);
      this.i += hex;
      return Number.parseInt(digits, 16);
    }
    if (e === "c") throw this.fail("control escapes are not supported");
    return e.charCodeAt(0);
  }

  private charClass(): CharTest {
    const negated = this.peek() === "^";
    if (negated) this.i++;
    const tests: CharTest[] = [];
    while (this.peek() !== "]") {
      if (this.i >= this.src.length) throw this.fail("missing ]");
      const from = this.classAtom();
      if (this.peek() === "-" && this.src[this.i + 1] !== "]" && this.i + 1 < this.src.length) {
        this.i++;
        const to = this.classAtom();
        if (typeof from !== "number" || typeof to !== "number") throw this.fail("a class in a range");
        if (to < from) throw this.fail("range out of order in []");
        tests.push(this.range(from, to));
      } else tests.push(typeof from === "number" ? this.literal(from) : from);
    }
    this.i++;
    const any: CharTest = (x) => tests.some((t) => t(x));
    return negated ? not(any) : any;
  }

  /** One member of a class: a character's code, or a class escape's test. */
  private classAtom(): number | CharTest {
    const c = this.src[this.i++] as string;
    if (c !== "\\") return c.charCodeAt(0);
    const e = this.peek();
    if (e !== undefined && "dDwWsS".includes(e)) return this.escape(true);
    this.i++;
    return this.escapedCode(e as string, true);
  }

  private range(from: number, to: number): CharTest {
    const inRange = (x: number) => x >= from && x <= to;
    if (!this.ignoreCase) return inRange;
    return (x) =>
      inRange(x) ||
      inRange(String.fromCharCode(x).toLowerCase().charCodeAt(0)) ||
      inRange(String.fromCharCode(x).toUpperCase().charCodeAt(0));
  }
}

/** A character's case-folded code (one UTF-16 unit, as a RegExp without the `u` flag compares). */
function fold(code: number): number {
  const lower = String.fromCharCode(code).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : code;
}

/** A state of the automaton: reads a character, asserts a position, splits, or accepts. */
type State =
  | { k: "char"; test: CharTest; next: number }
  | { k: "assert"; a: Assertion; next: number }
  | { k: "split"; next: number; other: number }
  | { k: "match" };

class Compiler {
  readonly states: State[] = [];

  private add(s: State): number {
    if (this.states.length >= MAX_STATES) {
      throw new LinearPatternError(`the pattern repeats too much (more than ${MAX_STATES} states)`);
    }
    this.states.push(s);
    return this.states.length - 1;
  }

  private patch(at: number, next: number, other = false): void {
    const s = this.states[at] as State;
    if (s.k === "match") return;
    if (other && s.k === "split") s.other = next;
    else s.next = next;
  }

  /** Compiles `node` to states leading to `next`; answers its entry state. */
  compile(node: Node, next: number): number {
    switch (node.k) {
      case "char":
        return this.add({ k: "char", test: node.test, next });
      case "assert":
        return this.add({ k: "assert", a: node.a, next });
      case "cat": {
        let entry = next;
        for (let i = node.items.length - 1; i >= 0; i--) entry = this.compile(node.items[i] as Node, entry);
        return entry;
      }
      case "alt": {
        let entry = this.compile(node.items[node.items.length - 1] as Node, next);
        for (let i = node.items.length - 2; i >= 0; i--) {
          entry = this.add({ k: "split", next: this.compile(node.items[i] as Node, next), other: entry });
        }
        return entry;
      }
      case "rep": {
        let entry = next;
        if (node.max === Number.POSITIVE_INFINITY) {
          // A loop: split into the item (which comes back to the split) or on.
          const loop = this.add({ k: "split", next: -1, other: next });
          this.patch(loop, this.compile(node.item, loop));
          entry = loop;
        } else {
          for (let i = node.min; i < node.max; i++) {
            entry = this.add({ k: "split", next: this.compile(node.item, entry), other: next });
          }
        }
        for (let i = 0; i < node.min; i++) entry = this.compile(node.item, entry);
        return entry;
      }
    }
  }
}

/** A compiled pattern; `test` answers whether the pattern matches somewhere in a text, as `RegExp.test` does. */
export interface LinearMatcher {
  test(text: string): boolean;
}

/** Compiles `pattern` (throws {@link LinearPatternError} for one it cannot run). */
export function linearRegExp(pattern: string, ignoreCase = false): LinearMatcher {
  const tree = new Parser(pattern, ignoreCase).parse();
  const compiler = new Compiler();
  const match = compiler.states.length;
  compiler.states.push({ k: "match" });
  const start = compiler.compile(tree, match);
  const states = compiler.states;
  return {
    test(text: string): boolean {
      const n = text.length;
      const wordAt = (i: number) => i >= 0 && i < n && isWord(text.charCodeAt(i));
      // The threads of one position, each state once (the mark is the position it was added at).
      const mark = new Int32Array(states.length).fill(-1);
      let current: number[] = [];
      let next: number[] = [];
      const add = (list: number[], s: number, pos: number): boolean => {
        const stack = [s];
        while (stack.length > 0) {
          const id = stack.pop() as number;
          if (mark[id] === pos) continue;
          mark[id] = pos;
          const st = states[id] as State;
          if (st.k === "match") return true;
          if (st.k === "split") stack.push(st.other, st.next);
          else if (st.k === "assert") {
            const ok =
              st.a === "start"
                ? pos === 0
                : st.a === "end"
                  ? pos === n
                  : (wordAt(pos - 1) !== wordAt(pos)) === (st.a === "word");
            if (ok) stack.push(st.next);
          } else list.push(id);
        }
        return false;
      };
      for (let pos = 0; ; pos++) {
        // A match may start at every position.
        if (add(current, start, pos)) return true;
        if (pos === n) return false;
        const code = text.charCodeAt(pos);
        next = [];
        for (const id of current) {
          const st = states[id] as State & { k: "char" };
          if (st.test(code) && add(next, st.next, pos + 1)) return true;
        }
        [current, next] = [next, current];
      }
    },
  };
}
