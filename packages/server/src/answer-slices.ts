import { Readable } from "node:stream";

/**
 * Large answers (a grid of 100,000 cells is a few MB of JSON) are handed to the socket a slice at a time, one
 * slice per turn of the event loop, rather than in one write: one write of megabytes holds the event loop for
 * milliseconds (the copy into the socket, and on loopback the receiving side's work too), and every other call
 * waits meanwhile. A slice costs tens of microseconds.
 */
export const ANSWER_SLICE_BYTES = 64 * 1024;

/** JavaScript characters encoded at once for a text answer (at most three bytes each in UTF-8). */
const TEXT_SLICE_CHARS = ANSWER_SLICE_BYTES / 2;

/** The body to send for `payload`: as it is when small, else a stream of slices (and its length in bytes). */
export function answerBody(payload: Uint8Array | string): {
  body: Buffer | string | Readable;
  bytes: number;
} {
  if (typeof payload === "string") {
    const bytes = Buffer.byteLength(payload);
    return { body: bytes <= ANSWER_SLICE_BYTES ? payload : new Slices(textSlices(payload)), bytes };
  }
  const buffer = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  return {
    body: buffer.byteLength <= ANSWER_SLICE_BYTES ? buffer : new Slices(byteSlices(buffer)),
    bytes: buffer.byteLength,
  };
}

/** Hands out the next slice on the next turn of the event loop; the socket's back-pressure paces the rest. */
class Slices extends Readable {
  constructor(private readonly slices: Iterator<Buffer>) {
    super({ highWaterMark: ANSWER_SLICE_BYTES });
  }

  override _read(): void {
    setImmediate(() => {
      if (this.destroyed) return;
      const next = this.slices.next();
      this.push(next.done ? null : next.value);
    });
  }
}

function* byteSlices(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.byteLength; at += ANSWER_SLICE_BYTES)
    yield bytes.subarray(at, at + ANSWER_SLICE_BYTES);
}

/** Each slice encoded on its own, never between the two halves of a surrogate pair. */
function* textSlices(text: string): Generator<Buffer> {
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + TEXT_SLICE_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield Buffer.from(text.slice(at, end), "utf8");
    at = end;
  }
}
