import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { CallContext } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Upstreams } from "../src/net/upstream.ts";

/** The requests of these tests are made outside any call: no deadline, no client. */
const OUTSIDE_ANY_CALL = CallContext.unbounded();

/**
 * An answer asked for compressed (`accept-encoding: gzip`) is read decompressed, and the answer cap
 * (`UPSTREAM_MAX_ANSWER_BYTES`) holds for the decompressed bytes: a small compressed answer that inflates past it
 * is refused as any answer past it is.
 */

const CAP = 64 * 1024;
/** What the server answers: 40,000 characters of JSON (under the cap), and 1 MiB of spaces (past it). */
const SMALL = JSON.stringify({ items: Array.from({ length: 2000 }, (_, i) => `member ${i}`) });
const LARGE = " ".repeat(1024 * 1024);
const SPLIT = "<row><MEMBER_NAME>Crème brûlée</MEMBER_NAME></row>";
let server: Server;
let origin = "";
const headersSeen: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    headersSeen.push(req.headers["accept-encoding"]);
    if (req.url === "/split") {
      // A character of two bytes cut between two chunks, as a network may deliver it.
      const bytes = Buffer.from(SPLIT, "utf8");
      const cut = bytes.indexOf(0xc3) + 1;
      res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
      res.write(bytes.subarray(0, cut));
      setTimeout(() => res.end(bytes.subarray(cut)), 20);
      return;
    }
    const body = req.url === "/large" ? LARGE : SMALL;
    if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(gzipSync(body));
    } else {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const upstreams = () =>
  new Upstreams({
    allowedHosts: ["127.0.0.1"],
    connectTimeoutMs: 5000,
    readTimeoutMs: 5000,
    maxAnswerBytes: CAP,
  });

describe("answers sent plain", () => {
  it("reads a character whose bytes arrive in two chunks whole", async () => {
    const u = upstreams();
    const answer = await u.request(
      new URL(`${origin}/split`),
      { method: "GET", headers: {} },
      OUTSIDE_ANY_CALL,
    );
    await u.close();
    expect(answer.body).toBe(SPLIT);
    expect(answer.bytes).toBe(Buffer.byteLength(SPLIT));
  });
});

describe("answers asked for compressed", () => {
  it("reads a gzip answer decompressed, as the same answer sent plain", async () => {
    const u = upstreams();
    const zipped = await u.request(
      new URL(`${origin}/small`),
      {
        method: "GET",
        headers: { "accept-encoding": "gzip" },
      },
      OUTSIDE_ANY_CALL,
    );
    const plain = await u.request(
      new URL(`${origin}/small`),
      { method: "GET", headers: {} },
      OUTSIDE_ANY_CALL,
    );
    await u.close();
    expect(zipped.status).toBe(200);
    expect(zipped.body).toBe(SMALL);
    expect(plain.body).toBe(SMALL);
    expect(headersSeen.slice(-2)).toEqual(["gzip", undefined]);
  });

  it("refuses an answer whose decompressed bytes pass the answer cap, though its compressed ones do not", async () => {
    const u = upstreams();
    expect(gzipSync(LARGE).length).toBeLessThan(CAP);
    const refused = await u
      .request(
        new URL(`${origin}/large`),
        { method: "GET", headers: { "accept-encoding": "gzip" } },
        OUTSIDE_ANY_CALL,
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    await u.close();
    expect(refused).toMatchObject({ code: "UPSTREAM_MALFORMED" });
    expect(String((refused as Error).message)).toMatch(/UPSTREAM_MAX_ANSWER_BYTES/);
  });
});
