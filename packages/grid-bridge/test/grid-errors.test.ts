import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import {
  GRID_TEXTS,
  GridError,
  type GridErrorCode,
  type GridMessageId,
  type GridReason,
  type GridRequest,
  gridText,
  runGridOperation,
} from "@qibates/engine/grid";
import { errorDetail } from "@qibates/provider/error-codes";
import { describe, expect, it } from "vitest";
import { thrown } from "../../engine/test/support/thrown.ts";
import { GRID_TEXTS_FR, gridErrorMessage, gridProviderError } from "../src/grid-errors.ts";
import { apiMessage } from "./api-message.ts";

/** One reason of each kind the engine gives, with the code it is thrown with. */
const SAMPLES: { [K in GridMessageId]: [GridErrorCode, Extract<GridReason, { id: K }>] } = {
  pivotLastRow: ["GRID_PIVOT_LAST_ROW", { id: "pivotLastRow" }],
  pivotNoStart: ["GRID_PIVOT_NO_START", { id: "pivotNoStart" }],
  pivotNoDestination: ["GRID_PIVOT_NO_DESTINATION", { id: "pivotNoDestination" }],
  pivotInPlace: ["GRID_PIVOT_NO_DESTINATION", { id: "pivotInPlace" }],
  removeEmptiesAxis: ["GRID_REMOVE_EMPTIES_AXIS", { id: "removeEmptiesAxis" }],
  noRowHeader: ["GRID_NO_ROW_HEADER", { id: "noRowHeader" }],
  unknownAction: ["GRID_BAD_REQUEST", { id: "unknownAction", action: "spin" }],
  notAPivot: ["GRID_BAD_REQUEST", { id: "notAPivot", action: "zoomin" }],
  gridNotRows: ["GRID_BAD_REQUEST", { id: "gridNotRows" }],
  rowNotCells: ["GRID_BAD_REQUEST", { id: "rowNotCells", row: 2 }],
  cellNotText: ["GRID_BAD_REQUEST", { id: "cellNotText", row: 2, column: 1 }],
  badCellList: ["GRID_BAD_REQUEST", { id: "badCellList", name: "cells" }],
  tooFewDimensions: ["GRID_BAD_REQUEST", { id: "tooFewDimensions" }],
  columnHeaderMixed: [
    "GRID_DIMENSION_CONFLICT",
    { id: "columnHeaderMixed", dimensions: ["Year", "Scenario"], row: 2 },
  ],
  rowHeaderMixed: [
    "GRID_DIMENSION_CONFLICT",
    { id: "rowHeaderMixed", dimensions: ["Market", "Year"], column: 1 },
  ],
  dimensionTwice: [
    "GRID_DIMENSION_CONFLICT",
    { id: "dimensionTwice", dimension: "Market", first: "rows", second: "POV" },
  ],
  unknownMembers: [
    "GRID_UNKNOWN_MEMBER",
    { id: "unknownMembers", members: [{ row: 2, column: 0, text: "New Jersey" }] },
  ],
  numberForMember: [
    "GRID_NUMBER_FOR_MEMBER",
    { id: "numberForMember", row: 2, column: 0, text: "200", member: "200" },
  ],
  tooManyCells: ["GRID_BAD_REQUEST", { id: "tooManyCells", cells: 12, size: 9 }],
  tooLarge: ["GRID_TOO_LARGE", { id: "tooLarge", cells: 600, max: 500 }],
};

/** Words that only an English sentence has. */
const ENGLISH =
  /\b(the|is|are|must|and|of|share|shares|cannot|used|both|list|needs|would|has|have|allowed|Unknown|names)\b/;

describe("every engine grid message has its French", () => {
  const ids = Object.keys(GRID_TEXTS) as GridMessageId[];

  it.each(ids)("%s", (id) => {
    const sample = SAMPLES[id];
    expect(sample, `no sample reason for ${id}: add one`).toBeDefined();
    const [code, reason]: [GridErrorCode, GridReason] = sample;
    const en = gridText(GRID_TEXTS, reason);
    const fr = gridText(GRID_TEXTS_FR, reason);
    expect(fr).not.toBe(en);
    expect(fr).not.toMatch(ENGLISH);
    // Through the API's path: the French answer holds no English words, whatever registry message it uses.
    const error = new GridError(
      code,
      reason,
      reason.id === "unknownMembers" ? [...reason.members] : undefined,
      code === "GRID_TOO_LARGE" ? { cells: 600, max: 500 } : undefined,
      code === "GRID_PIVOT_LAST_ROW" ? "Market" : undefined,
    );
    expect(apiMessage(error, "fr")).not.toMatch(ENGLISH);
    expect(gridErrorMessage(error, "fr")).toBe(apiMessage(error, "fr"));
    expect(gridErrorMessage(error, "en")).toBe(apiMessage(error, "en"));
  });
});

describe("an engine refusal on Sample.Basic, in French", () => {
  const cube = createSampleBasicCube();
  /** The engine's refusal of `action` on `grid` (the request's other fields in `more`). */
  const refusal = (action: string, grid: string[][], more: Partial<GridRequest> = {}): GridError =>
    thrown(GridError, () => runGridOperation(cube, { action, grid, ...more }));

  it("a dimension in the rows and the POV", () => {
    const e = refusal("refresh", [
      ["", "Cola", "Sales", "East"],
      ["", "Jan"],
      ["New York", ""],
    ]);
    expect(apiMessage(e, "en")).toBe(
      "The grid cannot be read: dimension Market is used both in the rows and the POV.",
    );
    expect(apiMessage(e, "fr")).toBe(
      "La grille ne peut pas être lue : la dimension Market figure à la fois dans les lignes et dans le PDV.",
    );
  });

  it("the last row dimension pivoted", () => {
    const lastRow = [
      ["", "Cola", "Sales", "Actual"],
      ["", "Jan"],
      ["East", ""],
    ];
    const e = refusal("pivot", lastRow, { cells: [{ row: 2, column: 0 }] });
    expect(gridErrorMessage(e, "en")).toBe(
      "The dimension Market is the last one on its axis and cannot move.",
    );
    expect(gridErrorMessage(e, "fr")).toBe(
      "La dimension Market est la dernière de son axe et ne peut pas être déplacée.",
    );
  });
});

describe("a refusal Essbase words for a developer, said for the person at the sheet", () => {
  const cube = createSampleBasicCube();
  const east = [
    ["", "Cola", "Sales", "Actual"],
    ["", "Jan", "Feb", "Mar"],
    ["East", "", "", ""],
  ];

  it.each([
    [
      "a Remove Only of the last row member",
      () => runGridOperation(cube, { action: "removeonly", grid: east, cells: [{ row: 2, column: 0 }] }),
      "Invalid selection: this would leave the grid with no member on its rows or its columns; keep at least one member on the rows and one on the columns.",
      "You must have a row header in order to perform this retrieval",
    ],
    [
      "a pivot from a data cell",
      () => runGridOperation(cube, { action: "pivot", grid: east, cells: [{ row: 2, column: 1 }] }),
      "Invalid selection: the selected cell holds no member; select a member cell (a row header, a column header or the POV row) to pivot its dimension.",
      "Pivot starting point cannot be determined",
    ],
  ])("%s", (_, run, message, essbase) => {
    const e = thrown(GridError, run);
    expect(gridErrorMessage(e, "en")).toBe(message);
    expect(gridErrorMessage(e, "en")).not.toContain(essbase.toLowerCase());
    expect(gridErrorMessage(e, "fr")).not.toMatch(ENGLISH);
    const params = gridProviderError(e).params ?? {};
    expect(errorDetail("QB_ERR_SELECTION_INVALID", params)).toBe(
      `Essbase's wording of this refusal: ${essbase}.`,
    );
  });
});

describe("a grid with no row header", () => {
  const noRowHeader = () =>
    thrown(GridError, () =>
      runGridOperation(createSampleBasicCube(), {
        action: "refresh",
        grid: [
          ["", "Sales"],
          ["", "100"],
        ],
      }),
    );

  it("says what is missing and what to type, with a final period, in both languages", () => {
    const e = noRowHeader();
    expect(gridErrorMessage(e, "en")).toBe(
      "The grid cannot be read: no row has a member name in the grid's first column; type the members of a row dimension down that column (for example the markets), below the column headers, and try again.",
    );
    expect(gridErrorMessage(e, "fr")).toBe(
      "La grille ne peut pas être lue\u00a0: aucune ligne n'a de nom de membre dans la première colonne de la grille\u202f; saisissez les membres d'une dimension en ligne dans cette colonne (par exemple les marchés), sous les en-têtes de colonne, puis recommencez.",
    );
  });

  it("keeps Essbase's wording for the answer's detail", () => {
    const e = noRowHeader();
    expect(errorDetail("QB_ERR_GRID_INVALID", gridProviderError(e).params ?? {})).toBe(
      "Essbase's wording of this refusal: You must have a row header in order to perform this retrieval.",
    );
  });
});
