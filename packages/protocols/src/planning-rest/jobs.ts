import { PlanningRequestError } from "./errors.ts";
import type { ApiLink } from "./paths.ts";

/** Job types a client launches rules with (Oracle's "Rules" and "Ruleset" pages; `Rules` is accepted too). */
export const JOB_TYPE = { rules: "RULES", ruleset: "RULESET" } as const;

/** Whether a job type is that one, in any case. */
export function isJobType(value: unknown, type: string): boolean {
  return typeof value === "string" && value.toUpperCase() === type;
}

/**
 * Job status codes of `GET …/jobs/{id}` (Oracle's "Retrieve Job Status"): -1 in progress, 0 success, 1 error,
 * 2 cancel pending, 3 cancelled, 4 invalid parameter.
 */
export const JOB_STATUS = {
  inProgress: -1,
  completed: 0,
  error: 1,
  cancelPending: 2,
  cancelled: 3,
  invalidParameter: 4,
} as const;

/** The statuses of a job still running: polled again. */
export const JOB_RUNNING: ReadonlySet<number> = new Set([JOB_STATUS.inProgress, JOB_STATUS.cancelPending]);

/** `descriptiveStatus` of the codes a server answers (pbj-pbcs-client's `PbcsJobStatusCode` descriptions). */
export const DESCRIPTIVE_STATUS: Readonly<Record<number, string>> = {
  [JOB_STATUS.inProgress]: "In Progress",
  [JOB_STATUS.completed]: "Completed",
  [JOB_STATUS.error]: "Error",
  [JOB_STATUS.invalidParameter]: "Invalid Parameter",
};

/** `POST …/jobs`: a rule's runtime prompts as `parameters` (`Content-Type: application/json`, else 415). */
export interface JobRequest {
  jobType: string;
  jobName: string;
  parameters: Record<string, string>;
}

/** A job request as received: each field read when the server gets to it. */
export type JobRequestAsReceived = { [K in keyof JobRequest]?: unknown };

/** The job's `parameters`: names to string values (numbers and booleans written as sent). */
export function readJobParameters(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw))
    throw new PlanningRequestError("parameters must be an object.");
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof val === "string") out[k] = val;
    else if (typeof val === "number" || typeof val === "boolean") out[k] = String(val);
    else throw new PlanningRequestError(`Parameter ${k} must be a string.`);
  }
  return out;
}

/**
 * A job's status, as the launch and `GET …/jobs/{id}` answer it: `{status, details, jobId, jobName,
 * descriptiveStatus, links[self, job-details]}`.
 */
export interface JobStatusAnswer {
  status: number;
  details: string | null;
  jobId: number;
  jobName: string;
  descriptiveStatus: string;
  links: ApiLink[];
}

export function jobStatusAnswer(
  job: { jobId: number; jobName: string; status: number; details: string | null },
  links: ApiLink[],
): JobStatusAnswer {
  return {
    status: job.status,
    details: job.details,
    jobId: job.jobId,
    jobName: job.jobName,
    descriptiveStatus: DESCRIPTIVE_STATUS[job.status] ?? "Unknown",
    links,
  };
}

/** A job status as received. Oracle's "Execute a Job" page spells the id `jobID`, its "Retrieve Job Status" `jobId`. */
export interface JobStatusAsReceived {
  status?: unknown;
  details?: unknown;
  jobId?: unknown;
  jobID?: unknown;
}

/** The job's id in either spelling; `null` when there is none. */
export function readJobId(job: JobStatusAsReceived): number | null {
  const id = typeof job.jobId === "number" ? job.jobId : job.jobID;
  return typeof id === "number" ? id : null;
}

/** Job definitions of one type: `GET …/jobdefinitions?q={"jobType":"RULES"}` → `items[{jobType, jobName, links}]`. */
export function jobTypeQuery(jobType: string): string {
  return `q=${encodeURIComponent(JSON.stringify({ jobType }))}`;
}

/**
 * A job definition. Oracle's example items are `{jobType, jobName, links}`; a rule also names the plan type it
 * is deployed to (pbj-pbcs-client's `JobDefinition.planTypeName`, which its `PbcsPlanType.getJobs` filters on).
 */
export interface JobDefinition {
  jobType: string;
  jobName: string;
  planTypeName?: string;
  links: ApiLink[] | null;
}

/** `q={"jobType":"RULES"}` → `RULES` (upper case); no `q`, or one without a job type → `null`. */
export function readJobTypeQuery(q: string | undefined): string | null {
  if (q === undefined || q === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(q);
  } catch {
    throw new PlanningRequestError("q must be a JSON object.");
  }
  const jobType = (parsed as { jobType?: unknown } | null)?.jobType;
  return typeof jobType === "string" ? jobType.toUpperCase() : null;
}

/** The names of the definitions of one job type in a job-definition list; `null` when it has no `items` list. */
export function readJobNames(answer: unknown, jobType: string): string[] | null {
  return readJobDefinitions(answer, jobType)?.map((d) => d.name) ?? null;
}

/**
 * The definitions of one job type in a job-definition list, each with the plan type it is deployed to when the
 * server names it (`planTypeName`, which a rule's definition may carry; a ruleset spans plan types), else
 * `null`; `null` when the list has no `items`.
 */
export function readJobDefinitions(
  answer: unknown,
  jobType: string,
): { name: string; planType: string | null }[] | null {
  const items = (answer as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return null;
  return items.flatMap((i: { jobType?: unknown; jobName?: unknown; planTypeName?: unknown } | null) =>
    typeof i?.jobName === "string" &&
    typeof i.jobType === "string" &&
    i.jobType.toLowerCase() === jobType.toLowerCase()
      ? [
          {
            name: i.jobName,
            planType:
              typeof i.planTypeName === "string" && i.planTypeName.trim() !== "" ? i.planTypeName : null,
          },
        ]
      : [],
  );
}
