import type { Dimension, Member, Outline } from "../outline.ts";
import { dynamicTimeSeriesLabel } from "../time-series-label.ts";
import { dynamicTimeSeriesMember } from "../time-series-members.ts";
import { GridError, type GridPlace, type UnknownMember } from "./errors.ts";
import { type AxisTuple, type GridAxis, type GridModel, type SheetLayout, tupleKey } from "./model.ts";
import type { ResolvedGridSettings } from "./settings.ts";
import { finish, type Steps } from "./steps.ts";

/** What one typed cell is, before regions are known. */
type CellClass =
  | { kind: "empty" }
  /** A member named without doubt: a non-numeric name or alias, or a numeric name with a leading quote. */
  | { kind: "member"; member: Member }
  /**
   * A bare number: data in the data region, a member in a header when it names one (`member` is looked up on
   * first use, `null` when it names none). A number the sheet holds as a number (a JSON number, not text) is
   * always data: `member` is `null` from the start, and `held` is set.
   */
  | { kind: "number"; text: string; member?: Member | null; held?: true }
  | { kind: "label" }
  | { kind: "text" };

const NUMBER = /^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][-+]?\d+)?%?$/;

export function isNumericText(t: string): boolean {
  return t !== "" && t !== "." && NUMBER.test(t) && /\d/.test(t);
}

/**
 * The number a cell's text writes, or `NaN`: digits with a `.` decimal part and an exponent if any, and commas
 * only between groups of three digits (`12,000.5`). `1,25` is not a number: read with its comma dropped it would
 * be 125, where a French user meant 1.25.
 */
export function numberOfText(text: string): number {
  const t = text.trim();
  return isNumericText(t) && !t.endsWith("%") ? Number(t.replace(/,/g, "")) : Number.NaN;
}

/** Parses a data cell: a number, `null` for #Missing (empty or a missing label), `undefined` when not a value. */
export function parseValue(text: string, settings: ResolvedGridSettings): number | null | undefined {
  const t = text.trim();
  if (t === "" || isMissingLabel(t, settings)) return null;
  if (!isNumericText(t)) return undefined;
  const pct = t.endsWith("%");
  const n = Number(t.replace(/[,%]/g, ""));
  if (!Number.isFinite(n)) return undefined;
  return pct ? n / 100 : n;
}

/** The texts Essbase and Smart View write for a cell without data, beside the sheet's own missing label. */
const MISSING_TEXTS = ["#missing", "#mi", "#nodata"];
/** The texts written for a cell the user may not read (or an invalid one), beside the sheet's own label. */
const NO_ACCESS_TEXTS = ["#noaccess", "#no access", "#invalid"];

/**
 * What a cell's text is to the grid reader before any member is looked up: `empty`; `missing` (the sheet's
 * missing label or `#Missing`, `#MI`, `#NoData`); `noAccess` (the sheet's no-access label or `#NoAccess`,
 * `#No Access`, `#Invalid`); `number` (a bare number: data, or a numeric member name in a header); `name` (text
 * that may name a member: {@link labelNames}). A leading quote makes any text a `name` (`'100`, `'#Missing`).
 * The one reading of labels: the grid's parser and the members a connector reads for a sheet both use it.
 */
export type LabelKind = "empty" | "missing" | "noAccess" | "number" | "name";

export function labelKind(
  text: string,
  s: Pick<ResolvedGridSettings, "missingLabel" | "noAccessLabel">,
): LabelKind {
  const t = text.trim();
  if (t === "") return "empty";
  if (t.startsWith("'")) return "name";
  if (isNumericText(t)) return "number";
  if (isMissingLabel(t, s)) return "missing";
  const l = t.toLowerCase();
  if (l === s.noAccessLabel.toLowerCase() || NO_ACCESS_TEXTS.includes(l)) return "noAccess";
  return "name";
}

function isMissingLabel(t: string, s: Pick<ResolvedGridSettings, "missingLabel">): boolean {
  return isMissingText(t, s.missingLabel);
}

/**
 * Whether a cell's text stands for no value: the sheet's or form's own missing label, or `#Missing`, `#MI`,
 * `#NoData`, in any case, spaces around ignored. The one reading of a missing cell: an ad hoc grid's parser, a
 * connector reading a server's data cells and a Planning form's save all use it.
 */
export function isMissingText(text: string, missingLabel: string): boolean {
  const l = text.trim().toLowerCase();
  return l !== "" && (l === missingLabel.trim().toLowerCase() || MISSING_TEXTS.includes(l));
}

function isLabel(t: string, s: ResolvedGridSettings): boolean {
  const k = labelKind(t, s);
  return k === "missing" || k === "noAccess";
}

/** Whether a cell's text names no member whatever the outline: empty, a missing label, a no-access label. */
export function namesNoMember(
  text: string,
  s: Pick<ResolvedGridSettings, "missingLabel" | "noAccessLabel">,
): boolean {
  const k = labelKind(text, s);
  return k === "empty" || k === "missing" || k === "noAccess";
}

/**
 * The member a cell names, as the grid's parser reads a header cell: a leading quote dropped (`'100`, `'East`); a
 * number held as a number, an empty cell, a missing or no-access label name none; any other text is resolved as
 * {@link resolveLabel} does (name, alias, `name: alias`, substitution variable, Dynamic Time Series).
 */
export function labelMember(
  outline: Outline,
  raw: unknown,
  s: Pick<ResolvedGridSettings, "aliasTable" | "substitutionVariables" | "missingLabel" | "noAccessLabel">,
): Member | undefined {
  if (typeof raw !== "string") return undefined;
  const t = raw.trim();
  if (t.startsWith("'")) return resolveLabel(outline, t.slice(1), s.aliasTable, s.substitutionVariables);
  const kind = labelKind(t, s);
  if (kind === "number") return resolveLabel(outline, t, s.aliasTable);
  if (kind !== "name") return undefined;
  return resolveLabel(outline, t, s.aliasTable, s.substitutionVariables);
}

/** A label's parts as {@link resolveLabel} reads them: a variable's name, a Dynamic Time Series, a `name: alias`. */
interface LabelParts {
  /** The text, trimmed. */
  text: string;
  /** `&CurrMonth` → `CurrMonth`. */
  variable?: string;
  /** `Q-T-D(Feb)` → `Q-T-D` and `Feb`. */
  dts?: { series: string; latest: string };
  /** `100-10: Cola` → `100-10`. */
  beforeColon?: string;
}

function labelParts(text: string): LabelParts {
  const t = text.trim();
  const parts: LabelParts = { text: t };
  if (t.startsWith("&")) {
    parts.variable = t.slice(1);
    return parts;
  }
  const dts = dynamicTimeSeriesLabel(t);
  if (dts) parts.dts = dts;
  const colon = t.indexOf(": ");
  if (colon > 0) parts.beforeColon = t.slice(0, colon);
  return parts;
}

/**
 * The member names a `name` label ({@link labelKind}) may stand for, in the order {@link resolveLabel} tries
 * them: the text itself; a known substitution variable's value (its own text then names no member and is left
 * out); a Dynamic Time Series' latest period (a variable's value when it is one); the name before `: `.
 */
export function labelNames(text: string, variables?: Readonly<Record<string, string>>): string[] {
  let t = text.trim();
  if (t.startsWith("'")) t = t.slice(1).trim();
  const p = labelParts(t);
  if (p.text === "") return [];
  if (p.variable !== undefined) {
    const value = variables ? variableValue(variables, p.variable) : undefined;
    return value === undefined ? [p.text] : [value];
  }
  const out = [p.text];
  if (p.dts) {
    const latest = p.dts.latest;
    const value = latest.startsWith("&") && variables ? variableValue(variables, latest.slice(1)) : undefined;
    out.push(value ?? latest);
  }
  if (p.beforeColon !== undefined) out.push(p.beforeColon);
  return out;
}

/**
 * Resolves a label as written in a grid: indentation ignored, `name: alias` accepted, leading quote ignored.
 * Also, as Essbase reads an ad hoc grid:
 * - a substitution variable (`&CurrMonth`) names the member it stands for. The answer shows that member, not
 *   the variable, because Smart View's documentation says the variable's current value replaces it in the
 *   cell on refresh;
 * - a Dynamic Time Series member the time dimension enables (`Q-T-D(Feb)`, `H-T-D(&CurrMonth)`) names that
 *   to-date member ({@link dynamicTimeSeriesMember}); it stays on the grid as `Q-T-D(Feb)`.
 *
 * `variables` (name → value, names matched without regard to case), when given, are the variables the grid
 * sees in place of the outline's: those of one session, which set some for itself, or a server's read by a
 * connector (settings' `substitutionVariables`).
 */
export function resolveLabel(
  outline: Outline,
  text: string,
  aliasTable: string | null,
  variables?: Readonly<Record<string, string>>,
): Member | undefined {
  const t = text.trim();
  if (t === "") return undefined;
  const direct = outline.resolve(t, aliasTable);
  if (direct) return direct;
  const p = labelParts(t);
  if (p.variable !== undefined) {
    const value = variables ? variableValue(variables, p.variable) : outline.substitutionVariable(t);
    return value === undefined ? undefined : outline.resolve(value, aliasTable);
  }
  if (p.dts) {
    // The latest period: a name, an alias of the active table or a substitution variable.
    const latest = resolveLabel(outline, p.dts.latest, aliasTable, variables);
    if (latest) return dynamicTimeSeriesMember(outline, p.dts.series, latest);
  }
  if (p.beforeColon !== undefined) return outline.resolve(p.beforeColon, aliasTable);
  return undefined;
}

/** The value of the variable `name` (any case) among `variables`. */
function variableValue(variables: Readonly<Record<string, string>>, name: string): string | undefined {
  const key = name.toLowerCase();
  for (const [k, v] of Object.entries(variables)) if (k.toLowerCase() === key) return v;
  return undefined;
}

function classify(outline: Outline, raw: unknown, s: ResolvedGridSettings): CellClass {
  const t = typeof raw === "string" ? raw.trim() : raw == null ? "" : String(raw).trim();
  if (t === "") return { kind: "empty" };
  // A typed number is a value, never a label: a numeric member name is written as text (`"100"` or `'100`).
  if (typeof raw === "number") return { kind: "number", text: t, member: null, held: true };
  if (t.startsWith("'")) {
    const m = resolveLabel(outline, t.slice(1), s.aliasTable, s.substitutionVariables);
    return m ? { kind: "member", member: m } : { kind: "text" };
  }
  if (isNumericText(t)) return { kind: "number", text: t };
  if (isLabel(t, s)) return { kind: "label" };
  const m = resolveLabel(outline, t, s.aliasTable, s.substitutionVariables);
  return m ? { kind: "member", member: m } : { kind: "text" };
}

/** The member a cell names, a bare number included (looked up once). */
function memberOf(outline: Outline, table: string | null, c: CellClass): Member | undefined {
  if (c.kind === "member") return c.member;
  if (c.kind !== "number") return undefined;
  if (c.member === undefined) c.member = resolveLabel(outline, c.text, table) ?? null;
  return c.member ?? undefined;
}

export interface ParseResult {
  model: GridModel;
  unknownMembers: UnknownMember[];
}

/**
 * Reads a sheet the way Essbase does:
 * - the first row with a member in column A is the first row of the data region; rows above are headers;
 * - the row-header columns are the leading member cells of the data rows (blank outer cells continue the
 *   label above; bare numbers are data unless a whole column of them names members of one dimension);
 * - a header row holding members of several dimensions, once each, is a POV row (it may start anywhere);
 *   every other header row is one column dimension, read over the data columns (blank cells continue the
 *   label to their left);
 * - a row with no row header is a blank row, a column with no column header a blank column;
 * - dimensions found nowhere are added to the POV at their top member, in outline order.
 */
export function parseGrid(
  outline: Outline,
  sheet: readonly (readonly unknown[])[],
  settings: ResolvedGridSettings,
): ParseResult {
  return finish(parseGridSteps(outline, sheet, settings));
}

/** {@link parseGrid} in steps (see `steps.ts`): it pauses between its passes over the sheet. */
export function* parseGridSteps(
  outline: Outline,
  sheet: readonly (readonly unknown[])[],
  settings: ResolvedGridSettings,
): Steps<ParseResult> {
  const reader = new SheetReader(outline, sheet, settings);
  const hr = firstDataRow(reader);
  const headerRows = headerRowsOf(reader, hr);
  const lc = rowHeaderWidth(reader, hr, headerRows);
  yield;
  const unknown: UnknownMember[] = [];
  const numbers: UnknownMember[] = [];
  const header = readHeaderRows(reader, headerRows, lc, unknown, numbers);
  const columnsRead = readColumnTuples(reader, lc, header.topRows);
  const rowsRead = readRowHeaders(reader, hr, lc, unknown, numbers);
  yield;
  if (numbers.length > 0) return failNumber(reader, numbers);
  if (unknown.length > 0) return failUnknown(unknown);
  const { left, rowTuple } = readRowTuples(reader, hr, rowsRead);
  const top = columnsRead.top;
  placeDimensions(outline, left, top, header.pov, header.povCells);
  yield;
  const typed = typedValues(reader, hr, lc, left, top, rowTuple, columnsRead.colTuple);
  const topRows = new Map<number, number>();
  header.topRows.forEach((t, i) => {
    topRows.set(t.row, i);
  });
  const layout: SheetLayout = {
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

/**
 * The sheet as the parse steps read it. Cells are classified on first look (the data region is mostly never
 * looked at), and equal texts classify alike (labels repeat down a column): one look-up per distinct text.
 */
class SheetReader {
  readonly rows: number;
  readonly columns: number;
  private readonly cls: (CellClass | undefined)[];
  private readonly byText = new Map<string, CellClass>();
  /** Cells holding numbers (not text), by their text: they classify apart from the same digits typed as text. */
  private readonly byNumber = new Map<string, CellClass>();

  constructor(
    readonly outline: Outline,
    private readonly sheet: readonly (readonly unknown[])[],
    readonly settings: ResolvedGridSettings,
  ) {
    this.rows = sheet.length;
    this.columns = sheet.reduce((w, r) => Math.max(w, r?.length ?? 0), 0);
    this.cls = new Array(this.rows * this.columns);
  }

  at(r: number, c: number): CellClass {
    if (r < 0 || r >= this.rows || c < 0 || c >= this.columns) return EMPTY;
    let k = this.cls[r * this.columns + c];
    if (!k) {
      const raw = this.sheet[r]?.[c];
      const key = typeof raw === "string" ? raw : raw == null ? "" : String(raw);
      const cache = typeof raw === "number" ? this.byNumber : this.byText;
      k = cache.get(key);
      if (!k) {
        k = classify(this.outline, typeof raw === "number" ? raw : key, this.settings);
        cache.set(key, k);
      }
      this.cls[r * this.columns + c] = k;
    }
    return k;
  }

  /** The member a cell names, a bare number included. */
  memberAt(r: number, c: number): Member | undefined {
    return memberOf(this.outline, this.settings.aliasTable, this.at(r, c));
  }

  textAt(r: number, c: number): string {
    const v = this.sheet[r]?.[c];
    return typeof v === "string" ? v.trim() : v == null ? "" : String(v).trim();
  }

  /** The name a cell gives, as an unknown member is reported: its text without the apostrophe that marks it as text. */
  nameAt(r: number, c: number): string {
    const t = this.textAt(r, c);
    return t.startsWith("'") ? t.slice(1).trim() : t;
  }

  /** The members of a row from column `from` on, with their columns. */
  membersOfRow(r: number, from: number): { members: Member[]; cols: number[] } {
    const members: Member[] = [];
    const cols: number[] = [];
    for (let c = from; c < this.columns; c++) {
      const m = this.memberAt(r, c);
      if (m) {
        members.push(m);
        cols.push(c);
      }
    }
    return { members, cols };
  }
}

const EMPTY: CellClass = { kind: "empty" };

/**
 * The first data row: the first row with a member, an unknown name or a number in column A. Column A holds row
 * headers (above them, the corner or POV members): a number there names no member and is no data, and is refused
 * where it is ({@link numberCell}), not taken for a header row and dropped.
 */
function firstDataRow(reader: SheetReader): number {
  for (let r = 0; r < reader.rows; r++) {
    const kind = reader.at(r, 0).kind;
    if (reader.memberAt(r, 0) || kind === "text" || kind === "number") return r;
  }
  throw new GridError("GRID_NO_ROW_HEADER", { id: "noRowHeader" });
}

/**
 * The non-blank rows above the data region, each with whether it is a POV row: members of several dimensions,
 * once each (a single member is a POV row when it is the first of two header rows or more).
 */
function headerRowsOf(reader: SheetReader, hr: number): { row: number; pov: boolean }[] {
  const rows: number[] = [];
  for (let r = 0; r < hr; r++) {
    let any = false;
    for (let c = 0; c < reader.columns && !any; c++) if (reader.at(r, c).kind !== "empty") any = true;
    if (any) rows.push(r);
  }
  return rows.map((row, i) => {
    const { members } = reader.membersOfRow(row, 0);
    const distinct = new Set(members.map((m) => m.dimension));
    const pov =
      members.length > 0 &&
      distinct.size === members.length &&
      (members.length >= 2 || (i === 0 && rows.length >= 2));
    return { row, pov };
  });
}

/**
 * True when a column-header row stands over column `c`: a header row that is no POV row holds a member at `c`,
 * and its members from `c` on are of one dimension (members of another dimension further left are POV members
 * over the row-header columns). Cells under it are in the data region.
 */
function underColumnHeader(
  reader: SheetReader,
  headerRows: readonly { row: number; pov: boolean }[],
  c: number,
) {
  return headerRows.some(({ row, pov }) => {
    if (pov) return false;
    const over = reader.membersOfRow(row, c);
    if (over.cols[0] !== c) return false;
    const dim = over.members[0]?.dimension;
    return over.members.every((m) => m.dimension === dim);
  });
}

/**
 * The row-header width: the leading run of members (after blank continuation cells) in each data row, then any
 * column of bare numbers that all name members of one further dimension and that no column header stands over
 * (under a column header, a number is data even when it names a member: a numeric name there is typed `'100`).
 */
function rowHeaderWidth(
  reader: SheetReader,
  hr: number,
  headerRows: readonly { row: number; pov: boolean }[],
): number {
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
  const usedLeft = (upTo: number): Set<Dimension> => {
    const used = new Set<Dimension>();
    for (let r = hr; r < rows; r++) {
      for (let c = 0; c < upTo; c++) {
        const m = reader.memberAt(r, c);
        if (m) used.add(m.dimension);
      }
    }
    return used;
  };
  for (;;) {
    if (lc >= columns || underColumnHeader(reader, headerRows, lc)) break;
    const used = usedLeft(lc);
    let dim: Dimension | undefined;
    let ok = true;
    let any = false;
    for (let r = hr; r < rows && ok; r++) {
      let blankRow = true;
      for (let c = 0; c < lc; c++) if (reader.at(r, c).kind !== "empty") blankRow = false;
      if (blankRow) continue;
      const m = reader.memberAt(r, lc);
      if (!m || used.has(m.dimension) || (dim && m.dimension !== dim)) ok = false;
      else {
        dim = m.dimension;
        any = true;
      }
    }
    if (!ok || !any) break;
    lc++;
  }
  return lc;
}

/**
 * Sorts a cell that names no member where the layout reads one: a number the sheet holds as a number goes to
 * `numbers`, a name (digits typed as text included) to `unknown`. Anything else (a member, a blank, a label) is
 * left alone.
 */
function numberCell(
  reader: SheetReader,
  r: number,
  c: number,
  unknown: UnknownMember[],
  numbers: UnknownMember[],
): void {
  const k = reader.at(r, c);
  if (k.kind === "number" && k.held) numbers.push({ row: r, column: c, text: reader.textAt(r, c) });
  else if (k.kind === "text" || (k.kind === "number" && !reader.memberAt(r, c)))
    unknown.push({ row: r, column: c, text: reader.nameAt(r, c) });
}

/**
 * The header rows: a row with members of several dimensions, once each, is a POV row; every other one is a
 * column-dimension row (members over the row-header columns are POV members). Unknown names go to `unknown`,
 * numbers to `numbers`: no data goes above the data region, so a number there would be lost.
 */
function readHeaderRows(
  reader: SheetReader,
  headerRows: readonly { row: number; pov: boolean }[],
  lc: number,
  unknown: UnknownMember[],
  numbers: UnknownMember[],
): { pov: Member[]; povCells: Map<string, number>; topRows: { row: number; dim: Dimension }[] } {
  const { columns } = reader;
  const pov: Member[] = [];
  const povCells = new Map<string, number>();
  const topRows: { row: number; dim: Dimension }[] = [];
  headerRows.forEach(({ row: r, pov: isPov }) => {
    if (isPov) {
      const all = reader.membersOfRow(r, 0);
      all.members.forEach((m, j) => {
        povCells.set(`${r},${all.cols[j]}`, pov.length);
        pov.push(m);
      });
      for (let c = 0; c < columns; c++) numberCell(reader, r, c, unknown, numbers);
      return;
    }
    for (let c = 0; c < Math.min(lc, columns); c++) {
      const m = reader.memberAt(r, c);
      if (m) {
        povCells.set(`${r},${c}`, pov.length);
        pov.push(m);
      }
      // Over the row-header columns a name that is no member is let be (a title, say); a number is refused.
      const k = reader.at(r, c);
      if (k.kind === "number" && k.held) numbers.push({ row: r, column: c, text: reader.textAt(r, c) });
    }
    const over = reader.membersOfRow(r, lc);
    const dims = new Set(over.members.map((m) => m.dimension));
    if (dims.size > 1) {
      throw new GridError("GRID_DIMENSION_CONFLICT", {
        id: "columnHeaderMixed",
        dimensions: [...dims].map((d) => d.name),
        row: r + 1,
      });
    }
    for (let c = lc; c < columns; c++) numberCell(reader, r, c, unknown, numbers);
    const dim = over.members[0]?.dimension;
    if (dim) topRows.push({ row: r, dim });
  });
  return { pov, povCells, topRows };
}

/** The column tuples over the data columns: blank cells continue the label to their left. */
function readColumnTuples(
  reader: SheetReader,
  lc: number,
  topRows: readonly { row: number; dim: Dimension }[],
): { top: GridAxis; colTuple: (number | null | undefined)[] } {
  const { columns } = reader;
  const colTuple: (number | null | undefined)[] = new Array(columns).fill(undefined);
  const tuples: AxisTuple[] = [];
  const blanks: number[] = [];
  let pendingBlanks = 0;
  let prev: Member[] | null = null;
  for (let c = lc; c < columns; c++) {
    const cells = topRows.map((t) => reader.memberAt(t.row, c));
    if (cells.every((m) => !m)) {
      colTuple[c] = null;
      pendingBlanks++;
      continue;
    }
    const members: Member[] = [];
    let ok = true;
    cells.forEach((m, i) => {
      const v = m ?? prev?.[i];
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

/** The row-header cells of the data rows, and the dimension of each row-header column. */
function readRowHeaders(
  reader: SheetReader,
  hr: number,
  lc: number,
  unknown: UnknownMember[],
  numbers: UnknownMember[],
): { leftDims: (Dimension | undefined)[]; rowMembers: (Member | undefined)[][] } {
  const leftDims: (Dimension | undefined)[] = new Array(lc).fill(undefined);
  const rowMembers: (Member | undefined)[][] = [];
  for (let r = hr; r < reader.rows; r++) {
    const line: (Member | undefined)[] = [];
    for (let c = 0; c < lc; c++) {
      const k = reader.at(r, c);
      const m = reader.memberAt(r, c);
      if (k.kind === "number" && k.held) numbers.push({ row: r, column: c, text: reader.textAt(r, c) });
      else if (k.kind !== "empty" && !m) unknown.push({ row: r, column: c, text: reader.nameAt(r, c) });
      if (m) {
        const d = leftDims[c];
        if (d && d !== m.dimension) {
          throw new GridError("GRID_DIMENSION_CONFLICT", {
            id: "rowHeaderMixed",
            dimensions: [d.name, m.dimension.name],
            column: c + 1,
          });
        }
        leftDims[c] = m.dimension;
      }
      line.push(m);
    }
    rowMembers.push(line);
  }
  return { leftDims, rowMembers };
}

/** The row tuples: blank outer cells continue the label above; a row with no row header is a blank row. */
function readRowTuples(
  reader: SheetReader,
  hr: number,
  { leftDims, rowMembers }: { leftDims: (Dimension | undefined)[]; rowMembers: (Member | undefined)[][] },
): { left: GridAxis; rowTuple: (number | null | undefined)[] } {
  const rowTuple: (number | null | undefined)[] = new Array(reader.rows).fill(undefined);
  const tuples: AxisTuple[] = [];
  const blanks: number[] = [];
  let pendingBlanks = 0;
  let prev: Member[] | null = null;
  for (let r = hr; r < reader.rows; r++) {
    const line = rowMembers[r - hr] as (Member | undefined)[];
    if (line.every((m) => !m)) {
      rowTuple[r] = null;
      pendingBlanks++;
      continue;
    }
    const members: Member[] = [];
    let ok = true;
    line.forEach((m, i) => {
      const v = m ?? prev?.[i];
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
  const left: GridAxis = { dims: leftDims.filter((d): d is Dimension => !!d), tuples, blanks };
  return { left, rowTuple };
}

/**
 * Each dimension in one place; dimensions found nowhere join the POV at their top member, in outline order;
 * a grid with no column dimension gets the first POV dimension across.
 */
function placeDimensions(
  outline: Outline,
  left: GridAxis,
  top: GridAxis,
  pov: Member[],
  povCells: Map<string, number>,
): void {
  const seen = new Map<Dimension, GridPlace>();
  const place = (d: Dimension, where: GridPlace): void => {
    const before = seen.get(d);
    if (before)
      throw new GridError("GRID_DIMENSION_CONFLICT", {
        id: "dimensionTwice",
        dimension: d.name,
        first: before,
        second: where,
      });
    seen.set(d, where);
  };
  for (const d of left.dims) place(d, "rows");
  for (const d of top.dims) place(d, "columns");
  for (const m of pov) place(m.dimension, "POV");
  for (const d of outline.baseDimensions) if (!seen.has(d)) pov.push(d.root);
  if (top.dims.length === 0 && pov.length > 0) {
    const [m] = pov.splice(0, 1) as [Member];
    for (const [k, v] of [...povCells]) {
      if (v === 0) povCells.delete(k);
      else povCells.set(k, v - 1);
    }
    top.dims.push(m.dimension);
    top.tuples.push({ members: [m], origin: 0 });
  }
}

/** The values typed in the data region, by tuple keys (only read when navigating without data). */
function typedValues(
  reader: SheetReader,
  hr: number,
  lc: number,
  left: GridAxis,
  top: GridAxis,
  rowTuple: readonly (number | null | undefined)[],
  colTuple: readonly (number | null | undefined)[],
): Map<string, string> {
  const typed = new Map<string, string>();
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

/**
 * Refuses the first number (in sheet order) found where a member name is expected, saying which member its
 * digits name typed as text (Smart View's free-form rule: a numeric name is typed `'100`, a bare number is data).
 */
function failNumber(reader: SheetReader, numbers: UnknownMember[]): never {
  const first = numbers.reduce((a, b) => (b.row < a.row || (b.row === a.row && b.column < a.column) ? b : a));
  const { aliasTable, substitutionVariables } = reader.settings;
  const named = resolveLabel(reader.outline, first.text, aliasTable, substitutionVariables);
  throw new GridError("GRID_NUMBER_FOR_MEMBER", {
    id: "numberForMember",
    row: first.row,
    column: first.column,
    text: first.text,
    member: named?.name ?? null,
  });
}

function failUnknown(unknown: UnknownMember[]): never {
  throw new GridError("GRID_UNKNOWN_MEMBER", { id: "unknownMembers", members: unknown }, unknown);
}

/** What a selected sheet cell names. */
export type CellRef =
  | { region: "left"; tuple: number; position: number; member: Member }
  | { region: "top"; tuple: number; position: number; member: Member }
  | { region: "pov"; index: number; member: Member }
  | { region: "data"; row: number; column: number }
  | { region: "none" };

export function cellRef(
  model: GridModel,
  row: number,
  column: number,
  sheet: readonly (readonly unknown[])[],
): CellRef {
  const L = model.layout;
  if (row < 0 || column < 0 || row >= L.rows || column >= L.columns) return { region: "none" };
  const povIndex = L.povCells.get(`${row},${column}`);
  if (povIndex !== undefined)
    return { region: "pov", index: povIndex, member: model.pov[povIndex] as Member };
  const raw = sheet[row]?.[column];
  const empty = raw == null || String(raw).trim() === "";
  if (row >= L.headerRows) {
    const t = L.rowTuple[row];
    if (column < L.leftColumns) {
      if (t == null || empty) return { region: "none" };
      const member = model.left.tuples[t]?.members[column];
      return member ? { region: "left", tuple: t, position: column, member } : { region: "none" };
    }
    const c = L.colTuple[column];
    if (t == null || c == null) return { region: "none" };
    return { region: "data", row: t, column: c };
  }
  const pos = L.topRows.get(row);
  if (pos === undefined || column < L.leftColumns || empty) return { region: "none" };
  const c = L.colTuple[column];
  if (c == null) return { region: "none" };
  const member = model.top.tuples[c]?.members[pos];
  return member ? { region: "top", tuple: c, position: pos, member } : { region: "none" };
}
