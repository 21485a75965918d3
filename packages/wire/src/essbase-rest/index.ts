import { ESSBASE_REST_BASE } from "@qibates/protocols/essbase-rest";
import type { FastifyInstance } from "fastify";
import { registerLiveSessions } from "../live-sessions.ts";
import { LoginThrottle } from "../login-throttle.ts";
import { administratorRole, sessionLimits, type WireEndpointOptions } from "../options.ts";
import { quotaOwnerKey } from "../session-store.ts";
import { registerAboutRoutes } from "./about-routes.ts";
import { registerApplicationRoutes } from "./application-routes.ts";
import { essbaseAuth } from "./auth.ts";
import { essbaseContext } from "./context.ts";
import { registerCubeRoutes } from "./cube-routes.ts";
import { type KnownRoutes, notServed, registerFaults } from "./faults.ts";
import { registerFileRoutes } from "./file-routes.ts";
import { DEFAULT_FILE_LIMITS, FileCatalog, type FileCatalogLimits, removeDepartedSpools } from "./files.ts";
import { registerGridRoutes } from "./grid-routes.ts";
import { registerJobRoutes } from "./job-routes.ts";
import { JobStore } from "./jobs.ts";
import { MdxDownloads } from "./mdx-download.ts";
import { registerMdxRoutes } from "./mdx-routes.ts";
import { registerOutlineRoutes } from "./outline-routes.ts";
import { registerPreferenceRoutes } from "./preference-routes.ts";
import { registerSessionRoutes } from "./session-routes.ts";
import { type WireSession, WireSessions } from "./sessions.ts";
import { registerVariableRoutes } from "./variables.ts";

/** Options of the Essbase REST endpoint: `connector` defaults to `essbase-stndln` (Essbase 21c), `about` is what
 * `GET /about` answers, writes are journaled as `essbase-rest:<user>`. */
export { removeFoldersOfEndedProcesses } from "./files.ts";

export interface EssbaseRestOptions extends WireEndpointOptions {
  /**
   * The file catalog's room (`/files`): what all users' files may take together (`maxTotalBytes`, default 256 MiB)
   * and one visitor of a shared account (`maxVisitorBytes`, default 16 MiB); the other limits are
   * `DEFAULT_FILE_LIMITS`'.
   */
  files?: Partial<Pick<FileCatalogLimits, "maxTotalBytes" | "maxVisitorBytes">>;
}

/**
 * Essbase 21c's REST API (`/essbase/rest/v1/…`) answered by a provider: a Fastify plugin for the routes a
 * client needs to log in, read applications, cubes and outlines, work an ad hoc grid, keep grid preferences
 * run calc, data load, clear and export jobs, and keep their files (`/files`). Authentication is Essbase's (`auth.ts`): HTTP Basic creates a session,
 * answered with a `JSESSIONID` cookie (path `/essbase`) that later calls send instead. Errors are the status
 * with Essbase's `{"errorMessage": …}`, also for any path under `/essbase` the endpoint does not serve
 * (`faults.ts`). Each `*-routes.ts` module registers one resource's routes with the shared context.
 */
export async function essbaseRestEndpoint(app: FastifyInstance, options: EssbaseRestOptions): Promise<void> {
  // A visitor of a shared account (the demo user at one address, an IPv6 client's /64 network) keeps files only
  // while a session of theirs lives: they are dropped with the last one, and, when the catalog is full, whatever
  // departed visitors left.
  const shared = options.sharedUser;
  const visitorOf = (s: WireSession): string | null =>
    shared?.(s.username) ? quotaOwnerKey(s, shared) : null;
  const sessions: WireSessions = new WireSessions({
    ...sessionLimits(options),
    onEnd: (s, ownerGone) => {
      const visitor = visitorOf(s);
      if (visitor !== null && ownerGone) catalog.dropOwner(visitor);
    },
  });
  const fileLimits: FileCatalogLimits = {
    ...DEFAULT_FILE_LIMITS,
    maxTotalBytes: options.files?.maxTotalBytes ?? DEFAULT_FILE_LIMITS.maxTotalBytes,
    maxVisitorBytes: options.files?.maxVisitorBytes ?? DEFAULT_FILE_LIMITS.maxVisitorBytes,
    idleMinutes: options.idleMinutes ?? 30,
  };
  const catalog: FileCatalog = new FileCatalog(fileLimits, () => {
    sessions.expire();
    const live = new Set<string>();
    for (const s of sessions.live()) live.add(visitorOf(s) ?? "");
    for (const owner of catalog.ownersKept())
      if (FileCatalog.isVisitor(owner) && !live.has(owner)) catalog.dropOwner(owner);
  });
  // The exports a server killed before it could remove them left on disk: this start removes them.
  removeDepartedSpools();
  // The provider session of a call is its JSESSIONID's (the demo's own views live as long as it does).
  const unregister = registerLiveSessions((id) => sessions.has(id));
  app.addHook("onClose", async () => {
    unregister();
    catalog.close();
  });
  const ctx = essbaseContext(
    options.provider,
    sessions,
    new JobStore(),
    options.sharedUser,
    administratorRole(options),
  );
  const known: KnownRoutes = [];

  await app.register(
    async (scope) => {
      registerFaults(scope, known);
      await essbaseAuth(scope, {
        ctx,
        throttle: options.loginThrottle ?? new LoginThrottle(),
        connector: options.connector ?? "essbase-stndln",
        owner: options.owner ?? ((u: string) => `essbase-rest:${u}`),
        callOf: options.callOf,
      });
      registerAboutRoutes(scope, options.about ?? { name: "QiBates Essbase REST endpoint", version: "" });
      registerPreferenceRoutes(scope, ctx);
      registerApplicationRoutes(scope, ctx);
      registerVariableRoutes(scope, ctx);
      registerCubeRoutes(scope, ctx);
      registerOutlineRoutes(scope, ctx);
      // One thread makes the large answers of `…/mdx` and `…/grid/mdx`, one after the other.
      const downloads = new MdxDownloads();
      scope.addHook("onClose", async () => downloads.close());
      registerGridRoutes(scope, ctx, options.maxCells ?? 500_000, downloads);
      registerMdxRoutes(scope, ctx, options.maxCells ?? 500_000, downloads);
      registerJobRoutes(scope, ctx, catalog);
      registerFileRoutes(scope, ctx, catalog);
      registerSessionRoutes(scope, ctx);
    },
    { prefix: ESSBASE_REST_BASE },
  );

  // The rest of `/essbase` (other REST versions, `/essbase/rest`, the web console's paths): Essbase's JSON
  // error too, never the host's page, and no session needed to be told so.
  app.all("/essbase", notServed(known));
  app.all("/essbase/*", notServed(known));
}
