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
    return { body: bytes <= ANSWER_SLICE_BYTES ? payload : new TextSlices(payload), bytes };
  }
  const buffer = Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  return {
    body: buffer.byteLength <= ANSWER_SLICE_BYTES ? buffer : new ByteSlices(buffer),
    bytes: buffer.byteLength,
  };
}

/** Hands out the next slice on the next turn of the event loop; the socket's back-pressure paces the rest. */
abstract class Slices extends Readable {
  constructor() {
    super({ highWaterMark: ANSWER_SLICE_BYTES });
  }

  protected abstract next(): Buffer | null;

  override _read(): void {
    setImmediate(() => {
      if (!this.destroyed) this.push(this.next());
    });
  }
}

class ByteSlices extends Slices {
  private at = 0;

  constructor(private readonly bytes: Buffer) {
    super();
  }

  protected next(): Buffer | null {
    if (this.at >= this.bytes.byteLength) return null;
    const end = Math.min(this.at + ANSWER_SLICE_BYTES, this.bytes.byteLength);
    const slice = this.bytes.subarray(this.at, end);
    this.at = end;
    return slice;
  }
}

class TextSlices extends Slices {
  private at = 0;

  constructor(private readonly text: string) {
    super();
  }

  protected next(): Buffer | null {
    if (this.at >= this.text.length) return null;
    let end = Math.min(this.at + TEXT_SLICE_CHARS, this.text.length);
    // Never between the two halves of a surrogate pair: each slice is encoded on its own.
    const last = this.text.charCodeAt(end - 1);
    if (end < this.text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const slice = Buffer.from(this.text.slice(this.at, end), "utf8");
    this.at = end;
    return slice;
  }
}
