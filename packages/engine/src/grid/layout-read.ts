import type { Outline } from "../outline.ts";
import { parseGrid } from "./parse.ts";
import type { Placement } from "./render.ts";
import { type GridSettings, resolveSettings } from "./settings.ts";

/** How a sheet is read: where each dimension sits (the layout-legality question of pivot-layouts.json). */
export function readLayout(
  outline: Outline,
  cells: readonly (readonly unknown[])[],
  settings?: GridSettings,
): { headerRows: number; leftColumns: number; placements: Placement[] } {
  // Labels are read with the sheet's alias table (member names and Default aliases when it names none): a sheet
  // shown with Long Names is read back with them.
  const s = resolveSettings(settings ?? {}, settings?.aliasTable ?? null);
  const { model } = parseGrid(outline, cells, s);
  const povRow = model.layout.headerRows - model.top.dims.length > 0;
  const topRowOf = new Map<number, number>();
  for (const [row, k] of model.layout.topRows) topRowOf.set(k, row);
  const placements: Placement[] = [];
  for (const d of outline.dimensions) {
    const li = model.left.dims.indexOf(d);
    const ti = model.top.dims.indexOf(d);
    if (li >= 0) placements.push({ name: d.name, region: "LEFT", index: li });
    else if (ti >= 0)
      placements.push({ name: d.name, region: "TOP", index: topRowOf.get(ti) ?? (povRow ? ti + 1 : ti) });
    else {
      const m = model.pov.find((p) => p.dimension === d);
      placements.push({ name: d.name, region: "POV", index: -1, member: m?.name ?? d.name });
    }
  }
  return { headerRows: model.layout.headerRows, leftColumns: model.layout.leftColumns, placements };
}
