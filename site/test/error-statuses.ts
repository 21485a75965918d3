// Finds the places where a page names an API error code together with an HTTP status, so that a test can
// compare each status with the error-code registry (packages/provider/src/error-codes.ts).

/** One error code named with a status in a page. */
export interface StatusMention {
  code: string;
  status: number;
  /** 1-based line of the page. */
  line: number;
  /** The words that tie the code and the status, as found. */
  text: string;
}

/** A status that differs from the registry's (`expected` undefined: the code is not in the registry). */
export interface WrongStatus extends StatusMention {
  expected: number | undefined;
}

const CODE = "QB_ERR_[A-Z0-9_]*[A-Z0-9]";
const STATUS = "[45]\\d\\d";

/**
 * The ways the pages tie a code to its status, on one line:
 * - code then status in brackets: "`QB_ERR_X` (422)", "`QB_ERR_X` (401, session expired)", "QB_ERR_X (HTTP 422)";
 * - status then code: "`502 QB_ERR_X`", "`422` with `QB_ERR_X`", "`422` avec le code `QB_ERR_X`",
 *   "`413`, `QB_ERR_X`", "`422` and `QB_ERR_X`", "answers 404 QB_ERR_X";
 * - code then status after a dash or colon: "`QB_ERR_X` — 404", "QB_ERR_X: 422" (only a lone status);
 * - code checks in examples: "status !== 401 || error?.code !== \"QB_ERR_X\"".
 */
const LINE_PATTERNS: { re: RegExp; code: number; status: number }[] = [
  { re: new RegExp(`(${CODE})\`?\\s*\\((?:HTTP\\s*)?(${STATUS})\\b`, "g"), code: 1, status: 2 },
  {
    re: new RegExp(
      `(?<![\\d.,])\\b(${STATUS})\\b\`?(?:\\s*,)?\\s*(?:(?:with|and|avec|et)\\s+)?(?:(?:the|le)\\s+code\\s+)?\`?(${CODE})`,
      "g",
    ),
    code: 2,
    status: 1,
  },
  {
    re: new RegExp(`(${CODE})\`?\\s*(?:—|–|:)\\s*\`?(${STATUS})\`?(?![\\d\\s]*\\d)`, "g"),
    code: 1,
    status: 2,
  },
  {
    re: new RegExp(`status\\s*(?:!==|===|!=|==)\\s*(${STATUS})\\b[^\\n]*?(${CODE})`, "g"),
    code: 2,
    status: 1,
  },
];

/** Header names of a table column that holds HTTP statuses. */
const STATUS_HEADER = /^(status|http status|http|statut|statut http|code http|http code)$/i;

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());
}

/** Rows of markdown tables whose header has a status column: the code of the row and that column's status. */
function tableMentions(lines: readonly string[]): StatusMention[] {
  const out: StatusMention[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const header = lines[i] ?? "";
    const rule = lines[i + 1] ?? "";
    if (!header.trim().startsWith("|") || !/^\s*\|?\s*:?-{3,}/.test(rule)) continue;
    const statusColumn = cells(header).findIndex((h) => STATUS_HEADER.test(h.replace(/[`*]/g, "")));
    if (statusColumn < 0) continue;
    for (let j = i + 2; j < lines.length && (lines[j] ?? "").trim().startsWith("|"); j++) {
      const row = cells(lines[j] ?? "");
      const status = /^`?([45]\d\d)`?$/.exec(row[statusColumn] ?? "")?.[1];
      const code = row.map((c) => new RegExp(CODE).exec(c)?.[0]).find(Boolean);
      if (status && code) {
        out.push({ code, status: Number(status), line: j + 1, text: (lines[j] ?? "").trim() });
      }
    }
  }
  return out;
}

/** Every code named with a status in `source` (markdown, MDX or YAML text). */
export function statusMentions(source: string): StatusMention[] {
  const lines = source.split("\n");
  const out: StatusMention[] = [];
  const seen = new Set<string>();
  const add = (m: StatusMention): void => {
    const key = `${m.line}:${m.code}:${m.status}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(m);
  };
  lines.forEach((text, i) => {
    for (const { re, code, status } of LINE_PATTERNS) {
      for (const m of text.matchAll(re)) {
        add({ code: m[code] ?? "", status: Number(m[status]), line: i + 1, text: m[0] });
      }
    }
  });
  for (const m of tableMentions(lines)) add(m);
  return out.sort((a, b) => a.line - b.line);
}

/** The mentions of `source` whose status is not the registry's. */
export function wrongStatuses(source: string, registry: Readonly<Record<string, number>>): WrongStatus[] {
  return statusMentions(source)
    .map((m) => ({ ...m, expected: registry[m.code] }))
    .filter((m) => m.expected !== m.status);
}
