// Finds the messages a page quotes (in quotes, guillemets, inline code, bold or italics, or a table's Message
// column) that look like a message of the error registry (packages/provider/src/error-codes.ts), and checks each
// against the registry's wording in the page's language: a placeholder (`{reason}`) stands for any text, and a
// page may write it `…`, `{reason}` or `<the server's reason>`; an optional part (`[: {reason}]`) may be left out;
// a quote may stop before the end of the message (the start of what the notification says).
import { ERROR_CODES, type ErrorCode } from "@qibates/provider";

export type Locale = "en" | "fr";

export interface QuotedMessage {
  text: string;
  line: number;
  /** The language the page says the quote is in ("in French, `…`"), when it says so. */
  said?: Locale;
  /** The registry codes whose message the quote looks like. */
  codes: ErrorCode[];
}

export interface WrongMessage extends QuotedMessage {
  problem: "other language" | "differs from the registry";
}

type Token = { fixed: string } | { placeholder: true };

/** A template as fixed text and placeholders, once for each choice of its optional parts (kept or left out). */
function variants(template: string): Token[][] {
  let texts = [""];
  for (const [i, part] of template.split(/(\[[^[\]]*\])/).entries()) {
    const optional = i % 2 === 1;
    texts = optional ? texts.flatMap((t) => [t + part.slice(1, -1), t]) : texts.map((t) => t + part);
  }
  return [...new Set(texts)].map((t) =>
    t
      .split(/(\{[A-Za-z]+\})/)
      .filter((p) => p !== "")
      .map((p) => (/^\{[A-Za-z]+\}$/.test(p) ? { placeholder: true as const } : { fixed: normalize(p) })),
  );
}

/** Spaces, apostrophes and quotes as one form, so that typography does not count as a difference. */
export function normalize(text: string): string {
  return text
    .replace(/[\u00A0\u202F]/g, " ")
    .replace(/‘([^’\n]*)’/g, '"$1"')
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/«\s*/g, '"')
    .replace(/\s*»/g, '"')
    .replace(/\.\.\./g, "…")
    .replace(/\s+/g, " ");
}

const PLACEHOLDER = "\u0000";

/** The quote with each way of writing "some value" made one placeholder character. */
function asCandidate(text: string): string {
  return normalize(text)
    .replace(/\{[A-Za-z]+\}/g, PLACEHOLDER)
    .replace(/<[^<>]{2,60}>/g, PLACEHOLDER)
    .replace(/…/g, PLACEHOLDER)
    .trim();
}

/** Fixed characters a quote must share with a message before it may stop (the start of the message). */
const START = 12;

/** Whether `cand` is the message (or its start) for one variant of a template. */
function matchesVariant(cand: string, tokens: Token[]): boolean {
  const memo = new Map<string, boolean>();
  // A whole message shares its fixed characters with the quote too, up to START: the quote's "…" may stand for
  // words of a fixed part, but "X … Y." is not every message that starts with a placeholder and ends with ".".
  const fixedLength = tokens.reduce((n, t) => n + ("fixed" in t ? t.fixed.length : 0), 0);
  const whole = Math.min(START, fixedLength);
  // `seen`: fixed characters matched so far, capped at START.
  const m = (ci: number, ti: number, seen: number): boolean => {
    const key = `${ci},${ti},${seen}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (ci >= cand.length) result = ti >= tokens.length ? seen >= whole : seen >= START;
    else if (ti >= tokens.length) result = seen >= whole && /^[\s.:;!?)»"]*$/.test(cand.slice(ci));
    else {
      const token = tokens[ti] as Token;
      if ("fixed" in token) {
        const f = token.fixed;
        let k = 0;
        while (k < f.length && ci + k < cand.length && cand[ci + k] === f[k]) k++;
        const now = Math.min(START, seen + k);
        if (k === f.length) result = m(ci + k, ti + 1, now);
        else if (ci + k >= cand.length) result = now >= START;
        // A placeholder of the quote may stand for the rest of this fixed part's words ("…" inside a sentence).
        // It may stand for the placeholder after them too ("… returned something" for "The provider at {address}
        // returned something").
        else
          result =
            cand[ci + k] === PLACEHOLDER &&
            (m(ci + k + 1, ti + 1, now) ||
              (tokens[ti + 1] !== undefined &&
                !("fixed" in (tokens[ti + 1] as Token)) &&
                m(ci + k + 1, ti + 2, now)));
      } else {
        result = cand[ci] === PLACEHOLDER && m(ci + 1, ti + 1, seen);
        // Any text of the quote may fill it; the quote may end inside it only when it is the message's last part.
        // (or before nothing but the message's closing punctuation, which a quote may leave outside).
        const closing = tokens.slice(ti + 1).every((t) => "fixed" in t && /^[\s.:;!?)»"]*$/.test(t.fixed));
        const last = closing ? cand.length : cand.length - 1;
        for (let k = ci + 1; !result && k <= last; k++) if (m(k, ti + 1, seen)) result = true;
      }
    }
    memo.set(key, result);
    return result;
  };
  return m(0, 0, 0);
}

interface Template {
  code: ErrorCode;
  locale: Locale;
  variants: Token[][];
  /** Fixed parts long enough to say that a quote is this message. */
  marks: string[];
  start: string;
}

let templates: Template[] | undefined;

function allTemplates(): Template[] {
  templates ??= (Object.entries(ERROR_CODES) as [ErrorCode, { en: string; fr: string }][]).flatMap(
    ([code, d]) =>
      (["en", "fr"] as const).map((locale) => {
        // A variant made of values only (QB_ERR_VALIDATION's sentence, worded by the call that refuses) has no
        // words of its own to check a quote against: it would take any quote for it.
        const vs = variants(d[locale]).filter((v) => v.some((t) => "fixed" in t && /\p{L}/u.test(t.fixed)));
        const fixed = vs.flat().flatMap((t) => ("fixed" in t ? [t.fixed.trim()] : []));
        return {
          code,
          locale,
          variants: vs,
          marks: fixed.filter((f) => f.length >= 14),
          start: "fixed" in (vs[0]?.[0] ?? { placeholder: true }) ? (fixed[0] ?? "") : "",
        };
      }),
  );
  return templates;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The templates a quote looks like: it holds one of their long fixed parts, or begins as they begin. */
function lookalikes(text: string): Template[] {
  const n = normalize(text);
  return allTemplates().filter(
    (t) =>
      t.marks.some((mark) => n.includes(mark)) ||
      (t.start.length >= 16 && commonPrefix(n, t.start) >= Math.min(18, t.start.length)),
  );
}

/** Whether `text` is the message `t` (or its start). */
function isMessage(text: string, t: Template): boolean {
  const cand = asCandidate(text);
  return t.variants.some((v) => matchesVariant(cand, v));
}

/** Blank code blocks, comments and link targets: quotes are read in prose only. */
function prose(source: string): string[] {
  let fence = false;
  return source.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fence = !fence;
      return "";
    }
    if (fence) return "";
    return line.replace(/<!--.*?-->|\{\/\*.*?\*\/\}/g, " ").replace(/\]\([^)]*\)/g, "]");
  });
}

// Each regex pairs its marks from the left (a short span is matched too, and dropped after), so that the end of
// one code span is never read as the start of the next.
const QUOTES = [
  /(?<=^|[\s(|*_])"([^"\n]{1,400}?)"(?=[\s.,;:)|!?*_]|$)/g,
  /“([^”\n]{1,400})”/g,
  /«\s*([^»\n]{1,400}?)\s*»(?![^«\n]*»)/g,
  /`([^`\n]{1,400})`/g,
  /\*\*([^*\n]{1,400})\*\*/g,
  /(?<![*\w])\*([^*\n]{1,400})\*(?![*\w])/g,
];

/** A quote without its own quotation marks or emphasis. */
function bare(text: string): string {
  return text
    .trim()
    .replace(/^\*+|\*+$/g, "")
    .replace(/^["“«]\s*([\s\S]*?)\s*["”»]$/, "$1")
    .trim();
}

/** The quotes of a line that look like registry messages (outermost first, inner quotes of a message skipped). */
function quotesOf(line: string, messageColumn: number | undefined): string[] {
  const found: string[] = [];
  if (messageColumn !== undefined && line.startsWith("|")) {
    const cellText = line.split(/(?<!\\)\|/)[messageColumn + 1];
    if (cellText) found.push(bare(cellText));
  }
  for (const re of QUOTES) for (const m of line.matchAll(re)) found.push(bare(m[1] ?? ""));
  const long = [...new Set(found.filter((q) => q.length >= 12))];
  // A quote inside a longer quote is part of that message ("The form "…" does not exist.").
  return long.filter(
    (q, i) => !long.some((other, j) => j !== i && other.length > q.length && other.includes(q)),
  );
}

/** Every quote of `source` that looks like a registry message. */
export function quotedMessages(source: string): QuotedMessage[] {
  const out: QuotedMessage[] = [];
  let messageColumn: number | undefined;
  prose(source).forEach((line, i) => {
    if (!line.startsWith("|")) messageColumn = undefined;
    else if (/^\|\s*-/.test(line)) {
      // the separator row
    } else if (
      messageColumn === undefined &&
      /\|\s*(?:Message|The message starts with|Le message commence par)\s*\|/.test(line)
    ) {
      const cells = line.split(/(?<!\\)\|/).slice(1);
      messageColumn = cells.findIndex((c) =>
        /^\s*(?:Message|The message starts with|Le message commence par)\s*$/.test(c),
      );
      return;
    }
    for (const quote of new Set(quotesOf(line, messageColumn))) {
      const like = lookalikes(quote);
      if (like.length === 0) continue;
      const before = line.slice(Math.max(0, line.indexOf(quote) - 30), Math.max(0, line.indexOf(quote)));
      const said = /in French|en français/i.test(before)
        ? "fr"
        : /in English|en anglais/i.test(before)
          ? "en"
          : undefined;
      out.push({
        text: quote,
        line: i + 1,
        codes: [...new Set(like.map((t) => t.code))],
        ...(said ? { said } : {}),
      });
    }
  });
  return out;
}

/** The quotes of `source` that are not the registry's message in `locale`. */
export function wrongMessages(source: string, locale: Locale): WrongMessage[] {
  const out: WrongMessage[] = [];
  for (const q of quotedMessages(source)) {
    const like = lookalikes(q.text);
    const expected = q.said ?? locale;
    if (allTemplates().some((t) => t.locale === expected && isMessage(q.text, t))) continue;
    // Another message's words inside a sentence of the page's own (an English message quoted whole on a French
    // page is the other language; a French quote that merely contains an English code name is not).
    const other = allTemplates().some((t) => t.locale !== expected && isMessage(q.text, t));
    if (!other && !like.some((t) => t.locale === expected)) continue;
    out.push({ ...q, problem: other ? "other language" : "differs from the registry" });
  }
  return out;
}
