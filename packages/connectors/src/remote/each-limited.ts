import { stoppable, type UpstreamCall } from "../net/upstream.ts";

/**
 * `work` over `items`, `limit` at a time, answers in the items' order, each given a context derived from `call`
 * (`stoppable`: the call's deadline and client, a signal of their own), which its requests are sent within. The
 * first failure is the answer: no item is started after it, and the requests of those under way are dropped.
 */
export async function eachLimited<T, R, C extends UpstreamCall>(
  call: C,
  items: readonly T[],
  limit: number,
  work: (item: T, call: C) => Promise<R>,
): Promise<R[]> {
  const together = stoppable(call);
  try {
    const out = new Array<R>(items.length);
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (next < items.length && !failed) {
        const i = next++;
        try {
          out[i] = await work(items[i] as T, together.call);
        } catch (e) {
          if (!failed) {
            failed = true;
            together.stop();
          }
          throw e;
        }
      }
    };
    const workers = Array.from({ length: Math.min(limit, items.length) }, worker);
    // The first failure is answered; the others' (their requests dropped) are not.
    for (const w of workers) w.catch(() => undefined);
    await Promise.all(workers);
    return out;
  } finally {
    together.release();
  }
}
