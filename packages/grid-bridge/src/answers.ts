/** The engine's grid answers in the contract's terms (shared by the event loop and the grid workers). */
import type { components } from "@qibates/client/schema";
import { type CellKind, finish, type GridResponse, STEP_CELLS, type Steps } from "@qibates/engine/grid";

type Schemas = components["schemas"];

/** A cell's kind as the API returns it (`cellKinds`): the engine's, with a data cell that is not writable
 *  `read-only`. */
export type ContractCellKind = Schemas["CellKind"];

const KIND: Record<string, Schemas["CellKind"]> = {
  corner: "corner",
  blank: "blank",
  pov: "pov",
  "column-header": "column-header",
  "row-header": "row-header",
  data: "data",
  missing: "missing",
  noaccess: "no-access",
  "no-access": "no-access",
  "read-only": "read-only",
};

function contractKind(kind: CellKind, writable: boolean | undefined): Schemas["CellKind"] {
  if (kind === "data" && writable === false) return "read-only";
  return KIND[kind] ?? "blank";
}

/** The contract's kind of each cell of an engine answer, a few rows at a time (see `@qibates/engine/grid`'s `Steps`). */
export function* cellKindsSteps(r: GridResponse): Steps<Schemas["CellKind"][][]> {
  const out: Schemas["CellKind"][][] = [];
  let work = 0;
  for (let row = 0; row < r.kinds.length; row++) {
    const line = r.kinds[row] as CellKind[];
    const writable = r.writable[row];
    out.push(line.map((kind, column) => contractKind(kind, writable?.[column])));
    work += line.length + 1;
    if (work >= STEP_CELLS) {
      work = 0;
      yield;
    }
  }
  return out;
}

/** The engine's answer → the contract's GridResponse (`kinds`: its cells' kinds, when already worked out). */
export function gridAnswer(
  r: GridResponse,
  kinds: Schemas["CellKind"][][] = finish(cellKindsSteps(r)),
): Schemas["GridResponse"] {
  const placements = r.placements;
  // The member each POV dimension stands at, as the engine laid it out (a Dynamic Time Series member too).
  const pov: Record<string, string> = {};
  for (const p of placements) if (p.region === "POV" && p.member !== undefined) pov[p.name] = p.member;
  const byIndex = (region: string) =>
    placements
      .filter((p) => p.region === region)
      .sort((a, b) => a.index - b.index)
      .map((p) => p.name);
  return {
    grid: r.grid,
    cellKinds: kinds,
    layout: {
      pov,
      rowDimensions: byIndex("LEFT"),
      columnDimensions: byIndex("TOP"),
      headerRows: r.headerRows,
      leftColumns: r.leftColumns,
    },
    rangesToDelete: r.rangesToDelete,
    rangeToDelete: r.rangesToDelete[0] ?? null,
  };
}

/**
 * A submit's answer in the contract's terms, without its `dataVersion` (known once the writes are journaled):
 * each submitted cell with its status and what it holds now (`sent`: the sheet as the caller sent it).
 */
export function savedAnswer(
  r: GridResponse,
  sent: readonly (readonly unknown[])[],
  missingLabel: string,
): Omit<Schemas["SaveResponse"], "dataVersion"> {
  const cells = (r.cellStatus ?? []).map((c): Schemas["SubmittedCell"] => {
    const received = sent[c.row]?.[c.column];
    // The engine's status as the contract names it: a listed cell that is not a data cell is `not-data`.
    const status: Schemas["SubmittedCell"]["status"] = c.status;
    const value =
      status === "written"
        ? c.value === null || c.value === undefined
          ? missingLabel
          : String(c.value)
        : received === null || received === undefined
          ? ""
          : String(received);
    return { row: c.row, column: c.column, status, value };
  });
  return {
    submitted: cells.filter((c) => c.status === "written" || c.status === "truncated").length,
    cells,
    ...gridAnswer(r),
  };
}

/** The cells a submit answered `written`, in the order its source was asked to write them (one write each). */
export function writtenCells(r: GridResponse): { row: number; column: number }[] {
  return (r.cellStatus ?? [])
    .filter((c) => c.status === "written")
    .map(({ row, column }) => ({ row, column }));
}
