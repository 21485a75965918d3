import { BlockIndex } from "../block-index.ts";

/** Stored values of a cube at one moment ({@link BlockStore.snapshot}). */
export interface CubeSnapshot {
  readonly blockCount: number;
  readonly keys: Float64Array;
  readonly data: Float64Array;
  readonly input: Uint32Array;
  readonly upperBits: Uint8Array;
}

/**
 * The blocks exactly as a store holds them ({@link BlockStore.pool}): the values in their slots (4 bytes a cell in
 * `narrow`, 8 in `wide`) with each block's slot, the slots taken, the input flags, keys and upper-level bits, every
 * array in a buffer of its own (none shared). Put in place by {@link BlockStore.takePool} without reading a value
 * again: a copy of a cube's data that costs a copy of its bytes (a {@link CubeSnapshot} reads every value into a
 * double and back).
 */
export interface BlockPool {
  readonly blockCount: number;
  readonly narrow: Float32Array;
  readonly wide: Float64Array;
  /** Per block: its slot (as {@link BlockValues.slots}). */
  readonly slots: Int32Array;
  /** `[narrow slots taken, wide slots taken, narrow slots left unused]` (as {@link BlockValues.counts}). */
  readonly counts: readonly [number, number, number];
  readonly input: Uint32Array;
  readonly keys: Float64Array;
  readonly upperBits: Uint8Array;
}

/** The arrays of a block pool, to move to another thread. */
export function poolBuffers(p: BlockPool): ArrayBuffer[] {
  return [p.narrow, p.wide, p.slots, p.input, p.keys, p.upperBits].map((a) => a.buffer as ArrayBuffer);
}

/** A copy of `p` in arrays of its own (for a pool kept to be put in place more than once). */
export function copyOfPool(p: BlockPool): BlockPool {
  return {
    blockCount: p.blockCount,
    narrow: p.narrow.slice(),
    wide: p.wide.slice(),
    slots: p.slots.slice(),
    counts: [p.counts[0], p.counts[1], p.counts[2]],
    input: p.input.slice(),
    keys: p.keys.slice(),
    upperBits: p.upperBits.slice(),
  };
}

/**
 * The blocks as they are ({@link BlockStore.views}): keys, input flags and upper-level bits as views of the
 * pool, values read as doubles a range of blocks at a time.
 */
export interface StoredBlocks {
  readonly blockCount: number;
  readonly keys: Float64Array;
  readonly input: Uint32Array;
  readonly upperBits: Uint8Array;
  /** The values of blocks `[from, to)`, `blockSize` doubles a block (a new array). */
  values(from: number, to: number): Float64Array;
}

/**
 * The values of a cube's blocks, as the aggregation loops read and write them (on any thread: `parallel.ts`).
 * A block's values are in 4 bytes a cell (a slot of `narrow`) while every one of them is exactly a 32-bit float
 * (or #Missing), else in 8 bytes a cell (a slot of `wide`): a write of a value that is not exact in 32 bits moves
 * the block to a wide slot first, so that no value ever changes; a block once wide stays wide. A block all
 * #Missing since it was made has no slot yet. `slots[block]`: {@link NO_SLOT}, a slot of `narrow` (0 or more),
 * or `-2 - slot` for a slot of `wide`.
 */
export interface BlockValues {
  /** `blockSize` floats a slot (NaN = #Missing), room for a slot per block the pool holds. */
  readonly narrow: Float32Array;
  /** Per block: its slot. */
  readonly slots: Int32Array;
  /** `blockSize` doubles a slot. */
  readonly wide: Float64Array;
  /**
   * `[narrow slots taken, wide slots taken, narrow slots left unused]`: a thread takes a slot with `Atomics.add`
   * (slots past the end of their pool are not there). {@link BlockStore.compact} gives back the unused ones.
   */
  readonly counts: Int32Array;
}

/** The slot of a block all #Missing since it was made. */
export const NO_SLOT = -1;

/** Whether `v` is stored the same in 4 bytes (a 32-bit float, or NaN). */
function fitsNarrow(v: number): boolean {
  return Math.fround(v) === v || Number.isNaN(v);
}

/** Blocks all #Missing, in 4 bytes a cell, in 8 ({@link valuesKind}). */
const MISSING = 0;
const NARROW = 1;
const WIDE = 2;

/** What `bs` values from `at` need: no slot (all #Missing), 4 bytes a cell, or 8. */
function valuesKind(values: Float64Array, at: number, bs: number): number {
  let kind = MISSING;
  for (let j = at, end = at + bs; j < end; j++) {
    const v = values[j] as number;
    if (Number.isNaN(v)) continue;
    if (Math.fround(v) !== v) return WIDE;
    kind = NARROW;
  }
  return kind;
}

/** Reads block `b`'s values into `out` (`blockSize` doubles). */
export function loadBlock(values: BlockValues, bs: number, b: number, out: Float64Array): void {
  const s = values.slots[b] as number;
  if (s >= 0) {
    const narrow = values.narrow;
    for (let j = 0, o = s * bs; j < bs; j++) out[j] = narrow[o + j] as number;
  } else if (s === NO_SLOT) {
    for (let j = 0; j < bs; j++) out[j] = Number.NaN;
  } else {
    const wide = values.wide;
    for (let j = 0, o = (-2 - s) * bs; j < bs; j++) out[j] = wide[o + j] as number;
  }
}

/**
 * Writes `vals` (`blockSize` doubles) as block `b`'s values: in 4 bytes a cell when each is exact in 32 bits and
 * the block is not wide, else in its wide slot, taken first when it has none (a block without a slot whose
 * values are all #Missing stays without). False (nothing written) when no wide slot is free: the caller writes
 * it again once the pool has grown ({@link BlockStore.ensureWide}). `fresh`: a narrow slot set aside for the
 * block when it has none ({@link BlockStore.freshSlots}), or -1; counted as left unused when not taken.
 */
export function storeBlock(
  values: BlockValues,
  bs: number,
  b: number,
  vals: Float64Array,
  fresh = -1,
): boolean {
  let s = values.slots[b] as number;
  if (s !== NO_SLOT && fresh >= 0) {
    // set aside for a block that has a slot since (a retry on the calling thread)
    Atomics.add(values.counts, 2, 1);
    fresh = -1;
  }
  if (s >= -1) {
    const kind = valuesKind(vals, 0, bs);
    if (kind !== WIDE) {
      if (s === NO_SLOT) {
        if (kind === MISSING) {
          if (fresh >= 0) Atomics.add(values.counts, 2, 1);
          return true;
        }
        if (fresh >= 0) s = fresh;
        else {
          s = Atomics.add(values.counts, 0, 1);
          if ((s + 1) * bs > values.narrow.length) return false;
        }
        values.slots[b] = s;
      }
      const narrow = values.narrow;
      for (let j = 0, o = s * bs; j < bs; j++) narrow[o + j] = vals[j] as number;
      return true;
    }
    const w = Atomics.add(values.counts, 1, 1);
    if ((w + 1) * bs > values.wide.length) return false;
    if (s >= 0 || fresh >= 0) Atomics.add(values.counts, 2, 1);
    s = -2 - w;
    values.slots[b] = s;
  }
  const wide = values.wide;
  for (let j = 0, o = (-2 - s) * bs; j < bs; j++) wide[o + j] = vals[j] as number;
  return true;
}

/**
 * The blocks of a cube: their stored values ({@link BlockValues}: 4 bytes a cell, 8 for a block that needs it;
 * NaN = #Missing, `blockSize` cells a block), one input bit per cell, the sparse key and upper-level bits of each
 * block, and the index from keys to blocks. Blocks are only ever appended, never moved. The arrays are read in
 * place by the cube's calculation loops; they are replaced when the pool grows, so a loop that appends blocks
 * reads them again afterwards.
 */
export class BlockStore {
  narrow: Float32Array;
  slots: Int32Array;
  wide: Float64Array;
  readonly counts: Int32Array;
  /** One bit per cell: the value was written by a user or a load (kept under AGGMISSG off). */
  input: Uint32Array;
  keys: Float64Array;
  /** Per block: bit k set when its member in the k-th sparse dimension is a stored parent (upper level). */
  upperBits: Uint8Array;
  blockCount = 0;
  readonly index: BlockIndex;
  /** Input-flag words per block. */
  readonly inputWords: number;

  /**
   * `shared`: the values and input flags live in SharedArrayBuffers, so that aggregation threads
   * (`parallel.ts`) work on them in place. `keySpace`: the number of possible block keys (the sparse space), so
   * that the index can address them directly when that is no larger than hashing them (`block-index.ts`).
   */
  constructor(
    readonly blockSize: number,
    capacity: number,
    readonly shared = false,
    keySpace = Number.POSITIVE_INFINITY,
  ) {
    this.inputWords = (blockSize + 31) >>> 5;
    this.narrow = new Float32Array(this.buffer(capacity * blockSize * 4));
    this.slots = new Int32Array(this.buffer(capacity * 4));
    this.wide = new Float64Array(this.buffer(0));
    this.counts = new Int32Array(this.buffer(12));
    this.input = new Uint32Array(this.buffer(capacity * this.inputWords * 4));
    this.keys = new Float64Array(capacity);
    this.upperBits = new Uint8Array(capacity);
    this.index = new BlockIndex(capacity, keySpace);
  }

  private buffer(bytes: number): ArrayBuffer | SharedArrayBuffer {
    return this.shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  }

  /** The values' arrays as they are now (for a task: valid until the pool grows). */
  get values(): BlockValues {
    return { narrow: this.narrow, slots: this.slots, wide: this.wide, counts: this.counts };
  }

  /** Narrow slots taken (those of blocks made wide since included). */
  get narrowSlots(): number {
    return Math.min(this.counts[0] as number, this.narrow.length / this.blockSize);
  }

  /** Wide slots taken. */
  get wideSlots(): number {
    return Math.min(this.counts[1] as number, this.wide.length / this.blockSize);
  }

  /**
   * Room for `more` wide blocks beyond those there, the pool doubled as often as needed (only when no task runs
   * on the threads: the pool is replaced). Also sets the count of slots taken back to the slots there are (a
   * task whose threads found none free counted them).
   */
  ensureWide(more: number): void {
    const bs = this.blockSize;
    const used = this.wideSlots;
    this.counts[1] = used;
    const cap = this.wide.length / bs;
    if (used + more <= cap) return;
    let next = Math.max(16, cap * 2);
    while (next < used + more) next *= 2;
    const wide = new Float64Array(this.buffer(next * bs * 8));
    wide.set(this.wide.subarray(0, used * bs));
    this.wide = wide;
  }

  /**
   * Room for `more` narrow slots beyond those taken, the pool doubled as often as needed (only when no task runs
   * on the threads); with `compact`, the slots left unused are given back first when that is enough.
   */
  ensureNarrow(more: number, compact = false): void {
    const bs = this.blockSize;
    let cap = this.narrow.length / bs;
    this.counts[0] = Math.min(this.counts[0] as number, cap);
    if ((this.counts[0] as number) + more <= cap) return;
    if (compact) {
      this.compact();
      if ((this.counts[0] as number) + more <= cap) return;
    }
    const used = this.counts[0] as number;
    cap = Math.max(16, cap * 2);
    while (cap < used + more) cap *= 2;
    const narrow = new Float32Array(this.buffer(cap * bs * 4));
    narrow.set(this.narrow.subarray(0, used * bs));
    this.narrow = narrow;
  }

  /** Room for `more` narrow and `more` wide slots, then the values' arrays (a task's items done again). */
  room(more: number): BlockValues {
    this.ensureWide(more);
    this.ensureNarrow(more);
    return this.values;
  }

  /**
   * Appends a block for a key known to be absent, all #Missing (without a slot: it takes one when a value is
   * written). Touches neither the values nor their slots' counts: a task may be running on the threads.
   */
  append(key: number, upperBits: number): number {
    if (this.blockCount === this.keys.length) this.grow();
    const nb = this.blockCount++;
    this.keys[nb] = key;
    this.upperBits[nb] = upperBits;
    this.slots[nb] = NO_SLOT;
    // a block dropped by `restore` may have left its input flags behind
    for (let w = nb * this.inputWords, end = w + this.inputWords; w < end; w++) this.input[w] = 0;
    this.index.set(key, nb);
    return nb;
  }

  /**
   * Room for at least `blocks` blocks, the pool doubled as often as needed, in one allocation; the blocks held
   * are copied over unless `keep` is false (a restore overwrites them anyway).
   */
  private grow(blocks = this.keys.length + 1, keep = true): void {
    let cap = Math.max(1, this.keys.length * 2);
    while (cap < blocks) cap *= 2;
    const upper = new Uint8Array(cap);
    if (keep) upper.set(this.upperBits);
    this.upperBits = upper;
    const slots = new Int32Array(this.buffer(cap * 4));
    if (keep) slots.set(this.slots);
    this.slots = slots;
    const input = new Uint32Array(this.buffer(cap * this.inputWords * 4));
    if (keep) input.set(this.input);
    this.input = input;
    const keys = new Float64Array(cap);
    if (keep) keys.set(this.keys);
    this.keys = keys;
  }

  /**
   * Narrow slots set aside for the blocks of `blocks` that have none (in that order: blocks computed one after
   * the other lie one after the other), before a task computes them: entry `i` is block `blocks[i]`'s, or -1
   * (see {@link storeBlock}'s `fresh`); null when none is set aside. Either way the pool has room for all.
   */
  freshSlots(blocks: Int32Array, count: number): Int32Array | null {
    const slots = this.slots;
    let none = 0;
    for (let i = 0; i < count; i++) if (slots[blocks[i] as number] === NO_SLOT) none++;
    this.ensureNarrow(none, true);
    // When most blocks are wide, a slot set aside would mostly be left unused: none is.
    if (none === 0 || this.wideSlots > this.narrowSlots) return null;
    const fresh = new Int32Array(this.buffer(count * 4));
    let n = this.counts[0] as number;
    for (let i = 0; i < count; i++) fresh[i] = slots[blocks[i] as number] === NO_SLOT ? n++ : -1;
    this.counts[0] = n;
    return fresh;
  }

  /**
   * Gives back the narrow slots that blocks made wide left unused, the last slots in use moved into them (only
   * when no task runs on the threads; done when the pool would grow otherwise).
   */
  compact(): void {
    if (this.counts[2] === 0) return;
    this.counts[0] = Math.min(this.counts[0] as number, this.narrow.length / this.blockSize);
    this.counts[2] = 0;
    const bs = this.blockSize;
    const n = this.counts[0] as number;
    const owner = new Int32Array(n).fill(-1);
    const slots = this.slots;
    let live = 0;
    for (let b = 0; b < this.blockCount; b++) {
      const s = slots[b] as number;
      if (s >= 0) {
        owner[s] = b;
        live++;
      }
    }
    const narrow = this.narrow;
    for (let h = 0, t = n - 1; h < t; ) {
      if ((owner[h] as number) >= 0) h++;
      else if ((owner[t] as number) < 0) t--;
      else {
        narrow.copyWithin(h * bs, t * bs, (t + 1) * bs);
        slots[owner[t] as number] = h;
        h++;
        t--;
      }
    }
    this.counts[0] = live;
  }

  /** Whether the next {@link append} grows the pool (which replaces its arrays). */
  get full(): boolean {
    return this.blockCount === this.keys.length;
  }

  /** The value of cell `cell` of block `b` (NaN = #Missing). */
  get(b: number, cell: number): number {
    const s = this.slots[b] as number;
    if (s >= 0) return this.narrow[s * this.blockSize + cell] as number;
    return s === NO_SLOT ? Number.NaN : (this.wide[(-2 - s) * this.blockSize + cell] as number);
  }

  /** Sets cell `cell` of block `b`, the block given a slot, or made wide, first when it needs it. */
  set(b: number, cell: number, v: number): void {
    let s = this.slots[b] as number;
    if (s === NO_SLOT) {
      if (Number.isNaN(v)) return;
      s = this.slotFor(b, fitsNarrow(v));
    } else if (s >= 0 && !fitsNarrow(v)) s = this.widen(b);
    if (s >= 0) this.narrow[s * this.blockSize + cell] = v;
    else this.wide[(-2 - s) * this.blockSize + cell] = v;
  }

  /** Block `b`'s values into `out` (`blockSize` doubles). */
  load(b: number, out: Float64Array): void {
    loadBlock(this.values, this.blockSize, b, out);
  }

  /** Block `b`'s values from `vals` (`blockSize` doubles), in 4 or 8 bytes a cell (as {@link set}). */
  save(b: number, vals: Float64Array): void {
    if (!storeBlock(this.values, this.blockSize, b, vals)) {
      this.ensureWide(1);
      storeBlock(this.values, this.blockSize, b, vals);
    }
  }

  /** Sets every cell of block `b` to #Missing. */
  clearBlock(b: number): void {
    const s = this.slots[b] as number;
    const bs = this.blockSize;
    if (s >= 0) this.narrow.fill(Number.NaN, s * bs, (s + 1) * bs);
    else if (s !== NO_SLOT) this.wide.fill(Number.NaN, (-2 - s) * bs, (-1 - s) * bs);
  }

  /**
   * A slot (narrow or wide) for block `b`, which has none, its cells #Missing: the slot as `slots` holds it
   * (only when no task runs on the threads).
   */
  private slotFor(b: number, narrow: boolean): number {
    const bs = this.blockSize;
    let s: number;
    if (narrow) {
      this.ensureNarrow(1, true);
      s = this.counts[0] as number;
      this.counts[0] = s + 1;
      const values = this.narrow;
      for (let i = s * bs, end = i + bs; i < end; i++) values[i] = Number.NaN;
    } else {
      this.ensureWide(1);
      const w = this.counts[1] as number;
      this.counts[1] = w + 1;
      const values = this.wide;
      for (let i = w * bs, end = i + bs; i < end; i++) values[i] = Number.NaN;
      s = -2 - w;
    }
    this.slots[b] = s;
    return s;
  }

  /** Moves block `b` from its narrow slot to a wide one (its values kept; the narrow slot is left unused). */
  private widen(b: number): number {
    this.ensureWide(1);
    const bs = this.blockSize;
    const w = this.counts[1] as number;
    this.counts[1] = w + 1;
    this.counts[2] = (this.counts[2] as number) + 1;
    const narrow = this.narrow;
    const wide = this.wide;
    const from = (this.slots[b] as number) * bs;
    for (let j = 0; j < bs; j++) wide[w * bs + j] = narrow[from + j] as number;
    this.slots[b] = -2 - w;
    return -2 - w;
  }

  isInput(block: number, cell: number): boolean {
    return (((this.input[block * this.inputWords + (cell >>> 5)] as number) >>> (cell & 31)) & 1) === 1;
  }

  setInput(block: number, cell: number, on: boolean): void {
    const w = block * this.inputWords + (cell >>> 5);
    const bit = 1 << (cell & 31);
    this.input[w] = on ? (this.input[w] as number) | bit : (this.input[w] as number) & ~bit;
  }

  /** Bytes held by stored values, slots, input flags, block keys, upper-level bits and the sparse index. */
  get byteLength(): number {
    return (
      this.narrow.byteLength +
      this.slots.byteLength +
      this.wide.byteLength +
      this.counts.byteLength +
      this.input.byteLength +
      this.keys.byteLength +
      this.upperBits.byteLength +
      this.index.byteLength
    );
  }

  /**
   * Bytes actually used by the blocks that exist (pool capacity excluded): per block its slot number, input
   * flags, key and upper-level bits; 4 bytes a cell for each narrow slot taken (those left by blocks made wide
   * included), 8 for each wide slot; the index.
   */
  get usedBytes(): number {
    const bs = this.blockSize;
    return (
      this.blockCount * (4 + this.inputWords * 4 + 8 + 1) +
      this.narrowSlots * bs * 4 +
      this.wideSlots * bs * 8 +
      this.counts.byteLength +
      this.index.byteLength
    );
  }

  /** Number of non-#Missing stored cells. */
  storedCellCount(): number {
    let n = 0;
    const bs = this.blockSize;
    const d = new Float64Array(bs);
    for (let b = 0; b < this.blockCount; b++) {
      this.load(b, d);
      for (let j = 0; j < bs; j++) if (!Number.isNaN(d[j])) n++;
    }
    return n;
  }

  /** The values of blocks `[from, to)` as doubles into `out` (`blockSize` of them a block, from its start). */
  private valuesInto(out: Float64Array, from = 0, to = this.blockCount): void {
    const bs = this.blockSize;
    const narrow = this.narrow;
    const wide = this.wide;
    const slots = this.slots;
    for (let b = from; b < to; b++) {
      const s = slots[b] as number;
      const o = (b - from) * bs;
      if (s >= 0) for (let j = 0, i = s * bs; j < bs; j++) out[o + j] = narrow[i + j] as number;
      else if (s === NO_SLOT) out.fill(Number.NaN, o, o + bs);
      else out.set(wide.subarray((-2 - s) * bs, (-1 - s) * bs), o);
    }
  }

  /**
   * The blocks as they are (keys, input flags and upper-level bits: views of the pool up to the last block;
   * values read as doubles, a range of blocks at a time): valid until the next change of the store, read only.
   * For a caller that writes them out at once (`image.ts`).
   */
  views(): StoredBlocks {
    const n = this.blockCount;
    const bs = this.blockSize;
    return {
      blockCount: n,
      keys: this.keys.subarray(0, n),
      input: this.input.subarray(0, n * this.inputWords),
      upperBits: this.upperBits.subarray(0, n),
      values: (from, to) => {
        const out = new Float64Array((to - from) * bs);
        this.valuesInto(out, from, to);
        return out;
      },
    };
  }

  /**
   * Arrays for `blocks` blocks, all zero, of the kinds a snapshot holds (input flags shared when the store is):
   * a snapshot to fill, then {@link restore}d with `take` (`image.ts`).
   */
  allocate(blocks: number): CubeSnapshot {
    return {
      blockCount: blocks,
      keys: new Float64Array(blocks),
      data: new Float64Array(blocks * this.blockSize),
      input: new Uint32Array(this.buffer(blocks * this.inputWords * 4)),
      upperBits: new Uint8Array(blocks),
    };
  }

  /** A copy of every block as it is (values as doubles). */
  snapshot(into?: CubeSnapshot): CubeSnapshot {
    const n = this.blockCount;
    // Copied into the arrays of an older snapshot when they are large enough: a new array of many megabytes
    // costs far more (its pages are zeroed) than copying into one already there.
    const reuse = <T extends Float64Array | Uint32Array | Uint8Array>(
      from: T,
      length: number,
      to: T | undefined,
    ): T | null => {
      if (!to || to.buffer.byteLength < length * from.BYTES_PER_ELEMENT || to.byteOffset !== 0) return null;
      return new (from.constructor as new (b: ArrayBufferLike, o: number, l: number) => T)(
        to.buffer,
        0,
        length,
      );
    };
    const copy = <T extends Float64Array | Uint32Array | Uint8Array>(
      from: T,
      length: number,
      to: T | undefined,
    ): T => {
      const view = reuse(from, length, to);
      if (!view) return from.slice(0, length) as T;
      view.set(from.subarray(0, length) as never);
      return view;
    };
    const length = n * this.blockSize;
    const data = reuse(this.keys, length, into?.data) ?? new Float64Array(length);
    this.valuesInto(data);
    return {
      blockCount: n,
      keys: copy(this.keys, n, into?.keys),
      data,
      input: copy(this.input, n * this.inputWords, into?.input),
      upperBits: copy(this.upperBits, n, into?.upperBits),
    };
  }

  /**
   * A copy of the blocks as they are held ({@link BlockPool}), each array cut to the blocks and slots in use:
   * copies of bytes, no value read.
   */
  pool(): BlockPool {
    const n = this.blockCount;
    const bs = this.blockSize;
    const narrowSlots = this.narrowSlots;
    const wideSlots = this.wideSlots;
    // `slice` of a shared array answers an array of its own: the pool never shares this store's memory.
    return {
      blockCount: n,
      narrow: this.narrow.slice(0, narrowSlots * bs),
      wide: this.wide.slice(0, wideSlots * bs),
      slots: this.slots.slice(0, n),
      counts: [narrowSlots, wideSlots, Math.min(this.counts[2] as number, narrowSlots)],
      input: this.input.slice(0, n * this.inputWords),
      keys: this.keys.slice(0, n),
      upperBits: this.upperBits.slice(0, n),
    };
  }

  /**
   * Puts a {@link pool} of a store of the same layout in place, exactly as it was held: its arrays become this
   * store's own, uncopied (copied into shared memory when this store is shared), so the caller no longer uses
   * them. Throws, changing nothing, when the pool does not fit the layout.
   */
  takePool(p: BlockPool): void {
    const n = p.blockCount;
    const bs = this.blockSize;
    const capacity = p.keys.length;
    const [narrowSlots, wideSlots, unused] = p.counts;
    if (
      !(n >= 0 && n <= capacity) ||
      p.slots.length !== capacity ||
      p.upperBits.length !== capacity ||
      p.input.length !== capacity * this.inputWords ||
      p.narrow.length % bs !== 0 ||
      p.wide.length % bs !== 0 ||
      !(narrowSlots >= 0 && narrowSlots * bs <= p.narrow.length) ||
      !(wideSlots >= 0 && wideSlots * bs <= p.wide.length) ||
      !(unused >= 0 && unused <= narrowSlots)
    ) {
      throw new Error("the block pool does not fit the cube");
    }
    for (let b = 0; b < n; b++) {
      const s = p.slots[b] as number;
      if (s >= narrowSlots || s < -1 - wideSlots) throw new Error("the block pool does not fit the cube");
    }
    const own = <T extends Float32Array | Float64Array | Int32Array | Uint32Array>(a: T): T => {
      if (!this.shared) return a;
      const copy = new (a.constructor as new (b: ArrayBufferLike) => T)(this.buffer(a.byteLength));
      copy.set(a as never);
      return copy;
    };
    this.narrow = own(p.narrow);
    this.wide = own(p.wide);
    this.slots = own(p.slots);
    this.input = own(p.input);
    this.keys = p.keys;
    this.upperBits = p.upperBits;
    this.counts[0] = narrowSlots;
    this.counts[1] = wideSlots;
    this.counts[2] = unused;
    this.blockCount = n;
    this.index.clear();
    for (let b = 0; b < n; b++) this.index.set(p.keys[b] as number, b);
  }

  /**
   * Back exactly to a snapshot (blocks appended since are dropped), or to a snapshot of another cube with the
   * same layout (a fresh cube loading a stored snapshot: the pool grows to hold its blocks). With `take`, the
   * snapshot's keys, input flags and upper-level bits are taken as they are instead of copied (its values are
   * read into the pool): the caller no longer uses them (a state moved from a grid worker).
   */
  restore(s: CubeSnapshot, take = false): void {
    const n = s.blockCount;
    const bs = this.blockSize;
    if (take) {
      // The snapshot's arrays become the pool (its blocks exactly: the next append grows it).
      this.slots = new Int32Array(this.buffer(n * 4));
      // input flags that threads could not share (decoded from a file, moved from a worker) are copied
      const sharedInput =
        typeof SharedArrayBuffer === "function" && s.input.buffer instanceof SharedArrayBuffer;
      this.input = this.shared && !sharedInput ? new Uint32Array(this.buffer(s.input.byteLength)) : s.input;
      if (this.input !== s.input) this.input.set(s.input);
      this.keys = s.keys;
      this.upperBits = s.upperBits;
    } else {
      // Grown once to the snapshot's size, without copying blocks it replaces (a view adopting a rule's result
      // grew by doubling, copying each time: most of a demo rule's time on the event loop).
      if (this.keys.length < n) this.grow(n, false);
      this.input.set(s.input);
      this.keys.set(s.keys);
      this.upperBits.set(s.upperBits);
    }
    // The values: each block in 4 bytes a cell when they all fit, else in a wide slot, in block order; a block
    // all #Missing without a slot.
    const data = s.data;
    let wideBlocks = 0;
    let narrowBlocks = 0;
    for (let b = 0; b < n; b++) {
      const kind = valuesKind(data, b * bs, bs);
      if (kind === WIDE) wideBlocks++;
      else if (kind === NARROW) narrowBlocks++;
    }
    if (take || this.narrow.length < narrowBlocks * bs) {
      this.narrow = new Float32Array(this.buffer(narrowBlocks * bs * 4));
    }
    if (this.wide.length < wideBlocks * bs) this.wide = new Float64Array(this.buffer(wideBlocks * bs * 8));
    const narrow = this.narrow;
    const slots = this.slots;
    const wide = this.wide;
    let ns = 0;
    let ws = 0;
    for (let b = 0; b < n; b++) {
      const o = b * bs;
      const kind = valuesKind(data, o, bs);
      if (kind === WIDE) {
        slots[b] = -2 - ws;
        wide.set(data.subarray(o, o + bs), ws * bs);
        ws++;
      } else if (kind === MISSING) slots[b] = NO_SLOT;
      else {
        slots[b] = ns;
        for (let j = 0, t = ns * bs; j < bs; j++) narrow[t + j] = data[o + j] as number;
        ns++;
      }
    }
    this.counts[0] = ns;
    this.counts[1] = ws;
    this.counts[2] = 0;
    this.blockCount = n;
    this.index.clear();
    for (let b = 0; b < n; b++) this.index.set(s.keys[b] as number, b);
  }
}
