import type { Readable } from "node:stream";
import type { GridRows, GridSource, GridText } from "@qibates/provider";
import { errorCodes, type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import { ApiError } from "./api-error.ts";
import { CELL_REF_BYTES, MAX_JSON_DEPTH, SMALL_BODY_BYTES } from "./body-limits.ts";
import {
  type GridLimits,
  type GridSpan,
  type JsonBodyScan,
  jsonDepthExceeds,
  scanJsonBodySteps,
} from "./json-scan.ts";

/** Bodies at least this long are scanned for their grid, which is then left as text (`request.qibatesGrid`). */
const GRID_JSON_MIN_CHARS = 32 * 1024;

/** The JSON parser of the API: the depth is checked first, then Fastify's own parser (prototype poisoning refused). */
export function installJsonParser(app: FastifyInstance, gridLimits: GridLimits): void {
  app.decorateRequest("qibatesGrid", null);
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  // The body is read by `readBodyText` (a chunk decoded as it arrives), not by Fastify's `parseAs: "string"`,
  // which joins a body's chunks and decodes them in one turn of the event loop (a 7.5 MB body held it 0.2 s).
  app.addContentTypeParser("application/json", (request, payload, done) => {
    readBodyText(request, payload, (error, text) => {
      if (error) done(error, undefined);
      else parseText(request, text, done);
    });
  });

  function parseText(
    request: FastifyRequest,
    text: string,
    done: (error: Error | null, value?: unknown) => void,
  ): void {
    if (text.length < GRID_JSON_MIN_CHARS) {
      checked(request, text, null, done);
      return;
    }
    // A large body is scanned in slices, and parsed in a turn of its own: `/health` and other requests are
    // answered between them, instead of waiting for the whole body to be read at once.
    inSlices(scanJsonBodySteps(text, MAX_JSON_DEPTH, gridLimits), (scan) =>
      setImmediate(() => checked(request, text, scan, done)),
    );
  }

  function checked(
    request: FastifyRequest,
    text: string,
    scan: JsonBodyScan | null,
    done: (error: Error | null, value?: unknown) => void,
  ): void {
    if (scan ? scan.tooDeep : jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(
        new ApiError("QB_ERR_JSON_MALFORMED", {
          reason: {
            en: `arrays and objects are nested more than ${MAX_JSON_DEPTH} levels deep`,
            fr: `tableaux et objets y sont imbriqués sur plus de ${MAX_JSON_DEPTH}\u00a0niveaux`,
          },
        }),
        undefined,
      );
      return;
    }
    const grid = scan?.grid ?? null;
    // What a grid call carries beside its grid is small (names, options, a selection, a list of the grid's
    // cells): more than a call without a grid may send, plus room for a list naming each cell of the grid once, is
    // refused unparsed, so that a body's parse on the event loop stays small whatever its size (the grid is read
    // in slices, or by a grid worker).
    const beside = grid ? SMALL_BODY_BYTES + CELL_REF_BYTES * grid.cells : 0;
    if (grid && text.length - (grid.end - grid.start) > beside) {
      done(new ApiError("QB_ERR_BODY_TOO_LARGE", { limit: beside }), undefined);
      return;
    }
    parseBody(request, text, grid, done);
  }

  /**
   * A large body's grid, when the scan vouches for it (`span`), is left as text: the rest of the body is parsed
   * here, with an empty grid in its place, and the grid is the request's text with its span
   * (`request.qibatesGrid`), parsed only where it is read (a grid worker parses it from the text itself).
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
        request.qibatesGrid = {
          text,
          start: span.start,
          end: span.end,
          cells: span.cells,
          rows: span.rows,
          columns: span.columns,
        };
        return done(null, body);
      }
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

/** A request body's stream as Fastify passes it to a parser (a decompressing one counts the bytes it was sent). */
type BodyStream = Readable & { receivedEncodedLength?: number };

/**
 * Reads a request's body as UTF-8 text, each chunk decoded as it arrives (a `TextDecoder` stream keeps a
 * character split across two chunks whole), so that no turn of the event loop holds more than a chunk's work
 * whatever the body's size; the chunks' texts are joined at the end. Refused as Fastify's own reading refuses,
 * with its errors (mapped to the registry's or a wire protocol's by their handlers): a Content-Length above the
 * route's body limit before a byte is read, and a body that goes past it as soon as it does (the rest is not
 * kept: the connection is closed after the answer); a body whose length differs from its Content-Length. The
 * text is the one `Buffer.toString("utf8")` gives: a byte order mark is kept, and invalid bytes become U+FFFD.
 */
export function readBodyText(
  request: FastifyRequest,
  payload: BodyStream,
  then: (error: Error | null, text: string) => void,
): void {
  const limit = request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
  const contentLength = Number(request.headers["content-length"]);
  if (contentLength > limit) {
    then(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), "");
    return;
  }
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const parts: string[] = [];
  let received = 0;
  const stop = () => {
    payload.removeListener("data", onData);
    payload.removeListener("end", onEnd);
    payload.removeListener("error", onEnd);
  };
  function onData(chunk: Buffer | string): void {
    // A preParsing stream may give strings.
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
      stop();
      then(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), "");
      return;
    }
    parts.push(decoder.decode(bytes, { stream: true }));
  }
  function onEnd(error?: Error & { statusCode?: number }): void {
    stop();
    if (error) {
      if (!(typeof error.statusCode === "number" && error.statusCode >= 400)) error.statusCode = 400;
      then(error, "");
      return;
    }
    if (!Number.isNaN(contentLength) && (payload.receivedEncodedLength || received) !== contentLength) {
      then(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), "");
      return;
    }
    parts.push(decoder.decode());
    then(null, parts.length === 1 ? (parts[0] as string) : parts.join(""));
  }
  payload.on("data", onData);
  payload.on("end", onEnd);
  payload.on("error", onEnd);
  payload.resume();
}

/**
 * The grid of a request whose body has `rows` as its `grid`: the body's text with the grid's span when the parser
 * left it as text (`rows` is then the empty grid put in its place), else the rows.
 */
export function requestGrid(request: FastifyRequest, rows: GridRows): GridSource {
  return request.qibatesGrid ?? rows;
}

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The grid of a large JSON body, left as text (the body's text and the grid's span in it; the body's `grid`
     * is empty): see {@link requestGrid}. Null for any other body.
     */
    qibatesGrid: GridText | null;
  }
}

/** How long one slice of a body's scan may hold the event loop, in milliseconds. */
const SCAN_SLICE_MS = 8;

/** Runs `steps` to its end in slices of about {@link SCAN_SLICE_MS}, the event loop given back between them. */
function inSlices<T>(steps: Generator<void, T>, then: (value: T) => void): void {
  const until = performance.now() + SCAN_SLICE_MS;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      then(step.value);
      return;
    }
    if (performance.now() >= until) {
      setImmediate(() => inSlices(steps, then));
      return;
    }
  }
}

/** The reason a JSON body was refused, in both languages, from the parser's message. */
export function jsonReason(message: string): { en: string; fr: string } {
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position) {
    return {
      en: `unexpected character at position ${position}`,
      fr: `caractère inattendu à la position ${position}`,
    };
  }
  const token = /Unexpected token '(.{1,8}?)'/.exec(message)?.[1];
  if (token) return { en: `unexpected "${token}"`, fr: `«\u00a0${token}\u00a0» inattendu` };
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
