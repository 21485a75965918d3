import { describe, expect, it } from "vitest";
import { type App, appForBlock } from "../support/app.ts";
import {
  apiClientAt,
  basicAuth as basic,
  essbaseRestCookie,
  essbaseRestFrom,
} from "../support/wire-login.ts";

/**
 * The limits counted per client address count an IPv6 client by its /64 network, which one machine or one
 * subscriber holds whole: taking a new address of it for each call passed the rate limit and the failed-login
 * limit without end (each address had its own budget).
 */

const inNetwork = (i: number) => `2001:db8:7:42::${(i + 1).toString(16)}`;

describe("per-address limits with IPv6 clients", () => {
  let app: App;
  appForBlock(
    {
      QIBATES_WIRE_ENDPOINTS: "essbase-rest",
      RATE_LIMIT_PER_MINUTE: "5",
      WIRE_LOGIN_FAILURES_PER_MINUTE: "3",
    },
    (built) => {
      app = built;
    },
  );

  const health = (from: string) =>
    app.inject({ method: "GET", url: "/qibates/api/v2/listkeys", remoteAddress: from });
  const essbase = (from: string, authorization: string) => essbaseRestFrom(app, from, authorization);

  it("refuse calls past RATE_LIMIT_PER_MINUTE from one /64, whichever of its addresses they come from", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await health(inNetwork(i))).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Another /64, and an IPv4 client, keep their own budget.
    expect((await health("2001:db8:7:43::1")).statusCode).toBe(401);
    expect((await health("198.51.100.20")).statusCode).toBe(401);
  });

  it("hold back wrong passwords past WIRE_LOGIN_FAILURES_PER_MINUTE from one /64", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await essbase(`2001:db8:9:1:${i}::1`, basic("demo", `guess${i}`))).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    // The right password from another network still logs in.
    expect((await essbase("2001:db8:9:2::1", basic("demo", "demo"))).statusCode).toBe(200);
  });
});

describe("the per-user cap of protocol sessions with IPv6 clients", () => {
  let app: App;
  appForBlock({ QIBATES_WIRE_ENDPOINTS: "essbase-rest", RATE_LIMIT_PER_MINUTE: "1000000" }, (built) => {
    app = built;
  });

  const login = (from: string) => essbaseRestCookie(app, from);
  const alive = async (from: string, cookie: string) =>
    (
      await app.inject({
        method: "GET",
        url: "/essbase/rest/v1/session",
        remoteAddress: from,
        headers: { cookie },
      })
    ).statusCode === 200;

  it("holds 100 sessions of one user per /64: a new address of it ends the oldest, another network's stay", async () => {
    const other = await login("2001:db8:7:99::1");
    const cookies: string[] = [];
    for (let i = 0; i < 101; i++) cookies.push(await login(inNetwork(i)));
    // The 101st login from the network ended its first session, wherever in the network it came from.
    expect(await alive(inNetwork(0), cookies[0] as string)).toBe(false);
    expect(await alive(inNetwork(1), cookies[1] as string)).toBe(true);
    expect(await alive(inNetwork(100), cookies[100] as string)).toBe(true);
    expect(await alive("2001:db8:7:99::1", other)).toBe(true);
  });
});

describe("the demo key's sessions with IPv6 clients", () => {
  let app: App;
  let key = "";
  appForBlock({ MAX_SESSIONS_PER_KEY: "2", RATE_LIMIT_PER_MINUTE: "1000000" }, (built) => {
    app = built;
  });

  const { login, alive } = apiClientAt(
    () => app,
    async () => {
      if (key === "")
        key = (await app.inject({ method: "GET", url: "/qibates/api/v2/health" })).json().demo
          .apiKey as string;
      return key;
    },
    "https://demo.qibates.local/aps/JAPI",
  );

  it("count MAX_SESSIONS_PER_KEY per /64: a new address of it ends the network's oldest session", async () => {
    const someone = await login("2001:db8:7:99::1");
    const mine: string[] = [];
    for (let i = 0; i < 4; i++) mine.push(await login(inNetwork(i)));
    expect(await Promise.all(mine.map((id, i) => alive(inNetwork(i), id)))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(await alive("2001:db8:7:99::1", someone)).toBe(true);
  });
});
