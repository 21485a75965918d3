/**
 * One field of a CSV file (RFC 4180), written so that a spreadsheet opening the file shows it and never runs it.
 * A text starting with `=`, `+`, `-`, `@`, a tab or a carriage return is read by Excel, LibreOffice and Google
 * Sheets as a formula (`=HYPERLINK(…)`, `@SUM(…)`, DDE `=cmd|…`): OWASP's "CSV Injection" guidance is to put a
 * single quote before it, which the spreadsheet takes as "text" and does not show. A plain number (`-12.5`,
 * `1.0E-5`, Java's doubles as the reports write them) is not a formula and keeps its sign, so it stays a number.
 * Then the field is quoted if it holds a comma, a quote or a line break, its quotes doubled.
 */
export function csvField(text: string): string {
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record: the fields of `row` by `csvField`, comma-separated, ended by CRLF (RFC 4180 §2). */
export function csvRecord(row: readonly string[]): string {
  return `${row.map(csvField).join(",")}\r\n`;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
