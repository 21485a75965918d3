import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { turnCounter } from "../../protocols/test/support/turns.ts";
import { ANSWER_SLICE_BYTES, answerBody } from "../src/answer-slices.ts";

/** Reads a body's slices, counting the turns of the event loop other work got while they were handed out. */
async function read(
  body: Buffer | string | Readable,
): Promise<{ bytes: Buffer; slices: number[]; turnsBetween: number }> {
  if (!(body instanceof Readable)) return { bytes: Buffer.from(body), slices: [], turnsBetween: 0 };
  const counter = turnCounter();
  const chunks: Buffer[] = [];
  const turnsAt: number[] = [];
  for await (const c of body) {
    chunks.push(c as Buffer);
    turnsAt.push(counter.turns);
  }
  counter.stop();
  const gaps = turnsAt.slice(1).map((t, i) => t - (turnsAt[i] as number));
  return {
    bytes: Buffer.concat(chunks),
    slices: chunks.map((c) => c.byteLength),
    turnsBetween: Math.min(...gaps),
  };
}

describe("large answers handed to the socket in slices", () => {
  it("sends a small answer as it is", () => {
    const small = new TextEncoder().encode('{"grid":[["a"]]}');
    expect(answerBody(small)).toEqual({ body: Buffer.from(small), bytes: small.byteLength });
    expect(answerBody("{}")).toEqual({ body: "{}", bytes: 2 });
  });

  it("hands out a large answer's bytes exactly, 64 KiB at most at a time, other work running in between", async () => {
    const json = new TextEncoder().encode(
      JSON.stringify({ grid: Array.from({ length: 30_000 }, (_, i) => [String(i), "Sales"]) }),
    );
    expect(json.byteLength).toBeGreaterThan(8 * ANSWER_SLICE_BYTES);
    const { body, bytes } = answerBody(json);
    expect(bytes).toBe(json.byteLength);
    const got = await read(body);
    expect(got.bytes.equals(Buffer.from(json))).toBe(true);
    expect(Math.max(...got.slices)).toBeLessThanOrEqual(ANSWER_SLICE_BYTES);
    expect(got.slices.length).toBeGreaterThan(8);
    expect(got.turnsBetween).toBeGreaterThanOrEqual(1);
  });

  it("encodes a large text answer slice by slice, never splitting a character", async () => {
    // Accented letters (2 bytes), CJK (3 bytes) and emoji (a surrogate pair, 4 bytes), at every offset.
    const text = JSON.stringify({
      grid: Array.from({ length: 20_000 }, (_, i) => [`é${"x".repeat(i % 7)}東😀`]),
    });
    const { body, bytes } = answerBody(text);
    expect(bytes).toBe(Buffer.byteLength(text));
    const got = await read(body);
    expect(got.bytes.toString("utf8")).toBe(text);
    expect(got.bytes.byteLength).toBe(bytes);
    expect(Math.max(...got.slices)).toBeLessThanOrEqual(ANSWER_SLICE_BYTES * 2);
  });
});
