import { describe, expect, it } from "vitest";
import type { CellValue } from "../../src/data-source.ts";
import {
  type GridDataSource,
  GridError,
  type GridSettings,
  parseGrid,
  resolveSettings,
  runGridOperation,
  zoomExpansion,
} from "../../src/grid/index.ts";
import { type Member, Outline } from "../../src/outline.ts";

/** A three-dimension outline with numeric names, an underscore, a shared member and a tiny in-memory cube. */
const outline = new Outline({
  dimensions: [
    {
      name: "Time",
      members: [
        { name: "H1", children: [{ name: "M1" }, { name: "M2" }] },
        { name: "H2", children: [{ name: "M3" }] },
      ],
    },
    {
      name: "Item",
      members: [
        { name: "100", children: [{ name: "110" }, { name: "120" }] },
        { name: "200", aliases: { Default: "Two hundred" }, children: [{ name: "210" }] },
        { name: "Promo", children: [{ name: "110" }] },
        { name: "No_Item" },
      ],
    },
    {
      name: "Kind",
      members: [{ name: "Units" }, { name: "Price", storage: "dynamic-calc", formula: "Units * 2;" }],
    },
  ],
});

function source(
  hidden: (t: readonly Member[]) => boolean = () => false,
): GridDataSource & { cells: Map<string, number> } {
  const cells = new Map<string, number>();
  const key = (t: readonly Member[]) => t.map((m) => m.name).join("|");
  return {
    outline,
    cells,
    read: (t): CellValue => cells.get(key(t)) ?? null,
    writeBlocker: (t) => (t.some((m) => m.isDynamic) ? "dynamic" : null),
    write: (t, v) => {
      if (v === null) cells.delete(key(t));
      else cells.set(key(t), v);
    },
    canRead: (t) => !hidden(t),
  };
}

const src = source();
src.write([outline.member("M1"), outline.member("110"), outline.member("Units")] as Member[], 100);
src.write([outline.member("M1"), outline.member("120"), outline.member("Units")] as Member[], 0);

describe("reading sheets", () => {
  it("tells numeric member names from data by position", () => {
    const r = runGridOperation(src, {
      action: "refresh",
      aliasTable: null,
      grid: [
        ["", "Units"],
        ["", "M1"],
        ["110", "100"],
        ["120", "5"],
      ],
    });
    expect(r.grid).toEqual([
      ["", "Units"],
      ["", "M1"],
      ["110", "100"],
      ["120", "0"],
    ]);
    expect(r.placements.find((p) => p.name === "Item")).toEqual({ name: "Item", region: "LEFT", index: 0 });
  });

  it("reads a column of numeric names as a row-header column", () => {
    const { model } = parseGrid(
      outline,
      [
        ["", "", "Units"],
        ["H1", "110", "1"],
        ["H1", "120", "2"],
      ],
      resolveSettings({}, null),
    );
    expect(model.layout.leftColumns).toBe(2);
    expect(model.left.dims.map((d) => d.name)).toEqual(["Time", "Item"]);
  });

  it("refuses a dimension in two places", () => {
    try {
      runGridOperation(src, { action: "refresh", grid: [["", "M1"], ["", "Units"], ["M2"]] });
      expect.unreachable();
    } catch (e) {
      expect((e as GridError).code).toBe("GRID_DIMENSION_CONFLICT");
    }
  });

  it("refuses a sheet without a row header", () => {
    expect(() => runGridOperation(src, { action: "refresh", grid: [["", "M1", "M2"]] })).toThrow(GridError);
  });
});

describe("rendering", () => {
  /** A refresh of `sheet` read from `from` by member names (no alias table), with `settings` when given. */
  const refresh = (from: GridDataSource, sheet: string[][], settings?: GridSettings) =>
    runGridOperation(from, {
      action: "refresh",
      grid: sheet,
      aliasTable: null,
      ...(settings && { settings }),
    });

  it("shows #NoAccess where the source hides a cell, and can suppress such rows", () => {
    const hiding = source((t) => t.some((m) => m.name === "120"));
    const sheet = [["", "Units"], ["", "M1"], ["110"], ["120"]];
    const r = refresh(hiding, sheet);
    expect(r.grid[3]).toEqual(["120", "#NoAccess"]);
    expect(r.kinds[3]?.[1]).toBe("noaccess");
    expect(r.writable[3]?.[1]).toBe(false);
    const s = refresh(hiding, sheet, { suppressNoAccessRows: true });
    expect(s.grid.slice(2).map((row) => row[0])).toEqual(["110"]);
    expect(s.rangesToDelete).toEqual([{ startRow: 3, startCol: 0, rows: 1, columns: 2 }]);
  });

  it("suppresses rows whose labels hold an underscore", () => {
    const sheet = [["", "Units"], ["", "M1"], ["110"], ["No_Item"]];
    expect(refresh(src, sheet).grid.length).toBe(4);
    const r = refresh(src, sheet, { suppressUnderscoreRows: true });
    expect(r.grid.slice(2).map((row) => row[0])).toEqual(["110"]);
  });

  it("reports the columns to clear when the sheet narrows", () => {
    const r = runGridOperation(src, {
      action: "keeponly",
      grid: [["", "Units"], ["", "M1", "M2", "M3"], ["110"]],
      cells: [{ row: 1, column: 1 }],
    });
    expect(r.grid).toEqual([
      ["", "Units"],
      ["", "M1"],
      ["110", "100"],
    ]);
    expect(r.rangesToDelete).toEqual([{ startRow: 0, startCol: 2, rows: 3, columns: 2 }]);
  });
});

describe("zoom expansions", () => {
  const o = { includeSelection: true, withinSelectedGroup: false, removeUnselectedGroup: false } as const;
  const names = (ms: Member[]) => ms.map((m) => m.name);

  it("follows the seven modes", () => {
    const item = outline.dimension("Item")?.root as Member;
    const m110 = outline.member("110") as Member;
    expect(names(zoomExpansion(item, { ...o, mode: "NEXT_LEVEL", ancestorPosition: "TOP" }))).toEqual([
      "Item",
      "100",
      "200",
      "Promo",
      "No_Item",
    ]);
    expect(names(zoomExpansion(item, { ...o, mode: "ALL_LEVELS", ancestorPosition: "BOTTOM" }))).toEqual([
      "110",
      "120",
      "100",
      "210",
      "200",
      "110",
      "Promo",
      "No_Item",
      "Item",
    ]);
    expect(
      names(
        zoomExpansion(item, { ...o, mode: "BOTTOM_LEVEL", ancestorPosition: "TOP", includeSelection: false }),
      ),
    ).toEqual(["110", "120", "210", "110", "No_Item"]);
    expect(names(zoomExpansion(m110, { ...o, mode: "SIBLING_LEVEL", ancestorPosition: "TOP" }))).toEqual([
      "110",
      "120",
    ]);
    // Same level / generation list stored members once (the shared 110 under Promo is not repeated).
    expect(names(zoomExpansion(m110, { ...o, mode: "SAME_LEVEL", ancestorPosition: "TOP" }))).toEqual([
      "110",
      "120",
      "210",
      "No_Item",
    ]);
    expect(names(zoomExpansion(m110, { ...o, mode: "SAME_GENERATION", ancestorPosition: "TOP" }))).toEqual([
      "110",
      "120",
      "210",
    ]);
    const price = outline.member("Price") as Member;
    expect(names(zoomExpansion(price, { ...o, mode: "CALC_LEVEL", ancestorPosition: "BOTTOM" }))).toEqual([
      "Units",
      "Price",
    ]);
  });

  it("does nothing on a leaf", () => {
    expect(
      zoomExpansion(outline.member("M1") as Member, { ...o, mode: "NEXT_LEVEL", ancestorPosition: "TOP" }),
    ).toEqual([]);
  });
});

describe("pivot destinations", () => {
  const sheet = [["", "Time"], ["", "Units"], ["110"], ["120"]];
  /** `action` on the sheet by member names, moving the member at `pivot`'s row and column to its `to…` cell. */
  const move = (
    action: "pivot" | "pivottopov",
    pivot: { row: number; column: number; toRow: number; toColumn: number },
  ) => runGridOperation(src, { action, grid: sheet, aliasTable: null, pivot });

  it("moves a POV dimension to a column-header row or the first POV cell", () => {
    const toTop = move("pivot", { row: 0, column: 1, toRow: 1, toColumn: 1 });
    expect(toTop.grid).toEqual([
      ["", "Time"],
      ["", "Units"],
      ["110", "#Missing"],
      ["120", "#Missing"],
    ]);
    expect(toTop.placements.map((p) => `${p.name}:${p.region}${p.index}`)).toEqual([
      "Time:TOP0",
      "Item:LEFT0",
      "Kind:TOP1",
    ]);
  });

  it("back-fills an axis emptied by a pivot to POV", () => {
    const r = move("pivottopov", { row: 2, column: 0, toRow: 0, toColumn: 1 });
    expect(r.placements.map((p) => `${p.name}:${p.region}`)).toEqual(["Time:LEFT", "Item:POV", "Kind:TOP"]);
    expect(r.grid).toEqual([
      ["", "110"],
      ["", "Units"],
      ["Time", "#Missing"],
    ]);
  });
});

describe("submit", () => {
  it("writes stored cells, refuses dynamic ones, clears with the missing label", () => {
    const own = source();
    const r = runGridOperation(own, {
      action: "submit",
      aliasTable: null,
      grid: [
        ["", "M2"],
        ["", "Units", "Price"],
        ["110", "7", "9"],
        ["120", "#Missing", ""],
      ],
      dirtyCells: [
        { row: 2, column: 1 },
        { row: 2, column: 2 },
        { row: 3, column: 1 },
      ],
    });
    expect(r.cellStatus?.map((c) => c.status)).toEqual(["written", "read-only", "written"]);
    expect(r.grid[2]).toEqual(["110", "7", "#Missing"]);
    expect(own.cells.get("M2|110|Units")).toBe(7);
  });
});

describe("bad requests", () => {
  it("are refused with GRID_BAD_REQUEST", () => {
    const bad = [
      { action: "refresh", grid: "A1" },
      { action: "refresh", grid: ["abc"] },
      { action: "refresh", grid: [[{}]] },
      { action: "zoom", grid: [["", "Units"], ["110"]] },
      { action: "zoomin", grid: [["", "Units"], ["110"]], cells: [{ row: "1" }] },
    ];
    for (const req of bad) {
      try {
        runGridOperation(src, req as never);
        expect.unreachable();
      } catch (e) {
        expect((e as GridError).code).toBe("GRID_BAD_REQUEST");
      }
    }
  });
});
