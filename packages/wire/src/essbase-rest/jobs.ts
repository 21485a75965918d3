import { JOB_STATUS, type JobRecord } from "@qibates/protocols/essbase-rest";
import { CallContext, type JobTicket } from "@qibates/provider";

/**
 * What a job runs; kept so that `POST /jobs/{id}` can run it again. It may answer what goes into the record's
 * `jobOutputInfo`, and a warning: the job then ends "Completed with Warnings" (status 300). It is given the
 * context its calls to the provider carry: that of the request that started this run (a re-run's own), marked
 * with the job's ticket in the provider's job queue (`CallContext.ofJob`), so that they run as the job's steps.
 */
export type JobWork = (call: CallContext) => Promise<JobOutcome | undefined>;

export interface JobOutcome {
  output?: Record<string, unknown>;
  warning?: string;
}

interface Entry {
  record: JobRecord;
  work: JobWork;
  /** Who may see and re-run it (`ownerKey` of the session that started it). */
  owner: string;
}

/** The jobs of the endpoint, in memory, newest kept: at most `max` records. */
export class JobStore {
  private readonly jobs = new Map<number, Entry>();
  private next = 1;

  constructor(private readonly max = 1000) {}

  /**
   * Records a job as in progress and runs `work` after the answer has been sent (the client polls
   * `GET /jobs/{id}`), in its turn when it has a place in the provider's job queue (`ticket`); the record then
   * says completed, or failed with the error's message.
   */
  start(
    record: Omit<JobRecord, "job_ID" | "statusCode" | "statusMessage" | "startTime" | "jobOutputInfo">,
    work: JobWork,
    owner: string,
    ticket: JobTicket | null = null,
    /** The context of the request that starts it. */
    call: CallContext = CallContext.unbounded(),
  ): JobRecord {
    const job: JobRecord = {
      ...record,
      job_ID: this.next++,
      startTime: Date.now(),
      statusCode: JOB_STATUS.running,
      statusMessage: "In Progress",
      jobOutputInfo: {},
    };
    this.jobs.set(job.job_ID, { record: job, work, owner });
    for (const id of this.jobs.keys()) {
      if (this.jobs.size <= this.max) break;
      this.jobs.delete(id);
    }
    setTimeout(() => {
      (ticket ? ticket.run((job) => work(CallContext.ofJob(call, job))) : work(call)).then(
        (outcome) => {
          job.statusCode = outcome?.warning ? JOB_STATUS.warnings : JOB_STATUS.completed;
          job.statusMessage = outcome?.warning ? "Completed with Warnings" : "Completed";
          job.jobOutputInfo = { errorMessage: outcome?.warning ?? "", ...outcome?.output };
          job.endTime = Date.now();
        },
        (e: unknown) => {
          const message = e instanceof Error ? e.message : String(e);
          job.statusCode = JOB_STATUS.failed;
          job.statusMessage = message;
          job.jobOutputInfo = { errorMessage: message };
          job.endTime = Date.now();
        },
      );
    }, 0);
    return { ...job };
  }

  /** The job `id` if `owner` started it (any job for `null`: an administrator). */
  find(id: number, owner: string | null): JobRecord | null {
    const entry = this.jobs.get(id);
    return entry && (owner === null || entry.owner === owner) ? { ...entry.record } : null;
  }

  /**
   * Starts job `id` of `owner` (any job for `null`: an administrator) again as a new job (`POST /jobs/{id}`),
   * which belongs to the first job's owner and runs as it did; `null` when there is no such job.
   */
  rerun(
    id: number,
    owner: string | null,
    admit: (owner: string) => JobTicket | null = () => null,
    /** The context of the request that starts it again. */
    call: CallContext = CallContext.unbounded(),
  ): JobRecord | null {
    const entry = this.jobs.get(id);
    if (!entry || (owner !== null && entry.owner !== owner)) return null;
    const { job_ID, statusCode, statusMessage, startTime, endTime, jobOutputInfo, ...again } = entry.record;
    return this.start(again, entry.work, entry.owner, admit(entry.owner), call);
  }

  /** The jobs `owner` started (every job for `null`: an administrator), newest first. */
  list(owner: string | null): JobRecord[] {
    const out: JobRecord[] = [];
    for (const entry of this.jobs.values())
      if (owner === null || entry.owner === owner) out.push({ ...entry.record });
    return out.reverse();
  }
}
