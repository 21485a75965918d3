import type { Member } from "../outline.ts";
import type { CubeCells } from "./cells.ts";

/**
 * A value sliced by attributes (`Caffeinated_True`, `Ounces_12`…) and summarised by an `Attribute Calculations`
 * member (Sum by default, Count, Min, Max, Avg): the level-0 members of each base dimension whose attributes
 * match every slice, read and combined.
 */
export function readByAttributes(cube: CubeCells, coords: number[], attrs: readonly Member[]): number {
  let calc = "sum";
  const filters = new Map<number, Set<Member>[]>();
  for (const a of attrs) {
    const dim = a.dimension;
    if (dim.name.toLowerCase() === "attribute calculations") {
      if (a.ordinal !== 0) calc = a.name.toLowerCase();
      continue;
    }
    if (a.ordinal === 0) continue;
    const base = cube.dims.findIndex((d) => d.name.toLowerCase() === dim.baseDimensionName?.toLowerCase());
    if (base < 0) continue;
    const accepted = new Set(a.isLeaf ? [a] : a.descendants().filter((x) => x.isLeaf));
    const list = filters.get(base) ?? [];
    list.push(accepted);
    filters.set(base, list);
  }
  const axes: { dim: number; ords: number[] }[] = [];
  for (const [dimIdx, sets] of filters) {
    const top = cube.member(dimIdx, coords[dimIdx] as number);
    const leaves = top.isLeaf ? [top] : top.descendants().filter((x) => x.isLeaf && !x.isShared);
    const ok = leaves.filter((l) =>
      sets.every((s) => {
        const attrOfLeaf = [...l.attributes.values()].find((v) => s.has(v));
        return attrOfLeaf !== undefined;
      }),
    );
    axes.push({ dim: dimIdx, ords: ok.map((x) => x.ordinal) });
  }
  const values: number[] = [];
  const rec = (k: number): void => {
    if (k === axes.length) {
      values.push(cube.valueAt(coords));
      return;
    }
    const ax = axes[k] as { dim: number; ords: number[] };
    const saved = coords[ax.dim] as number;
    for (const o of ax.ords) {
      coords[ax.dim] = o;
      rec(k + 1);
    }
    coords[ax.dim] = saved;
  };
  rec(0);
  const present = values.filter((v) => !Number.isNaN(v));
  switch (calc) {
    case "count":
      return present.length;
    case "min":
      return present.length ? Math.min(...present) : Number.NaN;
    case "max":
      return present.length ? Math.max(...present) : Number.NaN;
    case "avg":
      return present.length ? present.reduce((a, b) => a + b, 0) / present.length : Number.NaN;
    default:
      return present.length ? present.reduce((a, b) => a + b, 0) : Number.NaN;
  }
}
