import { setMaxListeners } from "node:events";
import { CallContext, CELLS_MAYBE_WRITTEN, type LocalizedText } from "@qibates/provider";
import { ApiError } from "./api-error.ts";
import type { Operation } from "./contract-operations.ts";

/**
 * One deadline per call: CONNECTION_TIMEOUT_SECONDS after its handler starts, for every operation whose contract
 * lists QB_ERR_CALL_TIMEOUT (each call that reaches a provider, but a calculation and a business rule, which
 * CALC_JOB_TIMEOUT_SECONDS bounds and which may go on as an operation). The same setting closes a connection
 * silent that long: the server holds the connection while it works, and answers at that moment instead of
 * closing it, so a call is never dropped without an answer however many rounds it makes to a slow server.
 */
export const CALL_TIMEOUT_CODE = "QB_ERR_CALL_TIMEOUT";

/** What a call stopped at its deadline may have left on the provider's server, by operation. */
const CHANGE_MAYBE_MADE: LocalizedText = {
  en: "the change may have been made on the server: check it before you make it again",
  fr: "la modification a pu être faite sur le serveur\u00a0: vérifiez-la avant de la refaire",
};
const OUTCOMES: Readonly<Record<string, LocalizedText>> = {
  saveGrid: CELLS_MAYBE_WRITTEN.grid,
  submitForm: CELLS_MAYBE_WRITTEN.form,
  setVariable: CHANGE_MAYBE_MADE,
  setTaskStatus: CHANGE_MAYBE_MADE,
};
const NOTHING_WRITTEN: LocalizedText = {
  en: "nothing was written; try again, or ask your administrator to let QiBates wait longer for the server",
  fr: "rien n'a été écrit\u202f; réessayez, ou demandez à votre administrateur de laisser QiBates attendre le serveur plus longtemps",
};

/** The error of `operation` stopped after `seconds`, saying what it may already have written. */
export function callTimedOut(operation: Pick<Operation, "operationId">, seconds: number): ApiError {
  return new ApiError(CALL_TIMEOUT_CODE, {
    seconds,
    outcome: OUTCOMES[operation.operationId] ?? NOTHING_WRITTEN,
  });
}

/**
 * The error of a wire endpoint's request (in front of QIBATES_WIRE_UPSTREAM) stopped after `seconds`: `wrote`
 * when it had asked the server for a change (a grid's or a form's cells, a variable, a task's status), whose
 * outcome it cannot know; otherwise nothing was written.
 */
export function wireCallTimedOut(seconds: number, wrote: boolean): ApiError {
  return new ApiError(CALL_TIMEOUT_CODE, { seconds, outcome: wrote ? CHANGE_MAYBE_MADE : NOTHING_WRITTEN });
}

/**
 * Whether calls of `operation` ask the provider's server for a change: those whose deadline's error says what may
 * have been written, and the calculations and business rules (`longRunning`).
 */
export function callWrites(operation: Pick<Operation, "operationId" | "longRunning">): boolean {
  return operation.longRunning || Object.hasOwn(OUTCOMES, operation.operationId);
}

/** The context of a call of `operation` without a deadline (a calculation, a business rule, a key's call). */
export function unboundedCall(operation: Pick<Operation, "operationId" | "longRunning">): CallContext {
  return { ...CallContext.unbounded(), writes: callWrites(operation) };
}

/** Whether calls of `operation` have the deadline (their contract lists its error). */
export function hasCallDeadline(operation: Pick<Operation, "errorCodes">): boolean {
  return operation.errorCodes.includes(CALL_TIMEOUT_CODE);
}

/**
 * Runs `work` (a call's handler) within `seconds`, with the call's context (`CallContext`: that deadline, the
 * signal aborted when it passes, whether the call writes), which the handler passes to the provider with the
 * session: its requests to the provider's server share that deadline (the one under way is dropped when it
 * passes, none is sent after it), and the call answers
 * {@link callTimedOut} then, whatever `work` is still doing (its end, success or failure, once the deadline has
 * passed, is that same error). `work`'s later end is awaited by no one: its error, if any, is dropped.
 */
export function withDeadline<T>(
  operation: Pick<Operation, "operationId" | "longRunning">,
  seconds: number,
  work: (call: CallContext) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  // Each request of the call under way listens to it (a grid's member lists are read several at a time).
  setMaxListeners(0, controller.signal);
  const by = Date.now() + seconds * 1000;
  const call: CallContext = { signal: controller.signal, deadline: by, writes: callWrites(operation) };
  const running = work(call);
  // A busy event loop may run the timer late: the work's end is then seen first, and a request of it refused for
  // being past `by` fails as a server not reached. Whatever ends past `by` answers the deadline's error, as the
  // timer would have, so that the code a client sees never depends on how busy the loop was.
  const pastDeadline = () => {
    controller.abort();
    return callTimedOut(operation, seconds);
  };
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      reject(callTimedOut(operation, seconds));
    }, seconds * 1000);
    running.then(
      (value) => {
        clearTimeout(timer);
        if (Date.now() >= by) reject(pastDeadline());
        else resolve(value);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(controller.signal.aborted || Date.now() >= by ? pastDeadline() : e);
      },
    );
  });
}
