import type { Cube } from "./cube.ts";
import { CubeError } from "./cube-error.ts";
import type { CubeSnapshot } from "./storage.ts";

/**
 * A cube's image: its stored blocks as bytes (every level, as aggregation left them), so that a host serves a
 * cube again without reading its cells one by one nor aggregating them (an offline copy). The bytes
 * are the block store's arrays as a snapshot holds them (every value as a double, whether the store holds it in
 * 4 bytes or 8), one after the other, behind a header of {@link CUBE_IMAGE_HEADER_BYTES}:
 *
 * | offset | what |
 * | --- | --- |
 * | 0 | `QBCUBEIM` (ASCII) |
 * | 8 | format version (u32), {@link CUBE_IMAGE_VERSION} |
 * | 12 | `0x01020304` (u32): the byte order the image was written in (the host's; little-endian everywhere QiBates runs) |
 * | 16 | the layout's fingerprint (u32, {@link cubeLayoutFingerprint}) |
 * | 20 | cells per block (u32), then input-flag words per block (u32), then 0 (u32) |
 * | 32 | sparse combinations (f64), then blocks (f64), then 16 bytes of 0 |
 *
 * then the blocks' keys (f64 each), their values (f64, NaN = #Missing, cells per block each), their input flags
 * (u32 words) and their upper-level bits (u8 each). An image is read back only into a cube of the same layout:
 * the same outline read by an engine that places cells the same way (the fingerprint); a host checks the
 * image's bytes themselves (a digest), the engine only their shape.
 */
export const CUBE_IMAGE_VERSION = 1;
export const CUBE_IMAGE_HEADER_BYTES = 64;
const MAGIC = "QBCUBEIM";
const BYTE_ORDER = 0x01020304;

export interface CubeImageHeader {
  version: number;
  layout: number;
  blockSize: number;
  inputWords: number;
  sparseSpace: number;
  blockCount: number;
}

/** FNV-1a, 32 bits, over the UTF-16 units of a text. */
function fnv1a(text: string, h = 0x811c9dc5): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * What decides where a cell is stored and what aggregation wrote, as one number: the base dimensions (name,
 * density, members in ordinal order with their stored member, storage, consolidation, parent and dense slot)
 * and the block's shape. Two cubes with the same fingerprint read each other's images.
 */
export function cubeLayoutFingerprint(cube: Cube): number {
  let h = fnv1a(`v${CUBE_IMAGE_VERSION}|${cube.blockSize}|${cube.sparseSpace}|${cube.aggMissing}`);
  cube.dims.forEach((d, i) => {
    h = fnv1a(`|${d.name}|${d.density}|${d.type}|${d.members.length}`, h);
    const slots = cube.slotOf[i] as Int32Array;
    for (const m of d.members) {
      h = fnv1a(
        `|${m.name}|${m.stored.ordinal}|${m.stored.storage}|${m.consolidation}|${m.parent?.ordinal ?? -1}|${slots[m.ordinal]}`,
        h,
      );
    }
  });
  return h;
}

/** The bytes of an image with this header. */
export function cubeImageBytes(h: Pick<CubeImageHeader, "blockCount" | "blockSize" | "inputWords">): number {
  return CUBE_IMAGE_HEADER_BYTES + h.blockCount * (8 + 8 * h.blockSize + 4 * h.inputWords + 1);
}

function bytesOf(a: Float64Array | Uint32Array | Uint8Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/** Blocks whose values an image's part holds (at most 4 MiB of them for a cube of 64 cells a block). */
const IMAGE_VALUE_BLOCKS = 8192;

/**
 * A cube's image as parts to write one after the other, made as they are asked for: the header, then the cube's
 * blocks (keys, flags and upper-level bits uncopied; values as doubles, a part for every 8,192 blocks, so that
 * the whole never sits in memory twice), each part written out before the next is asked for and before the
 * cube changes again. Totals are brought up to date first.
 */
export function* cubeImageParts(cube: Cube): Generator<Uint8Array> {
  const s = cube.storedBlocks();
  const header = new Uint8Array(CUBE_IMAGE_HEADER_BYTES);
  const view = new DataView(header.buffer);
  for (let i = 0; i < MAGIC.length; i++) header[i] = MAGIC.charCodeAt(i);
  const little = new Uint8Array(new Uint32Array([BYTE_ORDER]).buffer)[0] === 0x04;
  view.setUint32(8, CUBE_IMAGE_VERSION, little);
  view.setUint32(12, BYTE_ORDER, little);
  view.setUint32(16, cubeLayoutFingerprint(cube), little);
  view.setUint32(20, cube.blockSize, little);
  view.setUint32(24, (cube.blockSize + 31) >>> 5, little);
  view.setFloat64(32, cube.sparseSpace, little);
  view.setFloat64(40, s.blockCount, little);
  yield header;
  yield bytesOf(s.keys);
  for (let b = 0; b < s.blockCount; b += IMAGE_VALUE_BLOCKS) {
    yield bytesOf(s.values(b, Math.min(s.blockCount, b + IMAGE_VALUE_BLOCKS)));
  }
  yield bytesOf(s.input);
  yield bytesOf(s.upperBits);
}

/** Reads an image's header; throws a {@link CubeError} (`CUBE_IMAGE_INVALID`) when the bytes are not one. */
export function readCubeImageHeader(bytes: Uint8Array): CubeImageHeader {
  const invalid = (why: string): never => {
    throw new CubeError(`Not a cube image this engine reads: ${why}`, "CUBE_IMAGE_INVALID");
  };
  if (bytes.length < CUBE_IMAGE_HEADER_BYTES) invalid("shorter than its header");
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC.charCodeAt(i)) invalid("no QBCUBEIM mark");
  const view = new DataView(bytes.buffer, bytes.byteOffset, CUBE_IMAGE_HEADER_BYTES);
  const little = new Uint8Array(new Uint32Array([BYTE_ORDER]).buffer)[0] === 0x04;
  if (view.getUint32(12, little) !== BYTE_ORDER) invalid("written in another byte order");
  const h: CubeImageHeader = {
    version: view.getUint32(8, little),
    layout: view.getUint32(16, little),
    blockSize: view.getUint32(20, little),
    inputWords: view.getUint32(24, little),
    sparseSpace: view.getFloat64(32, little),
    blockCount: view.getFloat64(40, little),
  };
  if (h.version !== CUBE_IMAGE_VERSION)
    invalid(`format version ${h.version}, this engine reads ${CUBE_IMAGE_VERSION}`);
  if (!Number.isSafeInteger(h.blockCount) || h.blockCount < 0) invalid("its count of blocks is not a count");
  return h;
}

/**
 * Where an image's parts go in `cube` (which must have the image's layout, else a {@link CubeError}
 * `CUBE_IMAGE_LAYOUT`): byte views of new arrays, filled in order by the caller, then `commit` makes them the
 * cube's blocks (keys, flags and upper-level bits uncopied; values read into the cube's slots); nothing of the
 * cube changes before `commit`.
 */
export function cubeImageTarget(cube: Cube, h: CubeImageHeader): { parts: Uint8Array[]; commit(): void } {
  const inputWords = (cube.blockSize + 31) >>> 5;
  if (
    h.layout !== cubeLayoutFingerprint(cube) ||
    h.blockSize !== cube.blockSize ||
    h.inputWords !== inputWords ||
    h.sparseSpace !== cube.sparseSpace
  ) {
    throw new CubeError(
      "The cube image was made for another outline or engine layout than this cube's",
      "CUBE_IMAGE_LAYOUT",
    );
  }
  const s: CubeSnapshot = cube.blankSnapshot(h.blockCount);
  return {
    parts: [bytesOf(s.keys), bytesOf(s.data), bytesOf(s.input), bytesOf(s.upperBits)],
    commit: () => cube.restore(s, true),
  };
}

/** Puts a whole image held in memory into `cube` (see {@link cubeImageTarget}). */
export function loadCubeImage(cube: Cube, bytes: Uint8Array): void {
  const h = readCubeImageHeader(bytes);
  if (bytes.length !== cubeImageBytes(h)) {
    throw new CubeError(
      `Not a cube image this engine reads: ${bytes.length} bytes where its header says ${cubeImageBytes(h)}`,
      "CUBE_IMAGE_INVALID",
    );
  }
  const target = cubeImageTarget(cube, h);
  let at = CUBE_IMAGE_HEADER_BYTES;
  for (const part of target.parts) {
    part.set(bytes.subarray(at, at + part.length));
    at += part.length;
  }
  target.commit();
}
