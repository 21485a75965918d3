import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzipSync, gzip } from "node:zlib";
import type { Cube, CubeSnapshot } from "@qibates/engine";
import type { SequenceState } from "./change-sequence.ts";

/**
 * A checkpoint of the journal: the stored form of an application's state at a journal position, every cube's
 * blocks exactly as they are (values, input flags, keys, upper-level bits, in block order) and the planning
 * text cells, gzip'd. A header names the format, the application and the fingerprint of its outlines: blocks are
 * addressed by member ordinals, so a checkpoint is only loaded into the very outlines it was taken from.
 */

/**
 * Bumped whenever the encoding changes: older checkpoints are then ignored, except format 1 (no change
 * sequences), still loaded with every cell counted as changed at its position.
 */
export const CHECKPOINT_FORMAT = 2;
const READABLE_FORMATS = [1, 2];
/** The header's mark, as stored since format 1 (checkpoints already in databases carry it). */
const MAGIC = "QBSNAP";

export interface ApplicationState {
  cubes: { name: string; snapshot: CubeSnapshot }[];
  texts: { cube: string; members: string[]; text: string }[];
  /** When each cell last changed (format 2 on); absent from a format-1 checkpoint. */
  sequences?: SequenceState;
}

interface Header {
  magic: string;
  format: number;
  application: string;
  fingerprint: string;
  cubes: { name: string; keys: number; data: number; input: number; upper: number }[];
  texts: ApplicationState["texts"];
  sequences?: SequenceState;
}

/** Why a stored checkpoint cannot be loaded. */
export class CheckpointError extends Error {}

/**
 * A digest of what block addresses depend on: each cube's dimensions, their members' ordinals, names and
 * storage, dense/sparse layout and block size. Any outline change gives another fingerprint.
 */
export function outlineFingerprint(cubes: readonly { name: string; cube: Cube }[]): string {
  const h = createHash("sha256");
  for (const { name, cube } of cubes) {
    h.update(`cube ${name} block ${cube.blockSize} dense ${cube.denseDims.join(",")}\n`);
    for (const d of cube.dims) {
      h.update(`dim ${d.name}\n`);
      for (const m of d.members) h.update(`${m.ordinal} ${m.name} ${m.storage} ${m.stored.ordinal}\n`);
    }
  }
  return h.digest("hex");
}

const gzipAsync = promisify(gzip);

const pad8 = (n: number) => (n + 7) & ~7;

/** Encodes a state (compressed off the event loop). */
export async function encodeCheckpoint(
  application: string,
  fingerprint: string,
  state: ApplicationState,
): Promise<Uint8Array> {
  const sections = state.cubes.map(({ snapshot: s }) => [
    new Uint8Array(s.keys.buffer, s.keys.byteOffset, s.keys.byteLength),
    new Uint8Array(s.data.buffer, s.data.byteOffset, s.data.byteLength),
    new Uint8Array(s.input.buffer, s.input.byteOffset, s.input.byteLength),
    new Uint8Array(s.upperBits.buffer, s.upperBits.byteOffset, s.upperBits.byteLength),
  ]);
  const header: Header = {
    magic: MAGIC,
    format: CHECKPOINT_FORMAT,
    application,
    fingerprint,
    cubes: state.cubes.map(({ name, snapshot: s }) => ({
      name,
      keys: s.keys.length,
      data: s.data.length,
      input: s.input.length,
      upper: s.upperBits.length,
    })),
    texts: state.texts,
    ...(state.sequences ? { sequences: state.sequences } : {}),
  };
  const head = new TextEncoder().encode(JSON.stringify(header));
  let size = pad8(4 + head.length);
  for (const parts of sections) for (const p of parts) size += pad8(p.byteLength);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  let at = pad8(4 + head.length);
  for (const parts of sections) {
    for (const p of parts) {
      out.set(p, at);
      at += pad8(p.byteLength);
    }
  }
  return new Uint8Array(await gzipAsync(out, { level: 1 }));
}

/**
 * Decodes a stored checkpoint of `application`, checking it was taken from outlines with `fingerprint`.
 * Throws {@link CheckpointError} (corrupt, another format, another application or other outlines).
 */
export function decodeCheckpoint(
  bytes: Uint8Array,
  application: string,
  fingerprint: string,
): ApplicationState {
  let raw: Uint8Array;
  try {
    raw = new Uint8Array(gunzipSync(bytes));
  } catch {
    throw new CheckpointError("the checkpoint is not readable (corrupt data)");
  }
  let header: Header;
  try {
    const length = new DataView(raw.buffer, raw.byteOffset, raw.byteLength).getUint32(0, true);
    header = JSON.parse(new TextDecoder().decode(raw.subarray(4, 4 + length))) as Header;
  } catch {
    throw new CheckpointError("the checkpoint is not readable (corrupt header)");
  }
  if (header.magic !== MAGIC || !READABLE_FORMATS.includes(header.format)) {
    throw new CheckpointError(
      `the checkpoint has format ${String(header.format)}, this version reads formats ${READABLE_FORMATS.join(" and ")}`,
    );
  }
  if (header.application !== application) {
    throw new CheckpointError(`the checkpoint is of application ${header.application}`);
  }
  if (header.fingerprint !== fingerprint) {
    throw new CheckpointError(
      "the checkpoint was taken from other outlines (another version of the application)",
    );
  }
  let at = pad8(4 + new DataView(raw.buffer, raw.byteOffset, raw.byteLength).getUint32(0, true));
  const take = (bytesLength: number): ArrayBuffer => {
    if (at + bytesLength > raw.byteLength) throw new CheckpointError("the checkpoint is truncated");
    const copy = raw.slice(at, at + bytesLength).buffer;
    at += pad8(bytesLength);
    return copy;
  };
  const cubes = header.cubes.map((c) => {
    const keys = new Float64Array(take(c.keys * 8));
    const data = new Float64Array(take(c.data * 8));
    const input = new Uint32Array(take(c.input * 4));
    const upperBits = new Uint8Array(take(c.upper));
    if (upperBits.length !== keys.length) throw new CheckpointError("the checkpoint's blocks do not add up");
    return { name: c.name, snapshot: { blockCount: keys.length, keys, data, input, upperBits } };
  });
  return {
    cubes,
    texts: header.texts,
    ...(header.format >= 2 && header.sequences ? { sequences: header.sequences } : {}),
  };
}

/** Checks that a cube's state decoded from a checkpoint fits a cube (block size and input words per block). */
export function checkFits(cube: Cube, s: CubeSnapshot): void {
  const inputWords = (cube.blockSize + 31) >>> 5;
  if (s.data.length !== s.blockCount * cube.blockSize || s.input.length !== s.blockCount * inputWords) {
    throw new CheckpointError("the checkpoint's blocks do not fit the cube");
  }
}
