import { translate } from "@docusaurus/Translate";
import type { ZoomMode } from "@qibates/engine/grid";
import type { LiveStatus } from "./backend";
import type { LiveAction } from "./presets";

/** Button labels, in the page's language (Smart View's French terms). */
export function actionLabels(): Record<LiveAction, string> {
  return {
    zoomin: translate({ id: "liveGrid.action.zoomIn", message: "Zoom in" }),
    zoomout: translate({ id: "liveGrid.action.zoomOut", message: "Zoom out" }),
    keeponly: translate({ id: "liveGrid.action.keepOnly", message: "Keep only" }),
    removeonly: translate({ id: "liveGrid.action.removeOnly", message: "Remove only" }),
    pivot: translate({ id: "liveGrid.action.pivot", message: "Pivot" }),
    pivottopov: translate({ id: "liveGrid.action.pivotToPov", message: "Pivot to POV" }),
    refresh: translate({ id: "liveGrid.action.refresh", message: "Refresh" }),
    submit: translate({ id: "liveGrid.action.submit", message: "Submit" }),
  };
}

/**
 * What the status line says once an operation has run, one phrase per operation (in French the noun and its
 * agreement differ: « Pivot effectué », « Actualisation effectuée »).
 */
export function doneLabels(): Record<Exclude<LiveAction, "submit">, string> {
  return {
    zoomin: translate({ id: "liveGrid.done.zoomIn", message: "Zoom in done" }),
    zoomout: translate({ id: "liveGrid.done.zoomOut", message: "Zoom out done" }),
    keeponly: translate({ id: "liveGrid.done.keepOnly", message: "Keep only done" }),
    removeonly: translate({ id: "liveGrid.done.removeOnly", message: "Remove only done" }),
    pivot: translate({ id: "liveGrid.done.pivot", message: "Pivot done" }),
    pivottopov: translate({ id: "liveGrid.done.pivotToPov", message: "Pivot to POV done" }),
    refresh: translate({ id: "liveGrid.done.refresh", message: "Refresh done" }),
  };
}

/** The zoom-in levels as the Zoom page names them. */
export function zoomModeLabels(): Record<ZoomMode, string> {
  return {
    NEXT_LEVEL: translate({ id: "liveGrid.zoomMode.nextLevel", message: "Next level" }),
    ALL_LEVELS: translate({ id: "liveGrid.zoomMode.allLevels", message: "All levels" }),
    BOTTOM_LEVEL: translate({ id: "liveGrid.zoomMode.bottomLevel", message: "Bottom level" }),
    SIBLING_LEVEL: translate({ id: "liveGrid.zoomMode.siblingLevel", message: "Sibling level" }),
    SAME_LEVEL: translate({ id: "liveGrid.zoomMode.sameLevel", message: "Same level" }),
    SAME_GENERATION: translate({ id: "liveGrid.zoomMode.sameGeneration", message: "Same generation" }),
    CALC_LEVEL: translate({ id: "liveGrid.zoomMode.formulas", message: "Formulas" }),
  };
}

export function statusLabels(): Record<LiveStatus["status"], string> {
  return {
    written: translate({ id: "liveGrid.submit.written", message: "Written" }),
    truncated: translate({ id: "liveGrid.submit.truncated", message: "Written, truncated" }),
    "read-only": translate({ id: "liveGrid.submit.readOnly", message: "Read-only" }),
    invalid: translate({ id: "liveGrid.submit.invalid", message: "Not a number" }),
    "not-data": translate({ id: "liveGrid.submit.notData", message: "Not a data cell" }),
  };
}

export function memberDisplayLabels(): Record<"name" | "alias" | "nameAndAlias", string> {
  return {
    name: translate({ id: "liveGrid.memberDisplay.name", message: "Member name only" }),
    alias: translate({ id: "liveGrid.memberDisplay.alias", message: "Alias only" }),
    nameAndAlias: translate({ id: "liveGrid.memberDisplay.both", message: "Both" }),
  };
}

export const text = {
  title: () => translate({ id: "liveGrid.title", message: "Try it: live Sample.Basic grid" }),
  intro: () =>
    translate({
      id: "liveGrid.intro",
      message:
        "This grid runs the QiBates engine in your browser on the Sample.Basic demo cube: no server is called. Select cells with the mouse or the arrow keys (Shift or Ctrl for several cells, Ctrl+arrows then Space to add a cell), then click an operation.",
    }),
  formTitle: () => translate({ id: "liveGrid.formTitle", message: "Try it: live Vision form" }),
  formIntro: () =>
    translate({
      id: "liveGrid.hint.form",
      message:
        "The Revenue Plan form of the Vision demo application, opened by the QiBates engine in your browser: no server is called. White cells are writable, grey-blue ones are computed; Submit writes the form, runs its on-save rule and shows the refreshed totals. Move with the mouse or the arrow keys.",
    }),
  editMembers: () =>
    translate({
      id: "liveGrid.hint.editMembers",
      message: "Type a member name in a cell (or press Enter or F2 to edit it), then click Refresh.",
    }),
  editData: () =>
    translate({
      id: "liveGrid.hint.editData",
      message:
        "Type numbers in the white data cells (or press Enter or F2 to edit one): modified cells turn yellow until you click Submit.",
    }),
  gridLabel: () => translate({ id: "liveGrid.gridLabel", message: "Sample.Basic sheet" }),
  formGridLabel: () => translate({ id: "liveGrid.formGridLabel", message: "Revenue Plan form of Vision" }),
  operations: () => translate({ id: "liveGrid.operations", message: "Operations" }),
  settings: () => translate({ id: "liveGrid.settings", message: "Settings" }),
  reset: () => translate({ id: "liveGrid.action.reset", message: "Reset" }),
  zoomMode: () => translate({ id: "liveGrid.option.zoomMode", message: "Zoom in level" }),
  includeSelection: () => translate({ id: "liveGrid.option.includeSelection", message: "Include selection" }),
  missingLabel: () => translate({ id: "liveGrid.option.missingLabel", message: "Missing label" }),
  missingSuppression: () =>
    translate({ id: "liveGrid.option.missingSuppression", message: "Missing suppression" }),
  withoutIndentation: () =>
    translate({ id: "liveGrid.option.withoutIndentation", message: "Without indentation" }),
  memberDisplay: () => translate({ id: "liveGrid.option.memberDisplay", message: "Display code and alias" }),
  navigateWithoutData: () =>
    translate({ id: "liveGrid.option.navigateWithoutData", message: "Navigate without data" }),
  optionsApply: () =>
    translate({ id: "liveGrid.option.applies", message: "Options apply at the next operation." }),
  selection: (cells: string) =>
    translate({ id: "liveGrid.selection", message: "Selection: {cells}" }, { cells: cells || "—" }),
  editCell: (cell: string) => translate({ id: "liveGrid.editCell", message: "Edit cell {cell}" }, { cell }),
  done: (done: string, rows: number, columns: number) =>
    translate(
      {
        id: "liveGrid.status.done",
        message: "{done}: the grid now has {rows} rows and {columns} columns.",
      },
      { done, rows, columns },
    ),
  unchanged: (action: string) =>
    translate(
      {
        id: "liveGrid.status.unchanged",
        message: "{action}: nothing to change here (select a member cell); the grid was refreshed.",
      },
      { action },
    ),
  error: (message: string) =>
    translate({ id: "liveGrid.status.error", message: "Error: {message}" }, { message }),
  unknownMembers: (cells: string) =>
    translate({ id: "liveGrid.status.unknownMembers", message: "Unknown members in {cells}." }, { cells }),
  noSelection: () => translate({ id: "liveGrid.status.noSelection", message: "Select a cell first." }),
  reset_done: () =>
    translate({ id: "liveGrid.status.reset", message: "The grid is back to its starting point." }),
  submitted: (written: number, rejected: number) =>
    translate(
      {
        id: "liveGrid.status.submitted",
        message: "Submit done: cells written {written}, refused {rejected}; the grid was refreshed.",
      },
      { written, rejected },
    ),
  nothingToSubmit: () =>
    translate({ id: "liveGrid.status.nothingToSubmit", message: "No modified cell to submit." }),
  dirtyCount: (count: number) =>
    translate({ id: "liveGrid.dirtyCount", message: "Modified cells: {count}" }, { count }),
  statusCaption: () => translate({ id: "liveGrid.submit.caption", message: "Submitted cells" }),
  cell: () => translate({ id: "liveGrid.submit.cell", message: "Cell" }),
  value: () => translate({ id: "liveGrid.submit.value", message: "Value" }),
  status: () => translate({ id: "liveGrid.submit.status", message: "Status" }),
  totalsCaption: () =>
    translate({ id: "liveGrid.submit.totalsCaption", message: "Totals recalculated after the refresh" }),
  before: () => translate({ id: "liveGrid.submit.before", message: "Before" }),
  after: () => translate({ id: "liveGrid.submit.after", message: "After" }),
  findLabel: () => translate({ id: "liveGrid.search.label", message: "Find a member by name or alias" }),
  find: () => translate({ id: "liveGrid.search.find", message: "Find" }),
  // None and one said apart: « Aucun membre ne correspond », « 1 membre correspond » (it said "0 membres",
  // "1 members").
  found: (total: number, keyword: string) =>
    total === 0
      ? translate({ id: "liveGrid.search.none", message: "No member matches “{keyword}”." }, { keyword })
      : total === 1
        ? translate({ id: "liveGrid.search.foundOne", message: "1 member matches “{keyword}”." }, { keyword })
        : translate(
            { id: "liveGrid.search.found", message: "{total} members match “{keyword}”." },
            { total, keyword },
          ),
  pickMember: (cell: string) =>
    translate(
      { id: "liveGrid.search.pick", message: "Click one to type it in cell {cell}, then Refresh." },
      { cell },
    ),
  variablesCaption: () =>
    translate({ id: "liveGrid.variables.caption", message: "Substitution variables of Sample.Basic" }),
  variablesIntro: (cell: string) =>
    translate(
      {
        id: "liveGrid.variables.intro",
        message: "Click a variable to type it in cell {cell}; Refresh shows the member it stands for.",
      },
      { cell },
    ),
  variable: () => translate({ id: "liveGrid.variables.name", message: "Variable" }),
  pickWhere: () =>
    translate({
      id: "liveGrid.tools.pickWhere",
      message: "Select a member cell or an empty cell of the sheet first.",
    }),
};
