import type { CallContext } from "@qibates/provider";
import { shareAcrossCalls, type UpstreamCall } from "../net/upstream.ts";

/** How long an outline read from a server is reused within one upstream session, unless a provider is told. */
export const OUTLINE_TTL_MS = 10 * 60_000;

/**
 * What one upstream session read from its server and reuses for `ttlMs` (a cube's outline, a dimension's
 * members): callers asking while a read is under way share it, each within its own call's deadline (the read
 * goes on while one of them still waits: `shareAcrossCalls`, which gives the read the context it runs within); a
 * failed read is forgotten, so the next call reads again.
 */
export class OutlineCache<T> {
  private readonly entries = new Map<string, { at: number; join: (call: UpstreamCall) => Promise<T> }>();

  constructor(private readonly ttlMs: number = OUTLINE_TTL_MS) {}

  /**
   * The read kept under `key` while it is younger than the TTL, else `read`'s, kept from now; `call`, the caller's
   * context, is the one it waits within.
   */
  get(key: string, call: UpstreamCall, read: (shared: CallContext) => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.join(call);
    const entry = {
      at: Date.now(),
      join: shareAcrossCalls((shared) =>
        read(shared).catch((e: unknown) => {
          if (this.entries.get(key) === entry) this.entries.delete(key);
          throw e;
        }),
      ),
    };
    this.entries.set(key, entry);
    return entry.join(call);
  }
}
