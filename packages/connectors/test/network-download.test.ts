import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { ProviderError } from "@qibates/provider";
import { afterAll, describe, expect, it } from "vitest";
import { DOWNLOAD_BUFFER_BYTES, type NetworkPolicy, Upstreams } from "../src/net/upstream.ts";

/**
 * A file downloaded as a stream (`Upstreams.download`, a server's data export for `qibates-snapshot`): the same
 * network rules as any answer, its own cap, and never the whole file in memory.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];
async function serve(handler: Handler): Promise<number> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return (s.address() as AddressInfo).port;
}

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections?.();
    await new Promise((r) => s.close(r));
  }
});

const policy = (over: Partial<NetworkPolicy> = {}): NetworkPolicy => ({
  allowedHosts: ["127.0.0.1"],
  connectTimeoutMs: 2000,
  readTimeoutMs: 5000,
  ...over,
});
const GET = { method: "GET" as const, headers: {} };

/** A file of `size` bytes, the same for the same size. */
const fileOf = (size: number) => {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + (i >> 8)) & 0xff;
  return b;
};

/** Serves `file` in 64 KiB writes that wait for the socket to drain (as a file stream does). */
const sendFile =
  (file: Buffer, declare = true): Handler =>
  (_req, res) => {
    if (declare) res.setHeader("content-length", String(file.length));
    let at = 0;
    const next = () => {
      while (at < file.length) {
        const piece = file.subarray(at, at + 65_536);
        at += piece.length;
        if (!res.write(piece)) return void res.once("drain", next);
      }
      res.end();
    };
    next();
  };

describe("Upstreams.download", () => {
  it("gives a large file as it arrives, whole, with at most its buffer waiting to be read", async () => {
    const file = fileOf(24 * 1024 * 1024);
    const port = await serve(sendFile(file));
    const up = new Upstreams(policy());
    const got = await up.download(new URL(`http://127.0.0.1:${port}/files/x.txt`), GET);
    expect(got.status).toBe(200);
    const body = (got as { body: Readable }).body;
    const hash = createHash("sha256");
    let size = 0;
    let mostWaiting = 0;
    for await (const chunk of body) {
      mostWaiting = Math.max(mostWaiting, body.readableLength);
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
      // A slow reader: the connection is paused, not the file buffered.
      await new Promise((r) => setImmediate(r));
    }
    expect(size).toBe(file.length);
    expect(hash.digest("hex")).toBe(createHash("sha256").update(file).digest("hex"));
    expect(mostWaiting).toBeLessThanOrEqual(DOWNLOAD_BUFFER_BYTES + 65_536);
    await up.close();
  });

  it("refuses a file past its cap, declared or not, and answers an error as the server's answer", async () => {
    const file = fileOf(300_000);
    const declared = await serve(sendFile(file));
    const undeclared = await serve(sendFile(file, false));
    const up = new Upstreams(policy({ maxFileBytes: 100_000 }));
    await expect(up.download(new URL(`http://127.0.0.1:${declared}/f`), GET)).rejects.toMatchObject({
      code: "UPSTREAM_MALFORMED",
    });
    const got = await up.download(new URL(`http://127.0.0.1:${undeclared}/f`), GET);
    const read = async () => {
      for await (const _ of (got as { body: Readable }).body);
    };
    const e = await read().then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).code).toBe("UPSTREAM_MALFORMED");
    expect((e as ProviderError).message).toMatch(/sent a file of more than 100000 bytes/);
    const missing = await serve((_req, res) => {
      res.statusCode = 404;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ errorMessage: "File /x does not exist." }));
    });
    const answer = await up.download(new URL(`http://127.0.0.1:${missing}/f`), GET);
    expect(answer).toMatchObject({
      status: 404,
      answer: { body: '{"errorMessage":"File /x does not exist."}' },
    });
    await up.close();
  });

  it("obeys the allow-list and never follows a redirect", async () => {
    const up = new Upstreams(policy({ allowedHosts: ["files.example.com"] }));
    await expect(up.download(new URL("http://127.0.0.1:9/f"), GET)).rejects.toMatchObject({
      code: "HOST_NOT_ALLOWED",
    });
    const moved = await serve((_req, res) => {
      res.statusCode = 302;
      res.setHeader("location", "http://169.254.169.254/latest");
      res.end();
    });
    const local = new Upstreams(policy());
    await expect(local.download(new URL(`http://127.0.0.1:${moved}/f`), GET)).rejects.toMatchObject({
      code: "UPSTREAM_UNREACHABLE",
    });
    await up.close();
    await local.close();
  });
});
