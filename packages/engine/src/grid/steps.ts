/**
 * Long grid operations run in steps: a generator that pauses (yields) between steps and returns its answer.
 * The engine never waits on anything itself; {@link finish} runs the steps at once, and a host with an event
 * loop may run a few steps at a time and let other work through between them.
 */
export type Steps<T> = Generator<void, T, void>;

/** Cells read or written between two steps: about a millisecond of work. */
export const STEP_CELLS = 1024;

/** Runs every step at once and answers the result. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Thrown by work asked to keep each of its steps short (`MdxOptions.stepWork`) when one step would not be: the
 * host should run the work again from its start where a long step holds nothing up (a worker thread), or with
 * no such limit. The work had no effect.
 */
export class StepTooLong extends Error {
  override readonly name = "StepTooLong";
  constructor() {
    super("A step of this work is longer than its host allows");
  }
}
