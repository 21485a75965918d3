import { ERROR_TYPE, errorBody } from "@qibates/protocols/essbase-rest";
import type { FastifyReply } from "fastify";

/**
 * A refusal of the Essbase REST endpoint: an HTTP status and a message, answered as Essbase's error body
 * (`errorBody` of the codec). Where a live server's message was recorded, its words are used (the codec's
 * `MESSAGES`). Sources: `NOTES.md`.
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

export const badRequest = (message: string) => new WireError(400, message);

/** Sends an error as Essbase does: the status, and `{"errorMessage": message}`. */
export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type(ERROR_TYPE).send(errorBody(message));
}
