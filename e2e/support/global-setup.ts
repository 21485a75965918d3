import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { CHROMIUM_PATH } from "../../scripts/chromium.mjs";
import { buildSiteIfNeeded } from "../../scripts/site-build.mjs";
import { startProduct } from "../../scripts/start-product.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the server started for the browser tests, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

/**
 * Starts the real product (`scripts/start.mjs`, as `npm start` does) on a free port with a throw-away data
 * folder, once for every browser test file, and stops it afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      "Chromium is missing: run `bash scripts/ensure-system.sh` (as root) or `apt-get install -y chromium`.",
    );
  }
  buildSiteIfNeeded();
  const product = await startProduct({ dataDirPrefix: "qibates-e2e-" });
  project.provide("baseUrl", product.url);
  return product.stop;
}
