/**
 * Index from a packed sparse key (an integer below 2^53, the mixed-radix number of the sparse member ordinals) to
 * a block number. Typed arrays only: no string keys, no per-entry objects. Two forms, chosen by size:
 *
 * - direct: one Int32Array entry per possible key (block + 1; 0 for none), when the cube's whole sparse space
 *   takes no more memory that way than a hash table of its blocks would (dense cubes: every lookup is one read);
 * - open addressing (linear probing) otherwise, turned into the direct form as soon as it would grow past the
 *   direct form's size.
 */

/** Keys beyond this many possible combinations are always hashed (a direct table of 64 MiB at most). */
const DIRECT_MAX_SPACE = 1 << 24;
/** Up to this many possible combinations the direct form is taken at once (256 KiB at most). */
const DIRECT_SMALL_SPACE = 1 << 16;
/** Bytes per slot of the hash table (a Float64 key and an Int32 value). */
const HASH_SLOT_BYTES = 12;

export class BlockIndex {
  private keys: Float64Array;
  private vals: Int32Array;
  private mask: number;
  /** The direct table (block + 1 by key), or null while hashing. */
  private direct: Int32Array | null;
  /** The number of possible keys (keys are `0 … space - 1`); infinite when not known. */
  private readonly space: number;
  size = 0;

  /**
   * `expected`: blocks expected; `space`: the number of possible keys (keys are `0 … space - 1`), when known.
   */
  constructor(expected = 16, space = Number.POSITIVE_INFINITY) {
    this.space = space;
    this.direct = null;
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    if (this.directFits(cap)) {
      this.direct = new Int32Array(space);
      this.keys = new Float64Array(0);
      this.vals = new Int32Array(0);
      this.mask = 0;
      return;
    }
    this.keys = new Float64Array(cap);
    this.vals = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
  }

  /** Whether a direct table is no larger than a hash table of `slots` slots. */
  private directFits(slots: number): boolean {
    const space = this.space;
    if (!(space <= DIRECT_MAX_SPACE)) return false;
    return space <= DIRECT_SMALL_SPACE || space * 4 <= slots * HASH_SLOT_BYTES;
  }

  get byteLength(): number {
    return this.direct ? this.direct.byteLength : this.keys.byteLength + this.vals.byteLength;
  }

  /** The direct form's table (block + 1 by key, 0 for none), or null while hashing; read only. */
  get table(): Int32Array | null {
    return this.direct;
  }

  /** Whether lookups read one entry per key (the direct form). */
  get isDirect(): boolean {
    return this.direct !== null;
  }

  private slot(key: number): number {
    const lo = key >>> 0;
    const hi = ((key - lo) / 4294967296) >>> 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    return h & this.mask;
  }

  /** The block number for a key, or -1. */
  get(key: number): number {
    const direct = this.direct;
    if (direct) return (direct[key] as number) - 1;
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let i = this.slot(key);
    for (;;) {
      const v = vals[i] as number;
      if (v < 0) return -1;
      if (keys[i] === key) return v;
      i = (i + 1) & mask;
    }
  }

  /** Stores key → value (the key must be absent). */
  set(key: number, value: number): void {
    const direct = this.direct;
    if (direct) {
      direct[key] = value + 1;
      this.size++;
      return;
    }
    if ((this.size + 1) * 4 > this.vals.length * 3) {
      this.grow();
      if (this.direct) {
        this.set(key, value);
        return;
      }
    }
    const mask = this.mask;
    let i = this.slot(key);
    while ((this.vals[i] as number) >= 0) i = (i + 1) & mask;
    this.keys[i] = key;
    this.vals[i] = value;
    this.size++;
  }

  clear(): void {
    if (this.direct) this.direct.fill(0);
    else this.vals.fill(-1);
    this.size = 0;
  }

  /** Twice the slots, or the direct form when it is no larger. */
  private grow(): void {
    const oldK = this.keys;
    const oldV = this.vals;
    const cap = oldV.length * 2;
    if (this.directFits(cap)) {
      const direct = new Int32Array(this.space);
      for (let i = 0; i < oldV.length; i++) {
        const v = oldV[i] as number;
        if (v >= 0) direct[oldK[i] as number] = v + 1;
      }
      this.direct = direct;
      this.keys = new Float64Array(0);
      this.vals = new Int32Array(0);
      this.mask = 0;
      return;
    }
    this.keys = new Float64Array(cap);
    this.vals = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
    this.size = 0;
    for (let i = 0; i < oldV.length; i++) {
      const v = oldV[i] as number;
      if (v >= 0) this.set(oldK[i] as number, v);
    }
  }
}
