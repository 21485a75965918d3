import { CallContext, ProviderError } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { essbaseRestEndpoint } from "../src/essbase-rest/index.ts";
import { planningRestEndpoint } from "../src/planning-rest/index.ts";
import { BASE } from "./support/endpoint.ts";
import { startWire } from "./support/server.ts";

/**
 * A flood of rule jobs from one visitor of the shared demo account was all accepted (150 in
 * 0.3 s, each with a copy of the data), the grid worker ran past its limit and was killed with them, and another
 * visitor's rule failed. Jobs now wait in the provider's queue, bounded per user (per visitor of a shared account)
 * and in total: past the bound, a job is refused at once, in the protocol's format, with `429` and `Retry-After`,
 * and another user's job runs.
 */
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const DEMO = basic("demo", "demo");
const ALICE = basic("alice", "alice-pw");
/**
 * Holds the queue's one running place (one grid worker, or the event loop) with a job of another owner until
 * `release`, so that the jobs a test sends wait, however fast they would run.
 */
function holdQueue(server: Awaited<ReturnType<typeof startWire>>) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ticket = server.provider.jobs.admit("test: another owner");
  const done = ticket?.run(() => held);
  return async () => {
    release();
    await done;
  };
}

const RULE = {
  jobType: "RULES",
  jobName: "CopyVersion",
  parameters: { SrcVersion: "Working", TgtVersion: "What If", planType: "Plan1" },
};

describe("Planning REST rule jobs in the job queue", () => {
  let server: Awaited<ReturnType<typeof startWire>>;
  beforeAll(async () => {
    server = await startWire(
      planningRestEndpoint,
      { sharedUser: (u: string) => u === "demo" },
      { users: { alice: "alice-pw" }, gridWorkers: 1 },
    );
  });
  afterAll(async () => {
    await server.app.close();
    await server.provider.close();
  });

  const post = (authorization: string) =>
    fetch(`${server.origin}/HyperionPlanning/rest/v3/applications/Vision/jobs`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify(RULE),
    });

  async function poll(authorization: string, id: number) {
    for (let i = 0; i < 3000; i++) {
      const r = await fetch(`${server.origin}/HyperionPlanning/rest/v3/applications/Vision/jobs/${id}`, {
        headers: { authorization },
      });
      const json = (await r.json()) as { status: number; details: string | null };
      if (json.status !== -1) return json;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`job ${id} did not end`);
  }

  it("refuses one user's rule jobs past the bound at once with 429 and Retry-After; another user's runs", async () => {
    const release = holdQueue(server);
    const answers = await Promise.all(Array.from({ length: 150 }, () => post(DEMO)));
    const accepted = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect([accepted.length, refused.length]).toEqual([4, 146]);
    for (const r of refused) expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const body = (await refused[0]?.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 429, detail: expect.stringMatching(/^Too many jobs of this user/) });
    expect(body.message).toBe(body.detail);

    // Another user's rule is accepted while the first user's wait, and completes.
    const other = await post(ALICE);
    expect(other.status).toBe(200);
    await release();
    const job = (await other.json()) as { jobId: number };
    expect(await poll(ALICE, job.jobId)).toMatchObject({ status: 0 });
    // Every accepted job of the flood completes: none was run past the worker's limit and failed.
    for (const r of accepted) {
      const { jobId } = (await r.json()) as { jobId: number };
      expect(await poll(DEMO, jobId)).toMatchObject({ status: 0 });
    }
    // Once they have run, the user's jobs are accepted again.
    expect((await post(DEMO)).status).toBe(200);
  });
});

describe("Essbase REST jobs in the job queue", () => {
  let server: Awaited<ReturnType<typeof startWire>>;
  beforeAll(async () => {
    server = await startWire(essbaseRestEndpoint, {}, {});
  });
  afterAll(async () => {
    await server.app.close();
    await server.provider.close();
  });

  it("refuses a calculation past the user's bound at once, in Essbase's error format with Retry-After", async () => {
    const start = () =>
      fetch(`${server.origin}${BASE}/jobs`, {
        method: "POST",
        headers: { authorization: DEMO, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          application: "Sample",
          db: "Basic",
          jobtype: "calc",
          parameters: { file: "CalcAll" },
        }),
      });
    const release = holdQueue(server);
    const answers = await Promise.all(Array.from({ length: 20 }, start));
    await release();
    const refused = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 200).length).toBe(4);
    expect(refused.length).toBe(16);
    expect(Number(refused[0]?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused[0]?.json()).toEqual({
      errorMessage: expect.stringMatching(
        /^Too many jobs of this user are running or waiting; retry in \d+ s\.$/,
      ),
    });
  });
});

describe("an Essbase REST calculation job's own step", () => {
  let server: Awaited<ReturnType<typeof startWire>>;
  beforeAll(async () => {
    // One job of a user at a time: the job's calculation, were it a new job, would be refused behind the job.
    server = await startWire(
      essbaseRestEndpoint,
      {},
      { users: { alice: "alice-pw" }, jobs: { perOwner: 1 } },
    );
  });
  afterAll(async () => {
    await server.app.close();
    await server.provider.close();
  });

  it("runs in the job's turn, while the same user's other calculation is bounded as a job of its own", async () => {
    const release = holdQueue(server);
    const started = await fetch(`${server.origin}${BASE}/jobs`, {
      method: "POST",
      headers: { authorization: ALICE, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        application: "Sample",
        db: "Basic",
        jobtype: "calc",
        parameters: { file: "CalcAll" },
      }),
    });
    expect(started.status).toBe(200);
    const { job_ID } = (await started.json()) as { job_ID: number };
    // The same user's calculation through another way in (the API's, say), while the job waits: its place is the
    // user's one, so it is refused at once.
    const essbase = server.provider.essbase;
    const refused = await essbase
      .calculate(
        {
          id: "another way in",
          ownerId: "essbase-rest:alice",
          connector: "essbase-stndln",
          username: "alice",
          providerAddress: `${server.origin}/essbase/japi`,
          aliasTable: null,
          call: CallContext.unbounded(),
        },
        { server: "localhost", application: "Sample", cube: "Basic" },
        "CalcAll",
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).code).toBe("BUSY");
    await release();
    let job: { statusCode: number; statusMessage: string } | undefined;
    for (let i = 0; i < 500; i++) {
      const r = await fetch(`${server.origin}${BASE}/jobs/${job_ID}`, {
        headers: { authorization: ALICE, accept: "application/json" },
      });
      job = (await r.json()) as { statusCode: number; statusMessage: string };
      if (job.statusMessage !== "In Progress") break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(job?.statusMessage).toBe("Completed");
  });
});
