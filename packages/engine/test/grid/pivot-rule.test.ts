import { beforeAll, describe, expect, it } from "vitest";
import { createSampleBasicCube } from "../../demo/sample-basic-data.ts";
import type { Cube } from "../../src/cube/cube.ts";
import { GridError, type GridResponse, runGridOperation } from "../../src/grid/index.ts";

/**
 * Pivot is a general move (the answer key's README): every (from, to) pair of cells of several Sample.Basic
 * grid shapes either moves the dimension where the rule says, keeping every dimension once, or throws its
 * GridError — never an unchanged grid without an error.
 */
let cube: Cube;
beforeAll(() => {
  cube = createSampleBasicCube();
});

const DIMS = ["Year", "Measures", "Product", "Market", "Scenario"];
const PICKS: Record<string, [string, string]> = {
  Year: ["Qtr1", "Qtr2"],
  Measures: ["Sales", "COGS"],
  Product: ["100", "200"],
  Market: ["East", "West"],
  Scenario: ["Actual", "Budget"],
};

/** Every tuple of two members per dimension, outer dimension first. */
function cross(dims: string[]): string[][] {
  let out: string[][] = [[]];
  for (const d of dims) out = out.flatMap((t) => (PICKS[d] as string[]).map((m) => [...t, m]));
  return out;
}

/** A sheet with `rows` row dimensions, `cols` column dimensions and the rest in the POV, as Essbase lays it. */
function sheet(rows: string[], cols: string[], pov: string[]): string[][] {
  const lc = rows.length;
  const colTuples = cross(cols);
  const g: string[][] = [];
  if (pov.length > 0) g.push([...Array(lc).fill(""), ...pov]);
  cols.forEach((_, k) => {
    g.push([...Array(lc).fill(""), ...colTuples.map((t) => t[k] as string)]);
  });
  for (const t of cross(rows)) g.push([...t, ...colTuples.map(() => "")]);
  return g;
}

type Region = "pov" | "left" | "top";
type Layout = Record<Region, string[]>;

function layoutOf(r: GridResponse): Layout {
  const out: Layout = { pov: [], left: [], top: [] };
  const sorted = [...r.placements].sort((a, b) => a.index - b.index);
  for (const p of sorted) {
    if (p.region === "POV") out.pov.push(p.name);
    else if (p.region === "LEFT") out.left.push(p.name);
    else out.top.push(p.name);
  }
  // The POV's order is the order of its row in the sheet.
  if (out.pov.length > 0) {
    const row = r.grid[0] ?? [];
    const label = (d: string) => row.findIndex((c) => c.trim() !== "" && memberDim(c.trim()) === d);
    out.pov.sort((a, b) => label(a) - label(b));
  }
  return out;
}

function memberDim(label: string): string | undefined {
  const m = cube.outline.resolve(label, "Default");
  return m?.dimension.name;
}

type Place = { region: Region; position: number };
type Expected = { layout: Layout } | { error: string };

/** The rule, written from the layout alone: where each cell of the sheet starts or sends a pivot. */
function sourceAt(r: GridResponse, L: Layout, row: number, column: number): Place | null {
  const povRows = L.pov.length > 0 ? 1 : 0;
  const lc = r.leftColumns;
  // Only a cell naming a member starts a pivot (a blank row or column, a data cell, a corner does not).
  const kind = r.kinds[row]?.[column];
  if (kind === "pov") return { region: "pov", position: column - lc };
  if (kind === "row-header") return { region: "left", position: column };
  if (kind === "column-header") return { region: "top", position: row - povRows };
  return null;
}

function destinationAt(r: GridResponse, L: Layout, row: number, column: number): Place | "data" {
  const povRows = L.pov.length > 0 ? 1 : 0;
  const lc = r.leftColumns;
  if (column < lc) return { region: "left", position: column };
  if (row >= povRows && row < r.headerRows) return { region: "top", position: row - povRows };
  if (row < povRows) {
    if (column === lc) return { region: "top", position: 0 };
    const j = column - lc;
    return { region: "pov", position: Math.min(j, L.pov.length) };
  }
  return "data";
}

function expectedMove(L: Layout, src: Place, dest: Place | "data" | null, toPov: boolean): Expected {
  let to: Place;
  if (toPov) to = dest && dest !== "data" && dest.region === "pov" ? dest : { region: "pov", position: 99 };
  else if (dest === "data") return { error: "GRID_PIVOT_NO_DESTINATION" };
  // A POV dimension onto the POV row goes to the outermost column row (pivot-pov-*-to-top).
  else if (dest && src.region === "pov" && dest.region === "pov") to = { region: "top", position: 0 };
  else if (dest) to = dest;
  else to = src.region === "left" ? { region: "top", position: 0 } : { region: "left", position: 0 };

  const next: Layout = { pov: [...L.pov], left: [...L.left], top: [...L.top] };
  const from = next[src.region];
  const [dim] = from.splice(src.position, 1) as [string];
  const target = next[to.region];
  if (to.region === src.region) {
    const j = Math.min(to.position, target.length);
    if (j === src.position) return { error: "GRID_PIVOT_NO_DESTINATION" };
    target.splice(j, 0, dim);
    return { layout: next };
  }
  if (src.region !== "pov" && from.length === 0) {
    if (!(toPov && L.pov.length > 0)) return { error: "GRID_PIVOT_LAST_ROW" };
    const at = Math.min(to.position, L.pov.length);
    const fillIndex = at < L.pov.length ? at : 0;
    const [fill] = next.pov.splice(fillIndex, 1, dim) as [string];
    from.push(fill);
    return { layout: next };
  }
  target.splice(Math.min(to.position, target.length), 0, dim);
  return { layout: next };
}

const SHAPES: [number, number][] = [
  [1, 1],
  [1, 2],
  [2, 1],
  [2, 2],
  [3, 1],
  [3, 2],
];

describe("pivot between any two cells (Sample.Basic)", () => {
  for (const [nr, nc] of SHAPES) {
    it(`${nr} row × ${nc} column dimension(s), ${5 - nr - nc} in the POV: every (from, to) pair follows the rule`, () => {
      // Rotate the dimensions so that each shape puts different ones in each region.
      const order = [...DIMS.slice(nr), ...DIMS.slice(0, nr)];
      const rows = order.slice(0, nr);
      const cols = order.slice(nr, nr + nc);
      const pov = order.slice(nr + nc);
      const base = runGridOperation(cube, { action: "refresh", grid: sheet(rows, cols, pov) });
      const L = layoutOf(base);
      expect(L).toEqual({ left: rows, top: cols, pov });
      const height = base.grid.length;
      const width = base.grid[0]?.length ?? 0;
      const cells: ({ row: number; column: number } | null)[] = [null];
      for (let row = 0; row < height; row++)
        for (let column = 0; column < width; column++) cells.push({ row, column });
      let moves = 0;
      let refusals = 0;
      for (const from of cells) {
        if (!from) continue;
        for (const to of cells) {
          for (const action of ["pivot", "pivottopov"] as const) {
            const what = `${action} from ${from.row},${from.column} to ${to ? `${to.row},${to.column}` : "-"}`;
            const src = sourceAt(base, L, from.row, from.column);
            const dest = to ? destinationAt(base, L, to.row, to.column) : null;
            const expected: Expected = src
              ? expectedMove(L, src, dest, action === "pivottopov")
              : { error: "GRID_PIVOT_NO_START" };
            let answer: GridResponse | GridError;
            try {
              answer = runGridOperation(cube, {
                action,
                grid: base.grid,
                pivot: { ...from, ...(to ? { toRow: to.row, toColumn: to.column } : {}) },
              });
            } catch (e) {
              if (!(e instanceof GridError)) throw e;
              answer = e;
            }
            if ("error" in expected) {
              expect(answer instanceof GridError ? answer.code : "answered", what).toBe(expected.error);
              refusals++;
              continue;
            }
            if (answer instanceof GridError) throw new Error(`${what}: ${answer.code} ${answer.message}`);
            const got = layoutOf(answer);
            expect(got, what).toEqual(expected.layout);
            expect([...got.pov, ...got.left, ...got.top].sort(), what).toEqual([...DIMS].sort());
            expect(answer.changed, what).toBe(true);
            moves++;
          }
        }
      }
      expect(moves).toBeGreaterThan(0);
      expect(refusals).toBeGreaterThan(0);
    });
  }
});
