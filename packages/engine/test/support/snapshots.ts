import type { CubeSnapshot } from "../../src/cube/storage.ts";

const bitsOf = (d: Float64Array): Uint32Array =>
  new Uint32Array(Float64Array.from(d, (v) => (Number.isNaN(v) ? Number.NaN : v)).buffer);

/**
 * Where two states of a cube differ, bit for bit (block keys, stored values, input flags), or null. #Missing is
 * any NaN, whose sign bit the JavaScript engine may set or not as it compiles a loop: it is compared as #Missing.
 */
export function snapshotDifference(a: CubeSnapshot, b: CubeSnapshot): string | null {
  if (a.blockCount !== b.blockCount) return `${a.blockCount} blocks vs ${b.blockCount}`;
  for (let i = 0; i < a.blockCount; i++) if (a.keys[i] !== b.keys[i]) return `key of block ${i}`;
  const x = bitsOf(a.data);
  const y = bitsOf(b.data);
  for (let i = 0; i < x.length; i++)
    if (x[i] !== y[i]) return `value ${i >> 1}: ${a.data[i >> 1]} vs ${b.data[i >> 1]}`;
  for (let i = 0; i < a.input.length; i++) if (a.input[i] !== b.input[i]) return `input flags word ${i}`;
  return null;
}
