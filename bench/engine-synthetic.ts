import { type AggregationThreads, Cube, type DimensionSpec, type MemberSpec, Outline } from "@qibates/engine";

/**
 * The synthetic cube of the engine benchmark, shared by the Node run and the browser bundle: four sparse
 * dimensions (Product 10×10, Customer 5×10, Region 4×5, Channel 5) and one dense time dimension (Year →
 * 4 quarters → 12 months). About 85% of the 500,000 sparse level-0 combinations hold data for all 12 months,
 * so the cube has about 5.1 million stored level-0 cells. Values come from an integer hash that SQL can
 * compute identically, so DuckDB builds the very same rows.
 */

/** The sizes of the sparse hierarchies: groups × members per group, and the channels. */
export interface SyntheticShape {
  products: readonly [number, number];
  customers: readonly [number, number];
  regions: readonly [number, number];
  channels: number;
}

export const SHAPE: SyntheticShape = {
  products: [10, 10],
  customers: [5, 10],
  regions: [4, 5],
  channels: 5,
};
/**
 * The large cube (`bench/engine-aggregate.ts --large`): ten times the combinations (Product 20×25, Customer
 * 10×10), about 51 million stored level-0 cells.
 */
export const LARGE_SHAPE: SyntheticShape = {
  products: [20, 25],
  customers: [10, 10],
  regions: [4, 5],
  channels: 5,
};

const leafCount = (g: readonly [number, number]): number => g[0] * g[1];
export function combosOf(shape: SyntheticShape): number {
  return leafCount(shape.products) * leafCount(shape.customers) * leafCount(shape.regions) * shape.channels;
}
export const COMBOS = combosOf(SHAPE);
export const DENSITY_PERCENT = 85;

/** (i × 2654435761) mod 2^32, xor-shift, × 73244475 mod 2^32: exact in JS (Math.imul) and in SQL (BIGINT). */
export function hash(i: number): number {
  let h = Math.imul(i, 2654435761 | 0) >>> 0;
  h = (h ^ (h >>> 15)) >>> 0;
  return Math.imul(h, 73244475) >>> 0;
}

/** SQL for the same hash of a BIGINT expression `x`. */
export function hashSql(x: string): string {
  const h1 = `((${x}) * 2654435761) % 4294967296`;
  const h2 = `xor(${h1}, (${h1}) >> 15)`;
  return `((${h2}) * 73244475) % 4294967296`;
}

export function present(i: number): boolean {
  return hash(i) % 100 < DENSITY_PERCENT;
}

export function value(i: number, month: number): number {
  return 1 + (hash(i * 12 + month + 7_000_000) % 1000);
}

function tree(prefix: string, groups: number, per: number): MemberSpec[] {
  return Array.from({ length: groups }, (_, g) => ({
    name: `${prefix}${g}`,
    children: Array.from({ length: per }, (_, k) => ({ name: `${prefix}${g}_${k}` })),
  }));
}

/** The synthetic cube's dimensions, as an outline spec (also written as a snapshot's outline by bench/snapshot.ts). */
export function syntheticDimensions(shape: SyntheticShape = SHAPE): DimensionSpec[] {
  return [
    {
      name: "Year",
      type: "time",
      density: "dense",
      members: ["Q1", "Q2", "Q3", "Q4"].map((q, k) => ({
        name: q,
        children: Array.from({ length: 3 }, (_, j) => ({ name: `M${k * 3 + j + 1}` })),
      })),
    },
    { name: "Product", density: "sparse", members: tree("P", ...shape.products) },
    { name: "Customer", density: "sparse", members: tree("C", ...shape.customers) },
    { name: "Region", density: "sparse", members: tree("R", ...shape.regions) },
    {
      name: "Channel",
      density: "sparse",
      members: Array.from({ length: shape.channels }, (_, k) => ({ name: `CH${k}` })),
    },
  ];
}

export function syntheticOutline(shape: SyntheticShape = SHAPE): Outline {
  return new Outline({ name: "Synthetic", dimensions: syntheticDimensions(shape) });
}

/**
 * Builds and loads the cube (no aggregation); returns it with the number of level-0 cells loaded. `threads`:
 * the cube aggregates on them (`Cube`'s option).
 */
export function buildSyntheticCube(
  shape: SyntheticShape = SHAPE,
  threads?: AggregationThreads,
): { cube: Cube; cells: number } {
  const outline = syntheticOutline(shape);
  const combos = combosOf(shape);
  // room for every block after CALC ALL (about 1.7 blocks a level-0 combination)
  const expectedBlocks = 1 << Math.ceil(Math.log2(combos * 2));
  const cube = new Cube(outline, {
    expectedBlocks: Math.max(1 << 20, expectedBlocks),
    ...(threads ? { threads } : {}),
  });
  const ord = (dim: string, names: string[]): number[] =>
    names.map((n) => {
      const m = outline.member(n);
      if (!m || m.dimension.name !== dim) throw new Error(n);
      return m.ordinal;
    });
  const leaves = (prefix: string, groups: number, per: number): string[] =>
    Array.from({ length: groups * per }, (_, x) => `${prefix}${Math.floor(x / per)}_${x % per}`);
  const p = ord("Product", leaves("P", ...shape.products));
  const c = ord("Customer", leaves("C", ...shape.customers));
  const r = ord("Region", leaves("R", ...shape.regions));
  const ch = ord(
    "Channel",
    Array.from({ length: shape.channels }, (_, k) => `CH${k}`),
  );
  const nc = c.length;
  const nr = r.length;
  const nch = ch.length;
  const months = ord(
    "Year",
    Array.from({ length: 12 }, (_, k) => `M${k + 1}`),
  );
  const coords = [0, 0, 0, 0, 0];
  let cells = 0;
  for (let i = 0; i < combos; i++) {
    if (!present(i)) continue;
    coords[1] = p[Math.floor(i / (nc * nr * nch))] as number;
    coords[2] = c[Math.floor(i / (nr * nch)) % nc] as number;
    coords[3] = r[Math.floor(i / nch) % nr] as number;
    coords[4] = ch[i % nch] as number;
    for (let mo = 0; mo < 12; mo++) {
      coords[0] = months[mo] as number;
      cube.loadCell(coords, value(i, mo));
      cells++;
    }
  }
  return { cube, cells };
}

/** Grand total and a few upper-level totals, to check that the cube and DuckDB agree. */
export function checksums(cube: Cube): { grand: number; q1: number; p3c2: number; storedCells: number } {
  const o = cube.outline;
  const t = (...names: string[]): number => {
    const ms = names.map((n) => o.member(n));
    return cube.readNumber(cube.dims.map((d) => ms.find((m) => m?.dimension === d) ?? d.root));
  };
  return { grand: t(), q1: t("Q1"), p3c2: t("P3", "C2", "Q4"), storedCells: cube.storedCellCount() };
}
