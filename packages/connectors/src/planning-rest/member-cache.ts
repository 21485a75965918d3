/** What Open Form needs of one member: the Default table's alias, whether a cell on it can take an entry. */
export interface MemberFacts {
  alias: string | null;
  writable: boolean;
}

/** The most members one session keeps (about 150 bytes each): a form's members, not a dimension's. */
export const MEMBER_CACHE_ENTRIES = 10_000;

/**
 * The members a session's forms showed, as read one by one from the server (`GET …/members/{member}`), kept
 * `ttlMs` (as the dimensions read whole are) and at most `max` of them, those used longest ago dropped first:
 * a second form, or the same form on another page member, reads only the members it has not shown yet. A
 * read under way is shared; a failed one is forgotten.
 */
export class MemberCache {
  private readonly entries = new Map<string, { at: number; read: Promise<MemberFacts> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number = MEMBER_CACHE_ENTRIES,
  ) {}

  /** Whether `key` is held and younger than the TTL (nothing read, nothing moved). */
  has(key: string): boolean {
    const held = this.entries.get(key);
    return held !== undefined && Date.now() - held.at < this.ttlMs;
  }

  get(key: string, read: () => Promise<MemberFacts>): Promise<MemberFacts> {
    const held = this.entries.get(key);
    if (held && Date.now() - held.at < this.ttlMs) {
      // Used now: moved to the end of the map's order, the last to be dropped.
      this.entries.delete(key);
      this.entries.set(key, held);
      return held.read;
    }
    const fresh = read();
    this.entries.delete(key);
    this.entries.set(key, { at: Date.now(), read: fresh });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    fresh.catch(() => {
      if (this.entries.get(key)?.read === fresh) this.entries.delete(key);
    });
    return fresh;
  }
}
