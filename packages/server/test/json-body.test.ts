import { PassThrough } from "node:stream";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { readBodyText } from "../src/json-parser.ts";
import { Rng } from "./fuzz/fuzzer.ts";

/** What `readBodyText` reads of a request: its route's body limit and its headers. */
const request = (limit: number, headers: Record<string, string> = {}) =>
  ({ routeOptions: { bodyLimit: limit }, headers }) as unknown as FastifyRequest;

interface Read {
  error: (Error & { code?: string }) | null;
  text: string;
  calls: number;
}

/** Starts reading `payload`; the result is filled in when `readBodyText` answers. */
function reading(req: FastifyRequest, payload: PassThrough): Read {
  const read: Read = { error: null, text: "", calls: 0 };
  readBodyText(req, payload, (error, text) => {
    read.calls++;
    read.error = error as Read["error"];
    read.text = text;
  });
  return read;
}

const ended = (payload: PassThrough) => new Promise((resolve) => payload.once("end", resolve));

/** Sends `chunks` one at a time (a turn between them), then ends the stream. */
async function send(payload: PassThrough, chunks: readonly Buffer[]): Promise<void> {
  for (const c of chunks) {
    payload.write(c);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const done = ended(payload);
  payload.end();
  await done;
}

/** `bytes` cut at random places into chunks of 1 to 7 bytes: multi-byte characters are split between them. */
function cut(bytes: Buffer, seed: number): Buffer[] {
  const rng = new Rng(seed);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; ) {
    const n = 1 + Math.floor(rng.next() * 7);
    chunks.push(bytes.subarray(i, i + n));
    i += n;
  }
  return chunks;
}

describe("a JSON body read a chunk at a time", () => {
  it("is the text Buffer.toString gives, whatever chunks split its characters: BOM kept, invalid bytes U+FFFD", async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"a":"é€😀 ü","b":"'),
      // A lone continuation byte, a truncated 3-byte sequence, an overlong encoding, a surrogate's encoding.
      Buffer.from([0x80, 0xe2, 0x82, 0x41, 0xc0, 0xaf, 0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
      // A truncated 4-byte sequence at the very end.
      Buffer.from([0xf0, 0x9f, 0x98]),
    ]);
    for (let seed = 1; seed <= 20; seed++) {
      const payload = new PassThrough();
      const read = reading(request(1024), payload);
      await send(payload, cut(bytes, seed));
      expect(read).toEqual({ error: null, text: bytes.toString("utf8"), calls: 1 });
    }
    expect(bytes.toString("utf8").charCodeAt(0)).toBe(0xfeff);
  });

  it("is refused 413 unread when its Content-Length is above the limit", () => {
    const payload = new PassThrough();
    const read = reading(request(100, { "content-length": "101" }), payload);
    expect(read.calls).toBe(1);
    expect(read.error?.code).toBe("FST_ERR_CTP_BODY_TOO_LARGE");
    expect(payload.listenerCount("data")).toBe(0);
  });

  it("sent chunked, is refused 413 at the chunk that goes past the limit, and the rest is not kept", async () => {
    const payload = new PassThrough();
    const read = reading(request(100), payload);
    payload.write(Buffer.alloc(60, 0x61));
    await new Promise((resolve) => setImmediate(resolve));
    expect(read.calls).toBe(0);
    payload.write(Buffer.alloc(60, 0x61));
    await new Promise((resolve) => setImmediate(resolve));
    expect(read.calls).toBe(1);
    expect(read.error?.code).toBe("FST_ERR_CTP_BODY_TOO_LARGE");
    expect(payload.listenerCount("data")).toBe(0);
    await send(payload, [Buffer.alloc(1000, 0x61)]);
    expect(read.calls).toBe(1);
  });

  it("counts the bytes a decompressing stream was sent against the limit, and refuses a length that is not its Content-Length", async () => {
    const zipped = Object.assign(new PassThrough(), { receivedEncodedLength: 0 });
    const bomb = reading(request(100), zipped);
    zipped.receivedEncodedLength = 101;
    zipped.write(Buffer.from("{}"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(bomb.error?.code).toBe("FST_ERR_CTP_BODY_TOO_LARGE");

    const short = new PassThrough();
    const read = reading(request(100, { "content-length": "10" }), short);
    await send(short, [Buffer.from('{"a":1}')]);
    expect(read.error?.code).toBe("FST_ERR_CTP_INVALID_CONTENT_LENGTH");
    const exact = new PassThrough();
    const ok = reading(request(100, { "content-length": "7" }), exact);
    await send(exact, [Buffer.from('{"a":'), Buffer.from("1}")]);
    expect(ok).toEqual({ error: null, text: '{"a":1}', calls: 1 });
  });
});
