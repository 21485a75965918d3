import type { CellValue, Member, Outline } from "@qibates/engine";
import {
  type GridDataSource,
  type GridRequest,
  type GridResponse,
  type ResolvedGridSettings,
  runGridOperation,
  suppressesData,
  withoutDataSuppression,
} from "@qibates/engine/grid";
import { layoutSource } from "./remote-layout.ts";

/**
 * Ad hoc grids over a server that has no grid verbs (XMLA, Smart View's MDX): every operation is laid out by
 * the engine's Essbase rules over the outline read from the server, and the data cells it reads are fetched by
 * the connector (`fetch`, one MDX `SELECT` per answer). First pass: the operation runs with nothing suppressed
 * over a source that only notes the tuples it is asked for. Then one fetch reads those tuples. Second pass: the
 * same operation, with the call's own settings, over the values the server answered, so the sheet is exactly
 * the one the engine lays out for that data.
 */

function tupleKey(tuple: readonly Member[]): string {
  let key = "";
  for (const m of tuple) key += `${m.dimension.name}\u0000${m.name}\u0001`;
  return key;
}

/**
 * Runs one grid operation over the server's data: `fetch` is called with the tuples to read (at most twice:
 * once for the first pass, once more only if the second pass asks for a tuple the first did not).
 */
export async function gridOverServer(
  outline: { readonly outline: Outline },
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
  const suppresses = suppressesData(s);
  const { maxCells, ...rest } = request;
  runGridOperation(recording, {
    ...rest,
    ...(maxCells !== undefined && !suppresses ? { maxCells } : {}),
    // The data-dependent suppressions off: the first pass must read every cell the operation could show.
    settings: withoutDataSuppression(s),
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
