/**
 * Which provider sessions of the wire endpoints still live, for the demo's own views (`SessionViews`): a demo
 * user's writes through a wire endpoint land in a view of its own, dropped once its wire session has ended.
 * Each endpoint registers how it tells; the server asks {@link wireSessionAlive} for the ids its API sessions
 * do not know.
 */
const checks = new Set<(providerSessionId: string) => boolean>();

/** Registers an endpoint's check; answers the function that removes it (when the endpoint closes). */
export function registerLiveSessions(alive: (providerSessionId: string) => boolean): () => void {
  checks.add(alive);
  return () => checks.delete(alive);
}

/** Whether a wire endpoint of this process still has the provider session `id`. */
export function wireSessionAlive(id: string): boolean {
  for (const alive of checks) if (alive(id)) return true;
  return false;
}

/**
 * Provider sessions of calls that carry no session of their own (Basic on every call: Planning REST, an XMLA
 * request without session headers): one per user at one client address, alive while used within `idleMs`.
 */
export class CallerSessions {
  private readonly lastUsed = new Map<string, number>();
  constructor(
    private readonly prefix: string,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The provider session id of `username` calling from `address`, its use noted. */
  id(username: string, address: string): string {
    const id = `${this.prefix}:${username.toLowerCase()}@${address}`;
    const t = this.now();
    // Map order is the order of last use: the first entries are the oldest.
    this.lastUsed.delete(id);
    this.lastUsed.set(id, t);
    for (const [old, at] of this.lastUsed) {
      if (t - at < this.idleMs) break;
      this.lastUsed.delete(old);
    }
    return id;
  }

  alive(id: string): boolean {
    const at = this.lastUsed.get(id);
    return at !== undefined && this.now() - at < this.idleMs;
  }
}
