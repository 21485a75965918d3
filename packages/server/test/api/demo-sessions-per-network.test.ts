import { describe, expect, it } from "vitest";
import { type App, appForBlock } from "../support/app.ts";
import { apiClientAt } from "../support/wire-login.ts";

/**
 * The public demo key's sessions were bounded per IPv6 /64 only (MAX_SESSIONS_PER_KEY): one /56, 256 /64s, held
 * 25,600 of them, a /48 millions (200,000 logins from 2,000 /64s of one /48 took 200 MB of the server's heap).
 * One client network (an IPv6 /48, an IPv4 address) now holds at most DEMO_SESSIONS_PER_NETWORK of them; a login
 * past it is refused with 429 and when to retry, and no session of another network, nor of the network, ends.
 */

const DEMO = "https://demo.qibates.local/aps/JAPI";
/** An address of the `i`th /64 of the /48 `2001:db8:6::/48`. */
const inSite = (i: number, host = 1) => `2001:db8:6:${i.toString(16)}::${host.toString(16)}`;

describe("the demo key's sessions of one client network", () => {
  let app: App;
  let key = "";
  appForBlock(
    { DEMO_SESSIONS_PER_NETWORK: "3", MAX_SESSIONS_PER_KEY: "2", RATE_LIMIT_PER_MINUTE: "1000000" },
    (built) => {
      app = built;
    },
  );
  const demoKey = async () => {
    if (key === "")
      key = (await app.inject({ method: "GET", url: "/qibates/api/v2/health" })).json().demo.apiKey as string;
    return key;
  };
  const { call, alive } = apiClientAt(() => app, demoKey, DEMO);
  const loginFrom = async (from: string, language = "en") =>
    app.inject({
      method: "POST",
      url: "/qibates/api/v2/action/login",
      remoteAddress: from,
      headers: {
        "content-type": "application/json",
        qibateskey: await demoKey(),
        connector: "essbase",
        "accept-language": language,
      },
      payload: JSON.stringify({ username: "demo", password: "demo", providerAddress: DEMO }),
    });
  const loginid = async (from: string) => {
    const r = await loginFrom(from);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().loginid as string;
  };

  it("refuses a login past DEMO_SESSIONS_PER_NETWORK from another /64 of the /48, with when to retry, in English and French", async () => {
    const someone = await loginid("2001:db8:77:1::1");
    const mine = [await loginid(inSite(1)), await loginid(inSite(2)), await loginid(inSite(3))];

    const en = await loginFrom(inSite(4));
    expect([en.statusCode, en.headers["retry-after"], en.json().code, en.json().message]).toEqual([
      429,
      "1800",
      "QB_ERR_RATE_LIMITED",
      "Too many requests; retry in 1,800 s. QiBates limits your requests for now.",
    ]);
    const fr = await loginFrom(inSite(5), "fr-FR,fr;q=0.9");
    expect([fr.statusCode, fr.json().message]).toEqual([
      429,
      "Trop de requêtes ; réessayez dans 1800 s. QiBates limite vos requêtes pour le moment.",
    ]);

    // Nobody's session was ended to make room: the network's, and another network's.
    expect(await Promise.all(mine.map((id, i) => alive(inSite(i + 1), id)))).toEqual([true, true, true]);
    expect(await alive("2001:db8:77:1::1", someone)).toBe(true);
    // Another /48, and IPv4 clients, each address its own network, log in.
    for (const from of ["2001:db8:78:1::1", "198.51.100.1", "198.51.100.2"])
      expect((await loginFrom(from)).statusCode).toBe(200);

    // Once a session of the network logs out, the network logs in again.
    const out = await call(inSite(1), "action/logout", { loginid: mine[0] });
    expect(out.statusCode).toBe(200);
    expect((await loginFrom(inSite(6))).statusCode).toBe(200);
    expect((await loginFrom(inSite(7))).statusCode).toBe(429);
  });

  it("lets a /64 at MAX_SESSIONS_PER_KEY in a full network log in again, ending its own oldest session only", async () => {
    const site = (i: number, host = 1) => inSite(i, host).replace(":6:", ":9:");
    const a1 = await loginid(site(1, 1));
    const a2 = await loginid(site(1, 2));
    const b1 = await loginid(site(2));
    expect((await loginFrom(site(3))).statusCode).toBe(429);
    const a3 = await loginid(site(1, 3));
    expect(await alive(site(1), a1)).toBe(false);
    expect([await alive(site(1), a2), await alive(site(1), a3), await alive(site(2), b1)]).toEqual([
      true,
      true,
      true,
    ]);
  });
});
