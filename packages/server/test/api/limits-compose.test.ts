import { describe, expect, it } from "vitest";
import { MemorySessionStore, type NewSession } from "../../src/sessions.ts";
import { type App, appForBlock } from "../support/app.ts";
import { apiClientAt } from "../support/wire-login.ts";

/**
 * Two limits on the public demo key's logins meet ("limits that compose"): MAX_SESSIONS_PER_KEY counts
 * one client address and ends its oldest session; DEMO_SESSIONS_PER_NETWORK counts one client network and refuses.
 * On IPv4 the network is the address, so the refusal happens only when DEMO_SESSIONS_PER_NETWORK is below
 * MAX_SESSIONS_PER_KEY: with the defaults (100 and 1,000), a login from an IPv4 address is never refused, it ends
 * the address's oldest session. What the pages said ("refused when the computers of your network already hold
 * 1,000 sessions") happens on IPv6 only (demo-sessions-per-network.test.ts).
 */

const DEMO = "https://demo.qibates.local/aps/JAPI";
const FROM = "198.51.100.7";

/** The demo key's API client of `app`, logging in as the demo user. */
function demoClient(app: () => App) {
  let key = "";
  const demoKey = async () => {
    if (key === "")
      key = (await app().inject({ method: "GET", url: "/qibates/api/v2/health" })).json().demo
        .apiKey as string;
    return key;
  };
  const client = apiClientAt(app, demoKey, DEMO);
  const loginFrom = (from: string) =>
    client.call(from, "action/login", { username: "demo", password: "demo", providerAddress: DEMO });
  return { ...client, loginFrom };
}

describe("the demo key from one IPv4 address: MAX_SESSIONS_PER_KEY 3 below DEMO_SESSIONS_PER_NETWORK 5", () => {
  let app: App;
  appForBlock(
    { MAX_SESSIONS_PER_KEY: "3", DEMO_SESSIONS_PER_NETWORK: "5", RATE_LIMIT_PER_MINUTE: "1000000" },
    (built) => {
      app = built;
    },
  );
  const { loginFrom, alive } = demoClient(() => app);

  it("seven logins from one IPv4 address with MAX_SESSIONS_PER_KEY 3 and DEMO_SESSIONS_PER_NETWORK 5 all succeed; the oldest four end", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await loginFrom(FROM);
      expect(r.statusCode, r.body).toBe(200);
      ids.push(r.json().loginid as string);
    }
    const left = await Promise.all(ids.map((id) => alive(FROM, id)));
    expect(left).toEqual([false, false, false, false, true, true, true]);
  });
});

describe("the demo key from one IPv4 address: DEMO_SESSIONS_PER_NETWORK 2 below MAX_SESSIONS_PER_KEY 3", () => {
  let app: App;
  appForBlock(
    { MAX_SESSIONS_PER_KEY: "3", DEMO_SESSIONS_PER_NETWORK: "2", RATE_LIMIT_PER_MINUTE: "1000000" },
    (built) => {
      app = built;
    },
  );
  const { loginFrom, alive } = demoClient(() => app);

  it("refuses the third login from one IPv4 address when DEMO_SESSIONS_PER_NETWORK is 2, below MAX_SESSIONS_PER_KEY", async () => {
    const first = (await loginFrom(FROM)).json().loginid as string;
    const second = (await loginFrom(FROM)).json().loginid as string;
    const third = await loginFrom(FROM);
    expect([third.statusCode, third.json().code, Number(third.headers["retry-after"]) > 0]).toEqual([
      429,
      "QB_ERR_RATE_LIMITED",
      true,
    ]);
    expect([await alive(FROM, first), await alive(FROM, second)]).toEqual([true, true]);
    // Another IPv4 address is another network.
    expect((await loginFrom("198.51.100.8")).statusCode).toBe(200);
  });
});

describe("the demo key's sessions of every network together (DEMO_SESSIONS_TOTAL)", () => {
  it("refuses a demo login from any network once all networks together hold the total, and ends none", async () => {
    // The store's bound as a demo login gives it, with a total of 3 in place of the fixed 10,000.
    const store = new MemorySessionStore({ idleMs: 60_000, maxMs: 3_600_000 });
    const login = (network: string): [NewSession, Parameters<MemorySessionStore["create"]>[1]] => [
      {
        ownerId: "demo-owner",
        capGroup: `demo-owner@${network}`,
        connector: "essbase",
        providerAddress: DEMO,
        provider: "embedded",
        username: "demo",
      },
      { network, perNetwork: 1000, total: 3, perGroup: 100 },
    ];
    const held = [];
    for (const network of ["198.51.100.1", "198.51.100.2", "2001:db8:1::"])
      held.push(await store.create(...login(network)));
    await expect(store.create(...login("203.0.113.9"))).rejects.toMatchObject({
      code: "QB_ERR_RATE_LIMITED",
      status: 429,
    });
    for (const s of held) expect(await store.touch(s.id)).not.toBeNull();
  });
});
