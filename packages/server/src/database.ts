import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { ApiError } from "./api-error.ts";
import { lockFolder } from "./folder-lock.ts";

/**
 * One SQL dialect (PostgreSQL) for both stores: PGlite in a local folder by default, a PostgreSQL server
 * when DATABASE_URL is set. Everything that must survive a restart (API keys, everything a call writes)
 * goes through this interface, and is committed before the call answers.
 */
export interface Database {
  query<R extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<R[]>;
  /** Runs `fn` in one transaction: all of it is stored, or none of it. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: "pglite" | "postgres";
}

export interface Queryable {
  query<R extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<R[]>;
}

/** Schema migrations, applied in order once each. Never edit a released one: add a new one. */
const MIGRATIONS: readonly string[] = [
  `create table api_keys (
     id bigserial primary key,
     owner_issuer text not null,
     owner_subject text not null,
     owner_email text,
     provider text not null,
     name text not null,
     key_hash text not null unique,
     key_prefix text not null,
     created_at timestamptz not null default now(),
     last_used_at timestamptz,
     unique (owner_issuer, owner_subject, name)
   )`,
  `create table journal (
     id bigserial primary key,
     application text not null,
     kind text not null,
     payload jsonb not null,
     written_by text not null,
     written_at timestamptz not null default now()
   )`,
  `create index journal_application on journal (application, id)`,
  `create table task_status (
     owner text not null,
     application text not null,
     task_list text not null,
     task text not null,
     complete boolean not null,
     updated_at timestamptz not null default now(),
     primary key (owner, application, task_list, task)
   )`,
  `create table user_preferences (
     owner text not null,
     application text not null,
     name text not null,
     value text not null,
     updated_at timestamptz not null default now(),
     primary key (owner, application, name)
   )`,
  `create table oauth_flows (
     state_hash text primary key,
     provider text not null,
     key_name text not null,
     nonce text not null,
     code_verifier text not null,
     redirect_uri text not null,
     browser_hash text not null,
     expires_at timestamptz not null
   )`,
  `create table browser_sessions (
     token_hash text primary key,
     owner_issuer text not null,
     owner_subject text not null,
     owner_email text,
     provider text not null,
     created_at timestamptz not null default now(),
     expires_at timestamptz not null
   )`,
  `alter table task_status add column completed_at text`,
  // The journal's checkpoints (embedded-store.ts). The table keeps this name: a migration runs when a node starts,
  // while the nodes of the previous version still read and write the old name, so a rename is not safe.
  `create table journal_snapshots (
     application text not null,
     position bigint not null,
     compacted_through bigint not null,
     data bytea not null,
     written_at timestamptz not null default now(),
     primary key (application, position)
   )`,
  // The demo key in clear, so that every API node over one database publishes the same one (demo.ts). It is
  // no secret: GET /health shows it to anyone.
  `create table demo_key (
     id integer primary key check (id = 1),
     api_key text not null
   )`,
  // Calls answered 202 (Prefer: respond-async), read by any API node until they expire (long-operations.ts).
  `create table api_operations (
     id text primary key,
     key_id bigint not null,
     operation text not null,
     status text not null,
     created_at timestamptz not null default now(),
     heartbeat_at timestamptz not null default now(),
     ended_at timestamptz,
     expires_at timestamptz not null,
     outcome text
   )`,
  `create index api_operations_expires on api_operations (expires_at)`,
  // OPERATIONS_PER_KEY counts a key's operations at each new one (long-operations.ts); those of the public demo key
  // by the client address that started them (`visitor`), as its rate limit counts them.
  `alter table api_operations add column visitor text`,
  `create index api_operations_key on api_operations (key_id, expires_at)`,
  // What happened to each key (keys.ts): created, deleted by its owner, revoked by an administrator, a call
  // refused for a key deleted or revoked. Kept whole, for the administrators to read and export.
  `create table api_key_events (
     id bigserial primary key,
     at timestamptz not null default now(),
     event text not null,
     key_id bigint not null,
     key_name text not null,
     key_prefix text not null,
     owner_email text,
     provider text not null,
     actor_email text
   )`,
  // The hashes of deleted and revoked keys, so that a call presenting one is told apart from a call with a key
  // that never existed, and recorded (`refused_at`: the last record, at most one a minute per key).
  `create table retired_api_keys (
     key_hash text primary key,
     key_id bigint not null,
     key_name text not null,
     key_prefix text not null,
     owner_email text,
     provider text not null,
     retired_at timestamptz not null default now(),
     refused_at timestamptz
   )`,
  // The groups that named a key's or a browser session's owner an administrator at sign-in (keys.ts `adminGroups`).
  `alter table api_keys add column admin_groups text`,
  `alter table browser_sessions add column admin_groups text`,
];

/**
 * The advisory lock under which an API node brings the schema up to date (any constant number, not the demo
 * key's): nodes started together on one PostgreSQL database take turns, as Flyway and Prisma Migrate do, so
 * that one applies what is missing and the others find it done. Without it, two of them created the same
 * table at once and one stopped (`relation … already exists`, `duplicate key … pg_type_typname_nsp_index`).
 */
const MIGRATION_LOCK = 0x51_42_6d_67;

async function migrate(db: Database): Promise<void> {
  // PGlite serves one process (its folder is locked): nobody to take turns with.
  if (db.kind !== "postgres") return applyMigrations(db, (fn) => db.transaction(fn));
  // Held by this transaction until it ends, every migration inside it: a node that stops half-way leaves
  // nothing applied and the lock free.
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await applyMigrations(tx, (fn) => fn(tx));
  });
}

/** Applies the migrations `schema_migrations` does not list, each with its row through `step`. */
async function applyMigrations(
  db: Queryable,
  step: (fn: (tx: Queryable) => Promise<void>) => Promise<void>,
): Promise<void> {
  await db.query("create table if not exists schema_migrations (version integer primary key)");
  const done = new Set(
    (await db.query<{ version: number }>("select version from schema_migrations")).map((r) => r.version),
  );
  for (const [i, sql] of MIGRATIONS.entries()) {
    const version = i + 1;
    if (done.has(version)) continue;
    await step(async (tx) => {
      await tx.query(sql);
      await tx.query("insert into schema_migrations (version) values ($1)", [version]);
    });
  }
}

/** What the server uses of an embedded PostgreSQL (PGlite): its queries and transactions. */
export interface EmbeddedPostgres {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  transaction<T>(
    fn: (tx: { query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }> }) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens the embedded database kept in `folder`: PGlite's own, unless a test gives another (the API's tests open
 * one schema a server in a PGlite that their process shares).
 */
export type EmbeddedOpener = (folder: string) => Promise<EmbeddedPostgres>;

const openPgliteFolder: EmbeddedOpener = async (folder) => {
  const { PGlite } = await import("@electric-sql/pglite");
  const pg = new PGlite(folder);
  await pg.waitReady;
  return pg;
};

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  embedded?: EmbeddedOpener | undefined;
}): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir, options.embedded ?? openPgliteFolder);
  await migrate(db);
  return db;
}

async function openPglite(dataDir: string, open: EmbeddedOpener): Promise<Database> {
  const dir = resolve(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  // One server per folder: a second one refuses to start (FolderInUseError) rather than corrupt the files.
  const unlock = lockFolder(resolve(dataDir));
  let pg: EmbeddedPostgres;
  try {
    pg = await open(dir);
  } catch (e) {
    unlock();
    throw e;
  }
  // PGlite runs each query synchronously on the event loop (PostgreSQL in WebAssembly) and answers through
  // promises alone: calls that arrive together (64 `respond-async` launches) ran all their queries back to back
  // without the loop reading a socket, `/health` waiting 0.5-1.8 s. Queries now take turns: each
  // starts on a turn of the loop of its own, after the one before it, so that what waits on the loop (a
  // socket's read, a timer) runs between any two. PGlite runs one query at a time anyway.
  let turns = Promise.resolve();
  const nextTurn = () => {
    turns = turns.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    return turns;
  };
  const run = async <R>(
    q: Pick<EmbeddedPostgres, "query">,
    sql: string,
    params?: unknown[],
  ): Promise<R[]> => {
    await nextTurn();
    return (await q.query<R>(sql, params)).rows;
  };
  return {
    kind: "pglite",
    query: (sql, params) => run(pg, sql, params),
    transaction: (fn) => pg.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) })),
    close: async () => {
      try {
        await pg.close();
      } finally {
        unlock();
      }
    },
  };
}

/** Socket errors of a connection to PostgreSQL that could not be made or was lost. */
const CONNECTION_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // A Unix-domain socket whose server stopped.
  "ENOENT",
]);

/**
 * Whether an error of the `pg` client says PostgreSQL cannot be reached (rather than refusing a statement):
 * a socket error, a SQLSTATE of class 08 (connection exception), 57P01–57P03 (shut down, starting up) or
 * 53300 (too many connections), or the pool's own messages for a lost or timed-out connection.
 */
export function databaseUnreachable(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string") {
    if (CONNECTION_ERRORS.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === "53300") return true;
  }
  return /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|is not queryable/i.test(
    e.message,
  );
}

/** Runs a database call; PostgreSQL out of reach is answered `503 QB_ERR_DATA_STORE_UNAVAILABLE`. */
async function reachable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (databaseUnreachable(e))
      throw Object.assign(new ApiError("QB_ERR_DATA_STORE_UNAVAILABLE"), { cause: e });
    throw e;
  }
}

/**
 * A parameterised statement goes to PostgreSQL as a named prepared statement: each connection parses and plans
 * it once, then only binds and runs it (the key check and the journal's head are on every call's path). A
 * statement without parameters (a migration may hold several) is sent as it is.
 */
function statement(sql: string, params: readonly unknown[] | undefined) {
  if (!params || params.length === 0) return { text: sql };
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `qb_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params as unknown[] };
}
const statementNames = new Map<string, string>();

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that PostgreSQL drops (a restart, a failover) emits an error on the pool: without a
  // listener it would end the process. The pool discards that connection; calls made while the database is
  // down fail with their own error and succeed again once it is back.
  pool.on("error", (e: Error) => {
    process.emitWarning(`PostgreSQL dropped an idle connection: ${e.message}`, { code: "QIBATES_PG_IDLE" });
  });
  // Fail at start-up, not on the first call, when the server cannot be reached.
  const client = await pool.connect();
  client.release();
  return {
    kind: "postgres",
    query: (sql, params) => reachable(async () => (await pool.query(statement(sql, params))).rows),
    transaction: (fn) =>
      reachable(async () => {
        const c = await pool.connect();
        let lost: Error | undefined;
        try {
          await c.query("begin");
          const out = await fn({
            query: async (sql, params) => (await c.query(statement(sql, params))).rows,
          });
          await c.query("commit");
          return out;
        } catch (e) {
          if (databaseUnreachable(e)) lost = e as Error;
          // A connection that is gone cannot roll back: what it began ends with it.
          await c.query("rollback").catch((r: unknown) => {
            if (!databaseUnreachable(r)) throw r;
            lost = r as Error;
          });
          throw e;
        } finally {
          // A lost connection is dropped from the pool, not handed to the next call.
          c.release(lost);
        }
      }),
    close: () => pool.end(),
  };
}
