import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../../src/database.ts";
import { DEMO_KEY_NAME, DEMO_OWNER, issueDemoKey } from "../../src/demo.ts";
import { KeyStore } from "../../src/keys.ts";
import { type RunningPostgres, startPostgres } from "../support/services.ts";

/**
 * API nodes started at the same moment on a new PostgreSQL database (a Kubernetes or systemd roll-out starts them
 * together): each brings the schema up to date as it starts. Racing each other, one node in four failed
 * (`relation "oauth_flows" already exists`, `duplicate key value violates unique constraint
 * "pg_type_typname_nsp_index"`) and left a second demo key behind; under an advisory lock, as Flyway and Prisma
 * Migrate take one, one node migrates and the others find the schema done.
 */

const NODES = 4;
const ROUNDS = 5;

let pg: RunningPostgres | undefined;

beforeAll(async () => {
  pg = await startPostgres();
});

afterAll(async () => {
  await pg?.stop();
});

/** What an API node does with the database as it starts (services.ts): the schema, then the demo key. */
async function startNode(url: string): Promise<string> {
  const db = await openDatabase({ databaseUrl: url, dataDir: "/nonexistent-so-pglite-is-not-used" });
  try {
    return await issueDemoKey(new KeyStore(db), db);
  } finally {
    await db.close();
  }
}

it(`${NODES} nodes started together on a new database all start, with one demo key (${ROUNDS} databases)`, async () => {
  const { default: pgClient } = await import("pg");
  const admin = new pgClient.Client({ connectionString: pg?.url });
  await admin.connect();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      await admin.query(`create database fresh_${round}`);
      const url = (pg?.url ?? "").replace(/\/postgres$/, `/fresh_${round}`);
      const started = await Promise.allSettled(Array.from({ length: NODES }, () => startNode(url)));
      const failed = started.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
      expect(failed, `round ${round}`).toEqual([]);
      const keys = new Set(started.map((s) => (s.status === "fulfilled" ? s.value : "")));
      expect(keys.size, `round ${round}: every node publishes the same demo key`).toBe(1);
      const check = new pgClient.Client({ connectionString: url });
      await check.connect();
      try {
        const demoKeys = await check.query(
          "select count(*)::int as n from api_keys where owner_issuer = $1 and owner_subject = $2 and name = $3",
          [DEMO_OWNER.issuer, DEMO_OWNER.subject, DEMO_KEY_NAME],
        );
        expect(demoKeys.rows[0].n, `round ${round}`).toBe(1);
      } finally {
        await check.end();
      }
    }
  } finally {
    await admin.end();
  }
});
