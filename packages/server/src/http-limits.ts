import { randomUUID } from "node:crypto";
import { type IncomingMessage, maxHeaderSize, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { deferredGrid, noteGridJson } from "@qibates/connectors";
import { wireErrorAnswer } from "@qibates/wire";
import type {
  FastifyError,
  FastifyHttpOptions,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { ApiError } from "./api-error.ts";
import type { Config } from "./config.ts";
import { type ErrorLocale, errorLocale } from "./error-codes.ts";

/**
 * What a request may cost before and while it is read: timeouts, body sizes, JSON depth, compression, and
 * the registry's error format for every refusal the HTTP layer makes itself.
 */

/** Largest body of a call that carries no grid (login, navigation, metadata), unless BODY_LIMIT_BYTES is smaller. */
export const SMALL_BODY_BYTES = 64 * 1024;

/** Deepest nesting of arrays and objects a JSON body may have (a grid is three levels deep). */
export const MAX_JSON_DEPTH = 64;

/** Request encodings a grid call accepts; every other call takes its body uncompressed. */
export const REQUEST_ENCODINGS = ["gzip", "deflate", "br"] as const;

/** The body limit of a call: the configured maximum for grid calls, 64 KiB (at most) for the others. */
export function bodyLimitOf(config: Config, carriesGrid: boolean): number {
  return carriesGrid ? config.bodyLimitBytes : Math.min(SMALL_BODY_BYTES, config.bodyLimitBytes);
}

/**
 * True when `text` nests arrays and objects deeper than `limit`: one pass over the characters, brackets
 * inside strings ignored, so that a body of 10 MiB of `[` is refused before the JSON parser sees it.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** Bodies at least this long are kept as text beside their grid (`noteGridJson`). */
const GRID_JSON_MIN_CHARS = 32 * 1024;

/** Where a body's grid is in its text (`scanJsonBody`). */
export interface GridSpan {
  /** Its value, `text.slice(start, end)`: an array of arrays of strings. */
  start: number;
  end: number;
  /** Its cells (the rows' lengths added up, as `sheetCells` counts them). */
  cells: number;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/**
 * The depth check of {@link jsonDepthExceeds}, and, in the same pass, where the top-level object's `grid`
 * member is when its value is an array of arrays of strings written as valid JSON: the grid's text and cell
 * count, without building it. `grid` is null whenever there is any doubt (a top-level key with an escape,
 * `grid` twice, a grid of another shape or beyond `gridLimits`, a syntax error in it): the caller then parses
 * the body whole, as any other, and its errors are the usual ones. A cell's characters are counted as written
 * (escapes included), never fewer than its value has: a grid this pass vouches for is one the contract accepts.
 */
/** What the contract's `GridInput` allows: rows, cells in a row, characters in a cell. */
export interface GridLimits {
  rows: number;
  rowCells: number;
  cellChars: number;
}

/** The grid limits of the contract's `GridInput` schema. */
export function gridLimitsOf(document: Record<string, unknown>): GridLimits {
  const schemas = (document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  const grid = schemas.GridInput as {
    maxItems?: number;
    items?: { maxItems?: number; items?: { maxLength?: number } };
  };
  const rows = grid?.maxItems;
  const rowCells = grid?.items?.maxItems;
  const cellChars = grid?.items?.items?.maxLength;
  if (!rows || !rowCells || !cellChars)
    throw new Error("the contract's GridInput has no maxItems or maxLength");
  return { rows, rowCells, cellChars };
}

export function scanJsonBody(
  text: string,
  limit: number,
  gridLimits: GridLimits,
): { tooDeep: boolean; grid: GridSpan | null } {
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let stringEscaped = false;
  // Top-level keys: the next string at depth 1 is a key; `gridKeys` counts the keys named "grid".
  let expectKey = false;
  let gridKeys = 0;
  let keyIsGrid = false;
  let awaitingGrid = false;
  let doubt = false;
  // The grid: -1 before it, then its start; `state` is what may come next inside it.
  let start = -1;
  let end = -1;
  let cells = 0;
  let rows = 0;
  let rowCells = 0;
  let cellStart = 0;
  let state: "row-or-end" | "comma-or-end" | "row" | "cell-or-end" | "cell" | "cell-comma-or-end" =
    "row-or-end";
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const inGrid = start >= 0 && end < 0;
    if (inString) {
      if (inGrid) {
        // A cell: JSON's escapes only, no raw control character.
        if (c < 32) return { tooDeep: jsonDepthExceeds(text, limit), grid: null };
        if (c === 92) {
          const e = text.charCodeAt(i + 1);
          if (e === 117) {
            for (let k = i + 2; k < i + 6; k++)
              if (!isHex(text.charCodeAt(k))) return { tooDeep: jsonDepthExceeds(text, limit), grid: null };
            i += 5;
          } else if (
            e === 34 ||
            e === 92 ||
            e === 47 ||
            e === 98 ||
            e === 102 ||
            e === 110 ||
            e === 114 ||
            e === 116
          ) {
            i++;
          } else return { tooDeep: jsonDepthExceeds(text, limit), grid: null };
        } else if (c === 34) {
          inString = false;
          state = "cell-comma-or-end";
          if (i - cellStart - 1 > gridLimits.cellChars)
            return { tooDeep: jsonDepthExceeds(text, limit), grid: null };
        }
        continue;
      }
      if (c === 92) {
        stringEscaped = true;
        i++;
      } else if (c === 34) {
        inString = false;
        if (depth === 1 && expectKey) {
          expectKey = false;
          keyIsGrid = !stringEscaped && i - stringStart === 5 && text.startsWith("grid", stringStart + 1);
          if (stringEscaped) doubt = true;
          if (keyIsGrid) gridKeys++;
        }
      }
      continue;
    }
    if (inGrid) {
      if (isSpace(c)) continue;
      if (depth === 2) {
        if (c === 91 && (state === "row-or-end" || state === "row") && ++rows <= gridLimits.rows) {
          depth++;
          state = "cell-or-end";
          rowCells = 0;
        } else if (c === 44 && state === "comma-or-end") state = "row";
        else if (c === 93 && (state === "row-or-end" || state === "comma-or-end")) {
          depth--;
          end = i + 1;
        } else doubt = true;
      } else if (
        c === 34 &&
        (state === "cell-or-end" || state === "cell") &&
        ++rowCells <= gridLimits.rowCells
      ) {
        inString = true;
        cellStart = i;
        cells++;
      } else if (c === 44 && state === "cell-comma-or-end") state = "cell";
      else if (c === 93 && (state === "cell-or-end" || state === "cell-comma-or-end")) {
        depth--;
        state = "comma-or-end";
      } else doubt = true;
      // Not a grid this pass can vouch for: the usual depth check, and the whole body parsed by the caller.
      if (doubt) return { tooDeep: jsonDepthExceeds(text, limit), grid: null };
      continue;
    }
    if (c === 34) {
      inString = true;
      stringStart = i;
      stringEscaped = false;
      if (depth === 1 && !expectKey && awaitingGrid) doubt = true;
    } else if (c === 91 || c === 123) {
      if (++depth > limit) return { tooDeep: true, grid: null };
      if (depth === 1) {
        if (c === 123) expectKey = true;
        else doubt = true;
      } else if (depth === 2 && awaitingGrid) {
        awaitingGrid = false;
        if (c === 91 && start < 0) {
          start = i;
          state = "row-or-end";
        } else doubt = true;
      }
    } else if (c === 93 || c === 125) depth--;
    else if (depth === 1) {
      if (c === 58 && keyIsGrid) {
        awaitingGrid = true;
        keyIsGrid = false;
      } else if (c === 44) {
        expectKey = true;
        if (awaitingGrid) doubt = true;
      } else if (awaitingGrid && !isSpace(c)) doubt = true;
    }
  }
  if (doubt || gridKeys !== 1 || start < 0 || end < 0 || inString) return { tooDeep: false, grid: null };
  return { tooDeep: false, grid: { start, end, cells } };
}

/** The JSON parser of the API: the depth is checked first, then Fastify's own parser (prototype poisoning refused). */
export function installJsonParser(app: FastifyInstance, gridLimits: GridLimits): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    const scan = text.length >= GRID_JSON_MIN_CHARS ? scanJsonBody(text, MAX_JSON_DEPTH, gridLimits) : null;
    if (scan ? scan.tooDeep : jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(
        new ApiError("QB_ERR_JSON_MALFORMED", {
          reason: {
            en: `arrays and objects are nested more than ${MAX_JSON_DEPTH} levels deep`,
            fr: `tableaux et objets y sont imbriqués sur plus de ${MAX_JSON_DEPTH} niveaux`,
          },
        }),
        undefined,
      );
      return;
    }
    parseBody(request, text, scan?.grid ?? null, done);
  });

  /**
   * A large body's grid, when the scan vouches for it (`span`), is left as text: the rest of the body is parsed
   * here, and the grid only where it is read (a grid worker parses it from the text itself: `deferredGrid`).
   */
  function parseBody(
    request: FastifyRequest,
    text: string,
    span: GridSpan | null,
    done: (error: Error | null, value?: unknown) => void,
  ): void {
    const rest = span ? `${text.slice(0, span.start)}[]${text.slice(span.end)}` : text;
    parse(request, rest, (error, value) => {
      // Refused with the grid left out: parsed whole, so that the error is the one the whole body has.
      if (error && span) return parseBody(request, text, null, done);
      const body = value as { grid?: unknown } | null;
      if (!error && span && body !== null && typeof body === "object" && Array.isArray(body.grid)) {
        body.grid = deferredGrid(text, span.start, span.end, span.cells);
        return done(null, body);
      }
      // A large body's grid is parsed again by a grid worker from the text, rather than copied to it.
      if (!error && text.length >= GRID_JSON_MIN_CHARS && Array.isArray(body?.grid))
        noteGridJson(body.grid, text);
      if ((error as FastifyError | null)?.code !== "FST_ERR_CTP_INVALID_JSON_BODY") return done(error, value);
      // Fastify's parser drops the reason; the failure path alone parses again to tell the caller where.
      let reason = jsonReason("prototype");
      try {
        JSON.parse(text);
      } catch (e) {
        reason = jsonReason(e instanceof Error ? e.message : "");
      }
      done(new ApiError("QB_ERR_JSON_MALFORMED", { reason }), undefined);
    });
  }
}

/** The reason a JSON body was refused, in both languages, from the parser's message. */
function jsonReason(message: string): { en: string; fr: string } {
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position) {
    return {
      en: `unexpected character at position ${position}`,
      fr: `caractère inattendu à la position ${position}`,
    };
  }
  const token = /Unexpected token '(.{1,8}?)'/.exec(message)?.[1];
  if (token) return { en: `unexpected "${token}"`, fr: `« ${token} » inattendu` };
  if (/end of JSON input/i.test(message))
    return { en: "the body ends too early", fr: "le corps s'arrête trop tôt" };
  if (/prototype|constructor/i.test(message)) {
    return {
      en: "it sets __proto__ or constructor.prototype",
      fr: "il définit __proto__ ou constructor.prototype",
    };
  }
  return { en: "it is not a JSON document", fr: "ce n'est pas un document JSON" };
}

/** A header value as it may be quoted in a message: printable, at most 100 characters. */
export function quoted(value: string | string[] | undefined): string {
  const v = (Array.isArray(value) ? value[0] : value) ?? "";
  const printable = v.replace(/[^\x20-\x7e]/g, "?");
  return printable === "" ? "(none)" : printable.length > 100 ? `${printable.slice(0, 100)}…` : printable;
}

const FRAMING = {
  en: "its request line, headers, Content-Length or chunked encoding are malformed",
  fr: "sa ligne de requête, ses en-têtes, son Content-Length ou son découpage en blocs sont mal formés",
};

export const ENCODING_ADVICE = {
  none: { en: "send this call's body uncompressed", fr: "envoyez le corps de cet appel non compressé" },
  grid: { en: "use gzip, deflate or br", fr: "utilisez gzip, deflate ou br" },
};

/**
 * The registry error standing for an error Fastify (or one of its plugins) raised while reading the request,
 * or null for anything else (a bug: 500).
 */
export function frameworkError(error: FastifyError, request: FastifyRequest): ApiError | null {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new ApiError("QB_ERR_JSON_MALFORMED", { reason: jsonReason(error.message) });
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new ApiError("QB_ERR_JSON_MALFORMED", {
        reason: { en: "the body is empty", fr: "le corps est vide" },
      });
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError("QB_ERR_BODY_TOO_LARGE", { limit: request.routeOptions.bodyLimit ?? 0 });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_EMPTY_TYPE":
      return new ApiError("QB_ERR_MEDIA_TYPE", { contentType: quoted(request.headers["content-type"]) });
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError("QB_ERR_REQUEST_MALFORMED", {
        reason: {
          en: "the body's length differs from its Content-Length",
          fr: "la longueur du corps diffère de son Content-Length",
        },
      });
    case "FST_ERR_BAD_URL":
      return new ApiError(
        "QB_ERR_REQUEST_MALFORMED",
        {
          reason: {
            en: "its address is not validly percent-encoded",
            fr: "son adresse n'est pas correctement encodée en pourcentage",
          },
        },
        "url",
      );
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new ApiError("QB_ERR_NOT_FOUND", {
        method: request.method,
        path: quoted(request.url.split("?")[0]),
      });
    case "FST_CP_ERR_INVALID_CONTENT_ENCODING":
      return new ApiError("QB_ERR_CONTENT_ENCODING", {
        encoding: quoted(request.headers["content-encoding"]),
        accepted: ENCODING_ADVICE.grid,
      });
    case "FST_CP_ERR_INVALID_CONTENT":
      return new ApiError("QB_ERR_REQUEST_MALFORMED", {
        reason: {
          en: `its body cannot be decompressed as ${quoted(request.headers["content-encoding"])}`,
          fr: `son corps ne peut pas être décompressé en ${quoted(request.headers["content-encoding"])}`,
        },
      });
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new ApiError("QB_ERR_JSON_MALFORMED", { reason: jsonReason(error.message) });
  }
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError("QB_ERR_REQUEST_MALFORMED", { reason: FRAMING });
  }
  return null;
}

/** The language a request asked for in its Accept-Language header. */
function headerLocale(value: string | string[] | undefined): ErrorLocale {
  const v = Array.isArray(value) ? value[0] : value;
  return errorLocale(v?.split(",")[0]?.trim());
}

/** The language of the last request read on each connection, for the errors that end the connection. */
const connectionLocale = new WeakMap<Socket, ErrorLocale>();

/** Remembers a request's language on its connection (only French needs remembering: English is the default). */
export function rememberLocale(request: FastifyRequest): void {
  const header = request.headers["accept-language"];
  if (header && headerLocale(header) === "fr") connectionLocale.set(request.raw.socket, "fr");
}

/** The language of a request the HTTP parser refused: its Accept-Language line if it got that far. */
function rawLocale(error: { rawPacket?: unknown }, socket: Socket): ErrorLocale {
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString("latin1") : undefined;
  const line = raw ? /^accept-language:[ \t]*([^\r\n]*)/im.exec(raw)?.[1] : undefined;
  return line !== undefined ? headerLocale(line) : (connectionLocale.get(socket) ?? "en");
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a malformed request line or Content-Length,
 * headers too large, a request not received in time): answered in the registry's format, then the
 * connection is closed, as Node itself does.
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
      const body = JSON.stringify({
        code: refusal.code,
        message: refusal.localizedMessage(rawLocale(error, socket)),
        field: null,
        requestId,
      });
      const lines = [
        `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status] ?? "Error"}`,
        "content-type: application/json; charset=utf-8",
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
      const message = refusal.localizedMessage(headerLocale(request.headers["accept-language"]));
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
