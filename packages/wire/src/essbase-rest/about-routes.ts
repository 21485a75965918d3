import type { About, AboutInstance, Urls } from "@qibates/protocols/essbase-rest";
import type { FastifyInstance } from "fastify";
import { JSON_TYPE } from "./request.ts";

/** `GET /about` (no session needed), `/about/instance` and `/urls`. */
export function registerAboutRoutes(
  scope: FastifyInstance,
  about: { name: string; version: string; description?: string },
): void {
  scope.get("/about", async (_request, reply) => {
    const body: About = {
      name: about.name,
      version: about.version,
      description:
        about.description ?? "Essbase 21c REST API (a subset) answered by QiBates over its embedded engine",
    };
    return reply.type(JSON_TYPE).send(body);
  });

  // appliedolap's process.sh models this answer from a live server: three booleans. None of those features
  // (provisioning, password reset, the Administration Services console) is offered here.
  scope.get("/about/instance", async (_request, reply) => {
    const body: AboutInstance = {
      provisioningSupported: false,
      resetPasswordSupported: false,
      easInstalled: false,
    };
    return reply.type(JSON_TYPE).send(body);
  });

  scope.get("/urls", async (request, reply) => {
    const base = `${request.protocol}://${request.headers.host ?? "localhost"}/essbase`;
    const body: Urls = {
      items: [
        { application: "rest", url: `${base}/rest/v1` },
        { application: "japi", url: `${base}/japi` },
      ],
    };
    return reply.type(JSON_TYPE).send(body);
  });
}
