/**
 * Open-addressing hash from a packed sparse key (an integer below 2^53, the mixed-radix number of the sparse
 * member ordinals) to a block number. Typed arrays only: no string keys, no per-entry objects.
 */
export class BlockIndex {
  private keys: Float64Array;
  private vals: Int32Array;
  private mask: number;
  size = 0;

  constructor(expected = 16) {
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    this.keys = new Float64Array(cap);
    this.vals = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
  }

  get byteLength(): number {
    return this.keys.byteLength + this.vals.byteLength;
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
    if ((this.size + 1) * 4 > this.vals.length * 3) this.grow();
    const mask = this.mask;
    let i = this.slot(key);
    while ((this.vals[i] as number) >= 0) i = (i + 1) & mask;
    this.keys[i] = key;
    this.vals[i] = value;
    this.size++;
  }

  clear(): void {
    this.vals.fill(-1);
    this.size = 0;
  }

  private grow(): void {
    const oldK = this.keys;
    const oldV = this.vals;
    const cap = oldV.length * 2;
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
