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
