import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import { formatErrorMessage, type SliceScheduler } from "@qibates/provider";
import { wireErrorAnswer, wireLocaleOf, wireProtocolOf } from "@qibates/wire";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { type Handlers, registerApi } from "./api.ts";
import { ApiError, type ApiErrorBody, apiErrorBody } from "./api-error.ts";
import type { Config } from "./config.ts";
import { BUNDLED_CONTRACT, type Contract, loadContract } from "./contract-operations.ts";
import type { Database, EmbeddedOpener } from "./database.ts";
import { frameworkError } from "./framework-errors.ts";
import { apiHandlers } from "./handlers/index.ts";
import { refineHttpServer, serverOptions } from "./http-server.ts";
import { installJsonParser } from "./json-parser.ts";
import { gridLimitsOf } from "./json-scan.ts";
import { registerLimitsAndMetrics } from "./metrics.ts";
import type { OAuthIssuers } from "./oauth/providers.ts";
import type { ProviderRegistry } from "./providers.ts";
import { rememberLocale, requestLocale } from "./request-locale.ts";
import { RouteMethods } from "./route-methods.ts";
import { type ConnectorRegistration, servedContract } from "./served-connectors.ts";
import { openServices, type Services } from "./services.ts";
import { registerSite, siteBuilding, siteServed } from "./site.ts";
import { registerWireEndpoints } from "./wire.ts";

export const API_PREFIX = "/qibates/api/v2";

export interface AppOptions {
  config: Config;
  /** pino options, or false to silence logs (tests). */
  logger?: FastifyServerOptions["logger"];
  /** Check every answer against the contract (tests). */
  validateResponses?: boolean;
  /** Handlers to use instead of the real ones (tests of the routing itself). */
  handlers?: Handlers;
  /** Providers to use instead of the product's (tests of the provider seam), with the server's scheduler. */
  providers?: (db: Database, scheduler: SliceScheduler) => Promise<ProviderRegistry>;
  /**
   * OpenID providers standing in for Google's and Microsoft's, by issuer URL (tests of the sign-in): no setting
   * reaches them, and the server's own start (`main.ts`) never gives them.
   */
  oauthIssuers?: OAuthIssuers;
  /**
   * The connectors served and their protocols: the product's unless given. The contract the server routes and
   * validates by has its connector lists written from them (`servedContract`), as the contract's generator does.
   */
  connectors?: ConnectorRegistration;
  /**
   * Where the embedded database comes from when DATABASE_URL is not set (tests: one schema a server in a PGlite
   * their process shares): PGlite in DATA_DIR unless given. No setting reaches it.
   */
  embedded?: EmbeddedOpener;
}

/** Secrets and grid data never reach the logs. */
const REDACT = [
  "req.headers.qibateskey",
  "req.headers.authorization",
  "req.headers.cookie",
  "res.headers['set-cookie']",
];

/** The request id a client sent, as a log field (printable, bounded), or nothing. */
function clientRequestId(given: string | string[] | undefined): { clientRequestId?: string } {
  const value = Array.isArray(given) ? given[0] : given;
  return typeof value === "string" && /^[\x21-\x7e]{1,128}$/.test(value) ? { clientRequestId: value } : {};
}

/** The policy every answer carries: no framing by other sites. */
const FRAME_ANCESTORS = "frame-ancestors 'self'";

/**
 * Headers every answer carries, site and API: no MIME sniffing, no framing by other sites, no full URL in the
 * Referer sent elsewhere, and HSTS when the public address is https. The site's HTML pages get a fuller policy
 * instead (`sitePolicy` in site.ts: scripts from this origin or with the hash of one of the build's inline
 * scripts, no plugins, no foreign `<base>`, plus this one).
 */
export function securityHeaders(config: Config): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "content-security-policy": FRAME_ANCESTORS,
    "x-frame-options": "SAMEORIGIN",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(config.publicUrl?.startsWith("https:") ? { "strict-transport-security": "max-age=31536000" } : {}),
  };
}

/**
 * OAuth `code` and `state` (and anything like them), and a password, key or token a client put in a query
 * string, never reach the logs with the request's address.
 */
export function maskSecretsInUrl(url: string): string {
  return url.replace(
    /([?&](?:code|state|session_state|id_token|access_token|refresh_token|token|password|passwd|pwd|secret|client_secret|key|apikey|api_key|qibateskey)=)[^&#]*/gi,
    "$1***",
  );
}

/**
 * The contract served with each set of connector descriptions, made once a process: its schemas' compiled
 * validators are kept by document (api.ts), so an app built over the same descriptions (a test file's many apps,
 * a test run's many files in one worker) compiles nothing again. Neither the contract nor its document is changed
 * once made.
 */
const servedContracts = new WeakMap<object, Contract>();

function contractServed(descriptions: Services["connectors"]["descriptions"]): Contract {
  let contract = servedContracts.get(descriptions);
  if (!contract) {
    contract = loadContract(servedContract(BUNDLED_CONTRACT, descriptions));
    servedContracts.set(descriptions, contract);
  }
  return contract;
}

/** Builds the Fastify application: the API under /qibates/api/v2 and the documentation site everywhere else. */
export async function buildApp({
  config,
  logger,
  validateResponses,
  handlers,
  providers,
  oauthIssuers,
  connectors,
  embedded,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: REDACT,
      serializers: {
        req: (req: {
          method: string;
          url: string;
          hostname?: string;
          ip?: string;
          headers?: Record<string, string | string[] | undefined>;
        }) => ({
          method: req.method,
          url: maskSecretsInUrl(req.url),
          host: req.hostname,
          remoteAddress: req.ip,
          ...clientRequestId(req.headers?.["x-request-id"]),
        }),
      },
    },
    bodyLimit: config.bodyLimitBytes,
    // The server chooses every request id, so that a client cannot forge or collide with another's in the
    // logs; the client's own `x-request-id` is logged beside it.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    // Timeouts, trusted proxies, and the registry's error format for what the HTTP layer refuses.
    ...serverOptions(config, securityHeaders(config)),
  });
  refineHttpServer(app.server, securityHeaders(config));
  // Every route registered, as "METHOD /path": the contract test checks the API's against the contract.
  const routes: string[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
  });
  app.decorate("qibatesRoutes", routes);
  // Set by `presentedKey` (keys.ts); declared here so every request object has the same shape.
  app.decorateRequest("qibatesKeyHash", null);
  const services: Services = await openServices(config, {
    validateResponses: validateResponses ?? false,
    ...(providers ? { providers } : {}),
    ...(oauthIssuers ? { oauthIssuers } : {}),
    ...(connectors ? { connectors } : {}),
    ...(embedded ? { embedded } : {}),
    log: app.log,
  });
  app.decorate("services", services);
  app.addHook("onClose", async () => services.close());

  const NO_HOST = { en: "its Host header is missing", fr: "son en-tête Host manque" };
  const BAD_HOST = {
    en: "its Host header is not a host name, an IP address or a bracketed IPv6 address with an optional port",
    fr: "son en-tête Host n'est ni un nom d'hôte, ni une adresse IP, ni une adresse IPv6 entre crochets, suivis d'un port facultatif",
  };
  // Set when the request arrives (a callback hook: no promise turn), so every answer carries it.
  const security = securityHeaders(config);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    reply.headers(security);
    rememberLocale(request);
    // API answers carry loginids and keys: never kept by a browser or a shared cache.
    if (request.url.startsWith(API_PREFIX)) reply.header("cache-control", "no-store");
    // HTTP/1.1 requires Host (RFC 9112 §3.2): refused here in the registry's format rather than by Node's bare 400.
    if (request.raw.httpVersion === "1.1" && request.headers.host === undefined) {
      done(new ApiError("QB_ERR_REQUEST_MALFORMED", { reason: NO_HOST }));
      return;
    }
    // Every answer that writes links or addresses from the Host header (the wire endpoints, OAuth) reads a valid one.
    const host = request.headers.host;
    if (host !== undefined && !isHostHeader(host)) {
      done(new ApiError("QB_ERR_REQUEST_MALFORMED", { reason: BAD_HOST }));
      return;
    }
    // A wire endpoint reads a repeated query parameter as a Java servlet does (getParameter: the first value).
    if (request.url.includes("?") && wireProtocolOf(request.url, config.wireEndpoints))
      firstQueryValues(request.query);
    done();
  });
  // A refusal under a wire endpoint's prefix is said in that protocol's language (`protocolLocale`).
  const refusalLocale = (request: FastifyRequest) =>
    wireLocaleOf(request.url, config.wireEndpoints, requestLocale(request));
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const send = (
      status: number,
      code: string,
      message: string,
      field: string | null = null,
      extra: Pick<ApiErrorBody, "detail" | "refusedBy"> = {},
    ) => {
      // Under a wire endpoint's prefix, the refusal is in that protocol's format, not the registry's.
      const wire = wireErrorAnswer(request.url, status, message, config.wireEndpoints);
      if (wire) return reply.code(status).type(wire.contentType).send(wire.body);
      return reply.code(status).send({ code, message, field, requestId: request.id, ...extra });
    };
    if (error instanceof ApiError) {
      // A refusal for now (a job past its bound) says when to retry in the header too, as the request limit does.
      if (
        (error.code === "QB_ERR_RATE_LIMITED" || error.code === "QB_ERR_OPERATION_LIMIT") &&
        typeof error.params.seconds === "number"
      )
        reply.header("retry-after", String(error.params.seconds));
      const body = apiErrorBody(error, refusalLocale(request), request.id);
      if (body.conflicts) return reply.code(error.status).send(body);
      const { detail, refusedBy } = body;
      return send(error.status, body.code, body.message, body.field, {
        ...(detail !== undefined ? { detail } : {}),
        ...(refusedBy !== undefined ? { refusedBy } : {}),
      });
    }
    // What Fastify and its plugins refuse while reading the request (framework-errors.ts).
    const refusal = frameworkError(error as FastifyError, request);
    if (refusal) {
      return send(
        refusal.status,
        refusal.code,
        refusal.localizedMessage(refusalLocale(request)),
        refusal.field,
      );
    }
    // Never leak a stack trace or an internal message: the request id ties the answer to the log entry.
    request.log.error({ err: error }, "internal error");
    return send(500, "QB_ERR_INTERNAL", "Internal server error");
  });

  // Answers are compressed; request bodies are decompressed only on grid calls (api.ts), after the key check.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ["br", "gzip", "deflate"],
    threshold: 1024,
  });
  const contract = contractServed(services.connectors.descriptions);
  installJsonParser(app, gridLimitsOf(contract.document));

  await registerLimitsAndMetrics(app, services);

  // The methods each API path takes, for the 405 of a method it does not (below).
  const apiRoutes = new RouteMethods();
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/qibates/")) apiRoutes.add(route.url, route.method);
  });

  registerApi(app, contract, handlers ?? apiHandlers, services);

  // Servers' own protocols over the embedded engine (QIBATES_WIRE_ENDPOINTS), or in front of the server
  // QIBATES_WIRE_UPSTREAM names, outside the API and its keys. A refusal closes what was opened.
  try {
    await registerWireEndpoints(app, config, services);
  } catch (e) {
    await app.close().catch(() => undefined);
    throw e;
  }

  // Unknown API paths answer JSON, never the site's HTML 404; so does a request no route takes at all (a
  // method no route declares, such as LOCK, included). A path of the API with a method it does not take is
  // answered 405 with the methods it does take. Neither depends on the body: it is read and let go, unparsed.
  const notFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = refusalLocale(request);
    const path = request.url.split("?")[0] ?? "";
    const allowed = path.startsWith("/qibates/") ? apiRoutes.allowed(path) : null;
    if (allowed && !allowed.includes(request.method)) {
      const message = formatErrorMessage(
        "QB_ERR_METHOD_NOT_ALLOWED",
        { method: request.method, path, allowed: allowed.filter((m) => m !== "HEAD").join(", ") },
        locale,
      );
      return reply
        .code(405)
        .header("allow", allowed.join(", "))
        .send({ code: "QB_ERR_METHOD_NOT_ALLOWED", message, field: null, requestId: request.id });
    }
    const message = formatErrorMessage("QB_ERR_NOT_FOUND", { method: request.method, path }, locale);
    // A path no route of a wire endpoint takes (one its router cannot match): that protocol's 404.
    const wire = wireErrorAnswer(request.url, 404, message, config.wireEndpoints);
    if (wire) return reply.code(404).type(wire.contentType).send(wire.body);
    return reply.code(404).send({ code: "QB_ERR_NOT_FOUND", message, field: null, requestId: request.id });
  };
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, payload, done) => {
      payload.on("error", done);
      payload.on("end", () => done(null, undefined));
      payload.resume();
    });
    scope.all("/qibates/*", notFound);
  });
  app.setNotFoundHandler(notFound);

  if (siteServed(config.siteDir) || siteBuilding(config.siteDir)) {
    // A site being built (`npm start`'s first start) answers its pages as they land, and 503 until then.
    await registerSite(app, { root: config.siteDir, apiPrefix: API_PREFIX, basePolicy: FRAME_ANCESTORS });
  } else if (config.siteDir) {
    app.log.warn({ siteDir: config.siteDir }, "documentation site not built: serving the API only");
  }

  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    qibatesRoutes: string[];
  }
  interface FastifyRequest {
    /** SHA-256 of the request's `qibateskey`, once computed (keys.ts `presentedKey`). */
    qibatesKeyHash: string | null;
  }
}

/**
 * A Host header as RFC 9110 §7.2 allows it: a DNS name, an IPv4 address or a bracketed IPv6 address, then an optional
 * port from 0 to 65535.
 */
export function isHostHeader(value: string): boolean {
  const m = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252}))(?::(\d{1,5}))?$/.exec(value);
  return m !== null && (m[1] === undefined || Number(m[1]) <= 65535);
}

/** Keeps the first value of each repeated query parameter, in place. */
function firstQueryValues(query: unknown): void {
  if (query === null || typeof query !== "object") return;
  const q = query as Record<string, unknown>;
  for (const [k, v] of Object.entries(q)) if (Array.isArray(v)) q[k] = v[0];
}
