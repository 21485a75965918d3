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
/** The address of the last request read on each connection, for the format of those errors (a wire protocol's). */
const connectionUrl = new WeakMap<Socket, string>();

/**
 * Remembers a request's language and address on its connection, for a refusal that ends the connection (its body
 * cut off): said in its language, and under a wire endpoint's path in that protocol's error format.
 */
export function rememberLocale(request: FastifyRequest): void {
  connectionLocale.set(request.raw.socket, headerLocale(request.headers["accept-language"]));
  connectionUrl.set(request.raw.socket, request.url);
}

/**
 * The address of a request the HTTP parser refused: its request line's if the packet refused holds one, else the
 * address of the connection's last request (a body cut off by the request timeout is that request's).
 */
export function rawUrl(error: { rawPacket?: unknown }, socket: Socket): string | undefined {
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString("latin1") : undefined;
  const line = raw === undefined ? undefined : /^[A-Z]+ (\S+) HTTP\/\d\.\d\r?\n/.exec(raw)?.[1];
  return line ?? connectionUrl.get(socket);
}

/** The value of the last whole Accept-Language line of a raw head, if it has one. */
function acceptLanguageLine(raw: string): string | undefined {
  return [...raw.matchAll(/^accept-language:[ \t]*([^\r\n]*)\r?\n/gim)].at(-1)?.[1];
}

/**
 * The language of a request the HTTP parser refused: its Accept-Language line if it got that far (in the packet
 * refused), else the language of the connection's last request, else English. A request cut off in its headers
 * (timed out) is one of the latter: Node's parser gives nothing of a head it has not finished, and keeping every
 * connection's bytes to read it would take each request off the parser's direct read from the socket.
 */
export function rawLocale(error: { rawPacket?: unknown }, socket: Socket): ErrorLocale {
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString("latin1") : undefined;
  const line = raw !== undefined ? acceptLanguageLine(raw) : undefined;
  return line !== undefined ? headerLocale(line) : (connectionLocale.get(socket) ?? "en");
}
