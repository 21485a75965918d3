import { ERROR_TYPE, errorBody } from "@qibates/protocols/essbase-rest";
import type { ErrorLocale } from "@qibates/provider";
import type { FastifyReply, FastifyRequest } from "fastify";
import { acceptedLocale } from "../error-answers.ts";

/**
 * A refusal of the Essbase REST endpoint: an HTTP status and a message, answered as Essbase's error body
 * (`errorBody` of the codec). Where a live server's message was recorded, its words are used (the codec's
 * `MESSAGES`). Sources: `NOTES.md`.
 */
export class WireError extends Error {
  override readonly name = "WireError";

  /** `fr`: the message in French, answered to a request whose `Accept-Language` asks for French first. */
  constructor(
    readonly status: number,
    message: string,
    readonly fr?: string,
  ) {
    super(message);
  }

  /** The message in `locale`: its French words when it has them, else its English ones. */
  messageIn(locale: ErrorLocale): string {
    return locale === "fr" && this.fr !== undefined ? this.fr : this.message;
  }
}

/** The language a request asks for first in its `Accept-Language` header (English unless French). */
export function localeOf(request: FastifyRequest): ErrorLocale {
  return acceptedLocale(request.headers["accept-language"]);
}

export const badRequest = (message: string) => new WireError(400, message);

/** Sends an error as Essbase does: the status, and `{"errorMessage": message}`. */
export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type(ERROR_TYPE).send(errorBody(message));
}
