// Vitest setup of every test file of the CLI package: each connector harness (`openConnectorHarness`, the
// product in the test's process) starts from a copy of the run's migrated database template (made by the
// global setup) instead of creating its database and running the migrations again: storage is not what these
// tests are about. The helper that copies it is loaded only when a file opens a harness.
import { makeHarnessDataDirs } from "../../src/harness-data-dir.ts";

makeHarnessDataDirs(async () => {
  const { testDataDir } = await import("../../../server/test/support/data-dir.ts");
  return testDataDir("qibates-harness-");
});
