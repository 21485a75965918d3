import {
  type CallContext,
  type JobAdmission,
  type JobTicket,
  jobsBusy,
  type ProviderSession,
} from "@qibates/provider";

/** The bounds of the job queue (`JobQueue`). */
export interface JobQueueOptions {
  /** Jobs run at once (the grid workers that run them, or 1 on the event loop). */
  running: number;
  /** Jobs of one owner running or waiting at once; past it, a job is refused. */
  perOwner: number;
  /** Jobs of all owners running or waiting at once; past it, a job is refused. */
  total: number;
  /** Whom a session's jobs count against (`JobAdmission.ownerOf`); by default the session's owner. */
  ownerOf?: (session: ProviderSession) => string;
}

/** Defaults of `QIBATES_JOBS_PER_USER` and `QIBATES_JOBS_TOTAL`. */
export const DEFAULT_JOBS_PER_USER = 4;
export const DEFAULT_JOBS_TOTAL = 64;

interface Waiting {
  owner: string;
  start: () => void;
}

/**
 * The embedded engine's queue of background jobs (`JobAdmission` of `@qibates/provider`): business rules and
 * calculations from the API and every endpoint, data loads, clears and exports of the Essbase REST endpoint.
 *
 * A job is admitted or refused at once (`admit`), counted against its owner's bound and the server's; an
 * admitted job waits without any work done (no copy of the data: that is made when it starts), and the owners
 * with jobs waiting take turns, one job each, so that a flood of one owner delays another's job by the jobs
 * running at most. A job's own steps (a wire job calling the provider's calculation) are no new job: they run
 * in the job's turn, their call marked with the job's ticket (`CallContext.job`, `CallContext.ofJob`), which
 * the queue knows while that job runs.
 */
export class JobQueue implements JobAdmission {
  /** The tickets of the jobs running now: a call marked with one is a step of that job. */
  readonly #runningJobs = new WeakSet<object>();
  /** Jobs running or waiting, by owner. */
  readonly #held = new Map<string, number>();
  /** Jobs waiting, by owner, in the order the owners came (a Map keeps its insertion order). */
  readonly #waiting = new Map<string, Waiting[]>();
  /** When each owner's last job started (a count of starts): the owner who waited longest since goes first. */
  readonly #lastStart = new Map<string, number>();
  #starts = 0;
  #total = 0;
  #running = 0;
  /** An estimate of a job's time, for `Retry-After` (a moving average, from 1 s). */
  #averageMs = 1000;

  constructor(readonly options: JobQueueOptions) {}

  ownerOf(session: ProviderSession): string {
    return this.options.ownerOf?.(session) ?? `owner:${session.ownerId}`;
  }

  /** Jobs running and waiting now (for tests and metrics). */
  get size(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#total - this.#running };
  }

  admit(owner: string, call?: CallContext): JobTicket | null {
    if (call?.job !== undefined && this.#runningJobs.has(call.job)) return null;
    const held = this.#held.get(owner) ?? 0;
    if (held >= this.options.perOwner) throw jobsBusy(this.#retryAfter(held), "user");
    if (this.#total >= this.options.total) throw jobsBusy(this.#retryAfter(this.#total), "server");
    this.#held.set(owner, held + 1);
    this.#total++;
    let used = false;
    const ticket: JobTicket = {
      cancel: () => {
        if (used) return;
        used = true;
        this.#total--;
        this.#forget(owner);
      },
      run: <T>(work: (job: JobTicket) => Promise<T>): Promise<T> => {
        if (used) throw new Error("a job ticket runs one job");
        used = true;
        return new Promise<void>((start) => this.#enqueue({ owner, start })).then(async () => {
          const began = performance.now();
          this.#runningJobs.add(ticket);
          try {
            return await work(ticket);
          } finally {
            this.#runningJobs.delete(ticket);
            this.#averageMs = 0.8 * this.#averageMs + 0.2 * (performance.now() - began);
            this.#release(owner);
          }
        });
      },
    };
    return ticket;
  }

  /** Admits and runs `work` as a job of `owner` (at once for a step of a running job: `call.job`). */
  run<T>(owner: string, work: () => Promise<T>, call?: CallContext): Promise<T> {
    let ticket: JobTicket | null;
    try {
      ticket = this.admit(owner, call);
    } catch (e) {
      return Promise.reject(e);
    }
    return ticket ? ticket.run(work) : work();
  }

  /** Seconds until `ahead` jobs have run, as far as the average says: 1 to 300. */
  #retryAfter(ahead: number): number {
    const seconds = Math.ceil((ahead * this.#averageMs) / Math.max(1, this.options.running) / 1000);
    return Math.min(300, Math.max(1, seconds));
  }

  #enqueue(job: Waiting): void {
    const line = this.#waiting.get(job.owner);
    if (line) line.push(job);
    else this.#waiting.set(job.owner, [job]);
    this.#next();
  }

  /**
   * Starts waiting jobs while places are free: each time, the job of the waiting owner whose last job started
   * longest ago (an owner who never had one first; among equals, the one who came first).
   */
  #next(): void {
    while (this.#running < Math.max(1, this.options.running)) {
      let chosen: string | null = null;
      let oldest = Number.POSITIVE_INFINITY;
      for (const owner of this.#waiting.keys()) {
        const last = this.#lastStart.get(owner) ?? -1;
        if (last < oldest) {
          oldest = last;
          chosen = owner;
        }
      }
      if (chosen === null) return;
      const line = this.#waiting.get(chosen) as Waiting[];
      const job = line.shift() as Waiting;
      if (line.length === 0) this.#waiting.delete(chosen);
      this.#lastStart.set(chosen, this.#starts++);
      this.#running++;
      job.start();
    }
  }

  #release(owner: string): void {
    this.#running--;
    this.#total--;
    this.#forget(owner);
    this.#next();
  }

  #forget(owner: string): void {
    const held = (this.#held.get(owner) ?? 1) - 1;
    if (held > 0) this.#held.set(owner, held);
    else {
      this.#held.delete(owner);
      this.#lastStart.delete(owner);
    }
  }
}
