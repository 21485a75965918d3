import { ZOOM_MODES } from "@qibates/engine/grid/settings";
import { ZOOM_IN_MODES } from "@qibates/provider";
import { describe, expect, it } from "vitest";

describe("the capability table's zoom-in modes", () => {
  it("are the engine's, in the same order: a mode the engine learns is a capability row to add", () => {
    expect([...ZOOM_IN_MODES]).toEqual([...ZOOM_MODES]);
  });
});
