import { describe, expect, it } from "vitest";
import { runCalcScript } from "../src/calc/script.ts";
import { Cube } from "../src/cube/cube.ts";
import { type MemberSpec, Outline } from "../src/outline.ts";

/**
 * CALC ALL consolidates a sparse dimension one of two ways: over a directly indexed cube (the sparse space no
 * larger than a hash of its blocks), every combination in key order; otherwise (a huge sparse space, a FIX
 * region, members never consolidated, `*` `/` `%` parents) from the blocks sorted by member. Both must give the
 * totals a brute-force sum of the loaded cells gives, `-` children subtracted and #Missing skipped.
 */

/** Groups × members per group under the root; the last member of each group is subtracted. */
function tree(prefix: string, groups: number, per: number): MemberSpec[] {
  return Array.from({ length: groups }, (_, g) => ({
    name: `${prefix}${g}`,
    children: Array.from({ length: per }, (_, k) => ({
      name: `${prefix}${g}_${k}`,
      ...(k === per - 1 ? { consolidation: "-" as const } : {}),
    })),
  }));
}

function outline(per: number): Outline {
  return new Outline({
    name: "Paths",
    dimensions: [
      {
        name: "Time",
        type: "time",
        density: "dense",
        members: [
          { name: "H1", children: [{ name: "T1" }, { name: "T2" }] },
          { name: "H2", children: [{ name: "T3" }, { name: "T4" }] },
        ],
      },
      { name: "A", density: "sparse", members: tree("A", 3, per) },
      { name: "B", density: "sparse", members: tree("B", 3, per) },
      { name: "C", density: "sparse", members: tree("C", 2, per) },
    ],
  });
}

interface Loaded {
  a: number;
  b: number;
  c: number;
  t: number;
  v: number;
}

/** About `count` cells at deterministic places (a linear congruential walk), some on the same block. */
function load(cube: Cube, per: number, count: number): Loaded[] {
  const out: Loaded[] = [];
  let x = 12345;
  const next = (n: number): number => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 16) % n;
  };
  for (let i = 0; i < count; i++) {
    const cell = { a: next(3 * per), b: next(3 * per), c: next(2 * per), t: next(4), v: 1 + next(97) };
    const name = (p: string, n: number) => `${p}${Math.floor(n / per)}_${n % per}`;
    cube.loadByNames([`T${cell.t + 1}`, name("A", cell.a), name("B", cell.b), name("C", cell.c)], cell.v);
    out.push(cell);
  }
  // a later load of the same cell replaces the earlier one
  const last = new Map<string, Loaded>();
  for (const c of out) last.set(`${c.a},${c.b},${c.c},${c.t}`, c);
  return [...last.values()];
}

/** The expected total at a tuple of names (each a member name or a dimension's root), from the loaded cells. */
function expected(
  cells: readonly Loaded[],
  per: number,
  at: Record<"A" | "B" | "C" | "Time", string>,
): number {
  const within = (name: string, root: string, n: number, prefix: string): number => {
    if (name === root) return n % per === per - 1 ? -1 : 1;
    if (name === `${prefix}${Math.floor(n / per)}`) return n % per === per - 1 ? -1 : 1;
    return name === `${prefix}${Math.floor(n / per)}_${n % per}` ? 1 : 0;
  };
  const time = (name: string, t: number): number =>
    name === "Time" || name === (t < 2 ? "H1" : "H2") || name === `T${t + 1}` ? 1 : 0;
  let sum = 0;
  let any = false;
  for (const c of cells) {
    const f =
      within(at.A, "A", c.a, "A") *
      within(at.B, "B", c.b, "B") *
      within(at.C, "C", c.c, "C") *
      time(at.Time, c.t);
    if (f !== 0) {
      sum += f * c.v;
      any = true;
    }
  }
  return any ? sum : Number.NaN;
}

function read(cube: Cube, at: Record<"A" | "B" | "C" | "Time", string>): number {
  const o = cube.outline;
  return cube.readNumber(cube.dims.map((d) => o.member(at[d.name as "A"]) ?? d.root));
}

function check(cube: Cube, cells: readonly Loaded[], per: number): void {
  const picks: Record<"A" | "B" | "C" | "Time", string>[] = [];
  for (const A of ["A", "A0", "A2", "A1_0"])
    for (const B of ["B", "B1", `B2_${per - 1}`])
      for (const C of ["C", "C0", "C1_1"])
        for (const Time of ["Time", "H2", "T1"]) picks.push({ A, B, C, Time });
  for (const at of picks) {
    const want = expected(cells, per, at);
    const got = read(cube, at);
    if (Number.isNaN(want)) expect(got, JSON.stringify(at)).toBeNaN();
    else expect(got, JSON.stringify(at)).toBeCloseTo(want, 9);
  }
}

describe("sparse consolidation, both ways", () => {
  it("a directly indexed cube (small sparse space) gives the brute-force totals", () => {
    const per = 4; // 12 × 12 × 8 leaves: a sparse space of a few thousand combinations
    const cube = new Cube(outline(per));
    const cells = load(cube, per, 600);
    cube.calcAll();
    check(cube, cells, per);
  });

  it("a hashed cube (a sparse space far larger than its blocks) gives the brute-force totals", () => {
    const per = 120; // 360 × 360 × 240 leaves: 31 million combinations for a few thousand blocks
    const cube = new Cube(outline(per));
    const cells = load(cube, per, 3000);
    cube.calcAll();
    check(cube, cells, per);
  });

  it("AGG within a FIX (a region: blocks sorted by member) agrees with the brute-force totals there", () => {
    const per = 4;
    const cube = new Cube(outline(per));
    const cells = load(cube, per, 600);
    runCalcScript(cube, 'CALC DIM ("Time"); FIX ("C0_1") AGG ("A", "B"); ENDFIX');
    let withData = 0;
    for (const A of ["A", "A1", "A2"])
      for (const B of ["B", "B0", "B2"]) {
        const at = { A, B, C: "C0_1", Time: "H1" };
        const want = expected(cells, per, at);
        if (Number.isNaN(want)) expect(read(cube, at)).toBeNaN();
        else {
          withData++;
          expect(read(cube, at)).toBeCloseTo(want, 9);
        }
      }
    // most picks hold data: the FIX computed totals
    expect(withData).toBeGreaterThan(4);
  });
});
