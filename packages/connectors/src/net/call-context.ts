import { AsyncLocalStorage } from "node:async_hooks";
import { setMaxListeners } from "node:events";
import { type CallContext, upstreamUnreachable } from "@qibates/provider";

/**
 * What a request to a provider's server is sent within ({@link UpstreamCall}), passed explicitly by the client
 * that sends it (`RemoteClient.within`), and what a call hands the requests made by a client bound to no call: the
 * call's deadline (`withinCallDeadline`), a read shared between calls within the latest of their deadlines
 * (`shareAcrossCalls`), requests stopped together (`stoppingTogether`), held for the call's async work (Node's
 * AsyncLocalStorage, {@link ambientCall}); a request's own wait for its answer is a field of a derived context
 * (`withAnswerDeadline`, `withinOneReadTimeout`). `Upstreams` reads them at each request.
 */

/**
 * The context a request to a provider's server is sent within: the `CallContext` of the call that makes it, or a
 * part of it. `deadline` is read again at each request (a calculation or a business rule lifts it).
 */
export interface UpstreamCall {
  /** Aborted when the call's deadline passes or the call is dropped: the request under way is then dropped. */
  readonly signal: AbortSignal;
  /** The time (ms, as `Date.now()`) past which the request is not sent; `Infinity` without a deadline. */
  readonly deadline: number;
  /** The client the call is passed on for (a wire endpoint's login), sent as `X-Forwarded-For`. */
  readonly client?: string;
  /** The requests' own wait for their answers, when a connector sets one ({@link withAnswerDeadline}). */
  readonly answerWait?: AnswerWait;
}

/**
 * The deadline of a request's answer (`null`: set by the first request, a read timeout after it); `whole`: each
 * request waits for its answer until then, even past the read timeout.
 */
export interface AnswerWait {
  by: number | null;
  readonly whole?: boolean;
}

/**
 * `call` with its requests' own wait for their answers: the same context otherwise (its deadline still read at
 * each request), derived from it, not copied.
 */
function waitingWithin<C extends UpstreamCall>(call: C, wait: AnswerWait): C {
  return Object.create(call, { answerWait: { value: wait, enumerable: true } }) as C;
}

/** The code of the error that ends a request's own wait for its answer (`exchange`). */
export const ANSWER_WAIT_ENDED = "QB_ANSWER_WAIT_ENDED";
export const answerWaitEnded = () =>
  Object.assign(new Error("no answer within the request's wait"), { code: ANSWER_WAIT_ENDED });

/** The deadline of the call whose requests run within it (`withinCallDeadline`). */
export const callDeadline = new AsyncLocalStorage<{ by: number; signal: AbortSignal }>();

/** A signal never aborted: the context of requests outside any call's deadline. */
const NEVER = new AbortController().signal;

/**
 * The deadline `work` runs within (`withinCallDeadline`, `shareAcrossCalls`, `stoppingTogether`) as a request's
 * context; `undefined` outside any.
 */
export function enteredCall(): UpstreamCall | undefined {
  const call = callDeadline.getStore();
  if (call === undefined) return undefined;
  return {
    signal: call.signal,
    get deadline() {
      return call.by;
    },
  };
}

/**
 * The context of a request sent by a client bound to no call (a cache's, shared between calls): the deadline its
 * work runs within ({@link enteredCall}), else none.
 */
export function ambientCall(): UpstreamCall {
  return enteredCall() ?? { signal: NEVER, deadline: Number.POSITIVE_INFINITY };
}

/**
 * Runs `work` (one call of the API, all the rounds it makes to the provider's server) within one deadline, `by`
 * (a time in ms, as `Date.now()`), which the caller marks by aborting `signal`: a request under way is then
 * dropped, its answer half read or not, and none is sent after `by` or the abort. The caller answers its own error
 * when the deadline passes; what `work` then throws is `upstreamUnreachable`, logged with that cause.
 */
export function withinCallDeadline<T>(
  deadline: { by: number; signal: AbortSignal },
  work: () => Promise<T>,
): Promise<T> {
  return callDeadline.run(deadline, work);
}
/**
 * The error of a caller whose own deadline passed while it waited for a read it shares: the one its own request
 * would have thrown (the server answers the call's deadline error in its place).
 */
const callEnded = (address: string | undefined) => upstreamUnreachable(address ?? "—");

/**
 * Shares one read (a cube's dimensions, an outline) between the calls that need it, each within its own deadline:
 * `shareAcrossCalls(read)` answers a function each caller awaits with its own context (`call`; without one, the
 * deadline its work runs under: `ambientCall`). The read is given the context it runs within, the latest deadline
 * of the callers that wait for it (read again at each request), its signal aborted only once every caller stopped
 * waiting (each at its own deadline); a caller whose deadline passes stops waiting, and a call that joins a read
 * so dropped starts it again. A caller without a deadline (a tool) waits without one, and so does the read from
 * then on; the read names no client. `address`: the server's, named by a caller's error when its deadline passes.
 */
export function shareAcrossCalls<T>(
  read: (call: CallContext) => Promise<T>,
  address?: string,
): (call?: UpstreamCall) => Promise<T> {
  interface Run {
    controller: AbortController;
    by: number;
    waiting: number;
    unbounded: boolean;
    settled: boolean;
    read: Promise<T> | null;
  }
  let run: Run | null = null;
  return (given) => {
    const call = given ?? ambientCall();
    // A read every caller left is started again for a new one.
    if (run === null || run.controller.signal.aborted) {
      const controller = new AbortController();
      setMaxListeners(0, controller.signal);
      run = {
        controller,
        by: Number.NEGATIVE_INFINITY,
        waiting: 0,
        unbounded: false,
        settled: false,
        read: null,
      };
    }
    const current = run;
    const unbounded = call.deadline === Number.POSITIVE_INFINITY;
    if (unbounded) current.unbounded = true;
    else current.by = Math.max(current.by, call.deadline);
    if (current.read === null) {
      const deadline = {
        get by() {
          return current.unbounded ? Number.POSITIVE_INFINITY : current.by;
        },
        signal: current.controller.signal,
      };
      // A read: it asks the server for no change.
      const shared: CallContext = {
        get deadline() {
          return deadline.by;
        },
        signal: deadline.signal,
        writes: false,
      };
      // Started outside the joining call's own deadline: the read's requests see only the shared one, given to
      // it, and entered for the clients it reads through that no call is bound to (`ambientCall`).
      const started = callDeadline.exit(() => callDeadline.run(deadline, () => read(shared)));
      current.read = started;
      const done = () => {
        current.settled = true;
      };
      started.then(done, done);
    }
    const shared = current.read;
    // A read done is answered to every caller, a late one too (its next request is the one refused).
    if (unbounded || current.settled) return shared;
    current.waiting++;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        call.signal.removeEventListener("abort", ended);
        current.waiting--;
      };
      const ended = () => {
        leave();
        if (current.waiting === 0 && !current.unbounded && !current.settled) current.controller.abort();
        reject(callEnded(address));
      };
      if (call.signal.aborted || Date.now() >= call.deadline) {
        ended();
        return;
      }
      call.signal.addEventListener("abort", ended, { once: true });
      shared.then(
        (value) => {
          leave();
          resolve(value);
        },
        (e: unknown) => {
          leave();
          reject(e);
        },
      );
    });
  };
}

/**
 * Runs `work` (requests of one call made side by side) so that `stop()` drops every one of them still under way
 * and sends no more, as the call's deadline would, the call's own deadline still kept: a call whose one request
 * failed does not wait for, nor keep loading, the others.
 */
export function stoppingTogether<T>(work: (stop: () => void) => Promise<T>): Promise<T> {
  const parent = callDeadline.getStore();
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const stop = () => controller.abort();
  if (parent?.signal.aborted) stop();
  parent?.signal.addEventListener("abort", stop, { once: true });
  const deadline = {
    get by() {
      return parent?.by ?? Number.POSITIVE_INFINITY;
    },
    signal: controller.signal,
  };
  return callDeadline
    .run(deadline, () => work(stop))
    .finally(() => parent?.signal.removeEventListener("abort", stop));
}

/**
 * `call` for a calculation script or a business rule followed on its server: each request made within the context
 * answered waits for its answer until `deadline` (a time in ms, as `Date.now()`), however long or short the read
 * timeout: a server slow to answer the launch or a reading of the job's status is waited for within the job's own
 * wait, and one whose answer has not started by then fails with `answerWaitEnded` (told as "still running").
 * Opening a new connection may add up to the connect timeout before that wait starts.
 */
export function withAnswerDeadline<C extends UpstreamCall>(call: C, deadline: number): C {
  return waitingWithin(call, { by: deadline, whole: true });
}

/**
 * `call` for the calls that find a calculation script or a business rule before its launch: the requests made
 * within the context answered share one read timeout, each waiting for its answer no later than
 * PROVIDER_READ_TIMEOUT_SECONDS after the first of them started, as {@link withAnswerDeadline} does
 * (`answerWaitEnded`, told as `upstreamUnreachable`, when it runs out). With the launch's own wait, the whole call
 * is then bounded: CALC_JOB_TIMEOUT_SECONDS + PROVIDER_READ_TIMEOUT_SECONDS, and the connect timeout when a new
 * connection is opened.
 */
export function withinOneReadTimeout<C extends UpstreamCall>(call: C): C {
  // Within another shared wait (a connector that checks the rule before the one it calls finds it), the calls
  // share the enclosing one: together they still wait no longer than one read timeout.
  const outer = call.answerWait;
  if (outer !== undefined && outer.whole !== true) return call;
  return waitingWithin(call, { by: null });
}
