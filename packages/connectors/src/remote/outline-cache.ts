/** How long an outline read from a server is reused within one upstream session, unless a provider is told. */
export const OUTLINE_TTL_MS = 10 * 60_000;

/**
 * What one upstream session read from its server and reuses for `ttlMs` (a cube's outline, a dimension's
 * members): callers asking while a read is under way share it; a failed read is forgotten, so the next call
 * reads again.
 */
export class OutlineCache<T> {
  private readonly entries = new Map<string, { at: number; read: Promise<T> }>();

  constructor(private readonly ttlMs: number = OUTLINE_TTL_MS) {}

  /** The read kept under `key` while it is younger than the TTL, else `read()`'s, kept from now. */
  get(key: string, read: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.read;
    const fresh = read();
    this.entries.set(key, { at: Date.now(), read: fresh });
    fresh.catch(() => this.entries.delete(key));
    return fresh;
  }
}
