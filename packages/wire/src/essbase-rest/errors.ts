/**
 * A refusal of the Essbase REST endpoint: an HTTP status and a message. Nothing public shows the JSON body of
 * Essbase's own error answers, so the endpoint answers the message alone as `text/plain; charset=utf-8`, and
 * uses Essbase's words where a live server's message was recorded (`MESSAGES`).
 */
export class WireError extends Error {
  override readonly name = "WireError";

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Essbase's own messages, as recorded from live servers. */
export const MESSAGES = {
  /** Jackson's answer to an action outside the server's case-sensitive enum (`ZOOMIN`). */
  badAction: (action: string) =>
    `Cannot deserialize value of type oracle.essbase.restws.services.main.grid.Action from String "${action}": value not one of declared Enum instance names: [removeonly, keeponly, pivot, submit, pivotToPOV, refresh, zoomin, zoomout]`,
  nonsensical: "This operation would generate a nonsensical report",
  pivotNoStart: "Pivot starting point cannot be determined",
} as const;

export const badRequest = (message: string) => new WireError(400, message);
