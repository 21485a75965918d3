import { type Browser, chromium } from "playwright-core";

/** Flags Debian's Chromium needs here: headless as root, and no network but loopback. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Debian's Chromium, headless, with the flags this machine needs (plus any `extraArgs`). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: [...CHROMIUM_ARGS, ...extraArgs] });
}
