/** The processes holding the lock folder at `lock`, by pid; null when none can be read. */
export function lockHolders(lock: string): number[] | null;
/** Whether the lock at `lock` was left by processes that are all gone. */
export function lockLeftBehind(lock: string, now?: number): boolean;
/** Takes the lock at `lock` for this process once: true when taken, false when a running process holds it. */
export function tryLock(lock: string): boolean;
/** Names `pid` (the build a lock's holder started) as a holder of the lock at `lock` too. */
export function holdLockFor(lock: string, pid: number): void;
/** Whether the process `pid` still runs. */
export function alive(pid: number): boolean;
/** Runs `work` holding the lock at `lock`, waiting while a running process holds it; the lock is removed after. */
export function withLock<T>(lock: string, work: () => T | Promise<T>, options?: { pollMs?: number }): Promise<T>;

