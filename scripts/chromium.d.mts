/** Debian's Chromium as a reader runs it; see chromium.mjs. */
export const CHROMIUM_PATH: string;
/** The tests' Chromium: Debian's headless shell of the same build. */
export const CHROMIUM_TEST_PATH: string;
/** The flags it needs on this machine. */
export const CHROMIUM_ARGS: readonly string[];
/** The browser tests' flags: these, and a page that loads route after route keeps its renderer process. */
export const CHROMIUM_TEST_ARGS: readonly string[];
