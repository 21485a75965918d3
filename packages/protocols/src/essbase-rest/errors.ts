/**
 * Essbase's error body: the status with `{"errorMessage": "…"}` (`application/json`). Oracle's description of
 * `POST …/mdx` says to "check for errorMessage tag in the response" for errors, and appliedolap's client reads
 * the message of every failed call from that key (`EssApiException.getBestMessage`).
 */
export interface ErrorBody {
  errorMessage: string;
}

/** The media type of every error answer. */
export const ERROR_TYPE = "application/json";

export function errorBody(message: string): ErrorBody {
  return { errorMessage: message };
}

/** The message of an error body, or `null` when the value is not one. */
export function errorMessageOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const message = (body as { errorMessage?: unknown }).errorMessage;
  return typeof message === "string" ? message : null;
}

/** Essbase's own messages, as recorded from live servers. */
export const MESSAGES = {
  /** Jackson's answer to an action outside the server's case-sensitive enum (`ZOOMIN`). */
  badAction: (action: string) =>
    `Cannot deserialize value of type oracle.essbase.restws.services.main.grid.Action from String "${action}": value not one of declared Enum instance names: [removeonly, keeponly, pivot, submit, pivotToPOV, refresh, zoomin, zoomout]`,
  nonsensical: "This operation would generate a nonsensical report",
  pivotNoStart: "Pivot starting point cannot be determined",
} as const;
