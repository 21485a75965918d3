import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../src/api-error.ts";
import {
  MemorySessionStore,
  type NetworkBound,
  RedisSessionStore,
  type SessionStore,
} from "../src/sessions.ts";
import { type RunningService, startRedis } from "./support/services.ts";

/**
 * The bound of the public demo key's sessions at login, in both stores: per client network, then all networks
 * together; a refused login says when to retry and ends nobody's session. Through Redis, logins sent together
 * from several API nodes never get past it.
 */

const IDLE_MS = 30 * 60_000;
const demoLogin = (capGroup: string) => ({
  ownerId: "demo-owner",
  capGroup,
  connector: "essbase" as const,
  providerAddress: "https://demo.qibates.local/aps/JAPI",
  provider: "embedded",
  username: "demo",
});
const bound = (network: string, over: Partial<NetworkBound> = {}): NetworkBound => ({
  network,
  perNetwork: 3,
  total: 5,
  perGroup: 100,
  ...over,
});
/** What `create` gives: the session's id, or the refusal's status and seconds to wait. */
const attempt = (store: SessionStore, group: string, b: NetworkBound) =>
  store.create(demoLogin(group), b).then(
    (r) => r.id,
    (e: ApiError) => ({ status: e.status, code: e.code, seconds: e.params.seconds }),
  );

let redis: RunningService;
const stores: SessionStore[] = [];
beforeAll(async () => {
  redis = await startRedis();
}, 60_000);
afterAll(async () => {
  for (const s of stores) await s.close();
  await redis?.stop();
});

describe.each([
  {
    name: "memory",
    make: (now: () => number) => new MemorySessionStore({ idleMs: IDLE_MS, maxMs: 12 * 3_600_000 }, now),
  },
  {
    name: "Redis",
    make: (now: () => number) =>
      new RedisSessionStore(new Redis(redis.url), { idleMs: IDLE_MS, maxMs: 12 * 3_600_000 }, now),
  },
])("the demo key's sessions in $name", ({ name, make }) => {
  const store = (now: () => number) => {
    const s = make(now);
    stores.push(s);
    return s;
  };

  it("refuses past a network's bound and past the total, with the seconds until the first counted session idles out", async () => {
    let t = 10_000_000;
    const s = store(() => t);
    const net = `2001:db8:${name.length}::/48`;
    for (let i = 0; i < 3; i++) {
      expect(typeof (await attempt(s, `g${i}`, bound(net)))).toBe("string");
      t += 60_000;
    }
    // The first session ends unused 30 min after it was made, 3 min ago.
    expect(await attempt(s, "g9", bound(net))).toEqual({
      status: 429,
      code: "QB_ERR_RATE_LIMITED",
      seconds: 27 * 60,
    });
    // Other networks fill the total (5), past which every network is refused, that of a new visitor too.
    expect(typeof (await attempt(s, "h", bound(`198.51.100.${name.length}`)))).toBe("string");
    expect(typeof (await attempt(s, "i", bound("2001:db8:aa::/48")))).toBe("string");
    expect(await attempt(s, "j", bound("2001:db8:bb::/48"))).toMatchObject({ status: 429, seconds: 27 * 60 });
    // Once the first session idles out, there is room again.
    t += 27 * 60_000;
    expect(typeof (await attempt(s, "j", bound("2001:db8:bb::/48")))).toBe("string");
  });

  it("frees no room by ending a session, and counts a group at its own cap one session less", async () => {
    const s = store(Date.now);
    const net = `2001:db8:${name.length}:1::/48`;
    const b = bound(net, { perGroup: 2, total: 100 });
    const a1 = await attempt(s, "a", b);
    const a2 = await attempt(s, "a", b);
    const c1 = await attempt(s, "c", b);
    expect(await attempt(s, "d", b)).toMatchObject({ status: 429 });
    for (const id of [a1, a2, c1]) expect(await s.alive(id as string)).toBe(true);
    // Group a is at its cap: its login comes in, its oldest session to be ended (endOldest), by the caller.
    expect(typeof (await attempt(s, "a", b))).toBe("string");
    expect((await s.endOldest("a", 2)).map((r) => r.id)).toEqual([a1]);
    // A logout makes room.
    await s.delete(c1 as string);
    expect(typeof (await attempt(s, "d", b))).toBe("string");
  });
});

describe("the demo key's sessions through Redis, on two API nodes at once", () => {
  it("let no more than the bound in when 40 logins from one network arrive together", async () => {
    const nodes = [0, 1].map(
      () => new RedisSessionStore(new Redis(redis.url), { idleMs: IDLE_MS, maxMs: 3_600_000 }),
    );
    stores.push(...nodes);
    const b = bound("2001:db8:cc::/48", { perNetwork: 7, total: 10_000 });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(nodes[i % 2] as SessionStore, `g${i}`, b)),
    );
    expect(results.filter((r) => typeof r === "string")).toHaveLength(7);
    expect(results.filter((r) => typeof r !== "string")).toHaveLength(33);
  });
});
