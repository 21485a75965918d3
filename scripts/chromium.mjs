// Debian's Chromium and the flags it needs on this machine (headless as root, no network but loopback).
// Shared by the browser tests (e2e/support/browser.ts) and the site benchmark (bench/site-bench.mjs).
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
