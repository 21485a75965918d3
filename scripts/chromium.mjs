// Debian's Chromium and the flags it needs on this machine (headless as root, no network but loopback).
// Shared by the browser tests (e2e/support/browser.ts) and the site benchmarks (bench/site-bench.mjs).
export const CHROMIUM_PATH = "/usr/bin/chromium";

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
 * The browser tests' Chromium: {@link CHROMIUM_ARGS}, and a page that loads one route after another keeps its
 * renderer process. A reader's Chromium starts a new process at each navigation (to keep the last page in its
 * back-forward cache) and scrolls smoothly; no test goes back or is about either, and a page load of the route
 * walk costs about a sixth less CPU without them. The site's page-load benchmarks (`bench/site-bench.mjs`,
 * `bench/cold-waits.mjs`) keep a reader's.
 */
export const CHROMIUM_TEST_ARGS = [
  ...CHROMIUM_ARGS,
  "--disable-features=BackForwardCache,RenderDocument,ProactivelySwapBrowsingInstance",
  "--disable-smooth-scrolling",
];
