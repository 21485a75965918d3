import { describe, expect, it } from "vitest";
import { LiveError, type Options } from "../src/components/LiveGrid/backend";
import { sampleBasicBackend } from "../src/components/LiveGrid/essbase";
import { PRESETS } from "../src/components/LiveGrid/presets";

/**
 * The live grid runs the engine in the browser; when the engine refuses an operation, it shows the message the
 * API answers for the same refusal, in the page's language, not the engine's own words.
 */
const options: Options = {
  zoomMode: "NEXT_LEVEL",
  includeSelection: true,
  missingLabel: "#Missing",
  missingSuppression: false,
  withoutIndentation: false,
  memberDisplay: "name",
  navigateWithoutData: false,
};

/** Pivots Market, the only row dimension, on the Pivot page's grid after Measures went to the columns. */
function pivotLastRow(locale: "en" | "fr"): LiveError {
  const backend = sampleBasicBackend(locale);
  const preset = PRESETS.pivot;
  backend.start(preset, options);
  const grid = [
    ["", "100-10", "Actual"],
    ["", "Jul", ""],
    ["", "Sales", "Profit"],
    ["New York", "", ""],
    ["Florida", "", ""],
  ];
  try {
    backend.run(preset, { action: "pivot", grid, cells: [{ row: 3, column: 0 }], dirty: [], options });
  } catch (e) {
    if (e instanceof LiveError) return e;
    throw e;
  }
  throw new Error("the pivot was not refused");
}

describe("the live grid's refusals", () => {
  it("say the API's message on an English page", () => {
    expect(pivotLastRow("en").message).toBe(
      "The dimension Market is the last one on its axis and cannot move.",
    );
  });

  it("say the API's French message on a French page", () => {
    expect(pivotLastRow("fr").message).toBe(
      "La dimension Market est la dernière de son axe et ne peut pas être déplacée.",
    );
  });
});

describe("the live grid's submit report", () => {
  /** Types `text` over New York's Jan Sales on the Submit page's grid and submits it. */
  function submitJanSales(locale: "en" | "fr", text: string) {
    const backend = sampleBasicBackend(locale);
    const preset = PRESETS.submit;
    const sheet = backend.start(preset, options);
    const grid = sheet.grid.map((row) => [...row]);
    grid[2][1] = text;
    const cell = { row: 2, column: 1 };
    return backend.run(preset, { action: "submit", grid, cells: [cell], dirty: [cell], options }).statuses;
  }

  it("shows a refused cell's text as typed, with nothing of the engine's English on a French page", () => {
    // The report names the status itself (« Pas un nombre »); the engine's own reason, `"abc" is not a number`,
    // was shown after it on French pages, and the cell's value was left blank.
    expect(submitJanSales("fr", "abc")).toEqual([{ row: 2, column: 1, status: "invalid", value: "abc" }]);
  });

  it("shows a written cell's new value", () => {
    expect(submitJanSales("en", "50")).toEqual([{ row: 2, column: 1, status: "written", value: "50" }]);
  });
});
