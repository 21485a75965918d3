/**
 * What one call of the API (or one request of a wire endpoint) hands every request it makes to a provider's server,
 * passed explicitly with the session (`ProviderSession.call`, `LoginInput.call`) from the route to the provider: the
 * signal that stops the call's requests, the time past which none is sent, the client a login is passed on for,
 * and whether the call asks the server for a change (how the connectors hand it to their requests: ARCHITECTURE.md,
 * "The call's context"). The server makes one per call, where
 * its deadline starts; a tool or a test that runs outside any call says so with {@link CallContext.unbounded}.
 */
export interface CallContext {
  /** Aborted when the call's deadline passes or the call is dropped: a request under way is then dropped. */
  readonly signal: AbortSignal;
  /**
   * The time (ms, as `Date.now()`) past which no request of the call is sent; `Infinity` without a deadline. Read
   * again at each request: a calculation or a business rule lifts it while the call runs.
   */
  readonly deadline: number;
  /** The address of the client a wire endpoint passes a login on for (sent as `X-Forwarded-For`). */
  readonly client?: string;
  /**
   * Whether the call asks the server for a change, as the contract declares its operations (`ESSBASE_EFFECTS`,
   * `PLANNING_EFFECTS`) or the API its calls: a call cut by its deadline may then have written.
   */
  readonly writes: boolean;
  /**
   * The job whose step the call is: its ticket from the provider's job queue (`JobTicket` of `jobs.ts`, as an
   * object here), which the queue that admitted the job knows: it runs the call in the job's turn, no new job.
   */
  readonly job?: object;
}

/** A signal never aborted, shared by every unbounded context. */
const NEVER = new AbortController().signal;

export const CallContext = {
  /** The context of work outside any call (a tool, a test, a shutdown): no deadline, no client, no change. */
  unbounded(): CallContext {
    return { signal: NEVER, deadline: Number.POSITIVE_INFINITY, writes: false };
  },
  /**
   * The context of a login a wire endpoint passes on for the client at `address`: `within`'s (the request's
   * deadline and signal, read from it at each request), unbounded by default.
   */
  forClient(address: string, within: CallContext = CallContext.unbounded()): CallContext {
    return derived(within, { client: address });
  },
  /** `call` as the steps of the job `job` run it (`CallContext.job`): its deadline and signal still `call`'s. */
  ofJob(call: CallContext, job: object): CallContext {
    return derived(call, { job });
  },
} as const;

/** `call` with `own` fields of its own; the others read from `call` each time (a deadline lifted meanwhile). */
function derived(call: CallContext, own: Pick<CallContext, "client" | "job">): CallContext {
  const client = own.client ?? call.client;
  const job = own.job ?? call.job;
  return {
    get signal() {
      return call.signal;
    },
    get deadline() {
      return call.deadline;
    },
    get writes() {
      return call.writes;
    },
    ...(client === undefined ? {} : { client }),
    ...(job === undefined ? {} : { job }),
  };
}
