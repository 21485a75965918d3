import type { Dimension, Member, Outline } from "../outline.ts";
import { GridError, type UnknownMember } from "./errors.ts";
import { type AxisTuple, type GridAxis, type GridModel, type SheetLayout, tupleKey } from "./model.ts";
import type { ResolvedGridSettings } from "./settings.ts";

/** What one typed cell is, before regions are known. */
type CellClass =
  | { kind: "empty" }
  /** A member named without doubt: a non-numeric name or alias, or a numeric name with a leading quote. */
  | { kind: "member"; member: Member }
  /**
   * A bare number: data in the data region, a member in a header when it names one (`member` is looked up on
   * first use, `null` when it names none).
   */
  | { kind: "number"; text: string; member?: Member | null }
  | { kind: "label" }
  | { kind: "text" };

const NUMBER = /^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][-+]?\d+)?%?$/;

export function isNumericText(t: string): boolean {
  return t !== "" && t !== "." && NUMBER.test(t) && /\d/.test(t);
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

function isMissingLabel(t: string, s: ResolvedGridSettings): boolean {
  const l = t.toLowerCase();
  return l === s.missingLabel.toLowerCase() || l === "#missing" || l === "#mi" || l === "#nodata";
}

function isLabel(t: string, s: ResolvedGridSettings): boolean {
  const l = t.toLowerCase();
  return isMissingLabel(t, s) || l === s.noAccessLabel.toLowerCase() || l === "#noaccess" || l === "#invalid";
}

/** Resolves a label as written in a grid: indentation ignored, `name: alias` accepted, leading quote ignored. */
export function resolveLabel(outline: Outline, text: string, aliasTable: string | null): Member | undefined {
  const t = text.trim();
  if (t === "") return undefined;
  const direct = outline.resolve(t, aliasTable);
  if (direct) return direct;
  const colon = t.indexOf(": ");
  if (colon > 0) return outline.resolve(t.slice(0, colon), aliasTable);
  return undefined;
}

function classify(outline: Outline, raw: unknown, s: ResolvedGridSettings): CellClass {
  const t = typeof raw === "string" ? raw.trim() : raw == null ? "" : String(raw).trim();
  if (t === "") return { kind: "empty" };
  if (t.startsWith("'")) {
    const m = resolveLabel(outline, t.slice(1), s.aliasTable);
    return m ? { kind: "member", member: m } : { kind: "text" };
  }
  if (isNumericText(t)) return { kind: "number", text: t };
  if (isLabel(t, s)) return { kind: "label" };
  const m = resolveLabel(outline, t, s.aliasTable);
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
  const memberAt = (c: CellClass): Member | undefined => memberOf(outline, settings.aliasTable, c);
  const rows = sheet.length;
  const columns = sheet.reduce((w, r) => Math.max(w, r?.length ?? 0), 0);
  // Cells are classified on first look: the data region is mostly never looked at.
  // Equal texts classify alike (labels repeat down a column): one look-up per distinct text.
  const cls: (CellClass | undefined)[] = new Array(rows * columns);
  const byText = new Map<string, CellClass>();
  const EMPTY: CellClass = { kind: "empty" };
  const at = (r: number, c: number): CellClass => {
    if (r < 0 || r >= rows || c < 0 || c >= columns) return EMPTY;
    let k = cls[r * columns + c];
    if (!k) {
      const raw = sheet[r]?.[c];
      const key = typeof raw === "string" ? raw : raw == null ? "" : String(raw);
      k = byText.get(key);
      if (!k) {
        k = classify(outline, key, settings);
        byText.set(key, k);
      }
      cls[r * columns + c] = k;
    }
    return k;
  };
  const textAt = (r: number, c: number): string => {
    const v = sheet[r]?.[c];
    return typeof v === "string" ? v.trim() : v == null ? "" : String(v).trim();
  };

  // First data row: the first row with a member in column A.
  let hr = -1;
  for (let r = 0; r < rows; r++) {
    if (memberAt(at(r, 0)) || at(r, 0).kind === "text") {
      hr = r;
      break;
    }
  }
  if (hr < 0)
    throw new GridError(
      "GRID_NO_ROW_HEADER",
      "You must have a row header in order to perform this retrieval",
    );

  // Row-header width: the leading run of members (after blank continuation cells) in each data row.
  let lc = 1;
  for (let r = hr; r < rows; r++) {
    let seen = false;
    let p = 0;
    for (let c = 0; c < columns; c++) {
      const k = at(r, c).kind;
      if (k === "empty") {
        if (seen) break;
        continue;
      }
      if (k === "member") {
        seen = true;
        p = c + 1;
        continue;
      }
      if (k === "number" && memberAt(at(r, c))) {
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
        const m = memberAt(at(r, c));
        if (m) used.add(m.dimension);
      }
    }
    return used;
  };
  // A column of bare numbers that all name members of one further dimension is a row-header column too.
  for (;;) {
    if (lc >= columns) break;
    const used = usedLeft(lc);
    let dim: Dimension | undefined;
    let ok = true;
    let any = false;
    for (let r = hr; r < rows && ok; r++) {
      let blankRow = true;
      for (let c = 0; c < lc; c++) if (at(r, c).kind !== "empty") blankRow = false;
      if (blankRow) continue;
      const m = memberAt(at(r, lc));
      if (!m || used.has(m.dimension) || (dim && m.dimension !== dim)) ok = false;
      else {
        dim = m.dimension;
        any = true;
      }
    }
    if (!ok || !any) break;
    lc++;
  }

  const unknown: UnknownMember[] = [];

  // Header rows: POV rows and column-dimension rows.
  const pov: Member[] = [];
  const povCells = new Map<string, number>();
  const topRowsList: { row: number; dim: Dimension }[] = [];
  const headerRows: number[] = [];
  for (let r = 0; r < hr; r++) {
    let any = false;
    for (let c = 0; c < columns; c++) if (at(r, c).kind !== "empty") any = true;
    if (any) headerRows.push(r);
  }
  const dimsOfRow = (r: number, from: number): { members: Member[]; cols: number[] } => {
    const members: Member[] = [];
    const cols: number[] = [];
    for (let c = from; c < columns; c++) {
      const m = memberAt(at(r, c));
      if (m) {
        members.push(m);
        cols.push(c);
      }
    }
    return { members, cols };
  };
  headerRows.forEach((r, i) => {
    const all = dimsOfRow(r, 0);
    const distinct = new Set(all.members.map((m) => m.dimension));
    const isPov =
      all.members.length > 0 &&
      distinct.size === all.members.length &&
      (all.members.length >= 2 || (i === 0 && headerRows.length >= 2));
    if (isPov) {
      all.members.forEach((m, j) => {
        povCells.set(`${r},${all.cols[j]}`, pov.length);
        pov.push(m);
      });
      for (let c = 0; c < columns; c++)
        if (at(r, c).kind === "text") unknown.push({ row: r, column: c, text: textAt(r, c) });
      return;
    }
    // Members over the row-header columns of a column-header row are POV members.
    for (let c = 0; c < Math.min(lc, columns); c++) {
      const m = memberAt(at(r, c));
      if (m) {
        povCells.set(`${r},${c}`, pov.length);
        pov.push(m);
      }
    }
    const over = dimsOfRow(r, lc);
    const dims = new Set(over.members.map((m) => m.dimension));
    if (dims.size > 1) {
      throw new GridError(
        "GRID_DIMENSION_CONFLICT",
        `Members of ${[...dims].map((d) => d.name).join(" and ")} share one column-header row (row ${r + 1})`,
      );
    }
    for (let c = lc; c < columns; c++)
      if (at(r, c).kind === "text") unknown.push({ row: r, column: c, text: textAt(r, c) });
    const dim = over.members[0]?.dimension;
    if (dim) topRowsList.push({ row: r, dim });
  });

  // Column tuples.
  const topDims = topRowsList.map((t) => t.dim);
  const colTuple: (number | null | undefined)[] = new Array(columns).fill(undefined);
  const topTuples: AxisTuple[] = [];
  const topBlanks: number[] = [];
  let pendingColBlanks = 0;
  let prevCol: Member[] | null = null;
  for (let c = lc; c < columns; c++) {
    const cells = topRowsList.map((t) => memberAt(at(t.row, c)));
    if (cells.every((m) => !m)) {
      colTuple[c] = null;
      pendingColBlanks++;
      continue;
    }
    const members: Member[] = [];
    let ok = true;
    cells.forEach((m, i) => {
      const v = m ?? prevCol?.[i];
      if (!v) ok = false;
      else members.push(v);
    });
    if (!ok) {
      colTuple[c] = null;
      pendingColBlanks++;
      continue;
    }
    for (; pendingColBlanks > 0; pendingColBlanks--) topBlanks.push(topTuples.length);
    colTuple[c] = topTuples.length;
    topTuples.push({ members, origin: topTuples.length });
    prevCol = members;
  }

  // Row tuples.
  const leftDims: (Dimension | undefined)[] = new Array(lc).fill(undefined);
  const rowTuple: (number | null | undefined)[] = new Array(rows).fill(undefined);
  const rowMembers: (Member | undefined)[][] = [];
  for (let r = hr; r < rows; r++) {
    const line: (Member | undefined)[] = [];
    for (let c = 0; c < lc; c++) {
      const k = at(r, c);
      const m = memberAt(k);
      if (k.kind !== "empty" && !m) unknown.push({ row: r, column: c, text: textAt(r, c) });
      if (m) {
        const d = leftDims[c];
        if (d && d !== m.dimension) {
          throw new GridError(
            "GRID_DIMENSION_CONFLICT",
            `Members of ${d.name} and ${m.dimension.name} share one row-header column (column ${c + 1})`,
          );
        }
        leftDims[c] = m.dimension;
      }
      line.push(m);
    }
    rowMembers.push(line);
  }
  if (unknown.length > 0) {
    const list = unknown.map((u) => `${u.text} (row ${u.row + 1}, column ${u.column + 1})`).join(", ");
    return failUnknown(unknown, list);
  }
  const leftTuples: AxisTuple[] = [];
  const leftBlanks: number[] = [];
  let pendingRowBlanks = 0;
  let prevRow: Member[] | null = null;
  for (let r = hr; r < rows; r++) {
    const line = rowMembers[r - hr] as (Member | undefined)[];
    if (line.every((m) => !m)) {
      rowTuple[r] = null;
      pendingRowBlanks++;
      continue;
    }
    const members: Member[] = [];
    let ok = true;
    line.forEach((m, i) => {
      const v = m ?? prevRow?.[i];
      if (!v) ok = false;
      else members.push(v);
    });
    if (!ok || leftDims.some((d) => !d)) {
      rowTuple[r] = null;
      pendingRowBlanks++;
      continue;
    }
    for (; pendingRowBlanks > 0; pendingRowBlanks--) leftBlanks.push(leftTuples.length);
    rowTuple[r] = leftTuples.length;
    leftTuples.push({ members, origin: leftTuples.length });
    prevRow = members;
  }
  const left: GridAxis = {
    dims: leftDims.filter((d): d is Dimension => !!d),
    tuples: leftTuples,
    blanks: leftBlanks,
  };
  const top: GridAxis = { dims: topDims, tuples: topTuples, blanks: topBlanks };

  // Each dimension in one place.
  const seen = new Map<Dimension, string>();
  const place = (d: Dimension, where: string): void => {
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
  for (const m of pov) place(m.dimension, "the POV");
  for (const d of outline.baseDimensions) if (!seen.has(d)) pov.push(d.root);
  // A grid needs a column dimension: without one, the first POV dimension goes across.
  if (top.dims.length === 0 && pov.length > 0) {
    const [m] = pov.splice(0, 1) as [Member];
    for (const [k, v] of [...povCells]) {
      if (v === 0) povCells.delete(k);
      else povCells.set(k, v - 1);
    }
    top.dims.push(m.dimension);
    top.tuples.push({ members: [m], origin: 0 });
  }

  // Typed values only matter when the answer is rendered without reading data.
  const typed = new Map<string, string>();
  const rowKeys = settings.navigateWithoutData ? leftTuples.map((t) => tupleKey(t.members)) : [];
  const colKeys = settings.navigateWithoutData ? topTuples.map((t) => tupleKey(t.members)) : [];
  for (let r = settings.navigateWithoutData ? hr : rows; r < rows; r++) {
    const ri = rowTuple[r];
    if (ri == null) continue;
    for (let c = lc; c < columns; c++) {
      const ci = colTuple[c];
      if (ci == null) continue;
      const text = textAt(r, c);
      if (text !== "") {
        typed.set(`${rowKeys[ri]}|${colKeys[ci]}`, text);
      }
    }
  }
  const topRows = new Map<number, number>();
  topRowsList.forEach((t, i) => {
    topRows.set(t.row, i);
  });
  const layout: SheetLayout = {
    rows,
    columns,
    headerRows: hr,
    leftColumns: lc,
    rowTuple,
    colTuple,
    povCells,
    topRows,
  };
  return { model: { outline, pov, left, top, typed, layout }, unknownMembers: [] };
}

function failUnknown(unknown: UnknownMember[], list: string): never {
  throw new GridError("GRID_UNKNOWN_MEMBER", `Unknown member ${list}`, unknown);
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
