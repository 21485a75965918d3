// The temporary folder of an `npm test` run: in memory when the system has a RAM-backed folder with room for it.
import { chmodSync, mkdtempSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { join } from "node:path";
import { alive } from "./pid-lock.mjs";

/** Linux's RAM-backed folder (tmpfs), where Chromium keeps its shared memory too. */
export const MEMORY_FOLDER = "/dev/shm";
/** The room a run needs in it: its servers' data folders, snapshots and browser profiles, a few at a time. */
export const MEMORY_NEEDED = 4 * 1024 ** 3;
const PREFIX = "qibates-test-";

/**
 * A new folder for the run's temporary files (its `TMPDIR`) in `parent` when `parent` is a folder with
 * `needed` bytes free, else null (the system's temporary folder is used). The tests write hundreds of database
 * folders, snapshots and browser profiles and sync many of them: on a disk, the kernel's share of that work cost
 * the 2-core machine several times the CPU it costs in memory, where a sync has nothing to write. Folders that
 * runs whose process is gone left behind (a Ctrl-C, a killed job) are removed first: they hold memory.
 */
export function memoryTmpdir({ parent = MEMORY_FOLDER, needed = MEMORY_NEEDED } = {}) {
  let names;
  try {
    names = readdirSync(parent);
  } catch {
    return null;
  }
  for (const name of names) {
    const pid = new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && !alive(Number(pid)))
      rmSync(join(parent, name), { recursive: true, force: true });
  }
  try {
    const fs = statfsSync(parent);
    if (fs.bavail * fs.bsize < needed) return null;
    const dir = mkdtempSync(join(parent, `${PREFIX}${process.pid}-`));
    // Readable by other users, as the system's temporary folder is: the PostgreSQL the tests start runs as its own
    // user and reaches its data folder (made by the tests, and its own) through this one.
    chmodSync(dir, 0o755);
    return dir;
  } catch {
    return null;
  }
}
