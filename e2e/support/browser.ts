import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";

/** Debian's Chromium, headless, with the flags this machine needs (plus any `extraArgs`). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Chromium for the tests of a file: launched before them (as {@link launchChromium}, with `extraArgs`), handed to
 * `ready`, closed after them.
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
