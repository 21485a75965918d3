import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { rootCertificates } from "node:tls";
import { gunzip } from "node:zlib";
import { oneLine, ProviderError, quantity, SERVER_REFUSAL, upstreamUnreachable } from "@qibates/provider";
import { Pool } from "undici";
import { isInternalAddress } from "./addresses.ts";
import { hostAllowed, listedExactly, normalHost } from "./allow-list.ts";
import { ANSWER_WAIT_ENDED, answerWaitEnded, type UpstreamCall } from "./call-context.ts";
import { gzipAsked, gzipped } from "./gzip.ts";
import { LIST_LIMITS, type ListLimits } from "./list-budget.ts";
import { retryAfterSeconds } from "./retry.ts";
import { TLS_CODES } from "./tls-errors.ts";

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
/** An address `X-Forwarded-For` may carry (IPv4 or IPv6, nothing else): anything else is not sent. */
const FORWARDABLE = /^[0-9A-Fa-f:.]{2,45}$/;
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

  /**
   * Sends one request within `call` (its deadline and signal, the client it is passed on for) and reads its
   * answer; network failures become `ProviderError`s with their code.
   */
  async request(url: URL, given: UpstreamRequest, call: UpstreamCall): Promise<UpstreamAnswer> {
    const origin = url.origin;
    // A call passed on for a client of a wire endpoint (its login) names that client, and only it.
    const client = call.client;
    const forwarded =
      client === undefined || !FORWARDABLE.test(client)
        ? given
        : { ...given, headers: { ...given.headers, "x-forwarded-for": client } };
    const { pool } = this.freshPool(origin) ?? (await this.pool(url));
    // A call's context from `withAnswerDeadline`: the answer is waited for until its deadline, however short the
    // read timeout (`answerWaitEnded` when it runs out). From `withinOneReadTimeout`: that deadline is
    // PROVIDER_READ_TIMEOUT_SECONDS after its first request, or the request's own wait when it is the shorter.
    const wait = call.answerWait;
    if (wait !== undefined && wait.by === null) wait.by = Date.now() + this.policy.readTimeoutMs;
    // Past the call's own deadline no request is sent; one under way is dropped at it.
    if (call.signal.aborted || Date.now() >= call.deadline) throw this.pastDeadline(origin);
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
      answer = await this.exchange(pool, `${url.pathname}${url.search}`, init, origin, call.signal);
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
      // An answer that is not compressed is decoded as its chunks arrive, so that a large one costs no copy and
      // no whole decode at its end, where nothing else could run meanwhile.
      let decoder: StringDecoder | null = null;
      const texts: string[] = [];
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
            if (!gzipAsked(init.headers) || !gzipped(headers)) decoder = new StringDecoder("utf8");
            return true;
          },
          onData: (chunk: Buffer) => {
            size += chunk.length;
            if (size > max) {
              abort?.(tooLarge());
              return false;
            }
            if (decoder) texts.push(decoder.write(chunk));
            else chunks.push(chunk);
            return true;
          },
          onComplete: () => {
            settled();
            if (decoder) {
              texts.push(decoder.end());
              resolve({ status, headers, body: texts.join(""), bytes: size });
              return;
            }
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
   * reached; the call itself answers its deadline's error (the server's request handling).
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

// The network rules' parts each have their own module; the connectors import them from here, with `Upstreams`.
export { hostAllowed } from "./allow-list.ts";
export {
  ambientCall,
  enteredCall,
  shareAcrossCalls,
  stoppingTogether,
  type UpstreamCall,
  withAnswerDeadline,
  withinCallDeadline,
  withinOneReadTimeout,
} from "./call-context.ts";
export { retryWhileBusy } from "./retry.ts";
