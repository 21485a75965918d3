/**
 * Grid settings: the Smart View data and member options under both the names of the QiBates
 * API (missingSuppression, missingLabel, navigateWithoutData, withoutIndentation, codeAliasParam) and
 * the names of the Essbase grid preferences (indentation, suppressMissingRows, zoomInPreference, …).
 * {@link resolveSettings} turns either into one complete {@link ResolvedGridSettings}.
 */

import { ZOOM_MODES, type ZoomMode, zoomModeOf } from "@qibates/grid-rules";

export { ZOOM_MODES, type ZoomMode, zoomModeOf };
export type Indentation = "NONE" | "SUBITEMS" | "TOTALS";
export type AncestorPosition = "TOP" | "BOTTOM";
/** `alias`: the alias of the active table (the name when the member has none); `nameAndAlias`: `name: alias`. */
export type MemberDisplay = "name" | "alias" | "nameAndAlias";

/** What callers may send; every field is optional and both naming styles are accepted. */
export interface GridSettings {
  // The QiBates API's names
  missingSuppression?: boolean;
  missingLabel?: string;
  navigateWithoutData?: boolean | string;
  withoutIndentation?: boolean;
  codeAliasParam?: { displayCodeAndAlias?: boolean; hasCodeAndAlias?: boolean };
  // Essbase grid preference names
  indentation?: Indentation | string;
  suppressMissingRows?: boolean;
  suppressZeroRows?: boolean;
  suppressUnderscoreRows?: boolean;
  suppressNoAccessRows?: boolean;
  suppressMissingColumns?: boolean;
  suppressZeroColumns?: boolean;
  suppressNoAccessColumns?: boolean;
  repeatMemberLabels?: boolean;
  zoomInPreference?: ZoomMode | string;
  includeSelection?: boolean;
  withinSelectedGroup?: boolean;
  removeUnselectedGroup?: boolean;
  /** Essbase's REST spelling. */
  removeUnSelectedGroup?: boolean;
  ancestorPosition?: AncestorPosition | string;
  noAccessLabel?: string;
  missingText?: string;
  noAccessText?: string;
  memberDisplay?: MemberDisplay;
  /** Active alias table; `null` or `"none"` shows member names. */
  aliasTable?: string | null;
  /**
   * The substitution variables the grid sees (name → value), in place of the outline's: those of a session
   * that set some for itself. Without it, the outline's.
   */
  substitutionVariables?: Readonly<Record<string, string>>;
}

export interface ResolvedGridSettings {
  indentation: Indentation;
  suppressMissingRows: boolean;
  suppressZeroRows: boolean;
  suppressUnderscoreRows: boolean;
  suppressNoAccessRows: boolean;
  suppressMissingColumns: boolean;
  suppressZeroColumns: boolean;
  suppressNoAccessColumns: boolean;
  repeatMemberLabels: boolean;
  zoomInPreference: ZoomMode;
  includeSelection: boolean;
  withinSelectedGroup: boolean;
  removeUnselectedGroup: boolean;
  ancestorPosition: AncestorPosition;
  missingLabel: string;
  noAccessLabel: string;
  navigateWithoutData: boolean;
  memberDisplay: MemberDisplay;
  aliasTable: string | null;
  /** As sent; without it, the outline's variables. */
  substitutionVariables?: Readonly<Record<string, string>>;
}

/**
 * Essbase's defaults, as written out by the captured corpus (its baseline preferences): indentation by
 * sub-items, nothing suppressed, labels repeated, zoom to the next level, selection included, ancestors below
 * their descendants (the corpus's zoom answers put the parent last), `#Missing` / `#NoAccess` labels, aliases
 * of the `Default` table.
 */
/** Whether data may take rows or columns out of an answer (missing, zero or no-access suppression). */
export function suppressesData(s: ResolvedGridSettings): boolean {
  return (
    s.suppressMissingRows ||
    s.suppressZeroRows ||
    s.suppressNoAccessRows ||
    s.suppressMissingColumns ||
    s.suppressZeroColumns ||
    s.suppressNoAccessColumns
  );
}

/** `s` with the suppressions that depend on data ({@link suppressesData}) off: every cell the layout could show. */
export function withoutDataSuppression(s: ResolvedGridSettings): ResolvedGridSettings {
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

export const DEFAULT_GRID_SETTINGS: Readonly<ResolvedGridSettings> = Object.freeze({
  indentation: "SUBITEMS",
  suppressMissingRows: false,
  suppressZeroRows: false,
  suppressUnderscoreRows: false,
  suppressNoAccessRows: false,
  suppressMissingColumns: false,
  suppressZeroColumns: false,
  suppressNoAccessColumns: false,
  repeatMemberLabels: true,
  zoomInPreference: "NEXT_LEVEL",
  includeSelection: true,
  withinSelectedGroup: false,
  removeUnselectedGroup: false,
  ancestorPosition: "BOTTOM",
  missingLabel: "#Missing",
  noAccessLabel: "#NoAccess",
  navigateWithoutData: false,
  memberDisplay: "alias",
  aliasTable: "Default",
});

/** Enum values match by name with underscores, spaces and case ignored (`SUBITEMS` = `Sub_Items`). */
function enumValue<T extends string>(raw: unknown, values: readonly T[], fallback: T): T {
  if (typeof raw !== "string") return fallback;
  const key = raw.replace(/[_\s-]/g, "").toUpperCase();
  return values.find((v) => v.replace(/_/g, "").toUpperCase() === key) ?? fallback;
}

function bool(v: unknown): boolean | undefined {
  if (typeof v === "boolean") return v;
  if (typeof v === "string") {
    const t = v.trim().toLowerCase();
    if (t === "true" || t === "yes" || t === "1") return true;
    if (t === "false" || t === "no" || t === "0" || t === "") return false;
  }
  return undefined;
}

export function resolveSettings(
  input: GridSettings | undefined,
  aliasTable?: string | null,
): ResolvedGridSettings {
  const s = input ?? {};
  const d = DEFAULT_GRID_SETTINGS;
  const missingSuppression = bool(s.missingSuppression);
  let indentation = enumValue<Indentation>(s.indentation, ["NONE", "SUBITEMS", "TOTALS"], d.indentation);
  if (bool(s.withoutIndentation) === true) indentation = "NONE";
  const table =
    aliasTable !== undefined ? aliasTable : s.aliasTable !== undefined ? s.aliasTable : d.aliasTable;
  const activeTable = table && table.toLowerCase() !== "none" ? table : null;
  let memberDisplay: MemberDisplay = s.memberDisplay ?? (activeTable ? "alias" : "name");
  if (s.codeAliasParam?.displayCodeAndAlias === true) memberDisplay = "nameAndAlias";
  return {
    indentation,
    suppressMissingRows: bool(s.suppressMissingRows) ?? missingSuppression ?? d.suppressMissingRows,
    suppressZeroRows: bool(s.suppressZeroRows) ?? d.suppressZeroRows,
    suppressUnderscoreRows: bool(s.suppressUnderscoreRows) ?? d.suppressUnderscoreRows,
    suppressNoAccessRows: bool(s.suppressNoAccessRows) ?? d.suppressNoAccessRows,
    suppressMissingColumns: bool(s.suppressMissingColumns) ?? d.suppressMissingColumns,
    suppressZeroColumns: bool(s.suppressZeroColumns) ?? d.suppressZeroColumns,
    suppressNoAccessColumns: bool(s.suppressNoAccessColumns) ?? d.suppressNoAccessColumns,
    repeatMemberLabels: bool(s.repeatMemberLabels) ?? d.repeatMemberLabels,
    zoomInPreference: zoomModeOf(s.zoomInPreference, d.zoomInPreference),
    includeSelection: bool(s.includeSelection) ?? d.includeSelection,
    withinSelectedGroup: bool(s.withinSelectedGroup) ?? d.withinSelectedGroup,
    removeUnselectedGroup:
      bool(s.removeUnselectedGroup) ?? bool(s.removeUnSelectedGroup) ?? d.removeUnselectedGroup,
    ancestorPosition: enumValue<AncestorPosition>(s.ancestorPosition, ["TOP", "BOTTOM"], d.ancestorPosition),
    missingLabel: s.missingLabel ?? s.missingText ?? d.missingLabel,
    noAccessLabel: s.noAccessLabel ?? s.noAccessText ?? d.noAccessLabel,
    navigateWithoutData: bool(s.navigateWithoutData) ?? d.navigateWithoutData,
    memberDisplay: memberDisplay === "alias" && !activeTable ? "name" : memberDisplay,
    aliasTable: activeTable,
    ...(s.substitutionVariables ? { substitutionVariables: s.substitutionVariables } : {}),
  };
}
