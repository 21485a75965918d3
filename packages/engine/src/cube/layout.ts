import type { Dimension, Member, Outline } from "../outline.ts";
import { opCode } from "./arithmetic.ts";
import { CubeError } from "./cube-error.ts";

/** Per base dimension: the member ordinals a calculation may touch (`null` = every member). */
export type Region = (Uint8Array | null)[];

/** Whether a member keeps data in the cube (stored or never-share; shared members point at their prototype). */
export function isStorable(m: Member): boolean {
  return m.storage === "store" || m.storage === "never-share";
}

/** The fields of its layout that a cube shows as its own (`Cube` takes them, their types and docs from here). */
export const CUBE_SHAPE = [
  "dims",
  "denseDims",
  "sparseDims",
  "calcOrder",
  "accountsDim",
  "timeDim",
  "blockSize",
  "slotOf",
  "denseStride",
  "sparseStride",
  "sparseSpace",
] as const;

/** A cube's layout fields, as the cube shows them ({@link CUBE_SHAPE}). */
export type CubeShape = Pick<CubeLayout, (typeof CUBE_SHAPE)[number]>;

/**
 * The shape of a cube, worked out once from its outline: which dimensions are dense and sparse, the calculation
 * order, where a stored cell sits in its block, how sparse ordinals pack into a block key, and each member's
 * children and operators as ordinals and codes. Aggregation, dynamic calculation and the cube itself address
 * cells through it; it holds no values.
 */
export class CubeLayout {
  /** Base (non-attribute) dimensions in outline order: the tuple order. */
  readonly dims: readonly Dimension[];
  readonly denseDims: readonly number[];
  readonly sparseDims: readonly number[];
  /** Base dimension indexes in Essbase calculation order (accounts, time, other dense, sparse). */
  readonly calcOrder: readonly number[];
  readonly accountsDim: number;
  readonly timeDim: number;
  readonly blockSize: number;
  /** Dense dims: ordinal → slot in the block (-1 when the member is not stored). */
  readonly slotOf: readonly Int32Array[];
  readonly denseStride: readonly number[];
  readonly sparseStride: readonly number[];
  /** Number of sparse member combinations (the range of block keys). */
  readonly sparseSpace: number;
  /** Per base dim: 1 for members tagged `^` (never consolidated, in any dimension); null when none. */
  readonly never: readonly (Uint8Array | null)[];
  /** Dense cells that consolidate across other dimensions (none of their dense members is `^`); null = all. */
  readonly consolidating: Int32Array | null;
  /** Per base dim, per member: the stored ordinals of its children, and their operator codes. */
  readonly childOrds: readonly Int32Array[][];
  readonly childOps: readonly Uint8Array[][];
  /** Per base dim: stored parents by increasing level (their values are materialised by aggregation). */
  readonly aggParents: readonly Member[][];
  /** Per base dim: 1 for stored parents (the members aggregation materialises). */
  private readonly isUpperOrd: readonly Uint8Array[];
  private cellOrds: Int32Array[] | null = null;

  constructor(outline: Outline) {
    this.dims = outline.baseDimensions;
    const dense: number[] = [];
    const sparse: number[] = [];
    this.dims.forEach((d, i) => {
      (d.density === "dense" ? dense : sparse).push(i);
    });
    this.denseDims = dense;
    this.sparseDims = sparse;
    this.accountsDim = this.dims.findIndex((d) => d.type === "accounts");
    this.timeDim = this.dims.findIndex((d) => d.type === "time");
    const denseOrder = [
      ...dense.filter((i) => i === this.accountsDim),
      ...dense.filter((i) => i === this.timeDim),
      ...dense.filter((i) => i !== this.accountsDim && i !== this.timeDim),
    ];
    this.calcOrder = [...denseOrder, ...sparse];

    const slotOf: Int32Array[] = [];
    const denseStride: number[] = [];
    const sparseStride: number[] = [];
    let bs = 1;
    for (let i = this.dims.length - 1; i >= 0; i--) {
      const d = this.dims[i] as Dimension;
      const slots = new Int32Array(d.size).fill(-1);
      if (d.density === "dense") {
        let n = 0;
        for (const m of d.members) if (isStorable(m)) slots[m.ordinal] = n++;
        for (const m of d.members)
          if (m.isShared && m.prototype) slots[m.ordinal] = slots[m.prototype.ordinal] as number;
        denseStride[i] = bs;
        bs *= n;
        sparseStride[i] = 0;
      } else denseStride[i] = 0;
      slotOf[i] = slots;
    }
    let ss = 1;
    for (let i = this.dims.length - 1; i >= 0; i--) {
      const d = this.dims[i] as Dimension;
      if (d.density === "sparse") {
        sparseStride[i] = ss;
        ss *= d.size;
      }
    }
    if (ss > Number.MAX_SAFE_INTEGER)
      throw new CubeError("Too many sparse combinations for 53-bit block keys");
    this.sparseSpace = ss;
    this.slotOf = slotOf;
    this.denseStride = denseStride;
    this.sparseStride = sparseStride;
    this.blockSize = bs;

    this.childOrds = this.dims.map((d) =>
      d.members.map((m) => Int32Array.from(m.children.map((c) => c.stored.ordinal))),
    );
    this.childOps = this.dims.map((d) =>
      d.members.map((m) => Uint8Array.from(m.children.map((c) => opCode(c.consolidation)))),
    );
    this.never = this.dims.map((d) => {
      if (!d.members.some((m) => m.consolidation === "^")) return null;
      const mask = new Uint8Array(d.size);
      for (const m of d.members)
        if (m.stored.consolidation === "^" || m.consolidation === "^") mask[m.stored.ordinal] = 1;
      return mask;
    });
    this.consolidating = this.regionCells(null, true);
    this.aggParents = this.dims.map((d) =>
      d.members
        .filter((m) => !m.isLeaf && isStorable(m))
        .sort((a, b) => a.level - b.level || a.ordinal - b.ordinal),
    );
    this.isUpperOrd = this.dims.map((d, i) => {
      const mask = new Uint8Array(d.size);
      for (const p of this.aggParents[i] as Member[]) mask[p.ordinal] = 1;
      return mask;
    });
  }

  member(dim: number, ordinal: number): Member {
    return (this.dims[dim] as Dimension).members[ordinal] as Member;
  }

  /** The block key of stored coordinates: the sparse ordinals as one mixed-radix number. */
  keyOf(coords: readonly number[]): number {
    let k = 0;
    for (const i of this.sparseDims) k += (coords[i] as number) * (this.sparseStride[i] as number);
    return k;
  }

  /** Offset of a cell inside its block, or -1 when a dense member is not stored. */
  cellOf(coords: readonly number[]): number {
    let c = 0;
    for (const i of this.denseDims) {
      const s = (this.slotOf[i] as Int32Array)[coords[i] as number] as number;
      if (s < 0) return -1;
      c += s * (this.denseStride[i] as number);
    }
    return c;
  }

  /** The ordinal of a block key's member in a sparse dimension. */
  ordOf(key: number, dim: number): number {
    return Math.floor(key / (this.sparseStride[dim] as number)) % (this.dims[dim] as Dimension).size;
  }

  /** Decodes the sparse ordinals of a block key into `coords`. */
  decodeKey(key: number, coords: number[]): void {
    for (const i of this.sparseDims) coords[i] = this.ordOf(key, i);
  }

  /** Bit k set when the key's member in the k-th sparse dimension (k < 8) is a stored parent. */
  upperBitsOf(key: number): number {
    let bits = 0;
    this.sparseDims.forEach((i, k) => {
      if (k < 8 && this.isUpperOrd[i]?.[this.ordOf(key, i)] === 1) bits |= 1 << k;
    });
    return bits;
  }

  /** Whether a block key lies inside a region's sparse part (dimension `except` not checked). */
  keyInRegion(key: number, region: Region, except: number): boolean {
    for (const i of this.sparseDims) {
      if (i === except) continue;
      const mask = region[i];
      if (mask && mask[this.ordOf(key, i)] !== 1) return false;
    }
    return true;
  }

  /** Whether a key's member in a sparse dimension other than `d` is `^` (the block is never consolidated). */
  neverOutside(key: number, d: number): boolean {
    return this.sparseDims.some((i) => i !== d && this.never[i]?.[this.ordOf(key, i)] === 1);
  }

  /**
   * Dense cells (block offsets) inside a region, or null for the whole block; with `consolidating`, cells of
   * `^` dense members are left out.
   */
  regionCells(region: Region | null, consolidating = false): Int32Array | null {
    const skipNever = consolidating && this.denseDims.some((i) => this.never[i]);
    if (!skipNever && (!region || this.denseDims.every((i) => !region[i]))) return null;
    const out: number[] = [];
    const rec = (k: number, off: number): void => {
      if (k === this.denseDims.length) {
        out.push(off);
        return;
      }
      const i = this.denseDims[k] as number;
      const dim = this.dims[i] as Dimension;
      const mask = region?.[i];
      const never = skipNever ? this.never[i] : null;
      for (const m of dim.members) {
        if (m.isShared || (mask && mask[m.ordinal] !== 1) || never?.[m.ordinal] === 1) continue;
        const s = (this.slotOf[i] as Int32Array)[m.ordinal] as number;
        if (s >= 0) rec(k + 1, off + s * (this.denseStride[i] as number));
      }
    };
    rec(0, 0);
    return Int32Array.from(out);
  }

  /** Per dense dimension (in `denseDims` order): the stored member ordinal of each cell offset. */
  denseOrdinalsOfCells(): Int32Array[] {
    if (this.cellOrds) return this.cellOrds;
    this.cellOrds = this.denseDims.map((i) => {
      const d = this.dims[i] as Dimension;
      const slots = this.slotOf[i] as Int32Array;
      const bySlot: number[] = [];
      for (const m of d.members) {
        const sl = slots[m.ordinal] as number;
        if (sl >= 0 && m.stored === m && bySlot[sl] === undefined) bySlot[sl] = m.ordinal;
      }
      const stride = this.denseStride[i] as number;
      const out = new Int32Array(this.blockSize);
      for (let c = 0; c < this.blockSize; c++)
        out[c] = bySlot[Math.floor(c / stride) % bySlot.length] as number;
      return out;
    });
    return this.cellOrds;
  }
}
