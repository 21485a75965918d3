import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { rootCertificates } from "node:tls";
import { ProviderError, upstreamUnreachable } from "@qibates/provider";
import type { Pool } from "undici";
import { isInternalAddress } from "./addresses.ts";
import { hostAllowed, listedExactly, normalHost } from "./allow-list.ts";

/**
 * The connections to the servers the allow-list names: one pool per origin, whose host is looked up once, checked
 * (on the allow-list; no internal address unless that exact host is listed) and pinned, so that the address
 * checked is the address connected to. TLS is verified, with the optional extra certificate authorities. A pool is
 * rebuilt, its host looked up and checked again, after {@link POOL_TTL_MS}, so that DNS changes are followed.
 */

/** What the pools need of the network policy (`NetworkPolicy`). */
export interface PoolPolicy {
  allowedHosts: readonly string[];
  extraCa?: string;
  connectTimeoutMs: number;
  readTimeoutMs: number;
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

/** Where a host that cannot be reached is told: the origin, the cause in words, the error's code. */
export type PoolLog = (origin: string, cause: string, code: string) => void;

export interface PoolEntry {
  pool: Pool;
  /** The checked address its connections are made to. */
  address: string;
  createdAt: number;
}

/** A pool is rebuilt (and its host looked up again) after this long, so DNS changes are followed. */
export const POOL_TTL_MS = 5 * 60_000;

export class PinnedPools {
  private readonly pools = new Map<string, PoolEntry>();
  /** The pools being made, by origin: calls that arrive meanwhile wait for the same one. */
  private readonly making = new Map<string, Promise<PoolEntry>>();
  private readonly ca: string[] | undefined;

  constructor(
    private readonly policy: PoolPolicy,
    private readonly log: PoolLog,
  ) {
    this.ca = policy.extraCa ? [...rootCertificates, policy.extraCa] : undefined;
  }

  /** The pool of `origin` while it is younger than POOL_TTL_MS (no await: the path of every call). */
  fresh(origin: string): PoolEntry | null {
    const cached = this.pools.get(origin);
    return cached && Date.now() - cached.createdAt < POOL_TTL_MS ? cached : null;
  }

  /**
   * The pool of `url`'s origin, made (its host looked up, checked and pinned) when none is fresh. Calls that
   * arrive while it is being made share it: one lookup, one pool. A failure is not kept: the next call tries again.
   */
  of(url: URL): Promise<PoolEntry> {
    const origin = url.origin;
    const fresh = this.fresh(origin);
    if (fresh) return Promise.resolve(fresh);
    let made = this.making.get(origin);
    if (!made) {
      made = this.make(url).finally(() => this.making.delete(origin));
      this.making.set(origin, made);
    }
    return made;
  }

  private async make(url: URL): Promise<PoolEntry> {
    const origin = url.origin;
    const cached = this.pools.get(origin);
    const address = await this.checkedAddress(url);
    if (cached) {
      this.pools.delete(origin);
      cached.pool.close().catch(() => undefined);
    }
    const family = isIP(address);
    // The checked address is the one connected to: the pool's connections never look the host up again.
    const pinned: LookupFunction = (_host, options, callback) => {
      if (options.all)
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address, family },
        ]);
      else callback(null, address, family);
    };
    // undici is loaded with the first pool: a server that calls no other server never loads it.
    const { Pool } = await import("undici");
    const pool = new Pool(origin, {
      connections: 16,
      keepAliveTimeout: 30_000,
      headersTimeout: this.policy.readTimeoutMs,
      bodyTimeout: this.policy.readTimeoutMs,
      connect: {
        lookup: pinned,
        timeout: this.policy.connectTimeoutMs,
        rejectUnauthorized: true,
        ...(this.ca ? { ca: this.ca } : {}),
      },
    });
    const entry = { pool, address, createdAt: Date.now() };
    this.pools.set(origin, entry);
    return entry;
  }

  /** Closes every pool (at shutdown). */
  async close(): Promise<void> {
    // A pool still being made is closed with the others.
    await Promise.allSettled(this.making.values());
    const entries = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(entries.map((e) => e.pool.close().catch(() => undefined)));
  }

  /** Looks the host up once and applies the rules; answers the address to connect to. */
  private async checkedAddress(url: URL): Promise<string> {
    const host = normalHost(url.hostname);
    const { allowedHosts } = this.policy;
    if (!hostAllowed(host, allowedHosts)) {
      throw new ProviderError("HOST_NOT_ALLOWED", `The host ${host} is not on the allow-list.`, { host });
    }
    let addresses: { address: string; family: number }[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await (this.policy.resolve ?? ((h) => dnsLookup(h, { all: true, verbatim: true })))(host);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? "";
        this.log(url.origin, `the name ${host} does not resolve`, code);
        throw upstreamUnreachable(url.origin);
      }
    }
    const first = addresses[0];
    if (!first) {
      this.log(url.origin, `the name ${host} has no address`, "");
      throw upstreamUnreachable(url.origin);
    }
    if (!listedExactly(host, allowedHosts)) {
      // Every address must be public: a name that also resolves inside (DNS rebinding) is refused whole.
      const internal = addresses.find((a) => isInternalAddress(a.address));
      if (internal) {
        throw new ProviderError(
          "ADDRESS_INTERNAL",
          `The host ${host} resolves to an internal address (${internal.address}).`,
          { host, address: internal.address },
        );
      }
    }
    return first.address;
  }
}
