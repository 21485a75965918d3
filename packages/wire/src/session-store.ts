import { randomBytes } from "node:crypto";

export interface SessionLimits<T = unknown> {
  /** A session unused this long ends. */
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
  now?: () => number;
  /**
   * Told of each session that ends (logout, idleness, an owner's cap), with whether it was its owner's last
   * (the Essbase REST endpoint then drops a demo visitor's files).
   */
  onEnd?: (session: T, ownerGone: boolean) => void;
  /** A new session's id (default: 24 random bytes, base64url). */
  newId?: () => string;
}

/** No room for another session (`SessionLimits.max`): a wire endpoint answers it in its format, status 503. */
export class SessionsFull extends Error {
  override readonly name = "SessionsFull";
  readonly status = 503;
  constructor() {
    super("Too many sessions are open on this server: try again later.");
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
 * The cap group of a wire session, for the per-user cap (`maxPerOwner`): its user at the client's address. Not
 * who its lists, jobs and files belong to: that is {@link ownerKey}.
 */
export const capGroup = (username: string, address: string): string =>
  `${username.toLowerCase()}\n${address}`;

/**
 * A wire endpoint's sessions, in memory: found by id, sliding on each use, ended on demand, by idleness or,
 * beyond an owner's cap, that owner's least recently used first.
 */
export class SessionStore<T extends { readonly id: string; lastUsed: number }> {
  private readonly sessions = new Map<string, T>();
  /** Each session's owner, and each owner's number of sessions. */
  private readonly ownerOf = new Map<string, string>();
  private readonly counts = new Map<string, number>();
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
    if (now - s.lastUsed > this.limits.idleMs) {
      this.remove(id);
      return null;
    }
    s.lastUsed = now;
    // Map order is the order of last use: the first entry is the least recently used.
    this.sessions.delete(id);
    this.sessions.set(id, s);
    return s;
  }

  /**
   * A new session of the cap group `owner` (see {@link capGroup}), from its id and the time it starts. Beyond the
   * owner's cap, the owner's least recently used session ends; beyond the store's, {@link SessionsFull}.
   */
  add(make: (id: string, now: number) => T, owner = ""): T {
    this.sweep();
    const perOwner = this.limits.maxPerOwner ?? 100;
    if ((this.counts.get(owner) ?? 0) >= perOwner) {
      // Map order is the order of last use: the owner's first entry is its least recently used.
      for (const id of this.sessions.keys()) {
        if (this.ownerOf.get(id) === owner) {
          this.remove(id);
          break;
        }
      }
    }
    if (this.sessions.size >= this.limits.max) throw new SessionsFull();
    const s = make(this.newId(), this.now());
    this.sessions.set(s.id, s);
    this.ownerOf.set(s.id, owner);
    this.counts.set(owner, (this.counts.get(owner) ?? 0) + 1);
    return s;
  }

  private remove(id: string): void {
    const s = this.sessions.get(id);
    if (!s || !this.sessions.delete(id)) return;
    const owner = this.ownerOf.get(id) ?? "";
    this.ownerOf.delete(id);
    const n = (this.counts.get(owner) ?? 1) - 1;
    if (n <= 0) this.counts.delete(owner);
    else this.counts.set(owner, n);
    this.limits.onEnd?.(s, n <= 0);
  }

  /** Ends the sessions idle for too long now (they otherwise end when next looked at). */
  expire(): void {
    this.sweep();
  }

  /** Whether a session of this id lives (not touched). */
  has(id: string): boolean {
    const s = this.sessions.get(id);
    return s !== undefined && this.now() - s.lastUsed <= this.limits.idleMs;
  }

  /** The live sessions (not touched: listing them does not slide them). */
  *live(): IterableIterator<T> {
    const now = this.now();
    for (const s of this.sessions.values()) if (now - s.lastUsed <= this.limits.idleMs) yield s;
  }

  end(id: string): T | null {
    const s = this.sessions.get(id) ?? null;
    this.remove(id);
    return s;
  }

  /** Ends the sessions idle for too long (the oldest come first in the map). */
  private sweep(): void {
    const now = this.now();
    for (const [id, s] of this.sessions) {
      if (now - s.lastUsed <= this.limits.idleMs) break;
      this.remove(id);
    }
  }
}
