// The engine's grid refusals in the product's words, in both languages. This module imports only the engine's
// grid layer and the provider's errors and registry (no package index), so that a page running the engine in
// the browser can say the engine's errors as the API does without taking in the rest of either package.
import { GridError, type GridPlace, type GridTexts, gridText } from "@qibates/engine/grid";
import { type ErrorLocale, formatNumber } from "@qibates/provider/error-codes";
import { ProviderError, type ProviderText } from "@qibates/provider/errors";
import { providerErrorMessage } from "@qibates/provider/registry-codes";

const PLACE_FR: Readonly<Record<GridPlace, string>> = {
  rows: "les lignes",
  columns: "les colonnes",
  POV: "le PDV",
};

/**
 * Each reason the engine gives for refusing a grid operation, as the French API says it (the registry's template
 * puts it after a colon: it starts in lower case). One entry per reason: the type requires it.
 */
export const GRID_TEXTS_FR: GridTexts = {
  pivotLastRow: () => "impossible de faire pivoter la dernière ligne",
  pivotNoStart: () => "le point de départ du pivot ne peut pas être déterminé",
  pivotNoDestination: () => "la destination du pivot ne peut pas être déterminée",
  pivotInPlace: () => "la dimension est déjà à la destination du pivot",
  removeEmptiesAxis: () => "il faut un en-tête de ligne pour effectuer cette extraction",
  noRowHeader: () => "il faut un en-tête de ligne pour effectuer cette extraction",
  unknownAction: (r) => `action de grille inconnue «\u00a0${r.action}\u00a0»`,
  notAPivot: (r) => `${r.action} n'est pas un pivot`,
  gridNotRows: () => "`grid` doit être une liste de lignes",
  rowNotCells: (r) => `grid[${r.row}] doit être une liste de cellules`,
  cellNotText: (r) => `grid[${r.row}][${r.column}] doit être une chaîne`,
  badCellList: (r) => `\`${r.name}\` doit être une liste d'entiers {row, column}`,
  tooFewDimensions: () => "une grille demande au moins deux dimensions",
  columnHeaderMixed: (r) =>
    `des membres de ${r.dimensions.join(" et de ")} partagent une même ligne d'en-tête de colonne (ligne ${r.row})`,
  rowHeaderMixed: (r) =>
    `des membres de ${r.dimensions[0]} et de ${r.dimensions[1]} partagent une même colonne d'en-tête de ligne (colonne ${r.column})`,
  dimensionTwice: (r) =>
    `la dimension ${r.dimension} figure à la fois dans ${PLACE_FR[r.first]} et dans ${PLACE_FR[r.second]}`,
  unknownMembers: (r) =>
    `membre inconnu ${r.members.map((u) => `${u.text} (ligne ${u.row + 1}, colonne ${u.column + 1})`).join(", ")}`,
  numberForMember: (r) =>
    `la cellule de la ligne ${r.row + 1}, colonne ${r.column + 1} contient le nombre ${r.text} là où un nom de membre est attendu\u202f; ${
      r.member === null
        ? "un nombre est lu comme une donnée, et aucune donnée n'a sa place ici"
        : `pour désigner le membre ${r.member}, saisissez-le comme texte, précédé d'une apostrophe ('${r.text})`
    }`,
  tooManyCells: (r) =>
    `la liste des cellules en désigne ${formatNumber(r.cells, "fr")}\u00a0différentes\u202f; la grille en compte ${formatNumber(r.size, "fr")}`,
  tooLarge: (r) =>
    `la réponse aurait au moins ${formatNumber(r.cells, "fr")}\u00a0cellules, ${formatNumber(r.max, "fr")} au plus permises`,
};

/**
 * The refusals whose engine text is Essbase's own wording, which a spreadsheet user cannot act on ("you must have
 * a row header in order to perform this retrieval" after a Remove Only): what happened and what to do instead, in
 * both languages. Essbase's words go to the answer's `detail`, for the developer.
 */
const USER_REASONS: Partial<Record<GridError["reason"]["id"], ProviderText>> = {
  pivotNoStart: {
    en: "the selected cell holds no member; select a member cell (a row header, a column header or the POV row) to pivot its dimension",
    fr: "la cellule sélectionnée ne contient aucun membre\u202f; sélectionnez une cellule de membre (en-tête de ligne, en-tête de colonne ou ligne de PDV) pour faire pivoter sa dimension",
  },
  noRowHeader: {
    en: "no row has a member name in the grid's first column; type the members of a row dimension down that column (for example the markets), below the column headers, and try again",
    fr: "aucune ligne n'a de nom de membre dans la première colonne de la grille\u202f; saisissez les membres d'une dimension en ligne dans cette colonne (par exemple les marchés), sous les en-têtes de colonne, puis recommencez",
  },
  removeEmptiesAxis: {
    en: "this would leave the grid with no member on its rows or its columns; keep at least one member on the rows and one on the columns",
    fr: "l'opération laisserait la grille sans membre en ligne ou en colonne\u202f; gardez au moins un membre en ligne et un en colonne",
  },
};

/** A grid refusal's reason in both languages. */
export function gridReason(e: GridError): ProviderText {
  return USER_REASONS[e.reason.id] ?? { en: e.message, fr: gridText(GRID_TEXTS_FR, e.reason) };
}

/** The reason of a refusal, with Essbase's own words for the answer's `detail` when they were glossed. */
function selectionParams(e: GridError): { reason: ProviderText; essbaseWords?: string } {
  return USER_REASONS[e.reason.id]
    ? { reason: gridReason(e), essbaseWords: e.message }
    : { reason: gridReason(e) };
}

/** A grid refusal as the provider error the API answers it with. */
export function gridProviderError(e: GridError): ProviderError {
  switch (e.code) {
    case "GRID_UNKNOWN_MEMBER": {
      const first = e.unknownMembers?.[0];
      return new ProviderError(
        "MEMBER_UNKNOWN",
        e.message,
        { member: first?.text ?? "" },
        first ? `grid[${first.row}][${first.column}]` : "grid",
      );
    }
    case "GRID_NUMBER_FOR_MEMBER":
      // The cell at fault is the field, as for an unknown member.
      return new ProviderError("GRID_INVALID", e.message, { reason: gridReason(e) }, e.field ?? "grid");
    case "GRID_PIVOT_LAST_ROW":
      return new ProviderError(
        "PIVOT_LAST_DIMENSION",
        e.message,
        e.dimension === undefined ? null : { dimension: e.dimension },
        "row",
      );
    case "GRID_PIVOT_NO_START":
    case "GRID_PIVOT_NO_DESTINATION":
      return new ProviderError("SELECTION_INVALID", e.message, selectionParams(e), "row");
    case "GRID_REMOVE_EMPTIES_AXIS":
      return new ProviderError("SELECTION_INVALID", e.message, selectionParams(e), "cells");
    case "GRID_TOO_LARGE":
      return new ProviderError(
        "GRID_TOO_LARGE",
        e.message,
        // The server says the size in its own words from `cells` and `max`; `reason` is for the message here.
        { cells: e.size?.cells ?? 0, max: e.size?.max ?? 0, reason: gridReason(e) },
        "grid",
      );
    default:
      return new ProviderError("GRID_INVALID", e.message, selectionParams(e), "grid");
  }
}

/** A grid refusal's message as the API says it, in `locale`. */
export function gridErrorMessage(e: GridError, locale: ErrorLocale): string {
  return providerErrorMessage(gridProviderError(e), locale);
}

/** The same for any error: a grid refusal in the product's words, anything else with its own message. */
export function engineGridMessage(e: unknown, locale: ErrorLocale): string {
  if (e instanceof GridError) return gridErrorMessage(e, locale);
  return e instanceof Error ? e.message : String(e);
}
