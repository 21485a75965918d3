/**
 * The thread that makes the reports of Essbase's `…/mdx` (`mdx-download.ts` starts it): the provider's grid read
 * from its JSON, laid out as the report, written in the format asked, and its bytes moved back to the event loop.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { type MdxDownloadAnswer, type MdxDownloadCall, mdxDownloadBytes } from "./mdx-download.ts";

/**
 * The thread runs at a lower priority than the event loop's, as the grid workers do (Linux: a thread's nice value
 * is its own): on a busy machine the small calls of the event loop get the processor first.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the thread runs at the process's priority.
  }
}

if (parentPort) {
  const port = parentPort;
  lowerPriority();
  port.on("message", async (call: MdxDownloadCall) => {
    let answer: MdxDownloadAnswer;
    try {
      const grid = JSON.parse(new TextDecoder().decode(call.grid));
      answer = { id: call.id, ok: true, bytes: await mdxDownloadBytes(grid, call) };
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      answer = { id: call.id, ok: false, message: error.message, stack: error.stack ?? "" };
    }
    port.postMessage(answer, answer.ok ? [answer.bytes.buffer as ArrayBuffer] : []);
  });
}
