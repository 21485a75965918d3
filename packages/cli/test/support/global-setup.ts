// Vitest global setup of the tools' tests: the migrated database folder the in-process servers of the tests
// start from (the server's support/data-dir.ts), made once before any test file starts.
import { preparePgliteTemplate, testDataRoot } from "../../../server/test/support/data-dir.ts";

export default async function setup(): Promise<() => void> {
  await preparePgliteTemplate();
  // The folder the servers' data folders are made in, removed at the end of the run (its teardown).
  return testDataRoot();
}
