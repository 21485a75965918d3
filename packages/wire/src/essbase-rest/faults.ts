import { ESSBASE_REST_BASE } from "@qibates/protocols/essbase-rest";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { restErrorHandler } from "../error-answers.ts";
import { sendError, WireError } from "./errors.ts";

/** The endpoint's routes (verb and path pattern), to tell a verb a path does not take (405) from a path it does not serve (404). */
export type KnownRoutes = { method: string; pattern: RegExp }[];

/**
 * A path the endpoint does not serve: 404, or 405 with `Allow` when the path is served with other verbs
 * (Oracle's status codes page: "405 Method Not Allowed: the HTTP verb … is not supported for this request URI").
 */
export function notServed(known: KnownRoutes) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "";
    const allowed = [...new Set(known.filter((k) => k.pattern.test(path)).map((k) => k.method))];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header("allow", allowed.join(", "));
      return sendError(
        reply,
        405,
        `${request.method} is not supported for ${path}; use ${allowed.join(" or ")}.`,
      );
    }
    return sendError(reply, 404, `No resource at ${request.method} ${path}.`);
  };
}

/**
 * Errors of the REST scope in Essbase's body: refusals with their status, the provider's as 400 (401 for a
 * refused login), the HTTP layer's with its own; paths not served as `notServed`. Records the scope's routes
 * into `known` as they are added.
 */
export function registerFaults(scope: FastifyInstance, known: KnownRoutes): void {
  scope.addHook("onRoute", (route) => {
    if (route.url.endsWith("*") || route.url === ESSBASE_REST_BASE) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(
      `^${route.url
        .split("/")
        .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/")}$`,
    );
    for (const method of methods) if (method !== "HEAD") known.push({ method, pattern });
  });

  scope.setErrorHandler(
    restErrorHandler({
      label: "essbase-rest",
      own: (error, locale) =>
        error instanceof WireError ? { status: error.status, message: error.messageIn(locale) } : null,
      send: sendError,
    }),
  );
  const answer = notServed(known);
  scope.setNotFoundHandler(answer);
  // A route, so that no wider route of the host (the documentation site's `/*`) answers these paths.
  scope.all("/*", answer);
  scope.all("", answer);
}
