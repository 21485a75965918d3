import { maxHeaderSize } from "node:http";
import type { Socket } from "node:net";
import { type ErrorLocale, errorLocale } from "@qibates/provider";
import type { FastifyRequest } from "fastify";

/**
 * The language of a refusal: the request's Accept-Language, or for a request the HTTP parser refused before
 * Fastify saw it, its raw Accept-Language line (for a request cut off in its headers, the line if it arrived),
 * else the language of the connection's last request.
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

/** Remembers a request's language on its connection, for a refusal that ends the connection (its body cut off). */
export function rememberLocale(request: FastifyRequest): void {
  connectionLocale.set(request.raw.socket, headerLocale(request.headers["accept-language"]));
}

/** The last bytes each connection received: as many as a request's head may hold. */
const lastReceived = new WeakMap<Socket, Buffer>();

/**
 * Keeps the last bytes a connection receives ({@link maxHeaderSize}, a copy of at most that many a chunk), so that
 * a request cut off in its headers (timed out, `QB_ERR_REQUEST_TIMEOUT`) is refused in the language of the
 * Accept-Language line it sent before it stalled: Node's parser gives nothing of a head it has not finished.
 */
export function keepLastReceived(socket: Socket): void {
  socket.on("data", (chunk: Buffer) => {
    const before = lastReceived.get(socket);
    const kept = Math.max(0, maxHeaderSize - chunk.length);
    const tail =
      before && kept > 0
        ? Buffer.concat([before.subarray(Math.max(0, before.length - kept)), chunk])
        : Buffer.from(chunk.subarray(Math.max(0, chunk.length - maxHeaderSize)));
    lastReceived.set(socket, tail);
  });
}

/** The head a connection was receiving when it stalled in one: what follows the last blank line, from a request line. */
function partialHead(socket: Socket): string | undefined {
  const text = lastReceived.get(socket)?.toString("latin1");
  if (text === undefined) return undefined;
  const end = text.lastIndexOf("\r\n\r\n");
  const head = end < 0 ? text : text.slice(end + 4);
  return /^[A-Z]+ \S+ HTTP\/\d\.\d\r\n/.test(head) ? head : undefined;
}

/** The value of the last whole Accept-Language line of a raw head, if it has one. */
function acceptLanguageLine(raw: string): string | undefined {
  return [...raw.matchAll(/^accept-language:[ \t]*([^\r\n]*)\r?\n/gim)].at(-1)?.[1];
}

/**
 * The language of a request the HTTP parser refused: its Accept-Language line if it got that far (in the packet
 * refused, or in the head the connection was receiving when it timed out), else the language of the connection's
 * last request, else English: a request that stalled before its Accept-Language line cannot say its language.
 */
export function rawLocale(error: { rawPacket?: unknown }, socket: Socket): ErrorLocale {
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString("latin1") : partialHead(socket);
  const line = raw !== undefined ? acceptLanguageLine(raw) : undefined;
  return line !== undefined ? headerLocale(line) : (connectionLocale.get(socket) ?? "en");
}
