import { changedCells } from "@qibates/grid-rules";
import type { GridSource } from "@qibates/provider";
import { gridCells, gridExtent, quantity } from "@qibates/provider";
import type { CallContext } from "./api.ts";
import { ApiError } from "./api-error.ts";
import { gridTooLarge } from "./provider-errors.ts";

/**
 * The rule of MAX_GRID_CELLS, for every grid the server sends or takes: `rows` × `columns` cells at most the
 * configured limit, or `QB_ERR_GRID_TOO_LARGE` on `field`, said of the grid sent (`sent`) or of the answer.
 */
export function checkCells(
  ctx: CallContext,
  { rows, columns }: { rows: number; columns: number },
  sent: boolean,
  field: string | null,
): void {
  const cells = rows * columns;
  const max = ctx.services.config.maxGridCells;
  if (cells > max) throw gridTooLarge(cells, max, sent, field);
}

/**
 * The grid sent, counted as its rows × its longest row (as an answer is counted, and as the providers lay it
 * out): a ragged grid of a few cells whose rectangle is a spreadsheet's is refused, not padded to billions.
 */
export function checkGridSize(ctx: CallContext, grid: GridSource | undefined): void {
  checkCells(ctx, grid ? gridExtent(grid) : { rows: 0, columns: 0 }, true, "grid");
}

/** The cells of a save under the rule of every save (`changedCells`): each once, never more than the grid has. */
export function saveCells(grid: GridSource, listed: readonly { row: number; column: number }[]) {
  const size = gridCells(grid);
  const { cells, tooMany } = changedCells(listed, size);
  if (cells === null) {
    throw new ApiError(
      "QB_ERR_VALIDATION",
      {
        field: "cells",
        reason: {
          en: `it names ${quantity(tooMany).en} different cells, more than the ${quantity(size).en} of the grid`,
          fr: `elle désigne ${quantity(tooMany).fr}\u00a0cellules différentes, plus que les ${quantity(size).fr} de la grille`,
        },
      },
      "cells",
    );
  }
  return cells;
}
