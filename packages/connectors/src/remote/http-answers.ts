import { oneLine, type ProviderError } from "@qibates/provider";
import type { UpstreamAnswer, Upstreams } from "../net/upstream.ts";

/**
 * The error for a non-2xx answer of a REST API (Essbase's, Planning's): the API's own message when the body
 * is its JSON error ({@link serverMessage}), else `upstreamUnreachable` with the body logged (`Upstreams.failure`).
 */
export function httpFailure(
  upstreams: Upstreams,
  base: string,
  answer: UpstreamAnswer,
  what: string,
): ProviderError {
  return upstreams.failure(base, answer, what, serverMessage(answer.body) || null);
}

/**
 * The message of an error answer: a JSON body's `errorMessage`, `message` or `error` (one line, at most 300
 * characters), the REST APIs' error shape (Essbase's error body is not publicly documented; these are the
 * fields its clients read); `""` for anything else. A body that is not such JSON (an HTML error page, a
 * proxy's text) is only the server's text: it is never answered, `Upstreams.failure` logs it.
 */
export function serverMessage(body: string): string {
  const text = body.trim();
  if (!text.startsWith("{") || text.length > 1024 * 1024) return "";
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    for (const k of ["errorMessage", "message", "error"]) {
      if (typeof json[k] === "string" && json[k] !== "") return oneLine(json[k] as string);
    }
  } catch {
    // Not JSON after all.
  }
  return "";
}
