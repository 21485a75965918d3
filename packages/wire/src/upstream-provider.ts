import { createHash, randomBytes } from "node:crypto";
import {
  type Connector,
  type LoginInput,
  type Provider,
  ProviderError,
  type ProviderSession,
} from "@qibates/provider";

/**
 * The server a wire endpoint stands in front of, when it is not the embedded engine: the connector that reaches
 * it and its provider address (e.g. `essbase-stndln` at `https://essbase.example.com/essbase/japi`).
 */
export interface WireUpstream {
  connector: Connector;
  address: URL;
}

/** What a wire endpoint needs of its provider, by endpoint. */
export const WIRE_NEEDS = {
  "essbase-rest": ["essbase"],
  "planning-rest": ["planning"],
  xmla: ["olap"],
  smartview: ["essbase"],
} as const satisfies Record<string, readonly ("essbase" | "planning" | "olap")[]>;

/** What of `WIRE_NEEDS[endpoint]` the provider lacks (nothing: it can stand behind the endpoint). */
export function wireNeedsMissing(endpoint: keyof typeof WIRE_NEEDS, provider: Provider): string[] {
  return WIRE_NEEDS[endpoint].filter((need) => !provider[need]);
}

/** How long a user's upstream session is reused before a request logs in again. */
const REUSE_MS = 5 * 60_000;

/**
 * A remote provider seen by a wire endpoint as the embedded one is: a login with the endpoint's credentials logs
 * in to `upstream` (its connector, its address) and keeps the upstream session, which every call of that user
 * then runs in (`ProviderSession.handle`). A wire endpoint checks HTTP Basic on each request: the upstream
 * session of a user is reused while the same password comes back within five minutes, so a client's requests
 * do not each log in upstream. Passwords are kept as salted hashes only.
 *
 * That upstream session is the user's, shared by every session the endpoints hold for that user (each client,
 * each protocol): an endpoint's logout therefore does not end it upstream, where another of those sessions may
 * be using it, until the user's next login, which logs in upstream again; the connector ends the sessions no
 * call uses any more once they are idle (and every one at shutdown). An upstream session the connector no
 * longer holds (`SESSION_LOST`) is forgotten too, so that the next login opens a new one.
 */
export function upstreamProvider(inner: Provider, upstream: WireUpstream): Provider {
  const salt = randomBytes(16);
  const hash = (password: string) => createHash("sha256").update(salt).update(password).digest("hex");
  const logins = new Map<string, { password: string; handle: string | undefined; at: number }>();

  /** `call`'s answer; when the upstream session is gone, the user's next login logs in again. */
  const kept = async <T>(session: ProviderSession, call: (upstream: ProviderSession) => Promise<T>) => {
    const upstream = toUpstream(session);
    try {
      return await call(upstream);
    } catch (e) {
      const key = session.username.toLowerCase();
      if (
        e instanceof ProviderError &&
        e.code === "SESSION_LOST" &&
        logins.get(key)?.handle === upstream.handle
      )
        logins.delete(key);
      throw e;
    }
  };
  const toUpstream = (session: ProviderSession): ProviderSession => {
    const login = logins.get(session.username.toLowerCase());
    return {
      ...session,
      connector: upstream.connector,
      providerAddress: upstream.address.href,
      ...(login?.handle !== undefined ? { handle: login.handle } : {}),
    };
  };
  /**
   * `ops` with every method's first argument, the session, mapped to the upstream's: its own and those of every
   * class it inherits from (essbase-rest's outline calls are `RemoteOutlineOperations`', one class up).
   */
  const mapped = <T extends object>(ops: T): T => {
    const out: Record<string, unknown> = {};
    const names = new Set(Object.keys(ops));
    for (let p = Object.getPrototypeOf(ops); p && p !== Object.prototype; p = Object.getPrototypeOf(p))
      for (const name of Object.getOwnPropertyNames(p)) names.add(name);
    for (const name of names) {
      const f = (ops as Record<string, unknown>)[name];
      if (name === "constructor" || typeof f !== "function") continue;
      out[name] = (session: ProviderSession, ...rest: unknown[]) =>
        kept(session, async (upstream) => (f as (...a: unknown[]) => unknown).call(ops, upstream, ...rest));
    }
    return out as T;
  };

  const olap = inner.olap;
  return {
    id: inner.id,
    async login(input: LoginInput) {
      const key = input.username.toLowerCase();
      const known = logins.get(key);
      const password = hash(input.password);
      if (known && known.password === password && Date.now() - known.at < REUSE_MS)
        return { username: input.username };
      const answer = await inner.login({
        ...input,
        connector: upstream.connector,
        address: upstream.address,
      });
      logins.set(key, { password, handle: answer.handle, at: Date.now() });
      return { username: answer.username };
    },
    // The user's other sessions may be using the upstream session: it stays theirs until the next login,
    // which is checked upstream (the password is no longer taken as known).
    logout: async (session) => {
      const known = logins.get(session.username.toLowerCase());
      if (known) known.at = Number.NEGATIVE_INFINITY;
    },
    servers: (session) => kept(session, (u) => inner.servers(u)),
    applications: (session, server, sort) => kept(session, (u) => inner.applications(u, server, sort)),
    cubes: (session, app) => kept(session, (u) => inner.cubes(u, app)),
    essbase: inner.essbase ? mapped(inner.essbase) : null,
    planning: inner.planning ? mapped(inner.planning) : null,
    ...(olap
      ? {
          olap: {
            cube: (_connector, ref, session) =>
              session
                ? kept(session, (u) => olap.cube(upstream.connector, ref, u))
                : olap.cube(upstream.connector, ref, undefined),
            statement: (text) => olap.statement(text),
            memberNameParts: (text) => olap.memberNameParts(text),
            mdxKeywords: olap.mdxKeywords,
            mdxFunctions: olap.mdxFunctions,
            mdxCapabilities: olap.mdxCapabilities,
            writable: olap.writable,
          },
        }
      : {}),
  };
}
