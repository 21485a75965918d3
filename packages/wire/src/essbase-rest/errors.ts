import type { FastifyReply } from "fastify";

/**
 * A refusal of the Essbase REST endpoint: an HTTP status and a message, answered as Essbase's error body
 * `{"errorMessage": "…"}` (`application/json`): Oracle's description of `POST …/mdx` says to "check for
 * errorMessage tag in the response" for errors, and appliedolap's client reads the message of every failed
 * call from that key (`EssApiException.getBestMessage`). Where a live server's message was recorded, its
 * words are used (`MESSAGES`). Sources: `NOTES.md`.
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

/** The media type of every error answer. */
export const ERROR_TYPE = "application/json";

/** Sends an error as Essbase does: the status, and `{"errorMessage": message}`. */
export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type(ERROR_TYPE).send({ errorMessage: message });
}
