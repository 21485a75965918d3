import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_TEST_ARGS, CHROMIUM_TEST_PATH } from "../../scripts/chromium.mjs";

/**
 * Debian's Chromium (its headless shell, `CHROMIUM_TEST_PATH`), with the flags this machine needs. Without
 * `extraArgs`, a connection to the Chromium the global setup started for every file (closing it closes this file's
 * contexts and leaves that Chromium running); with them, a Chromium of its own started with those flags added.
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const endpoint = sharedEndpoint();
  if (extraArgs.length === 0 && endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_TEST_PATH, args: [...CHROMIUM_TEST_ARGS, ...extraArgs] });
}

/**
 * The shared Chromium's endpoint, in the e2e project; none in other test projects (nothing provided) or outside
 * Vitest (the benchmarks, where `inject` has no test run to read).
 */
function sharedEndpoint(): string | undefined {
  try {
    return inject("chromiumEndpoint");
  } catch {
    return undefined;
  }
}

/**
 * Chromium for the tests of a file: connected (or launched, as {@link launchChromium}, with `extraArgs`) before
 * them, handed to `ready`, closed after them.
 */
export function chromiumForFile(ready: (browser: Browser) => void, extraArgs: readonly string[] = []): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium(extraArgs);
    ready(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
}
