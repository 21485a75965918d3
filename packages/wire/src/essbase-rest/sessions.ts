import { defaultPreferences, type GridPreferences } from "@qibates/protocols/essbase-rest";
import { sessionNetwork } from "@qibates/protocols/ip";
import type { CubeRef, ProviderSession } from "@qibates/provider";
import { capGroup, SessionStore } from "../session-store.ts";
import type { OutlineIndex } from "./outline.ts";

/** One Essbase REST session: what `JSESSIONID` stands for. */
export interface WireSession {
  readonly id: string;
  /** Essbase's session number (`SessionAttributes.sessionId`), never the cookie. */
  readonly number: number;
  readonly username: string;
  /** The provider session every call of this session is made with. */
  readonly provider: ProviderSession;
  /** When the session began (ms since the epoch). */
  readonly loginTime: number;
  /** Where the client connected from (its address). */
  readonly source: string;
  lastUsed: number;
  preferences: GridPreferences;
  /** Active alias table per cube (`app.db`, lower case), set by `setActiveAlias`. */
  readonly activeAlias: Map<string, string>;
  /**
   * Outlines read through the provider for this session alone, per cube (`app.db`, lower case): those of a
   * provider that cannot say which sessions see the same outline (`outlineIdentity`).
   */
  readonly outlines: Map<string, Promise<OutlineIndex>>;
  /** Cubes as the provider names them, by the names a call gave (`app\ndb`, lower case). */
  readonly cubes: Map<string, CubeRef>;
  /** The cube this session used last, and when it first used it (for `GET /sessions`). */
  connected: { ref: CubeRef; since: number } | null;
}

/**
 * The sessions of the endpoint: created by a Basic login, found by cookie, ended by `DELETE /session`, by
 * idleness or, beyond the cap, least recently used first.
 */
export class WireSessions extends SessionStore<WireSession> {
  private nextNumber = 1;

  create(username: string, source: string, provider: (id: string) => ProviderSession): WireSession {
    const number = this.nextNumber++;
    return this.add(
      (id, now) => ({
        id,
        number,
        username,
        provider: provider(id),
        loginTime: now,
        source,
        lastUsed: now,
        preferences: defaultPreferences(),
        activeAlias: new Map(),
        outlines: new Map(),
        cubes: new Map(),
        connected: null,
      }),
      capGroup(username, source),
      sessionNetwork(source),
    );
  }
}
