import { ProviderError } from "@qibates/connectors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { refusalStatus } from "../error-answers.ts";
import { esc, readXml, type XmlElement, XmlSyntaxError, XmlTooLarge } from "../xmla/xml.ts";

/** A failure answered as the capture's `exception` element (`errcode` 4, `type` error, `desc`). */
export class SvException extends Error {}

/** How one Smart View address answers a message: the content of `res_<method>`. */
export type SvAnswer = (method: string, req: XmlElement, request: FastifyRequest) => Promise<string>;

const XML_TYPE = "application/xml; charset=utf-8";

/** The largest request that names no live session (a login, a hello): 64 KiB. */
export const PRE_LOGIN_CHARS = 64 * 1024;

/** The session id a request names, read from its first 4 KiB without parsing it. */
export function namedSession(body: string): string | null {
  return /<sID>\s*([^<\s]{1,200})\s*<\/sID>/.exec(body.slice(0, 4096))?.[1] ?? null;
}

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
  /** Whether a request names a live session (its `sID`): only such a request may be larger than 64 KiB. */
  inSession?: (body: string) => boolean,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof SvException || error instanceof ProviderError || error instanceof XmlSyntaxError) {
        return sendException(reply, error.message);
      }
      // Fastify's refusals, the host's and the wire's (refusalStatus).
      const status = refusalStatus(error);
      if (status !== null) return sendException(reply, (error as Error).message, status);
      request.log.error({ err: error }, `${label}: internal error`);
      return sendException(reply, "An unexpected error has occurred.");
    });
    for (const [path, answer] of Object.entries(routes)) {
      scope.post(path, async (request, reply) => {
        const body = typeof request.body === "string" ? request.body : "";
        // Before login the user name and password travel in the body: a stranger's body stays small.
        if (body.length > PRE_LOGIN_CHARS && !inSession?.(body))
          throw new XmlTooLarge(`A request outside a session may not exceed ${PRE_LOGIN_CHARS} characters.`);
        const req = await readXml(body);
        if (!req.name.startsWith("req_")) throw new SvException(`${req.name} is not a request.`);
        const method = req.name.slice(4);
        const content = await answer(method, req, request);
        return reply.type(XML_TYPE).send(`<res_${method}>\n${content}\n</res_${method}>`);
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
  return reply
    .code(status)
    .type(XML_TYPE)
    .send(`<exception errcode="4" type="error">\n<desc>${esc(desc)}</desc>\n</exception>`);
}
