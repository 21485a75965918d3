import type { components } from "@qibates/client/schema";
import {
  type GridResponse,
  type ResolvedGridSettings,
  resolveSettings,
  runGridOperation,
  suppressesData,
} from "@qibates/engine/grid";
import { mdxGrid } from "@qibates/engine/mdx";
import type { RemoteOutline } from "@qibates/grid-bridge";
import {
  dataCellsOf,
  ENGINE_MDX,
  engineError,
  engineSettings,
  filterAnswerOf,
  filterMemberUnknown,
  gridAnswer,
  gridRequestOf,
  keywordFragment,
  keywordIsLiteral,
  knownAliasTable,
  labelsOf,
  layoutSource,
  type MembersOnDemand,
  olapCellSetOf,
  olapMetadataOf,
  queryMembers,
  resolveRow,
  searchAnswerOf,
  searchOrder,
  submitStatusesOf,
} from "@qibates/grid-bridge";
import {
  CELL_TYPE,
  type GenerationLevel,
  type JobRecord,
  type RestGrid,
  ZOOM_IN_LEVELS,
} from "@qibates/protocols/essbase-rest";
import type {
  ApplicationRef,
  BulkExportPort,
  CubeRef,
  EssbaseOperations,
  FilterInput,
  GridCall,
  GridInput,
  LoginInput,
  MdxInput,
  OlapCube,
  OlapMetadata,
  OlapPort,
  Provider,
  ProviderSession,
  SaveInput,
  SearchInput,
  VariableLevel,
  VariableSet,
} from "@qibates/provider";
import {
  afterCellsWritten,
  afterJobLaunched,
  applicationUnknown,
  CELLS_MAYBE_WRITTEN,
  cubeUnknown,
  gridRows,
  jobStillRunning,
  oneLine,
  ProviderError,
  scriptStillRunning,
  serverUnknown,
  valueAnswer,
} from "@qibates/provider";
import { CONNECTOR_REASONS, UNREADABLE } from "../net/unreadable.ts";
import { retryWhileBusy, withAnswerDeadline, withinOneReadTimeout } from "../net/upstream.ts";
import { type OpenedGrid, RemoteGridOperations, type Sheet } from "../remote/grid-operations.ts";
import { CubeMembersCache, membersOnDemand } from "../remote/members.ts";
import { OUTLINE_TTL_MS, OutlineCache } from "../remote/outline-cache.ts";
import { cubeList } from "../remote/outline-operations.ts";
import { RemoteProvider, type RemoteProviderOptions } from "../remote/provider-base.ts";
import { missing } from "../remote/unsupported.ts";
import { EssbaseRestClient } from "./client.ts";
import { ESSBASE_21C_MDX_CAPABILITIES, ESSBASE_21C_MDX_FUNCTIONS } from "./essbase-mdx.ts";
import { EssbaseRestExport } from "./export.ts";
import {
  answerOf,
  answerOfLaidOut,
  flatSheetOf,
  restGridOf,
  restPreferences,
  sameFlatLayout,
  sameLayout,
  sheetOf,
} from "./grid.ts";
import { mdxResultOf } from "./mdx.ts";
import { essbaseRestMembers, essbaseRestSelection } from "./members.ts";
import { readRemoteOutline } from "./outline.ts";
import { ListBudget, readPages } from "./paging.ts";

type Schemas = components["schemas"];

/** A remote cube's OLAP metadata with the server's generation and level names, per outline read. */
const namedMetadata = new WeakMap<object, Promise<OlapMetadata>>();

/**
 * The `essbase-stndln` connector: Essbase 21c through its REST API (`/essbase/rest/v1`, derived from the
 * provider address `…/essbase/japi`). One upstream session per QiBates session; metadata through the
 * outline endpoints; ad hoc grids through the grid endpoint with the session's grid preferences set first;
 * calc scripts through jobs, polled until done. Layout-only operations the REST API lacks (the zoom modes
 * beyond children/descendants/base, pivot and pivot to POV) are laid out with the engine's Essbase rules over
 * the cube's outline and then refreshed on the server, so the data always comes from Essbase.
 */

/** Essbase 21c has no server level: the deployment is one cluster, named as Smart View shows it. */
export const ESSBASE_21C_SERVER = "EssbaseCluster-1";

export interface EssbaseRestOptions extends RemoteProviderOptions {
  /** How long a calculation job is polled before the call gives up. */
  jobTimeoutMs: number;
  /** How long a cube's outline read from the server is reused within one session. */
  outlineTtlMs?: number;
}

interface UpstreamSession {
  client: EssbaseRestClient;
  outlines: OutlineCache<RemoteOutline>;
  /** Each cube's members read as calls need them: grids and most metadata calls read only these. */
  members: CubeMembersCache<{ members: MembersOnDemand }>;
  /** Cube names as the server spells them, by the names a call gave (lower case), with when they were read. */
  cubes: Map<string, { at: number; app: string; cube: string }>;
  /**
   * Grid answers in a row that were not the layout expected locally (`post`'s `expect`), and calls since
   * expecting was paused: past {@link EXPECT_MISSES}, a layout is expected only every {@link EXPECT_RETRY}th call.
   */
  layoutMisses: number;
  layoutSkipped: number;
}

/** Answers in a row not laid out as expected after which a session stops laying out in advance… */
const EXPECT_MISSES = 2;
/** …but for one call in this many, to notice when the server's answers match again. */
const EXPECT_RETRY = 16;

const enc = encodeURIComponent;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** `https://h:p/essbase/japi` → `https://h:p/essbase/rest/v1`. */
export function restBase(address: string | URL): string {
  const url = new URL(String(address));
  const path = url.pathname.replace(/\/+$/, "").replace(/\/japi$/i, "/rest/v1");
  return `${url.origin}${path}`;
}

export class EssbaseRestProvider extends RemoteProvider<UpstreamSession> implements Provider {
  readonly id = "essbase-rest";
  readonly planning = null;
  readonly essbase: EssbaseOperations;
  /**
   * The OLAP port (`Provider.olap`) over the server: metadata from the outline read through its REST API (as
   * every call reads it), MDX sent to `…/grid/mdx` and its Grid read back as a cell set. Statements are read
   * with the engine's MDX (the cube a `FROM` names); the functions and features told to clients are Essbase 21c's
   * (`essbase-mdx.ts`); cells are not written back.
   */
  readonly olap: OlapPort;
  /** The server's level-0 export (`exportData` job, Files API download), for `qibates-snapshot`. */
  readonly bulkExport: BulkExportPort;

  constructor(private readonly options: EssbaseRestOptions) {
    super(options, "Essbase");
    const operations = new EssbaseRestOperations(this, options);
    this.essbase = operations;
    this.bulkExport = new EssbaseRestExport({
      upstream: (session) => this.upstream(session),
      cubeNames: (session, ref) => this.cubeNames(session, ref),
      jobTimeoutMs: options.jobTimeoutMs,
    });
    this.olap = {
      cube: (_connector, ref, session) => {
        if (!session) throw new ProviderError("PROVIDER_FAILED", "A cube of Essbase is read in a session.");
        return operations.olapCube(session, ref);
      },
      ...ENGINE_MDX,
      // What runs the statements is Essbase 21c's MDX: its functions and features, as Oracle publishes them.
      mdxFunctions: ESSBASE_21C_MDX_FUNCTIONS,
      mdxCapabilities: ESSBASE_21C_MDX_CAPABILITIES,
      writable: false,
    };
  }

  protected async open(input: LoginInput): Promise<UpstreamSession> {
    const client = new EssbaseRestClient(this.upstreams, restBase(input.address), input);
    // The login's requests within the login's context (its deadline, the client it is passed on for), and only them.
    await client.within(input.call).login();
    return {
      client,
      outlines: new OutlineCache(this.options.outlineTtlMs),
      members: new CubeMembersCache(this.options.outlineTtlMs),
      cubes: new Map(),
      layoutMisses: 0,
      layoutSkipped: 0,
    };
  }

  /** The cube's outline, read once per session (and again after `outlineTtlMs`). */
  outline(session: ProviderSession, app: string, cube: string): Promise<RemoteOutline> {
    // Read within the context of the calls that share the read (the latest of their deadlines).
    return this.unboundUpstream(session).outlines.get(
      `${app.toLowerCase()}.${cube.toLowerCase()}`,
      session.call,
      (call) => readRemoteOutline(this.upstream({ ...session, call }).client, app, cube),
    );
  }

  /** The cube's members read so far in the session (kept as long as an outline would be). */
  async members(session: ProviderSession, app: string, cube: string): Promise<MembersOnDemand> {
    // Kept beyond the call: its reads are made within the context of the call that reads through it.
    const s = this.unboundUpstream(session);
    const held = await s.members.get(
      { server: ESSBASE_21C_SERVER, application: app, cube },
      session.call,
      async () => ({
        members: membersOnDemand(essbaseRestMembers(s.client, app, cube), `${app}.${cube}`, s.client),
      }),
    );
    return held.members;
  }

  async servers(session: ProviderSession) {
    return this.oneServer(session, ESSBASE_21C_SERVER);
  }

  private checkServer(server: string): void {
    this.checkOneServer(server, ESSBASE_21C_SERVER);
  }

  async applications(session: ProviderSession, server: string, sort: boolean) {
    this.checkServer(server);
    const { client } = this.upstream(session);
    const names = (await allItems<{ name: string }>(client, "/applications")).map((a) => a.name);
    if (sort) names.sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    return { server: ESSBASE_21C_SERVER, applications: names.map((name) => ({ name })) };
  }

  /** The application's real name, or `APPLICATION_UNKNOWN`. */
  async application(session: ProviderSession, ref: ApplicationRef): Promise<string> {
    this.checkServer(ref.server);
    const { client } = this.upstream(session);
    const names = (await allItems<{ name: string }>(client, "/applications")).map((a) => a.name);
    const name = names.find((n) => same(n, ref.application));
    if (!name) {
      throw applicationUnknown(ref.application, ESSBASE_21C_SERVER);
    }
    return name;
  }

  async cubeNames(session: ProviderSession, ref: ApplicationRef): Promise<{ app: string; cubes: string[] }> {
    const app = await this.application(session, ref);
    const { client } = this.upstream(session);
    const cubes = (await allItems<{ name: string }>(client, `/applications/${enc(app)}/databases`)).map(
      (c) => c.name,
    );
    return { app, cubes };
  }

  async cubes(session: ProviderSession, ref: ApplicationRef) {
    const { app, cubes } = await this.cubeNames(session, ref);
    return cubeList(ref.server, app, cubes);
  }
}

/** Every item of a paged list answer (`items`, `hasMore`). */
function allItems<T>(client: EssbaseRestClient, path: string): Promise<T[]> {
  const sep = path.includes("?") ? "&" : "?";
  return readPages<T>(
    client,
    path,
    (offset) => `${path}${sep}offset=${offset}&limit=500`,
    new ListBudget(client),
  );
}

const REST_ZOOM = new Set<string>(Object.values(ZOOM_IN_LEVELS));

/** Whether some member of an outline has an alias in its `Default` table (once per outline read). */
const defaultAliases = new WeakMap<object, boolean>();
function hasDefaultAliases(outline: RemoteOutline["outline"]): boolean {
  let known = defaultAliases.get(outline);
  if (known === undefined) {
    known = outline.dimensions.some((d) =>
      d.members.some((m) => {
        const alias = m.alias("Default");
        return alias !== undefined && alias !== m.name;
      }),
    );
    defaultAliases.set(outline, known);
  }
  return known;
}

/**
 * Whether the server's answer may be the layout the engine makes locally without data: not when its data may
 * take rows or columns out (missing, zero or no-access suppression), nor when it labels members otherwise (a
 * call without an alias table leaves the server's session at its own, `Default`: the answer then shows aliases
 * where the cube has some, and the connector writes names).
 */
function labelledAsServer(remote: RemoteOutline, s: ResolvedGridSettings): boolean {
  const suppresses = suppressesData(s);
  const labels = s.aliasTable === null ? !hasDefaultAliases(remote.outline) : s.memberDisplay === "alias";
  return !suppresses && labels;
}

/** A cube as an Essbase REST grid call opens it: its real names, its path, and the members of it read so far. */
interface RestCube {
  app: string;
  cube: string;
  path: string;
  members: MembersOnDemand;
}

class EssbaseRestOperations extends RemoteGridOperations<RestCube> implements EssbaseOperations {
  /** A sheet naming a substitution variable is read with its value, read from the server first. */
  protected override readonly settingsFromServer = true;

  constructor(
    private readonly p: EssbaseRestProvider,
    private readonly options: EssbaseRestOptions,
  ) {
    super();
  }

  protected cubeName(cube: RestCube): string {
    return cube.cube;
  }

  /** The cube's real names and the members of it read so far in the session. */
  protected async cubeMembers(session: ProviderSession, ref: CubeRef): Promise<RestCube> {
    const { app, cube, path } = await this.realCube(session, ref);
    const members = await this.p.members(session, app, cube);
    return { app, cube, path, members };
  }

  /** The cube's real names (application, cube) and its outline; looked up once per session and TTL. */
  private async cube(session: ProviderSession, ref: CubeRef) {
    const { app, cube, path } = await this.realCube(session, ref);
    const remote = await this.p.outline(session, app, cube);
    return { app, cube, remote, path };
  }

  /**
   * The cube's real names, from the server's lists alone: scripts need no outline, so a calculation does not read
   * one first (on a session's first call, that is one call per member with children, each on a slow link).
   */
  private async realCube(session: ProviderSession, ref: CubeRef) {
    const upstream = this.p.upstream(session);
    const key = `${ref.server}\n${ref.application}\n${ref.cube}`.toLowerCase();
    const known = upstream.cubes.get(key);
    let app: string;
    let cube: string | undefined;
    if (known && Date.now() - known.at < (this.options.outlineTtlMs ?? OUTLINE_TTL_MS)) {
      ({ app, cube } = known);
    } else {
      // The application's cubes are asked under the name the call gave beside the list of applications (one
      // round, not two), and used when that name is the application's own spelling; else asked again under it.
      const { client } = upstream;
      const guessed = allItems<{ name: string }>(
        client,
        `/applications/${enc(ref.application)}/databases`,
      ).then(
        (items) => items.map((c) => c.name),
        (e: unknown) => {
          // A server refusing for now refuses the call: the look-up is not asked again under another name.
          if (e instanceof ProviderError && e.code !== "BUSY") return null;
          throw e;
        },
      );
      guessed.catch(() => undefined);
      app = await this.p.application(session, ref);
      const cubes =
        (app === ref.application ? await guessed : null) ??
        (await allItems<{ name: string }>(client, `/applications/${enc(app)}/databases`)).map((c) => c.name);
      cube = cubes.find((c) => same(c, ref.cube));
      if (cube) upstream.cubes.set(key, { at: Date.now(), app, cube });
    }
    if (!cube) {
      throw cubeUnknown(ref.cube, app);
    }
    return { app, cube, path: `/applications/${enc(app)}/databases/${enc(cube)}` };
  }

  /**
   * `nav/filter` CHILDREN (of a member, or the first level of a dimension) asked of the server in one round: the
   * parent's children (`?parent=`), beside the cube's dimensions and, for a member, the members whose name or an
   * alias is the text typed (`?keyword=…&matchWholeWord=true`), so that the member is resolved as the demo
   * resolves it (an alias of the table, a name, an alias of `Default`). The other filters (descendants, level,
   * generation, UDA, the whole dimension) have no request of their own in the REST API: they read the dimension.
   */
  override async filterMembers(session: ProviderSession, ref: CubeRef, input: FilterInput) {
    if (String(input.filter).toUpperCase() !== "CHILDREN") return super.filterMembers(session, ref, input);
    const cube = await this.cubeMembers(session, ref);
    const select = essbaseRestSelection(this.p.upstream(session).client, cube.app, cube.cube);
    const member = input.member ? input.member : null;
    const asked = member ?? input.dimension;
    const [dims, listed, named] = await Promise.all([
      cube.members.dimensions(),
      select.children(asked),
      member === null ? Promise.resolve([]) : select.search(member.trim().replace(/^'/, ""), true),
    ]);
    const table = knownAliasTable(dims.aliasTables, input.aliasTable, "aliastable");
    const dim = dims.dimensions.find((d) => same(d.name, input.dimension));
    if (!dim) throw dimensionUnknown(input.dimension, cube.cube);
    if (named === null) return super.filterMembers(session, ref, input);
    let parent = dim.name;
    if (member !== null) {
      const found = resolveRow(member, table, named);
      if (!found || !same(found.dimension, dim.name)) throw filterMemberUnknown(member);
      // A shared member has no children of its own.
      if (found.shared) return filterAnswerOf(input, table, []);
      parent = found.name;
    }
    const rows = listed !== null && same(parent, asked) ? listed : await select.children(parent);
    if (rows === null) return super.filterMembers(session, ref, input);
    return filterAnswerOf(input, table, rows);
  }

  /**
   * `nav/search` asked of the server (`?keyword=`): the keyword's longest run without a wildcard, matched as a
   * whole only when the keyword has no wildcard, so that the server's hits (a name or an alias of any table that
   * holds the text) hold every member the API's keyword matches; those are then matched as the demo matches
   * (wildcards, names or aliases of one table, shared members left out) and listed in the demo's order of
   * dimensions. A keyword of wildcards alone would list every member: it reads the outline as before.
   */
  override async searchMembers(session: ProviderSession, ref: CubeRef, input: SearchInput) {
    const fragment = keywordFragment(input.keyword);
    if (fragment === null) return super.searchMembers(session, ref, input);
    const cube = await this.cubeMembers(session, ref);
    const select = essbaseRestSelection(this.p.upstream(session).client, cube.app, cube.cube);
    const whole = input.matchWholeWord && keywordIsLiteral(input.keyword);
    const [dims, hits] = await Promise.all([cube.members.dimensions(), select.search(fragment, whole)]);
    const table = knownAliasTable(dims.aliasTables, input.aliasTable, "aliastable");
    if (input.dimension !== null && !dims.dimensions.some((d) => same(d.name, input.dimension as string))) {
      throw dimensionUnknown(input.dimension, cube.cube);
    }
    if (hits === null) return super.searchMembers(session, ref, input);
    const order = searchOrder(dims.dimensions);
    return searchAnswerOf(input, table, hits, order);
  }

  /** Where a level's variables are: `/variables`, `/applications/{app}/variables` or the cube's `…/variables`. */
  private async variablesPath(session: ProviderSession, level: VariableLevel): Promise<string> {
    const { server, application, cube } = level;
    if (application !== null && cube !== null) {
      return `${(await this.realCube(session, { server, application, cube })).path}/variables`;
    }
    if (application !== null) {
      return `/applications/${enc(await this.p.application(session, { server, application }))}/variables`;
    }
    if (!same(server, ESSBASE_21C_SERVER)) {
      throw serverUnknown(server);
    }
    return "/variables";
  }

  /**
   * `GET /variables`, `GET /applications/{app}/variables` or `GET /applications/{app}/databases/{db}/variables`:
   * the variables defined at that level, sorted by name.
   */
  async variables(session: ProviderSession, level: VariableLevel): Promise<Schemas["VariableList"]> {
    const path = await this.variablesPath(session, level);
    const { client } = this.p.upstream(session);
    const items = await allItems<{ name?: unknown; value?: unknown }>(client, path);
    const variables = items.map((v) => {
      if (typeof v.name !== "string" || typeof v.value !== "string") {
        throw client.malformed(UNREADABLE.variableWithoutName(path));
      }
      return { name: v.name, value: v.value };
    });
    variables.sort((x, y) => x.name.localeCompare(y.name));
    return { ...level, variables };
  }

  /**
   * Changes the variable with `PUT …/variables/{name}` when the level already defines one of that name (any
   * case, listed first), else creates it with `POST …/variables`: Essbase refuses a POST of a name that exists
   * and a PUT of one that does not. The server keeps it for every user, as any variable; its refusal (a user
   * without the role that level needs, a value it does not accept) is answered with its own message.
   */
  async setVariable(
    session: ProviderSession,
    level: VariableLevel,
    variable: Schemas["Variable"],
  ): Promise<VariableSet> {
    const path = await this.variablesPath(session, level);
    const existing = (await this.variables(session, level)).variables.find(
      (v) => v.name.toLowerCase() === variable.name.toLowerCase(),
    );
    const { client } = this.p.upstream(session);
    if (existing) {
      const set = { name: existing.name, value: variable.value };
      await client.put(`${path}/${enc(existing.name)}`, set);
      return { variable: set, session: null };
    }
    const set = { name: variable.name, value: variable.value };
    await client.post<unknown>(path, set);
    return { variable: set, session: null };
  }

  async scripts(session: ProviderSession, ref: CubeRef) {
    const { path } = await this.realCube(session, ref);
    const { client } = this.p.upstream(session);
    const list = await client.get<{ items?: { name: string }[] }>(`${path}/scripts`);
    if (!Array.isArray(list.items)) throw client.malformed(UNREADABLE.noItems(`${path}/scripts`));
    return {
      cube: ref.cube,
      scripts: list.items
        .map((s) => ({ name: s.name.replace(/\.csc$/i, ""), description: null }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  async calculate(session: ProviderSession, ref: CubeRef, name: string) {
    // The calls that find the script share one PROVIDER_READ_TIMEOUT_SECONDS (`withinOneReadTimeout`): with the
    // job's own wait, the call lasts at most CALC_JOB_TIMEOUT_SECONDS + PROVIDER_READ_TIMEOUT_SECONDS (and the
    // connect timeout), however slowly the server responds to each.
    const finding = { ...session, call: withinOneReadTimeout(session.call) };
    const { app, cube } = await this.realCube(finding, ref);
    const script = (await this.scripts(finding, ref)).scripts.find((s) => same(s.name, name));
    if (!script) {
      throw new ProviderError(
        "SCRIPT_UNKNOWN",
        `Unknown calculation script "${name}".`,
        { script: name, cube },
        "action.script",
      );
    }
    const started = performance.now();
    // CALC_JOB_TIMEOUT_SECONDS counts from the job's launch: the launch's answer and every poll's are waited for
    // within it (`withAnswerDeadline`), so the caller hears "still running" then, however slow the server answers.
    const waitMs = this.options.jobTimeoutMs;
    const deadline = Date.now() + waitMs;
    const { client } = this.p.upstream({ ...session, call: withAnswerDeadline(session.call, deadline) });
    const stillRunning = (jobId?: number) => {
      const seconds = Math.round(waitMs / 1000);
      const reason = jobId === undefined ? scriptStillRunning(seconds) : jobStillRunning(seconds, jobId);
      return new ProviderError(
        "CALC_FAILED",
        `The calculation ${script.name} was ${reason.en}.`,
        { script: script.name, reason },
        "action.script",
      );
    };
    const waited = <T>(work: () => Promise<T>, jobId?: number): Promise<T> =>
      work().catch((e: unknown) => {
        throw e instanceof ProviderError && e.answerWaitEnded === true ? stillRunning(jobId) : e;
      });
    let job = await waited(() =>
      client.post<JobRecord>("/jobs", {
        application: app,
        db: cube,
        jobtype: "calc",
        parameters: { file: `${script.name}.csc` },
      }),
    );
    let wait = 50;
    while (job.statusCode === 100 || job.statusCode === undefined) {
      const jobId = job.job_ID;
      if (typeof jobId !== "number") throw client.malformed(UNREADABLE.jobWithoutId());
      const left = deadline - Date.now();
      if (left <= 0) throw stillRunning(jobId);
      await new Promise((r) => setTimeout(r, Math.min(wait, left)));
      wait = Math.min(wait * 2, 1000);
      job = await retryWhileBusy(
        deadline,
        () => waited(() => client.get<JobRecord>(`/jobs/${jobId}`), jobId),
        () => stillRunning(jobId),
      ).catch((e: unknown) => {
        throw afterJobLaunched(e, jobId);
      });
    }
    if (job.statusCode !== 200 && job.statusCode !== 300) {
      // The server's words, bounded as every upstream message is (one line, 300 characters).
      const reason = oneLine(job.statusMessage ?? "") || CONNECTOR_REASONS.jobStatus(job.statusCode);
      throw new ProviderError(
        "CALC_FAILED",
        `The calculation ${script.name} failed: ${typeof reason === "string" ? reason : reason.en}`,
        {
          script: script.name,
          reason,
        },
        "action.script",
      );
    }
    return {
      script: name,
      status: "completed" as const,
      durationMs: Math.round(performance.now() - started),
    };
  }

  /** Sets the session's grid preferences on the server when they differ from the last ones sent. */
  private async preferences(session: ProviderSession, settings: ResolvedGridSettings): Promise<void> {
    const { client } = this.p.upstream(session);
    const prefs = JSON.stringify(restPreferences(settings));
    if (client.preferencesSent === prefs) return;
    await client.put("/preferences/grid", JSON.parse(prefs));
    client.preferencesSent = prefs;
  }

  private resolved(session: ProviderSession, aliasTables: readonly string[], input: Partial<GridInput>) {
    const { settings, aliasTable } = engineSettings(input);
    if (aliasTable) knownAliasTable(aliasTables, aliasTable, "settings.aliasTable");
    if (settings.memberDisplay === "nameAndAlias") {
      throw missing(session.connector, "adhoc", "settings.memberDisplay NAME_AND_ALIAS", {
        because: "nameAndAlias",
        field: "settings.memberDisplay",
      });
    }
    return { resolved: resolveSettings(settings, aliasTable), aliasTable };
  }

  /**
   * The settings of a grid call, with the substitution variables the cube sees when the sheet names one
   * (`&CurrMonth`, `Q-T-D(&CurrMonth)`): the connector reads the sheet's layout itself, so it must know what
   * they stand for. They are read from the server then (the cube's over the application's over the server's),
   * never kept: a variable changed by anyone is read as it is now.
   */
  protected override async gridSettings(
    session: ProviderSession,
    ref: CubeRef,
    aliasTables: readonly string[],
    input: Partial<GridInput>,
    sheet: Sheet,
  ) {
    const own = this.resolved(session, aliasTables, input);
    if (
      !sheet.some((row) => row.some((cell) => typeof cell === "string" && /(^|\()\s*'?&/.test(cell.trim())))
    ) {
      return own;
    }
    const levels: VariableLevel[] = [
      { server: ref.server, application: null, cube: null },
      { server: ref.server, application: ref.application, cube: null },
      { ...ref },
    ];
    const substitutionVariables: Record<string, string> = {};
    // Read at once; applied server first, so that an application's hides it and a cube's hides both.
    const lists = await Promise.all(levels.map((level) => this.variables(session, level)));
    for (const list of lists) {
      for (const v of list.variables) {
        for (const k of Object.keys(substitutionVariables)) {
          if (k.toLowerCase() === v.name.toLowerCase()) delete substitutionVariables[k];
        }
        substitutionVariables[v.name] = v.value;
      }
    }
    return { ...own, resolved: { ...own.resolved, substitutionVariables } };
  }

  /**
   * Posts one grid operation and reads the answer back as the API's grid. `expect` lays the same operation out
   * locally, while the server works on it: when the server answers that layout, its sheet is not read again
   * (`answerOf`).
   */
  private async post(
    session: ProviderSession,
    cube: GridCube,
    s: ResolvedGridSettings,
    sheet: readonly (readonly unknown[])[],
    operation: {
      action: string;
      ranges?: number[][];
      coordinates?: number[];
      dirty?: number[];
      expect?: () => GridResponse | null;
    },
    /** The sheet the caller sent, when `sheet` is a layout made from it (what the caller must clear). */
    original: readonly (readonly unknown[])[] = sheet,
  ) {
    const upstream = this.p.upstream(session);
    const { client } = upstream;
    await this.preferences(session, s);
    // The sheet is read with Essbase's rules before it is sent: a label the outline lacks is refused here, as the
    // server refuses it, naming its cell (not a server failure).
    let grid: ReturnType<typeof restGridOf>;
    try {
      grid = restGridOf(cube.remote.outline, sheet, s);
    } catch (e) {
      engineError(e);
    }
    if (operation.dirty) grid.slice.dirtyCells = operation.dirty;
    const pending = client.post<RestGrid>(`${cube.path}/grid`, {
      grid,
      action: operation.action,
      ...(s.aliasTable ? { alias: s.aliasTable } : {}),
      ...(operation.ranges ? { ranges: operation.ranges } : {}),
      ...(operation.coordinates ? { coordinates: operation.coordinates } : {}),
    });
    // Awaited below, after a turn of the event loop: a refusal meanwhile (a call past its deadline, or whose client
    // went away, fails its request at once) must have a handler, or Node ends the process (unhandled rejection).
    pending.catch(() => undefined);
    const expecting =
      operation.expect !== undefined &&
      (upstream.layoutMisses < EXPECT_MISSES || ++upstream.layoutSkipped % EXPECT_RETRY === 0);
    // The HTTP client writes a request on a kept-alive connection in the event loop's next check phase (undici
    // first reads what the server may have sent on the idle socket): the local layout, which holds the thread,
    // waits until then, so that the server works on the operation while it runs.
    if (expecting) await new Promise<void>((resolve) => setImmediate(resolve));
    const expected = expecting ? operation.expect?.() : null;
    const answer = await pending;
    const sent = { rows: original.length, columns: original.reduce((w, r) => Math.max(w, r.length), 0) };
    // The answer as the server wrote it (one range of the whole sheet): compared with the expected layout and
    // its values filled in without making its rows; read row by row only when it is not that layout.
    const flat = expected ? flatSheetOf(answer) : null;
    if (expected && flat && sameFlatLayout(expected, flat)) {
      upstream.layoutMisses = 0;
      upstream.layoutSkipped = 0;
      try {
        return answerOfLaidOut(flat, s, sent, expected);
      } catch (e) {
        engineError(e);
      }
    }
    const read = sheetOf(answer);
    if (!read) throw client.malformed(UNREADABLE.noSlice(`${cube.path}/grid`));
    // A flat answer already compared is not the layout expected.
    const laidOut = expected && !flat && sameLayout(expected, read) ? expected : null;
    if (expected) {
      upstream.layoutMisses = laidOut ? 0 : upstream.layoutMisses + 1;
      upstream.layoutSkipped = 0;
    }
    // What the server answered may show members not read yet (a zoom's, a keep only's parents…): read first.
    const remote = laidOut ? cube.remote : await answerOutline(cube.members, read, s);
    try {
      return answerOf(remote.outline, read, s, sent, laidOut);
    } catch (e) {
      engineError(e);
    }
  }

  /** The session's grid preferences are set while the sheet's members are read: one round, not two. */
  protected override besideSheet(session: ProviderSession, settings: ResolvedGridSettings): Promise<void> {
    return this.preferences(session, settings);
  }

  /** The cube's default grid as the server lays it out (`GET …/grid`). */
  protected async initialGrid(session: ProviderSession, grid: OpenedGrid<RestCube>) {
    const { client } = this.p.upstream(session);
    const { path, members } = grid.cube;
    await this.preferences(session, grid.resolved);
    const answer = await client.get<RestGrid>(`${path}/grid`);
    const read = sheetOf(answer);
    if (!read) throw client.malformed(UNREADABLE.noSlice(`${path}/grid`));
    const remote = await answerOutline(members, read, grid.resolved);
    return answerOf(remote.outline, read, grid.resolved, { rows: 0, columns: 0 });
  }

  /**
   * A refresh, and every operation the REST API has, posted to the server; a layout it lacks (a zoom mode, a
   * pivot) laid out with Essbase's rules over the cube's outline, then refreshed on the server.
   */
  protected async operate(session: ProviderSession, grid: OpenedGrid<RestCube>, call: GridCall) {
    const { resolved, aliasTable, sheet } = grid;
    const cube: GridCube = { path: grid.cube.path, members: grid.cube.members, remote: grid.remote };
    const outline = cube.remote.outline;
    if (call.action === "refresh" || call.action === "initgrid") {
      return this.post(session, cube, resolved, sheet, {
        action: "refresh",
        expect: () => this.expected(cube.remote, resolved, aliasTable, call),
      });
    }
    if (
      (call.action === "zoomin" && !REST_ZOOM.has(resolved.zoomInPreference)) ||
      call.action === "pivot" ||
      call.action === "pivottopov"
    ) {
      // Laid out with Essbase's rules over the cube's outline, then refreshed on the server.
      const local = this.layout(outline, resolved, aliasTable, {
        ...call,
        input: { ...call.input, grid: sheet },
      } as GridCall);
      return this.post(
        session,
        cube,
        resolved,
        local.grid,
        { action: "refresh", expect: () => (labelledAsServer(cube.remote, resolved) ? local : null) },
        sheet,
      );
    }
    const cells = (call.input as { cells: Schemas["CellRef"][] }).cells;
    try {
      return await this.post(session, cube, resolved, sheet, {
        action: call.action,
        ranges: cells.map((c) => [c.row, c.column, 1, 1]),
        expect: () => this.expected(cube.remote, resolved, aliasTable, call),
      });
    } catch (e) {
      // A selection the server refuses (a Remove Only that would empty an axis: Essbase's "You must have a row
      // header…") and the engine refuses too is the engine's refusal, in the caller's language.
      if (e instanceof ProviderError && e.code === "PROVIDER_FAILED") {
        this.layout(outline, resolved, aliasTable, {
          ...call,
          input: { ...call.input, grid: sheet },
        } as GridCall);
      }
      throw e;
    }
  }

  /** A layout-only operation done by the engine over an empty copy of the outline: the new sheet. */
  private layout(
    outline: RemoteOutline["outline"],
    settings: ResolvedGridSettings,
    aliasTable: string | null,
    call: GridCall,
  ): GridResponse {
    const request = gridRequestOf(
      outline,
      { ...settings, suppressMissingRows: false, suppressMissingColumns: false },
      aliasTable,
      call,
    );
    try {
      return runGridOperation(layoutSource(outline), request);
    } catch (e) {
      engineError(e);
    }
  }

  /**
   * The operation the server is asked to do, laid out locally over the outline (`post`'s `expect`); none when
   * its answer is not expected to be that layout ({@link labelledAsServer}), or when the engine refuses the
   * operation (the server's answer says what it does).
   */
  private expected(
    remote: RemoteOutline,
    settings: ResolvedGridSettings,
    aliasTable: string | null,
    call: GridCall,
  ): GridResponse | null {
    if (!labelledAsServer(remote, settings)) return null;
    const outline = remote.outline;
    try {
      return runGridOperation(layoutSource(outline), gridRequestOf(outline, settings, aliasTable, call));
    } catch {
      return null;
    }
  }

  /**
   * Essbase's "Execute MDX Query" (`POST …/grid/mdx` with `{query}`, answering a Grid), read back as an MDX
   * result and laid out by the engine as the demo lays out its own (`./mdx.ts`). The server's refusals
   * (an MDX error among them) come back with its own message: no public example shows their format.
   */
  async mdx(session: ProviderSession, ref: CubeRef, input: MdxInput) {
    const cube = await this.cubeMembers(session, ref);
    const { resolved } = this.resolved(session, (await cube.members.dimensions()).aliasTables, input);
    const { client } = this.p.upstream(session);
    await this.preferences(session, resolved);
    const answer = await client.post<RestGrid>(`${cube.path}/grid/mdx`, { query: input.query });
    const read = sheetOf(answer);
    // The members the answer shows, and its POV's, are read before the answer is: a label still unknown then
    // is a calculated member of the query (`WITH MEMBER`).
    if (read) {
      const povs = (Array.isArray(answer.dimensions) ? answer.dimensions : []).flatMap((d) =>
        typeof d?.pov === "string" && d.pov !== "" ? [d.pov] : [],
      );
      const labels = [...labelsOf(read.cells, memberCell(read), resolved), ...povs];
      // A long answer (a dimension's descendants) is cheaper read as the dimensions on its axes, a page of
      // children per parent, than as two requests per member.
      if (cube.members.unsettledCount(labels) > MANY_LABELS) {
        const onAxes = (Array.isArray(answer.dimensions) ? answer.dimensions : []).flatMap((d) =>
          typeof d?.name === "string" && ((d.row ?? -1) >= 0 || (d.column ?? -1) >= 0) ? [d.name] : [],
        );
        await cube.members.ensureDimensions(onAxes);
      }
      await cube.members.ensureLabels(labels);
    }
    const outline = (await cube.members.outline()).outline;
    const result = read ? mdxResultOf(outline, answer, read) : null;
    if (!result) throw client.malformed(UNREADABLE.noReadableGrid(`${cube.path}/grid/mdx`));
    try {
      return valueAnswer(gridAnswer(mdxGrid(layoutSource(outline), result, resolved, input.maxCells)));
    } catch (e) {
      engineError(e);
    }
  }

  /** A cube as the OLAP port answers it (`EssbaseRestProvider.olap`). */
  async olapCube(session: ProviderSession, ref: CubeRef): Promise<OlapCube> {
    const known = await this.cube(session, ref);
    const metadata = async () => {
      const { remote, path } = await this.cube(session, ref);
      let named = namedMetadata.get(remote.outline);
      if (!named) {
        named = this.layerNamed(session, path, olapMetadataOf(remote.outline, known.app, known.cube));
        namedMetadata.set(remote.outline, named);
        named.catch(() => namedMetadata.delete(remote.outline));
      }
      return named;
    };
    return {
      application: known.app,
      cube: known.cube,
      metadata,
      members: async (query) => queryMembers(await metadata(), query),
      mdx: async (text) => {
        const cube = await this.cube(session, ref);
        const { resolved } = this.resolved(session, cube.remote.aliasTables, {});
        const { client } = this.p.upstream(session);
        await this.preferences(session, resolved);
        const answer = await client.post<RestGrid>(`${cube.path}/grid/mdx`, { query: text });
        const read = sheetOf(answer);
        const result = read ? mdxResultOf(cube.remote.outline, answer, read) : null;
        if (!result) throw client.malformed(UNREADABLE.noReadableGrid(`${cube.path}/grid/mdx`));
        return olapCellSetOf(cube.remote.outline, cube.app, cube.cube, result);
      },
    };
  }

  /**
   * The metadata with each dimension's generation and level names as the server names them
   * (`…/dimensions/{dim}/generations` and `/levels`; a dimension whose names cannot be read keeps Essbase's
   * placeholders).
   */
  private async layerNamed(
    session: ProviderSession,
    path: string,
    metadata: OlapMetadata,
  ): Promise<OlapMetadata> {
    const { client } = this.p.upstream(session);
    const names = async (dimension: string, kind: "generations" | "levels") => {
      try {
        const answer = await client.get<{ items?: GenerationLevel[] }>(
          `${path}/dimensions/${enc(dimension)}/${kind}`,
        );
        return Object.fromEntries((answer.items ?? []).map((g) => [g.number, g.name]));
      } catch (e) {
        if (e instanceof ProviderError) return {};
        throw e;
      }
    };
    const dimensions = await Promise.all(
      metadata.dimensions.map(async (d) => ({
        ...d,
        generationNames: await names(d.name, "generations"),
        levelNames: await names(d.name, "levels"),
      })),
    );
    return { ...metadata, dimensions };
  }

  async save(session: ProviderSession, ref: CubeRef, input: SaveInput) {
    const sheet = gridRows(input.grid);
    const opened = await this.openGrid(session, ref, null, input, sheet);
    const { resolved, aliasTable } = opened;
    const cube: GridCube = { path: opened.cube.path, members: opened.cube.members, remote: opened.remote };
    const columns = sheet.reduce((w, r) => Math.max(w, r.length), 0);
    // Without `cells`, every data cell of the sheet is sent as changed: the local reading says which they are.
    const cells = input.cells ?? dataCellsOf(cube.remote.outline, sheet, resolved, aliasTable);
    // Only the cells the engine would write are sent: Essbase skips a Dynamic Calc or Label Only cell, and a text
    // that is not a number, without a word, so each is answered read-only or invalid here, as the demo does.
    const local = new Map(
      submitStatusesOf(cube.remote.outline, sheet, cells, resolved, aliasTable).map((c) => [
        c.row * columns + c.column,
        c.status,
      ]),
    );
    const dirty = [...local]
      .flatMap(([i, status]) => (status === "written" ? [i] : []))
      .sort((a, b) => a - b);
    // The submit writes and answers the grid in one request: lost, QiBates cannot tell whether it was written.
    const r = await this.post(session, cube, resolved, sheet, { action: "submit", dirty }).catch(
      (e: unknown) => {
        throw afterCellsWritten(e, CELLS_MAYBE_WRITTEN.grid);
      },
    );
    const missingLabel = resolved.missingLabel;
    const answered = gridAnswer(r);
    const written: Schemas["SubmittedCell"][] = (cells ?? []).map((c) => {
      const kind = r.kinds[c.row]?.[c.column];
      const planned = local.get(c.row * columns + c.column);
      const ok = planned === "written" && (kind === "data" || kind === "missing");
      const value = ok ? (r.grid[c.row]?.[c.column] ?? missingLabel) : String(sheet[c.row]?.[c.column] ?? "");
      // The local reading's status as the contract names it (`not-data` outside the data); a cell meant to be
      // written that the server did not take as data is `invalid`.
      const status: Schemas["SubmittedCell"]["status"] = ok
        ? "written"
        : planned === undefined || planned === "written"
          ? "invalid"
          : planned;
      return { row: c.row, column: c.column, status, value };
    });
    return valueAnswer({
      submitted: written.filter((c) => c.status === "written").length,
      cells: written,
      ...answered,
    });
  }
}

/** `DIMENSION_UNKNOWN`, as the outline calls refuse a dimension the cube lacks. */
function dimensionUnknown(name: string, cube: string): ProviderError {
  return new ProviderError(
    "DIMENSION_UNKNOWN",
    `Unknown dimension ${name}.`,
    { dimension: name, cube },
    "dimension",
  );
}

/** Members an answer shows, not read yet, past which the dimensions on its axes are read instead. */
const MANY_LABELS = 256;

/** A cube as a grid call posts to it: its grid path, its members read on demand, and their outline. */
interface GridCube {
  path: string;
  members: MembersOnDemand;
  remote: RemoteOutline;
}

/** Whether a cell of a REST grid's answer is a member (the server types each cell). */
function memberCell(read: { types: string[][] }) {
  return (row: number, column: number) => read.types[row]?.[column] === CELL_TYPE.member;
}

/** The outline of the members an answered sheet shows, read first when some were not yet. */
async function answerOutline(
  members: MembersOnDemand,
  read: { cells: string[][]; types: string[][] },
  s: ResolvedGridSettings,
): Promise<RemoteOutline> {
  await members.ensureLabels(labelsOf(read.cells, memberCell(read), s));
  return members.outline();
}
