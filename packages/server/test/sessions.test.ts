import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MemorySessionStore,
  RedisSessionStore,
  type SessionLimits,
  type SessionStore,
  TOUCH_RESOLUTION_MS,
} from "../src/sessions.ts";
import { type RunningService, startRedis } from "./support/services.ts";

const limits: SessionLimits = { idleMs: 30 * 60_000, maxMs: 12 * 3_600_000 };
const fields = {
  ownerId: "issuer|alice",
  connector: "essbase" as const,
  providerAddress: "https://demo.qibates.local/aps/JAPI",
  provider: "embedded",
  username: "demo",
};

let redis: RunningService;
const clients: Redis[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await redis.stop();
});

function redisClient(): Redis {
  const c = new Redis(redis.url);
  clients.push(c);
  return c;
}

// The same behaviour from both stores; the clock is injected so timeouts are tested without waiting.
describe.each([
  { name: "memory", make: (now: () => number): SessionStore => new MemorySessionStore(limits, now) },
  {
    name: "Redis",
    make: (now: () => number): SessionStore => new RedisSessionStore(redisClient(), limits, now),
  },
])("sessions in $name", ({ make }) => {
  it("issues unguessable ids of 128 random bits and never stores a password", async () => {
    const store = make(Date.now);
    const a = await store.create(fields);
    const b = await store.create(fields);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(a.id).not.toBe(b.id);
    expect(JSON.stringify(a)).not.toMatch(/password/i);
  });

  it("ends a session after the idle time, and keeps it alive while used", async () => {
    let t = 1_000_000;
    const store = make(() => t);
    const s = await store.create(fields);
    t += limits.idleMs - 1000;
    expect(await store.touch(s.id)).not.toBeNull();
    t += limits.idleMs - 1000;
    expect(await store.touch(s.id)).not.toBeNull();
    t += limits.idleMs + 1;
    expect(await store.touch(s.id)).toBeNull();
  });

  it("keeps a session alive for its owner's calls only: another owner's call with its loginid restarts nothing", async () => {
    let t = 2_000_000;
    const store = make(() => t);
    const s = await store.create(fields);
    t += limits.idleMs - 5000;
    expect((await store.touch(s.id, "someone-else"))?.ownerId).toBe(fields.ownerId);
    t += 5001;
    expect(await store.touch(s.id, fields.ownerId)).toBeNull();
  });

  it("ends a session at its absolute lifetime however busy it is", async () => {
    let t = 5_000_000;
    const store = make(() => t);
    const s = await store.create(fields);
    while (t < 5_000_000 + limits.maxMs - 10 * 60_000) {
      t += 10 * 60_000;
      expect(await store.touch(s.id)).not.toBeNull();
    }
    t = 5_000_000 + limits.maxMs;
    expect(await store.touch(s.id)).toBeNull();
  });

  it("a call that ends after its session was logged out does not bring it back", async () => {
    const store = make(Date.now);
    const s = await store.create(fields);
    const end = store.callStarted(s);
    expect(await store.delete(s.id)).toBe(true);
    await end();
    expect(await store.touch(s.id)).toBeNull();
  });

  it("ends a session at logout", async () => {
    const store = make(Date.now);
    const s = await store.create(fields);
    expect(await store.delete(s.id)).toBe(true);
    expect(await store.touch(s.id)).toBeNull();
    expect(await store.delete(s.id)).toBe(false);
  });

  it("ends an owner's oldest sessions beyond the number kept, and no one else's", async () => {
    let t = 9_000_000;
    const store = make(() => t);
    const owner = `issuer|cap-${Math.random()}`;
    const made = [];
    for (let i = 0; i < 4; i++) {
      t += 1000;
      made.push(await store.create({ ...fields, ownerId: owner }));
    }
    const other = await store.create({ ...fields, ownerId: `${owner}-other` });
    await store.delete(made[1]?.id ?? "");
    const ended = await store.endOldest(owner, 2);
    expect(ended.map((r) => r.id)).toEqual([made[0]?.id]);
    expect(await store.touch(made[0]?.id ?? "")).toBeNull();
    for (const kept of [made[2], made[3], other]) expect(await store.touch(kept?.id ?? "")).not.toBeNull();
    expect(await store.endOldest(owner, 2)).toEqual([]);
  });

  it("keeps per-session choices such as the alias table", async () => {
    const store = make(Date.now);
    const s = await store.create(fields);
    await store.update(s.id, { aliasTable: "Long Names" });
    expect((await store.touch(s.id))?.aliasTable).toBe("Long Names");
  });
});

// Redis expires its keys in real time: its own test is below.
describe("sessions in memory", () => {
  it("never ends a session while a call of it runs, and counts its idle time from the call's end", async () => {
    let t = 3_000_000;
    const store = new MemorySessionStore(limits, () => t);
    const s = await store.create(fields);
    const other = await store.create(fields);
    const end = store.callStarted(s);
    // Three idle times into the call (a calculation waiting on its server).
    t += 3 * limits.idleMs;
    expect(await store.alive(s.id)).toBe(true);
    expect(await store.alive(other.id)).toBe(false);
    await end();
    t += limits.idleMs - 1000;
    expect(await store.alive(s.id)).toBe(true);
    t += 2000;
    expect(await store.touch(s.id)).toBeNull();
  });
});

describe("Redis sessions across API server restarts and nodes", () => {
  it("a session created by one node is live on another, and after the first restarts", async () => {
    const nodeA = new RedisSessionStore(redisClient(), limits);
    const s = await nodeA.create(fields);
    await nodeA.close();
    const nodeB = new RedisSessionStore(redisClient(), limits);
    expect((await nodeB.touch(s.id))?.ownerId).toBe("issuer|alice");
    const nodeARestarted = new RedisSessionStore(redisClient(), limits);
    expect(await nodeARestarted.touch(s.id)).not.toBeNull();
    expect(await nodeARestarted.delete(s.id)).toBe(true);
    expect(await nodeB.touch(s.id)).toBeNull();
  });

  it("a substitution variable one node records on a session is read by another, and goes with the session", async () => {
    const nodeA = new RedisSessionStore(redisClient(), limits);
    const nodeB = new RedisSessionStore(redisClient(), limits);
    const s = await nodeA.create(fields);
    const variable = {
      server: "EssbaseCluster-1",
      application: "Sample",
      cube: "Basic",
      name: "CurrMonth",
      value: "Aug",
    };
    await nodeA.update(s.id, { variables: [variable] });
    expect((await nodeB.touch(s.id))?.variables).toEqual([variable]);
    expect(await nodeB.delete(s.id)).toBe(true);
    expect(await nodeA.touch(s.id)).toBeNull();
  });

  it("restarts a session's idle timer at most once a second: calls in between only read it", async () => {
    let t = 5_000_000;
    const store = new RedisSessionStore(redisClient(), limits, () => t);
    const s = await store.create(fields);
    const watcher = redisClient();
    const stored = async () => JSON.parse((await watcher.get(`qibates:session:${s.id}`)) ?? "null");
    t += TOUCH_RESOLUTION_MS - 1;
    expect((await store.touch(s.id))?.lastSeenAt).toBe(s.lastSeenAt);
    expect((await stored()).lastSeenAt).toBe(s.lastSeenAt);
    t += 1;
    expect((await store.touch(s.id))?.lastSeenAt).toBe(t);
    expect((await stored()).lastSeenAt).toBe(t);
    expect(await watcher.pttl(`qibates:session:${s.id}`)).toBeGreaterThan(limits.idleMs - 5_000);
    // It stays live for the idle time after that restart.
    t += limits.idleMs - 1;
    expect(await store.touch(s.id)).not.toBeNull();
  });

  it("keeps a session in Redis while a call of it runs on one node, for every node, and from the call's end", async () => {
    // Real time here: Redis itself expires the key after the idle time (1.2 s).
    const short = { idleMs: 1200, maxMs: 60_000 };
    const nodeA = new RedisSessionStore(redisClient(), short);
    const nodeB = new RedisSessionStore(redisClient(), short);
    const s = await nodeA.create(fields);
    const end = nodeA.callStarted(s);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await nodeB.alive(s.id)).toBe(true);
    await end();
    await new Promise((r) => setTimeout(r, 500));
    expect(await nodeB.alive(s.id)).toBe(true);
    await new Promise((r) => setTimeout(r, 1300));
    expect(await nodeB.alive(s.id)).toBe(false);
  });

  it("lets Redis expire an idle session by itself", async () => {
    const store = new RedisSessionStore(redisClient(), { idleMs: 200, maxMs: 60_000 });
    const s = await store.create(fields);
    await new Promise((r) => setTimeout(r, 400));
    const raw = await redisClient().get(`qibates:session:${s.id}`);
    expect(raw).toBeNull();
  });
});
