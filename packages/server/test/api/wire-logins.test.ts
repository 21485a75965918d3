import { describe, expect, it } from "vitest";
import { ALL_WIRE_ENDPOINTS, type App, appForBlock } from "../support/app.ts";
import { basicAuth as basic, essbaseRestFrom, xmlaDiscover } from "../support/wire-login.ts";

/**
 * Failed logins on the wire endpoints are limited per client address and per user name, across every
 * protocol, and refused in the protocol's own format with 429 (wrong Basic passwords on XMLA, Essbase
 * REST and Planning REST were never limited, the credential check running before the API's rate limit).
 */

const discover = xmlaDiscover("DBSCHEMA_CATALOGS");

describe("failed logins on the wire endpoints", () => {
  let app: App;
  appForBlock(ALL_WIRE_ENDPOINTS, (built) => {
    app = built;
  });

  const xmla = (from: string, authorization: string) =>
    app.inject({
      method: "POST",
      url: "/olap/msmdpump.dll",
      remoteAddress: from,
      headers: { authorization, "content-type": "text/xml" },
      payload: discover,
    });
  const essbase = (from: string, authorization: string) => essbaseRestFrom(app, from, authorization);
  const planning = (from: string, authorization: string) =>
    app.inject({
      method: "GET",
      url: "/HyperionPlanning/rest/v3/applications",
      remoteAddress: from,
      headers: { authorization },
    });
  const smartView = (from: string, password: string) =>
    app.inject({
      method: "POST",
      url: "/aps/SmartView",
      remoteAddress: from,
      headers: { "content-type": "text/xml" },
      payload: `<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><usr>demo</usr><pwd>${password}</pwd></req_ConnectToProvider>`,
    });

  it("meet 429 in each protocol's format past 20 from one address, even with the right password; other addresses log in", async () => {
    const attacker = "203.0.113.50";
    const statuses: number[] = [];
    // 700 wrong passwords, spread over the protocols (the count is shared).
    for (let i = 0; i < 700; i++) {
      const wrong = basic("demo", `guess${i}`);
      const r = await [xmla, essbase, planning][i % 3]?.(attacker, wrong);
      statuses.push(r?.statusCode ?? 0);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // Refused before the password is checked, in each protocol's own format.
    const x = await xmla(attacker, basic("demo", "demo"));
    expect([x.statusCode, x.headers["content-type"]]).toEqual([429, "text/xml; charset=utf-8"]);
    expect(x.body).toMatch(/<faultstring>Too many failed logins: try again in \d+ s\.<\/faultstring>/);
    const e = await essbase(attacker, basic("demo", "demo"));
    expect([e.statusCode, e.json().errorMessage]).toEqual([
      429,
      expect.stringMatching(/^Too many failed logins/),
    ]);
    const p = await planning(attacker, basic("demo", "demo"));
    expect([p.statusCode, p.json().status]).toEqual([429, 429]);
    const sv = await smartView(attacker, "demo");
    expect(sv.statusCode).toBe(429);
    expect(sv.body).toMatch(/^<exception errcode="4" type="error">\n<desc>Too many failed logins/);
    // In French to a client that asks for it, in each protocol's format (the refusal said English alone).
    const fr = { "accept-language": "fr-FR,fr;q=0.9" };
    const xFr = await app.inject({
      method: "POST",
      url: "/olap/msmdpump.dll",
      remoteAddress: attacker,
      headers: { authorization: basic("demo", "demo"), "content-type": "text/xml", ...fr },
      payload: discover,
    });
    expect(xFr.statusCode).toBe(429);
    expect(xFr.body).toMatch(
      /<faultstring>Trop de connexions ont échoué\u00a0: réessayez dans \d+\u202fs\.<\/faultstring>/,
    );
    const eFr = await app.inject({
      method: "GET",
      url: "/essbase/rest/v1/applications",
      remoteAddress: attacker,
      headers: { authorization: basic("demo", "demo"), ...fr },
    });
    expect([eFr.statusCode, eFr.json().errorMessage]).toEqual([
      429,
      expect.stringMatching(/^Trop de connexions ont échoué\u00a0: réessayez dans \d+\u202fs\.$/),
    ]);
    // Another address is not held back by this one's failures.
    expect((await xmla("198.51.100.8", basic("demo", "demo"))).statusCode).toBe(200);
    expect((await smartView("198.51.100.8", "demo")).body).toMatch(/<sID>\d+<\/sID>/);
  });
});
