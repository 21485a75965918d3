import type { CallContext } from "./call-context.ts";
import type { ErrorLocale } from "./error-codes.ts";
import { ProviderError, type ProviderText } from "./errors.ts";
import type { ProviderSession } from "./session.ts";

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
   * for a step of a job this queue runs (`call.job`: a wire job that calls the provider): no new job.
   */
  admit(owner: string, call?: CallContext): JobTicket | null;
  /** Admits and runs `work` as a job of `owner` in its turn (at once for a step of a running job, `call.job`). */
  run<T>(owner: string, work: () => Promise<T>, call?: CallContext): Promise<T>;
  /**
   * Whom a session's jobs count against, the same whatever the protocol it came through: a visitor of a shared
   * account (the public demo key or demo user) is one owner on the API and on every wire endpoint alike.
   */
  ownerOf(session: ProviderSession): string;
}

/**
 * An admitted job: `run` waits for its turn, runs `work`, and frees its place however `work` ends. `work` is given
 * the ticket, which its calls to the provider carry (`CallContext.ofJob`) so that they run as its steps.
 */
export interface JobTicket {
  run<T>(work: (job: JobTicket) => Promise<T>): Promise<T>;
  /** Gives the place back, for a job that will not run after all (nothing once `run` was called). */
  cancel(): void;
}

/** The words of a job refused past a bound, in each language of the messages. */
function jobsBusyText(seconds: number, bound: "user" | "server"): ProviderText {
  return bound === "user"
    ? {
        en: `Too many jobs of this user are running or waiting; retry in ${seconds} s.`,
        fr: `Trop de travaux de cet utilisateur sont en cours ou en attente\u202f; réessayez dans ${seconds}\u202fs.`,
      }
    : {
        en: `Too many jobs on the server are running or waiting; retry in ${seconds} s.`,
        fr: `Trop de travaux sont en cours ou en attente sur le serveur\u202f; réessayez dans ${seconds}\u202fs.`,
      };
}

/** The refusal of a job past a bound: try again in `seconds` seconds. */
export function jobsBusy(seconds: number, bound: "user" | "server"): ProviderError {
  return new ProviderError("BUSY", jobsBusyText(seconds, bound).en, { seconds, bound });
}

/** Whether `e` is a job refused past a bound; its `seconds`. */
export function busySeconds(e: unknown): number | null {
  return e instanceof ProviderError && e.code === "BUSY" ? Number(e.params?.seconds ?? 1) : null;
}

/**
 * The message of a refusal `busySeconds` tells, in `locale`, for the protocol endpoints, which say it in their
 * own words (the API says the registry's `QB_ERR_RATE_LIMITED`): a job refused past a bound in that language, a
 * server's own 429 in its own words.
 */
export function busyMessage(e: ProviderError, locale: ErrorLocale): string {
  const bound = e.params?.bound;
  if (bound !== "user" && bound !== "server") return e.message;
  return jobsBusyText(Number(e.params?.seconds ?? 1), bound)[locale];
}
