import { describe, expect, it } from "vitest";
import { createVisionPlanning } from "../demo/index.ts";
import { Cube } from "../src/cube/cube.ts";
import { STORED_STATE_CELLS, sampleBasicWithNewBlock, tupleOf as tuple } from "./support/stored-state.ts";

describe("a stored state restored into a fresh instance", () => {
  it("a cube snapshot loads into an empty cube of the same outline, however many blocks it holds", () => {
    const changed = sampleBasicWithNewBlock();
    changed.write(tuple(changed, ["Feb", "Sales", "100-20", "New York", "Actual"]), 5);
    const snap = changed.snapshot();
    // An empty cube reserves room for 64 blocks; the snapshot holds hundreds.
    const fresh = new Cube(changed.outline);
    expect(snap.blockCount).toBeGreaterThan(64);
    fresh.restore(snap);
    for (const names of STORED_STATE_CELLS) {
      expect(fresh.read(tuple(fresh, names))).toBe(changed.read(tuple(changed, names)));
    }
    expect(fresh.read(tuple(fresh, ["Feb", "Sales", "100-20", "New York", "Actual"]))).toBe(5);
  });

  it("a planning application's text cells are listed by member names and written back", () => {
    const app = createVisionPlanning();
    const cube = app.cubes[0] as string;
    const before = app.textCells(cube);
    const members = app.outline(cube).baseDimensions.map((d) => d.root.name);
    const textMember = before[0]?.members;
    const target = textMember ?? members;
    app.applyCellWrites([{ cube, members: target, value: null, text: "Restored" }]);
    const cells = app.textCells(cube);
    expect(cells.find((c) => c.members.join() === target.join())?.text).toBe("Restored");
    const fresh = createVisionPlanning();
    fresh.applyCellWrites(cells.map((c) => ({ cube, members: c.members, value: null, text: c.text })));
    expect(fresh.readText(cube, target)).toBe("Restored");
  });
});
