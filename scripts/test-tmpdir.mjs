// The temporary folder of `npm test`: in memory when the system has a RAM-backed folder with room for it.
import { chmodSync, lstatSync, mkdirSync, statfsSync } from "node:fs";
import { join } from "node:path";

/** Linux's RAM-backed folder (tmpfs), where Chromium keeps its shared memory too. */
const MEMORY_FOLDER = "/dev/shm";
/** The room a run needs in it: its servers' data folders, snapshots and browser profiles, a few at a time. */
const MEMORY_NEEDED = 4 * 1024 ** 3;

/**
 * The folder for the tests' temporary files (their `TMPDIR`) in `parent` when `parent` has `needed` bytes free,
 * else null (the system's temporary folder is used). The tests write hundreds of database folders, snapshots and
 * browser profiles and sync many of them: on a disk, the kernel's share of that work costs several times the CPU
 * it costs in memory, where a sync has nothing to write.
 *
 * One folder per user, kept between runs as the system's temporary folder is: the caches kept there (tsx's and
 * jiti's transpiled files, the tests' database templates) serve the next run, and each test removes its own
 * files. Readable by other users, as /tmp is: the PostgreSQL the tests start runs as its own user and reaches its
 * data folder through it. A path that is not this user's own folder (another user's, a symbolic link) is not used.
 */
export function memoryTmpdir({ parent = MEMORY_FOLDER, needed = MEMORY_NEEDED } = {}) {
  const uid = process.getuid?.();
  if (uid === undefined) return null;
  try {
    const fs = statfsSync(parent);
    if (fs.bavail * fs.bsize < needed) return null;
    const dir = join(parent, `qibates-tmp-${uid}`);
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    const st = lstatSync(dir);
    if (!st.isDirectory() || st.uid !== uid) return null;
    chmodSync(dir, 0o755);
    return dir;
  } catch {
    return null;
  }
}
