/**
 * `JobRecordBean.statusCode`: in progress, completed, completed with warnings (the `warningCt` of
 * `JobStatisticsBean`; the connector takes it as done), failed.
 */
export const JOB_STATUS = { running: 100, completed: 200, warnings: 300, failed: 400 } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];

/** A job record (`JobRecordBean`); `endTime` is left out while the job runs. */
export interface JobRecord {
  job_ID: number;
  appName: string;
  dbName: string;
  /** The job type as Essbase displays it (`Calc Execution` for `jobtype: calc`). */
  jobType: string;
  jobfileName: string;
  userName: string;
  startTime: number;
  endTime?: number;
  statusCode: JobStatus;
  statusMessage: string;
  jobInputInfo: Record<string, unknown>;
  jobOutputInfo: Record<string, unknown>;
}

/** `POST /jobs`'s body: a job type with its cube and parameters (a calc job's `parameters.file`). */
export interface JobInput {
  application: string;
  db: string;
  jobtype: string;
  parameters?: Record<string, unknown>;
}

/** The display name of a calc job (`jobtype: calc`), as appliedolap's client parses it. */
export const CALC_JOB_TYPE = "Calc Execution";

/** `JobStatisticsBean` (`succesCt` as Oracle's description spells it). */
export interface JobStatistics {
  errCt: number;
  succesCt: number;
  warningCt: number;
  runningCt: number;
}

/** Fields `GET /jobs` sorts by (`orderBy=field:asc|desc`). */
export const JOB_ORDER_FIELDS: ReadonlySet<string> = new Set<keyof JobRecord>([
  "job_ID",
  "appName",
  "dbName",
  "jobType",
  "jobfileName",
  "userName",
  "startTime",
  "endTime",
  "statusCode",
]);

/** A calc script's name from a job's `parameters.file` or a path, given with or without its `.csc` suffix. */
export function calcScriptName(file: string): string {
  return file.replace(/\.csc$/i, "");
}
