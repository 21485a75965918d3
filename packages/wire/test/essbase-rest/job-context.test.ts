import { CallContext, type JobTicket } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { JobStore } from "../../src/essbase-rest/jobs.ts";

/**
 * A job's work calls the provider with the context of the request that started its run, marked as the job's steps
 * in the queue: a re-run (`POST /jobs/{id}`) with the re-running request's, never the first request's (whose
 * deadline may have passed, its signal aborted).
 */
describe("an Essbase REST job's calls", () => {
  const record = {
    appName: "Sample",
    dbName: "Basic",
    jobType: "Calc",
    jobfileName: "CalcAll",
    jobInputInfo: { file: "CalcAll" },
    userName: "alice",
  };
  const settled = async (store: JobStore, id: number) => {
    for (let i = 0; i < 100; i++) {
      const job = store.find(id, null);
      if (job && job.statusMessage !== "In Progress") return job;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`job ${id} did not end`);
  };

  /** A place in a queue that runs its job at once, handing it the ticket (as the provider's queue does). */
  const tickets: JobTicket[] = [];
  const admit = (): JobTicket => {
    const ticket: JobTicket = { run: (work) => work(ticket), cancel: () => {} };
    tickets.push(ticket);
    return ticket;
  };

  it("carry the context of the request that started the run, marked with the job's ticket", async () => {
    const store = new JobStore();
    const seen: CallContext[] = [];
    const work = async (call: CallContext) => {
      seen.push(call);
      return undefined;
    };
    const first = new AbortController();
    first.abort();
    const firstCall = { signal: first.signal, deadline: Date.now() - 1, writes: false };
    const started = store.start(record, work, "alice", admit(), firstCall);
    expect((await settled(store, started.job_ID)).statusMessage).toBe("Completed");
    const againCall = { signal: new AbortController().signal, deadline: Date.now() + 60_000, writes: false };
    const again = store.rerun(started.job_ID, "alice", admit, againCall);
    expect((await settled(store, again?.job_ID ?? -1)).statusMessage).toBe("Completed");
    expect(seen.map((c) => [c.signal.aborted, c.deadline])).toEqual([
      [true, firstCall.deadline],
      [false, againCall.deadline],
    ]);
    expect(seen.map((c) => c.job)).toEqual(tickets);
  });

  it("carry no job without a queue", async () => {
    const store = new JobStore();
    let seen: CallContext | undefined;
    const call = CallContext.unbounded();
    const started = store.start(
      record,
      async (c) => {
        seen = c;
        return undefined;
      },
      "alice",
      null,
      call,
    );
    await settled(store, started.job_ID);
    expect(seen).toBe(call);
  });
});
