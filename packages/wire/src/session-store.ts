import { randomBytes } from "node:crypto";

export interface SessionLimits {
  /** A session unused this long ends. */
  idleMs: number;
  /** At most this many sessions at once; a new one ends the least recently used. */
  max: number;
  now?: () => number;
  /** A new session's id (default: 24 random bytes, base64url). */
  newId?: () => string;
}

/**
 * A wire endpoint's sessions, in memory: found by id, sliding on each use, ended on demand, by idleness or,
 * beyond the cap, least recently used first.
 */
export class SessionStore<T extends { readonly id: string; lastUsed: number }> {
  private readonly sessions = new Map<string, T>();
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(private readonly limits: SessionLimits) {
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
      this.sessions.delete(id);
      return null;
    }
    s.lastUsed = now;
    // Map order is the order of last use: the first entry is the least recently used.
    this.sessions.delete(id);
    this.sessions.set(id, s);
    return s;
  }

  /** A new session, from its id and the time it starts. */
  add(make: (id: string, now: number) => T): T {
    this.sweep();
    while (this.sessions.size >= this.limits.max) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
    const s = make(this.newId(), this.now());
    this.sessions.set(s.id, s);
    return s;
  }

  /** The live sessions (not touched: listing them does not slide them). */
  *live(): IterableIterator<T> {
    const now = this.now();
    for (const s of this.sessions.values()) if (now - s.lastUsed <= this.limits.idleMs) yield s;
  }

  end(id: string): T | null {
    const s = this.sessions.get(id) ?? null;
    this.sessions.delete(id);
    return s;
  }

  /** Ends the sessions idle for too long (the oldest come first in the map). */
  private sweep(): void {
    const now = this.now();
    for (const [id, s] of this.sessions) {
      if (now - s.lastUsed <= this.limits.idleMs) break;
      this.sessions.delete(id);
    }
  }
}
