import { readFileSync } from "node:fs";
import {
  CELL_TYPE,
  cellAt,
  cubePath,
  DATA_STORAGE,
  defaultPreferences,
  ERROR_TYPE,
  errorBody,
  errorMessageOf,
  GRID_ACTIONS,
  type GridOperation,
  type GridPreferences,
  gridSlice,
  isGridAction,
  JOB_STATUS,
  type JobRecord,
  javaDataText,
  javaDouble,
  type MdxJson,
  MESSAGES,
  outlinePath,
  page,
  type RestGrid,
  rangeCells,
  readSlice,
  SLICE_FAULTS,
  ZOOM_IN_LEVELS,
  zoomInModeOf,
} from "@qibates/protocols/essbase-rest";
import { describe, expect, it } from "vitest";

/** The recorded exchanges the endpoint's tests use (Oracle's examples and a 21.7 answer). */
const FIXTURES = new URL("../../wire/test/fixtures/essbase-rest/", import.meta.url);
const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8")) as T;

/** Through JSON, as the value crosses the wire. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe("javaDouble", () => {
  it("writes Java's Double.toString and reads back as the same number", () => {
    const cases: [number, string][] = [
      [105522, "105522.0"],
      [-20396, "-20396.0"],
      [7.4, "7.4"],
      [9999999, "9999999.0"],
      [1e7, "1.0E7"],
      [12345678.5, "1.23456785E7"],
      [0.001, "0.001"],
      [0.0001, "1.0E-4"],
      [-1.5e-5, "-1.5E-5"],
      [1.7976931348623157e308, "1.7976931348623157E308"],
      [0, "0.0"],
      [-0, "-0.0"],
    ];
    for (const [n, text] of cases) {
      expect(javaDouble(n)).toBe(text);
      expect(Object.is(Number(text), n)).toBe(true);
    }
    expect(javaDouble(Number.NaN)).toBe("NaN");
    expect(javaDouble(Number.POSITIVE_INFINITY)).toBe("Infinity");
    expect(javaDouble(Number.NEGATIVE_INFINITY)).toBe("-Infinity");
  });

  it("rewrites a data cell's number and leaves a label as it is", () => {
    expect(javaDataText("105522")).toBe("105522.0");
    expect(javaDataText(" 24703 ")).toBe("24703.0");
    expect(javaDataText("#Missing")).toBe("#Missing");
    expect(javaDataText("")).toBe("");
  });
});

describe("grid slice", () => {
  it("reads back what it writes, values and types", () => {
    const cells = [
      ["", "Product", "Market"],
      ["", "Sales", ""],
      ["Year", "105522.0", ""],
    ];
    const types = [
      [CELL_TYPE.blank, CELL_TYPE.member, CELL_TYPE.member],
      [CELL_TYPE.blank, CELL_TYPE.member, CELL_TYPE.blank],
      [CELL_TYPE.member, CELL_TYPE.data, CELL_TYPE.blank],
    ];
    const grid: RestGrid = { alias: "Default", slice: gridSlice(3, 3, cells.flat(), types.flat()) };
    expect(grid.slice.data.ranges[0]).toMatchObject({ start: 0, end: 8 });
    for (const outside of ["refuse", "skip"] as const) {
      expect(readSlice(wire(grid), outside)).toEqual({ rows: 3, columns: 3, cells, types });
    }
  });

  it("writes an empty sheet as one empty range", () => {
    const grid: RestGrid = { slice: gridSlice(0, 0, []) };
    expect(grid.slice.data.ranges).toEqual([{ start: 0, end: 0, values: [] }]);
    expect(readSlice(wire(grid), "refuse")).toEqual({ rows: 0, columns: 0, cells: [], types: [] });
  });

  it("reads Oracle's grids, whose ranges carry neither start nor types", () => {
    const before = fixture<RestGrid>("oracle-docs/blog-essbaselabs-grid-get.default-grid.slice.partial.json");
    const read = readSlice(before, "refuse");
    if (typeof read === "string") throw new Error(read);
    expect(read.cells).toEqual([
      ["", "Product", "Market", "Scenario"],
      ["", "Measures", "", ""],
      ["Year", "105522.0", "", ""],
    ]);
    expect(read.types[0]).toEqual([CELL_TYPE.blank, CELL_TYPE.member, CELL_TYPE.member, CELL_TYPE.member]);
    // Written again, the sheet reads the same.
    const again: RestGrid = { slice: gridSlice(read.rows, read.columns, read.cells.flat()) };
    expect(readSlice(wire(again), "refuse")).toMatchObject({ cells: read.cells });

    const after = fixture<RestGrid>(
      "oracle-docs/blog-essbaselabs-grid-post.zoomin.response.slice.partial.json",
    );
    const zoomed = readSlice(after, "skip");
    if (typeof zoomed === "string") throw new Error(zoomed);
    expect(zoomed.rows).toBe(7);
    expect(zoomed.cells.map((row) => row[0])).toEqual([
      "",
      "",
      "     Qtr1",
      "     Qtr2",
      "     Qtr3",
      "     Qtr4",
      "Year",
    ]);
  });

  it("refuses or leaves out what lies beyond the sheet, and names each fault", () => {
    const grid = {
      slice: { rows: 1, columns: 2, data: { ranges: [{ start: 1, end: 2, values: ["a", "b"] }] } },
    };
    expect(readSlice(grid, "refuse")).toBe("outside");
    expect(readSlice(grid, "skip")).toMatchObject({ cells: [["", "a"]] });
    expect(readSlice({ slice: { rows: -1, columns: 2 } }, "skip")).toBe("shape");
    expect(readSlice({ slice: { rows: 1, columns: 1, data: { ranges: {} } } }, "skip")).toBe("ranges");
    expect(readSlice({ slice: { rows: 1, columns: 1, data: { ranges: [{ start: -1 }] } } }, "skip")).toBe(
      "range",
    );
    expect(SLICE_FAULTS.outside).toBe(MESSAGES.nonsensical);
  });
});

describe("grid operations", () => {
  it("reads Oracle's zoom-in request: an action of the enum, a range of cells, a grid", () => {
    const op = fixture<GridOperation>("oracle-docs/blog-essbaselabs-grid-post.zoomin.request.partial.json");
    expect(isGridAction(op.action)).toBe(true);
    const sheet = readSlice(op.grid, "refuse");
    if (typeof sheet === "string") throw new Error(sheet);
    expect(rangeCells(op.ranges, sheet.rows, sheet.columns)).toEqual([{ row: 2, column: 0 }]);
    expect(sheet.cells[2]?.[0]).toBe("Year");
    expect(wire(op)).toEqual(op);
  });

  it("spells the actions as the server's case-sensitive enum", () => {
    for (const action of GRID_ACTIONS) expect(MESSAGES.badAction("ZOOMIN")).toContain(action);
    expect(isGridAction("ZOOMIN")).toBe(false);
  });

  it("reads cells and ranges inside the grid only", () => {
    expect(cellAt(5, 3, 4)).toEqual({ row: 1, column: 1 });
    expect(cellAt(12, 3, 4)).toBeNull();
    expect(rangeCells([[0, 0, 1, 2]], 3, 4)).toEqual([
      { row: 0, column: 0 },
      { row: 0, column: 1 },
    ]);
    expect(rangeCells([[2, 0, 2, 1]], 3, 4)).toBeNull();
    expect(rangeCells("x", 3, 4)).toBeNull();
  });

  it("reads Oracle's MDX grid: where each dimension sits, and the alias table", () => {
    const grid = fixture<Omit<RestGrid, "slice">>("oracle-docs/grid-mdx-post.response.partial.json");
    expect(grid.alias).toBe("Default");
    expect(grid.dimensions?.[0]).toEqual({
      name: "Market",
      row: 0,
      column: -1,
      pov: "",
      hidden: false,
      expanded: false,
    });
  });
});

describe("bodies", () => {
  it("writes and reads the error body", () => {
    expect(errorMessageOf(wire(errorBody("Cube X.Y does not exist.")))).toBe("Cube X.Y does not exist.");
    expect(errorMessageOf({ message: "other" })).toBeNull();
    expect(errorMessageOf("text")).toBeNull();
    expect(ERROR_TYPE).toBe("application/json");
  });

  it("pages a list and reads the page back", () => {
    const all = ["a", "b", "c"];
    expect(wire(page(all, 1, 1))).toEqual({
      items: ["b"],
      count: 1,
      hasMore: true,
      offset: 1,
      limit: 1,
      totalResults: 3,
    });
    // limit 0: no limit, as appliedolap's client asks.
    expect(page(all, 0, 0).items).toEqual(all);
  });

  it("reads Oracle's job record with its status", () => {
    const job = fixture<JobRecord>("oracle-docs/jobs-id-get.response.partial.json");
    expect(job.statusCode).toBe(JOB_STATUS.completed);
    expect(Object.values(JOB_STATUS)).toContain(job.statusCode);
    expect(wire(job)).toEqual(job);
  });

  it("answers Essbase's default grid preferences, as Oracle's example shows them", () => {
    const recorded = fixture<Partial<GridPreferences>>(
      "oracle-docs/preferences-grid-get.response.partial.json",
    );
    expect(defaultPreferences()).toMatchObject(recorded);
    expect(wire(defaultPreferences())).toEqual(defaultPreferences());
  });

  it("reads 21.7's MDX JSON answer", () => {
    const answer = fixture<MdxJson>("clients/mdx-json-21.7.response.json");
    expect(answer.metadata).toEqual({
      page: ["Product", "Market", "Scenario"],
      column: ["Measures"],
      row: ["Year"],
    });
    expect(answer.data[1]).toEqual(["Year", "400855.0"]);
    expect(javaDouble(Number(answer.data[1]?.[1]))).toBe(answer.data[1]?.[1]);
  });

  it("names the storage types a live server sends", () => {
    expect(DATA_STORAGE.dynamicCalc).toBe("DYNAMICCALC");
  });
});

describe("paths", () => {
  it("escapes names in the cube and outline paths", () => {
    expect(cubePath("Sample", "Basic")).toBe("/applications/Sample/databases/Basic");
    expect(outlinePath("My App", "a/b")).toBe("/outline/My%20App/a%2Fb");
  });
});

describe("zoom-in modes", () => {
  it("reads back each mode from the depth it stands for", () => {
    for (const [mode, level] of Object.entries(ZOOM_IN_LEVELS)) expect(zoomInModeOf(level)).toBe(mode);
    expect(zoomInModeOf("SAME_LEVEL")).toBe("children");
  });
});
