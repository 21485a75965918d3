import type { Member, Outline } from "../outline.ts";
import { type GridRequest, type Range, runGridOperation } from "./operations.ts";
import type { GridDataSource, Placement } from "./render.ts";
import type { GridSettings } from "./settings.ts";

/**
 * Replays a case of the Essbase answer-key format (test/fixtures/essbase-oracle/ORIGIN.md): its preferences
 * and operation applied to `basis`. Data cells of the captures are empty (the cube held no data), so the replay
 * reads from an empty cube and shows #Missing as "" unless the case's preferences name a missing text.
 */
export class ReplayCaseError extends Error {
  override readonly name = "ReplayCaseError";
}

export interface ReplayResult {
  cells: string[][];
  placements: Placement[];
  headerRows: number;
  leftColumns: number;
}

/** A cube with no data: every cell #Missing, every cell writable (nothing is kept). */
export function emptySource(outline: Outline): GridDataSource {
  return {
    outline,
    read: (_t: readonly Member[]) => null,
    writeBlocker: () => null,
    write: () => {},
  };
}

function fail(message: string): never {
  throw new ReplayCaseError(message);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

function intList(v: unknown, where: string): number[] {
  if (!Array.isArray(v) || v.some((n) => !Number.isInteger(n) || (n as number) < 0)) {
    fail(`${where} must be a list of non-negative integers`);
  }
  return v as number[];
}

export function readCells(v: unknown, where: string): string[][] {
  if (!Array.isArray(v) || v.some((r) => !Array.isArray(r))) fail(`${where} must be a list of rows`);
  return (v as unknown[][]).map((r, i) =>
    r.map((c, j) => {
      if (c === null || c === undefined) return "";
      if (typeof c === "string") return c;
      if (typeof c === "number" || typeof c === "boolean") return String(c);
      return fail(`${where}[${i}][${j}] must be a string`);
    }),
  );
}

/** Turns a case's `operation` into a grid request over `cells` (pivot coordinates are flat cell indices). */
export function requestFromCase(doc: unknown, cells: string[][], columns: number): GridRequest {
  if (!isRecord(doc)) fail("the case must be a JSON object");
  const op = doc.operation;
  if (!isRecord(op)) fail("`operation` is missing");
  if (typeof op.action !== "string" || op.action.trim() === "") fail("`operation.action` must be a string");
  const action = op.action.replace(/[_\s-]/g, "").toLowerCase();
  const rangesRaw = op.ranges ?? [];
  if (!Array.isArray(rangesRaw)) fail("`operation.ranges` must be a list");
  const ranges = rangesRaw.map((r, i) => intList(r, `operation.ranges[${i}]`));
  const prefs = doc.preferences === undefined ? {} : doc.preferences;
  if (!isRecord(prefs)) fail("`preferences` must be an object");
  const settings: GridSettings = { ...(prefs as GridSettings) };
  if (settings.missingLabel === undefined && settings.missingText === undefined) settings.missingLabel = "";
  const aliasTable = typeof doc.aliasTable === "string" ? doc.aliasTable : "Default";
  const base = { grid: cells, settings, aliasTable };
  const flat = (n: number): { row: number; column: number } => ({
    row: Math.floor(n / Math.max(1, columns)),
    column: n % Math.max(1, columns),
  });
  if (action === "pivot" || action === "pivottopov") {
    // Either [[from, to?]] flat indices, or [[row, col, rows, cols], [to]].
    const points: { row: number; column: number }[] = [];
    for (const r of ranges) {
      if (r.length === 4) {
        points.push({ row: r[0] as number, column: r[1] as number });
      } else for (const n of r) points.push(flat(n));
    }
    const [from, to] = points;
    if (!from) fail("a pivot needs a starting cell in `operation.ranges`");
    return {
      ...base,
      action,
      pivot: { row: from.row, column: from.column, ...(to ? { toRow: to.row, toColumn: to.column } : {}) },
    };
  }
  const list: Range[] = ranges.map((r, i) => {
    if (r.length === 4)
      return {
        startRow: r[0] as number,
        startCol: r[1] as number,
        rows: r[2] as number,
        columns: r[3] as number,
      };
    if (r.length === 2) return { startRow: r[0] as number, startCol: r[1] as number, rows: 1, columns: 1 };
    if (r.length === 1) {
      const p = flat(r[0] as number);
      return { startRow: p.row, startCol: p.column, rows: 1, columns: 1 };
    }
    return fail(`operation.ranges[${i}] must be [startRow, startCol, rows, columns]`);
  });
  return { ...base, action, ranges: list };
}

/**
 * The grid request a case stands for: its `basis` sheet, preferences and operation (`ranges` read once, here,
 * for every path that replays a case: the engine alone and the API through a connector).
 */
export function caseRequest(doc: unknown): GridRequest & { grid: string[][] } {
  if (!isRecord(doc)) fail("the case must be a JSON object");
  const basis = doc.basis;
  if (!isRecord(basis)) fail("`basis` is missing");
  const cells = readCells(basis.cells, "basis.cells");
  const columns = cells.reduce((w, r) => Math.max(w, r.length), 0);
  return { ...requestFromCase(doc, cells, columns), grid: cells };
}

/** Applies a case's preferences and operation to its `basis` and renders the answer. */
export function replayCase(outline: Outline, doc: unknown): ReplayResult {
  const request = caseRequest(doc);
  const out = runGridOperation(emptySource(outline), request);
  return {
    cells: out.grid,
    placements: out.placements,
    headerRows: out.headerRows,
    leftColumns: out.leftColumns,
  };
}

/** Where two sheets first differ, `cell (row, column): got …, want …`, or "" when they are the same. */
export function firstDifference(got: string[][], want: string[][]): string {
  const rows = Math.max(got.length, want.length);
  for (let r = 0; r < rows; r++) {
    const cols = Math.max(got[r]?.length ?? 0, want[r]?.length ?? 0);
    for (let c = 0; c < cols; c++) {
      const g = got[r]?.[c];
      const w = want[r]?.[c];
      if (g !== w) return `cell (${r}, ${c}): got ${JSON.stringify(g)}, want ${JSON.stringify(w)}`;
    }
  }
  return "";
}
