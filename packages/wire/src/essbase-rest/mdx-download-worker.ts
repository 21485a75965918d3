/**
 * The thread that makes the reports of Essbase's `…/mdx` (`mdx-download.ts` starts it): the provider's grid read
 * from its JSON, laid out as the report, written in the format asked, and its bytes moved back to the event loop.
 */

import { parentPort } from "node:worker_threads";
import { lowerThreadPriority } from "@qibates/protocols/thread-priority";
import { type MdxDownloadAnswer, type MdxDownloadCall, mdxDownloadBytes } from "./mdx-download.ts";

if (parentPort) {
  const port = parentPort;
  // The thread gives way to the event loop, as the grid workers do.
  lowerThreadPriority();
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
