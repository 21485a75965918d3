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
 * The blocks of a cube: one Float64Array pool of stored values (NaN = #Missing, `blockSize` cells a block), one
 * input bit per cell, the sparse key and upper-level bits of each block, and the index from keys to blocks.
 * Blocks are only ever appended, never moved. The arrays are read in place by the cube's calculation loops;
 * they are replaced when the pool grows, so a loop that appends blocks reads them again afterwards.
 */
export class BlockStore {
  data: Float64Array;
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
    this.data = new Float64Array(this.buffer(capacity * blockSize * 8));
    this.input = new Uint32Array(this.buffer(capacity * this.inputWords * 4));
    this.keys = new Float64Array(capacity);
    this.upperBits = new Uint8Array(capacity);
    this.index = new BlockIndex(capacity, keySpace);
  }

  private buffer(bytes: number): ArrayBuffer | SharedArrayBuffer {
    return this.shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  }

  /**
   * Appends a block for a key known to be absent (all #Missing unless `fill` is false: then its values are
   * whatever the pool held, for a caller that writes every one).
   */
  append(key: number, upperBits: number, fill = true): number {
    if (this.blockCount === this.keys.length) this.grow();
    const nb = this.blockCount++;
    this.keys[nb] = key;
    this.upperBits[nb] = upperBits;
    const data = this.data;
    if (fill) for (let i = nb * this.blockSize, end = i + this.blockSize; i < end; i++) data[i] = Number.NaN;
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
    const data = new Float64Array(this.buffer(cap * this.blockSize * 8));
    if (keep) data.set(this.data);
    this.data = data;
    const input = new Uint32Array(this.buffer(cap * this.inputWords * 4));
    if (keep) input.set(this.input);
    this.input = input;
    const keys = new Float64Array(cap);
    if (keep) keys.set(this.keys);
    this.keys = keys;
  }

  /** Whether the next {@link append} grows the pool (which replaces its arrays). */
  get full(): boolean {
    return this.blockCount === this.keys.length;
  }

  isInput(block: number, cell: number): boolean {
    return (((this.input[block * this.inputWords + (cell >>> 5)] as number) >>> (cell & 31)) & 1) === 1;
  }

  setInput(block: number, cell: number, on: boolean): void {
    const w = block * this.inputWords + (cell >>> 5);
    const bit = 1 << (cell & 31);
    this.input[w] = on ? (this.input[w] as number) | bit : (this.input[w] as number) & ~bit;
  }

  /** Bytes held by stored values, input flags, block keys and the sparse index. */
  get byteLength(): number {
    return this.data.byteLength + this.input.byteLength + this.keys.byteLength + this.index.byteLength;
  }

  /** Bytes actually used by the blocks that exist (pool capacity excluded). */
  get usedBytes(): number {
    return this.blockCount * (this.blockSize * 8 + this.inputWords * 4 + 8) + this.index.byteLength;
  }

  /** Number of non-#Missing stored cells. */
  storedCellCount(): number {
    let n = 0;
    const end = this.blockCount * this.blockSize;
    const d = this.data;
    for (let i = 0; i < end; i++) if (!Number.isNaN(d[i])) n++;
    return n;
  }

  /**
   * The blocks as they are, uncopied (views of the pool up to the last block): valid until the next change of
   * the store, read only. For a caller that writes them out at once (`image.ts`).
   */
  views(): CubeSnapshot {
    const n = this.blockCount;
    return {
      blockCount: n,
      keys: this.keys.subarray(0, n),
      data: this.data.subarray(0, n * this.blockSize),
      input: this.input.subarray(0, n * this.inputWords),
      upperBits: this.upperBits.subarray(0, n),
    };
  }

  /**
   * Arrays for `blocks` blocks, all zero, of the kinds the pool holds (shared when the store is): a snapshot
   * to fill, then {@link restore}d with `take` (`image.ts`).
   */
  allocate(blocks: number): CubeSnapshot {
    return {
      blockCount: blocks,
      keys: new Float64Array(blocks),
      data: new Float64Array(this.buffer(blocks * this.blockSize * 8)),
      input: new Uint32Array(this.buffer(blocks * this.inputWords * 4)),
      upperBits: new Uint8Array(blocks),
    };
  }

  /** A copy of every block as it is. */
  snapshot(into?: CubeSnapshot): CubeSnapshot {
    const n = this.blockCount;
    // Copied into the arrays of an older snapshot when they are large enough: a new array of many megabytes
    // costs far more (its pages are zeroed) than copying into one already there.
    const copy = <T extends Float64Array | Int32Array | Uint32Array | Uint8Array | Float32Array>(
      from: T,
      length: number,
      to: T | undefined,
    ): T => {
      if (!to || to.buffer.byteLength < length * from.BYTES_PER_ELEMENT || to.byteOffset !== 0) {
        return from.slice(0, length) as T;
      }
      const view = new (from.constructor as new (b: ArrayBufferLike, o: number, l: number) => T)(
        to.buffer,
        0,
        length,
      );
      view.set(from.subarray(0, length) as never);
      return view;
    };
    return {
      blockCount: n,
      keys: copy(this.keys, n, into?.keys as typeof this.keys | undefined),
      data: copy(this.data, n * this.blockSize, into?.data as typeof this.data | undefined),
      input: copy(this.input, n * this.inputWords, into?.input as typeof this.input | undefined),
      upperBits: copy(this.upperBits, n, into?.upperBits as typeof this.upperBits | undefined),
    };
  }

  /**
   * Back exactly to a snapshot (blocks appended since are dropped), or to a snapshot of another cube with the
   * same layout (a fresh cube loading a stored snapshot: the pool grows to hold its blocks). With `take`, the
   * snapshot's arrays are taken as they are instead of copied: the caller no longer uses them (a state moved
   * from a grid worker).
   */
  restore(s: CubeSnapshot, take = false): void {
    if (take) {
      // The snapshot's arrays become the pool (its blocks exactly: the next append grows it).
      this.data = s.data;
      this.input = s.input;
      this.keys = s.keys;
      this.upperBits = s.upperBits;
      this.blockCount = s.blockCount;
      this.index.clear();
      for (let b = 0; b < s.blockCount; b++) this.index.set(s.keys[b] as number, b);
      return;
    }
    // Grown once to the snapshot's size, without copying blocks it replaces (a view adopting a rule's result
    // grew by doubling, copying each time: most of a demo rule's time on the event loop).
    if (this.keys.length < s.blockCount) this.grow(s.blockCount, false);
    this.data.set(s.data);
    this.input.set(s.input);
    this.keys.set(s.keys);
    this.upperBits.set(s.upperBits);
    this.blockCount = s.blockCount;
    this.index.clear();
    for (let b = 0; b < s.blockCount; b++) this.index.set(s.keys[b] as number, b);
  }
}
