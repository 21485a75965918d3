import { join } from "node:path";
import type { EmbeddedOpener, EmbeddedPostgres } from "../../src/database.ts";
import { workerDataDir } from "./data-dir.ts";

/**
 * The embedded database of the test servers of a worker process: one PGlite for them all, with a schema of its
 * own for each server's data folder, where the server's migrations create its tables: a copy of the template and
 * PGlite opened on it cost several times the CPU of a schema and its migrations, and tens of MB of writes
 * (bench/BENCHMARKS.md, Test suite). What a server stores is its own (its schema comes first in the search path of each of its queries
 * and transactions), and kept across a restart on the same folder, as in the server's own PGlite. The server still
 * locks its folder, so a second server on it is refused as before. Tests about the embedded database itself open
 * PGlite in their folder (`openDatabase` without this, or a server process).
 */

type PGlite = InstanceType<typeof import("@electric-sql/pglite").PGlite>;

let shared: Promise<PGlite> | undefined;
/** Each data folder's schema, by the folder PGlite would have used. */
const schemas = new Map<string, string>();
/** How many schemas this process has made: each has a new name. */
let made = 0;
/** The schema the shared connection's search path names, when known. */
let inUse: string | undefined;
/** The queries and transactions of every server, one at a time, each after its search path is set. */
let queue: Promise<unknown> = Promise.resolve();

function instance(): Promise<PGlite> {
  shared ??= (async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const pg = new PGlite(join(workerDataDir(), "pglite"));
    await pg.waitReady;
    return pg;
  })();
  return shared;
}

/** Runs `fn` once every call queued before it has ended. */
function queued<T>(fn: (pg: PGlite) => Promise<T>): Promise<T> {
  const turn = queue.then(async () => fn(await instance()));
  queue = turn.catch(() => undefined);
  return turn;
}

/** As {@link queued}, with `schema` first in the search path. */
function inSchema<T>(schema: string, fn: (pg: PGlite) => Promise<T>): Promise<T> {
  return queued(async (pg) => {
    if (inUse !== schema) {
      inUse = undefined;
      await pg.exec(`set search_path to ${schema}`);
      inUse = schema;
    }
    return fn(pg);
  });
}

/** A test server's embedded database: its schema in the worker's PGlite. */
export const sharedEmbeddedDatabase: EmbeddedOpener = async (folder) => {
  let schema = schemas.get(folder);
  if (!schema) {
    made += 1;
    schema = `test_server_${made}`;
    const name = schema;
    await queued((pg) => pg.exec(`create schema ${name}`));
    schemas.set(folder, schema);
  }
  const own = schema;
  const database: EmbeddedPostgres = {
    query: (sql, params) => inSchema(own, (pg) => pg.query(sql, params)),
    transaction: (fn) => inSchema(own, (pg) => pg.transaction((tx) => fn(tx))),
    // The schema stays until its file ends (`dropSharedSchemas`): a server restarted on the folder finds its data.
    close: async () => undefined,
  };
  return database;
};

/** Drops the schemas of the servers of a test file that ended (the setup file's `afterAll`). */
export async function dropSharedSchemas(): Promise<void> {
  const ended = [...schemas.values()];
  schemas.clear();
  for (const schema of ended) await queued((pg) => pg.exec(`drop schema ${schema} cascade`));
}
