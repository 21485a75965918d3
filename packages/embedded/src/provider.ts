import type { EngineCube } from "@qibates/grid-bridge";
import { engineOlapPort } from "@qibates/grid-bridge";
import type {
  ApplicationRef,
  Connector,
  CubeRef,
  EnginePort,
  LoginInput,
  OlapPort,
  Provider,
  ProviderSession,
} from "@qibates/provider";
import { ProviderError, type SliceScheduler } from "@qibates/provider";
import { type EmbeddedApplications, openEmbeddedApplications } from "./applications.ts";
import { type EmbeddedAccess, EmbeddedCatalogue, type EmbeddedServers } from "./catalogue.ts";
import { engineCubeOf } from "./engine-cube.ts";
import { EmbeddedEssbase } from "./essbase.ts";
import { type GridWorkerOptions, GridWorkers } from "./grid-workers.ts";
import { DEFAULT_JOBS_PER_USER, DEFAULT_JOBS_TOTAL, JobQueue } from "./job-queue.ts";
import type { JournalOptions } from "./journal.ts";
import { EmbeddedPlanning } from "./planning.ts";
import { DemoSessionViews } from "./session-views.ts";
import type { LoadedSnapshot } from "./snapshot-files.ts";
import type { EmbeddedStore } from "./store.ts";

export interface EmbeddedProviderOptions {
  /** Where changes are journaled and per-user state is kept. */
  store: EmbeddedStore;
  /** Checks a user name and password (constant time, without telling which was wrong). */
  credentialsValid: (username: string, password: string) => boolean | Promise<boolean>;
  /**
   * Whether the demo applications are served and which applications each user may open (`EmbeddedAccess`);
   * absent: every application to every user who logs in.
   */
  access?: EmbeddedAccess;
  /** When the demo applications save a checkpoint of their journal, and where they warn. */
  journal?: Partial<JournalOptions>;
  /**
   * Where grid and MDX reads take turns on the event loop with the process's other long work: the one scheduler
   * of the process (the server's), never one of this provider's own.
   */
  scheduler: SliceScheduler;
  /**
   * Worker threads for heavy grid and MDX reads (`grid-workers.ts`), started at their first call; 0 or absent:
   * every read runs on the event loop, in slices.
   */
  gridWorkers?: number;
  /**
   * The limits of each call in a grid worker (`GridWorkerOptions`: its deadline and memory cap; defaults
   * `WORKER_DEADLINE_MS` and `WORKER_MEMORY_MB`), past which the worker is ended and replaced; and how a worker is
   * started (tests: from a bundle of the worker).
   */
  gridWorkerLimits?: GridWorkerOptions;
  /**
   * The bounds of the queue of background jobs (`job-queue.ts`): jobs of one owner, and of everyone, running or
   * waiting at once (defaults `DEFAULT_JOBS_PER_USER`, `DEFAULT_JOBS_TOTAL`).
   */
  jobs?: { perOwner?: number; total?: number };
  /**
   * The sessions whose changes go to a view of the demo applications of their own (`session-views.ts`), never
   * seen by anyone else and dropped at logout or expiry; without it, every session changes the shared data.
   */
  ownViews?: {
    isolated: (session: ProviderSession) => boolean;
    /** Whether a session still lives (the views of those that expired are dropped). */
    alive: (sessionId: string) => Promise<boolean>;
    /** How often to look for views of expired sessions, and how long an unused view stays in memory. */
    sweepMs: number;
    idleMs: number;
    /**
     * The most memory the views in memory may hold together (bytes of stored values); past it, those used
     * longest ago are forgotten on this node and rebuilt from the journal at their next call. Default: no bound.
     */
    maxBytes?: number;
  };
}

/**
 * The embedded engine as a provider: the demo applications (Sample.Basic for the Essbase family, Vision for
 * the planning family) behind the demo addresses, for every connector value.
 */
export class EmbeddedProvider implements Provider {
  readonly id = "embedded";
  readonly essbase: EmbeddedEssbase;
  readonly planning: EmbeddedPlanning;

  private constructor(
    private readonly catalogue: EmbeddedCatalogue,
    private readonly options: EmbeddedProviderOptions,
    private readonly apps: EmbeddedApplications,
  ) {
    const own = options.ownViews;
    this.views = own ? new DemoSessionViews(apps, options.store, own.isolated, own.maxBytes) : null;
    this.workers = options.gridWorkers
      ? new GridWorkers(options.gridWorkers, options.gridWorkerLimits ?? {})
      : null;
    this.scheduler = options.scheduler;
    const views = this.views;
    // The owner a job of the API or of a wire session counts against: the key's owner, but for a demo session
    // kept apart (many visitors share the demo key) its visitor, the client's address (an IPv6 client's /64
    // network), whatever the protocol or the number of its sessions: counted session by session, one address
    // opening 16 sessions held every place of the queue. A session whose address is not known counts alone.
    // The wire endpoints' jobs ask the queue the same (`JobAdmission.ownerOf`): a visitor is one owner on the API
    // and on every endpoint.
    const jobOwner = (session: ProviderSession) =>
      views?.isolated(session)
        ? session.visitor !== undefined
          ? `visitor:${session.visitor}`
          : `session:${session.id}`
        : `owner:${session.ownerId}`;
    // Jobs run one a grid worker (one on the event loop without workers); a waiting job holds no data.
    this.jobs = new JobQueue({
      running: Math.max(1, options.gridWorkers ?? 0),
      perOwner: options.jobs?.perOwner ?? DEFAULT_JOBS_PER_USER,
      total: options.jobs?.total ?? DEFAULT_JOBS_TOTAL,
      ownerOf: jobOwner,
    });
    this.jobOwner = jobOwner;
    this.essbase = new EmbeddedEssbase(
      catalogue,
      this.views,
      this.workers,
      this.scheduler,
      this.jobs,
      jobOwner,
    );
    this.planning = new EmbeddedPlanning(
      catalogue,
      options.store,
      this.views,
      this.workers,
      this.jobs,
      jobOwner,
    );
    if (own && this.views) {
      const views = this.views;
      this.sweeper = setInterval(() => {
        views.sweep(own.alive, own.idleMs).catch((e: unknown) => {
          options.journal?.log?.warn(
            { error: e instanceof Error ? e.message : String(e) },
            "session views not swept: tried again later",
          );
        });
      }, own.sweepMs);
      this.sweeper.unref();
    }
  }

  /** The demo sessions' own views (null when every session changes the shared data). */
  readonly views: DemoSessionViews | null;
  private readonly sweeper: ReturnType<typeof setInterval> | null = null;
  private readonly workers: GridWorkers | null;
  private readonly scheduler: SliceScheduler;
  /** The queue of background jobs (`Provider.jobs`): rules, calculations, data loads, clears and exports. */
  readonly jobs: JobQueue;
  /** Whose job a session's is in the queue (`jobs`). */
  private readonly jobOwner: (session: ProviderSession) => string;

  /**
   * Builds the demo applications and replays what the store journaled. `catalogue` serves other applications
   * instead (loaded by the caller), e.g. a cube of a captured answer key replayed through a connector.
   */
  static async open(
    options: EmbeddedProviderOptions & {
      catalogue?: { applications: EmbeddedApplications; servers: EmbeddedServers };
      /** Snapshots (`snapshot-files.ts`) served beside the demo applications, read and checked by the caller. */
      snapshots?: readonly LoadedSnapshot[];
    },
  ): Promise<EmbeddedProvider> {
    const applications = options.catalogue
      ? options.catalogue.applications
      : await openEmbeddedApplications(options.store, options.journal, options.snapshots);
    const catalogue = new EmbeddedCatalogue(applications, options.catalogue?.servers, options.access);
    return new EmbeddedProvider(catalogue, options, applications);
  }

  /** The engine port (`Provider.engine`): the data jobs (export, load, clear) over the catalogue's cubes. */
  readonly engine: EnginePort = {
    dataCube: (connector, ref, session) => this.engineCube(connector, ref, session),
  };

  /** The OLAP port (`Provider.olap`): the catalogue's cubes as plain metadata, member queries and cell sets. */
  readonly olap: OlapPort = engineOlapPort((connector, ref, session) =>
    this.engineCube(connector, ref, session),
  );

  /** At shutdown: each application saves a checkpoint of what it applied since its last one. */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.workers?.close();
    await Promise.all([
      this.apps.essbase.close(),
      this.apps.planning.close(),
      ...(this.apps.copies ?? []).map((c) => c.app.close()),
      ...(this.apps.planningCopies ?? []).map((c) => c.app.close()),
    ]);
  }

  /** A cube of the catalogue as the engine sees it (the XMLA endpoint's MDX and write-back); names as the catalogue spells them. */
  engineCube(connector: Connector, ref: CubeRef, session?: ProviderSession): EngineCube {
    // The session's user sees only the applications it may open; the connector is the one the call names.
    const viewer = session ? { connector, username: session.username } : { connector };
    const { application, cube, app: shared } = this.catalogue.resolveCube(viewer, ref);
    const views = this.views;
    // A session kept apart (the demo's own views) reads and writes its own view, as its grid calls do.
    const data = views && session ? (write: boolean) => views.data(session, shared, write) : undefined;
    const jobs = { queue: this.jobs, owner: session ? this.jobOwner(session) : null };
    return engineCubeOf(shared, { application, cube }, this.scheduler, this.workers, data, jobs);
  }

  async login(input: LoginInput) {
    if (!(await this.options.credentialsValid(input.username, input.password))) {
      throw new ProviderError("LOGIN_FAILED", "The provider refused the user name or password.", {});
    }
    return { username: input.username };
  }

  /** A session's own views end with it. */
  async logout(session: ProviderSession): Promise<void> {
    await this.views?.drop(session.id);
  }

  async servers(session: ProviderSession) {
    return { servers: [{ name: this.catalogue.server(session).name }] };
  }

  async applications(session: ProviderSession, server: string, sort: boolean) {
    const names = this.catalogue.findServer(session, server).applications.map((a) => a.name);
    if (sort) names.sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    return { server, applications: names.map((name) => ({ name })) };
  }

  async cubes(session: ProviderSession, ref: ApplicationRef) {
    const app = this.catalogue.findApplication(session, ref);
    return {
      server: ref.server,
      application: ref.application,
      cubes: [...app.cubes].sort((a, b) => a.localeCompare(b)).map((name) => ({ name })),
    };
  }
}
