import { type ResourceLimits, Worker } from "node:worker_threads";
import { ProviderError } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import type { EssbaseApplication } from "../src/essbase-app.ts";
import { GridWorkers, WORKER_DEADLINE_MS, WORKER_MEMORY_MB } from "../src/grid-workers.ts";

/**
 * A call in a grid worker runs with a deadline and a memory cap (untrusted work must never hold or
 * kill the process): past either the worker is ended, the call answers the provider's failure (which each
 * protocol answers in its format), the worker is replaced, and the next call answers normally. The workers here
 * speak the pool's protocol and do what the script's text says: `loop` never ends, `hog` allocates without end,
 * anything else answers at once.
 */

const WORKER = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", (call) => {
  const text = call.work.text;
  if (text === "loop") for (;;) {}
  if (text === "hog") {
    const keep = [];
    for (;;) keep.push(new Array(100000).fill(Math.random()));
  }
  parentPort.postMessage({
    id: call.id, ok: true, json: new TextEncoder().encode("{}"), rows: 0, columns: 0, keys: [],
    calculated: call.state,
  });
});`;

/**
 * The deadline of these pools: long enough for a worker to start and answer on a loaded machine (the CI runs
 * the suites side by side on two cores), which the call that answers must do within it.
 */
const DEADLINE_MS = 2000;

const started: Worker[] = [];
const spawn = (limits: ResourceLimits): Worker => {
  const w = new Worker(WORKER, { eval: true, resourceLimits: limits });
  started.push(w);
  return w;
};

/** An application as the pool reads one: a name, a replica base, a cube whose state it can copy. */
function application(): EssbaseApplication {
  const cube = {
    version: 1,
    snapshot: () => ({
      keys: new Uint32Array(1),
      data: new Float64Array(1),
      input: new Uint8Array(1),
      upperBits: new Uint32Array(1),
    }),
  };
  return { name: "Sample", replica: "Sample", cube, position: 0 } as unknown as EssbaseApplication;
}

async function refusal(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ProviderError);
    return e as ProviderError;
  }
  throw new Error("the call was not refused");
}

describe("grid workers' limits", () => {
  it("have defaults: a deadline and a memory cap on every worker", () => {
    expect(WORKER_DEADLINE_MS).toBeGreaterThan(0);
    expect(WORKER_MEMORY_MB).toBeGreaterThan(0);
  });

  /**
   * One grid worker under `limits`: the `work` past them is refused with `message` and its worker ended (one
   * stop); the next call answers normally, in a new worker (two started). Answers the started workers' thread
   * ids, read before the workers are closed (-1: that worker was ended).
   */
  async function expectStoppedThenAnswered(
    limits: { deadlineMs?: number; memoryMb?: number },
    work: string,
    message: string,
  ): Promise<number[]> {
    started.length = 0;
    const workers = new GridWorkers(1, { ...limits, spawn });
    const app = application();
    try {
      const e = await refusal(workers.calculate(app, "s", work));
      expect(e.code).toBe("PROVIDER_FAILED");
      expect(e.message).toBe(message);
      expect(workers.stopped).toBe(1);
      const plan = await workers.calculate(app, "s", "fine");
      expect(plan.state.data).toHaveLength(1);
      expect(started).toHaveLength(2);
      return started.map((w) => w.threadId);
    } finally {
      await workers.close();
    }
  }

  it("end a worker past the deadline, answer the call's failure, and the next call answers normally", async () => {
    const [first] = await expectStoppedThenAnswered(
      { deadlineMs: DEADLINE_MS },
      "loop",
      "The work was stopped: it ran longer than 2 s.",
    );
    // A new worker answered it: the first one was ended.
    expect(first).toBe(-1);
  });

  it("end a worker out of its memory, answer the call's failure, and the next call answers normally", () =>
    expectStoppedThenAnswered(
      { memoryMb: 16 },
      "hog",
      "The work was stopped: it needed more memory than 16 MB.",
    ));

  it("fail only the calls of the worker ended: another worker's call answers", async () => {
    started.length = 0;
    const workers = new GridWorkers(2, { deadlineMs: DEADLINE_MS, spawn });
    const app = application();
    try {
      const [stuck, fine] = await Promise.allSettled([
        workers.calculate(app, "s", "loop"),
        workers.calculate(app, "s", "fine"),
      ]);
      expect(stuck.status).toBe("rejected");
      expect(fine.status).toBe("fulfilled");
      expect(workers.stopped).toBe(1);
    } finally {
      await workers.close();
    }
  });
});
