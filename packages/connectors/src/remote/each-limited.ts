import { stoppingTogether } from "../net/upstream.ts";

/**
 * `work` over `items`, `limit` at a time, answers in the items' order. The first failure is the answer: no item
 * is started after it, and the requests of those under way are dropped (`stoppingTogether`).
 */
export function eachLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  return stoppingTogether(async (stop) => {
    const out = new Array<R>(items.length);
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (next < items.length && !failed) {
        const i = next++;
        try {
          out[i] = await work(items[i] as T);
        } catch (e) {
          if (!failed) {
            failed = true;
            stop();
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
  });
}
