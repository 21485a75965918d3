import type { Socket } from "node:net";
import { type ErrorLocale, errorLocale } from "@qibates/provider";
import type { FastifyRequest } from "fastify";

/**
 * The language of a refusal: the request's Accept-Language, or for a request the HTTP parser refused before
 * Fastify saw it, its raw Accept-Language line, else the language of the connection's last request.
 */

/** The language a request asked for in its Accept-Language header. */
export function headerLocale(value: string | string[] | undefined): ErrorLocale {
  const v = Array.isArray(value) ? value[0] : value;
  return errorLocale(v?.split(",")[0]?.trim());
}

/** A locale as the contract takes it in `settings.locale` and `preferences.locale` (`fr`, `fr_FR`). */
const BODY_LOCALE = /^[a-z]{2}(_[A-Z]{2})?$/;

/**
 * The language of error messages: `settings.locale` or `preferences.locale` of the body, else the first
 * language of `Accept-Language` (a locale such as `en_US` or `fr_FR`, its language alone counting). A body locale
 * the contract refuses (empty, blank, `fr-FR`) chooses nothing: its refusal is said in the header's language.
 */
export function requestLocale(request: FastifyRequest): ErrorLocale {
  const body = request.body as
    | { settings?: { locale?: unknown }; preferences?: { locale?: unknown } }
    | undefined;
  const fromBody = body?.settings?.locale ?? body?.preferences?.locale;
  if (typeof fromBody === "string" && BODY_LOCALE.test(fromBody)) return errorLocale(fromBody);
  return headerLocale(request.headers["accept-language"]);
}

/** The language of the last request read on each connection, for the errors that end the connection. */
const connectionLocale = new WeakMap<Socket, ErrorLocale>();

/** Remembers a request's language on its connection (only French needs remembering: English is the default). */
export function rememberLocale(request: FastifyRequest): void {
  const header = request.headers["accept-language"];
  if (header && headerLocale(header) === "fr") connectionLocale.set(request.raw.socket, "fr");
}

/** The language of a request the HTTP parser refused: its Accept-Language line if it got that far. */
export function rawLocale(error: { rawPacket?: unknown }, socket: Socket): ErrorLocale {
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString("latin1") : undefined;
  const line = raw ? /^accept-language:[ \t]*([^\r\n]*)/im.exec(raw)?.[1] : undefined;
  return line !== undefined ? headerLocale(line) : (connectionLocale.get(socket) ?? "en");
}
