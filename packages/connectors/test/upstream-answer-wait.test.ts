import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CallContext } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type UpstreamCall,
  type Upstreams,
  withAnswerDeadline,
  withinOneReadTimeout,
} from "../src/net/upstream.ts";
import { loopbackUpstreams } from "./support/fake-upstream.ts";

/**
 * A request's own wait for its answer, as a calculation's launch and its status readings have it (`withAnswerDeadline`:
 * until the job's deadline), and as the calls before the launch share one (`withinOneReadTimeout`), on a server that
 * never answers while other requests wait too (as on a server with several callers): the wait ends when it is due
 * and never before. Before, it was undici's `headersTimeout`, which counts in ticks of about half a second and,
 * while another request waits, starts a new one's wait up to a tick before it was sent: a job told "still running
 * after 2 s" at 1.87 s.
 */

let server: Server;
let origin = "";
let upstreams: Upstreams;

beforeAll(async () => {
  // Takes every request and never answers it (a server still running the job).
  server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await upstreams?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Ended = { answerWaitEnded?: boolean; code?: string };

/** How long a GET to the silent server lasted (ms), sent within the context `within` derives, and its end. */
async function silentGet(within: (call: UpstreamCall) => UpstreamCall) {
  const started = performance.now();
  const error = await upstreams
    .request(new URL(`${origin}/jobs/1`), { method: "GET", headers: {} }, within(CallContext.unbounded()))
    .catch((e: unknown) => e as Ended);
  return { ms: performance.now() - started, error: error as Ended };
}

/** Another caller's request, waiting meanwhile until `ms` from now. */
const anotherWaiting = (ms: number) => silentGet((call) => withAnswerDeadline(call, Date.now() + ms));

describe("a request's own wait for its answer, while another request waits", () => {
  it("ends at the job's deadline, never before it", async () => {
    upstreams = loopbackUpstreams(60_000);
    const other = anotherWaiting(4200);
    // Whole ticks of undici's timers (499 ms), where a wait started a tick early ended the most before its time.
    for (const waitMs of [1497, 1996]) {
      const deadline = Date.now() + waitMs;
      const { ms, error } = await silentGet((call) => withAnswerDeadline(call, deadline));
      expect(error.answerWaitEnded).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(waitMs - 5);
    }
    expect((await other).error.answerWaitEnded).toBe(true);
  });

  it("shared by the calls before a launch, ends one read timeout after the first, never before it", async () => {
    await upstreams.close();
    upstreams = loopbackUpstreams(1497);
    const other = anotherWaiting(2500);
    const { ms, error } = await silentGet(withinOneReadTimeout);
    expect(error.answerWaitEnded).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(1497 - 5);
    await other;
  });
});
