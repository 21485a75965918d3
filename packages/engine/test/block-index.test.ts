import { describe, expect, it } from "vitest";
import { BlockIndex } from "../src/block-index.ts";

/**
 * The index from block keys to blocks: the direct form (one entry per possible key) and the hash table answer
 * alike, and a hash table that grows past the direct form's size becomes one without losing an entry.
 */

/** Deterministic keys spread over `space` (a multiplicative walk, no repeats while `count` ≤ `space`). */
function keysOf(count: number, space: number): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  for (let i = 0; out.length < count; i++) {
    const k = (i * 7919 + 13) % space;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(k);
  }
  return out;
}

describe("block index", () => {
  it("a small key space is addressed directly, a huge or unknown one is hashed", () => {
    expect(new BlockIndex(16, 1000).isDirect).toBe(true);
    expect(new BlockIndex(16).isDirect).toBe(false);
    expect(new BlockIndex(16, 2 ** 40).isDirect).toBe(false);
    // 10 million possible keys for 16 blocks: a direct table would be far larger than the hash
    expect(new BlockIndex(16, 10_000_000).isDirect).toBe(false);
    // the same space for two million blocks: the direct table is the smaller
    expect(new BlockIndex(2_000_000, 10_000_000).isDirect).toBe(true);
  });

  it("both forms give the same block for every key and -1 for keys never set", () => {
    const space = 40_000;
    const keys = keysOf(5_000, space);
    const direct = new BlockIndex(8_000, space);
    const hashed = new BlockIndex(8_000);
    expect(direct.isDirect).toBe(true);
    expect(hashed.isDirect).toBe(false);
    keys.forEach((k, b) => {
      direct.set(k, b);
      hashed.set(k, b);
    });
    expect(direct.size).toBe(keys.length);
    expect(hashed.size).toBe(keys.length);
    const set = new Set(keys);
    for (let k = 0; k < space; k += 7) {
      expect(direct.get(k)).toBe(hashed.get(k));
      if (!set.has(k)) expect(direct.get(k)).toBe(-1);
    }
    keys.forEach((k, b) => {
      expect(direct.get(k)).toBe(b);
      expect(hashed.get(k)).toBe(b);
    });
    // block 0 is a block like any other (the direct form stores block + 1)
    expect(direct.get(keys[0] as number)).toBe(0);
  });

  it("a hash table growing past the direct form's size turns into it, every entry kept", () => {
    const space = 600_000;
    const index = new BlockIndex(16, space);
    expect(index.isDirect).toBe(false);
    const keys = keysOf(120_000, space);
    keys.forEach((k, b) => {
      index.set(k, b);
    });
    expect(index.isDirect).toBe(true);
    expect(index.byteLength).toBe(space * 4);
    expect(index.size).toBe(keys.length);
    keys.forEach((k, b) => {
      expect(index.get(k)).toBe(b);
    });
    index.clear();
    expect(index.size).toBe(0);
    expect(index.get(keys[5] as number)).toBe(-1);
    index.set(keys[5] as number, 3);
    expect(index.get(keys[5] as number)).toBe(3);
  });
});
