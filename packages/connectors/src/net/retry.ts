import { ProviderError } from "@qibates/provider";

/** The retry policy of a server that refuses for now (429): when to ask again, and asking again until a deadline. */

/**
 * When to retry a 429: its `Retry-After` in seconds, else the "in N seconds" of its message, else a minute; from
 * 1 to 3600.
 */
export function retryAfterSeconds(header: string | string[] | undefined, message: string): number {
  const given = Array.isArray(header) ? header[0] : header;
  const fromHeader = given !== undefined && /^\d{1,6}$/.test(given.trim()) ? Number(given.trim()) : null;
  const fromMessage = /\bin (\d{1,6}) (?:seconds?|s)\b/.exec(message)?.[1];
  const seconds = fromHeader ?? (fromMessage !== undefined ? Number(fromMessage) : 60);
  return Math.min(3600, Math.max(1, seconds));
}

/**
 * A request about a job (`read`: a reading of a launched job's status, or a launch the server has not taken yet),
 * made again after the server's `Retry-After` while the server refuses it for now (429: `BUSY`), until `deadline`
 * (ms, as `Date.now()`), past which `pastDeadline(refusal)` is thrown: a status the server will not give yet is no
 * failure of the job, and the caller, told the job failed, would launch it a second time while it runs.
 */
export async function retryWhileBusy<T>(
  deadline: number,
  read: () => Promise<T>,
  pastDeadline: (refusal: ProviderError) => Error,
): Promise<T> {
  for (;;) {
    try {
      return await read();
    } catch (e) {
      if (!(e instanceof ProviderError) || e.code !== "BUSY") throw e;
      const seconds = e.params?.seconds;
      const retryMs = (typeof seconds === "number" && seconds > 0 ? seconds : 1) * 1000;
      const left = deadline - Date.now();
      if (left <= retryMs) {
        await new Promise((r) => setTimeout(r, Math.max(left, 0)));
        throw pastDeadline(e);
      }
      await new Promise((r) => setTimeout(r, retryMs));
    }
  }
}
