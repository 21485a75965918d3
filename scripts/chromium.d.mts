/** Debian's Chromium; see chromium.mjs. */
export const CHROMIUM_PATH: string;
/** The flags it needs on this machine. */
export const CHROMIUM_ARGS: readonly string[];
