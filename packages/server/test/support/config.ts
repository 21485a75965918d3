import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Config, loadConfig } from "../../src/config.ts";

/** A configuration for tests: no site, a throw-away data folder, demo mode, plus `env` overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), "qibates-test-data-"));
  return loadConfig({ SITE_DIR: "", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env });
}
