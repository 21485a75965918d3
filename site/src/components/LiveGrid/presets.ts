import type { GridRequest, GridSettings, ZoomMode } from "@qibates/engine/grid";

/** The operations a live example can offer. */
export type LiveAction =
  | "zoomin"
  | "zoomout"
  | "keeponly"
  | "removeonly"
  | "pivot"
  | "pivottopov"
  | "refresh"
  | "submit";

/** The setting controls a live example can show. */
export type LiveControl =
  | "zoomMode"
  | "includeSelection"
  | "missingLabel"
  | "missingSuppression"
  | "withoutIndentation"
  | "memberDisplay"
  | "navigateWithoutData";

/** Helpers shown beside the grid: member search (`nav/search`) and the cube's substitution variables. */
export type LiveTool = "search" | "variables";

/** Which cells the reader may type into: member cells (ad hoc), writable data cells (submit), or none. */
export type Editable = "members" | "data" | "none";

export interface LivePreset {
  /** The sheet as typed, before the first refresh (rows of strings, row 0 is the POV row). */
  sheet: string[][];
  /** An operation run once on the typed sheet to reach the starting grid (else a refresh). */
  setup?: Pick<GridRequest, "action" | "cells" | "zoomMode">;
  actions: LiveAction[];
  controls: LiveControl[];
  editable: Editable;
  settings: GridSettings;
  /** Cells selected at the start (sheet coordinates, 0-based). */
  selected?: { row: number; column: number }[];
  zoomMode?: ZoomMode;
  /** The demo application: Sample.Basic ad hoc grids (default) or the Vision planning form. */
  application?: "sample-basic" | "vision";
  /** Helpers that type a found member or a variable into the active cell (pages with `editable: "members"`). */
  tools?: LiveTool[];
}

/** Names, not aliases, as the documentation's tables show them (Display code and alias defaults to names). */
const NAMES: GridSettings = { memberDisplay: "name", aliasTable: null };

const MARKET_MEASURES = [
  ["", "", "100-10", "Actual"],
  ["", "", "Jul", ""],
  ["New York", "Sales"],
  ["New York", "Profit"],
  ["Florida", "Sales"],
  ["Florida", "Profit"],
];

const COLA_EAST = [
  ["", "100-10", "Sales", "Actual"],
  ["", "Jan", "Feb", "Mar"],
  ["East", "", "", ""],
];

/** One starting grid per documentation page (Sample.Basic, published figures where the page quotes them). */
export const PRESETS = {
  zoom: {
    sheet: [
      ["", "100-10", "Sales", "Actual"],
      ["", "Qtr1", "", ""],
      ["East", "", "", ""],
    ],
    actions: ["zoomin", "zoomout"],
    controls: ["zoomMode", "includeSelection"],
    editable: "none",
    settings: NAMES,
    selected: [{ row: 1, column: 1 }],
  },
  keepRemove: {
    sheet: [...MARKET_MEASURES, ["California", "Sales"], ["California", "Profit"]],
    actions: ["keeponly", "removeonly"],
    controls: [],
    editable: "none",
    settings: NAMES,
    selected: [{ row: 2, column: 1 }],
  },
  pivot: {
    sheet: MARKET_MEASURES,
    actions: ["pivot", "pivottopov"],
    controls: [],
    editable: "none",
    settings: NAMES,
    selected: [{ row: 2, column: 1 }],
  },
  refresh: {
    // Caffeine Free Cola (100-30) is not sold in the South: the Texas row is all #Missing.
    sheet: [
      ["", "100-30", "Sales", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["East", "", "", ""],
      ["Connecticut", "", "", ""],
      ["Texas", "", "", ""],
    ],
    actions: ["refresh"],
    controls: ["missingSuppression", "missingLabel"],
    editable: "members",
    settings: NAMES,
    selected: [{ row: 2, column: 0 }],
  },
  submit: {
    sheet: [
      ["", "100-10", "Actual", "New York"],
      ["", "Jan", "Feb", "Mar", "Qtr1"],
      ["Sales"],
      ["COGS"],
      ["Margin"],
    ],
    actions: ["submit", "refresh"],
    controls: [],
    editable: "data",
    settings: NAMES,
    selected: [{ row: 2, column: 1 }],
  },
  adhoc: {
    sheet: [
      ["", "100-10", "Sales", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["New York", "", "", ""],
      ["", "", "", ""],
    ],
    actions: ["refresh", "zoomin", "zoomout"],
    controls: [],
    editable: "members",
    settings: NAMES,
    selected: [{ row: 3, column: 0 }],
    tools: ["search", "variables"],
  },
  missingLabel: {
    sheet: [
      ["", "Sales", "Actual", "Qtr1"],
      ["", "East", "South", ""],
      ["300", "", "", ""],
      ["400", "", "", ""],
    ],
    actions: ["refresh"],
    controls: ["missingLabel"],
    editable: "none",
    settings: NAMES,
  },
  missingSuppression: {
    sheet: [
      ["", "Sales", "Actual", "Qtr1"],
      ["", "South", "", ""],
      ["Product", "", "", ""],
    ],
    setup: { action: "zoomin", cells: [{ row: 2, column: 0 }], zoomMode: "ALL_LEVELS" },
    actions: ["refresh", "zoomin", "zoomout"],
    controls: ["missingSuppression"],
    editable: "none",
    settings: NAMES,
  },
  withoutIndentation: {
    sheet: [
      ["", "100-10", "Actual", "East"],
      ["", "Jan", "", ""],
      ["Profit", "", "", ""],
    ],
    setup: { action: "zoomin", cells: [{ row: 2, column: 0 }], zoomMode: "ALL_LEVELS" },
    actions: ["refresh", "zoomin", "zoomout"],
    controls: ["withoutIndentation"],
    editable: "none",
    settings: NAMES,
  },
  displayCodeAndAlias: {
    sheet: [
      ["", "Sales", "Actual", "East"],
      ["", "Jan", "", ""],
      ["100", "", "", ""],
    ],
    setup: { action: "zoomin", cells: [{ row: 2, column: 0 }] },
    actions: ["refresh", "zoomin", "zoomout"],
    controls: ["memberDisplay"],
    editable: "none",
    settings: NAMES,
  },
  navigationWithoutData: {
    sheet: COLA_EAST,
    actions: ["zoomin", "zoomout", "keeponly", "refresh"],
    controls: ["navigateWithoutData"],
    editable: "none",
    settings: { ...NAMES, navigateWithoutData: true },
    selected: [{ row: 2, column: 0 }],
  },
  openForm: {
    // The Revenue Plan form of Vision: the sheet comes from the form's definition.
    sheet: [],
    actions: ["submit", "refresh"],
    controls: [],
    editable: "data",
    settings: {},
    selected: [{ row: 2, column: 1 }],
    application: "vision",
  },
} satisfies Record<string, LivePreset>;

export type PresetName = keyof typeof PRESETS;
