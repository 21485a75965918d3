import { type Connector, type Provider, ProviderError } from "@qibates/provider";
import { basicCredentials } from "./basic-auth.ts";

/**
 * Failed logins on the wire endpoints, limited per client address and per user name: every endpoint checks
 * HTTP Basic (or `ConnectToProvider`'s password) itself, before the API's rate limit would count the call, so
 * wrong passwords could otherwise be tried without end. Past the limit, a login is refused at once (its
 * password is not even checked) with {@link TooManyLogins}, a 429 each endpoint answers in its own format,
 * until the window in which the failures were counted ends; past the per-user limit, only from the addresses
 * that failed for that user (`attempt`). A successful login does not reset the counts.
 * In memory, per server process: behind several API nodes each node counts its own.
 */

export interface LoginLimits {
  /** Failed logins one client address may make per window (default 20). */
  perAddress: number;
  /** Failed logins for one user name, from any address, per window (default 100). */
  perUser: number;
  /** The window, in milliseconds (default one minute). */
  windowMs: number;
  now: () => number;
}

export class TooManyLogins extends Error {
  override readonly name = "TooManyLogins";
  readonly status = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed logins: try again in ${retryAfterSeconds} seconds.`);
  }
}

interface Window {
  start: number;
  failures: number;
}

export class LoginThrottle {
  private readonly limits: LoginLimits;
  private readonly windows = new Map<string, Window>();

  constructor(limits: Partial<LoginLimits> = {}) {
    this.limits = { perAddress: 20, perUser: 100, windowMs: 60_000, now: Date.now, ...limits };
  }

  /**
   * Runs `login` for `username` from `address` unless a limit holds it back; a failure `login` reports by
   * throwing what `failed` recognises is counted against the address, the user, and the user at that address.
   * Past the per-user limit only the addresses that already failed for that user are held back: guessing from
   * many addresses is slowed to one try per address and window, and the owner, from an address that has not
   * failed, still logs in. The user is counted by its canonical name (`canonicalUser`).
   */
  async attempt<T>(
    address: string,
    username: string,
    login: () => Promise<T>,
    failed: (e: unknown) => boolean,
  ): Promise<T> {
    if (this.windows.size > 10_000) this.sweep();
    const user = canonicalUser(username);
    const byAddress = `a:${address}`;
    const byUser = `u:${user}`;
    const byUserAtAddress = `ua:${user}\n${address}`;
    const now = this.limits.now();
    const hold = (w: Window | null) => {
      if (w) throw new TooManyLogins(Math.max(1, Math.ceil((w.start + this.limits.windowMs - now) / 1000)));
    };
    const a = this.current(byAddress, now);
    if (a && a.failures >= this.limits.perAddress) hold(a);
    const u = this.current(byUser, now);
    if (u && u.failures >= this.limits.perUser && this.current(byUserAtAddress, now)) hold(u);
    try {
      return await login();
    } catch (e) {
      if (failed(e)) {
        for (const k of [byAddress, byUser, byUserAtAddress]) {
          const w = this.current(k, now) ?? { start: now, failures: 0 };
          w.failures++;
          this.windows.set(k, w);
        }
      }
      throw e;
    }
  }

  /** Forgets the windows that ended (many user names tried once each). */
  private sweep(): void {
    const now = this.limits.now();
    for (const [k, w] of this.windows) if (now - w.start >= this.limits.windowMs) this.windows.delete(k);
  }

  private current(key: string, now: number): Window | null {
    const w = this.windows.get(key);
    if (!w) return null;
    if (now - w.start >= this.limits.windowMs) {
      this.windows.delete(key);
      return null;
    }
    return w;
  }
}

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
): Promise<string | null> {
  const basic = basicCredentials(request.headers.authorization);
  if (!basic) return null;
  try {
    const login = () =>
      provider.login({ connector, username: basic.username, password: basic.password, address });
    return (await throttle.attempt(request.ip, basic.username, login, loginFailed)).username;
  } catch (e) {
    if (loginFailed(e)) return null;
    throw e;
  }
}
