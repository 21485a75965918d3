import type { Config } from "./config.ts";

/**
 * The start's check of the services the server depends on: PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), each
 * given STORE_CONNECT_TIMEOUT_SECONDS to accept a connection, both at once. One that cannot be reached or refuses
 * the server stops the start (exit code 4) with a line that names the setting, shows its address with the
 * password hidden, says the cause in plain words and what to check: never a stack trace, never the password.
 */

/** The services the start checks, as their setting, name and default port. */
interface Store {
  readonly variable: "DATABASE_URL" | "REDIS_URL";
  readonly service: "PostgreSQL" | "Redis";
  readonly defaultPort: number;
  /** How an address asks for TLS, for the hint of a connection closed before the service answered. */
  readonly tls: string;
}

export const POSTGRES: Store = {
  variable: "DATABASE_URL",
  service: "PostgreSQL",
  defaultPort: 5432,
  tls: "?sslmode=require",
};
export const REDIS: Store = { variable: "REDIS_URL", service: "Redis", defaultPort: 6379, tls: "rediss://" };

/** What the start could not reach: one line per service, each naming its setting. */
export class StoreUnreachableError extends Error {
  override readonly name = "StoreUnreachableError";
  constructor(readonly refusals: readonly string[]) {
    super(refusals.join("\n"));
  }
}

/** No answer within the start's wait. */
export class StoreTimeout extends Error {
  override readonly name = "StoreTimeout";
}

/**
 * `raw` as the start shows it: the password replaced by `***`, the query (which may hold one: `?password=`) left
 * out. `postgres://user:secret@host/db` → `postgres://user:***@host/db`.
 */
export function shownAddress(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return "not a URL";
  }
  const user = `${u.username}${u.password === "" ? "" : ":***"}`;
  const path = u.pathname === "/" ? "" : u.pathname;
  return `${u.protocol}//${user === "" ? "" : `${user}@`}${u.host}${path}`;
}

/** Every password `raw` holds (its own, and any query parameter named like one), as written and decoded. */
function secretsOf(raw: string): string[] {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return [];
  }
  const secrets = [u.password];
  for (const [name, value] of u.searchParams) if (/pass|secret|key/i.test(name)) secrets.push(value);
  const all = secrets.flatMap((s) => {
    try {
      return [s, decodeURIComponent(s)];
    } catch {
      return [s];
    }
  });
  return [...new Set(all.filter((s) => s !== ""))];
}

/** `text` with every password of `raw` replaced by `***` (a service's own message never holds one: a safeguard). */
function scrubbed(text: string, raw: string): string {
  let out = text;
  for (const secret of secretsOf(raw)) out = out.split(secret).join("***");
  return out;
}

/** The host and port the address names (the service's default port when it names none). */
function endpoint(raw: string, store: Store): { host: string; where: string } {
  try {
    const u = new URL(raw);
    const host = u.hostname === "" ? "localhost" : u.hostname;
    return { host, where: `${host}:${u.port === "" ? store.defaultPort : u.port}` };
  } catch {
    return { host: "?", where: "?" };
  }
}

const NOT_RESOLVED = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL", "EAI_NODATA"]);
const UNREACHABLE = new Set(["EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN", "EADDRNOTAVAIL"]);
const CLOSED = new Set(["ECONNRESET", "EPIPE"]);

/**
 * Why `store` at `raw` could not be used, as the line the start prints: the setting, its address without the
 * password, the cause in plain words (connection refused, name not resolved, host unreachable, timed out,
 * authentication failed, database does not exist) and what to check.
 */
export function storeRefusal(store: Store, raw: string, error: unknown, waitSeconds: number): string {
  const { variable: v, service: s } = store;
  const { host, where } = endpoint(raw, store);
  const e = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const code = typeof e.code === "string" ? e.code : "";
  // The cause is read from the service's own words; only what is shown is scrubbed (a one-letter password would
  // otherwise change the words the patterns below read: "unex***ectedly").
  const said = (typeof e.message === "string" ? e.message : String(error)).trim();
  const message = scrubbed(said, raw);
  let cause: string;
  if (error instanceof StoreTimeout || code === "ETIMEDOUT") {
    cause = `timed out (no answer from ${where} within ${waitSeconds} s); check the host and port in ${v} and that no firewall drops the connection, or raise STORE_CONNECT_TIMEOUT_SECONDS`;
  } else if (code === "ECONNREFUSED") {
    cause = `connection refused (nothing listens on ${where}); check that ${s} is running there and that ${v} names its host and port`;
  } else if (NOT_RESOLVED.has(code)) {
    cause = `name not resolved (the host name ${host} has no address); check the host name in ${v}`;
  } else if (UNREACHABLE.has(code)) {
    cause = `host unreachable (no route to ${where}); check the host in ${v} and the network between this machine and it`;
  } else if (store === POSTGRES && (code === "28P01" || code === "28000")) {
    cause = `authentication failed (PostgreSQL: ${message}); check the user name and password in ${v}, and that pg_hba.conf lets this user connect from this machine`;
  } else if (store === POSTGRES && /client password must be a string/i.test(said)) {
    cause = `authentication failed (PostgreSQL asks for a password and ${v} gives none); add it: postgresql://user:password@host/database`;
  } else if (store === POSTGRES && code === "3D000") {
    cause = `database does not exist (PostgreSQL: ${message}); create it, or name an existing database in ${v}`;
  } else if (store === REDIS && /^NOAUTH\b/.test(said)) {
    cause = `authentication failed (Redis requires a password and ${v} gives none); add it: redis://:password@host:port`;
  } else if (store === REDIS && /^WRONGPASS\b|invalid password|invalid username-password/i.test(said)) {
    cause = `authentication failed (Redis: ${message}); check the user name and password in ${v}`;
  } else if (
    CLOSED.has(code) ||
    /^Connection (is closed|terminated unexpectedly)/i.test(said) ||
    /socket hang up/i.test(said)
  ) {
    cause = `connection closed (${where} closed it before ${s} answered); check that ${v} names a ${s} server, and whether it requires TLS (${store.tls})`;
  } else if (/^[0-9A-Z]{5}$/.test(code) || (error as { name?: unknown }).name === "ReplyError") {
    cause = `${s} refused the connection (${message}); see ${s}'s log`;
  } else {
    cause = `connection failed (${message}); check ${v} and that ${s} is running at ${where}`;
  }
  return `${v} (${shownAddress(raw)}): ${cause}`;
}

/** Connects to PostgreSQL at `url` as the server will, within `ms`; throws what went wrong. */
async function probePostgres(url: string, ms: number): Promise<void> {
  const { default: pg } = await import("pg");
  // pg's own timer ends the connection it is making (a socket stuck before PostgreSQL's answer included).
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: ms });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (e) {
    if (e instanceof Error && /^timeout expired$|connection timeout/i.test(e.message))
      throw new StoreTimeout();
    throw e;
  }
  await client.end();
}

/** Connects to Redis at `url` (ready to take commands: authenticated, not loading), within `ms`; throws what went wrong. */
async function probeRedis(url: string, ms: number): Promise<void> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: ms,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  // The first error says why (ECONNREFUSED, NOAUTH…); connect() then only rejects with "Connection is closed".
  let first: unknown;
  client.on("error", (e: unknown) => {
    first ??= e;
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeout()), ms);
  });
  try {
    await Promise.race([client.connect(), deadline]);
  } catch (e) {
    throw e instanceof StoreTimeout ? e : (first ?? e);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/**
 * Checks that PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), when set, accept the server, both at once, each
 * within STORE_CONNECT_TIMEOUT_SECONDS; throws a StoreUnreachableError with one line for each that does not.
 */
export async function checkStores(
  config: Pick<Config, "databaseUrl" | "redisUrl" | "storeConnectTimeoutSeconds">,
): Promise<void> {
  const seconds = config.storeConnectTimeoutSeconds;
  const check = async (store: Store, url: string | undefined, probe: typeof probePostgres) => {
    if (!url) return null;
    try {
      await probe(url, seconds * 1000);
      return null;
    } catch (e) {
      return storeRefusal(store, url, e, seconds);
    }
  };
  const refusals = (
    await Promise.all([
      check(POSTGRES, config.databaseUrl, probePostgres),
      check(REDIS, config.redisUrl, probeRedis),
    ])
  ).filter((r): r is string => r !== null);
  if (refusals.length > 0) throw new StoreUnreachableError(refusals);
}
