import type { CubeRef, Provider } from "@qibates/provider";
import type { FastifyRequest } from "fastify";
import { ownerKey, quotaOwnerKey } from "../session-store.ts";
import { badRequest, WireError } from "./errors.ts";
import type { JobStore } from "./jobs.ts";
import { type OutlineIndex, readOutline } from "./outline.ts";
import type { WireSession, WireSessions } from "./sessions.ts";

/** What the route modules share: the provider, the session and job stores, and the lookups every call makes. */
export interface EssbaseContext {
  provider: Provider;
  sessions: WireSessions;
  jobs: JobStore;
  /** Applications are "started" from the moment the endpoint answers for them. */
  startTime: number;
  /** The call's session (set by the auth plugin); 401 without one. */
  sessionOf(request: FastifyRequest): WireSession;
  /** The provider's server (one per connector family); asked once. */
  server(session: WireSession): Promise<string>;
  /** The cube a call names, as the provider spells it; looked up once per session. */
  cubeRef(session: WireSession, params: unknown): Promise<CubeRef>;
  /**
   * A cube's outline, read and indexed once for every session the provider says sees the same outline
   * (`outlineIdentity`), again once it changed; once per session when the provider cannot say.
   */
  outline(session: WireSession, ref: CubeRef): Promise<OutlineIndex>;
  /** The session's active alias table of a cube (`Default` until set). */
  activeAlias(session: WireSession, ref: CubeRef): string;
  /** Ends a session and its provider session. */
  endSession(session: WireSession): Promise<void>;
  /** Whose a session's sessions list and jobs are (`ownerKey`). */
  ownerOf(session: WireSession): string;
  /**
   * Whose files a session keeps, and whom its jobs count against in the job queue (`quotaOwnerKey`): its user, a
   * shared account's visitor per client address (an IPv6 client's /64 network).
   */
  quotaOwnerOf(session: WireSession): string;
  /** Whether the session's user has the administrator's role (`WireEndpointOptions.administrator`). */
  isAdministrator(session: WireSession): boolean;
  /**
   * Whose sessions and jobs the session sees: its own owner's, or everyone's (`null`) for an administrator.
   */
  visibleTo(session: WireSession): string | null;
}

export const cubeKey = (ref: CubeRef) => `${ref.application}.${ref.cube}`.toLowerCase();

export function essbaseContext(
  provider: Provider,
  sessions: WireSessions,
  jobs: JobStore,
  shared: (username: string) => boolean = () => false,
  administrator: (username: string) => boolean = () => false,
): EssbaseContext {
  let serverName: Promise<string> | null = null;

  async function server(session: WireSession): Promise<string> {
    serverName ??= provider.servers(session.provider).then((list) => {
      const first = list.servers[0]?.name;
      if (!first) throw badRequest("The provider has no server.");
      return first;
    });
    return serverName.catch((e) => {
      serverName = null;
      throw e;
    });
  }

  /** The cube a session works on now (`GET /sessions`, `connectedUsersCount`). */
  function connect(session: WireSession, ref: CubeRef): void {
    if (session.connected && cubeKey(session.connected.ref) === cubeKey(ref)) return;
    session.connected = { ref, since: Date.now() };
  }

  // A failed lookup is not kept.
  async function cubeRef(session: WireSession, params: unknown): Promise<CubeRef> {
    const p = params as Record<string, string>;
    const application = p.applicationName ?? p.app ?? "";
    const cube = p.databaseName ?? p.cube ?? "";
    const key = `${application}\n${cube}`.toLowerCase();
    const known = session.cubes.get(key);
    if (known) {
      connect(session, known);
      return known;
    }
    const ref = { server: await server(session), application, cube };
    // Unknown application or cube: the provider's error, answered as 400.
    const cubes = await provider.cubes(session.provider, ref);
    const found = cubes.cubes.find((c) => c.name.toLowerCase() === cube.toLowerCase());
    if (!found) throw badRequest(`Cube ${application}.${cube} does not exist.`);
    const resolved = { ...ref, application: cubes.application, cube: found.name };
    session.cubes.set(key, resolved);
    connect(session, resolved);
    return { ...resolved };
  }

  // Outlines read for every session that sees them (32 calls at once were 32 new sessions, each reading
  // and indexing the whole outline on the event loop), by the provider's object for what a session sees, then by
  // connector (the layer names are the OLAP port's for the session's connector). Kept as long as that object
  // lives: an outline that changed is another object, read again at its first call.
  const sharedOutlines = new WeakMap<object, Map<string, Promise<OutlineIndex>>>();

  function outline(session: WireSession, ref: CubeRef): Promise<OutlineIndex> {
    let identity: object | null;
    try {
      identity = provider.essbase?.outlineIdentity?.(session.provider, ref) ?? null;
    } catch (e) {
      return Promise.reject(e);
    }
    const [kept, key] =
      identity === null
        ? [session.outlines, cubeKey(ref)]
        : [sharedOf(identity), session.provider.connector as string];
    let index = kept.get(key);
    if (!index) {
      const read = readOutline(provider, session.provider, ref);
      // A failed read is not kept.
      read.catch(() => {
        if (kept.get(key) === read) kept.delete(key);
      });
      kept.set(key, read);
      index = read;
    }
    return index;
  }

  function sharedOf(identity: object): Map<string, Promise<OutlineIndex>> {
    let byConnector = sharedOutlines.get(identity);
    if (!byConnector) {
      byConnector = new Map();
      sharedOutlines.set(identity, byConnector);
    }
    return byConnector;
  }

  return {
    provider,
    sessions,
    jobs,
    startTime: Date.now(),
    sessionOf(request) {
      const s = request.essbaseSession;
      if (!s) throw new WireError(401, "Authentication required.");
      return s;
    },
    server,
    cubeRef,
    outline,
    activeAlias: (session, ref) => session.activeAlias.get(cubeKey(ref)) ?? "Default",
    async endSession(s) {
      sessions.end(s.id);
      await provider.logout(s.provider);
    },
    ownerOf: (s) => ownerKey(s, shared),
    quotaOwnerOf: (s) => quotaOwnerKey(s, shared),
    isAdministrator: (s) => administrator(s.username),
    visibleTo: (s) => (administrator(s.username) ? null : ownerKey(s, shared)),
  };
}
