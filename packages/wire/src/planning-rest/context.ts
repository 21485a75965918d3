import { type ApiLink, PLANNING_REST_ROOT } from "@qibates/protocols/planning-rest";
import type { ApplicationRef, PlanningOperations, Provider, ProviderSession } from "@qibates/provider";
import type { FastifyRequest } from "fastify";

/** A refusal with its HTTP status, answered in the API's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The user a request authenticated as, with the provider session its calls run in. */
export interface Caller {
  username: string;
  session: ProviderSession;
}

declare module "fastify" {
  interface FastifyRequest {
    planningCaller: Caller | null;
  }
}

/** The authenticated caller of a request (the auth plugin set it). */
export function callerOf(request: FastifyRequest): Caller {
  const c = request.planningCaller;
  if (!c) throw new HttpError(401, "Authentication required.");
  return c;
}

/** A link of an answer, to a path under Planning REST's root on the host the client called. */
export function link(request: FastifyRequest, path: string, rel: string, action = "GET"): ApiLink {
  return {
    rel,
    href: `${request.protocol}://${request.headers.host ?? "localhost"}${PLANNING_REST_ROOT}${path}`,
    action,
  };
}

/** A body must be sent as `application/json` (else 415, a live-tested client's note on the jobs resource). */
export function requireJson(request: FastifyRequest): void {
  const type = String(request.headers["content-type"] ?? "");
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, "Unsupported Media Type: the body must be application/json.");
  }
}

/** What every route module is given: the provider, its planning operations, and the names a path resolves to. */
export interface PlanningContext {
  provider: Provider;
  planning: PlanningOperations;
  /** The provider's server (its first). */
  server(session: ProviderSession): Promise<string>;
  /** The application a path names, as the provider spells it, or a 400. */
  appRef(session: ProviderSession, name: string): Promise<ApplicationRef>;
  /** The plan type a path names, as the provider spells it, or a 400. */
  planTypeOf(session: ProviderSession, ref: ApplicationRef, name: string): Promise<string>;
}

/** The context over one provider: its first server's name read once (again after a failure). */
export function planningContext(provider: Provider, planning: PlanningOperations): PlanningContext {
  let serverName: Promise<string> | null = null;
  async function server(session: ProviderSession): Promise<string> {
    serverName ??= provider.servers(session).then((list) => {
      const first = list.servers[0]?.name;
      if (!first) throw new HttpError(500, "The provider has no server.");
      return first;
    });
    return serverName.catch((e) => {
      serverName = null;
      throw e;
    });
  }
  return {
    provider,
    planning,
    server,
    async appRef(session, name) {
      const srv = await server(session);
      const list = await provider.applications(session, srv, false);
      const found = list.applications.find((a) => a.name.toLowerCase() === name.toLowerCase());
      if (!found) throw new HttpError(400, `Application ${name} does not exist.`);
      return { server: srv, application: found.name };
    },
    async planTypeOf(session, ref, name) {
      const cubes = await provider.cubes(session, ref);
      const found = cubes.cubes.find((c) => c.name.toLowerCase() === name.toLowerCase());
      if (!found) throw new HttpError(400, `Plan type ${name} does not exist.`);
      return found.name;
    },
  };
}
