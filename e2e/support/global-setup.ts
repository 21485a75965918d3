import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { preparePgliteTemplate, testDataRoot } from "../../packages/server/test/support/data-dir.ts";
import { CHROMIUM_TEST_ARGS, CHROMIUM_TEST_PATH } from "../../scripts/chromium.mjs";
import { buildSiteIfNeeded } from "../../scripts/site-build.mjs";
import { startProduct } from "../../scripts/start-product.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the server started for the browser tests, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Playwright's endpoint of the Chromium shared by every browser test file (`support/browser.ts`). */
    chromiumEndpoint: string;
  }
}

/**
 * Starts the real product (`scripts/start.mjs`, as `npm start` does) on a free port with a throw-away data
 * folder, and one Chromium, once for every browser test file, and stops both afterwards. Each file connects to
 * that Chromium and works in browser contexts of its own (separate cookies, storage and permissions), instead of
 * starting a browser of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_TEST_PATH)) {
    throw new Error(
      `Chromium's headless shell is missing (${CHROMIUM_TEST_PATH}): run \`bash scripts/ensure-system.sh\` (as root) or \`apt-get install -y chromium-headless-shell\`.`,
    );
  }
  buildSiteIfNeeded();
  // The migrated database that a test's second server starts from (`start.test.ts`); the unit tests' global setup
  // makes the same one, and whichever comes first makes it.
  await preparePgliteTemplate();
  // The folder the tests' data folders are made in, removed at the end of the run, as the unit tests' is.
  const removeDataRoot = testDataRoot();
  // A first start creates the data folder's database: on a loaded machine that takes minutes, not seconds.
  const product = await startProduct({ dataDirPrefix: "qibates-e2e-", timeoutMs: 300_000 });
  let server: Awaited<ReturnType<typeof chromium.launchServer>>;
  try {
    // Playwright's endpoint listens on loopback only.
    server = await chromium.launchServer({
      executablePath: CHROMIUM_TEST_PATH,
      args: [...CHROMIUM_TEST_ARGS],
      host: "127.0.0.1",
    });
  } catch (e) {
    await product.stop();
    removeDataRoot();
    throw e;
  }
  project.provide("baseUrl", product.url);
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return async () => {
    await server.close();
    await product.stop();
    removeDataRoot();
  };
}
