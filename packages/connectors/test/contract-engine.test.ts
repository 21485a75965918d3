import { sheetCells as engineSheetCells, ZOOM_MODES } from "@qibates/engine/grid";
import { ZOOM_MODES as SETTINGS_ZOOM_MODES } from "@qibates/engine/grid/settings";
import { sheetCells, ZOOM_IN_MODES } from "@qibates/provider";
import { describe, expect, it } from "vitest";

// @qibates/provider names no engine type: where the contract and the engine must agree, they are held together here.
describe("the provider contract and the engine agree", () => {
  it("on the zoom-in modes, in the same order: a mode the engine learns is a capability row to add", () => {
    expect([...ZOOM_IN_MODES]).toEqual([...SETTINGS_ZOOM_MODES]);
    expect([...ZOOM_IN_MODES]).toEqual([...ZOOM_MODES]);
  });

  it("on the cells of a sheet, whatever its shape", () => {
    const sheets: unknown[] = [
      [],
      [[]],
      [["a", "b"], ["c"]],
      [["a"], "not a row", null],
      "text",
      null,
      [[1, 2, 3]],
    ];
    for (const sheet of sheets) expect(sheetCells(sheet)).toBe(engineSheetCells(sheet));
  });
});
