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
 * request without session headers): one per user at one client address, alive while one of its requests runs
 * and for `idleMs` after the end of the last one.
 */
export class CallerSessions {
  private readonly lastUsed = new Map<string, number>();
  /** Requests running per session id. */
  private readonly running = new Map<string, number>();
  constructor(
    private readonly prefix: string,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The provider session id of `username` calling from `address`, its use noted. */
  id(username: string, address: string): string {
    const id = `${this.prefix}:${username.toLowerCase()}@${address}`;
    this.used(id);
    return id;
  }

  /**
   * Holds session `id` alive while `answer` is being answered: its idle time counts from the moment the answer
   * ends (is sent, or its connection closes), not from the moment the request arrived.
   */
  runsUntilAnswered(id: string, answer: { once(event: "close", listener: () => void): unknown }): void {
    this.running.set(id, (this.running.get(id) ?? 0) + 1);
    answer.once("close", () => {
      const left = (this.running.get(id) ?? 1) - 1;
      if (left > 0) this.running.set(id, left);
      else this.running.delete(id);
      this.used(id);
    });
  }

  alive(id: string): boolean {
    if (this.running.has(id)) return true;
    const at = this.lastUsed.get(id);
    return at !== undefined && this.now() - at < this.idleMs;
  }

  private used(id: string): void {
    const t = this.now();
    // Map order is the order of last use: the first entries are the oldest.
    this.lastUsed.delete(id);
    this.lastUsed.set(id, t);
    for (const [old, at] of this.lastUsed) {
      if (t - at < this.idleMs) break;
      if (!this.running.has(old)) this.lastUsed.delete(old);
    }
  }
}
