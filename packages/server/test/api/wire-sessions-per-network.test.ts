import { describe, expect, it } from "vitest";
import { ALL_WIRE_ENDPOINTS, type App, appForBlock } from "../support/app.ts";
import { basicAuth as basic, essbaseRestLogin, xmlaDiscover } from "../support/wire-login.ts";

/**
 * One IPv6 /56 (a home connection: 256 /64 networks) filled the protocol endpoints' store of 10,000 sessions
 * with the demo user, 100 sessions from each of 101 /64s (the per-user cap counts one /64), and every other
 * visitor's login was then refused with 503. All the /64s of one /48 now hold at most WIRE_SESSIONS_PER_NETWORK
 * sessions of an endpoint together, and a login past it is refused, never by ending someone else's session.
 */

/** The `i`th /64 of the /56 `2001:db8:5:100::/56`, one address of it. */
const inHome = (i: number) => `2001:db8:5:1${i.toString(16).padStart(2, "0")}::1`;

const essbaseLogin = essbaseRestLogin;

describe("the protocol sessions of one wider IPv6 network, with the default settings", () => {
  let app: App;
  appForBlock({ QIBATES_WIRE_ENDPOINTS: "essbase-rest", RATE_LIMIT_PER_MINUTE: "1000000" }, (built) => {
    app = built;
  });

  it("one /56 of many /64s cannot keep a visitor from another network from logging in", async () => {
    const someone = await essbaseLogin(app, "2001:db8:77:1::1");
    expect(someone.statusCode).toBe(200);
    const cookie = String(someone.headers["set-cookie"]).split(";")[0] as string;
    const refused: number[] = [];
    for (let net = 0; net < 101; net++) {
      for (let i = 0; i < 100; i++) {
        const r = await essbaseLogin(app, inHome(net).replace(/1$/, (i + 1).toString(16)));
        if (r.statusCode !== 200) refused.push(r.statusCode);
      }
    }
    // Another visitor still logs in, from IPv6 and IPv4.
    expect((await essbaseLogin(app, "2001:db8:78:1::1")).statusCode).toBe(200);
    expect((await essbaseLogin(app, "198.51.100.7")).statusCode).toBe(200);
    // The /56 got its share of the store (its /48's: 1,000 sessions), no more, with 429s.
    expect(refused.length).toBe(101 * 100 - 1000);
    expect(new Set(refused)).toEqual(new Set([429]));
    // The first visitor's session lives on.
    const again = await app.inject({
      method: "GET",
      url: "/essbase/rest/v1/session",
      remoteAddress: "2001:db8:77:1::1",
      headers: { cookie },
    });
    expect(again.statusCode).toBe(200);
  }, 120_000);
});

describe("a login past WIRE_SESSIONS_PER_NETWORK, in each protocol", () => {
  let app: App;
  appForBlock({ ...ALL_WIRE_ENDPOINTS, WIRE_SESSIONS_PER_NETWORK: "3" }, (built) => {
    app = built;
  });

  /** An address of the `i`th /64 of the /48 `2001:db8:6::/48`. */
  const inSite = (i: number) => `2001:db8:6:${i.toString(16)}::1`;
  /** The refusal of a login past the limit, in English and in French. */
  const LIMIT = {
    en: "Your network (2001:db8:6::/48) has reached its limit of 3 open sessions on this server: log out of the sessions you no longer use, or try again later.",
    fr: "Votre réseau (2001:db8:6::/48) a atteint la limite de 3\u00a0sessions ouvertes sur ce serveur\u00a0: fermez les sessions que vous n'utilisez plus, ou réessayez plus tard.",
  };
  const xmlaBegin = (from: string, language = "en") =>
    app.inject({
      method: "POST",
      url: "/olap/msmdpump.dll",
      remoteAddress: from,
      headers: {
        authorization: basic("demo", "demo"),
        "content-type": "text/xml",
        "accept-language": language,
      },
      payload: xmlaDiscover("DBSCHEMA_CATALOGS").replace(
        "<soap:Body>",
        '<soap:Header><BeginSession xmlns="urn:schemas-microsoft-com:xml-analysis" mustUnderstand="1"/></soap:Header><soap:Body>',
      ),
    });
  const smartView = (from: string, language = "en") =>
    app.inject({
      method: "POST",
      url: "/aps/SmartView",
      remoteAddress: from,
      headers: { "content-type": "text/xml", "accept-language": language },
      payload:
        "<req_ConnectToProvider><ClientXMLVersion>3.1.0.0.0</ClientXMLVersion><usr>demo</usr><pwd>demo</pwd></req_ConnectToProvider>",
    });
  /**
   * A login from the site past its 3 sessions is refused with 429 and the refusal, in `element`, in English then,
   * to a request asking for French, in French (`french`) or in English (a protocol whose server says its refusals
   * in its own language); a login from another network is let in. Answers the English refusal.
   */
  const expectRefused = async (login: typeof smartView, element: string, french = true) => {
    const en = await login(inSite(9));
    for (const [answer, text] of [
      [en, LIMIT.en],
      [await login(inSite(9), "fr"), french ? LIMIT.fr : LIMIT.en],
    ] as const) {
      expect(answer.statusCode, text).toBe(429);
      expect(answer.body).toContain(`<${element}>${text}</${element}>`);
    }
    expect((await login("2001:db8:5:1::1")).statusCode).toBe(200);
    return en;
  };

  it("Essbase REST: refused with 429 and its errorMessage, in English or French; other networks and the network's sessions are unharmed", async () => {
    const cookies: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await essbaseLogin(app, inSite(i));
      expect(r.statusCode).toBe(200);
      cookies.push(String(r.headers["set-cookie"]).split(";")[0] as string);
    }
    const en = await essbaseLogin(app, inSite(9));
    expect([en.statusCode, en.json().errorMessage]).toEqual([429, LIMIT.en]);
    const fr = await essbaseLogin(app, inSite(10), "fr-FR,fr;q=0.9");
    expect([fr.statusCode, fr.json().errorMessage]).toEqual([429, LIMIT.fr]);
    for (const [i, cookie] of cookies.entries()) {
      const r = await app.inject({
        method: "GET",
        url: "/essbase/rest/v1/session",
        remoteAddress: inSite(i),
        headers: { cookie },
      });
      expect(r.statusCode).toBe(200);
    }
    // Another /48 logs in; IPv4 counts per address, its neighbours apart.
    expect((await essbaseLogin(app, "2001:db8:5:1::1")).statusCode).toBe(200);
    for (const from of ["198.51.100.1", "198.51.100.2"])
      for (let i = 0; i < 3; i++) expect((await essbaseLogin(app, from)).statusCode).toBe(200);
    expect((await essbaseLogin(app, "198.51.100.1")).statusCode).toBe(429);
    // Once a session of the network logs out, the network logs in again.
    const out = await app.inject({
      method: "DELETE",
      url: "/essbase/rest/v1/session",
      remoteAddress: inSite(0),
      headers: { cookie: cookies[0] as string },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await essbaseLogin(app, inSite(11))).statusCode).toBe(200);
  });

  it("XMLA: a SOAP fault with 429, in English or French", async () => {
    for (let i = 0; i < 3; i++) expect((await xmlaBegin(inSite(i))).statusCode).toBe(200);
    const en = await expectRefused(xmlaBegin, "faultstring");
    expect(en.headers["content-type"]).toBe("text/xml; charset=utf-8");
  });

  it("Smart View: an exception with 429, in English whatever the language asked", async () => {
    for (let i = 0; i < 3; i++) {
      const r = await smartView(inSite(i));
      expect([r.statusCode, r.body]).toEqual([200, expect.not.stringContaining("<exception")]);
    }
    await expectRefused(smartView, "desc", false);
  });
});
