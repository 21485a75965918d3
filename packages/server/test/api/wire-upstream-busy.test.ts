import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, serverAndFront } from "../support/wire-front.ts";

/**
 * In front of a server (QIBATES_WIRE_UPSTREAM), the server's refusal for now (its 429: too
 * many failed logins) was answered 400 with the path the front asked it at ("GET /session: Too many failed
 * logins…"). It is answered in the endpoint's own format and status, 429 with Retry-After, the server's words
 * alone.
 */
describe("in front of a server that refuses for now", () => {
  let a: App;
  let b: App;
  beforeAll(async () => {
    // A, the server behind, refuses after 3 failed logins from one address (B's, for every client of B).
    ({ a, b } = await serverAndFront({ WIRE_LOGIN_FAILURES_PER_MINUTE: "3" }));
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const login = (password: string, address: string) =>
    b.inject({
      method: "GET",
      url: "/essbase/rest/v1/applications",
      remoteAddress: address,
      headers: { authorization: `Basic ${Buffer.from(`demo:${password}`).toString("base64")}` },
    });

  it("answers the server's 429 as Essbase REST does, with Retry-After and no path of the server", async () => {
    for (let i = 0; i < 3; i++) expect((await login("wrong", "198.51.100.7")).statusCode).toBe(401);
    const refused = await login("demo", "198.51.100.8");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    const { errorMessage } = refused.json() as { errorMessage: string };
    expect(errorMessage).toMatch(/^Too many failed logins: try again in \d+ s\.$/);
    expect(errorMessage).not.toMatch(/GET|\/session|essbase\/rest/);
  });
});

describe("in front of a server that trusts this one as its proxy", () => {
  let a: App;
  let b: App;
  beforeAll(async () => {
    // A trusts B's address (loopback) as a proxy: it counts each client B names in X-Forwarded-For.
    ({ a, b } = await serverAndFront({ WIRE_LOGIN_FAILURES_PER_MINUTE: "3", TRUST_PROXY: "127.0.0.1" }));
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const login = (password: string, address: string, forwarded?: string) =>
    b.inject({
      method: "GET",
      url: "/essbase/rest/v1/applications",
      remoteAddress: address,
      headers: {
        authorization: `Basic ${Buffer.from(`demo:${password}`).toString("base64")}`,
        ...(forwarded ? { "x-forwarded-for": forwarded } : {}),
      },
    });

  it("lets other clients log in when one client's failed logins pass the server's limit", async () => {
    for (let i = 0; i < 3; i++) expect((await login("wrong", "198.51.100.7")).statusCode).toBe(401);
    // The server counts that client alone: it is held back, with the server's words, and nobody else.
    expect((await login("demo", "198.51.100.7")).statusCode).toBe(429);
    // A client cannot name another address to the server: B writes the address it sees, not the client's header.
    expect((await login("demo", "198.51.100.7", "203.0.113.9")).statusCode).toBe(429);
    expect((await login("demo", "198.51.100.8")).statusCode).toBe(200);
  });
});
