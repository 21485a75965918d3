import { isCalc, type MdxMember } from "./values.ts";

/** A tuple as a key: equal keys, equal tuples (a calculated member by its dimension and name). */
const key = (t: readonly MdxMember[]): string =>
  t
    .map((m) => (isCalc(m) ? `calc:${m.dimension.index}:${m.name}` : `${m.dimension.index}:${m.ordinal}`))
    .join("|");

export function distinct(tuples: MdxMember[][]): MdxMember[][] {
  const seen = new Set<string>();
  return tuples.filter((t) => {
    const k = key(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function except(a: MdxMember[][], b: MdxMember[][]): MdxMember[][] {
  const drop = new Set(b.map(key));
  return a.filter((t) => !drop.has(key(t)));
}

export function intersect(a: MdxMember[][], b: MdxMember[][]): MdxMember[][] {
  const keep = new Set(b.map(key));
  return a.filter((t) => keep.has(key(t)));
}

export function compareStrings(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Sort keys: #Missing below every number, strings after numbers. */
function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === "string" || typeof b === "string") {
    if (typeof a !== "string") return -1;
    if (typeof b !== "string") return 1;
    return compareStrings(a, b);
  }
  const x = Number.isNaN(a) ? Number.NEGATIVE_INFINITY : a;
  const y = Number.isNaN(b) ? Number.NEGATIVE_INFINITY : b;
  return x === y ? 0 : x < y ? -1 : 1;
}

/** BASC / BDESC: one stable sort of the whole set. */
export function flatOrder(tuples: MdxMember[][], keys: (number | string)[], desc: boolean): MdxMember[][] {
  const idx = tuples.map((_, i) => i);
  idx.sort((i, j) => {
    const c = compareKeys(keys[i] as number | string, keys[j] as number | string);
    return desc ? -c : c;
  });
  return idx.map((i) => tuples[i] as MdxMember[]);
}

/**
 * ASC / DESC: the hierarchy is kept — a member comes after its nearest ancestor in the set, and members under
 * the same such ancestor are sorted among themselves.
 */
export function hierOrder(tuples: MdxMember[][], keys: (number | string)[], desc: boolean): MdxMember[][] {
  const members = tuples.map((t) => t[0] as MdxMember);
  const indexOf = new Map<MdxMember, number>();
  members.forEach((m, i) => {
    if (!indexOf.has(m)) indexOf.set(m, i);
  });
  const groups = new Map<number, number[]>();
  members.forEach((m, i) => {
    let owner = -1;
    for (let p = m.parent; p; p = p.parent) {
      const j = indexOf.get(p);
      if (j !== undefined && j !== i) {
        owner = j;
        break;
      }
    }
    const g = groups.get(owner) ?? [];
    g.push(i);
    groups.set(owner, g);
  });
  const out: MdxMember[][] = [];
  const emit = (owner: number): void => {
    const g = groups.get(owner);
    if (!g) return;
    g.sort((i, j) => {
      const c = compareKeys(keys[i] as number | string, keys[j] as number | string);
      return desc ? -c : c;
    });
    for (const i of g) {
      out.push(tuples[i] as MdxMember[]);
      emit(i);
    }
  };
  emit(-1);
  return out;
}

/** Outline order, tuple by tuple (first dimension first); calculated members after the outline's. */
export function hierarchize(tuples: MdxMember[][]): MdxMember[][] {
  const rank = (m: MdxMember): number => (isCalc(m) ? Number.MAX_SAFE_INTEGER : m.ordinal);
  return [...tuples].sort((a, b) => {
    for (let i = 0; i < a.length; i++) {
      const d = rank(a[i] as MdxMember) - rank(b[i] as MdxMember);
      if (d !== 0) return d;
    }
    return 0;
  });
}
