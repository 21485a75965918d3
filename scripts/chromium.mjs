// Debian's Chromium and the flags it needs on this machine (headless as root, no network but loopback).
// Shared by the browser tests (e2e/support/browser.ts) and the site benchmarks (bench/site-bench.mjs).

/** Debian's Chromium as a reader runs it (package `chromium`): the site's page-load benchmarks. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * The tests' Chromium: Debian's headless shell of the same Chromium build (package `chromium-headless-shell`), the
 * browser Playwright itself runs headless tests in. Its pages are the same Blink and V8 as {@link CHROMIUM_PATH}'s,
 * without the desktop browser around them, which costs the tests CPU and makes the pages that are not the one in
 * front wait for a throttled renderer (bench/BENCHMARKS.md). Installed by `scripts/ensure-system.sh`.
 */
export const CHROMIUM_TEST_PATH = "/usr/bin/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Playwright's own list of Chromium features it turns off (its `chromiumSwitches`, playwright-core 1.65). Chromium
 * reads one `--disable-features`: a list given after Playwright's replaces it, so {@link CHROMIUM_TEST_ARGS} repeats
 * it before its own.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
];

/**
 * The browser tests' flags: {@link CHROMIUM_ARGS}, and a page that loads one route after another keeps its
 * renderer process. A reader's Chromium starts a new one at each navigation of a page (a new document in a new
 * browsing instance) and scrolls smoothly; no test is about either, and a page load of the route walk costs less
 * CPU without them (bench/BENCHMARKS.md). The pages' scripts run in V8's interpreter and baseline compiler only
 * (`--max-opt=1`): a test loads a page for seconds, too short for the optimizing compilers' work to pay back, and
 * each load would optimize the same code again. The site's page-load benchmarks (`bench/site-bench.mjs`,
 * `bench/cold-waits.mjs`) keep a reader's Chromium.
 */
export const CHROMIUM_TEST_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, "RenderDocument", "ProactivelySwapBrowsingInstance"].join(",")}`,
  "--disable-smooth-scrolling",
  "--js-flags=--max-opt=1",
];
