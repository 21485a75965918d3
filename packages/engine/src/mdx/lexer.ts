import { MdxError } from "./errors.ts";

/**
 * The MDX tokenizer: bracketed names (`[New York]`, `]]` for a bracket inside), bare identifiers, numbers,
 * strings in single or double quotes (a doubled quote inside), punctuation and operators. Comments: `--`,
 * `//` to the end of the line, `/* … *\/`. Positions are 1-based lines and columns.
 */

export type TokenKind = "name" | "ident" | "number" | "string" | "punct" | "eof";

export interface Token {
  kind: TokenKind;
  /** The name without brackets, the identifier, the string's content, the number's digits, the punctuation. */
  value: string;
  /** The token as written. */
  text: string;
  line: number;
  column: number;
}

const PUNCT2 = ["<>", "<=", ">="];
const PUNCT1 = "{}(),.:+-*/=<>";

/** Origin of the text: a query starts at line 1, column 1; a quoted calculated-member formula where it stands. */
export interface Origin {
  line: number;
  column: number;
}

/** Every token of `src`, the last one `eof` (tests; the parser reads them one at a time: {@link lexer}). */
export function tokenize(src: string, origin: Origin = { line: 1, column: 1 }): Token[] {
  const out: Token[] = [];
  const next = lexer(src, origin);
  for (let t = next(); ; t = next()) {
    out.push(t);
    if (t.kind === "eof") return out;
  }
}

/**
 * The tokens of `src` one at a time, as the parser asks for them (`eof` at the end, then again): a query the
 * parser refuses early (a chain too long, nesting too deep, a syntax error) is not tokenized past that point, and
 * no array of every token is built. The work is linear in the text read.
 */
export function lexer(src: string, origin: Origin = { line: 1, column: 1 }): () => Token {
  let i = 0;
  let line = origin.line;
  let lineStart = -(origin.column - 1);
  const col = (at: number): number => at - lineStart + 1;
  const newline = (at: number): void => {
    line++;
    lineStart = at + 1;
  };
  return (): Token => {
    while (i < src.length) {
      const c = src[i] as string;
      if (c === "\n") {
        newline(i);
        i++;
        continue;
      }
      if (c === " " || c === "\t" || c === "\r") {
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
        if (i >= src.length)
          throw new MdxError("MDX_SYNTAX", { id: "unterminatedComment" }, { ...at, text: "/*" });
        i += 2;
        continue;
      }
      const startLine = line;
      const startCol = col(i);
      const start = i;
      const push = (kind: TokenKind, value: string): Token => ({
        kind,
        value,
        text: src.slice(start, i),
        line: startLine,
        column: startCol,
      });
      // `&[key]`: a member by its key (Microsoft's), which is the member's name in an outline.
      if (c === "[" || (c === "&" && src[i + 1] === "[")) {
        let value = "";
        i += c === "&" ? 2 : 1;
        for (;;) {
          if (i >= src.length)
            throw new MdxError(
              "MDX_SYNTAX",
              { id: "unterminatedName", start: src.slice(start, start + 20) },
              {
                line: startLine,
                column: startCol,
                text: src.slice(start, start + 20),
              },
            );
          const d = src[i] as string;
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
        return push("name", value);
      }
      if (c === "'" || c === '"') {
        let value = "";
        i++;
        for (;;) {
          if (i >= src.length)
            throw new MdxError(
              "MDX_SYNTAX",
              { id: "unterminatedString" },
              {
                line: startLine,
                column: startCol,
                text: src.slice(start, start + 20),
              },
            );
          const d = src[i] as string;
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
        return push("string", value);
      }
      if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
        while (i < src.length && /[0-9]/.test(src[i] as string)) i++;
        if (src[i] === "." && /[0-9]/.test(src[i + 1] ?? "")) {
          i++;
          while (i < src.length && /[0-9]/.test(src[i] as string)) i++;
        }
        if ((src[i] === "e" || src[i] === "E") && /[-+0-9]/.test(src[i + 1] ?? "")) {
          i++;
          if (src[i] === "+" || src[i] === "-") i++;
          while (i < src.length && /[0-9]/.test(src[i] as string)) i++;
        }
        return push("number", src.slice(start, i));
      }
      if (/[A-Za-z_\u00c0-\uffff]/.test(c)) {
        while (i < src.length && /[A-Za-z0-9_\u00c0-\uffff]/.test(src[i] as string)) i++;
        return push("ident", src.slice(start, i));
      }
      const two = src.slice(i, i + 2);
      if (PUNCT2.includes(two)) {
        i += 2;
        return push("punct", two);
      }
      if (PUNCT1.includes(c)) {
        i++;
        return push("punct", c);
      }
      throw new MdxError(
        "MDX_SYNTAX",
        { id: "unexpectedCharacter", character: c },
        {
          line: startLine,
          column: startCol,
          text: c,
        },
      );
    }
    return { kind: "eof", value: "", text: "end of query", line, column: col(i) };
  };
}
