import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

// Jobs of the wire endpoints, as the owner and administrator tests start and read them.

/** An Essbase REST job's body: Sample.Basic's CalcAll. */
export const CALC_ALL_JOB = {
  application: "Sample",
  db: "Basic",
  jobtype: "calc",
  parameters: { file: "CalcAll" },
};

/** The job ids an Essbase REST `GET /jobs` answer lists. */
export const jobIds = (answer: { json(): { items: { job_ID: number }[] } }) =>
  answer.json().items.map((j) => j.job_ID);

/** The jobs of the demo's Vision application on the Planning REST endpoint. */
export const VISION_JOBS = "/HyperionPlanning/rest/v3/applications/Vision/jobs";

type Injects = Pick<FastifyInstance, "inject">;

/** Launches Vision's AggregateData rule as a job, from `remoteAddress` with `authorization`: its job id (200). */
export async function launchAggregateData(
  app: Injects,
  remoteAddress: string | undefined,
  authorization: string,
) {
  const launched = await app.inject({
    method: "POST",
    url: VISION_JOBS,
    remoteAddress,
    headers: { authorization, "content-type": "application/json" },
    payload: { jobType: "RULES", jobName: "AggregateData", parameters: {} },
  });
  expect(launched.statusCode, launched.body).toBe(200);
  return launched.json().jobId as number;
}

/** A poll of Vision's job `id`, from `remoteAddress` with `authorization`. */
export const pollJob = (app: Injects, id: number, remoteAddress: string | undefined, authorization: string) =>
  app.inject({ method: "GET", url: `${VISION_JOBS}/${id}`, remoteAddress, headers: { authorization } });
