import { timingSafeEqual } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import { MEMBERS_HELD } from "@qibates/connectors";
import { limitAddress } from "@qibates/protocols/ip";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { ApiError } from "./api-error.ts";
import type { Services } from "./services.ts";

/** `/metrics` with the configured bearer token, or from the loopback address when no token is set. */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? "");
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const ip = request.socket.remoteAddress ?? "";
  return ip === "127.0.0.1" || ip === "::1" || ip === "::ffff:127.0.0.1";
}

/**
 * The `route` label of a request: the route's pattern (API calls, wire endpoints such as
 * `/essbase/rest/v1/applications/:application`, operational endpoints), or `site` for the pages the site's
 * catch-all routes serve (one label, not one per page); `unknown` when no route matched.
 */
export function metricsRoute(url: string | undefined): string {
  if (url === undefined) return "unknown";
  return url === "/" || url === "/*" ? "site" : url;
}

/** Rate limits per API key (shared through Redis when configured), `/metrics` and `/readyz`. */
export async function registerLimitsAndMetrics(app: FastifyInstance, services: Services): Promise<void> {
  const { config } = services;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(services.redis ? { redis: services.redis, nameSpace: "qibates:ratelimit:" } : {}),
    // Redis out of reach: calls are not counted rather than all refused (the limiter fails open); calls that
    // need a session still fail, on their own, until Redis is back.
    skipOnError: true,
    // The site and the operational endpoints opt out per route (`config: { rateLimit: false }`), so an API
    // call pays for no allow-list check.
    // A verified key (a hash of it, so the key itself never sits in the limiter's store), set by the key
    // check on arrival (api.ts); an unknown key, or none, counts against the client's address, so rotating
    // made-up keys buys no allowance. The address comes from X-Forwarded-For only behind TRUST_PROXY; an IPv6
    // address counts as its /64 network (`limitAddress`), which one client holds whole.
    keyGenerator: (request: FastifyRequest) => request.qibatesLimitKey ?? `ip:${limitAddress(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      new ApiError("QB_ERR_RATE_LIMITED", { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });

  if (config.metrics) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: "qibates_" });
    const duration = new Histogram({
      name: "qibates_http_request_duration_seconds",
      help: "Duration of HTTP requests by route and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    // The members of remote cubes held for every session together, against their bound (MEMBERS_HELD_MAX).
    new Gauge({
      name: "qibates_members_held",
      help: "Members of remote cubes held for all sessions together",
      registers: [registry],
      collect() {
        this.set(MEMBERS_HELD.held);
      },
    });
    new Gauge({
      name: "qibates_members_held_max",
      help: "The bound on the members held for all sessions together (MEMBERS_HELD_MAX)",
      registers: [registry],
      collect() {
        this.set(MEMBERS_HELD.limit);
      },
    });
    // One bound child per (method, route, status): label hashing once, not on every request.
    const children = new Map<string, { observe(v: number): void }>();
    app.addHook("onResponse", (request, reply, done) => {
      const route = metricsRoute(request.routeOptions.url);
      const key = `${request.method} ${route} ${reply.statusCode}`;
      let child = children.get(key);
      if (!child) {
        child = duration.labels({ method: request.method, route, status: reply.statusCode });
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      done();
    });
    app.get("/metrics", { config: { rateLimit: false } }, async (request, reply) => {
      // Not for everyone: with METRICS_TOKEN, the bearer token; without it, this machine only.
      if (!metricsAllowed(request, config.metricsToken))
        throw new ApiError("QB_ERR_NOT_FOUND", { method: "GET", path: "/metrics" });
      reply.type(registry.contentType);
      return registry.metrics();
    });
  }

  app.get("/readyz", { config: { rateLimit: false } }, async (_request, reply) => {
    const checks: Record<string, "ok" | "failing"> = {};
    try {
      await services.db.query("select 1");
      checks.database = "ok";
    } catch {
      checks.database = "failing";
    }
    if (services.redis) {
      try {
        await services.redis.ping();
        checks.redis = "ok";
      } catch {
        checks.redis = "failing";
      }
    }
    const ready = Object.values(checks).every((c) => c === "ok");
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ready" : "not ready", checks });
  });
}
