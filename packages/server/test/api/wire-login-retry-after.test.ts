import { describe, expect, it } from "vitest";
import { ALL_WIRE_ENDPOINTS, type App, appForBlock } from "../support/app.ts";
import { basicAuth as basic, xmlaDiscover } from "../support/wire-login.ts";

/**
 * A client held back by the wire endpoints' failed-login limit (WIRE_LOGIN_FAILURES_PER_MINUTE) reads when to
 * try again in the Retry-After header of the 429, as from the API's own limits and from a refused job: the
 * header gave nothing, the seconds being only in the text of the message, in each protocol's own format.
 */

describe("the failed-login limit of the wire endpoints", () => {
  let app: App;
  appForBlock({ ...ALL_WIRE_ENDPOINTS, WIRE_LOGIN_FAILURES_PER_MINUTE: "2" }, (built) => {
    app = built;
  });

  const from = "203.0.113.77";
  const calls = {
    xmla: (authorization: string) =>
      app.inject({
        method: "POST",
        url: "/olap/msmdpump.dll",
        remoteAddress: from,
        headers: { authorization, "content-type": "text/xml" },
        payload: xmlaDiscover("DBSCHEMA_CATALOGS"),
      }),
    essbaseRest: (authorization: string) =>
      app.inject({
        method: "GET",
        url: "/essbase/rest/v1/applications",
        remoteAddress: from,
        headers: { authorization },
      }),
    planningRest: (authorization: string) =>
      app.inject({
        method: "GET",
        url: "/HyperionPlanning/rest/v3/applications",
        remoteAddress: from,
        headers: { authorization },
      }),
    smartView: (authorization: string) =>
      app.inject({
        method: "POST",
        url: "/aps/SmartView",
        remoteAddress: from,
        headers: { "content-type": "text/xml" },
        payload: `<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><usr>demo</usr><pwd>${authorization === "" ? "demo" : "wrong"}</pwd></req_ConnectToProvider>`,
      }),
  };

  it("allows 2 failed logins a minute, then answers 429 with Retry-After, the seconds the message gives, in every protocol", async () => {
    expect((await calls.essbaseRest(basic("demo", "wrong1"))).statusCode).toBe(401);
    expect((await calls.planningRest(basic("demo", "wrong2"))).statusCode).toBe(401);
    for (const [name, call] of Object.entries(calls)) {
      const r = await call(name === "smartView" ? "" : basic("demo", "demo"));
      const seconds = /try again in (\d+) s\./.exec(r.body)?.[1];
      expect([name, r.statusCode, r.headers["retry-after"]]).toEqual([name, 429, seconds]);
      expect(Number(seconds)).toBeGreaterThanOrEqual(1);
      expect(Number(seconds)).toBeLessThanOrEqual(60);
    }
  });
});
