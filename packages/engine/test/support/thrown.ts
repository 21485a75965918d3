/** The error of class `type` that `fn` throws (fails the test if it throws nothing, or rethrows anything else). */
// biome-ignore lint/suspicious/noExplicitAny: any error class, whatever its constructor's parameters
export function thrown<E extends Error>(type: new (...args: any[]) => E, fn: () => unknown): E {
  try {
    fn();
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw new Error(`expected a${/^[AEIOU]/.test(type.name) ? "n" : ""} ${type.name}`);
}
