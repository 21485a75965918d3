import type { Connector, Provider } from "@qibates/provider";
import type { LoginThrottle } from "./login-throttle.ts";

/** What every wire endpoint plugin takes. */
export interface WireEndpointOptions {
  /** Every call goes to this provider (the server passes the embedded one: the demo's users and data). */
  provider: Provider;
  /** The connector value of the provider sessions (each endpoint names its default). */
  connector?: Connector;
  /** A session unused this long ends (default 30 minutes). */
  idleMinutes?: number;
  /** At most this many sessions at once, all users together; beyond, a login is refused (default 10,000). */
  maxSessions?: number;
  /** At most this many sessions of one user at one client address; beyond, that owner's least recently used ends (default 100). */
  maxSessionsPerUser?: number;
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

/** The administrator's role of a user on a wire endpoint: never a shared user's (`WireEndpointOptions`). */
export function administratorRole(
  options: Pick<WireEndpointOptions, "administrator" | "sharedUser">,
): (username: string) => boolean {
  const admin = options.administrator;
  const shared = options.sharedUser;
  if (!admin) return () => false;
  return (username) => !(shared?.(username) ?? false) && admin(username);
}
