import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { GridError, type GridRequest, type GridResponse, runGridOperation } from "../../src/grid/index.ts";
import { thrown } from "../support/thrown.ts";

/**
 * Sample.Basic has Product members named 100, 200, 300 and 400. A number typed in the data region is data, as in
 * Smart View, even when it reads as such a name: a JSON number is never a member, and a numeric text under a
 * column header is a value. Where it is a row header, a numeric name still reads as that member.
 */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

/** Member names shown as typed (no alias table), rows trimmed of the blank cells the answer pads them with. */
const run = (action: string, grid: GridRequest["grid"]): GridResponse =>
  runGridOperation(cube, { aliasTable: null, action, grid });
const trimmed = (g: string[][]): string[][] =>
  g.map((row) => {
    const out = [...row];
    while (out.length > 0 && out[out.length - 1] === "") out.pop();
    return out;
  });
const regionOf = (r: GridResponse, name: string) => r.placements.find((p) => p.name === name);
/** The cube's value at the members named (in any order), as the grid shows it. */
function value(...names: string[]): string {
  const t = names.map((n) => cube.outline.member(n));
  if (t.some((m) => !m)) throw new Error(`unknown member in ${names.join(", ")}`);
  const dims = cube.outline.baseDimensions;
  const tuple = dims.map((d) => t.find((m) => m?.dimension === d));
  const v = cube.read(tuple as never);
  return v === null ? "" : String(v);
}

/** New York's Budget Cola Sales, Jan and Feb, with `typed` in the Jan cell. */
const sheet = (typed: unknown): unknown[][] => [
  ["", "100-10", "Sales", "Budget"],
  ["", "Jan", "Feb"],
  ["New York", typed, ""],
];

describe("a number in the data region that names a member", () => {
  it.each([
    ["a JSON number", 100],
    ["a numeric text", "100"],
    ["a numeric text with spaces", " 200 "],
  ])("%s under a column header is data, not a Product row header", (_, typed) => {
    const r = run("refresh", sheet(typed));
    expect(trimmed(r.grid)).toEqual([
      ["", "100-10", "Sales", "Budget"],
      ["", "Jan", "Feb"],
      [
        "New York",
        value("Jan", "Sales", "Budget", "100-10", "New York"),
        value("Feb", "Sales", "Budget", "100-10", "New York"),
      ],
    ]);
    expect(r.leftColumns).toBe(1);
    expect(regionOf(r, "Market")).toEqual({ name: "Market", region: "LEFT", index: 0 });
    expect(regionOf(r, "Product")).toMatchObject({ region: "POV", member: "100-10" });
  });

  it("a JSON number equal to a numeric name is the value submitted for its cell", () => {
    const r = run("submit", [
      ["", "100-20", "Sales", "Budget"],
      ["", "Jan"],
      ["Utah", 300],
    ]);
    expect(trimmed(r.grid)[2]).toEqual(["Utah", "300"]);
    expect(value("Jan", "Sales", "Budget", "100-20", "Utah")).toBe("300");
  });
});

describe("a JSON number is never a member", () => {
  it("is data right of the row header even with no column header over it, where the same text is a member", () => {
    const asNumber = run("refresh", [
      ["", "Actual", "Sales", "Jan"],
      ["New York", 100],
    ]);
    expect(asNumber.leftColumns).toBe(1);
    expect(regionOf(asNumber, "Product")).toMatchObject({ region: "POV", member: "Product" });
    const asText = run("refresh", [
      ["", "Actual", "Sales", "Jan"],
      ["New York", "100"],
    ]);
    expect(asText.leftColumns).toBe(2);
    expect(regionOf(asText, "Product")).toEqual({ name: "Product", region: "LEFT", index: 1 });
  });
});

describe("a numeric name where it is a row header", () => {
  it("reads as its member in the row-header column A", () => {
    const r = run("refresh", [["", "Actual", "Sales", "New York"], ["", "Jan"], ["100"]]);
    expect(trimmed(r.grid)[2]).toEqual(["100", value("Jan", "Actual", "Sales", "100", "New York")]);
    expect(regionOf(r, "Product")).toEqual({ name: "Product", region: "LEFT", index: 0 });
  });

  it("reads as its member in a second row-header column with no column header over it", () => {
    const r = run("refresh", [
      ["", "", "Actual", "Sales"],
      ["", "", "Jan", "Feb"],
      ["New York", "100", "", ""],
      ["", "200", "", ""],
    ]);
    expect(r.leftColumns).toBe(2);
    expect(regionOf(r, "Product")).toEqual({ name: "Product", region: "LEFT", index: 1 });
    expect(r.grid[3]).toEqual([
      "New York",
      "200",
      value("Jan", "Actual", "Sales", "200", "New York"),
      value("Feb", "Actual", "Sales", "200", "New York"),
    ]);
  });

  it("reads as its member under a POV member typed over the row-header column", () => {
    // Actual sits over column B with Jan and Feb further right: a POV member, not a column header of B.
    const r = run("refresh", [
      ["", "Actual", "Jan", "Feb"],
      ["", "", "Sales", ""],
      ["New York", "100", "", ""],
    ]);
    expect(r.leftColumns).toBe(2);
    expect(regionOf(r, "Product")).toEqual({ name: "Product", region: "LEFT", index: 1 });
    expect(regionOf(r, "Scenario")).toMatchObject({ region: "POV", member: "Actual" });
  });
});

/** What a refused grid names: its code, the cell at fault and the reason's message. */
const refusal = (grid: GridRequest["grid"]) => {
  const e = thrown(GridError, () => run("refresh", grid));
  return { code: e.code, field: e.field, message: e.message };
};
const numberFor = (row: number, column: number, text: string, tail: string) => ({
  code: "GRID_NUMBER_FOR_MEMBER",
  field: `grid[${row}][${column}]`,
  message: `The cell at row ${row + 1}, column ${column + 1} holds the number ${text} where a member name is expected; ${tail}`,
});
const typeAsText = (n: string) =>
  `to name the member ${n}, type it as text, with a leading apostrophe ('${n})`;

describe("a number (not text) where a member name is expected is refused on its cell, never dropped", () => {
  it("in column A before the first row header: the row was taken for a header row and left out", () => {
    expect(
      refusal([
        ["", "Sales"],
        [100, ""],
        ["200", ""],
      ]),
    ).toEqual(numberFor(1, 0, "100", typeAsText("100")));
  });

  it("in column A among the row headers: it named no member, although 200 is Root Beer", () => {
    expect(
      refusal([
        ["", "Sales"],
        ["100", ""],
        [200, ""],
      ]),
    ).toEqual(numberFor(2, 0, "200", typeAsText("200")));
  });

  it("in a second row-header column", () => {
    expect(
      refusal([
        ["", "", "Sales"],
        ["New York", "100", ""],
        ["", 200, ""],
      ]),
    ).toEqual(numberFor(2, 1, "200", typeAsText("200")));
  });

  it("naming no member: the message says a number is data, and no data goes there", () => {
    expect(
      refusal([
        ["", "Sales"],
        [12345, ""],
        ["200", ""],
      ]),
    ).toEqual(numberFor(1, 0, "12345", "a number is read as data, and no data goes there"));
  });

  it("in a column-header row or the POV row: the column was taken for a blank one", () => {
    expect(
      refusal([
        ["", "Jan", 300],
        ["New York", "", ""],
      ]),
    ).toEqual(numberFor(0, 2, "300", typeAsText("300")));
    expect(
      refusal([
        ["", "Actual", "Sales", 5],
        ["", "Jan", "", ""],
        ["New York", "", "", ""],
      ]),
    ).toEqual(numberFor(0, 3, "5", "a number is read as data, and no data goes there"));
  });

  it("the first in sheet order is named", () => {
    expect(
      refusal([
        ["", "Sales", 7],
        ["100", ""],
        [200, ""],
      ]),
    ).toEqual(numberFor(0, 2, "7", "a number is read as data, and no data goes there"));
  });

  it("the same digits typed as text read as the members, every row kept", () => {
    const r = run("refresh", [
      ["", "Sales"],
      ["100", ""],
      ["'200", ""],
    ]);
    expect(trimmed(r.grid).slice(-2)).toEqual([
      ["100", value("100", "Sales", "Year", "Market", "Scenario")],
      ["200", value("200", "Sales", "Year", "Market", "Scenario")],
    ]);
  });
});

describe("digits typed as text that name no member, where a member name is expected, are unknown members", () => {
  it.each([
    [
      "in column A before the first row header",
      [
        ["", "Sales"],
        ["12345", ""],
        ["200", ""],
      ],
      1,
      0,
    ],
    [
      "in a column-header row",
      [
        ["", "Jan", "12345"],
        ["New York", "", ""],
      ],
      0,
      2,
    ],
  ])("%s", (_, grid, row, column) => {
    const e = thrown(GridError, () => run("refresh", grid as string[][]));
    expect([e.code, e.unknownMembers]).toEqual(["GRID_UNKNOWN_MEMBER", [{ row, column, text: "12345" }]]);
  });
});

describe("a name typed with its apostrophe that names no member", () => {
  it('is reported without the apostrophe, which only marks the cell as text (\'999 is "999")', () => {
    const grid = [
      ["", "Sales"],
      ["'999", ""],
    ];
    const e = thrown(GridError, () => run("refresh", grid));
    expect([e.code, e.unknownMembers]).toEqual(["GRID_UNKNOWN_MEMBER", [{ row: 1, column: 0, text: "999" }]]);
  });
});
