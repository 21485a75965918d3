// Vitest global setup of the unit project: the tests that run the real server process spawn the same bundle
// `npm start` runs, built once here before any test file starts (never by two test files at once).
import { preparePgliteTemplate, testDataRoot } from "../packages/server/test/support/data-dir.ts";
import { buildServerIfNeeded } from "./server-build.mjs";

export default async function setup(): Promise<() => void> {
  // The migrated database folder every test server's data folder starts from (support/data-dir.ts).
  await Promise.all([buildServerIfNeeded(), preparePgliteTemplate()]);
  // The folder those data folders are made in, removed at the end of the run (its teardown).
  return testDataRoot();
}
