import type { JournalLog } from "@qibates/embedded";
import { DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import { wireSessionAlive } from "@qibates/wire";
import type { FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { type Config, longestCallWaitSeconds, WIRE_ENDPOINTS } from "./config.ts";
import { type Database, type EmbeddedOpener, openDatabase } from "./database.ts";
import { DEMO_OWNER, DEMO_USERS, issueDemoKey } from "./demo.ts";
import { KeyStore, ownerId, type VerifiedKey } from "./keys.ts";
import { OperationStore } from "./long-operations.ts";
import type { OAuthIssuers } from "./oauth/providers.ts";
import { OAuthService } from "./oauth/service.ts";
import { openProviders, type ProviderRegistry } from "./providers.ts";
import { type ConnectorRegistration, ServedConnectors } from "./served-connectors.ts";
import { MemorySessionStore, RedisSessionStore, type SessionStore } from "./sessions.ts";
import { checkStores } from "./store-check.ts";

/** Everything the API's handlers use, opened once at start-up and closed at shutdown. */
/** Owners of the wire endpoints' sessions: `<endpoint>:<user>` (each endpoint's default `owner`). */
const WIRE_OWNER = new RegExp(`^(${WIRE_ENDPOINTS.join("|")}):`);

export interface Services {
  config: Config;
  db: Database;
  keys: KeyStore;
  sessions: SessionStore;
  /** Shared Redis client (rate limits) when REDIS_URL is set. */
  redis: Redis | null;
  /** The providers that serve sessions: the embedded engine (demo addresses), and one client per protocol. */
  providers: ProviderRegistry;
  /** The connectors served: their descriptions and capability table, which the contract's lists are written from. */
  connectors: ServedConnectors;
  /**
   * The process's long work on the event loop takes turns here, a slice each: the embedded provider's grid and
   * MDX reads, large API answers, the XMLA endpoint's answers.
   */
  scheduler: SliceScheduler;
  /** The demo API key (demo mode only). */
  demoKey: string | null;
  /** Calls answered 202 (`Prefer: respond-async`), in the database so that every API node reads them. */
  operations: OperationStore;
  /** Check every answer against the contract's response schema (tests). */
  validateResponses: boolean;
  /** Owner of the signed-in browser session (OAuth), for the calls that accept it instead of a key. */
  browserSessionOwner?: (request: FastifyRequest) => Promise<VerifiedKey | null>;
  /** The Google / Microsoft sign-in that issues API keys, with its flows and browser sessions (database). */
  oauth: OAuthService;
  close(): Promise<void>;
}

export async function openServices(
  config: Config,
  options: {
    validateResponses?: boolean;
    /**
     * Providers to use instead of the product's (tests of the seam); built over the opened database, with the
     * server's one scheduler of long work.
     */
    providers?: (db: Database, scheduler: SliceScheduler) => Promise<ProviderRegistry>;
    /** Where the embedded applications warn (a journal checkpoint ignored or not saved). */
    log?: JournalLog;
    /** OpenID providers standing in for Google's and Microsoft's (tests only: no setting reaches them). */
    oauthIssuers?: OAuthIssuers;
    /** The connectors served and their protocols: the product's unless a test adds one. */
    connectors?: ConnectorRegistration;
    /** Where the embedded database comes from (tests only: no setting reaches it); PGlite in DATA_DIR otherwise. */
    embedded?: EmbeddedOpener;
  } = {},
): Promise<Services> {
  // PostgreSQL and Redis first, both at once and within a bounded wait: one that cannot be reached or refuses
  // the server stops the start with what to fix, before anything is opened (exit code 4, main.ts).
  await checkStores(config);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embedded: options.embedded,
  });
  const limits = { idleMs: config.sessionIdleMinutes * 60_000, maxMs: config.sessionMaxHours * 3_600_000 };
  let sessions: SessionStore;
  let redis: Redis | null = null;
  if (config.redisUrl) {
    const { Redis } = await import("ioredis");
    const sessionClient = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await sessionClient.connect();
    sessions = new RedisSessionStore(sessionClient, limits);
    redis = new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  } else {
    sessions = new MemorySessionStore(limits);
  }
  // Verified keys are cached only with the embedded PGlite, which serves one node. With PostgreSQL several
  // nodes share the keys, and every call checks the database so that a deleted key stops working at once.
  const keys = new KeyStore(db, { cache: !config.databaseUrl });
  const demoKey = config.demo ? await issueDemoKey(keys, db) : null;
  // Demo mode: the sessions of the published demo key change views of their own, never the shared demo.
  const demoOwner = ownerId(DEMO_OWNER);
  const ownViews =
    config.demo && config.demoSessionViews
      ? {
          // The demo key's sessions, and the demo users' sessions of the wire endpoints (owned
          // `<endpoint>:<user>`), which anyone may open with the published password.
          isolated: (session: { ownerId: string; username: string }) =>
            session.ownerId === demoOwner ||
            (WIRE_OWNER.test(session.ownerId) && DEMO_USERS.some((u) => u.username === session.username)),
          // A wire session's view lives as long as the wire session (wire-owned ids are not API sessions).
          alive: async (id: string) => wireSessionAlive(id) || (await sessions.alive(id)),
          sweepMs: 60_000,
          idleMs: limits.idleMs,
          // The copies in memory have a total; past it, the least recently used are rebuilt when next used.
          maxBytes: config.demoViewsMemoryMb * 1024 * 1024,
        }
      : undefined;
  const scheduler = new SliceScheduler(DEFAULT_SLICES);
  const connectors = new ServedConnectors(options.connectors);
  const providers = options.providers
    ? await options.providers(db, scheduler)
    : await openProviders(
        db,
        scheduler,
        config,
        options.log,
        ownViews,
        connectors.descriptions,
        connectors.registration.protocols,
      );
  const oauth = new OAuthService(config, db, keys, options.oauthIssuers);
  return {
    config,
    db,
    keys,
    sessions,
    redis,
    providers,
    connectors,
    scheduler,
    demoKey,
    operations: new OperationStore(db, {
      keptHours: config.operationsKeptHours,
      perKey: config.operationsPerKey,
      longestCallSeconds: longestCallWaitSeconds(config),
    }),
    oauth,
    browserSessionOwner: (request) => oauth.browserSessionOwner(request),
    validateResponses: options.validateResponses ?? false,
    close: async () => {
      await sessions.close();
      if ("close" in providers && typeof providers.close === "function") await providers.close();
      if (redis) await redis.quit();
      await db.close();
    },
  };
}
