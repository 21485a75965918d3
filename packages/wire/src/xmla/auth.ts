import { faultEnvelope, XmlaFault } from "@qibates/protocols/xmla";
import { type ErrorLocale, OlapError, ProviderError } from "@qibates/provider";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  providerMessageIn,
  refusalMessageIn,
  refusalStatus,
  withRetryAfter,
  xmlaLocale,
} from "../error-answers.ts";
import { basicLogin } from "../login-throttle.ts";
import { requestCall } from "../request-call.ts";
import type { XmlaEndpointState } from "./endpoint-state.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The XMLA endpoint's user, from HTTP Basic. */
    xmlaUser: string | null;
  }
}

const XML_TYPE = "text/xml; charset=utf-8";

/** Replies that carry a fault: a session begun by their request ends with it. */
const faulted = new WeakSet<FastifyReply>();

export function hasFault(reply: FastifyReply): boolean {
  return faulted.has(reply);
}

/**
 * A SOAP fault answers HTTP 200, as Mondrian's XMLA servlet does and as the XMLA clients written against
 * Analysis Services expect (xmla4js and olap4j read a fault only from a 2xx answer; zeep reads either):
 * NOTES.md. An HTTP-layer refusal (body too large, rate limit, unknown address) keeps its own status.
 */
export function sendFault(state: XmlaEndpointState, reply: FastifyReply, fault: XmlaFault, status = 200) {
  faulted.add(reply);
  return reply.code(status).type(XML_TYPE).send(faultEnvelope(fault, state.source));
}

/** The provider address the endpoint stands for (`/aps/JAPI` on the host the client named). */
export function loginAddress(request: FastifyRequest): string {
  const address = `${request.protocol}://${request.headers.host ?? "localhost"}/aps/JAPI`;
  return URL.canParse(address) ? address : `${request.protocol}://localhost/aps/JAPI`;
}

/**
 * The endpoint's scope before any route: the body read as text whatever its media type, every error answered
 * as a fault (an HTTP-layer refusal — body too large, rate limit — with its own status), and HTTP Basic checked
 * on arrival, before the body is read, against the provider through the login throttle.
 */
export function registerXmlaAuth(scope: FastifyInstance, state: XmlaEndpointState): void {
  // Clients send text/xml, some application/soap+xml.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));

  scope.setErrorHandler((error, request, reply) => {
    // In the language of the request's LocaleIdentifier, else of its Accept-Language (NOTES.md).
    const locale = xmlaLocale(request);
    const fault = asFault(error, locale);
    if (fault) return sendFault(state, reply, fault);
    const status = refusalStatus(error);
    if (status !== null)
      return sendFault(
        state,
        withRetryAfter(reply, error),
        new XmlaFault("bad-request", refusalMessageIn(error, locale)),
        status,
      );
    request.log.error({ err: error }, "xmla: internal error");
    return sendFault(state, reply, new XmlaFault("query", "An unexpected error has occurred."));
  });

  scope.decorateRequest("xmlaUser", null);
  scope.addHook("onRequest", async (request, reply) => {
    const username = await basicLogin(
      state.throttle,
      state.provider,
      state.connector,
      request,
      new URL(loginAddress(request)),
      requestCall(state.options, request),
    );
    if (username === null) {
      reply.code(401).header("www-authenticate", 'Basic realm="XMLA"').send();
      return reply;
    }
    request.xmlaUser = username;
  });
}

/** The fault an error stands for (a job refused past the queue's bounds in `locale`), or `null` for a bug. */
function asFault(error: unknown, locale: ErrorLocale): XmlaFault | null {
  if (error instanceof XmlaFault) return error;
  if (error instanceof OlapError)
    return new XmlaFault(error.kind === "write-refused" ? "query" : error.kind, error.message);
  if (error instanceof ProviderError) {
    const unknownCube = ["SERVER_UNKNOWN", "APPLICATION_UNKNOWN", "CUBE_UNKNOWN"].includes(error.code);
    return new XmlaFault(unknownCube ? "unknown-cube" : "query", providerMessageIn(error, locale));
  }
  return null;
}
