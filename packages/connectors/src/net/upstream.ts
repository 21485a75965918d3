import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { rootCertificates } from "node:tls";
import { Pool } from "undici";
import { ProviderError } from "../errors.ts";
import { isInternalAddress } from "./addresses.ts";

/**
 * The network rules every connector obeys, in one place: a host is reached only when the allow-list names it;
 * an address that resolves to a loopback, private, link-local or metadata range is refused unless that exact
 * host is listed; the address checked is the address connected to (one lookup, pinned in the connection
 * pool); redirects are never followed; TLS is verified (with an optional extra CA bundle); connect and read
 * time out. One connection pool per upstream origin.
 */
export interface NetworkPolicy {
  /** Host names (or `*.domain`) this server may connect to (`ALLOWED_HOSTS`). */
  allowedHosts: readonly string[];
  /** Extra trusted certificate authorities, PEM (added to Node's own roots). */
  extraCa?: string;
  connectTimeoutMs: number;
  /** Longest wait for an answer's headers, and between two chunks of its body. */
  readTimeoutMs: number;
  /** Largest answer read, in bytes. */
  maxAnswerBytes?: number;
  /** Name resolution (tests replace it); defaults to the system resolver. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export interface UpstreamRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  headers: Record<string, string>;
  body?: string;
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const DEFAULT_MAX_ANSWER = 64 * 1024 * 1024;
/** A pool is rebuilt (and its host looked up again) after this long, so DNS changes are followed. */
const POOL_TTL_MS = 5 * 60_000;

/** An answer's raw headers as a record: names in lower case, a repeated header as a list (`set-cookie`). */
function headerRecord(raw: Buffer[]): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = Object.create(null);
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as Buffer).toString("latin1").toLowerCase();
    const value = (raw[i + 1] as Buffer).toString("latin1");
    const was = out[name];
    if (was === undefined) out[name] = value;
    else if (Array.isArray(was)) was.push(value);
    else out[name] = [was, value];
  }
  return out;
}

/** `true` when `host` is on the allow-list: exact names, or `*.example.com` for any sub-domain. */
export function hostAllowed(host: string, allowList: readonly string[]): boolean {
  const h = normalHost(host);
  return allowList.some((entry) => {
    const e = entry.toLowerCase().trim();
    if (e.startsWith("*.")) return h.endsWith(e.slice(1)) && h.length > e.length - 1;
    return h === normalHost(e);
  });
}

function normalHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
}

/** `true` when the allow-list names `host` itself (not through a wildcard): internal addresses are then allowed. */
function listedExactly(host: string, allowList: readonly string[]): boolean {
  const h = normalHost(host);
  return allowList.some((e) => !e.trim().startsWith("*.") && normalHost(e.trim()) === h);
}

interface PoolEntry {
  pool: Pool;
  address: string;
  createdAt: number;
}

export class Upstreams {
  private readonly pools = new Map<string, PoolEntry>();
  private readonly ca: string[] | undefined;

  constructor(private readonly policy: NetworkPolicy) {
    this.ca = policy.extraCa ? [...rootCertificates, policy.extraCa] : undefined;
  }

  /** Sends one request and reads its answer; network failures become `ProviderError`s with their code. */
  async request(url: URL, init: UpstreamRequest): Promise<UpstreamAnswer> {
    const origin = url.origin;
    const cached = this.pools.get(origin);
    const { pool } = cached && Date.now() - cached.createdAt < POOL_TTL_MS ? cached : await this.pool(url);
    let answer: UpstreamAnswer;
    try {
      answer = await this.exchange(pool, `${url.pathname}${url.search}`, init, origin);
    } catch (e) {
      throw this.networkError(e, origin);
    }
    if (answer.status >= 300 && answer.status < 400) {
      const location = answer.headers.location;
      throw new ProviderError(
        "PROVIDER_FAILED",
        `The server at ${origin} answered a redirect${location ? ` to ${String(location)}` : ""}; QiBates does not follow redirects.`,
        {
          reason: `the server answered HTTP ${answer.status} (a redirect), which QiBates does not follow`,
        },
      );
    }
    return answer;
  }

  /**
   * One request through the pool, its answer read whole (at most `maxAnswerBytes`). Undici's dispatcher is
   * called directly: no stream per answer, the chunks are kept as they arrive.
   */
  private exchange(pool: Pool, path: string, init: UpstreamRequest, origin: string): Promise<UpstreamAnswer> {
    const max = this.policy.maxAnswerBytes ?? DEFAULT_MAX_ANSWER;
    return new Promise((resolve, reject) => {
      let abort: ((reason?: Error) => void) | null = null;
      let status = 0;
      let headers: Record<string, string | string[] | undefined> = {};
      const chunks: Buffer[] = [];
      let size = 0;
      pool.dispatch(
        {
          path,
          method: init.method,
          headers: init.headers,
          ...(init.body !== undefined ? { body: init.body } : {}),
        },
        {
          onConnect: (abortRequest: (reason?: Error) => void) => {
            abort = abortRequest;
          },
          onHeaders: (statusCode: number, rawHeaders: Buffer[]) => {
            status = statusCode;
            headers = headerRecord(rawHeaders);
            return true;
          },
          onData: (chunk: Buffer) => {
            size += chunk.length;
            if (size > max) {
              abort?.(
                new ProviderError(
                  "UPSTREAM_MALFORMED",
                  `The server at ${origin} answered more than ${max} bytes.`,
                  {
                    address: origin,
                    reason: `the answer is larger than ${max} bytes`,
                  },
                ),
              );
              return false;
            }
            chunks.push(chunk);
            return true;
          },
          onComplete: () => {
            const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
            resolve({ status, headers, body: body.toString("utf8") });
          },
          onError: (e: Error) => reject(e),
        } as unknown as Parameters<Pool["dispatch"]>[1],
      );
    });
  }

  /** Closes every pool (at shutdown). */
  async close(): Promise<void> {
    const entries = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(entries.map((e) => e.pool.close().catch(() => undefined)));
  }

  private async pool(url: URL): Promise<PoolEntry> {
    const origin = url.origin;
    const cached = this.pools.get(origin);
    if (cached && Date.now() - cached.createdAt < POOL_TTL_MS) return cached;
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
        throw new ProviderError("UPSTREAM_UNREACHABLE", `Cannot resolve ${host}.`, {
          address: url.origin,
          reason: `the name ${host} does not resolve (${(e as NodeJS.ErrnoException).code ?? "lookup failed"})`,
        });
      }
    }
    const first = addresses[0];
    if (!first) {
      throw new ProviderError("UPSTREAM_UNREACHABLE", `Cannot resolve ${host}.`, {
        address: url.origin,
        reason: `the name ${host} has no address`,
      });
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

  private networkError(e: unknown, origin: string): ProviderError {
    if (e instanceof ProviderError) return e;
    const err = e as { code?: string; message?: string; cause?: { code?: string } };
    const code = err.code ?? err.cause?.code ?? "";
    if (
      code === "UND_ERR_CONNECT_TIMEOUT" ||
      code === "UND_ERR_HEADERS_TIMEOUT" ||
      code === "UND_ERR_BODY_TIMEOUT"
    ) {
      const ms =
        code === "UND_ERR_CONNECT_TIMEOUT" ? this.policy.connectTimeoutMs : this.policy.readTimeoutMs;
      return new ProviderError("UPSTREAM_TIMEOUT", `The server at ${origin} did not answer in time.`, {
        address: origin,
        seconds: Math.round(ms / 100) / 10,
      });
    }
    const reason = TLS_CODES.has(code)
      ? `its TLS certificate is not trusted (${code})`
      : code
        ? `the connection failed (${code})`
        : `the connection failed (${err.message ?? "unknown error"})`;
    return new ProviderError("UPSTREAM_UNREACHABLE", `Cannot reach ${origin}: ${reason}.`, {
      address: origin,
      reason,
    });
  }
}

const TLS_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);
