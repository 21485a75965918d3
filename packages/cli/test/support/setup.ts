// Vitest setup of every test file of the CLI package: each connector harness (`openConnectorHarness`, the
// product in the test's process) keeps its database in a schema of the PGlite the test process shares, instead of
// creating one and running the migrations again: storage is not what these tests are about. Its data folder holds
// no database. The helpers are loaded only when a file opens a harness.
// The folders a file's harnesses used are removed at its end, once its own hooks have closed them, and their
// schemas dropped.
import { afterAll } from "vitest";
import { makeHarnessDataDirs } from "../../src/harness-data-dir.ts";

const dataDirs = () => import("../../../server/test/support/data-dir.ts");
const database = () => import("../../../server/test/support/shared-database.ts");
let made = false;

makeHarnessDataDirs(
  async () => {
    made = true;
    return (await dataDirs()).testDataDir("qibates-harness-", undefined, { database: false });
  },
  async (folder) => (await database()).sharedEmbeddedDatabase(folder),
);

afterAll(async () => {
  if (made)
    await Promise.all([(await dataDirs()).removeTestDataDirs(), (await database()).dropSharedSchemas()]);
});
