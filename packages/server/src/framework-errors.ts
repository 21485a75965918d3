import type { FastifyError, FastifyRequest } from "fastify";
import { ApiError } from "./api-error.ts";
import { jsonReason } from "./json-parser.ts";

/**
 * What Fastify and its plugins refuse while reading a request, as the registry's errors; the header values a
 * refusal quotes, made printable.
 */

/** A header value as it may be quoted in a message: printable, at most 100 characters. */
export function quoted(value: string | string[] | undefined): string {
  const v = (Array.isArray(value) ? value[0] : value) ?? "";
  const printable = v.replace(/[^\x20-\x7e]/g, "?");
  return printable === "" ? "(none)" : printable.length > 100 ? `${printable.slice(0, 100)}…` : printable;
}

export const FRAMING = {
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
