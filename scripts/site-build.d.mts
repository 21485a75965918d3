/** The repository's root folder. */
export const ROOT: string;
/** The built site's folder. */
export const BUILD: string;
/** The file beside the built site naming the process building it while the server runs. */
export const BUILD_MARKER: string;
/** The newest modification time of a file or folder tree (ms since the epoch; 0 when missing). */
export function newestMtime(path: string): number;
/** A digest of the site's source files now (path, modification time, size); build-written folders left out. */
export function sourcesFingerprint(root?: string): string;
/** Marks the site built from the sources whose fingerprint was taken when its build started. */
export function stampBuilt(fingerprint: string, stamp?: string): void;
/** Why the site must be built, or null when up to date (`root`: the checkout; `stamp`: the last build's fingerprint). */
export function siteBuildReason(options?: { root?: string; stamp?: string }): string | null;
/** Builds the site (both locales) when needed; true when a build ran. */
export function buildSiteIfNeeded(options?: { force?: boolean }): boolean;
/** Starts building the site in the background when needed: null when up to date, else the build's end. */
export function startSiteBuildIfNeeded(): Promise<boolean> | null;
