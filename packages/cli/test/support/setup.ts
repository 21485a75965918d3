// Vitest setup of every test file of the CLI package: each connector harness (`openConnectorHarness`, the
// product in the test's process) starts from a copy of the run's migrated database template (made by the
// global setup) instead of creating its database and running the migrations again: storage is not what these
// tests are about. The helper that copies it is loaded only when a file opens a harness.
// The folders a file's harnesses used are removed at its end, once its own hooks have closed them.
import { afterAll } from "vitest";
import { makeHarnessDataDirs } from "../../src/harness-data-dir.ts";

const dataDirs = () => import("../../../server/test/support/data-dir.ts");
let made = false;

makeHarnessDataDirs(async () => {
  made = true;
  return (await dataDirs()).testDataDir("qibates-harness-");
});

afterAll(async () => {
  if (made) await (await dataDirs()).removeTestDataDirs();
});
