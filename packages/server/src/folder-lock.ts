import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

/**
 * One process at a time on an embedded database folder. PGlite has no lock of its own: two servers on one
 * `DATA_DIR` both write the same files, and the folder is unreadable after. The lock is a file created
 * exclusively in the folder (`qibates.lock`), naming the process that holds it (its id, its host and, on
 * Linux, its start time, so that a process id used again later is not taken for the holder). A lock whose
 * holder is no longer running on this host (a server killed with SIGKILL, a crash) is stale: the next server
 * takes it over without help.
 */

export const LOCK_FILE = "qibates.lock";

interface Holder {
  pid: number;
  host: string;
  /** The holder's start time in clock ticks since boot (`/proc/<pid>/stat`, field 22), when known. */
  started: string | null;
  since: string;
}

export class FolderInUseError extends Error {
  override readonly name = "FolderInUseError";
  constructor(
    readonly folder: string,
    readonly holder: Holder,
  ) {
    super(
      `The data folder ${folder} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}): ` +
        "two servers must not share an embedded database. Stop that process, or set DATA_DIR to another folder " +
        "(or DATABASE_URL to a PostgreSQL server that several servers can share).",
    );
  }
}

/** A process's state and start time (Linux), null where they cannot be read. */
function procStat(pid: number): { state: string; started: string | null } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", started: fields[19] ?? null };
  } catch {
    return null;
  }
}

/** A process's start time (Linux), null where it cannot be read. */
function startTime(pid: number): string | null {
  return procStat(pid)?.started ?? null;
}

/** Whether the process a lock names still runs: on this host, alive, and the same process (start time). */
function running(holder: Holder): boolean {
  if (holder.host !== hostname()) return true; // Another machine's process: nothing here can tell; held.
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    // EPERM: a process of another user runs under that id; it still holds the folder.
    if ((e as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  const now = procStat(holder.pid);
  // A server killed (SIGKILL) stays a zombie until its parent collects it: its id answers, but it holds nothing.
  if (now?.state === "Z" || now?.state === "X") return false;
  return holder.started === null || now === null || now.started === null || now.started === holder.started;
}

/** Removes the lock `file` if it still names `holder`, under the exclusive `<file>.takeover`. */
function removeIfStill(file: string, holder: Holder | null): void {
  const takeover = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(takeover, "wx", 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    // Another server is taking the lock over (or died doing it: its takeover file is removed once old).
    try {
      if (Date.now() - statSync(takeover).mtimeMs > 10_000) unlinkSync(takeover);
    } catch {
      // Gone meanwhile.
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    return;
  }
  try {
    const now = readHolder(file);
    const same = JSON.stringify(now) === JSON.stringify(holder);
    if (same) {
      try {
        unlinkSync(file);
      } catch (x) {
        if ((x as NodeJS.ErrnoException).code !== "ENOENT") throw x;
      }
    }
  } finally {
    closeSync(fd);
    unlinkSync(takeover);
  }
}

function readHolder(file: string): Holder | null {
  try {
    const h = JSON.parse(readFileSync(file, "utf8")) as Partial<Holder>;
    if (typeof h.pid !== "number" || typeof h.host !== "string") return null;
    return {
      pid: h.pid,
      host: h.host,
      started: typeof h.started === "string" ? h.started : null,
      since: typeof h.since === "string" ? h.since : "an unknown time",
    };
  } catch {
    return null;
  }
}

/**
 * Takes the folder's lock for this process, or throws {@link FolderInUseError} naming the process that holds
 * it. Answers the function that gives it back (at shutdown; a process that dies leaves a stale lock).
 */
export function lockFolder(folder: string): () => void {
  const file = join(folder, LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    started: startTime(process.pid),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, "wx", 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 20) throw e;
      const holder = readHolder(file);
      // A lock being written (empty yet) or unreadable is left a moment, then read again.
      if (holder === null) {
        if (attempt < 5) {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
          continue;
        }
      } else if (running(holder)) throw new FolderInUseError(folder, holder);
      // Stale: its holder is gone. Removed under a second lock, and only if it is still the lock read here:
      // of two servers finding it stale at once, the second finds the first's new lock instead.
      removeIfStill(file, holder);
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(me));
    } finally {
      closeSync(fd);
    }
    return () => {
      const holder = readHolder(file);
      if (holder?.pid === me.pid && holder.host === me.host) {
        try {
          unlinkSync(file);
        } catch {
          // Already gone: nothing to give back.
        }
      }
    };
  }
}
