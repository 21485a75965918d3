import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { limitAddress } from "@qibates/protocols/ip";
import { type ErrorLocale, formatNumber } from "@qibates/provider";

export interface SessionLimits<T = unknown> {
  /**
   * A session ends once this long has passed since the end of its last request; never while one of its
   * requests runs (see {@link SessionStore.requestStarted}).
   */
  idleMs: number;
  /**
   * At most this many sessions at once, all owners together: beyond it a new session is refused
   * (`SessionsFull`, 503), never made by ending someone else's.
   */
  max: number;
  /**
   * At most this many sessions per owner (a user at one client address): a new one beyond it ends that
   * owner's least recently used session, nobody else's. 100 by default.
   */
  maxPerOwner?: number;
  /**
   * At most this many sessions of one client network (`sessionNetwork`: an IPv6 client's /48, an IPv4 address),
   * all its users and /64s together: beyond it a new session is refused (`NetworkSessionsFull`), never made by
   * ending someone else's. Without it, one /56 (256 /64s) could fill the store. No such cap by default.
   */
  maxPerNetwork?: number;
  /**
   * A session ends once this long has passed since it started, however it is used; never while one of its
   * requests runs (it ends when that request has been answered). No such bound by default.
   */
  maxAgeMs?: number;
  now?: () => number;
  /**
   * Told of each session that ends (logout, idleness, an owner's cap), with whether it was its owner's last
   * (the Essbase REST endpoint then drops a demo visitor's files).
   */
  onEnd?: (session: T, ownerGone: boolean) => void;
  /** A new session's id (default: 24 random bytes, base64url). */
  newId?: () => string;
}

/**
 * No room for another session (`SessionLimits.max`): a wire endpoint answers it in its format, status 503, in
 * English or French (`messageIn`).
 */
export class SessionsFull extends Error {
  override readonly name = "SessionsFull";
  readonly status = 503;
  constructor() {
    super(SessionsFull.words("en"));
  }

  /** The message in `locale`. */
  messageIn(locale: ErrorLocale): string {
    return SessionsFull.words(locale);
  }

  private static words(locale: ErrorLocale): string {
    return locale === "fr"
      ? "Trop de sessions sont ouvertes sur ce serveur\u00a0: réessayez plus tard."
      : "Too many sessions are open on this server: try again later.";
  }
}

/**
 * No room for another session of the client's network (`SessionLimits.maxPerNetwork`): 429, answered by each
 * wire endpoint in its format, in English or French (`messageIn`). The network's other sessions are left alone.
 */
export class NetworkSessionsFull extends Error {
  override readonly name = "NetworkSessionsFull";
  readonly code = "NETWORK_SESSIONS_FULL";
  readonly status = 429;
  constructor(
    /** The network, as `sessionNetwork` writes it (`2001:db8:7::/48`, `198.51.100.7`). */
    readonly network: string,
    /** The network's cap. */
    readonly limit: number,
  ) {
    super(NetworkSessionsFull.words(network, limit, "en"));
  }

  /** The message in `locale`. */
  messageIn(locale: ErrorLocale): string {
    return NetworkSessionsFull.words(this.network, this.limit, locale);
  }

  private static words(network: string, limit: number, locale: ErrorLocale): string {
    const n = formatNumber(limit, locale);
    return locale === "fr"
      ? `Votre réseau (${network}) a atteint la limite de ${n}\u00a0sessions ouvertes sur ce serveur\u00a0: fermez les sessions que vous n'utilisez plus, ou réessayez plus tard.`
      : `Your network (${network}) has reached its limit of ${n} open sessions on this server: log out of the sessions you no longer use, or try again later.`;
  }
}

/**
 * Who a session's sessions list, jobs and files belong to: its user, and for a shared account (the public demo
 * user) its client address too, so that one visitor never lists, ends or re-runs another's.
 */
export function ownerKey(
  session: { readonly username: string; readonly source: string },
  shared: (username: string) => boolean,
): string {
  return shared(session.username) ? `${session.username}\n${session.source}` : session.username;
}

/**
 * Whom a session's room and bounds are counted against: the Essbase REST file catalog's files (which it keeps per
 * owner) and the jobs of the embedded engine's queue (`QIBATES_JOBS_PER_USER`). Its user, and for a shared account
 * (the public demo user) the client's address too, an IPv6 client's being its /64 network (`limitAddress`), as
 * the sessions' cap counts it: taking a new address of its network for each session, one client could otherwise
 * fill the whole catalog, or take every place of the job queue. The same group as {@link capGroup} for a shared
 * account, so that its files go with the network's last session.
 */
export function quotaOwnerKey(
  session: { readonly username: string; readonly source: string },
  shared: (username: string) => boolean,
): string {
  return quotaOf(ownerKey(session, shared));
}

/** The {@link quotaOwnerKey} of an {@link ownerKey}: a shared account's visitor's address as `limitAddress` counts it. */
export function quotaOf(owner: string): string {
  const cut = owner.indexOf("\n");
  return cut < 0 ? owner : capGroup(owner.slice(0, cut), owner.slice(cut + 1));
}

/**
 * The cap group of a wire session, for the per-user cap (`maxPerOwner`): its user at the client's address, an
 * IPv6 client's being its /64 network (`limitAddress`: taking a new address of it for each login, one client
 * could fill the store, and every login was then refused). Not who its lists, jobs and files belong to: that is
 * {@link ownerKey}.
 */
export const capGroup = (username: string, address: string): string =>
  `${username.toLowerCase()}\n${limitAddress(address)}`;

/** What ends a request of a session (see {@link SessionStore.requestStarted}); calling it again does nothing. */
export type RequestEnd = () => void;

/**
 * A wire endpoint's sessions, in memory: found by id, sliding on each use, ended on demand, by idleness or,
 * beyond an owner's cap, that owner's least recently used first. A session whose request runs does not idle
 * out, however long the request: its idle time counts from the end of its last request.
 */
export class SessionStore<T extends { readonly id: string; lastUsed: number }> {
  private readonly sessions = new Map<string, T>();
  /** Each session's owner, and each owner's number of sessions. */
  private readonly ownerOf = new Map<string, string>();
  private readonly counts = new Map<string, number>();
  /** Each session's network (`sessionNetwork`), and each network's number of sessions. */
  private readonly networkOf = new Map<string, string>();
  private readonly networkCounts = new Map<string, number>();
  /** When each session started, in the order they started (the oldest first). */
  private readonly started = new Map<string, number>();
  /** How many requests of each session are running: such a session never idles out. */
  private readonly running = new Map<string, number>();
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly limits: SessionLimits<T>) {
    this.now = limits.now ?? Date.now;
    this.newId = limits.newId ?? (() => randomBytes(24).toString("base64url"));
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The live session of an id, touched; `null` when unknown or expired. */
  find(id: string | undefined): T | null {
    if (!id) return null;
    const s = this.sessions.get(id);
    if (!s) return null;
    const now = this.now();
    if (!this.alive(s, now)) {
      this.remove(id);
      return null;
    }
    this.used(s, now);
    return s;
  }

  /**
   * Marks a request of the session as running, until the answer is called (whatever the request's outcome:
   * call it in a `finally` or on the reply's close): meanwhile the session does not idle out, whatever the
   * request's length; when it ends, the idle time starts again. A logout or the owner's cap still ends it.
   */
  requestStarted(s: T): RequestEnd {
    const id = s.id;
    this.running.set(id, (this.running.get(id) ?? 0) + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.running.get(id) ?? 1) - 1;
      if (left > 0) this.running.set(id, left);
      else this.running.delete(id);
      // A session ended meanwhile (logout, the owner's cap) stays ended.
      if (this.sessions.get(id) === s) this.used(s, Math.max(s.lastUsed, this.now()));
    };
  }

  /**
   * Marks a request of the session as running until its answer is sent or its connection closes (the answer
   * may be written after the handler has returned: a streamed one).
   */
  requestRunsUntilAnswered(s: T, res: ServerResponse): void {
    const end = this.requestStarted(s);
    res.once("finish", end);
    res.once("close", end);
  }

  /**
   * Live: a request of it runs, or its last one ended (or it was last looked up) within the idle time and it
   * started within the longest a session lasts.
   */
  private alive(s: T, now: number): boolean {
    if (this.running.has(s.id)) return true;
    return now - s.lastUsed <= this.limits.idleMs && !this.tooOld(s.id, now);
  }

  private tooOld(id: string, now: number): boolean {
    const maxAge = this.limits.maxAgeMs;
    const at = this.started.get(id);
    return maxAge !== undefined && at !== undefined && now - at > maxAge;
  }

  private used(s: T, at: number): void {
    s.lastUsed = at;
    // Map order is the order of last use: the first entry is the least recently used.
    this.sessions.delete(s.id);
    this.sessions.set(s.id, s);
  }

  /**
   * A new session of the cap group `owner` (see {@link capGroup}) from the client network `network` (see
   * `sessionNetwork` of `@qibates/protocols/ip`), from its id and the time it starts. Beyond the owner's cap, the owner's least
   * recently used session ends; beyond the network's cap, {@link NetworkSessionsFull}; beyond the store's,
   * {@link SessionsFull}. A refused session ends none.
   */
  add(make: (id: string, now: number) => T, owner = "", network?: string): T {
    this.sweep();
    const perOwner = this.limits.maxPerOwner ?? 100;
    // The owner's least recently used session makes room for the new one, in its network and in the store.
    const freed = (this.counts.get(owner) ?? 0) >= perOwner ? 1 : 0;
    const perNetwork = this.limits.maxPerNetwork;
    if (
      network !== undefined &&
      perNetwork !== undefined &&
      (this.networkCounts.get(network) ?? 0) - freed >= perNetwork
    )
      throw new NetworkSessionsFull(network, perNetwork);
    if (this.sessions.size - freed >= this.limits.max) throw new SessionsFull();
    if (freed > 0) {
      // Map order is the order of last use: the owner's first entry is its least recently used.
      for (const id of this.sessions.keys()) {
        if (this.ownerOf.get(id) === owner) {
          this.remove(id);
          break;
        }
      }
    }
    const startedAt = this.now();
    const s = make(this.newId(), startedAt);
    this.sessions.set(s.id, s);
    this.started.set(s.id, startedAt);
    this.ownerOf.set(s.id, owner);
    this.counts.set(owner, (this.counts.get(owner) ?? 0) + 1);
    if (network !== undefined) {
      this.networkOf.set(s.id, network);
      this.networkCounts.set(network, (this.networkCounts.get(network) ?? 0) + 1);
    }
    return s;
  }

  private remove(id: string): void {
    const s = this.sessions.get(id);
    if (!s || !this.sessions.delete(id)) return;
    this.started.delete(id);
    const owner = this.ownerOf.get(id) ?? "";
    this.ownerOf.delete(id);
    const n = (this.counts.get(owner) ?? 1) - 1;
    if (n <= 0) this.counts.delete(owner);
    else this.counts.set(owner, n);
    const network = this.networkOf.get(id);
    if (network !== undefined) {
      this.networkOf.delete(id);
      const left = (this.networkCounts.get(network) ?? 1) - 1;
      if (left <= 0) this.networkCounts.delete(network);
      else this.networkCounts.set(network, left);
    }
    this.limits.onEnd?.(s, n <= 0);
  }

  /** Ends the sessions idle for too long now, none whose request runs (they otherwise end when next looked at). */
  expire(): void {
    this.sweep();
  }

  /** Whether a session of this id lives (not touched). */
  has(id: string): boolean {
    const s = this.sessions.get(id);
    return s !== undefined && this.alive(s, this.now());
  }

  /** The live sessions (not touched: listing them does not slide them). */
  *live(): IterableIterator<T> {
    const now = this.now();
    for (const s of this.sessions.values()) if (this.alive(s, now)) yield s;
  }

  end(id: string): T | null {
    const s = this.sessions.get(id) ?? null;
    this.remove(id);
    return s;
  }

  /**
   * Ends the sessions idle for too long (the least recently used come first in the map), then those past the
   * longest a session lasts (the first started come first); one whose request runs is kept.
   */
  private sweep(): void {
    const now = this.now();
    for (const [id, s] of this.sessions) {
      if (this.running.has(id)) continue;
      if (now - s.lastUsed <= this.limits.idleMs) break;
      this.remove(id);
    }
    if (this.limits.maxAgeMs === undefined) return;
    for (const id of this.started.keys()) {
      if (!this.tooOld(id, now)) break;
      if (!this.running.has(id)) this.remove(id);
    }
  }
}
