import { rmSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiError } from "../src/api-error.ts";
import { type Database, openDatabase } from "../src/database.ts";
import { KeyStore } from "../src/keys.ts";
import { OperationStore, operationError } from "../src/long-operations.ts";
import { testDataDir } from "./support/data-dir.ts";

/**
 * An operation whose API node stopped is read as lost (QB_ERR_OPERATION_LOST) in the language of each reader:
 * the first reader's language was kept, so a later French reader got English.
 */

let dir = "";
let db: Database;
let keyId = 0;

beforeAll(async () => {
  dir = testDataDir("qibates-operation-lost-");
  db = await openDatabase({ dataDir: dir });
  const keys = new KeyStore(db);
  const owner = { issuer: "https://accounts.google.com", subject: "ada", email: "ada@example.com" };
  const { key } = await keys.create({ ...owner, provider: "google" }, "lost");
  keyId = (await keys.verify(key))?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

it("says an operation is lost in the language of whoever reads it", async () => {
  const store = new OperationStore(db, { keptHours: 1, perKey: 10, longestCallSeconds: 10, lostAfterMs: 0 });
  // A call that never ends, on a node whose heartbeat never comes: lost at the first read.
  const op = await store.start({ keyId, visitor: null }, "calculate", new Promise(() => {}), () => {});
  if (!op) throw new Error("operation not stored");
  await new Promise((r) => setTimeout(r, 5));
  const lostIn = (locale: "en" | "fr", requestId: string) => () =>
    operationError(new ApiError("QB_ERR_OPERATION_LOST"), locale, requestId);
  const en = await store.read({ keyId, visitor: null }, op.id, lostIn("en", "r1"));
  const fr = await store.read({ keyId, visitor: null }, op.id, lostIn("fr", "r2"));
  expect(en?.status).toBe("failed");
  expect(fr?.status).toBe("failed");
  expect(en?.error?.body).toEqual(operationError(new ApiError("QB_ERR_OPERATION_LOST"), "en", "r1").body);
  expect(fr?.error?.body).toEqual(operationError(new ApiError("QB_ERR_OPERATION_LOST"), "fr", "r2").body);
  expect(fr?.error?.body.message).not.toBe(en?.error?.body.message);
});
