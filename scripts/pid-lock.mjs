// A lock between processes: a folder made only if absent, holding one empty file per process that holds it
// (named after its pid), so that a lock left by processes that were killed is seen as such and taken. Used by the
// site build (`npm start`, `npm test`) and by the tests' shared fixtures made once per run.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * A lock whose holders cannot be read (a lock made by an older version, or half written) is taken for one left
 * by a process that died once it is this old: a site build takes a few minutes.
 */
const UNREADABLE_LOCK_MS = 20 * 60_000;

/** Whether the process `pid` still runs. */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e?.code === "EPERM";
  }
}

/**
 * The processes holding the lock at `lock` (a folder): the one that took it and the build it started, each in a
 * file named after its pid; `null` when none can be read.
 */
export function lockHolders(lock) {
  let names;
  try {
    names = readdirSync(lock);
  } catch {
    return null;
  }
  const pids = names.map((n) => Number.parseInt(n, 10)).filter((n) => Number.isInteger(n) && n > 0);
  return pids.length > 0 ? pids : null;
}

/**
 * Whether the lock at `lock` was left by processes that are all gone (killed before they could remove it), so that
 * it may be taken: none of its holders runs any more, or, its holders unreadable, it is older than
 * {@link UNREADABLE_LOCK_MS}.
 */
export function lockLeftBehind(lock, now = Date.now()) {
  const holders = lockHolders(lock);
  if (holders !== null) return !holders.some(alive);
  try {
    return now - statSync(lock).mtimeMs > UNREADABLE_LOCK_MS;
  } catch {
    return true;
  }
}

/**
 * Takes the lock at `lock` (a folder made only if absent) for this process, once: true when taken, false when a
 * running process holds it. A lock left behind by processes that died is removed and taken.
 */
export function tryLock(lock) {
  mkdirSync(dirname(lock), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, String(process.pid)), "");
      return true;
    } catch (e) {
      if (e?.code !== "EEXIST") throw e;
      if (!lockLeftBehind(lock)) return false;
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return false;
}

/** Names `pid` (the build a lock's holder started) as a holder of the lock at `lock` too. */
export function holdLockFor(lock, pid) {
  writeFileSync(join(lock, String(pid)), "");
}

/**
 * Runs `work` holding the lock at `lock`, waiting (without blocking the event loop) while a running process holds
 * it; the lock is removed when `work` ends, whether it succeeded or not.
 */
export async function withLock(lock, work, { pollMs = 250 } = {}) {
  while (!tryLock(lock)) await new Promise((r) => setTimeout(r, pollMs));
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
