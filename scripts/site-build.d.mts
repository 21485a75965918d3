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
/** The processes holding the lock folder at `lock`, by pid; null when none can be read. */
export function lockHolders(lock: string): number[] | null;
/** Whether the lock at `lock` was left by processes that are all gone. */
export function lockLeftBehind(lock: string, now?: number): boolean;
/** Takes the lock at `lock` for this process once: true when taken, false when a running process holds it. */
export function tryLock(lock: string): boolean;
/** Names `pid` (the build a lock's holder started) as a holder of the lock at `lock` too. */
export function holdLockFor(lock: string, pid: number): void;
