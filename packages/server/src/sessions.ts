import { randomBytes } from "node:crypto";
import type { Connector, SessionVariable } from "@qibates/provider";
import type { Redis } from "ioredis";
import { ApiError } from "./api-error.ts";

/** What the server remembers of a login. Never the password. */
export interface SessionRecord {
  id: string;
  /** The API key owner that logged in: a loginid is valid for this owner only. */
  ownerId: string;
  /**
   * The API key that logged in: revoking or deleting it ends the session (`endKey`), whichever of the owner's keys
   * would use it next.
   */
  keyId?: number;
  /**
   * Whose sessions this one counts among for `MAX_SESSIONS_PER_KEY` (`endOldest`): the owner, except for the
   * public demo key, shared by everyone, where it is the owner at one client address, so that one address's
   * logins never end another's sessions.
   */
  capGroup?: string;
  /**
   * The client network of a session of the public demo key (`sessionNetwork`: an IPv6 client's /48, an IPv4
   * address), whose sessions together are bounded at login ({@link NetworkBound}).
   */
  network?: string;
  /**
   * The client of a session of the public demo key: its IPv4 address, its IPv6 /64 network (`limitAddress`). The
   * embedded engine counts one visitor's sessions together in its job queue (`QIBATES_JOBS_PER_USER`).
   */
  visitor?: string;
  connector: Connector;
  providerAddress: string;
  /** The id of the provider that serves the session (`embedded` for the demo addresses). */
  provider: string;
  username: string;
  /** Active alias table (planning `setalias`), per session. */
  aliasTable?: string;
  /** What the provider's login answered to find its upstream session (a server connector's cookies). */
  providerHandle?: string;
  /**
   * Substitution variables the session set for itself (the demo's `action/setvariable`): kept with the
   * session, so that every API node sees them, and gone with it at logout or expiry.
   */
  variables?: SessionVariable[];
  createdAt: number;
  lastSeenAt: number;
  /** Absolute end of the session (epoch ms), whatever its use. */
  expiresAt: number;
}

/** Ends what `SessionStore.callStarted` began; never throws (a store out of reach leaves the session as it was). */
export type CallEnd = () => Promise<void>;

/** What a login gives; the store adds the id and the times. */
export type NewSession = Omit<SessionRecord, "id" | "createdAt" | "lastSeenAt" | "expiresAt">;

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

/**
 * The bounds of a login of the public demo key, which anyone may use: the sessions of one client network
 * (`network`, all its /64s together for IPv6) at most `perNetwork`, and those of all networks at most `total`.
 * Past either, the login is refused ({@link NetworkSessionsRefused}) and no session is ended to make room. A cap
 * group at its own cap (`perGroup`, `MAX_SESSIONS_PER_KEY`) makes room itself, its oldest session ending
 * (`endOldest`): it then counts one session less.
 */
export interface NetworkBound {
  network: string;
  perNetwork: number;
  total: number;
  perGroup: number;
}

/** The sessions of the public demo key all networks together may hold at once (`NetworkBound.total`). */
export const DEMO_SESSIONS_TOTAL = 10_000;

/**
 * A login refused by a {@link NetworkBound}: `429 QB_ERR_RATE_LIMITED`, retried in `seconds` (when the first of
 * the sessions counted ends if it is left unused), said in the message and in `Retry-After`.
 */
export function networkSessionsRefused(seconds: number): ApiError {
  return new ApiError("QB_ERR_RATE_LIMITED", { seconds });
}

/** Seconds from `now` to `end`, at least 1: when to retry a refused login. */
const retrySeconds = (end: number, now: number): number => Math.max(1, Math.ceil((end - now) / 1000));

/** When a session ends if it is left unused: at the end of its idle time, or of its lifetime if sooner. */
function unusedEnd(r: Pick<SessionRecord, "lastSeenAt" | "expiresAt">, limits: SessionLimits): number {
  return Math.min(r.lastSeenAt + limits.idleMs, r.expiresAt);
}

/** Where sessions live: memory for one node, Redis so that several API nodes share them. */
export interface SessionStore {
  readonly kind: "memory" | "redis";
  /**
   * A new session. With `bound` (a login of the public demo key), refused with `429 QB_ERR_RATE_LIMITED` when
   * its network, or all bounded networks together, hold as many sessions as the bound allows; checked and made
   * at once, so that logins sent together never get past it.
   */
  create(fields: NewSession, bound?: NetworkBound): Promise<SessionRecord>;
  /**
   * The live session; null when unknown, idle too long or past its lifetime. Its idle timer is restarted only
   * when `ownerId` (the caller's) owns it, or is left out: a call with another owner's loginid keeps nothing alive.
   */
  touch(id: string, ownerId?: string | null): Promise<SessionRecord | null>;
  /**
   * Marks a call of the session (its owner's, once `touch` found it live) as running: the session does not idle
   * out while it runs, whatever its length (its absolute lifetime still ends it). The answer is called when the
   * call ends, whatever its outcome, and restarts the idle timer then: the idle time counts from the end of the
   * session's last call.
   */
  callStarted(session: SessionRecord): CallEnd;
  update(
    id: string,
    patch: Partial<Pick<SessionRecord, "aliasTable" | "variables" | "providerHandle">>,
  ): Promise<void>;
  delete(id: string): Promise<boolean>;
  /** Whether the session lives, without restarting its idle timer. */
  alive(id: string): Promise<boolean>;
  /**
   * Ends the oldest live sessions of a cap group (an owner, or the demo key's owner at one address) beyond
   * the `keep` newest, and answers them (their provider sessions are for the caller to end).
   */
  endOldest(capGroup: string, keep: number): Promise<SessionRecord[]>;
  /**
   * Ends every live session the API key `keyId` opened, for every node at once (they all read this store), and
   * answers them (their provider sessions are for the caller to end).
   */
  endKey(keyId: number): Promise<SessionRecord[]>;
  close(): Promise<void>;
}

/**
 * 128 random bits written in the 8-4-4-4-12 hexadecimal shape of a UUID (all 128 bits random, unlike a
 * version-4 UUID's 122), the `loginid` format of the contract.
 */
export function newSessionId(): string {
  const h = randomBytes(16).toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** How often a session in Redis has its idle timer restarted, at most (ms). */
export const TOUCH_RESOLUTION_MS = 1000;

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function newRecord(fields: NewSession, t: number, limits: SessionLimits): SessionRecord {
  return { ...fields, id: newSessionId(), createdAt: t, lastSeenAt: t, expiresAt: t + limits.maxMs };
}

/** The group a session counts among for the per-key cap. */
export function capGroupOf(r: Pick<SessionRecord, "ownerId" | "capGroup">): string {
  return r.capGroup ?? r.ownerId;
}

/** Live: within its lifetime, and either a call of it is running (`busy`) or its last one ended within the idle time. */
function isLive(r: SessionRecord, now: number, limits: SessionLimits, busy = false): boolean {
  return now < r.expiresAt && (busy || now - r.lastSeenAt < limits.idleMs);
}

export class MemorySessionStore implements SessionStore {
  readonly kind = "memory";
  private readonly sessions = new Map<string, SessionRecord>();
  /** Each owner's session ids, oldest first. */
  private readonly byOwner = new Map<string, Set<string>>();
  /** The session ids each API key opened. */
  private readonly byKey = new Map<number, Set<string>>();
  /** The session ids of each client network of the demo key (`NetworkBound`), and of all of them. */
  private readonly byNetwork = new Map<string, Set<string>>();
  private readonly bounded = new Set<string>();
  /** How many calls of each session are running: such a session never idles out. */
  private readonly running = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly limits: SessionLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async create(fields: NewSession, bound?: NetworkBound): Promise<SessionRecord> {
    const t = this.now();
    if (bound) this.checkBound(capGroupOf(fields), bound, t);
    const record = newRecord(bound ? { ...fields, network: bound.network } : fields, t, this.limits);
    this.sessions.set(record.id, record);
    const group = capGroupOf(record);
    const owned = this.byOwner.get(group) ?? new Set<string>();
    owned.add(record.id);
    this.byOwner.set(group, owned);
    if (record.keyId !== undefined) {
      const opened = this.byKey.get(record.keyId) ?? new Set<string>();
      opened.add(record.id);
      this.byKey.set(record.keyId, opened);
    }
    if (bound) {
      const inNetwork = this.byNetwork.get(bound.network) ?? new Set<string>();
      inNetwork.add(record.id);
      this.byNetwork.set(bound.network, inNetwork);
      this.bounded.add(record.id);
    }
    return { ...record };
  }

  /** Throws when a new session of `group` in `bound.network` would pass the bound (see {@link NetworkBound}). */
  private checkBound(group: string, bound: NetworkBound, t: number): void {
    const freed = this.liveOf(this.byOwner.get(group), t).length >= bound.perGroup ? 1 : 0;
    for (const [ids, limit] of [
      [this.byNetwork.get(bound.network), bound.perNetwork],
      [this.bounded, bound.total],
    ] as const) {
      // The ids of sessions that ended unseen are dropped only when they would refuse a login.
      if ((ids?.size ?? 0) - freed < limit) continue;
      const live = this.liveOf(ids, t);
      if (live.length - freed < limit) continue;
      // A session whose call runs ends no sooner than its lifetime.
      const first = Math.min(
        ...live.map((r) => (this.running.has(r.id) ? r.expiresAt : unusedEnd(r, this.limits))),
      );
      throw networkSessionsRefused(retrySeconds(first, t));
    }
  }

  /** The live sessions of `ids`; the others are removed. */
  private liveOf(ids: Set<string> | undefined, t: number): SessionRecord[] {
    const live: SessionRecord[] = [];
    for (const id of [...(ids ?? [])]) {
      const r = this.sessions.get(id);
      if (r && this.live(r, t)) live.push(r);
      else if (!this.remove(id)) ids?.delete(id);
    }
    return live;
  }

  async endOldest(capGroup: string, keep: number): Promise<SessionRecord[]> {
    const owned = [...(this.byOwner.get(capGroup) ?? [])];
    const t = this.now();
    const live = owned.filter((id) => {
      const r = this.sessions.get(id);
      if (r && this.live(r, t)) return true;
      this.remove(id);
      return false;
    });
    const ended: SessionRecord[] = [];
    for (const id of live.slice(0, Math.max(0, live.length - keep))) {
      const r = this.sessions.get(id);
      if (r) ended.push({ ...r });
      this.remove(id);
    }
    return ended;
  }

  async endKey(keyId: number): Promise<SessionRecord[]> {
    const t = this.now();
    const ended: SessionRecord[] = [];
    for (const id of [...(this.byKey.get(keyId) ?? [])]) {
      const r = this.sessions.get(id);
      if (r && this.live(r, t)) ended.push({ ...r });
      this.remove(id);
    }
    this.byKey.delete(keyId);
    return ended;
  }

  private live(r: SessionRecord, t: number): boolean {
    return isLive(r, t, this.limits, this.running.has(r.id));
  }

  private remove(id: string): boolean {
    const r = this.sessions.get(id);
    if (!r) return false;
    this.sessions.delete(id);
    const group = capGroupOf(r);
    const owned = this.byOwner.get(group);
    owned?.delete(id);
    if (owned?.size === 0) this.byOwner.delete(group);
    if (r.keyId !== undefined) {
      const opened = this.byKey.get(r.keyId);
      opened?.delete(id);
      if (opened?.size === 0) this.byKey.delete(r.keyId);
    }
    if (r.network !== undefined) {
      const inNetwork = this.byNetwork.get(r.network);
      inNetwork?.delete(id);
      if (inNetwork?.size === 0) this.byNetwork.delete(r.network);
      this.bounded.delete(id);
    }
    return true;
  }

  async alive(id: string): Promise<boolean> {
    const r = this.sessions.get(id);
    return r !== undefined && this.live(r, this.now());
  }

  async touch(id: string, ownerId?: string | null): Promise<SessionRecord | null> {
    const r = this.sessions.get(id);
    if (!r) return null;
    const t = this.now();
    if (!this.live(r, t)) {
      this.remove(id);
      return null;
    }
    if (ownerId !== undefined && ownerId !== r.ownerId) return { ...r };
    r.lastSeenAt = t;
    return { ...r };
  }

  callStarted(session: SessionRecord): CallEnd {
    const id = session.id;
    this.running.set(id, (this.running.get(id) ?? 0) + 1);
    let ended = false;
    return async () => {
      if (ended) return;
      ended = true;
      const left = (this.running.get(id) ?? 1) - 1;
      if (left > 0) this.running.set(id, left);
      else this.running.delete(id);
      // A session deleted meanwhile (logout, the per-key cap) stays deleted.
      const r = this.sessions.get(id);
      if (r) r.lastSeenAt = Math.max(r.lastSeenAt, this.now());
    };
  }

  async update(
    id: string,
    patch: Partial<Pick<SessionRecord, "aliasTable" | "variables" | "providerHandle">>,
  ): Promise<void> {
    const r = this.sessions.get(id);
    if (r) Object.assign(r, patch);
  }

  async delete(id: string): Promise<boolean> {
    return this.remove(id);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.sessions.clear();
    this.byOwner.clear();
    this.byKey.clear();
    this.byNetwork.clear();
    this.bounded.clear();
    this.running.clear();
  }

  private sweep(): void {
    const t = this.now();
    for (const [id, r] of this.sessions) if (!this.live(r, t)) this.remove(id);
  }
}

/**
 * A Redis command's answer; when Redis cannot answer (down, unreachable, out of retries), the call is refused
 * with `503 QB_ERR_SESSION_STORE_UNAVAILABLE` rather than an internal fault.
 */
async function stored<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (e) {
    throw Object.assign(new ApiError("QB_ERR_SESSION_STORE_UNAVAILABLE"), { cause: e });
  }
}

/** Sessions in Redis, one key each, expiring by themselves after the idle time. */
export class RedisSessionStore implements SessionStore {
  readonly kind = "redis";
  /** How often a running call restarts its session's idle timer. */
  private readonly heartbeatMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly limits: SessionLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.heartbeatMs = Math.max(50, Math.floor(limits.idleMs / 3));
  }

  private key(id: string): string {
    return `qibates:session:${id}`;
  }

  /** A sorted set of the session ids of a cap group (`capGroupOf`), scored by creation time. */
  private capGroupKey(capGroup: string): string {
    return `qibates:owner-sessions:${capGroup}`;
  }

  /** A sorted set of the session ids an API key opened, scored by creation time. */
  private keySessionsKey(keyId: number): string {
    return `qibates:key-sessions:${keyId}`;
  }

  /**
   * Sorted sets of the session ids of a client network of the demo key (`NetworkBound`), and of all of them,
   * scored by when each ends if left unused (`unusedEnd`, moved on at each restart of its idle timer).
   */
  private networkKey(network: string): string {
    return `qibates:network-sessions:${network}`;
  }

  private static readonly BOUNDED_KEY = "qibates:network-sessions";

  private ttl(r: SessionRecord, t: number): number {
    return Math.max(1, Math.min(this.limits.idleMs, r.expiresAt - t));
  }

  async create(fields: NewSession, bound?: NetworkBound): Promise<SessionRecord> {
    const t = this.now();
    if (bound) return this.createBounded(fields, bound, t);
    const record = newRecord(fields, t, this.limits);
    const m = this.redis
      .multi()
      .set(this.key(record.id), JSON.stringify(record), "PX", this.ttl(record, t))
      .zadd(this.capGroupKey(capGroupOf(record)), t, record.id)
      .pexpire(this.capGroupKey(capGroupOf(record)), this.limits.maxMs);
    if (record.keyId !== undefined) {
      m.zadd(this.keySessionsKey(record.keyId), t, record.id);
      m.pexpire(this.keySessionsKey(record.keyId), this.limits.maxMs);
    }
    await stored(m.exec());
    return record;
  }

  /**
   * A session of the demo key, its bound checked and the session written in one script, so that logins sent
   * together to any API node never pass it. The ids of sessions that ended by themselves are dropped first.
   */
  private async createBounded(fields: NewSession, bound: NetworkBound, t: number): Promise<SessionRecord> {
    const record = newRecord({ ...fields, network: bound.network }, t, this.limits);
    const refusedUntil = await stored(
      this.redis.eval(
        CREATE_BOUNDED,
        4,
        this.key(record.id),
        this.capGroupKey(capGroupOf(record)),
        this.networkKey(bound.network),
        RedisSessionStore.BOUNDED_KEY,
        t,
        bound.perNetwork,
        bound.total,
        bound.perGroup,
        JSON.stringify(record),
        this.ttl(record, t),
        record.id,
        unusedEnd(record, this.limits),
        this.limits.maxMs,
        this.key(""),
      ),
    );
    if (refusedUntil !== null) throw networkSessionsRefused(retrySeconds(Number(refusedUntil), t));
    if (record.keyId !== undefined) {
      await stored(
        this.redis
          .multi()
          .zadd(this.keySessionsKey(record.keyId), t, record.id)
          .pexpire(this.keySessionsKey(record.keyId), this.limits.maxMs)
          .exec(),
      );
    }
    return record;
  }

  /** Drops ended sessions' ids from their network's sets (`networkKey`). */
  private async leaveNetworks(ended: SessionRecord[]): Promise<void> {
    const bounded = ended.filter((r) => r.network !== undefined);
    if (bounded.length === 0) return;
    const m = this.redis.multi();
    for (const r of bounded) m.zrem(this.networkKey(r.network as string), r.id);
    m.zrem(RedisSessionStore.BOUNDED_KEY, ...bounded.map((r) => r.id));
    await stored(m.exec());
  }

  async endOldest(capGroup: string, keep: number): Promise<SessionRecord[]> {
    const owner = this.capGroupKey(capGroup);
    const ids = await stored(this.redis.zrange(owner, 0, -1));
    if (ids.length <= keep) return [];
    const raws = ids.length > 0 ? await stored(this.redis.mget(...ids.map((id) => this.key(id)))) : [];
    // Sessions Redis expired by itself leave their id behind: dropped here.
    const gone = ids.filter((_, i) => raws[i] === null);
    if (gone.length > 0) await stored(this.redis.zrem(owner, ...gone));
    const live = ids.flatMap((_id, i) => {
      const raw = raws[i];
      return raw ? [JSON.parse(raw) as SessionRecord] : [];
    });
    const ended = live.slice(0, Math.max(0, live.length - keep));
    if (ended.length > 0) {
      await stored(
        this.redis
          .multi()
          .del(...ended.map((r) => this.key(r.id)))
          .zrem(owner, ...ended.map((r) => r.id))
          .exec(),
      );
      await this.leaveNetworks(ended);
    }
    return ended;
  }

  async endKey(keyId: number): Promise<SessionRecord[]> {
    const opened = this.keySessionsKey(keyId);
    const ids = await stored(this.redis.zrange(opened, 0, -1));
    if (ids.length === 0) return [];
    const raws = await stored(this.redis.mget(...ids.map((id) => this.key(id))));
    const ended = raws.flatMap((raw) => (raw ? [JSON.parse(raw) as SessionRecord] : []));
    const m = this.redis
      .multi()
      .del(...ids.map((id) => this.key(id)))
      .del(opened);
    for (const r of ended) m.zrem(this.capGroupKey(capGroupOf(r)), r.id);
    await stored(m.exec());
    await this.leaveNetworks(ended);
    return ended;
  }

  async alive(id: string): Promise<boolean> {
    // Redis drops a session at the end of its idle time or lifetime, whichever comes first.
    return ID_PATTERN.test(id) && (await stored(this.redis.exists(this.key(id)))) === 1;
  }

  async touch(id: string, ownerId?: string | null): Promise<SessionRecord | null> {
    // Restarting the idle timer is a write (and, with an append-only Redis, a disk sync): once a second is
    // enough, so that a busy client's calls cost one read each. The session then ends between the idle time less
    // a second and the idle time after its last call.
    return this.restart(id, ownerId, TOUCH_RESOLUTION_MS);
  }

  /**
   * The live session, its idle timer restarted unless it was less than `minGapMs` ago or `ownerId` (when given)
   * is not its owner's; null when it is gone.
   */
  private async restart(id: string, ownerId: string | null | undefined, minGapMs: number) {
    if (!ID_PATTERN.test(id)) return null;
    const raw = await stored(this.redis.get(this.key(id)));
    if (!raw) return null;
    const r = JSON.parse(raw) as SessionRecord;
    const t = this.now();
    if (!isLive(r, t, this.limits)) {
      await stored(this.redis.del(this.key(id)));
      await this.leaveNetworks([r]);
      return null;
    }
    if (t - r.lastSeenAt < minGapMs) return r;
    if (ownerId !== undefined && ownerId !== r.ownerId) return r;
    r.lastSeenAt = t;
    const m = this.redis.multi().set(this.key(id), JSON.stringify(r), "PX", this.ttl(r, t), "XX");
    // Its network's count keeps it until it can end, the idle time after now.
    if (r.network !== undefined) {
      m.zadd(this.networkKey(r.network), "XX", unusedEnd(r, this.limits), id);
      m.zadd(RedisSessionStore.BOUNDED_KEY, "XX", unusedEnd(r, this.limits), id);
    }
    await stored(m.exec());
    return r;
  }

  /**
   * Redis expires an idle session by itself, and any API node may read it: while a call runs, the node running
   * it restarts the session's idle timer every third of the idle time (a node that stops stops doing so, and
   * the session then ends as an idle one would); when the call ends, once more.
   */
  callStarted(session: SessionRecord): CallEnd {
    let restartedAt = session.lastSeenAt;
    const beat = setInterval(() => {
      this.restart(session.id, undefined, 0)
        .then((r) => {
          if (r) restartedAt = r.lastSeenAt;
        })
        // Redis out of reach: the call goes on; the next call is refused if the store is still gone.
        .catch(() => undefined);
    }, this.heartbeatMs);
    beat.unref();
    let ended = false;
    return async () => {
      if (ended) return;
      ended = true;
      clearInterval(beat);
      // A call within a second of the last restart costs nothing more (the resolution of `touch`).
      if (this.now() - restartedAt < TOUCH_RESOLUTION_MS) return;
      await this.restart(session.id, undefined, TOUCH_RESOLUTION_MS).catch(() => undefined);
    };
  }

  async update(
    id: string,
    patch: Partial<Pick<SessionRecord, "aliasTable" | "variables" | "providerHandle">>,
  ): Promise<void> {
    const raw = await stored(this.redis.get(this.key(id)));
    if (!raw) return;
    const r = { ...(JSON.parse(raw) as SessionRecord), ...patch };
    await stored(this.redis.set(this.key(id), JSON.stringify(r), "KEEPTTL", "XX"));
  }

  async delete(id: string): Promise<boolean> {
    const raw = ID_PATTERN.test(id) ? await stored(this.redis.get(this.key(id))) : null;
    const deleted = (await stored(this.redis.del(this.key(id)))) > 0;
    if (raw) await this.leaveNetworks([JSON.parse(raw) as SessionRecord]);
    return deleted;
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/**
 * `RedisSessionStore.createBounded` in one step. KEYS: the session, its cap group's set, its network's set, the
 * set of all networks' sessions. ARGV: now, perNetwork, total, perGroup, the record, its time to live, its id,
 * when it ends unused, the cap group's time to live, the prefix of session keys. Answers nil once the session is
 * written, or, refused, when the first session counted ends unused (its score).
 */
const CREATE_BOUNDED = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
local inGroup = 0
for _, id in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
  inGroup = inGroup + redis.call('EXISTS', ARGV[10] .. id)
end
local freed = 0
if inGroup >= tonumber(ARGV[4]) then freed = 1 end
for i, limit in ipairs({ tonumber(ARGV[2]), tonumber(ARGV[3]) }) do
  local set = KEYS[i + 2]
  if redis.call('ZCARD', set) - freed >= limit then
    return redis.call('ZRANGE', set, 0, 0, 'WITHSCORES')[2]
  end
end
redis.call('SET', KEYS[1], ARGV[5], 'PX', ARGV[6])
redis.call('ZADD', KEYS[2], now, ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[9])
redis.call('ZADD', KEYS[3], ARGV[8], ARGV[7])
redis.call('PEXPIRE', KEYS[3], ARGV[9])
redis.call('ZADD', KEYS[4], ARGV[8], ARGV[7])
return nil
`;
