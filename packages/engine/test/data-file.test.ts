import { describe, expect, it } from "vitest";
import { createSampleBasicCube, sampleBasicOutline } from "../demo/index.ts";
import {
  Cube,
  type DataFileCell,
  type DataFileError,
  dataExportChunks,
  Outline,
  readDataFile,
} from "../src/index.ts";

/** Essbase's text data files (`data-file.ts`): what the export writes, a load reads back exactly. */
function read(text: string) {
  const cube = createSampleBasicCube();
  const cells: DataFileCell[] = [];
  const errors: DataFileError[] = [];
  readDataFile(
    cube,
    text,
    (c) => cells.push(c),
    (e) => errors.push(e),
  );
  return { cells: cells.map((c) => [c.line, c.tuple.map((m) => m.name).join("/"), c.value]), errors };
}

const exported = (cube: Cube, level: "all" | "level0" | "input", columns: boolean) =>
  [...dataExportChunks(cube, { level, columns, blocksPerChunk: 7 })].join("");

describe("data files", () => {
  it("reads a column line, names that stay in force, aliases, bare names and #Mi", () => {
    const { cells, errors } = read(
      [
        '"Jan" "Feb"',
        '"100-10" "New York" "Actual"',
        '"Sales" 1 2.5',
        "COGS #Mi -3e2",
        '"Colas" "Budget" "Cost of Goods Sold" 4',
      ].join("\n"),
    );
    expect(errors).toEqual([]);
    expect(cells).toEqual([
      [3, "Jan/Sales/100-10/New York/Actual", 1],
      [3, "Feb/Sales/100-10/New York/Actual", 2.5],
      [4, "Jan/COGS/100-10/New York/Actual", null],
      [4, "Feb/COGS/100-10/New York/Actual", -300],
      [5, "Jan/COGS/100/New York/Budget", 4],
    ]);
  });

  it("rejects a line with an unknown member, a member after a value, too many values or a dimension unnamed", () => {
    const { cells, errors } = read(
      [
        '"Jan" "Feb"',
        '"Sales" "Actual" "New York" 1',
        '"100-10" "Atlantis" 1',
        '"100-10" 1 "Sales"',
        '"100-10" 1 2 3',
        '"Mar" 5',
        '"100-10" 6',
      ].join("\n"),
    );
    expect(errors).toEqual([
      { line: 2, reason: "no member of Product has been named" },
      { line: 3, reason: '"Atlantis" is not a member of the outline' },
      { line: 4, reason: 'member "Sales" comes after a value' },
      { line: 5, reason: "3 values for 2 columns" },
      { line: 6, reason: '"Mar" is in dimension Year, which heads the columns' },
    ]);
    expect(cells).toEqual([[7, "Jan/Sales/100-10/New York/Actual", 6]]);
  });

  it("without a column line, a line gives one value", () => {
    const { cells, errors } = read(['"Jan" "Sales" "Actual" "100-10" "Texas" 7', '"Feb" 8 9'].join("\n"));
    expect(cells).toEqual([[1, "Jan/Sales/100-10/Texas/Actual", 7]]);
    expect(errors).toEqual([
      { line: 2, reason: "2 values on a line, and no column line names their members" },
    ]);
  });

  for (const level of ["all", "level0", "input"] as const) {
    for (const columns of [false, true]) {
      it(`an export (${level}${columns ? ", columns" : ""}) loads into an empty cube with the same stored cells`, () => {
        const source = createSampleBasicCube();
        const text = exported(source, level, columns);
        const target = new Cube(new Outline(sampleBasicOutline));
        const errors: DataFileError[] = [];
        readDataFile(
          target,
          text,
          (c) => target.loadCell(target.coordsOf(c.tuple), c.value),
          (e) => errors.push(e),
        );
        expect(errors).toEqual([]);
        const cells = (cube: Cube) => {
          const out = new Map<string, number>();
          cube.forEachStoredCell(level, (coords, v) => out.set(coords.join(","), v));
          return out;
        };
        const want = cells(source);
        expect(want.size).toBeGreaterThan(1000);
        expect(cells(target)).toEqual(want);
      });
    }
  }
});
