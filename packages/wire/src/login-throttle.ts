import { createHash, randomBytes } from "node:crypto";
import { limitAddress } from "@qibates/protocols/ip";
import {
  CallContext,
  type Connector,
  type ErrorLocale,
  type Provider,
  ProviderError,
} from "@qibates/provider";
import { basicCredentials } from "./basic-auth.ts";

/**
 * Failed logins on the wire endpoints, limited per client address and per user name: every endpoint checks
 * HTTP Basic (or `ConnectToProvider`'s password) itself, before the API's rate limit would count the call, so
 * wrong passwords could otherwise be tried without end. Past the limit, a login is refused at once (its
 * password is not even checked) with {@link TooManyLogins}, a 429 each endpoint answers in its own format,
 * until the window in which the failures were counted ends; past the per-user limit, only from the addresses
 * that failed for that user (`attempt`). A successful login does not reset the counts.
 * In memory, per server process, unless a shared store holds the counts (`LoginCounts`: Redis behind several
 * API nodes, so that N nodes do not allow N times the attempts).
 */

/** A count of failures in its window: how many, and the milliseconds until the window ends. */
export interface LoginWindow {
  failures: number;
  msLeft: number;
}

/**
 * Where failed logins are counted: the process's memory (`memoryLoginCounts`), or a store every API node shares
 * (`redisLoginCounts`). A key's window starts at its first failure and lasts `windowMs`.
 */
export interface LoginCounts {
  read(keys: readonly string[], now: number, windowMs: number): Promise<(LoginWindow | null)[]>;
  add(keys: readonly string[], now: number, windowMs: number): Promise<void>;
}

interface Window {
  start: number;
  failures: number;
}

/** Failed logins counted in this process's memory. */
export function memoryLoginCounts(): LoginCounts {
  const windows = new Map<string, Window>();
  const current = (key: string, now: number, windowMs: number): Window | null => {
    const w = windows.get(key);
    if (!w) return null;
    if (now - w.start >= windowMs) {
      windows.delete(key);
      return null;
    }
    return w;
  };
  return {
    async read(keys, now, windowMs) {
      // Forgets the windows that ended (many user names tried once each).
      if (windows.size > 10_000)
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      return keys.map((k) => {
        const w = current(k, now, windowMs);
        return w ? { failures: w.failures, msLeft: w.start + windowMs - now } : null;
      });
    },
    async add(keys, now, windowMs) {
      for (const k of keys) {
        const w = current(k, now, windowMs) ?? { start: now, failures: 0 };
        w.failures++;
        windows.set(k, w);
      }
    },
  };
}

/** The commands of a Redis client the shared count needs (ioredis's). */
export interface RedisCounter {
  multi(): {
    get(key: string): unknown;
    pttl(key: string): unknown;
    set(key: string, value: string, px: "PX", ms: number, nx: "NX"): unknown;
    incr(key: string): unknown;
    exec(): Promise<[Error | null, unknown][] | null>;
  };
}

/**
 * Failed logins counted in Redis (`REDIS_URL`), shared by every API node: one key per count (`prefix` and the
 * address or user name), created with the window's expiry at the first failure, incremented at each. When Redis
 * cannot answer, the counts fall back to the node's memory (each node counting its own) rather than refusing
 * every login or letting every attempt through.
 */
export function redisLoginCounts(redis: RedisCounter, prefix = "qibates:wire-login:"): LoginCounts {
  const local = memoryLoginCounts();
  return {
    async read(keys, now, windowMs) {
      try {
        const m = redis.multi();
        for (const k of keys) {
          m.get(prefix + k);
          m.pttl(prefix + k);
        }
        const replies = await m.exec();
        if (!replies) throw new Error("no reply");
        const shared = keys.map((_, i) => {
          const [e1, count] = replies[2 * i] ?? [null, null];
          const [e2, ttl] = replies[2 * i + 1] ?? [null, null];
          if (e1 || e2) throw e1 ?? e2;
          if (count === null || count === undefined) return null;
          const msLeft = Number(ttl) > 0 ? Number(ttl) : windowMs;
          return { failures: Number(count), msLeft };
        });
        // What this node counted while Redis could not answer still holds.
        const mine = await local.read(keys, now, windowMs);
        return shared.map((w, i) => {
          const l = mine[i];
          if (!l) return w;
          if (!w) return l;
          return { failures: w.failures + l.failures, msLeft: Math.max(w.msLeft, l.msLeft) };
        });
      } catch {
        return local.read(keys, now, windowMs);
      }
    },
    async add(keys, now, windowMs) {
      try {
        const m = redis.multi();
        for (const k of keys) {
          m.set(prefix + k, "0", "PX", windowMs, "NX");
          m.incr(prefix + k);
        }
        const replies = await m.exec();
        if (!replies || replies.some(([e]) => e)) throw new Error("not counted");
      } catch {
        await local.add(keys, now, windowMs);
      }
    },
  };
}

export interface LoginLimits {
  /** Failed logins one client address may make per window (default 20). */
  perAddress: number;
  /** Failed logins for one user name, from any address, per window (default 100). */
  perUser: number;
  /** The window, in milliseconds (default one minute). */
  windowMs: number;
  /**
   * How long credentials that logged in stay known since their last success (default 30 minutes): a request that
   * carries them again is no guess and is not held back by the failures counted.
   */
  knownMs: number;
  now: () => number;
}

/** Logins held back after too many failures: 429, answered by each wire endpoint in its format, in English or French. */
export class TooManyLogins extends Error {
  override readonly name = "TooManyLogins";
  readonly status = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(TooManyLogins.words(retryAfterSeconds, "en"));
  }

  /** The message in `locale`. */
  messageIn(locale: ErrorLocale): string {
    return TooManyLogins.words(this.retryAfterSeconds, locale);
  }

  private static words(seconds: number, locale: ErrorLocale): string {
    return locale === "fr"
      ? `Trop de connexions ont échoué\u00a0: réessayez dans ${seconds}\u202fs.`
      : `Too many failed logins: try again in ${seconds} s.`;
  }
}

export class LoginThrottle {
  private readonly limits: LoginLimits;
  private readonly counts: LoginCounts;
  /**
   * Logins under way, per count key (`a:` address, `ua:` user at address), with what waits for one of them to end:
   * their failures are not counted yet, so they are counted as failures to come.
   */
  private readonly running = new Map<string, { count: number; ended: (() => void)[] }>();
  /**
   * Credentials that logged in, by a salted hash of the address, the user name and the password (never the
   * password itself), with when they last did; oldest first, at most KNOWN_MAX.
   */
  private readonly known = new Map<string, number>();
  private readonly salt = randomBytes(16);

  /** `counts`: where failures are counted (default: this process's memory). */
  constructor(limits: Partial<LoginLimits> = {}, counts: LoginCounts = memoryLoginCounts()) {
    this.limits = {
      perAddress: 20,
      perUser: 100,
      windowMs: 60_000,
      knownMs: 30 * 60_000,
      now: Date.now,
      ...limits,
    };
    this.counts = counts;
  }

  /**
   * Runs `login` for `username` from `address` unless a limit holds it back; a failure `login` reports by
   * throwing what `failed` recognises is counted against the address, the user, and the user at that address.
   * Past the per-user limit only the addresses that already failed for that user are held back: guessing from
   * many addresses is slowed to one try per address and window, and the owner, from an address that has not
   * failed, still logs in. The user is counted by its canonical name (`canonicalUser`).
   * The same `password` with the same user name from the same address that logged in within `knownMs` is not held
   * back: protocols that send the credentials with every request (XMLA, Planning REST) count each as a login, and
   * the connectors of this server all reach it from its own address, so one user's wrong passwords would
   * otherwise stop every other user's calls through that endpoint for the rest of the window.
   */
  async attempt<T>(
    address: string,
    username: string,
    login: () => Promise<T>,
    failed: (e: unknown) => boolean,
    password?: string,
  ): Promise<T> {
    const user = canonicalUser(username);
    const counted = limitAddress(address);
    const keys = [`a:${counted}`, `u:${user}`, `ua:${user}\n${counted}`];
    const windowMs = this.limits.windowMs;
    const knownKey =
      password === undefined
        ? null
        : createHash("sha256")
            .update(this.salt)
            .update(`${counted}\n${username}\n${password}`)
            .digest("base64");
    if (knownKey !== null && this.isKnown(knownKey)) {
      try {
        const done = await login();
        this.remember(knownKey);
        return done;
      } catch (e) {
        if (failed(e)) {
          // The password changed since: a failure like any other.
          this.known.delete(knownKey);
          await this.counts.add(keys, this.limits.now(), windowMs);
        }
        throw e;
      }
    }
    const hold = (w: LoginWindow) => {
      throw new TooManyLogins(Math.max(1, Math.ceil(w.msLeft / 1000)));
    };
    const addressKey = keys[0] as string;
    const userAtAddressKey = keys[2] as string;
    // Logins run at once from one address (or, past the user's limit, for that user from one address) no more
    // than the failures its limit still allows: the others wait for one of them to end, then look again. Without
    // this, concurrent tries all passed the check before the first failure was counted, and a burst of
    // hundreds from one address reached the server whatever WIRE_LOGIN_FAILURES_PER_MINUTE said.
    for (;;) {
      const [a, u, ua] = await this.counts.read(keys, this.limits.now(), windowMs);
      if (a && a.failures >= this.limits.perAddress) hold(a);
      if (u && u.failures >= this.limits.perUser && ua) hold(u);
      const userSpent = (u?.failures ?? 0) >= this.limits.perUser;
      const busy =
        (a?.failures ?? 0) + this.runningCount(addressKey) >= this.limits.perAddress
          ? addressKey
          : userSpent && this.runningCount(userAtAddressKey) > 0
            ? userAtAddressKey
            : null;
      if (busy === null) break;
      await new Promise<void>((resolve) => this.running.get(busy)?.ended.push(resolve) ?? resolve());
    }
    const started = [addressKey, userAtAddressKey];
    for (const k of started) {
      const r = this.running.get(k) ?? { count: 0, ended: [] };
      r.count++;
      this.running.set(k, r);
    }
    try {
      const done = await login();
      if (knownKey !== null) this.remember(knownKey);
      return done;
    } catch (e) {
      if (failed(e)) await this.counts.add(keys, this.limits.now(), windowMs);
      throw e;
    } finally {
      for (const k of started) {
        const r = this.running.get(k);
        if (!r) continue;
        r.count--;
        const waiting = r.ended.splice(0);
        if (r.count === 0) this.running.delete(k);
        for (const wake of waiting) wake();
      }
    }
  }

  private runningCount(key: string): number {
    return this.running.get(key)?.count ?? 0;
  }

  private isKnown(key: string): boolean {
    const at = this.known.get(key);
    if (at === undefined) return false;
    if (this.limits.now() - at < this.limits.knownMs) return true;
    this.known.delete(key);
    return false;
  }

  private remember(key: string): void {
    this.known.delete(key);
    this.known.set(key, this.limits.now());
    if (this.known.size > KNOWN_MAX) this.known.delete(this.known.keys().next().value as string);
  }
}

/** The most credentials a throttle remembers as having logged in (about 1 MB). */
const KNOWN_MAX = 10_000;

/**
 * The one name a user's failed logins are counted under, whatever form a client writes it in: case folded, and
 * without EPM Cloud's identity domain (`domain.user`), a Windows domain (`DOMAIN\\user`) or a realm
 * (`user@realm`), which the servers accept as the same account. A name with a dot counts without its first part:
 * stricter at worst, never a way around the count.
 */
export function canonicalUser(username: string): string {
  let u = username.trim().toLowerCase();
  const backslash = u.lastIndexOf("\\");
  if (backslash >= 0) u = u.slice(backslash + 1);
  const at = u.indexOf("@");
  if (at > 0) u = u.slice(0, at);
  const dot = u.indexOf(".");
  if (dot > 0) u = u.slice(dot + 1);
  return u;
}

/** A provider's refusal of the user name or password: what counts as a failed login. */
export const loginFailed = (e: unknown): boolean => e instanceof ProviderError && e.code === "LOGIN_FAILED";

/**
 * The user of a request's HTTP Basic credentials, checked by `provider` for `address` within `throttle`'s
 * limits: null when there are none or the provider refuses them; {@link TooManyLogins} past the limits.
 */
export async function basicLogin(
  throttle: LoginThrottle,
  provider: Provider,
  connector: Connector,
  request: { ip: string; headers: { authorization?: string | undefined } },
  address: URL,
  /** The request's context (its deadline, its signal), which the login is passed on within. */
  within: CallContext = CallContext.unbounded(),
): Promise<string | null> {
  const basic = basicCredentials(request.headers.authorization);
  if (!basic) return null;
  try {
    const login = () =>
      provider.login({
        connector,
        username: basic.username,
        password: basic.password,
        address,
        call: CallContext.forClient(request.ip, within),
      });
    return (await throttle.attempt(request.ip, basic.username, login, loginFailed, basic.password)).username;
  } catch (e) {
    if (loginFailed(e)) return null;
    throw e;
  }
}
