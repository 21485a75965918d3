import { XmlaFault } from "@qibates/protocols/xmla";

/**
 * What the XMLA endpoint reads in an MDX statement's text before the OLAP port runs it: the member
 * properties each axis asks for (`DIMENSION PROPERTIES`), the cell properties (`CELL PROPERTIES`), and on
 * Analysis Services' address the one point where Microsoft's MDX and Essbase's number differently: `Levels(n)`
 * counts from the root in the first, from the leaves in the second. The port's MDX is Essbase's (the engine, or a
 * remote Essbase server), so that address's `x.Levels(n)` is handed on as `x.Generations(n + 1)`, the same layer
 * in either reading. A token scan only: names, strings and comments are skipped whole, nothing else is parsed.
 */

interface Token {
  kind: "ident" | "name" | "string" | "number" | "punct" | "skip";
  text: string;
}

function scan(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    const start = i;
    if (/\s/.test(c)) {
      while (i < n && /\s/.test(text[i] as string)) i++;
      out.push({ kind: "skip", text: text.slice(start, i) });
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
      out.push({ kind: "skip", text: text.slice(start, i) });
    } else if ((c === "/" && text[i + 1] === "/") || (c === "-" && text[i + 1] === "-")) {
      const end = text.indexOf("\n", i);
      i = end < 0 ? n : end;
      out.push({ kind: "skip", text: text.slice(start, i) });
    } else if (c === "[") {
      i++;
      while (i < n) {
        if (text[i] === "]") {
          if (text[i + 1] === "]") i += 2;
          else {
            i++;
            break;
          }
        } else i++;
      }
      out.push({ kind: "name", text: text.slice(start, i) });
    } else if (c === "'" || c === '"') {
      i++;
      while (i < n) {
        if (text[i] === c) {
          if (text[i + 1] === c) i += 2;
          else {
            i++;
            break;
          }
        } else i++;
      }
      out.push({ kind: "string", text: text.slice(start, i) });
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(text[i + 1] ?? ""))) {
      while (i < n && /[0-9.eE]/.test(text[i] as string)) i++;
      out.push({ kind: "number", text: text.slice(start, i) });
    } else if (/[A-Za-z_$]/.test(c)) {
      while (i < n && /[\w$]/.test(text[i] as string)) i++;
      out.push({ kind: "ident", text: text.slice(start, i) });
    } else {
      i++;
      out.push({ kind: "punct", text: c });
    }
  }
  return out;
}

const significant = (tokens: readonly Token[]) => tokens.filter((t) => t.kind !== "skip");
const word = (t: Token | undefined, w: string) => t?.kind === "ident" && t.text.toUpperCase() === w;

/**
 * Microsoft's `x.Levels(n)` (n counted from the root) as Essbase's `x.Generations(n + 1)`, also inside a
 * calculated member's quoted formula; any other text is handed on as written.
 */
export function levelsFromRoot(text: string): string {
  const tokens = scan(text);
  const sig = significant(tokens);
  for (let k = 0; k < sig.length; k++) {
    const t = sig[k] as Token;
    if (
      t.kind === "ident" &&
      t.text.toUpperCase() === "LEVELS" &&
      sig[k - 1]?.text === "." &&
      sig[k + 1]?.text === "(" &&
      sig[k + 2]?.kind === "number" &&
      /^[0-9]+$/.test(sig[k + 2]?.text ?? "") &&
      sig[k + 3]?.text === ")"
    ) {
      t.text = "Generations";
      const arg = sig[k + 2] as Token;
      arg.text = String(Number(arg.text) + 1);
    } else if (t.kind === "string" && word(sig[k - 1], "AS")) {
      const q = t.text[0] as string;
      const inner = t.text.slice(1, t.text.endsWith(q) && t.text.length > 1 ? -1 : undefined);
      const formula = inner.replaceAll(q + q, q);
      const rewritten = levelsFromRoot(formula);
      if (rewritten !== formula) t.text = q + rewritten.replaceAll(q, q + q) + q;
    }
  }
  return tokens.map((t) => t.text).join("");
}

/** A property a query asks for: its name (upper case) and, when qualified, the dimension it is for. */
export interface PropertyRequest {
  name: string;
  /** The dimension a qualified name (`[Market].[PARENT_UNIQUE_NAME]`) restricts it to; null for every one. */
  dimension: string | null;
}

/** The properties a SELECT asks for: per axis ordinal, its member properties; the cell properties, or null. */
export interface QueryProperties {
  axes: Map<number, PropertyRequest[]>;
  cell: string[] | null;
}

const AXIS_NAMES = ["COLUMNS", "ROWS", "PAGES", "CHAPTERS", "SECTIONS"];
const unbracket = (t: Token) => (t.kind === "name" ? t.text.slice(1, -1).replaceAll("]]", "]") : t.text);

/**
 * The `DIMENSION PROPERTIES` of each axis and the `CELL PROPERTIES` of a SELECT, read at the statement's top
 * level (outside parentheses, braces and quoted formulas).
 */
export function queryProperties(text: string): QueryProperties {
  const sig = significant(scan(text));
  const axes = new Map<number, PropertyRequest[]>();
  let cell: string[] | null = null;
  let depth = 0;
  let selected = false;
  for (let k = 0; k < sig.length; k++) {
    const t = sig[k] as Token;
    if (t.text === "(" || t.text === "{") depth++;
    else if (t.text === ")" || t.text === "}") depth--;
    if (depth !== 0 || t.kind !== "ident") continue;
    const w = t.text.toUpperCase();
    if (w === "SELECT") selected = true;
    if (!selected) continue;
    const cellList = w === "CELL" && word(sig[k + 1], "PROPERTIES");
    const memberList =
      (w === "DIMENSION" && word(sig[k + 1], "PROPERTIES")) ||
      (w === "PROPERTIES" &&
        sig[k - 1]?.text !== "." &&
        !word(sig[k - 1], "CELL") &&
        !word(sig[k - 1], "DIMENSION"));
    if (!cellList && !memberList) continue;
    k += w === "PROPERTIES" ? 1 : 2;
    // A list of names, each one or more parts joined by dots, separated by commas.
    const list: string[][] = [];
    for (;;) {
      const parts: string[] = [];
      while (sig[k]?.kind === "ident" || sig[k]?.kind === "name") {
        if (
          sig[k]?.kind === "ident" &&
          ["ON", "FROM", "WHERE"].includes((sig[k] as Token).text.toUpperCase())
        )
          break;
        parts.push(unbracket(sig[k] as Token));
        k++;
        if (sig[k]?.text !== ".") break;
        k++;
      }
      if (parts.length === 0)
        throw new XmlaFault("bad-request", "PROPERTIES needs at least one property name.");
      list.push(parts);
      if (sig[k]?.text !== ",") break;
      k++;
    }
    k--;
    if (cellList) {
      cell = list.map((p) => (p[p.length - 1] as string).toUpperCase());
      continue;
    }
    // `ON n`, `ON COLUMNS`…, `ON AXIS(n)` follows the list.
    const on = sig[k + 1];
    const at = sig[k + 2];
    let ordinal = -1;
    if (word(on, "ON") && at) {
      if (at.kind === "number") ordinal = Number(at.text);
      else if (word(at, "AXIS")) ordinal = Number(sig[k + 4]?.text);
      else ordinal = AXIS_NAMES.indexOf(at.text.toUpperCase());
    }
    if (!Number.isInteger(ordinal) || ordinal < 0) continue;
    axes.set(
      ordinal,
      list.map((p) => ({
        name: (p[p.length - 1] as string).toUpperCase(),
        dimension: p.length > 1 ? (p[0] as string) : null,
      })),
    );
  }
  return { axes, cell };
}

/**
 * The statement with each `@Name` (outside names, strings and comments) replaced by its value from the Execute's
 * `Parameters`, as an MDX string: how Report Builder and Reporting Services send a report's parameters
 * (`STRTOSET(@Region, CONSTRAINED)` with `[Market].[East]`). A parameter the request does not give is a fault.
 */
export function bindParameters(text: string, parameters: ReadonlyMap<string, string>): string {
  const tokens = scan(text);
  let bound = false;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    const next = tokens[k + 1];
    if (t.kind !== "punct" || t.text !== "@" || next?.kind !== "ident") continue;
    const value = parameters.get(next.text.toLowerCase());
    if (value === undefined)
      throw new XmlaFault(
        "bad-request",
        `The statement uses the parameter @${next.text}, which the request does not give (Parameters).`,
      );
    t.text = `"${value.replaceAll('"', '""')}"`;
    next.text = "";
    bound = true;
  }
  return bound ? tokens.map((t) => t.text).join("") : text;
}
