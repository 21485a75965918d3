import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/database.ts";
import { KeyNameTakenError, type KeyOwner, KeyStore } from "../src/keys.ts";
import { testDataDir } from "./support/data-dir.ts";
import { type RunningService, startPostgres } from "./support/services.ts";

const alice: KeyOwner = {
  issuer: "https://accounts.google.com",
  subject: "111",
  email: "alice@example.com",
  provider: "google",
};
const bob: KeyOwner = {
  issuer: "https://login.microsoftonline.com/t/v2.0",
  subject: "222",
  provider: "microsoft",
};

// One suite, two databases: the embedded default (PGlite) and a real PostgreSQL server.
const backends: { name: string; open: () => Promise<{ db: Database; done: () => Promise<void> }> }[] = [
  {
    name: "PGlite",
    open: async () => {
      const dir = testDataDir("qibates-pglite-");
      const db = await openDatabase({ dataDir: dir });
      return {
        db,
        done: async () => {
          await db.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "PostgreSQL",
    open: async () => {
      const pg: RunningService = await startPostgres();
      const db = await openDatabase({ databaseUrl: pg.url, dataDir: "unused" });
      return {
        db,
        done: async () => {
          await db.close();
          await pg.stop();
        },
      };
    },
  },
];

describe.each(backends)("API keys on $name", ({ open }) => {
  let db: Database;
  let done: () => Promise<void>;
  let keys: KeyStore;

  beforeAll(async () => {
    ({ db, done } = await open());
    keys = new KeyStore(db);
  });
  afterAll(async () => done());

  it("creates a 256-bit key shown once, stores only its hash, and verifies it", async () => {
    const { key, info } = await keys.create(alice, "laptop");
    expect(key).toMatch(/^qb_[A-Za-z0-9_-]{43}$/);
    expect(info).toMatchObject({ name: "laptop", provider: "google", email: "alice@example.com" });
    const stored = await db.query<{ key_hash: string }>(
      "select key_hash from api_keys where name = 'laptop'",
    );
    expect(stored[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(key);
    const verified = await keys.verify(key);
    expect(verified?.ownerId).toBe("https://accounts.google.com|111");
    expect(await keys.verify(`${key.slice(0, -1)}x`)).toBeNull();
    expect(await keys.verify("not-a-key")).toBeNull();
  });

  it("refuses a name the owner already has, but another owner may use it", async () => {
    await keys.create(alice, "ci");
    await expect(keys.create(alice, "ci")).rejects.toBeInstanceOf(KeyNameTakenError);
    await expect(keys.create(bob, "ci")).resolves.toMatchObject({ info: { name: "ci" } });
  });

  it("lists only the owner's keys, without secrets, with last use", async () => {
    const list = await keys.list(alice);
    expect(list.map((k) => k.name)).toEqual(["ci", "laptop"]);
    expect(list[1]?.lastUsedAt).not.toBeNull();
    expect(list[0]?.prefix).toMatch(/^qb_.{4}$/);
    expect(JSON.stringify(list)).not.toMatch(/qb_[A-Za-z0-9_-]{40}/);
    expect((await keys.list(bob)).map((k) => k.name)).toEqual(["ci"]);
  });

  it("deletes only the owner's own key, which then stops working", async () => {
    const { key } = await keys.create(bob, "temp");
    expect(await keys.delete(alice, "temp")).toBeNull();
    expect(await keys.verify(key)).not.toBeNull();
    expect(await keys.delete(bob, "temp")).toMatchObject({ name: "temp", retiredAt: expect.any(String) });
    expect(await keys.verify(key)).toBeNull();
  });

  it("rolls a failed transaction back entirely", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          "insert into task_status (owner, application, task_list, task, complete) values ('o','a','l','t', true)",
        );
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.query("select * from task_status")).toEqual([]);
  });
});
