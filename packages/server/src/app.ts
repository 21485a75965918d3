import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Config } from "./config.ts";
import { registerSite } from "./site.ts";
import { SERVER_VERSION } from "./version.ts";

export const API_PREFIX = "/qibates/api/v2";

/** Connector values of the API (spec §1, §3). */
export const CONNECTORS = ["essbase", "ssas", "planning", "essbase-stndln", "pbcs"] as const;

export interface AppOptions {
  config: Config;
  /** pino options, or false to silence logs (tests). */
  logger?: FastifyServerOptions["logger"];
}

/** Builds the Fastify application: API under /qibates/api/v2 and the documentation site everywhere else. */
export async function buildApp({ config, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ["req.headers.qibateskey", "req.headers.authorization"],
    },
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    disableRequestLogging: false,
  });

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(compress, { global: true, encodings: ["br", "gzip", "deflate"], threshold: 1024 });

  app.get(`${API_PREFIX}/health`, async () => ({
    status: "ok",
    version: SERVER_VERSION,
    apiVersion: "v2",
    connectors: [...CONNECTORS],
  }));

  // Unknown API paths answer JSON, never the site's HTML 404.
  app.all("/qibates/*", async (request, reply) => {
    return reply.code(404).send({
      code: "QB_ERR_NOT_FOUND",
      message: `No API call at ${request.method} ${request.url.split("?")[0]}`,
      requestId: request.id,
    });
  });

  if (config.siteDir && existsSync(config.siteDir)) {
    await registerSite(app, { root: config.siteDir, apiPrefix: API_PREFIX });
  } else if (config.siteDir) {
    app.log.warn({ siteDir: config.siteDir }, "documentation site not built: serving the API only");
  }

  return app;
}
