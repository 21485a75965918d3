import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/database.ts";
import { testDataDir } from "./support/data-dir.ts";

/**
 * PGlite runs each query synchronously on the event loop and answers through promises alone, so the
 * queries of calls that arrived together ran back to back without the loop reading a socket (64 `respond-async`
 * rule launches at once: `/health` waited 0.5-1.8 s). Queries now take turns of the loop: what waits on it (here
 * an immediate, as a socket's read would) runs between the queries of a burst, not after all of them.
 */
let dir: string;
let db: Database;
beforeAll(async () => {
  dir = testDataDir("qibates-pglite-turns-");
  db = await openDatabase({ dataDir: dir });
}, 60_000);
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The most of `count` queries sent at once that answered between two turns of the loop: each turn is seen by an
 * immediate (as a socket's read would be), which counts the queries answered since the last one.
 */
async function mostAnsweredInOneTurn(count: number, query: () => Promise<unknown>): Promise<number> {
  let answered = 0;
  let seen = 0;
  let most = 0;
  let done = false;
  const turn = () => {
    most = Math.max(most, answered - seen);
    seen = answered;
    if (!done) setImmediate(turn);
  };
  setImmediate(turn);
  await Promise.all(
    Array.from({ length: count }, () =>
      query().then(() => {
        answered++;
      }),
    ),
  );
  done = true;
  return Math.max(most, answered - seen);
}

describe("PGlite between the event loop's turns", () => {
  it("a burst of 40 queries lets the loop turn between any two", async () => {
    const most = await mostAnsweredInOneTurn(40, () =>
      db.query("select count(*)::int as n from api_operations where key_id = $1", [1]),
    );
    expect(most).toBeLessThanOrEqual(2);
  });

  it("so do the queries of transactions, and each transaction is still whole", async () => {
    await db.query("create table if not exists turns_test (n int)");
    const most = await mostAnsweredInOneTurn(10, () =>
      db.transaction(async (tx) => {
        await tx.query("insert into turns_test (n) values (1)");
        await tx.query("insert into turns_test (n) values (2)");
      }),
    );
    expect(most).toBeLessThanOrEqual(2);
    const [row] = await db.query<{ n: number }>("select count(*)::int as n from turns_test");
    expect(row?.n).toBe(20);
  });
});
