import { type ApiLink, DEFAULT_ALIAS_TABLE, PLANNING_REST_ROOT } from "@qibates/protocols/planning-rest";
import type {
  ApplicationRef,
  MemberProperties,
  PlanningOperations,
  Provider,
  ProviderSession,
} from "@qibates/provider";
import type { FastifyRequest } from "fastify";
import { type MemberNode, memberTree } from "./members.ts";

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
  /**
   * A dimension's members as a tree (Default alias table) with their properties: read and built once for
   * every session the provider says sees the same outlines (`outlineIdentity`), again once they changed; on
   * every call when the provider cannot say.
   */
  dimensionMembers(session: ProviderSession, ref: ApplicationRef, dim: string): Promise<DimensionMembers>;
}

/** A dimension's member tree, each member by its name (lower case), and each member's properties. */
export interface DimensionMembers {
  tree: MemberNode;
  byName: ReadonlyMap<string, MemberNode>;
  properties: Record<string, MemberProperties>;
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

  async function readMembers(session: ProviderSession, ref: ApplicationRef, dim: string) {
    const list = await planning.members(session, ref, {
      dim,
      filter: "Hierarchy",
      arg: null,
      aliasTable: DEFAULT_ALIAS_TABLE,
    });
    const tree = memberTree(list.members);
    // Each name's member as the member read always found it (a stack, last child first): a name held by a
    // stored and a shared member answers the same one as before.
    const byName = new Map<string, MemberNode>();
    const stack = [tree];
    for (let n = stack.pop(); n; n = stack.pop()) {
      const key = n.name.toLowerCase();
      if (!byName.has(key)) byName.set(key, n);
      for (const c of n.children) stack.push(c);
    }
    const properties = await planning.memberProperties(session, ref, { dim: tree.name });
    return { tree, byName, properties };
  }

  // Member trees read for every session that sees them (32 member reads at once each listed the
  // dimension, built its tree and read its properties on the event loop), by the provider's object for what a
  // session sees, then by connector and dimension. Kept as long as that object lives.
  const shared = new WeakMap<object, Map<string, Promise<DimensionMembers>>>();

  function dimensionMembers(session: ProviderSession, ref: ApplicationRef, dim: string) {
    let identity: object | null;
    try {
      identity = planning.outlineIdentity?.(session, ref) ?? null;
    } catch (e) {
      return Promise.reject(e);
    }
    if (identity === null) return readMembers(session, ref, dim);
    let kept = shared.get(identity);
    if (!kept) {
      kept = new Map();
      shared.set(identity, kept);
    }
    const key = `${session.connector}\n${dim.toLowerCase()}`;
    let found = kept.get(key);
    if (!found) {
      const read = readMembers(session, ref, dim);
      const map = kept;
      // A failed read (an unknown dimension) is not kept.
      read.catch(() => {
        if (map.get(key) === read) map.delete(key);
      });
      kept.set(key, read);
      found = read;
    }
    return found;
  }

  return {
    provider,
    planning,
    server,
    dimensionMembers,
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
