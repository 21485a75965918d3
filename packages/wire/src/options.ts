import type { CallContext, Connector, Provider } from "@qibates/provider";
import type { FastifyRequest } from "fastify";
import type { LoginThrottle } from "./login-throttle.ts";

/** What every wire endpoint plugin takes. */
export interface WireEndpointOptions {
  /** Every call goes to this provider (the server passes the embedded one: the demo's users and data). */
  provider: Provider;
  /**
   * The context of a request's calls to the provider (its deadline and signal), handed with each session the
   * endpoint uses for that request and with each login (`request-call.ts`). The server gives it in front of
   * another server (`wire-deadline.ts`); none: `CallContext.unbounded()`.
   */
  callOf?: (request: FastifyRequest) => CallContext | undefined;
  /** The connector value of the provider sessions (each endpoint names its default). */
  connector?: Connector;
  /** A session unused this long ends (default 30 minutes). */
  idleMinutes?: number;
  /**
   * A session ends this long after its login, however it is used, though never during one of its requests
   * (default: no such bound). The server gives `SESSION_MAX_HOURS` plus `CONNECTION_TIMEOUT_SECONDS`, so that an
   * API session reaching the endpoint through a connector always ends first.
   */
  maxSessionSeconds?: number;
  /** At most this many sessions at once, all users together; beyond, a login is refused (default 10,000). */
  maxSessions?: number;
  /** At most this many sessions of one user at one client address; beyond, that owner's least recently used ends (default 100). */
  maxSessionsPerUser?: number;
  /**
   * At most this many sessions of one client network (an IPv6 client's /48, an IPv4 address), all its users
   * together; beyond, a login from it is refused, nobody's session ended (default 1,000: `WIRE_SESSIONS_PER_NETWORK`).
   */
  maxSessionsPerNetwork?: number;
  /** The largest grid, in cells, a grid call may send or be answered (default 500,000: `MAX_GRID_CELLS`). */
  maxCells?: number;
  /** The server's name and version, as the endpoint announces them (with what serves it, where it says so). */
  about?: { name: string; version: string; description?: string };
  /** Failed logins counted per address and user (`login-throttle.ts`); share one across endpoints. */
  loginThrottle?: LoginThrottle;
  /** Who writes are journaled under, from the user name (default `<endpoint>:<user>`). */
  owner?: (username: string) => string;
  /**
   * Users whose one account many people share (the public demo user): what such a user's session starts or
   * holds (sessions listed, jobs and their re-runs) is visible only from the client address that made it.
   * Others see everything of their own user name. Default: no such user.
   */
  sharedUser?: (username: string) => boolean;
  /**
   * Users with the administrator's role on this endpoint (a deployment's service administrators): they list and
   * end every user's sessions, list, read and re-run every job, poll every job's status and read and delete the
   * files of every user's folder, as Essbase's and Planning's service administrators do. A shared user
   * (`sharedUser`) never has the role, whatever this says. Default: nobody.
   */
  administrator?: (username: string) => boolean;
}

/** The limits of an endpoint's session store (`SessionStore`), from its options. */
export function sessionLimits(options: WireEndpointOptions) {
  return {
    idleMs: (options.idleMinutes ?? 30) * 60_000,
    max: options.maxSessions ?? 10_000,
    maxPerOwner: options.maxSessionsPerUser ?? 100,
    maxPerNetwork: options.maxSessionsPerNetwork ?? 1_000,
    ...(options.maxSessionSeconds !== undefined ? { maxAgeMs: options.maxSessionSeconds * 1000 } : {}),
  };
}

/** The administrator's role of a user on a wire endpoint: never a shared user's (`WireEndpointOptions`). */
export function administratorRole(
  options: Pick<WireEndpointOptions, "administrator" | "sharedUser">,
): (username: string) => boolean {
  const admin = options.administrator;
  const shared = options.sharedUser;
  if (!admin) return () => false;
  return (username) => !(shared?.(username) ?? false) && admin(username);
}

/**
 * A user name in the one form an administrator's name is compared in: case folded, and a Windows domain
 * (`DOMAIN\user`) written as the realm it stands for (`user@domain`), which the servers accept as the same
 * account. The domain or realm stays: an administrator named with one is that account of that domain only, and
 * one named without any is only the account without a domain. `identitydomain.user` is a name like any other
 * (a dot may be part of a user's own name). Stricter than the failed-login count (`canonicalUser`), which may
 * count two accounts as one; the role is never granted to an account the name does not spell.
 */
export function accountName(username: string): string {
  const u = username.trim().toLowerCase();
  const backslash = u.indexOf("\\");
  if (backslash > 0 && !u.includes("@")) return `${u.slice(backslash + 1)}@${u.slice(0, backslash)}`;
  return u;
}

/**
 * The users `names` give the administrator's role (`WireEndpointOptions.administrator`), compared as
 * `accountName` writes them; empty names are ignored.
 */
export function administratorsNamed(names: readonly string[]): (username: string) => boolean {
  const wanted = new Set(names.map(accountName).filter((n) => n !== "" && !n.startsWith("@")));
  return (username) => wanted.has(accountName(username));
}
