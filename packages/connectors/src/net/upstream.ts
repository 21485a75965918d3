import { AsyncLocalStorage } from "node:async_hooks";
import { lookup as dnsLookup } from "node:dns/promises";
import { setMaxListeners } from "node:events";
import { isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { rootCertificates } from "node:tls";
import { gunzip } from "node:zlib";
import { oneLine, ProviderError, quantity, SERVER_REFUSAL, upstreamUnreachable } from "@qibates/provider";
import { Pool } from "undici";
import { isInternalAddress } from "./addresses.ts";
import { LIST_LIMITS, type ListLimits } from "./list-budget.ts";

/**
 * The network rules every connector obeys, in one place: a host is reached only when the allow-list names it;
 * an address that resolves to a loopback, private, link-local or metadata range is refused unless that exact
 * host is listed; the address checked is the address connected to (one lookup, pinned in the connection
 * pool); redirects are never followed; TLS is verified (with an optional extra CA bundle); connect and read
 * time out; an answer is read up to a size cap. One connection pool per upstream origin.
 *
 * A server that gives no usable answer — the connection refused, reset or timed out, a redirect, or an HTTP
 * error without its protocol's own error message — is answered one way (`upstreamUnreachable`), so the
 * caller cannot tell an open port from a closed one; what happened, with an excerpt of the server's body, is
 * logged at warn (never answered: the body is the upstream's text, not the caller's).
 */
export interface NetworkPolicy {
  /** Host names (or `*.domain`) this server may connect to (`ALLOWED_HOSTS`). */
  allowedHosts: readonly string[];
  /** Extra trusted certificate authorities, PEM (added to Node's own roots). */
  extraCa?: string;
  connectTimeoutMs: number;
  /** Longest wait for an answer's headers, and between two chunks of its body. */
  readTimeoutMs: number;
  /** Largest answer read, in bytes (`UPSTREAM_MAX_ANSWER_BYTES`; default 16 MiB); past it the answer is dropped. */
  maxAnswerBytes?: number;
  /**
   * Largest file downloaded as a stream (`Upstreams.download`: a server's data export), in bytes (default 8 GiB);
   * past it the download is dropped. Such a file is never held whole: at most {@link DOWNLOAD_BUFFER_BYTES} of it
   * wait to be read.
   */
  maxFileBytes?: number;
  /** Where failures to get a usable answer are told (the server's logger); nothing is logged without it. */
  log?: UpstreamLog;
  /** What one call may read of a server's lists, all answers together (`list-budget.ts`; tests lower it). */
  listLimits?: Partial<ListLimits>;
  /** Name resolution (tests replace it); defaults to the system resolver. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export interface UpstreamLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface UpstreamRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  headers: Record<string, string>;
  body?: string;
  /** Secrets the body carries (a password): never logged, should the server echo them in an error body. */
  secrets?: readonly string[];
  /**
   * How long this request waits for the answer to start, instead of PROVIDER_READ_TIMEOUT_SECONDS: a call the
   * server answers only when its work ends (Smart View's `LaunchBusinessRule` runs a calculation script first).
   */
  answerTimeoutMs?: number;
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's length in bytes, as read (counted once, where its chunks arrive). */
  bytes?: number;
  /** The request's secrets (its `secrets`, its Basic credentials), masked wherever the answer is logged. */
  secrets?: readonly string[];
}

/** The secrets of a request: those it names, and its HTTP Basic credentials (encoded, and the password). */
function secretsOf(init: UpstreamRequest): string[] {
  const out = [...(init.secrets ?? [])];
  const auth = Object.entries(init.headers).find(([k]) => k.toLowerCase() === "authorization")?.[1];
  const basic = auth ? /^Basic\s+(\S+)/i.exec(auth) : null;
  if (basic?.[1]) {
    out.push(basic[1]);
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon >= 0) out.push(decoded.slice(colon + 1));
  }
  return out.filter((x) => x.length >= 3);
}

/**
 * `text` with every secret replaced by `***`: what is logged of an answer, and a server's own words passed on to
 * the caller (a server or a proxy that echoes the credentials it was sent in its error message).
 */
export function masked(text: string, secrets: readonly string[] | undefined): string {
  let out = text;
  for (const secret of secrets ?? []) if (secret.length >= 3) out = out.split(secret).join("***");
  return out;
}

/** The default answer cap: a larger answer is refused before it is parsed (an XML answer of 16 MiB reads in slices). */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** The default cap of a file downloaded as a stream (`Upstreams.download`). */
export const DEFAULT_MAX_FILE_BYTES = 8 * 1024 ** 3;
/** What of a downloaded file may wait to be read before the connection is paused. */
export const DOWNLOAD_BUFFER_BYTES = 1024 * 1024;
/** How much of the error answer of a download is read (it is only the server's message). */
const DOWNLOAD_ERROR_BYTES = 64 * 1024;
/** How much of an error body is logged. */
const LOGGED_BODY_CHARS = 500;
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

  /** What one call may read of a server's lists (`NetworkPolicy.listLimits` over {@link LIST_LIMITS}). */
  readonly listLimits: Readonly<ListLimits>;

  constructor(private readonly policy: NetworkPolicy) {
    this.ca = policy.extraCa ? [...rootCertificates, policy.extraCa] : undefined;
    this.listLimits = { ...LIST_LIMITS, ...policy.listLimits };
  }

  /** Sends one request and reads its answer; network failures become `ProviderError`s with their code. */
  async request(url: URL, given: UpstreamRequest): Promise<UpstreamAnswer> {
    const origin = url.origin;
    // A login passed on for a client of a wire endpoint names that client (`forwardingClient`), and only it.
    const client = forwardedClient.getStore();
    const forwarded =
      client === undefined ? given : { ...given, headers: { ...given.headers, "x-forwarded-for": client } };
    const { pool } = this.freshPool(origin) ?? (await this.pool(url));
    // Within `answeringBy`, the answer is waited for until its deadline, however short the read timeout
    // (`answerWaitEnded` when it runs out). Within `sharingOneReadWait`, that deadline is
    // PROVIDER_READ_TIMEOUT_SECONDS after its first request, or the request's own wait when it is the shorter.
    const wait = answerDeadline.getStore();
    if (wait !== undefined && wait.by === null) wait.by = Date.now() + this.policy.readTimeoutMs;
    // Past the call's own deadline (`withinCallDeadline`) no request is sent; one under way is dropped at it.
    const call = callDeadline.getStore();
    if (call !== undefined && (call.signal.aborted || Date.now() >= call.by)) throw this.pastDeadline(origin);
    const by = wait?.by ?? undefined;
    const own = forwarded.answerTimeoutMs ?? this.policy.readTimeoutMs;
    const left = by === undefined ? own : Math.max(1, Math.ceil(by - Date.now()));
    // Within either, the request has its own wait, on a timer of Node's (`exchange`).
    const init =
      by !== undefined
        ? { ...forwarded, answerTimeoutMs: wait?.whole === true ? left : Math.min(left, own) }
        : forwarded;
    let answer: UpstreamAnswer;
    try {
      answer = await this.exchange(pool, `${url.pathname}${url.search}`, init, origin, call?.signal);
      const secrets = secretsOf(init);
      if (secrets.length > 0) Object.defineProperty(answer, "secrets", { value: secrets, enumerable: false });
    } catch (e) {
      throw this.networkError(e, origin, init.answerTimeoutMs);
    }
    if (answer.status >= 300 && answer.status < 400) {
      // Not followed; told like any other answer that is not the protocol's, the target logged.
      const location = answer.headers.location;
      throw this.failure(url, answer, `${init.method} ${url.pathname}`, null, {
        location:
          location === undefined
            ? null
            : masked(String(location), answer.secrets).slice(0, LOGGED_BODY_CHARS),
      });
    }
    return answer;
  }

  /**
   * Downloads a file as a stream, under the same rules as {@link request} (allow-list, pinned address, TLS,
   * timeouts, no redirect), with its own cap (`maxFileBytes`). A 2xx answer's body is a stream that pauses the
   * connection while {@link DOWNLOAD_BUFFER_BYTES} wait to be read, and fails past the cap; destroying it drops
   * the connection. Any other answer is read whole up to 64 KiB (it is the server's error) and answered as
   * `answer`, for the caller's usual error handling.
   */
  async download(
    url: URL,
    given: UpstreamRequest,
  ): Promise<{ status: number; body: Readable } | { status: number; answer: UpstreamAnswer }> {
    const origin = url.origin;
    const { pool } = this.freshPool(origin) ?? (await this.pool(url));
    const max = this.policy.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    const tooLarge = () =>
      new ProviderError(
        "UPSTREAM_MALFORMED",
        `The server at ${origin} sent a file of more than ${max} bytes.`,
        {
          address: origin,
          reason: {
            en: `the file is larger than ${quantity(max).en} bytes`,
            fr: `le fichier dépasse ${quantity(max).fr}\u00a0octets`,
          },
        },
      );
    let answered: { status: number; body: Readable } | { status: number; answer: UpstreamAnswer };
    try {
      answered = await new Promise((resolve, reject) => {
        let abort: ((reason?: Error) => void) | null = null;
        let resumeConnection: (() => void) | null = null;
        let status = 0;
        let headers: Record<string, string | string[] | undefined> = {};
        let body: Readable | null = null;
        const errorChunks: Buffer[] = [];
        let size = 0;
        pool.dispatch(
          {
            path: `${url.pathname}${url.search}`,
            method: given.method,
            headers: given.headers,
            ...(given.body !== undefined ? { body: given.body } : {}),
          },
          {
            onConnect: (abortRequest: (reason?: Error) => void) => {
              abort = abortRequest;
            },
            onHeaders: (statusCode: number, rawHeaders: Buffer[], resume: () => void) => {
              status = statusCode;
              headers = headerRecord(rawHeaders);
              resumeConnection = resume;
              if (status < 200 || status >= 300) return true;
              const declared = Number(headers["content-length"]);
              if (Number.isFinite(declared) && declared > max) {
                abort?.(tooLarge());
                return false;
              }
              body = new Readable({
                highWaterMark: DOWNLOAD_BUFFER_BYTES,
                read: () => resumeConnection?.(),
                destroy: (e, done) => {
                  abort?.(e ?? new Error("download dropped"));
                  done(e);
                },
              });
              resolve({ status, body });
              return true;
            },
            onData: (chunk: Buffer) => {
              size += chunk.length;
              if (body === null) {
                if (size <= DOWNLOAD_ERROR_BYTES) errorChunks.push(chunk);
                return true;
              }
              if (size > max) {
                body.destroy(tooLarge());
                return false;
              }
              return body.push(chunk);
            },
            onComplete: () => {
              if (body !== null) {
                body.push(null);
                return;
              }
              resolve({
                status,
                answer: { status, headers, body: Buffer.concat(errorChunks).toString("utf8") },
              });
            },
            onError: (e: Error) => {
              if (body !== null) {
                if (!body.destroyed)
                  body.destroy(e instanceof ProviderError ? e : this.networkError(e, origin));
              } else reject(e);
            },
          } as unknown as Parameters<Pool["dispatch"]>[1],
        );
      });
    } catch (e) {
      throw this.networkError(e, origin);
    }
    if ("answer" in answered && answered.status >= 300 && answered.status < 400) {
      throw this.failure(url, answered.answer, `${given.method} ${url.pathname}`, null);
    }
    return answered;
  }

  /**
   * The error for an answer that is not a success. With `protocolMessage` (the protocol's own error: a REST
   * API's JSON error message, a SOAP fault, a Smart View exception, read by the connector) that message is the
   * caller's, as `PROVIDER_FAILED`, on one line of at most 300 characters. Without it the body is only the
   * server's text: it is logged (an excerpt) and the caller gets `upstreamUnreachable`, as for a refused
   * connection.
   */
  failure(
    url: URL | string,
    answer: UpstreamAnswer,
    what: string,
    protocolMessage: string | null,
    extra: Record<string, unknown> = {},
  ): ProviderError {
    const origin = new URL(String(url)).origin;
    // The server's words reach the caller, and an operation's error is stored: never with the request's secrets.
    const message = protocolMessage === null ? "" : oneLine(masked(protocolMessage, answer.secrets), 300);
    // The answer's status goes with the error, out of its parameters (`ProviderError.upstreamStatus`).
    const withStatus = (e: ProviderError) =>
      Object.defineProperty(e, "upstreamStatus", { value: answer.status, enumerable: false });
    // The server refuses for now (too many requests or failed logins, from this server's address): the caller is
    // told so, with when to retry and the server's words, never the path this server asked it at.
    if (answer.status === 429) {
      const seconds = retryAfterSeconds(answer.headers["retry-after"], message);
      return withStatus(
        new ProviderError(
          "BUSY",
          message !== "" ? message : `The server refuses for now: retry in ${seconds} s.`,
          // Said as the server's refusal, told apart from QiBates's own limits (`refusedBy`).
          { seconds, refusedBy: SERVER_REFUSAL },
        ),
      );
    }
    if (message !== "")
      return withStatus(new ProviderError("PROVIDER_FAILED", `${what}: ${message}`, { reason: message }));
    this.policy.log?.warn(
      {
        upstream: origin,
        request: what,
        status: answer.status,
        contentType: answer.headers["content-type"] ?? null,
        // An excerpt, the request's secrets masked (a server may echo the request in its error page).
        body: oneLine(masked(answer.body.slice(0, LOGGED_BODY_CHARS * 4), answer.secrets), LOGGED_BODY_CHARS),
        ...extra,
      },
      "the upstream server answered an error without its protocol's error message",
    );
    return withStatus(upstreamUnreachable(origin));
  }

  /**
   * One request through the pool, its answer read whole (at most `maxAnswerBytes`). Undici's dispatcher is
   * called directly: no stream per answer, the chunks are kept as they arrive.
   */
  private exchange(
    pool: Pool,
    path: string,
    init: UpstreamRequest,
    origin: string,
    deadline?: AbortSignal,
  ): Promise<UpstreamAnswer> {
    const max = this.policy.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    const tooLarge = () =>
      new ProviderError(
        "UPSTREAM_MALFORMED",
        `The server at ${origin} answered more than ${quantity(max).en} bytes (UPSTREAM_MAX_ANSWER_BYTES).`,
        {
          address: origin,
          reason: {
            en: `the answer is larger than ${quantity(max).en} bytes (UPSTREAM_MAX_ANSWER_BYTES)`,
            fr: `la réponse dépasse ${quantity(max).fr}\u00a0octets (UPSTREAM_MAX_ANSWER_BYTES)`,
          },
        },
      );
    return new Promise((resolve, reject) => {
      let abort: ((reason?: Error) => void) | null = null;
      let status = 0;
      let headers: Record<string, string | string[] | undefined> = {};
      const chunks: Buffer[] = [];
      let size = 0;
      // Past the call's deadline the request is dropped wherever it is: a server that trickles its answer, a byte
      // within each read timeout, is cut there too.
      const cut = () => abort?.(this.pastDeadline(origin));
      deadline?.addEventListener("abort", cut, { once: true });
      // A request's own wait for its answer (`answerTimeoutMs`) is a timer of Node's, started once the request is
      // on a connection: undici's `headersTimeout` counts in ticks of about half a second from the tick before the
      // request (`_idleStart = fastNow - TICK_MS` in undici's timers.js), so a wait could end up to a tick early (a
      // job "still running after 2 s" told at 1.87 s on a loaded machine). Undici's own is kept, a second later, as
      // a backstop.
      let answerTimer: NodeJS.Timeout | undefined;
      const settled = () => {
        deadline?.removeEventListener("abort", cut);
        clearTimeout(answerTimer);
      };
      const own = init.answerTimeoutMs;
      pool.dispatch(
        {
          path,
          method: init.method,
          headers: init.headers,
          ...(init.body !== undefined ? { body: init.body } : {}),
          ...(own !== undefined ? { headersTimeout: own + 1000 } : {}),
        },
        {
          onConnect: (abortRequest: (reason?: Error) => void) => {
            abort = abortRequest;
            if (deadline?.aborted) cut();
            else if (own !== undefined && answerTimer === undefined)
              answerTimer = setTimeout(() => abort?.(answerWaitEnded()), own);
          },
          onHeaders: (statusCode: number, rawHeaders: Buffer[]) => {
            clearTimeout(answerTimer);
            status = statusCode;
            headers = headerRecord(rawHeaders);
            // A declared length past the cap: dropped before its first byte.
            const declared = Number(headers["content-length"]);
            if (Number.isFinite(declared) && declared > max) {
              abort?.(tooLarge());
              return false;
            }
            return true;
          },
          onData: (chunk: Buffer) => {
            size += chunk.length;
            if (size > max) {
              abort?.(tooLarge());
              return false;
            }
            chunks.push(chunk);
            return true;
          },
          onComplete: () => {
            settled();
            const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
            if (!gzipAsked(init.headers) || !gzipped(headers)) {
              resolve({ status, headers, body: body.toString("utf8"), bytes: size });
              return;
            }
            // Decompressed off the event loop, the cap on what it gives: a small answer that inflates past it is
            // refused as a large one is. Its bytes are the decompressed ones (what a list budget counts).
            gunzip(body, { maxOutputLength: max }, (e, plain) => {
              if (e) reject((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? tooLarge() : e);
              else resolve({ status, headers, body: plain.toString("utf8"), bytes: plain.length });
            });
          },
          onError: (e: Error) => {
            settled();
            reject(e);
          },
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

  /** The pool of `origin` while it is younger than POOL_TTL_MS (no await: the path of every call). */
  private freshPool(origin: string): PoolEntry | null {
    const cached = this.pools.get(origin);
    return cached && Date.now() - cached.createdAt < POOL_TTL_MS ? cached : null;
  }

  private async pool(url: URL): Promise<PoolEntry> {
    const origin = url.origin;
    const fresh = this.freshPool(origin);
    if (fresh) return fresh;
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

  /**
   * A failure to connect or to read an answer: logged with its cause, answered as `upstreamUnreachable`. When the
   * request had a wait of its own for its answer (`answerTimeoutMs`) and that wait ran out, the error says so
   * (`answerWaitEnded`): the decision is the timer's own, whatever the clock read since.
   */
  private networkError(e: unknown, origin: string, answerTimeoutMs?: number): ProviderError {
    if (e instanceof ProviderError) return e;
    const err = e as { code?: string; message?: string; cause?: { code?: string } };
    const code = err.code ?? err.cause?.code ?? "";
    const answerWaitEnded =
      (code === ANSWER_WAIT_ENDED || code === "UND_ERR_HEADERS_TIMEOUT") && answerTimeoutMs !== undefined;
    const cause =
      code === "UND_ERR_CONNECT_TIMEOUT"
        ? `no connection within ${this.policy.connectTimeoutMs} ms`
        : answerWaitEnded
          ? `no answer within the call's wait of ${answerTimeoutMs} ms`
          : code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT"
            ? `no answer within ${this.policy.readTimeoutMs} ms`
            : TLS_CODES.has(code)
              ? `its TLS certificate is not trusted (${code}; PROVIDER_CA_FILE adds a certificate authority)`
              : `the connection failed (${code || err.message || "unknown error"})`;
    this.log(origin, cause, code);
    const error = upstreamUnreachable(origin);
    if (answerWaitEnded) Object.defineProperty(error, "answerWaitEnded", { value: true, enumerable: false });
    return error;
  }

  /**
   * A request refused or dropped because its call's deadline has passed: logged, and answered as the server not
   * reached; the call itself answers its deadline's error (the server's request handling, `withinCallDeadline`).
   */
  private pastDeadline(origin: string): ProviderError {
    this.log(origin, "the call's deadline has passed (CONNECTION_TIMEOUT_SECONDS)", "");
    return upstreamUnreachable(origin);
  }

  private log(origin: string, cause: string, code: string): void {
    this.policy.log?.warn(
      { upstream: origin, cause, ...(code ? { code } : {}) },
      "the upstream server could not be reached",
    );
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

/**
 * When to retry a 429: its `Retry-After` in seconds, else the "in N seconds" of its message, else a minute; from
 * 1 to 3600.
 */
function retryAfterSeconds(header: string | string[] | undefined, message: string): number {
  const given = Array.isArray(header) ? header[0] : header;
  const fromHeader = given !== undefined && /^\d{1,6}$/.test(given.trim()) ? Number(given.trim()) : null;
  const fromMessage = /\bin (\d{1,6}) (?:seconds?|s)\b/.exec(message)?.[1];
  const seconds = fromHeader ?? (fromMessage !== undefined ? Number(fromMessage) : 60);
  return Math.min(3600, Math.max(1, seconds));
}

/** Whether a request asked for a gzip answer (`accept-encoding`): only then is one decompressed. */
function gzipAsked(headers: Record<string, string>): boolean {
  return Object.entries(headers).some(
    ([k, v]) => k.toLowerCase() === "accept-encoding" && /\bgzip\b/i.test(v),
  );
}

/** Whether an answer says its body is gzip (`content-encoding: gzip`, alone). */
function gzipped(headers: Record<string, string | string[] | undefined>): boolean {
  const encoding = headers["content-encoding"];
  return typeof encoding === "string" && /^\s*(x-)?gzip\s*$/i.test(encoding);
}

/** The code of the error that ends a request's own wait for its answer (`exchange`). */
const ANSWER_WAIT_ENDED = "QB_ANSWER_WAIT_ENDED";
const answerWaitEnded = () =>
  Object.assign(new Error("no answer within the request's wait"), { code: ANSWER_WAIT_ENDED });

const forwardedClient = new AsyncLocalStorage<string>();
/** The deadline of the call whose requests run within it (`withinCallDeadline`). */
const callDeadline = new AsyncLocalStorage<{ by: number; signal: AbortSignal }>();

/**
 * Runs `work` (one call of the API, all the rounds it makes to the provider's server) within one deadline, `by`
 * (a time in ms, as `Date.now()`), which the caller marks by aborting `signal`: a request under way is then
 * dropped, its answer half read or not, and none is sent after `by` or the abort. The caller answers its own error
 * when the deadline passes; what `work` then throws is `upstreamUnreachable`, logged with that cause.
 */
export function withinCallDeadline<T>(
  deadline: { by: number; signal: AbortSignal },
  work: () => Promise<T>,
): Promise<T> {
  return callDeadline.run(deadline, work);
}
/**
 * The error of a caller whose own deadline passed while it waited for a read it shares: the one its own request
 * would have thrown (the server answers the call's deadline error in its place).
 */
const callEnded = (address: string | undefined) => upstreamUnreachable(address ?? "—");

/**
 * Shares one read (a cube's dimensions, an outline) between the calls that need it, each within its own deadline:
 * `shareAcrossCalls(read)` answers a function each caller awaits. The read's requests run within the latest
 * deadline of the callers that wait for it (read again at each request), and are dropped only once every caller
 * stopped waiting (each at its own deadline); a caller whose deadline passes stops waiting, and a call that joins
 * a read so dropped starts it again. A caller outside any call's deadline (a tool) waits without one, and so does
 * the read from then on. `address`: the server's, named by a caller's error when its deadline passes.
 */
export function shareAcrossCalls<T>(read: () => Promise<T>, address?: string): () => Promise<T> {
  interface Run {
    controller: AbortController;
    by: number;
    waiting: number;
    unbounded: boolean;
    settled: boolean;
    read: Promise<T> | null;
  }
  let run: Run | null = null;
  return () => {
    const call = callDeadline.getStore();
    // A read every caller left is started again for a new one.
    if (run === null || run.controller.signal.aborted) {
      const controller = new AbortController();
      setMaxListeners(0, controller.signal);
      run = {
        controller,
        by: Number.NEGATIVE_INFINITY,
        waiting: 0,
        unbounded: false,
        settled: false,
        read: null,
      };
    }
    const current = run;
    if (call === undefined) current.unbounded = true;
    else current.by = Math.max(current.by, call.by);
    if (current.read === null) {
      const deadline = {
        get by() {
          return current.unbounded ? Number.POSITIVE_INFINITY : current.by;
        },
        signal: current.controller.signal,
      };
      // Started outside the joining call's own deadline: the read's requests see only the shared one.
      const started = callDeadline.exit(() => callDeadline.run(deadline, read));
      current.read = started;
      const done = () => {
        current.settled = true;
      };
      started.then(done, done);
    }
    const shared = current.read;
    // A read done is answered to every caller, a late one too (its next request is the one refused).
    if (call === undefined || current.settled) return shared;
    current.waiting++;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        call.signal.removeEventListener("abort", ended);
        current.waiting--;
      };
      const ended = () => {
        leave();
        if (current.waiting === 0 && !current.unbounded && !current.settled) current.controller.abort();
        reject(callEnded(address));
      };
      if (call.signal.aborted) {
        ended();
        return;
      }
      call.signal.addEventListener("abort", ended, { once: true });
      shared.then(
        (value) => {
          leave();
          resolve(value);
        },
        (e: unknown) => {
          leave();
          reject(e);
        },
      );
    });
  };
}

/**
 * Runs `work` (requests of one call made side by side) so that `stop()` drops every one of them still under way
 * and sends no more, as the call's deadline would, the call's own deadline still kept: a call whose one request
 * failed does not wait for, nor keep loading, the others.
 */
export function stoppingTogether<T>(work: (stop: () => void) => Promise<T>): Promise<T> {
  const parent = callDeadline.getStore();
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const stop = () => controller.abort();
  if (parent?.signal.aborted) stop();
  parent?.signal.addEventListener("abort", stop, { once: true });
  const deadline = {
    get by() {
      return parent?.by ?? Number.POSITIVE_INFINITY;
    },
    signal: controller.signal,
  };
  return callDeadline
    .run(deadline, () => work(stop))
    .finally(() => parent?.signal.removeEventListener("abort", stop));
}

/**
 * The deadline of the requests run within it (`null`: set by the first of them, a read timeout after it); `whole`:
 * each request waits for its answer until then, even past the read timeout.
 */
const answerDeadline = new AsyncLocalStorage<{ by: number | null; whole?: boolean }>();

/**
 * Runs `work` (a calculation script or a business rule followed on its server) so that each of its requests waits
 * for its answer until `deadline` (a time in ms, as `Date.now()`), however long or short the read timeout: a
 * server slow to answer the launch or a reading of the job's status is waited for within the job's own wait, and
 * one whose answer has not started by then fails with `answerWaitEnded` (told as "still running"). Opening a new
 * connection may add up to the connect timeout before that wait starts.
 */
export function answeringBy<T>(deadline: number, work: () => Promise<T>): Promise<T> {
  return answerDeadline.run({ by: deadline, whole: true }, work);
}

/**
 * A request about a job (`read`: a reading of a launched job's status, or a launch the server has not taken yet),
 * made again after the server's `Retry-After` while the server refuses it for now (429: `BUSY`), until `deadline`
 * (ms, as `Date.now()`), past which `pastDeadline(refusal)` is thrown: a status the server will not give yet is no
 * failure of the job, and the caller, told the job failed, would launch it a second time while it runs.
 */
export async function readingThroughBusy<T>(
  deadline: number,
  read: () => Promise<T>,
  pastDeadline: (refusal: ProviderError) => Error,
): Promise<T> {
  for (;;) {
    try {
      return await read();
    } catch (e) {
      if (!(e instanceof ProviderError) || e.code !== "BUSY") throw e;
      const seconds = e.params?.seconds;
      const retryMs = (typeof seconds === "number" && seconds > 0 ? seconds : 1) * 1000;
      const left = deadline - Date.now();
      if (left <= retryMs) {
        await new Promise((r) => setTimeout(r, Math.max(left, 0)));
        throw pastDeadline(e);
      }
      await new Promise((r) => setTimeout(r, retryMs));
    }
  }
}

/**
 * Runs `work` (the calls that find a calculation script or a business rule before its launch) so that its
 * requests share one read timeout: each waits for its answer no later than PROVIDER_READ_TIMEOUT_SECONDS after
 * the first of them started, as {@link answeringBy} does (`answerWaitEnded`, told as `upstreamUnreachable`, when
 * it runs out). With the launch's own wait, the whole call is then bounded: CALC_JOB_TIMEOUT_SECONDS +
 * PROVIDER_READ_TIMEOUT_SECONDS, and the connect timeout when a new connection is opened.
 */
export function sharingOneReadWait<T>(work: () => Promise<T>): Promise<T> {
  // Within another shared wait (a connector that checks the rule before the one it calls finds it), the calls
  // share the enclosing one: together they still wait no longer than one read timeout.
  const outer = answerDeadline.getStore();
  if (outer !== undefined && outer.whole !== true) return work();
  return answerDeadline.run({ by: null }, work);
}

/**
 * Runs `work` (a login passed on for a client of a wire endpoint) so that its requests carry `X-Forwarded-For:
 * address`, replacing any the client sent: a server that trusts this one as a proxy (QiBates' `TRUST_PROXY`)
 * then counts that client's failed logins, not this server's for everyone. Without an address, as it is.
 */
export function forwardingClient<T>(address: string | undefined, work: () => Promise<T>): Promise<T> {
  return address === undefined || !/^[0-9A-Fa-f:.]{2,45}$/.test(address)
    ? work()
    : forwardedClient.run(address, work);
}
