/** The repository's root folder. */
export const ROOT: string;
/** The built site's folder. */
export const BUILD: string;
/** The file beside the built site naming the process building it while the server runs. */
export const BUILD_MARKER: string;
/** The newest modification time of a file or folder tree (ms since the epoch; 0 when missing). */
export function newestMtime(path: string): number;
/** Marks the site built from the sources as they were at `started` (the stamp's time is the build's start). */
export function stampBuilt(started: number, stamp?: string): void;
/** Why the site must be built, or null when the build is up to date. */
export function siteBuildReason(): string | null;
/** Builds the site (both locales) when needed; true when a build ran. */
export function buildSiteIfNeeded(options?: { force?: boolean }): boolean;
/** Starts building the site in the background when needed: null when up to date, else the build's end. */
export function startSiteBuildIfNeeded(): Promise<boolean> | null;
