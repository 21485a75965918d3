import { ESSBASE_REST_BASE } from "@qibates/protocols/essbase-rest";
import { busyMessage, busySeconds, ProviderError } from "@qibates/provider";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { refusalMessage, refusalStatus, withRetryAfter } from "../error-answers.ts";
import { localeOf, sendError, WireError } from "./errors.ts";

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

  scope.setErrorHandler((error, request, reply) => {
    if (error instanceof WireError) return sendError(reply, error.status, error.messageIn(localeOf(request)));
    // A job refused past its owner's or the server's bound (the provider's job queue): 429, and when to retry.
    const busy = busySeconds(error);
    if (busy !== null)
      return sendError(
        reply.header("retry-after", String(busy)),
        429,
        busyMessage(error as ProviderError, localeOf(request)),
      );
    if (error instanceof ProviderError) {
      return sendError(reply, error.code === "LOGIN_FAILED" ? 401 : 400, error.message);
    }
    // What the HTTP layer refuses (bad JSON, body too large, wrong media type…), Fastify's or the host's.
    const status = refusalStatus(error);
    if (status !== null)
      return sendError(
        withRetryAfter(reply, error),
        status,
        refusalMessage(error, request.headers["accept-language"]) || "Bad request",
      );
    request.log.error({ err: error }, "essbase-rest: internal error");
    return sendError(reply, 500, "Internal server error");
  });
  const answer = notServed(known);
  scope.setNotFoundHandler(answer);
  // A route, so that no wider route of the host (the documentation site's `/*`) answers these paths.
  scope.all("/*", answer);
  scope.all("", answer);
}
