import { randomUUID } from "node:crypto";
import { type IncomingMessage, maxHeaderSize, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { wireErrorAnswer, wireLocaleOf } from "@qibates/wire";
import type {
  FastifyError,
  FastifyHttpOptions,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { ApiError } from "./api-error.ts";
import type { Config } from "./config.ts";
import { FRAMING, frameworkError, quoted } from "./framework-errors.ts";
import { headerLocale, rawLocale, rawUrl } from "./request-locale.ts";

/**
 * The HTTP server's tuning before any route runs: timeouts, trusted proxies, what Node's parser refuses and
 * unmet `Expect` headers answered in the registry's format, and connections closed without losing their answer.
 */

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a malformed request line or Content-Length,
 * headers too large, a request not received in time): answered in the registry's format, or under a wire
 * endpoint's path in that protocol's (`wireErrorAnswer`), then the connection is closed, as Node itself does.
 */
function clientErrorHandler(config: Config, headers: Record<string, string>) {
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const refusal =
      error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? new ApiError("QB_ERR_REQUEST_TIMEOUT", { seconds: config.requestTimeoutSeconds })
        : error.code === "HPE_HEADER_OVERFLOW"
          ? new ApiError("QB_ERR_HEADERS_TOO_LARGE", { limit: maxHeaderSize })
          : new ApiError("QB_ERR_REQUEST_MALFORMED", { reason: FRAMING });
    // Nothing is written over an answer already under way on this connection.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const requestId = randomUUID();
      // Under a wire endpoint's path, the protocol's own error format and language (as its other refusals).
      const url = rawUrl(error, socket);
      const asked = rawLocale(error, socket);
      const message = refusal.localizedMessage(
        url === undefined ? asked : wireLocaleOf(url, config.wireEndpoints, asked),
      );
      const wire =
        url === undefined ? null : wireErrorAnswer(url, refusal.status, message, config.wireEndpoints);
      const body = wire?.body ?? JSON.stringify({ code: refusal.code, message, field: null, requestId });
      const lines = [
        `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status] ?? "Error"}`,
        `content-type: ${wire?.contentType ?? "application/json; charset=utf-8"}`,
        `content-length: ${Buffer.byteLength(body)}`,
        "cache-control: no-store",
        `x-request-id: ${requestId}`,
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        "connection: close",
      ];
      socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
    }
    lingeringClose.call(socket);
  };
}

/** How long, and for how many bytes, a closing connection still reads what the client is sending. */
export const LINGER = { ms: 2000, bytes: 32 * 1024 * 1024 };

/**
 * Closes a connection after its last answer without losing that answer: a client still sending a body the
 * server refused (413 over the limit, 401 before the body) would otherwise meet a socket closed with unread
 * data, which the system answers with a reset, dropping the answer before the client reads it. The connection
 * is half-closed once the answer is written, then what arrives is read and dropped until the client closes
 * its side, for at most {@link LINGER} (time and bytes), then closed.
 */
function lingeringClose(this: Socket): void {
  if (this.destroyed) return;
  if (this.writable) this.end();
  // Nothing more is parsed: what arrives now is dropped unread.
  this.removeAllListeners("data");
  const timer = setTimeout(() => this.destroy(), LINGER.ms);
  timer.unref();
  let read = 0;
  this.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER.bytes) this.destroy();
  });
  this.once("end", () => this.destroy());
  this.once("close", () => clearTimeout(timer));
  this.resume();
}

/**
 * A request whose `Expect` header is not `100-continue`: answered `417` in the registry's format (Node's
 * server would answer a bare 417 itself), its body unread, and the connection closed.
 */
function expectationFailed(headers: Record<string, string>) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const refusal = new ApiError("QB_ERR_EXPECTATION_FAILED", { expect: quoted(request.headers.expect) });
    const requestId = randomUUID();
    const body = JSON.stringify({
      code: refusal.code,
      message: refusal.localizedMessage(headerLocale(request.headers["accept-language"])),
      field: "expect",
      requestId,
    });
    response.writeHead(refusal.status, {
      ...headers,
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "cache-control": "no-store",
      "x-request-id": requestId,
      connection: "close",
    });
    response.end(body);
  };
}

/**
 * What the HTTP server does before Fastify sees a request, in the registry's terms: an unmet `Expect`
 * answered in its format, and connections closed after their answer has reached the client.
 */
export function refineHttpServer(server: Server, headers: Record<string, string>): void {
  server.on("checkExpectation", expectationFailed(headers));
  server.on("connection", (socket: Socket) => {
    socket.destroySoon = lingeringClose;
  });
}

/** A hop count as the function Fastify's `trustProxy` takes (its typings name no number). */
function trustProxyOption(value: Config["trustProxy"]): FastifyServerOptions["trustProxy"] {
  if (value === false) return false;
  if (typeof value === "number") return (_address: string, hop: number) => hop < value;
  return value;
}

/**
 * The server options that bound a request before any route runs: timeouts (the whole request within
 * REQUEST_TIMEOUT_SECONDS, checked every second or faster), idle connections, trusted proxies, and the
 * registry's error format for what the HTTP parser and the router refuse.
 */
export function serverOptions(
  config: Config,
  headers: Record<string, string>,
): Partial<FastifyHttpOptions<Server>> {
  const requestMs = config.requestTimeoutSeconds * 1000;
  return {
    trustProxy: trustProxyOption(config.trustProxy),
    requestTimeout: requestMs,
    connectionTimeout: config.connectionTimeoutSeconds * 1000,
    keepAliveTimeout: config.keepAliveTimeoutSeconds * 1000,
    http: {
      // A request without Host is refused by the API's own hook, in the registry's format (app.ts).
      requireHostHeader: false,
      requestTimeout: requestMs,
      headersTimeout: requestMs,
      connectionsCheckingInterval: Math.min(1000, requestMs / 4),
    },
    clientErrorHandler: clientErrorHandler(config, headers),
    // Typed loosely: Fastify's typings of this option expect a reply typed by a route schema.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const refusal =
        frameworkError(error as FastifyError, request) ??
        new ApiError("QB_ERR_REQUEST_MALFORMED", { reason: FRAMING });
      reply.headers({ ...headers, "cache-control": "no-store", "x-request-id": request.id });
      const message = refusal.localizedMessage(
        wireLocaleOf(request.url, config.wireEndpoints, headerLocale(request.headers["accept-language"])),
      );
      const wire = wireErrorAnswer(request.url, refusal.status, message, config.wireEndpoints);
      if (wire) return reply.code(refusal.status).type(wire.contentType).send(wire.body);
      return reply.code(refusal.status).send({
        code: refusal.code,
        message: refusal.localizedMessage(headerLocale(request.headers["accept-language"])),
        field: refusal.field ?? null,
        requestId: request.id,
      });
    },
  };
}
