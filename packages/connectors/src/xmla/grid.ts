import type { CellValue, Dimension, Member } from "@qibates/engine";
import {
  type GridDataSource,
  type GridRequest,
  type GridResponse,
  type ResolvedGridSettings,
  runGridOperation,
} from "@qibates/engine/grid";
import type { DataSet } from "@qibates/protocols/xmla";
import { layoutSource } from "../essbase-rest/grid.ts";
import type { XmlaOutline } from "./outline.ts";

/**
 * Ad hoc grids over XMLA, which has no grid verbs: every operation is laid out by the engine's Essbase rules
 * over the outline read through Discover, and the data cells it reads are fetched with one MDX `SELECT` per
 * answer. First pass: the operation runs with nothing suppressed over a source that only notes the tuples it
 * is asked for. Then one `Execute` reads those tuples (the dimensions whose member is the same in every tuple
 * go to the `WHERE` slicer, the others make one set of tuples on `COLUMNS`; cell `i` is tuple `i`). Second
 * pass: the same operation, with the call's own settings, over the values the server answered, so the sheet
 * is exactly the one the engine lays out for that data.
 */

/** The text of an MDX name part: `[…]` with `]` doubled. */
export function bracket(name: string): string {
  return `[${name.replace(/]/g, "]]")}]`;
}

function tupleKey(tuple: readonly Member[]): string {
  let key = "";
  for (const m of tuple) key += `${m.dimension.name}\u0000${m.name}\u0001`;
  return key;
}

/**
 * The `SELECT` that reads `tuples` of `cube`: one column per tuple, constant dimensions in the slicer. A tuple
 * holds one member per base dimension in outline order, then the attribute members a grid slices by; a tuple
 * without a member of an attribute dimension another one has is read at that dimension's top (no slicing), so
 * that every tuple of the set names the same dimensions.
 */
export function cellQuery(
  outline: XmlaOutline,
  cube: string,
  tuples: readonly (readonly Member[])[],
): string {
  const base = outline.outline.baseDimensions.length;
  const attributes: Dimension[] = [];
  for (const t of tuples)
    for (let i = base; i < t.length; i++) {
      const d = (t[i] as Member).dimension;
      if (!attributes.includes(d)) attributes.push(d);
    }
  const rows: Member[][] = tuples.map((t) => [
    ...t.slice(0, base),
    ...attributes.map((d) => t.slice(base).find((m) => m.dimension === d) ?? d.root),
  ]);
  const first = rows[0] ?? [];
  // The first dimension always stays on the axis, so that the answer has one: cell i is tuple i.
  const varying = first.map((m, i) => i === 0 || rows.some((t) => t[i] !== m));
  const name = (m: Member) => outline.uniqueName(m);
  const axis = rows
    .map(
      (t) =>
        `(${t
          .filter((_, i) => varying[i])
          .map(name)
          .join(", ")})`,
    )
    .join(", ");
  const slicer = first.filter((_, i) => !varying[i]).map(name);
  return `SELECT {${axis}} ON COLUMNS FROM ${bracket(cube)}${slicer.length > 0 ? ` WHERE (${slicer.join(", ")})` : ""}`;
}

/** The value of cell `i` of a one-axis answer: a number, `null` (empty), or `"noaccess"` (a cell error). */
export function cellValue(data: DataSet, i: number): CellValue | "noaccess" {
  const cell = data.cells.get(i);
  if (!cell) return null;
  if (cell.error) return "noaccess";
  return typeof cell.value === "number" ? cell.value : null;
}

/** The data-dependent suppressions off: the first pass must read every cell the operation could show. */
function unsuppressed(s: ResolvedGridSettings): ResolvedGridSettings {
  return {
    ...s,
    suppressMissingRows: false,
    suppressZeroRows: false,
    suppressNoAccessRows: false,
    suppressMissingColumns: false,
    suppressZeroColumns: false,
    suppressNoAccessColumns: false,
  };
}

/**
 * Runs one grid operation over the server's data: `fetch` is called with the tuples to read (at most twice:
 * once for the first pass, once more only if the second pass asks for a tuple the first did not).
 */
export async function gridOverServer(
  outline: XmlaOutline,
  request: GridRequest & { settings: ResolvedGridSettings },
  fetch: (tuples: Member[][]) => Promise<(CellValue | "noaccess")[]>,
): Promise<GridResponse> {
  const values = new Map<string, CellValue | "noaccess">();
  const base = layoutSource(outline.outline);
  const wanted: Member[][] = [];
  const wantedKeys = new Set<string>();
  const note = (tuple: readonly Member[]) => {
    const key = tupleKey(tuple);
    if (values.has(key) || wantedKeys.has(key)) return;
    wantedKeys.add(key);
    wanted.push([...tuple]);
  };
  const fetchWanted = async () => {
    if (wanted.length === 0) return;
    const answered = await fetch(wanted);
    wanted.forEach((t, i) => {
      values.set(tupleKey(t), answered[i] ?? null);
    });
    wanted.length = 0;
    wantedKeys.clear();
  };
  const recording: GridDataSource = {
    ...base,
    read: (tuple) => {
      note(tuple);
      return null;
    },
  };
  // The cell budget counts the rows an answer keeps: with suppression, the first pass may read more than that.
  const s = request.settings;
  const suppresses =
    s.suppressMissingRows ||
    s.suppressZeroRows ||
    s.suppressNoAccessRows ||
    s.suppressMissingColumns ||
    s.suppressZeroColumns ||
    s.suppressNoAccessColumns;
  const { maxCells, ...rest } = request;
  runGridOperation(recording, {
    ...rest,
    ...(maxCells !== undefined && !suppresses ? { maxCells } : {}),
    settings: unsuppressed(s),
  });
  await fetchWanted();
  for (let attempt = 0; ; attempt++) {
    let missed = false;
    const source: GridDataSource = {
      ...base,
      canRead: (tuple) => values.get(tupleKey(tuple)) !== "noaccess",
      read: (tuple) => {
        const v = values.get(tupleKey(tuple));
        if (v === undefined) {
          missed = true;
          note(tuple);
          return null;
        }
        return v === "noaccess" ? null : v;
      },
    };
    const answer = runGridOperation(source, request);
    if (!missed || attempt > 0) return answer;
    await fetchWanted();
  }
}
