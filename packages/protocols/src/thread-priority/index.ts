import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Lowers the calling thread's priority below the event loop's (a nice value of 10), so that on a busy machine the
 * small calls of the event loop get the processor first: the threads that read large grids (the engine host's grid
 * workers) and write reports (the Essbase REST endpoint's MDX downloads) call it once as they start. Node only.
 * Linux gives each thread a nice value of its own, set through the thread's id (`/proc/thread-self`); elsewhere,
 * or where the process may not, the thread keeps the process's priority.
 */
export function lowerThreadPriority(): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the thread runs at the process's priority.
  }
}
