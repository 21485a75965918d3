import { describe, expect, it } from "vitest";
import { type App, appForBlock } from "../support/app.ts";
import { basicAuth as basic, xmlaDiscover } from "../support/wire-login.ts";

/**
 * Failed logins slow guessing on every wire endpoint alike (one count across protocols, user-name
 * variants counted as one user), without locking the owner out from an address that has not failed.
 */
const DISCOVER = xmlaDiscover("DISCOVER_DATASOURCES", "<Restrictions/><Properties/>");

describe("failed logins on the wire endpoints", () => {
  let app: App;
  appForBlock({ QIBATES_WIRE_ENDPOINTS: "all", WIRE_LOGIN_FAILURES_PER_MINUTE: "2" }, (built) => {
    app = built;
  });

  /** A GET of `url` from `from` with Basic credentials: a login to a REST protocol. */
  const getWith = (url: string) => (from: string, user: string, password: string) =>
    app.inject({
      method: "GET",
      url,
      remoteAddress: from,
      headers: { authorization: basic(user, password) },
    });
  /** A login to each protocol from `from`: its HTTP status. */
  const logins = {
    "essbase-rest": getWith("/essbase/rest/v1/session"),
    "planning-rest": getWith("/HyperionPlanning/rest/v3/applications"),
    xmla: (from: string, user: string, password: string) =>
      app.inject({
        method: "POST",
        url: "/olap/msmdpump.dll",
        remoteAddress: from,
        headers: {
          authorization: basic(user, password),
          "content-type": "text/xml",
          soapaction: '"urn:schemas-microsoft-com:xml-analysis:Discover"',
        },
        payload: DISCOVER,
      }),
    smartview: (from: string, user: string, password: string) =>
      app.inject({
        method: "POST",
        url: "/aps/SmartView",
        remoteAddress: from,
        headers: { "content-type": "text/xml" },
        payload: `<req_ConnectToProvider><usr>${user}</usr><pwd>${password}</pwd></req_ConnectToProvider>`,
      }),
  };
  const refusedForLogins = (r: { statusCode: number }) => r.statusCode === 429;

  it("hold back an address that failed on one protocol on every other, and count x.demo and DEMO as demo", async () => {
    const guesser = "203.0.113.50";
    // Two failures (the per-address count) through two protocols and two spellings of the user.
    expect((await logins["planning-rest"](guesser, "x.demo", "wrong")).statusCode).toBe(401);
    expect((await logins["essbase-rest"](guesser, "DEMO", "wrong")).statusCode).toBe(401);
    for (const [protocol, login] of Object.entries(logins)) {
      const r = await login(guesser, "demo", "demo");
      expect(refusedForLogins(r), `${protocol}: ${r.statusCode} ${r.body.slice(0, 120)}`).toBe(true);
    }
    // The owner, from an address that has not failed, logs in on each.
    for (const [protocol, login] of Object.entries(logins)) {
      const r = await login("203.0.113.60", "demo", "demo");
      expect(r.statusCode, protocol).not.toBe(429);
      expect(r.statusCode, protocol).not.toBe(401);
      expect(r.body, protocol).not.toMatch(/faultstring|<exception/);
    }
  });

  it("let credentials that logged in from an address keep working after another user's failures there", async () => {
    // The connectors of a QiBates server reach its own endpoints from one address, and XMLA and Planning REST
    // send the user name and password with every request (each one a login): one user's wrong passwords held
    // back every other user's calls through those endpoints for the rest of the minute (R81).
    const shared = "203.0.113.80";
    for (const protocol of ["xmla", "planning-rest"] as const) {
      expect((await logins[protocol](shared, "demo", "demo")).statusCode, protocol).toBe(200);
    }
    expect((await logins["essbase-rest"](shared, "someone", "wrong")).statusCode).toBe(401);
    expect((await logins["essbase-rest"](shared, "someone", "wrong")).statusCode).toBe(401);
    for (const protocol of ["xmla", "planning-rest"] as const) {
      // The same credentials again: no guess, not held back.
      expect((await logins[protocol](shared, "demo", "demo")).statusCode, protocol).toBe(200);
      // A password that has not logged in from there is held back, as any new login from that address.
      expect(refusedForLogins(await logins[protocol](shared, "demo", "other")), protocol).toBe(true);
    }
  });

  it("past the user's count, hold back only the addresses that failed for that user", async () => {
    // The per-user count is five times the per-address one: ten failures from ten addresses, one each.
    const guessers = Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`);
    const spellings = ["demo", "DEMO", "x.demo", "corp\\demo", "demo@example.com"];
    for (const [i, from] of guessers.entries()) {
      const r = await logins["essbase-rest"](from, spellings[i % spellings.length] as string, "wrong");
      expect(r.statusCode).toBe(401);
    }
    for (const [protocol, login] of Object.entries(logins)) {
      const held = await login(guessers[0] as string, "demo", "demo");
      expect(refusedForLogins(held), `${protocol}: ${held.statusCode}`).toBe(true);
      const owner = await login("192.0.2.77", "demo", "demo");
      expect(owner.statusCode, protocol).not.toBe(429);
      expect(owner.body, protocol).not.toMatch(/faultstring|<exception/);
    }
  });
});
