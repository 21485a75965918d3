import { Outline } from "@qibates/engine";
import { sampleBasicOutline } from "@qibates/engine/demo";
import { createVisionPlanning } from "@qibates/engine/demo/planning";
import { labelKind, resolveSettings, runGridOperation } from "@qibates/engine/grid";
import { layoutSource } from "@qibates/grid-bridge";
import { CELL_TYPE } from "@qibates/protocols/essbase-rest";
import { describe, expect, it } from "vitest";
import { answerOf } from "../src/essbase-rest/grid.ts";

/**
 * One label, one reading: a cell's text is read alike by the ad hoc grid's parser (`labelKind`), by the Essbase
 * REST connector filling the server's data cells into the answer, and by a Planning form's save. Each label of
 * the table goes through every path.
 */

const settings = resolveSettings({}, null);

/** Each text, and what it is: no value (`missing`), a cell the user may not read (`noaccess`), or data. */
const LABELS: readonly [text: string, reading: "missing" | "noaccess" | "data"][] = [
  ["#Missing", "missing"],
  ["#missing", "missing"],
  ["#MISSING", "missing"],
  ["#MI", "missing"],
  ["#NoData", "missing"],
  [" #Missing ", "missing"],
  ["#No Access", "noaccess"],
  ["#NoAccess", "noaccess"],
  ["#noaccess", "noaccess"],
  ["#Invalid", "noaccess"],
  ["105522.0", "data"],
  ["-12.5", "data"],
];

/** The ad hoc grid's parser: the kind of a label, as the grid's data region reads it. */
function parserReading(text: string): string {
  const kind = labelKind(text, settings);
  return kind === "missing"
    ? "missing"
    : kind === "noAccess"
      ? "noaccess"
      : kind === "number"
        ? "data"
        : kind;
}

/** The Essbase REST connector: a zoom's answer whose data cells the server wrote as `text`. */
function essbaseRestReading(text: string): string {
  const outline = new Outline(sampleBasicOutline);
  const local = runGridOperation(layoutSource(outline), {
    action: "zoomin",
    grid: [
      ["", "Measures"],
      ["Market", ""],
    ],
    cells: [{ row: 1, column: 0 }],
    settings,
    aliasTable: null,
  });
  const isData = (k: string | undefined) => k === "data" || k === "missing";
  const cells = local.grid.map((row, r) => row.map((t, c) => (isData(local.kinds[r]?.[c]) ? text : t)));
  const types = local.kinds.map((row) =>
    row.map((k) =>
      isData(k) ? CELL_TYPE.data : k === "blank" || k === "corner" ? CELL_TYPE.blank : CELL_TYPE.member,
    ),
  );
  const answer = answerOf(outline, { cells, types }, settings, { rows: 2, columns: 2 });
  const kinds = new Set(
    answer.kinds.flatMap((row, r) => row.filter((_, c) => types[r]?.[c] === CELL_TYPE.data)),
  );
  expect(kinds.size).toBe(1);
  return [...kinds][0] as string;
}

/** A Planning form's save: whether typing `text` over a cell holding a value clears it. */
function planningClears(text: string): boolean {
  const app = createVisionPlanning();
  const open = app.openForm({ formName: "Revenue by Product" });
  const row = open.codes.findIndex((r) => r[0] === "P_160");
  const grid = open.grid.map((r) => [...r]);
  (grid[row] as string[])[3] = text;
  const res = app.submitForm({ formName: "Revenue by Product", pov: open.pov, grid, codes: open.codes });
  return res.changes.some((c) => c.members[8] === "P_160" && c.members[3] === "410" && c.value === null);
}

describe("a cell's label, read alike by every path", () => {
  it.each(LABELS)("%j reads %s through the grid's parser and the Essbase REST connector", (text, reading) => {
    expect(parserReading(text)).toBe(reading);
    expect(essbaseRestReading(text)).toBe(reading);
  });

  it.each(LABELS.filter(([, r]) => r === "missing"))("%j clears a Planning form's cell", (text) => {
    expect(planningClears(text)).toBe(true);
  });

  it("a Planning form's cell typed with a number keeps a value", () => {
    expect(planningClears("1234")).toBe(false);
  });
});
