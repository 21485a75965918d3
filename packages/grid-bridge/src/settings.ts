import type { Outline } from "@qibates/engine";
import { type GridRequest, type GridSettings, parseGrid, resolveSettings } from "@qibates/engine/grid";
import type { GridInput } from "@qibates/provider";

/** The contract's grid settings (Smart View's options among them) → the engine's. */
export function engineSettings(input: Partial<GridInput>): {
  settings: GridSettings;
  aliasTable: string | null;
} {
  const s = (input.settings ?? {}) as Record<string, unknown>;
  const cap = input.codeAliasParam ?? {};
  // Contract defaults: aliases of the Default table; `aliasTable: null` shows member names only.
  const aliasTable =
    s.aliasTable === null ? null : typeof s.aliasTable === "string" ? s.aliasTable : "Default";
  const display =
    s.memberDisplay === "NAME" || aliasTable === null
      ? "name"
      : s.memberDisplay === "NAME_AND_ALIAS"
        ? "nameAndAlias"
        : "alias";
  const settings: GridSettings = {
    missingSuppression: s.missingSuppression === true,
    ...(typeof s.missingLabel === "string" ? { missingLabel: s.missingLabel } : {}),
    navigateWithoutData: s.navigateWithoutData === true || s.navigateWithoutData === "true",
    withoutIndentation: s.withoutIndentation === true,
    ...(typeof s.indentation === "string" ? { indentation: s.indentation } : {}),
    ...(typeof s.zoomInMode === "string" ? { zoomInPreference: s.zoomInMode } : {}),
    ...(typeof s.includeSelection === "boolean" ? { includeSelection: s.includeSelection } : {}),
    ...(typeof s.withinSelectedGroup === "boolean" ? { withinSelectedGroup: s.withinSelectedGroup } : {}),
    ...(typeof s.removeUnselectedGroups === "boolean"
      ? { removeUnselectedGroup: s.removeUnselectedGroups }
      : {}),
    ...(typeof s.repeatMemberLabels === "boolean" ? { repeatMemberLabels: s.repeatMemberLabels } : {}),
    ancestorPosition: typeof s.ancestorPosition === "string" ? s.ancestorPosition : "BOTTOM",
    memberDisplay: cap.displayCodeAndAlias ? "nameAndAlias" : display,
    codeAliasParam: cap,
  };
  return { settings, aliasTable };
}

/** A pivot call in the engine's terms: a POV dimension sent to the columns goes to the outermost column row. */
export function pivotSelection(
  outline: Outline,
  input: { grid: readonly (readonly unknown[])[]; row: number; column: number; to?: "rows" | "columns" },
  settings: GridSettings,
): Partial<GridRequest> {
  const { row, column } = input;
  if (input.to !== "columns") return { row, column };
  const { model } = parseGrid(outline, input.grid as unknown[][], resolveSettings(settings));
  const firstTopRow = [...model.layout.topRows.entries()].sort((a, b) => a[1] - b[1])[0]?.[0];
  if (firstTopRow === undefined) return { row, column };
  return { pivot: { row, column, toRow: firstTopRow, toColumn: model.layout.leftColumns } };
}
