import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildConnector, Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingStandIn, roundTrips } from "../support/counting-stand-in.ts";

/**
 * The stand-in the cost tests count round trips with counts them by what the client waited for, not by when its
 * requests happened to arrive: two requests made side by side are one round trip even when the second reaches
 * the stand-in after the first was answered (a connection slow to open, as on a loaded machine), and two requests
 * made one after the other's answer are two.
 */

/** How late the second connection of the client opens. */
const LATE_MS = 300;

describe("counting stand-in: round trips", () => {
  let target: http.Server;
  let standIn: Awaited<ReturnType<typeof countingStandIn>>;
  const headersSeen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    target = http.createServer((req, res) => {
      headersSeen.push(req.headers);
      req.resume();
      req.on("end", () => res.end(`answer of ${req.url}`));
    });
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    const { port } = target.address() as AddressInfo;
    standIn = await countingStandIn(new URL(`http://127.0.0.1:${port}`), { record: (req) => req.url ?? "" });
  });

  afterAll(async () => {
    await standIn?.close();
    await new Promise<void>((r) => target?.close(() => r()));
  });

  /** A client of two connections to the stand-in, the second opened {@link LATE_MS} late. */
  function client() {
    const direct = buildConnector({});
    let opened = 0;
    const connect: buildConnector.connector = (options, callback) => {
      setTimeout(() => direct(options, callback), opened++ === 0 ? 0 : LATE_MS);
    };
    return new Pool(`http://127.0.0.1:${standIn.port}`, { connections: 2, connect });
  }
  const get = async (pool: Pool, path: string) => {
    const answer = await pool.request({ path, method: "GET" });
    return answer.body.text();
  };

  it("counts two requests made side by side as one round trip, the second arriving after the first's answer", async () => {
    standIn.reset();
    const pool = client();
    try {
      const made = Date.now();
      expect(await Promise.all([get(pool, "/a"), get(pool, "/b")])).toEqual(["answer of /a", "answer of /b"]);
      // The second did reach the stand-in late, after the first was answered.
      expect(Date.now() - made).toBeGreaterThanOrEqual(LATE_MS - 10);
      expect(standIn.seen).toEqual(["/a", "/b"]);
      expect(roundTrips(standIn.spans)).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it("counts a request made once another was answered as a second round trip", async () => {
    standIn.reset();
    const pool = client();
    try {
      await get(pool, "/a");
      await get(pool, "/b");
      await get(pool, "/c");
      expect(standIn.seen).toEqual(["/a", "/b", "/c"]);
      expect(roundTrips(standIn.spans)).toBe(3);
    } finally {
      await pool.close();
    }
  });

  it("promises a client its own idle time, not its server's: no hop-by-hop header is passed on", async () => {
    // A server that keeps idle connections longer than the stand-in does: a client told the server's time would
    // send a request on a connection the stand-in is closing.
    const before = target.keepAliveTimeout;
    target.keepAliveTimeout = 72_000;
    const pool = client();
    try {
      const answer = await pool.request({ path: "/idle", method: "GET" });
      expect(await answer.body.text()).toBe("answer of /idle");
      expect(answer.headers["keep-alive"]).toMatch(/^timeout=\d+$/);
      expect(answer.headers["keep-alive"]).not.toBe("timeout=72");
    } finally {
      await pool.close();
      target.keepAliveTimeout = before;
    }
  });

  it("passes requests on without the header that names them", () => {
    expect(headersSeen.length).toBeGreaterThan(0);
    expect(headersSeen.every((h) => !Object.keys(h).some((k) => k.startsWith("x-counting")))).toBe(true);
  });
});
