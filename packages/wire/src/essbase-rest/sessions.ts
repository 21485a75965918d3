import type { CubeRef, ProviderSession } from "@qibates/connectors";
import { SessionStore } from "../session-store.ts";
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

/**
 * The sessions of the endpoint: created by a Basic login, found by cookie, ended by `DELETE /session`, by
 * idleness or, beyond the cap, least recently used first.
 */
export class WireSessions extends SessionStore<WireSession> {
  create(username: string, provider: (id: string) => ProviderSession): WireSession {
    return this.add((id, now) => ({
      id,
      username,
      provider: provider(id),
      lastUsed: now,
      preferences: defaultPreferences(),
      activeAlias: new Map(),
      outlines: new Map(),
      cubes: new Map(),
    }));
  }
}
