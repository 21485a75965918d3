/**
 * Runs a generator of steps (`Steps<T>`: it pauses, yields, between steps) to its end, as `finish` does, and
 * counts its pauses: what a test of sliced work checks beside the answer.
 */
export function runCountingPauses<T>(steps: Generator<void, T, void>): { value: T; pauses: number } {
  let pauses = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { value: next.value, pauses };
    pauses++;
  }
}
