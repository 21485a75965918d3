import type { EmbeddedProvider } from "@qibates/embedded";
import { describe, expect, it } from "vitest";
import { CALC_ALL_JOB, VISION_JOBS } from "../../../wire/test/support/jobs.ts";
import { type App, appForBlock } from "../support/app.ts";
import { basicAuth } from "../support/wire-login.ts";

/**
 * QIBATES_JOBS_PER_USER on the protocol endpoints: a visitor of the demo user is one client address, an IPv6
 * client's whole /64 network, as every other per-address limit counts it. Each address of a /64 counted as a user
 * of its own: one machine, taking a new address for each job, took every place of QIBATES_JOBS_TOTAL, and every
 * other visitor's business rules and calculations (and the API's) were refused with 429.
 */

const demo = basicAuth("demo", "demo");

describe("the job queue's bound per visitor with IPv6 clients", () => {
  let app: App;
  appForBlock(
    {
      QIBATES_WIRE_ENDPOINTS: "essbase-rest,planning-rest",
      RATE_LIMIT_PER_MINUTE: "1000000",
      QIBATES_JOBS_PER_USER: "1",
    },
    (built) => {
      app = built;
    },
  );

  /** Holds the queue's running place (one: QIBATES_GRID_WORKERS is at most 1) with another owner's job. */
  function holdQueue(): () => Promise<void> {
    const provider = app.services.providers.byId("embedded") as EmbeddedProvider;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const done = provider.jobs.admit("test: another owner")?.run(() => held);
    return async () => {
      release();
      await done;
    };
  }

  const essbaseJob = async (from: string) => {
    const login = await app.inject({
      method: "GET",
      url: "/essbase/rest/v1/session",
      remoteAddress: from,
      headers: { authorization: demo },
    });
    const cookie = String(login.headers["set-cookie"]).split(";")[0] as string;
    return app.inject({
      method: "POST",
      url: "/essbase/rest/v1/jobs",
      remoteAddress: from,
      headers: { cookie, "content-type": "application/json" },
      payload: CALC_ALL_JOB,
    });
  };
  const planningJob = (from: string) =>
    app.inject({
      method: "POST",
      url: VISION_JOBS,
      remoteAddress: from,
      headers: { authorization: demo, "content-type": "application/json" },
      payload: { jobType: "RULES", jobName: "AggregateData", parameters: {} },
    });

  /**
   * With the queue's place held, a job from `network`:1::1 is taken; one from `network`:1::2, the same /64, is
   * refused past the bound (429, with a Retry-After); one from `network`:2::1, another network, waits its turn.
   */
  async function expectBoundPer64(job: typeof planningJob, network: string) {
    const release = holdQueue();
    try {
      expect((await job(`${network}:1::1`)).statusCode).toBe(200);
      const refused = await job(`${network}:1::2`);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
      expect((await job(`${network}:2::1`)).statusCode).toBe(200);
    } finally {
      await release();
    }
  }

  it("Essbase REST: a job from another address of the same /64 is refused past the bound; another network's waits its turn", () =>
    expectBoundPer64(essbaseJob, "2001:db8:8"));

  it("Planning REST: the same", () => expectBoundPer64(planningJob, "2001:db8:9"));
});
