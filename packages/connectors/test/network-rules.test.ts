import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CallContext, ProviderError, UNREACHABLE_REASON } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isInternalAddress } from "../src/net/addresses.ts";
import { type NetworkPolicy, Upstreams } from "../src/net/upstream.ts";

/** The requests of these tests are made outside any call: no deadline, no client. */
const OUTSIDE_ANY_CALL = CallContext.unbounded();

/** The network rules every connector obeys, against real local servers. */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(server: Server, handler: Handler): Promise<number> {
  server.on("request", handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

const servers: Server[] = [];
async function serve(handler: Handler): Promise<number> {
  const s = createServer();
  servers.push(s);
  return listen(s, handler);
}

afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections?.();
    await new Promise((r) => s.close(r));
  }
});

/** What the network layer logged (every policy below logs here). */
const logged: { details: Record<string, unknown>; message: string }[] = [];

function policy(over: Partial<NetworkPolicy>): NetworkPolicy {
  return {
    allowedHosts: [],
    connectTimeoutMs: 2000,
    readTimeoutMs: 2000,
    log: { warn: (details, message) => logged.push({ details, message }) },
    ...over,
  };
}

/** The one answer for a server that gave no usable answer, whatever happened. */
function expectUnreachable(e: ProviderError, origin: string): void {
  expect(e.code).toBe("UPSTREAM_UNREACHABLE");
  expect(e.params).toEqual({ address: origin, reason: UNREACHABLE_REASON });
  expect(e.message).toBe(`Cannot reach ${origin}: ${UNREACHABLE_REASON.en}.`);
}

/** The last entry logged about `origin`. */
const lastLogged = (origin: string) => logged.filter((l) => l.details.upstream === origin).at(-1);

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ProviderError) return e;
    throw e;
  }
  throw new Error("the request succeeded");
}

const GET = { method: "GET" as const, headers: {} };

describe("internal address ranges", () => {
  it("tells loopback, private, link-local, metadata and mapped addresses from public ones", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00:ec2::254",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      // IPv4-compatible, IPv4-translated, NAT64 (well-known and local-use), 6to4, Teredo, site-local, zone id.
      "::7f00:1",
      "::127.0.0.1",
      "::ffff:0:10.0.0.1",
      "::ffff:0:7f00:1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b:1::1",
      "64:ff9b:1:ffff::a00:1",
      "2002:7f00:1::1",
      "2002:a00:1::",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "fec0::1",
      "FEC0:0:0:0:0:0:0:1",
      "fe80::1%eth0",
      "0:0:0:0:0:0:0:1",
    ])
      expect(isInternalAddress(a), a).toBe(true);
    for (const a of [
      "93.184.216.34",
      "8.8.8.8",
      "2606:4700::1111",
      "172.32.0.1",
      "2a00:1450:4007::64",
      "64:ff9b:2::1",
    ])
      expect(isInternalAddress(a), a).toBe(false);
  });
});

describe("Upstreams", () => {
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    port = await serve((req, res) => {
      hits++;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ host: req.headers.host, path: req.url }));
    });
  });

  it("refuses a host that is not on the allow-list, before any connection", async () => {
    const before = hits;
    const up = new Upstreams(policy({ allowedHosts: ["essbase.example.com"] }));
    const e = await failure(up.request(new URL(`http://127.0.0.1:${port}/x`), GET, OUTSIDE_ANY_CALL));
    expect(e.code).toBe("HOST_NOT_ALLOWED");
    expect(hits).toBe(before);
  });

  /** `essbase.corp.example`, listed by `*.corp.example`, resolving to `address`: refused as internal, never reached. */
  async function refusedAsInternal(address: string) {
    const before = hits;
    const up = new Upstreams(
      policy({
        allowedHosts: ["*.corp.example"],
        resolve: async () => [{ address, family: address.includes(":") ? 6 : 4 }],
      }),
    );
    const e = await failure(
      up.request(new URL(`http://essbase.corp.example:${port}/x`), GET, OUTSIDE_ANY_CALL),
    );
    expect(e.code, address).toBe("ADDRESS_INTERNAL");
    expect(e.params).toMatchObject({ host: "essbase.corp.example", address });
    expect(hits, address).toBe(before);
  }

  it("refuses a listed name that resolves to loopback, private or metadata addresses unless listed exactly", async () => {
    for (const address of ["127.0.0.1", "10.0.0.5", "169.254.169.254", "::1"])
      await refusedAsInternal(address);
    // A name answering one public and one internal address (DNS rebinding) is refused whole.
    const mixed = new Upstreams(
      policy({
        allowedHosts: ["*.corp.example"],
        resolve: async () => [
          { address: "93.184.216.34", family: 4 },
          { address: "127.0.0.1", family: 4 },
        ],
      }),
    );
    expect(
      (await failure(mixed.request(new URL(`http://a.corp.example:${port}/x`), GET, OUTSIDE_ANY_CALL))).code,
    ).toBe("ADDRESS_INTERNAL");
  });

  it("refuses a wildcard-listed name that resolves into an IPv4 documentation range, as it does the IPv6 one", async () => {
    // Not routed on the internet, so only ever another machine of the network QiBates runs in.
    for (const address of ["192.0.2.2", "198.51.100.7", "203.0.113.200", "2001:db8::5"]) {
      expect(isInternalAddress(address), address).toBe(true);
      await refusedAsInternal(address);
    }
    // Their neighbours are public.
    for (const a of ["192.0.3.1", "198.51.101.1", "203.0.112.255"])
      expect(isInternalAddress(a), a).toBe(false);
  });

  it("connects to the address it checked, looked up once, when the exact host is listed", async () => {
    let lookups = 0;
    const up = new Upstreams(
      policy({
        allowedHosts: ["essbase.internal.example"],
        resolve: async () => {
          lookups++;
          return [{ address: "127.0.0.1", family: 4 }];
        },
      }),
    );
    const url = new URL(`http://essbase.internal.example:${port}/essbase/rest/v1/about`);
    const a = await up.request(url, GET, OUTSIDE_ANY_CALL);
    const b = await up.request(url, GET, OUTSIDE_ANY_CALL);
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toEqual({
      host: `essbase.internal.example:${port}`,
      path: "/essbase/rest/v1/about",
    });
    expect(b.status).toBe(200);
    expect(lookups).toBe(1);
    await up.close();
  });

  it("looks the host up once for calls that arrive together, and again after a failed lookup", async () => {
    let lookups = 0;
    let failNext = true;
    const up = new Upstreams(
      policy({
        allowedHosts: ["essbase.internal.example"],
        resolve: async () => {
          lookups++;
          // The name server answers late, so that every call below arrives while the first one waits for it.
          await new Promise((r) => setTimeout(r, 50));
          if (failNext) {
            failNext = false;
            throw Object.assign(new Error("no answer"), { code: "ETIMEOUT" });
          }
          return [{ address: "127.0.0.1", family: 4 }];
        },
      }),
    );
    const url = new URL(`http://essbase.internal.example:${port}/essbase/rest/v1/about`);
    const refused = await Promise.allSettled([1, 2, 3].map(() => up.request(url, GET, OUTSIDE_ANY_CALL)));
    expect(refused.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(lookups).toBe(1);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => up.request(url, GET, OUTSIDE_ANY_CALL)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(lookups).toBe(2);
    await up.close();
  });

  it("does not follow a redirect: answered as an unreachable server, its target logged", async () => {
    let reached = 0;
    const target = await serve((_req, res) => {
      reached++;
      res.end("{}");
    });
    const redirecting = await serve((_req, res) => {
      res.statusCode = 302;
      res.setHeader("location", `http://127.0.0.1:${target}/elsewhere`);
      res.end();
    });
    const up = new Upstreams(policy({ allowedHosts: ["127.0.0.1"] }));
    const e = await failure(up.request(new URL(`http://127.0.0.1:${redirecting}/x`), GET, OUTSIDE_ANY_CALL));
    expectUnreachable(e, `http://127.0.0.1:${redirecting}`);
    expect(lastLogged(`http://127.0.0.1:${redirecting}`)?.details).toMatchObject({
      status: 302,
      location: `http://127.0.0.1:${target}/elsewhere`,
    });
    expect(reached).toBe(0);
    await up.close();
  });

  it("logs an error body that is not the protocol's, never answers it, and masks the request's secrets in it", async () => {
    const echo = await serve((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString();
      });
      req.on("end", () => {
        res.statusCode = 500;
        res.setHeader("content-type", "text/html");
        res.end(`<html>MARKER-1 ${req.headers.authorization} ${body}</html>`);
      });
    });
    const up = new Upstreams(policy({ allowedHosts: ["127.0.0.1"] }));
    const url = new URL(`http://127.0.0.1:${echo}/x`);
    const auth = `Basic ${Buffer.from("ann:s3cret-pw").toString("base64")}`;
    const answer = await up.request(
      url,
      {
        method: "POST",
        headers: { authorization: auth },
        body: "<pwd>other-secret</pwd>",
        secrets: ["other-secret"],
      },
      OUTSIDE_ANY_CALL,
    );
    const e = up.failure(url, answer, "POST /x", null);
    expectUnreachable(e, url.origin);
    expect(e.message).not.toContain("MARKER-1");
    const entry = lastLogged(url.origin);
    expect(entry?.details).toMatchObject({ status: 500, request: "POST /x" });
    const body = String(entry?.details.body);
    expect(body).toContain("MARKER-1");
    for (const secret of ["s3cret-pw", "other-secret", auth.slice(6)]) expect(body).not.toContain(secret);
    // The protocol's own error message is the caller's, on one line of at most 300 characters.
    const own = up.failure(url, answer, "POST /x", `Cube\nlocked ${"x".repeat(400)}`);
    expect(own.code).toBe("PROVIDER_FAILED");
    expect(String(own.params?.reason)).toMatch(/^Cube locked x+\.\.\.$/);
    expect(String(own.params?.reason)).toHaveLength(300);
    await up.close();
  });

  it("drops an answer whose declared length is past the cap before reading it", async () => {
    const declared = await serve((_req, res) => {
      res.setHeader("content-length", String(50 * 1024 * 1024));
      res.write("x".repeat(1000));
      // The rest never comes: only the declared length can end the call at once.
    });
    const up = new Upstreams(policy({ allowedHosts: ["127.0.0.1"], maxAnswerBytes: 1024 * 1024 }));
    const started = Date.now();
    const e = await failure(up.request(new URL(`http://127.0.0.1:${declared}/x`), GET, OUTSIDE_ANY_CALL));
    expect(e.code).toBe("UPSTREAM_MALFORMED");
    expect(e.message).toMatch(/more than 1,048,576 bytes \(UPSTREAM_MAX_ANSWER_BYTES\)/);
    expect(Date.now() - started).toBeLessThan(1500);
    await up.close();
  });

  it("reads an answer sent in chunks whole, with its repeated headers, and refuses one past the size limit", async () => {
    const body = JSON.stringify({ values: Array.from({ length: 2000 }, (_, i) => `cell ${i} — é`) });
    const chunked = await serve((_req, res) => {
      res.setHeader("set-cookie", ["JSESSIONID=abc; Path=/essbase", "_WL_AUTHCOOKIE_JSESSIONID=def; Path=/"]);
      res.setHeader("content-type", "application/json");
      // Written in pieces that split a two-byte character, without a Content-Length.
      const bytes = Buffer.from(body, "utf8");
      let at = 0;
      const next = () => {
        if (at >= bytes.length) return res.end();
        res.write(bytes.subarray(at, at + 1001));
        at += 1001;
        setImmediate(next);
      };
      next();
    });
    const up = new Upstreams(policy({ allowedHosts: ["127.0.0.1"] }));
    const a = await up.request(new URL(`http://127.0.0.1:${chunked}/x`), GET, OUTSIDE_ANY_CALL);
    expect(a.status).toBe(200);
    expect(a.body).toBe(body);
    expect(a.headers["set-cookie"]).toEqual([
      "JSESSIONID=abc; Path=/essbase",
      "_WL_AUTHCOOKIE_JSESSIONID=def; Path=/",
    ]);
    expect(a.headers["content-type"]).toBe("application/json");
    await up.close();
    const small = new Upstreams(policy({ allowedHosts: ["127.0.0.1"], maxAnswerBytes: 10_000 }));
    const e = await failure(small.request(new URL(`http://127.0.0.1:${chunked}/x`), GET, OUTSIDE_ANY_CALL));
    expect(e.code).toBe("UPSTREAM_MALFORMED");
    expect(e.message).toMatch(/more than 10,000 bytes \(UPSTREAM_MAX_ANSWER_BYTES\)/);
    // The pool still serves the next call.
    const again = await failure(
      small.request(new URL(`http://127.0.0.1:${chunked}/x`), GET, OUTSIDE_ANY_CALL),
    );
    expect(again.code).toBe("UPSTREAM_MALFORMED");
    await small.close();
  });

  it("times out a server that accepts the connection but does not answer: unreachable, the cause logged", async () => {
    const slow = await serve(() => {
      // Never answers.
    });
    const up = new Upstreams(policy({ allowedHosts: ["127.0.0.1"], readTimeoutMs: 300 }));
    const started = Date.now();
    const e = await failure(up.request(new URL(`http://127.0.0.1:${slow}/x`), GET, OUTSIDE_ANY_CALL));
    expectUnreachable(e, `http://127.0.0.1:${slow}`);
    expect(lastLogged(`http://127.0.0.1:${slow}`)?.details.cause).toBe("no answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(5000);
    await up.close();
  });

  it("answers a refused connection and an unknown name alike, the cause logged", async () => {
    const closed = createServer();
    const p = await listen(closed, () => {});
    await new Promise((r) => closed.close(r));
    const up = new Upstreams(policy({ allowedHosts: ["127.0.0.1", "nowhere.invalid"] }));
    const refused = await failure(up.request(new URL(`http://127.0.0.1:${p}/x`), GET, OUTSIDE_ANY_CALL));
    expectUnreachable(refused, `http://127.0.0.1:${p}`);
    expect(lastLogged(`http://127.0.0.1:${p}`)?.details.cause).toMatch(/ECONNREFUSED/);
    const unknown = await failure(up.request(new URL("http://nowhere.invalid/x"), GET, OUTSIDE_ANY_CALL));
    expectUnreachable(unknown, "http://nowhere.invalid");
    expect(lastLogged("http://nowhere.invalid")?.details.cause).toMatch(/does not resolve/);
    await up.close();
  });

  it("verifies TLS certificates, and trusts an extra CA bundle when configured", async () => {
    const dir = mkdtempSync(join(tmpdir(), "qb-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    const cert = readFileSync(join(dir, "cert.pem"), "utf8");
    const tls = createTlsServer({ key: readFileSync(join(dir, "key.pem")), cert });
    // The key is read: nothing of it is left in the temporary folder.
    rmSync(dir, { recursive: true, force: true });
    servers.push(tls);
    const p = await listen(tls, (_req, res) => res.end('{"ok":true}'));
    const url = new URL(`https://127.0.0.1:${p}/x`);
    const strict = new Upstreams(policy({ allowedHosts: ["127.0.0.1"] }));
    const e = await failure(strict.request(url, GET, OUTSIDE_ANY_CALL));
    expectUnreachable(e, `https://127.0.0.1:${p}`);
    expect(lastLogged(`https://127.0.0.1:${p}`)?.details.cause).toMatch(/certificate/);
    const trusting = new Upstreams(policy({ allowedHosts: ["127.0.0.1"], extraCa: cert }));
    expect((await trusting.request(url, GET, OUTSIDE_ANY_CALL)).body).toBe('{"ok":true}');
    await strict.close();
    await trusting.close();
  });
});
