import { type CellPosition, type ZoomMode, zoomModeOf, zoomReach } from "@qibates/grid-rules";
import type { Outline } from "../outline.ts";
import { labelMember } from "./parse.ts";
import { type GridSettings, resolveSettings } from "./settings.ts";

/** The zoom mode of a grid request: its own `zoomMode`, else its settings' `zoomInPreference`, else next level. */
export function requestZoomMode(request: {
  zoomMode?: unknown;
  settings?: Pick<GridSettings, "zoomInPreference"> | undefined;
}): ZoomMode {
  return request.zoomMode ? zoomModeOf(request.zoomMode) : zoomModeOf(request.settings?.zoomInPreference);
}

/**
 * Whether a Zoom In of `request` over `outline` may answer `limit` cells or more, counted before it runs. Each
 * selected member adds at most its children (next level) or its dimension's members (any other mode, whose reach
 * goes past the children: {@link zoomReach}) as rows or columns of the sheet's width or height; a cell that names
 * no member, as the grid reads labels, adds nothing (the operation refuses it). An upper bound: a caller that runs
 * heavy zooms elsewhere (a worker thread) sends a sheet past it there at once.
 */
export function zoomCellsAtLeast(
  outline: Outline,
  request: {
    grid: readonly (readonly unknown[])[];
    cells?: readonly CellPosition[] | undefined;
    zoomMode?: unknown;
    settings?: GridSettings | undefined;
    aliasTable?: string | null | undefined;
  },
  limit: number,
): boolean {
  const grid = request.grid;
  const rows = grid.length;
  const columns = grid.reduce((w, r) => Math.max(w, Array.isArray(r) ? r.length : 0), 0);
  const settings = resolveSettings(request.settings, request.aliasTable);
  const children = zoomReach(requestZoomMode(request)) === "children";
  let cells = rows * columns;
  for (const { row, column } of request.cells ?? []) {
    const member = labelMember(outline, grid[row]?.[column], settings);
    if (!member) continue;
    const added = children ? member.children.length : member.dimension.size;
    // A row header's member adds rows as wide as the sheet, a column header's columns as high.
    cells += added * Math.max(rows, columns);
    if (cells >= limit) return true;
  }
  return false;
}
