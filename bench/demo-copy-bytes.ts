/**
 * What one demo session's own copy holds, as `QIBATES_DEMO_VIEWS_MEMORY_MB` counts it (the bytes of its cubes'
 * stored values, `DemoSessionViews.bytes`): a copy of Sample.Basic and one of Vision when they are made, and
 * each again once one more data block is stored in it (a value at a combination of sparse members that held
 * none). Beside them, the shared demo cubes the copies are made from. In-process, no server.
 *
 *   npx tsx bench/demo-copy-bytes.ts
 */
import "../scripts/command-line.mjs";
import { EmbeddedProvider } from "@qibates/embedded";
import { memoryStore } from "@qibates/embedded/testing";
import type { Cube } from "@qibates/engine";
import { DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";

const MiB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(2)} MiB (${bytes.toLocaleString("en")} bytes)`;

const provider = await EmbeddedProvider.open({
  scheduler: new SliceScheduler(DEFAULT_SLICES),
  store: memoryStore(),
  credentialsValid: async () => true,
  ownViews: { isolated: () => true, alive: async () => true, sweepMs: 3_600_000, idleMs: 3_600_000 },
});
const views = provider.views;
if (!views) throw new Error("the provider opened no session views");

/** The ordinals of a dimension's leaves (level-0 members). */
const leaves = (cube: Cube, dim: number): number[] =>
  (cube.dims[dim]?.members ?? []).filter((m) => m.children.length === 0).map((m) => m.ordinal);

/**
 * Stores one value at the first combination of leaves with no block yet (as a save of a cell there does);
 * answers the blocks before and after.
 */
function addBlock(cube: Cube): [number, number] {
  const before = cube.blockCount;
  const level0 = cube.dims.map((_, d) => leaves(cube, d));
  const coords = level0.map((l) => l[0] as number);
  const sparse = cube.sparseDims;
  const place = (i: number): boolean => {
    if (i === sparse.length) return cube.blockOf(coords) < 0 && cube.loadCell(coords, 42);
    const dim = sparse[i] as number;
    for (const ordinal of level0[dim] as number[]) {
      coords[dim] = ordinal;
      if (place(i + 1)) return true;
    }
    return false;
  };
  if (!place(0)) throw new Error("every combination of leaves already has a block");
  return [before, cube.blockCount];
}

const rows: string[] = [];
{
  const shared = views.essbase.base.cube.byteLength;
  const start = views.bytes;
  const copy = await views.essbase.writing("bench-essbase");
  const made = views.bytes - start;
  const [b0, b1] = addBlock(copy.cube);
  const grown = views.bytes - start;
  rows.push(`| Sample.Basic | ${mib(shared)} | ${mib(made)} | ${b0} → ${b1} | ${mib(grown)} |`);
}
{
  const base = views.planning.base.app;
  const shared = base.cubes.reduce((t, c) => t + base.dataSource(c).byteLength, 0);
  const start = views.bytes;
  const copy = await views.planning.writing("bench-planning");
  const made = views.bytes - start;
  const [b0, b1] = addBlock(copy.app.dataSource("Plan1"));
  const grown = views.bytes - start;
  rows.push(
    `| Vision (Plan1 and Plan2) | ${mib(shared)} | ${mib(made)} | Plan1 ${b0} → ${b1} | ${mib(grown)} |`,
  );
}
await provider.close();

console.log("| Application | Shared demo cubes | A new copy | Blocks | The copy with one more block |");
console.log("| --- | --- | --- | --- | --- |");
for (const row of rows) console.log(row);
