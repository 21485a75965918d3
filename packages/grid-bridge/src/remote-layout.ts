import type { components } from "@qibates/client/schema";
import { type Member, memberWriteBlocker, type Outline } from "@qibates/engine";
import {
  type GridDataSource,
  type GridRequest,
  type ResolvedGridSettings,
  runGridOperation,
} from "@qibates/engine/grid";
import { type GridCall, type GridInput, gridRows } from "@qibates/provider";
import { engineError } from "./engine-errors.ts";
import { pivotSelection } from "./settings.ts";

/**
 * A cube with no data over a remote outline, for laying sheets out: which cells may be written follows the
 * outline with the engine's own rule (`memberWriteBlocker`), as the server's cube does.
 */
export function layoutSource(outline: Outline): GridDataSource {
  return {
    outline,
    read: () => null,
    writeBlocker: (tuple: readonly Member[]) => {
      for (const m of tuple) {
        const why = memberWriteBlocker(m);
        if (why) return why;
      }
      return null;
    },
    write: () => {},
  };
}

/**
 * The engine's request for a grid call of the provider contract, with `settings` as given: the selected
 * cells, the pivot start (a pivot to the columns goes to the outermost column row) or the POV cell.
 */
export function gridRequestOf(
  outline: Outline,
  settings: ResolvedGridSettings,
  aliasTable: string | null,
  call: GridCall,
): GridRequest & { settings: ResolvedGridSettings } {
  const input = call.input as Partial<GridInput> & {
    cells?: components["schemas"]["CellRef"][];
    row?: number;
    column?: number;
    to?: "rows" | "columns";
  };
  // A grid left as the request's text is parsed here: the layout reads its cells.
  const grid = input.grid ? gridRows(input.grid) : [];
  return {
    action: call.action === "initgrid" ? "refresh" : call.action,
    grid,
    aliasTable,
    ...(input.maxCells !== undefined ? { maxCells: input.maxCells } : {}),
    ...(input.cells ? { cells: input.cells } : {}),
    ...(call.action === "pivottopov" ? { row: input.row, column: input.column } : {}),
    ...(call.action === "pivot"
      ? pivotSelection(
          outline,
          { grid, row: input.row ?? 0, column: input.column ?? 0, ...(input.to ? { to: input.to } : {}) },
          settings,
        )
      : {}),
    settings,
  };
}

/** Every data cell of a sheet (data or missing), as the engine reads the sheet over `outline`. */
export function dataCellsOf(
  outline: Outline,
  sheet: readonly (readonly unknown[])[],
  settings: ResolvedGridSettings,
  aliasTable: string | null,
): { row: number; column: number }[] {
  let local: ReturnType<typeof runGridOperation>;
  try {
    local = runGridOperation(layoutSource(outline), {
      action: "refresh",
      grid: sheet,
      settings: { ...settings, suppressMissingRows: false, suppressMissingColumns: false },
      aliasTable,
    });
  } catch (e) {
    // A sheet the engine cannot read (a dimension twice, an unknown member) is refused as a refresh refuses it.
    engineError(e);
  }
  const found: { row: number; column: number }[] = [];
  local.kinds.forEach((row, r) => {
    row.forEach((k, c) => {
      if (k === "data" || k === "missing") found.push({ row: r, column: c });
    });
  });
  return found;
}

/**
 * What a submit of `cells` does to each, as the engine decides over `outline` alone (no data read, nothing
 * written): `written` for a number or the missing label in a data cell the outline lets write, `read-only` for
 * a cell of a Dynamic Calc or Label Only member, `invalid` for a text that is not a number, `not-data` for a cell
 * outside the data region. A connector sends the server the `written` ones only, and answers these statuses,
 * as the demo server does.
 */
export function submitStatusesOf(
  outline: Outline,
  sheet: readonly (readonly unknown[])[],
  cells: readonly { row: number; column: number }[],
  settings: ResolvedGridSettings,
  aliasTable: string | null,
): { row: number; column: number; status: "written" | "read-only" | "invalid" | "not-data" }[] {
  try {
    const local = runGridOperation(layoutSource(outline), {
      action: "submit",
      grid: sheet,
      dirtyCells: [...cells],
      settings,
      aliasTable,
    });
    return (local.cellStatus ?? []).map(({ row, column, status }) => ({ row, column, status }));
  } catch (e) {
    engineError(e);
  }
}
