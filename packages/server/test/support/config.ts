import { type Config, loadConfig } from "../../src/config.ts";
import { testDataDir } from "./data-dir.ts";

/** A configuration for tests: no site, a throw-away data folder, demo mode, plus `env` overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = testDataDir();
  return loadConfig({ SITE_DIR: "", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env });
}
