import { type Config, loadConfig } from "../../src/config.ts";
import { testDataDir } from "./data-dir.ts";

/**
 * A configuration for tests: no site, a throw-away data folder, demo mode, no grid workers, plus `env` overrides.
 * Its data folder holds no database: the servers built on it (`buildTestApp`) keep theirs in the test process's
 * shared PGlite (`shared-database.ts`).
 * A grid worker starts a module loader of its own and transpiles the engine again (seconds of CPU, in every file
 * that calculates or reads a large grid), and its answers are the event loop's (the default on one processor):
 * the tests about the workers set QIBATES_GRID_WORKERS themselves.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = testDataDir(undefined, undefined, { database: false });
  return loadConfig({
    SITE_DIR: "",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    QIBATES_GRID_WORKERS: "0",
    ...env,
  });
}
