import { esc } from "@qibates/protocols/xml";
import { faultEnvelope } from "@qibates/protocols/xmla";
import { busyMessage, busySeconds, type ErrorLocale, errorLocale, ProviderError } from "@qibates/provider";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The error answer of the wire protocol a request address belongs to, for refusals made before any wire route
 * runs: an address that is not valid percent-encoding, a path the router cannot match (a segment longer than
 * it takes), a body the framework refuses (a media type it cannot read, a body on GET). The API and the site
 * answer those in the registry's JSON; under a wire prefix a client of that protocol must get its own format:
 * Essbase REST `{"errorMessage"}`, Planning REST `{status, detail, message, localizedMessage}`, Data Management
 * `{status: 1, details}`, a SOAP Fault for XMLA, Smart View's `exception` element. Each format is the one its
 * endpoint answers its own errors with (the endpoints' NOTES name the sources).
 */

export type WireEndpointName = "essbase-rest" | "planning-rest" | "xmla" | "smartview";

export interface WireErrorAnswer {
  contentType: string;
  body: string;
}

const json = (body: unknown): WireErrorAnswer => ({
  contentType: "application/json; charset=utf-8",
  body: JSON.stringify(body),
});

/**
 * The status of a refusal made outside an endpoint's own code, which the endpoint answers in its format with
 * that status: Fastify's (`statusCode`: bad JSON, body too large…) or the host's and the wire's (`status`: the
 * rate limit's 429, `TooManyLogins` 429, `XmlTooLarge` 413, `SessionsFull` 503). Null for anything else (a
 * failure of the endpoint, answered 500 and logged).
 */
export function refusalStatus(error: unknown): number | null {
  const e = error as { statusCode?: unknown; status?: unknown } | null;
  const status = typeof e?.statusCode === "number" ? e.statusCode : e?.status;
  return typeof status === "number" && ((status >= 400 && status < 500) || status === 503) ? status : null;
}

/**
 * The message of a refusal (see {@link refusalStatus}) in the language a request asks for first in its
 * `Accept-Language` header: a refusal with French words (`messageIn`: `NetworkSessionsFull`, `TooManyLogins`,
 * `SessionsFull`; the host's `localizedMessage`: the request limit's `QB_ERR_RATE_LIMITED`) says them to a
 * request that asks for French, any other its own message.
 */
export function refusalMessage(error: unknown, acceptLanguage: string | string[] | undefined): string {
  return refusalMessageIn(error, acceptedLocale(acceptLanguage));
}

/** The message of a refusal (see {@link refusalMessage}) in `locale` where it has words in that language. */
export function refusalMessageIn(error: unknown, locale: ErrorLocale): string {
  const e = error as { message?: unknown; messageIn?: unknown; localizedMessage?: unknown } | null;
  if (typeof e?.messageIn === "function")
    return String((e.messageIn as (locale: ErrorLocale) => string)(locale));
  if (typeof e?.localizedMessage === "function")
    return String((e.localizedMessage as (locale: ErrorLocale) => string)(locale));
  return typeof e?.message === "string" ? e.message : "";
}

/**
 * A provider's refusal in the words of the request's language: a job refused past the job queue's bounds
 * (`busyMessage`) in the language `Accept-Language` asks for first, as the Essbase REST and Planning REST
 * endpoints say it; any other as the provider said it (a server's own words).
 */
export function providerMessage(error: ProviderError, acceptLanguage: string | string[] | undefined): string {
  return providerMessageIn(error, acceptedLocale(acceptLanguage));
}

/** A provider's refusal (see {@link providerMessage}) in `locale`. */
export function providerMessageIn(error: ProviderError, locale: ErrorLocale): string {
  return busySeconds(error) === null ? error.message : busyMessage(error, locale);
}

/** The language of the messages a request asks for first in its `Accept-Language` header (English unless French). */
export function acceptedLocale(acceptLanguage: string | string[] | undefined): ErrorLocale {
  return errorLocale(
    (Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage)?.split(",")[0]?.trim(),
  );
}

/**
 * The language of a Windows locale identifier (LCID, decimal: 1036 French of France, 3084 of Canada, 1033
 * English of the United States…): French for every French LCID (primary language 0x0C), English for any other,
 * as Analysis Services answers a locale it has no translation for in its default language (English for
 * the endpoint); null when `lcid` is not a locale identifier.
 */
export function lcidLocale(lcid: string | undefined): ErrorLocale | null {
  const value = lcid === undefined ? Number.NaN : Number(lcid.trim());
  if (!Number.isInteger(value) || value <= 0 || value > 0xffffffff) return null;
  return (value & 0x3ff) === 0x0c ? "fr" : "en";
}

/** The `LocaleIdentifier` property of an XMLA request's text (its `PropertyList`), or undefined. */
function localeIdentifierOf(body: unknown): string | undefined {
  if (typeof body !== "string") return undefined;
  return /<(?:[\w.-]+:)?LocaleIdentifier(?:\s[^>]*)?>\s*([^<]{1,12})<\//.exec(body)?.[1];
}

/**
 * The language of an XMLA refusal: the request's `LocaleIdentifier` (the XMLA property a client sets for the
 * language of what the server says: ADOMD.NET's connection string, Excel's own locale), else the language its
 * `Accept-Language` asks for first, else English. The body is the request's text when it was read.
 */
export function xmlaLocale(request: {
  headers: { "accept-language"?: string | string[] | undefined };
  body?: unknown;
}): ErrorLocale {
  return lcidLocale(localeIdentifierOf(request.body)) ?? acceptedLocale(request.headers["accept-language"]);
}

/**
 * The language of `protocol`'s refusal of `request` (see {@link protocolLocale}): XMLA's follows the request's
 * `LocaleIdentifier` first ({@link xmlaLocale}); the others the language `Accept-Language` asks for first.
 */
export function requestProtocolLocale(
  protocol: WireEndpointName | "aif",
  request: { headers: { "accept-language"?: string | string[] | undefined }; body?: unknown },
): ErrorLocale {
  if (protocol === "xmla") return xmlaLocale(request);
  return protocolLocale(protocol, acceptedLocale(request.headers["accept-language"]));
}

/**
 * Sets `Retry-After` on the answer to a refusal that says when to try again (`TooManyLogins`: its seconds), as
 * the API's own 429s do; the answer to any other refusal is left as it is.
 */
export function withRetryAfter<R extends { header(name: string, value: string): R }>(
  reply: R,
  error: unknown,
): R {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === "number" ? reply.header("retry-after", String(seconds)) : reply;
}

/**
 * The protocols whose real server says its refusals in its own language whatever the client asks: Smart View's
 * provider (Provider Services, whose ESSLANG is fixed at English; `smartview/NOTES.md`). The others say them in
 * the language the request asks for first (each protocol's NOTES.md gives the evidence).
 */
const OWN_LANGUAGE: ReadonlySet<WireEndpointName | "aif"> = new Set(["smartview"]);

/** The language of `protocol`'s refusals to a request that asks for `asked`: English where its server says its own. */
export function protocolLocale(protocol: WireEndpointName | "aif", asked: ErrorLocale): ErrorLocale {
  return OWN_LANGUAGE.has(protocol) ? "en" : asked;
}

/**
 * The language of a refusal of the request at `url` that asks for `asked`: under a served wire endpoint, its
 * protocol's ({@link protocolLocale}); elsewhere `asked`.
 */
export function wireLocaleOf(
  url: string,
  served: readonly WireEndpointName[],
  asked: ErrorLocale,
): ErrorLocale {
  const protocol = wireProtocolOf(url, served);
  return protocol === null ? asked : protocolLocale(protocol, asked);
}

/** The protocol of an address under one of the served endpoints' prefixes, or null. */
export function wireProtocolOf(
  url: string,
  served: readonly WireEndpointName[],
): WireEndpointName | "aif" | null {
  if (served.length === 0) return null;
  const path = url.split("?")[0]?.toLowerCase() ?? "";
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (served.includes("xmla") && (under("/olap") || under("/aps/xmla"))) return "xmla";
  if (served.includes("smartview") && under("/aps")) return "smartview";
  if (served.includes("essbase-rest") && under("/essbase")) return "essbase-rest";
  if (served.includes("planning-rest") && under("/hyperionplanning/rest")) return "planning-rest";
  if (served.includes("planning-rest") && under("/aif")) return "aif";
  return null;
}

/** The answer in the protocol's own error format for a refusal of `status` with `message`, or null. */
export function wireErrorAnswer(
  url: string,
  status: number,
  message: string,
  served: readonly WireEndpointName[],
): WireErrorAnswer | null {
  const protocol = wireProtocolOf(url, served);
  return protocol === null ? null : wireErrorBody(protocol, status, message);
}

/**
 * The answer in `protocol`'s own error format for a refusal of `status` with `message`, for a caller that knows
 * the protocol from the endpoint that received the request rather than from its address (Smart View is also
 * served at Essbase 21c's `/essbase/smartview` and Planning's `/HyperionPlanning/SmartView`).
 */
export function wireErrorBody(
  protocol: WireEndpointName | "aif",
  status: number,
  message: string,
): WireErrorAnswer {
  switch (protocol) {
    case "essbase-rest":
      return json({ errorMessage: message });
    case "planning-rest":
      return json({ status, detail: message, message, localizedMessage: message });
    case "aif":
      return json({ status: 1, details: message });
    case "xmla":
      return { contentType: "text/xml; charset=utf-8", body: faultEnvelope({ message }, "QiBates") };
    case "smartview":
      return {
        contentType: "application/xml; charset=utf-8",
        body: `<exception errcode="4" type="error">\n<desc>${esc(message)}</desc>\n</exception>`,
      };
  }
}

/** What the error handler of a JSON endpoint ({@link restErrorHandler}) needs of its endpoint. */
export interface RestErrorFormat {
  /** The endpoint's name in the log of a failure. */
  label: string;
  /** The endpoint's own refusals, with their status and message in `locale`; null for any other error. */
  own(error: unknown, locale: ErrorLocale): { status: number; message: string } | null;
  /** Sends a refusal in the endpoint's error body. */
  send(reply: FastifyReply, status: number, message: string): unknown;
}

/**
 * The error handler of a JSON endpoint (Essbase REST, Planning REST), written once: its own refusals with their
 * status; a job refused past the job queue's bound, 429 with when to retry, in the language the request asks for
 * first; a provider's refusal, 401 for a refused login and 400 otherwise, in the provider's words; a refusal of
 * the HTTP layer, Fastify's, the host's or the wire's ({@link refusalStatus}); anything else a failure, logged
 * and answered 500.
 */
export function restErrorHandler(format: RestErrorFormat) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const acceptLanguage = request.headers["accept-language"];
    const locale = acceptedLocale(acceptLanguage);
    const own = format.own(error, locale);
    if (own) return format.send(reply, own.status, own.message);
    const busy = busySeconds(error);
    if (busy !== null)
      return format.send(
        reply.header("retry-after", String(busy)),
        429,
        busyMessage(error as ProviderError, locale),
      );
    if (error instanceof ProviderError)
      return format.send(reply, error.code === "LOGIN_FAILED" ? 401 : 400, error.message);
    const status = refusalStatus(error);
    if (status !== null)
      return format.send(
        withRetryAfter(reply, error),
        status,
        refusalMessage(error, acceptLanguage) || "Bad request",
      );
    request.log.error({ err: error }, `${format.label}: internal error`);
    return format.send(reply, 500, "Internal server error");
  };
}
