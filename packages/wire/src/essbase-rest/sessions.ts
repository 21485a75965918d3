import { randomBytes } from "node:crypto";
import type { CubeRef, ProviderSession } from "@qibates/connectors";
import type { OutlineIndex } from "./outline.ts";
import { defaultPreferences, type GridPreferences } from "./preferences.ts";

/** One Essbase REST session: what `JSESSIONID` stands for. */
export interface WireSession {
  readonly id: string;
  readonly username: string;
  /** The provider session every call of this session is made with. */
  readonly provider: ProviderSession;
  lastUsed: number;
  preferences: GridPreferences;
  /** Active alias table per cube (`app.db`, lower case), set by `setActiveAlias`. */
  readonly activeAlias: Map<string, string>;
  /** Outlines read through the provider, per cube (`app.db`, lower case). */
  readonly outlines: Map<string, Promise<OutlineIndex>>;
  /** Cubes as the provider names them, by the names a call gave (`app\ndb`, lower case). */
  readonly cubes: Map<string, CubeRef>;
}

export interface SessionLimits {
  /** A session unused this long ends. */
  idleMs: number;
  /** At most this many sessions at once; a new one ends the least recently used. */
  max: number;
  now?: () => number;
}

/**
 * The sessions of the endpoint, in memory: created by a Basic login, found by cookie, sliding on each use,
 * ended by `DELETE /session`, by idleness or, beyond the cap, least recently used first.
 */
export class WireSessions {
  private readonly sessions = new Map<string, WireSession>();
  private readonly now: () => number;

  constructor(private readonly limits: SessionLimits) {
    this.now = limits.now ?? Date.now;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The live session of a cookie value, touched; `null` when unknown or expired. */
  find(id: string | undefined): WireSession | null {
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

  create(username: string, provider: (id: string) => ProviderSession): WireSession {
    this.sweep();
    while (this.sessions.size >= this.limits.max) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
    const id = randomBytes(24).toString("base64url");
    const s: WireSession = {
      id,
      username,
      provider: provider(id),
      lastUsed: this.now(),
      preferences: defaultPreferences(),
      activeAlias: new Map(),
      outlines: new Map(),
      cubes: new Map(),
    };
    this.sessions.set(id, s);
    return s;
  }

  end(id: string): WireSession | null {
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
