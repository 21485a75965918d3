import { CallContext, ProviderError } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { JobQueue } from "../src/job-queue.ts";

/**
 * Background jobs wait in one queue, bounded per owner and in total, refused at once past the
 * bounds, and the owners with jobs waiting take turns, so that a flood of one owner does not hold another's
 * job behind it.
 */

/** A job whose end the test decides; `started` says whether its work began (a waiting job has done nothing). */
function gate() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const job = {
    started: false,
    finish,
    work: async () => {
      job.started = true;
      await done;
      return "ok";
    },
  };
  return job;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("the job queue", () => {
  it("refuses past an owner's bound at once, with when to retry, and admits another owner's", () => {
    const q = new JobQueue({ running: 1, perOwner: 4, total: 64 });
    const flood = Array.from({ length: 150 }, () => gate());
    let refused = 0;
    for (const g of flood) {
      try {
        q.admit("mallory")?.run(g.work);
      } catch (e) {
        expect(e).toBeInstanceOf(ProviderError);
        expect((e as ProviderError).code).toBe("BUSY");
        expect(Number((e as ProviderError).params?.seconds)).toBeGreaterThanOrEqual(1);
        refused++;
      }
    }
    expect(refused).toBe(146);
    expect(q.size).toEqual({ running: 1, waiting: 3 });
    expect(q.admit("alice")).not.toBeNull();
  });

  it("runs another owner's job next, before the rest of a flood; a waiting job has done no work", async () => {
    const q = new JobQueue({ running: 1, perOwner: 4, total: 64 });
    const flood = Array.from({ length: 4 }, () => gate());
    const order: string[] = [];
    for (const [i, g] of flood.entries()) {
      q.admit("mallory")
        ?.run(g.work)
        .then(() => order.push(`mallory ${i}`));
    }
    const alice = gate();
    const answered = q
      .admit("alice")
      ?.run(alice.work)
      .then(() => order.push("alice"));
    await tick();
    expect(flood.map((g) => g.started)).toEqual([true, false, false, false]);
    expect(alice.started).toBe(false);
    flood[0]?.finish();
    await tick();
    // Mallory has had a turn, Alice none: Alice's job is next, before the rest of Mallory's.
    expect(alice.started).toBe(true);
    expect(flood[1]?.started).toBe(false);
    alice.finish();
    await answered;
    for (const g of flood) g.finish();
    await tick();
    await tick();
    expect(order.indexOf("alice")).toBeLessThan(order.indexOf("mallory 1"));
    expect(q.size).toEqual({ running: 0, waiting: 0 });
  });

  it("bounds every owner together, and gives a place back when a job is cancelled or fails", async () => {
    const q = new JobQueue({ running: 2, perOwner: 4, total: 6 });
    const held = Array.from({ length: 6 }, (_, i) => q.admit(`user ${i % 3}`));
    expect(() => q.admit("someone else")).toThrow(/Too many jobs on the server are running or waiting/);
    held[0]?.cancel();
    const failing = q.admit("someone else");
    await expect(failing?.run(async () => Promise.reject(new Error("rule failed")))).rejects.toThrow(
      "rule failed",
    );
    expect(q.admit("someone else")).not.toBeNull();
  });

  it("counts a job's own steps as no new job (a wire job that calls the provider's calculation)", async () => {
    const q = new JobQueue({ running: 1, perOwner: 1, total: 1 });
    const answer = await q
      .admit("alice")
      ?.run(async (job) =>
        q.run("alice", async () => "nested", CallContext.ofJob(CallContext.unbounded(), job)),
      );
    expect(answer).toBe("nested");
  });

  it("bounds a call made while a job runs that is not one of its steps, as any other", async () => {
    const q = new JobQueue({ running: 1, perOwner: 1, total: 2 });
    const refusals: unknown[] = [];
    const waited: Promise<string>[] = [];
    let step: string | undefined;
    await q.admit("alice")?.run(async (job) => {
      // The same owner's other call, not marked as this job's step: past the owner's bound, refused at once.
      await q.run("alice", async () => "another", CallContext.unbounded()).catch((e) => refusals.push(e));
      // Another owner's call started from within: a job of its own, waiting for this one's place.
      const bob = gate();
      waited.push(q.run("bob", bob.work));
      await tick();
      expect([bob.started, q.size]).toEqual([false, { running: 1, waiting: 1 }]);
      bob.finish();
      // The job's own step runs in its turn, though the queue holds a job waiting.
      step = await q.run("alice", async () => "step", CallContext.ofJob(CallContext.unbounded(), job));
    });
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toBeInstanceOf(ProviderError);
    expect((refusals[0] as ProviderError).code).toBe("BUSY");
    expect(step).toBe("step");
    expect(await waited[0]).toBe("ok");
  });

  it("admits a call marked with a job that no longer runs as a new job", async () => {
    const q = new JobQueue({ running: 1, perOwner: 1, total: 1 });
    let ended: object | undefined;
    await q.admit("alice")?.run(async (job) => {
      ended = job;
    });
    const again = q.admit("alice", CallContext.ofJob(CallContext.unbounded(), ended as object));
    expect(again).not.toBeNull();
    expect(() => q.admit("alice")).toThrow(/Too many jobs of this user/);
    again?.cancel();
  });
});
