import { ProviderError } from "./errors.ts";

/**
 * The queue of background jobs of a provider that runs them itself (the embedded engine): business rules,
 * calculations, data loads, clears and exports, from the API and from every wire endpoint. A job is admitted or
 * refused at once, before any work: each owner (a user, or a visitor of a shared account) may have a bounded
 * number running or waiting, and so may the server as a whole. A waiting job holds nothing but its place: its
 * work, and any copy of the data it needs, starts when its turn comes. Owners take turns (one job of each in
 * turn), so that one owner's jobs never hold another's back by more than those running.
 */
export interface JobAdmission {
  /**
   * Admits a job of `owner`, counted from now as waiting: its `run` then runs it in its turn. Throws
   * `ProviderError` `BUSY` (params `seconds`: when to try again) past the owner's or the server's bound. `null`
   * inside a job already admitted (a wire job that calls the provider): its steps are no new job.
   */
  admit(owner: string): JobTicket | null;
  /** Admits and runs `work` as a job of `owner` in its turn (at once inside a job already admitted). */
  run<T>(owner: string, work: () => Promise<T>): Promise<T>;
}

/** An admitted job: `run` waits for its turn, runs `work`, and frees its place however `work` ends. */
export interface JobTicket {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place back, for a job that will not run after all (nothing once `run` was called). */
  cancel(): void;
}

/** The refusal of a job past a bound: try again in `seconds` seconds. */
export function jobsBusy(seconds: number, bound: "user" | "server"): ProviderError {
  const whose = bound === "user" ? "of this user" : "on the server";
  return new ProviderError("BUSY", `Too many jobs ${whose} are running or waiting; retry in ${seconds} s.`, {
    seconds,
  });
}

/** Whether `e` is a job refused past a bound; its `seconds`. */
export function busySeconds(e: unknown): number | null {
  return e instanceof ProviderError && e.code === "BUSY" ? Number(e.params?.seconds ?? 1) : null;
}
