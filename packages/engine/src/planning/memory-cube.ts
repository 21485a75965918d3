import type { CellValue, DataSource } from "../data-source.ts";
import type { Member, Outline } from "../outline.ts";

/**
 * A small in-memory cube for planning applications: level-0 cells are stored in a map, every upper-level cell
 * is consolidated from its children on read (like a fully dynamic hierarchy, so writes never need an
 * aggregation pass), shared members read their prototype, label-only members show their first child, and a
 * dynamic member whose formula is a single member name reads that member (HSP_View ConsolidatedData). Only
 * level-0, stored, non-label cells may be written. The demo Vision application runs on it; any other
 * {@link DataSource} (the engine's block cube) can replace it.
 */
export class MemoryCube implements DataSource {
  private readonly cells = new Map<string, number>();

  constructor(readonly outline: Outline) {}

  /** Number of stored (non-missing) cells. */
  get size(): number {
    return this.cells.size;
  }

  read(tuple: readonly Member[]): CellValue {
    return this.compute(tuple.map((m) => m.stored));
  }

  writeBlocker(tuple: readonly Member[]): string | null {
    for (const m of tuple) {
      const s = m.stored;
      if (s.storage === "label-only") return `${s.name} is label only`;
      if (s.isDynamic) return `${s.name} is Dynamic Calc`;
      if (!s.isLeaf) return `${s.name} is an upper-level member; its value is aggregated from its children`;
    }
    return null;
  }

  write(tuple: readonly Member[], value: CellValue): void {
    const key = keyOf(tuple.map((m) => m.stored));
    if (value === null || Number.isNaN(value)) this.cells.delete(key);
    else this.cells.set(key, value);
  }

  /** Writes by member names (one per base dimension, outline order); for loaders. */
  writeByNames(names: readonly string[], value: CellValue): void {
    this.write(
      names.map((n) => {
        const m = this.outline.member(n);
        if (!m) throw new Error(`Unknown member "${n}"`);
        return m;
      }),
      value,
    );
  }

  private compute(tuple: Member[]): CellValue {
    for (let i = 0; i < tuple.length; i++) {
      const m = tuple[i] as Member;
      if (m.isLeaf && !m.isDynamic) continue;
      if (m.isDynamic && m.formula && m.isLeaf) {
        const target = this.outline.member(m.formula.replace(/;\s*$/, "").trim().replace(/^"|"$/g, ""));
        if (!target) return null;
        return this.compute(replace(tuple, i, target));
      }
      if (m.storage === "label-only") {
        const first = m.children[0];
        return first ? this.compute(replace(tuple, i, first.stored)) : null;
      }
      let acc: number | null = null;
      for (const c of m.children) {
        if (c.consolidation === "~" || c.consolidation === "^") continue;
        const v = this.compute(replace(tuple, i, c.stored));
        if (v === null) continue;
        acc = combine(acc, v, c.consolidation);
      }
      return acc;
    }
    const v = this.cells.get(keyOf(tuple));
    return v === undefined ? null : v;
  }
}

function combine(acc: number | null, v: number, op: string): number {
  if (acc === null) return op === "-" ? -v : v;
  switch (op) {
    case "-":
      return acc - v;
    case "*":
      return acc * v;
    case "/":
      return v === 0 ? acc : acc / v;
    case "%":
      return v === 0 ? acc : (acc / v) * 100;
    default:
      return acc + v;
  }
}

function replace(tuple: Member[], i: number, m: Member): Member[] {
  const t = tuple.slice();
  t[i] = m;
  return t;
}

function keyOf(tuple: readonly Member[]): string {
  let k = "";
  for (const m of tuple) k += `${m.ordinal},`;
  return k;
}
