import {
  answerXml,
  exceptionXml,
  requestMethod,
  SvException,
  type SvMethod,
} from "@qibates/protocols/smartview";
import { readXmlElement as readXml, type XmlElement, XmlSyntaxError } from "@qibates/protocols/xml";
import { ProviderError } from "@qibates/provider";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { providerMessage, refusalMessage, refusalStatus, withRetryAfter } from "../error-answers.ts";

/** How one Smart View address answers a message: the content of `res_<method>`. */
export type SvAnswer = (method: string, req: XmlElement, request: FastifyRequest) => Promise<string>;

/** How one message is answered: the content of `res_<method>`. */
export type SvHandler = (req: XmlElement, request: FastifyRequest) => Promise<string> | string;
/** Handlers by method name. */
export type SvHandlers = Partial<Record<SvMethod, SvHandler>>;

/** What the routes ask an endpoint's sessions before answering a message. */
export interface RouteSessions {
  /** Refuses a body before it is read (the sessions' pre-login cap). */
  admit(body: string): void;
  /**
   * Marks the request of the live session a message names (`sID`), if any, as running: the session does not
   * idle out until the answer is called, which the route does once the message is answered or has failed.
   */
  requestStarted(req: XmlElement): () => void;
}

/** One address's answer from handler tables: a method none of them has answers the exception element. */
export function dispatch(...tables: SvHandlers[]): SvAnswer {
  const handlers = new Map<string, SvHandler>();
  for (const table of tables) {
    for (const [method, handler] of Object.entries(table)) if (handler) handlers.set(method, handler);
  }
  return async (method, req, request) => {
    const handler = handlers.get(method);
    if (!handler) throw new SvException(`${method} is not supported by this provider.`);
    return handler(req, request);
  };
}

const XML_TYPE = "application/xml; charset=utf-8";

/**
 * Smart View's XML provider protocol at each path of `routes`: one XML document per POST, request root
 * `req_<Method>`, answer root `res_<Method>`; a failure (`SvException`, a provider's refusal, unreadable XML)
 * answers the capture's bare `exception` root with HTTP status 200, as the protocol carries it.
 */
export async function smartViewRoutes(
  app: FastifyInstance,
  routes: Record<string, SvAnswer>,
  label: string,
  unknownPaths?: UnknownPaths,
  /** The pre-login cap, and the running mark of the session a message names. */
  sessions?: RouteSessions,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error, request, reply) => {
      // Provider Services says its refusals in its own language, English, whatever the client asks (NOTES.md).
      if (error instanceof ProviderError) return sendException(reply, providerMessage(error, "en"));
      if (error instanceof SvException || error instanceof XmlSyntaxError) {
        return sendException(reply, error.message);
      }
      // Fastify's refusals, the host's and the wire's (refusalStatus).
      const status = refusalStatus(error);
      if (status !== null)
        return sendException(withRetryAfter(reply, error), refusalMessage(error, "en"), status);
      request.log.error({ err: error }, `${label}: internal error`);
      return sendException(reply, "An unexpected error has occurred.");
    });
    for (const [path, answer] of Object.entries(routes)) {
      scope.post(path, async (request, reply) => {
        const body = typeof request.body === "string" ? request.body : "";
        sessions?.admit(body);
        const req = await readXml(body);
        const method = requestMethod(req);
        // The session does not idle out while the message is answered; its idle time starts again after.
        const end = sessions?.requestStarted(req);
        let content: string;
        try {
          content = await answer(method, req, request);
        } finally {
          end?.();
        }
        return reply.type(XML_TYPE).send(answerXml(method, content));
      });
    }
    if (unknownPaths) {
      const known = new Set(Object.keys(routes));
      const others = new Set(unknownPaths.except);
      const unknown = async (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split("?")[0] ?? "";
        if (others.has(path)) return reply.callNotFound();
        if (known.has(path)) {
          reply.header("allow", "POST");
          return sendException(
            reply,
            `${request.method} is not allowed here: post a Smart View request.`,
            405,
          );
        }
        return sendException(reply, `There is no Smart View provider at ${path}.`, 404);
      };
      scope.all(`${unknownPaths.prefix}*`, unknown);
      // The prefix itself without its last slash (`/aps`).
      if (unknownPaths.prefix.endsWith("/")) scope.all(unknownPaths.prefix.slice(0, -1), unknown);
    }
  });
}

/**
 * Paths under `prefix` that no route of the endpoint answers: the exception element with HTTP 404 (a known path
 * asked with another method than POST: 405), never the site's page; `except` are left to whoever serves them.
 */
export interface UnknownPaths {
  prefix: string;
  except: readonly string[];
}

function sendException(reply: FastifyReply, desc: string, status = 200) {
  return reply.code(status).type(XML_TYPE).send(exceptionXml(desc));
}
