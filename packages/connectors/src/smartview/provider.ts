import type { components } from "@qibates/client/schema";
import type { Member } from "@qibates/engine";
import { formatValue, resolveSettings } from "@qibates/engine/grid";
import type { MdxOutline } from "@qibates/grid-bridge";
import {
  engineSettings,
  ensureSheetMembers,
  knownAliasTable,
  type MembersOnDemand,
  memberInfo,
  remoteAliasTable,
  remoteDimension,
  remoteFilter,
} from "@qibates/grid-bridge";
import type {
  ApplicationRef,
  CubeRef,
  EssbaseOperations,
  FilterInput,
  GridCall,
  GridInput,
  LoginInput,
  MdxInput,
  Provider,
  ProviderSession,
  SearchInput,
} from "@qibates/provider";
import {
  applicationUnknown,
  cubeUnknown,
  type GridAnswer,
  ProviderError,
  scriptStillRunning,
  serverUnknown,
  valueAnswer,
} from "@qibates/provider";
import { UNREADABLE } from "../net/unreadable.ts";
import { withinOneReadTimeout } from "../net/upstream.ts";
import {
  engineDefaultGrid,
  engineGrid,
  type OpenedGrid,
  RemoteGridOperations,
} from "../remote/grid-operations.ts";
import { CubeMembersCache, membersOnDemand } from "../remote/members.ts";
import { cubeList } from "../remote/outline-operations.ts";
import { RemoteProvider, type RemoteProviderOptions } from "../remote/provider-base.ts";
import { missing } from "../remote/unsupported.ts";
import { leaf, SmartViewClient, svChild, svList } from "./client.ts";
import {
  cellOf,
  cellQuery,
  defaultGridBody,
  ESS_INDENT,
  executeQueryBody,
  readGrid,
  refreshBody,
  type SvGrid,
  sheetOf,
} from "./grid.ts";
import { smartViewMembers, withinOneBudget } from "./members.ts";
import { enumMembers } from "./outline.ts";
import { filterFromServer, searchFromServer, startLists } from "./selection.ts";

type Schemas = components["schemas"];

/**
 * The `essbase` connector: Essbase 11.x through Provider Services, with Smart View's XML provider protocol at
 * `…/aps/SmartView` (the provider address ends with `/aps/JAPI`, Java API's address on the same server).
 * Only the messages public captures show are sent (see `client.ts`, `grid.ts`, `outline.ts`): servers,
 * applications and cubes (`ListServers`, `ListApplications`, `ListCubes`); the cube's members read as calls
 * need them and kept for the session (`members.ts`: `EnumAliasTables`, `EnumDims`, `EnumMembers`,
 * `ExecuteQuery`), never the whole outline; trees, member filters and search over the dimension they
 * are about (the UDA filter asked of the server: the members read carry no UDAs); calc scripts as business rules
 * (`EnumBusinessRules`, `LaunchBusinessRule`); every ad hoc grid operation laid out by the engine over the
 * members its sheet names (and those the operation needs), its data read with one `Refresh` per answer; MDX
 * sent as it is (`ExecuteQuery`). No capture
 * shows a write-back answer, substitution variables or member properties: those answer the typed error.
 */

export interface SmartViewProviderOptions extends RemoteProviderOptions {
  /** How long the members of a cube read from the server are reused within one session. */
  outlineTtlMs?: number;
  /**
   * How long a calculation script is waited for (CALC_JOB_TIMEOUT_SECONDS): `LaunchBusinessRule` answers only
   * when the script has run. Unset, the read timeout of every call.
   */
  jobTimeoutMs?: number;
}

interface SvSession {
  client: SmartViewClient;
  /** Each cube's members read as calls need them: grids and most metadata calls read only these. */
  members: CubeMembersCache<{ ref: CubeRef; members: MembersOnDemand }>;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The Smart View address a provider address stands for: `…/aps/JAPI` → `…/aps/SmartView`. */
export function smartViewUrlFor(address: string | URL): URL {
  const url = new URL(String(address));
  url.pathname = url.pathname.replace(/\/aps\/japi\/?$/i, "/aps/SmartView");
  url.search = "";
  url.hash = "";
  return url;
}

export class SmartViewProvider extends RemoteProvider<SvSession> implements Provider {
  readonly id = "smartview";
  readonly planning = null;
  readonly essbase: EssbaseOperations;

  constructor(private readonly options: SmartViewProviderOptions) {
    super(options, "Smart View");
    this.essbase = new SmartViewOperations(this);
  }

  protected async open(input: LoginInput): Promise<SvSession> {
    const client = new SmartViewClient(this.upstreams, smartViewUrlFor(input.address), input);
    await client.within(input.call).connect();
    return {
      client,
      members: new CubeMembersCache(this.options.outlineTtlMs),
    };
  }

  client(session: ProviderSession): SmartViewClient {
    return this.upstream(session).client;
  }

  /** How long a calculation script is waited for (CALC_JOB_TIMEOUT_SECONDS), when set. */
  get jobTimeoutMs(): number | undefined {
    return this.options.jobTimeoutMs;
  }

  async servers(session: ProviderSession) {
    const answer = await this.client(session).call("ListServers", "");
    return {
      servers: svList(answer, "srvs")
        .filter((n) => n !== "")
        .map((name) => ({ name })),
    };
  }

  private async serverName(session: ProviderSession, server: string): Promise<string> {
    const { servers } = await this.servers(session);
    const found = servers.find((s) => same(s.name, server));
    if (!found) throw serverUnknown(server);
    return found.name;
  }

  async applications(session: ProviderSession, server: string, sort: boolean) {
    const real = await this.serverName(session, server);
    const answer = await this.client(session).call(
      "ListApplications",
      [leaf("srv", real), leaf("type", ""), leaf("url", "")].join("\n"),
    );
    const names = svList(answer, "apps").filter((n) => n !== "");
    if (sort) names.sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    return { server: real, applications: names.map((name) => ({ name })) };
  }

  /** The real server, application and cube names, or the `…_UNKNOWN` error of the first one not found. */
  async resolve(session: ProviderSession, ref: ApplicationRef & { cube?: string }) {
    const { server, applications } = await this.applications(session, ref.server, false);
    const app = applications.find((a) => same(a.name, ref.application))?.name;
    if (!app) {
      throw applicationUnknown(ref.application, server);
    }
    const answer = await this.client(session).call(
      "ListCubes",
      [leaf("srv", server), leaf("app", app)].join("\n"),
    );
    const cubes = svList(answer, "cubes").filter((n) => n !== "");
    let cube = "";
    if (ref.cube !== undefined) {
      cube = cubes.find((c) => same(c, ref.cube as string)) ?? "";
      if (!cube) {
        throw cubeUnknown(ref.cube, app);
      }
    }
    return { server, application: app, cube, cubes };
  }

  /**
   * The real names of a cube read once it is open: `ListCubes` sent as a read of the cube as the caller spelt it
   * (`OpenApplication` and `OpenCube` first, then the list beside the session's other first reads: Essbase's names
   * are not case-sensitive, so the cube opens whatever the spelling). When the opening or the list is refused, or
   * the list lacks the cube, {@link SmartViewProvider.resolve}'s three lists say which name is unknown; the
   * server's refusal stands when every name is known.
   */
  async cubeNames(session: ProviderSession, ref: CubeRef): Promise<CubeRef> {
    let cubes: string[];
    try {
      const answer = await this.client(session).read(
        "ListCubes",
        [leaf("srv", ref.server), leaf("app", ref.application)].join("\n"),
        ref,
      );
      cubes = svList(answer, "cubes").filter((n) => n !== "");
    } catch (e) {
      if (!(e instanceof ProviderError) || e.code !== "PROVIDER_FAILED") throw e;
      await this.resolve(session, ref);
      throw e;
    }
    const cube = cubes.find((c) => same(c, ref.cube));
    if (!cube) {
      const r = await this.resolve(session, ref);
      return { server: r.server, application: r.application, cube: r.cube };
    }
    return { server: ref.server, application: ref.application, cube };
  }

  async cubes(session: ProviderSession, ref: ApplicationRef) {
    const r = await this.resolve(session, ref);
    return cubeList(r.server, r.application, r.cubes);
  }

  /** The cube's real names and the members of it read so far in the session. */
  async cubeMembers(
    session: ProviderSession,
    ref: CubeRef,
  ): Promise<{ ref: CubeRef; members: MembersOnDemand }> {
    // Kept beyond the call: its reads are made within the context of the call that reads through it.
    const { client, members } = this.unboundUpstream(session);
    return members.get(ref, session.call, async (call) => {
      // The cube is opened as the caller spelt it; its list (for its own spelling), the dimensions and whatever
      // the call asks next are then read side by side in the round after OpenCube (`cubeNames`), not the list
      // first, then the opening, then the rest. The names are the caller's until the list has answered (the same
      // cube: the server's names are not case-sensitive).
      const opened = membersOnDemand(smartViewMembers(client, ref), `${ref.application}.${ref.cube}`, client);
      const names = this.cubeNames({ ...session, call }, ref);
      const dims = opened.dimensions();
      dims.catch(() => undefined);
      const shown: CubeRef = { ...ref };
      const known = names.then((real) => Object.assign(shown, real));
      known.catch(() => undefined);
      // An opening refused: the list's fallback says which name is unknown.
      await client
        .within(call)
        .whenOpen(ref)
        .catch(() => known);
      return { ref: shown, members: opened };
    });
  }
}

/** A cube as a Smart View grid call opens it: its real names and the members of it read so far. */
interface SvCube {
  ref: CubeRef;
  members: MembersOnDemand;
}

class SmartViewOperations extends RemoteGridOperations<SvCube> implements EssbaseOperations {
  constructor(private readonly p: SmartViewProvider) {
    super();
  }

  protected cubeMembers(session: ProviderSession, ref: CubeRef): Promise<SvCube> {
    return this.p.cubeMembers(session, ref);
  }

  protected cubeName(cube: SvCube): string {
    return cube.ref.cube;
  }

  /**
   * Asked of the server in one round (`selection.ts`): the members the filter chooses, never the dimension. A
   * UDA filter, or an argument the engine refuses in its own words, goes over the dimension's members read (the
   * UDA filter asked of the server: the members read carry no UDAs).
   */
  override async filterMembers(session: ProviderSession, ref: CubeRef, input: FilterInput) {
    const client = this.p.client(session);
    const asked = await withinOneBudget(client, async () => {
      const { ref: real, members } = await this.p.cubeMembers(session, ref);
      return filterFromServer(client, real, members, input);
    });
    if (asked) return asked;
    const { remote } = await this.openedFor(session, ref, input.dimension);
    const { ref: real } = await this.p.cubeMembers(session, ref);
    if (input.filter !== "UDA") return remoteFilter(remote, real.cube, input);
    // The members read carry no UDAs: the server applies its UDA filter (`UDA(dimension, "uda")`).
    const table = remoteAliasTable(remote, input.aliasTable, "aliastable");
    const dim = remoteDimension(remote, input.dimension, real.cube, "dimension");
    const uda = String(input.arg1 ?? "");
    const names = await enumMembers(this.p.client(session), real, dim.name, "UDA", [dim.name, `"${uda}"`]);
    const members = names
      .map((n) => remote.outline.resolve(n, table))
      .filter((m): m is Member => !!m && m.dimension === dim);
    return {
      dimension: input.dimension,
      filter: input.filter,
      arg1: input.arg1 ?? null,
      members: members.map((m) => memberInfo(m, table)),
    };
  }

  /**
   * Asked of the server (`selection.ts`), never by reading the dimension: a search by name in one round
   * (`IsMatch`), a search of aliases by two lists of the dimension and one query of the page; a keyword or an
   * answer that path does not take goes over the dimension's members read.
   */
  override async searchMembers(session: ProviderSession, ref: CubeRef, input: SearchInput) {
    const client = this.p.client(session);
    const asked = await withinOneBudget(client, async () => {
      const opening = this.p.cubeMembers(session, ref);
      // A search of aliases in a named dimension lists it in the round of the dimensions (`startLists`), the
      // cube as the caller spelt it (the cube opened for the members is that one).
      const early =
        input.searchIn !== "NAME" && input.dimension !== null
          ? startLists(client, ref, input.dimension, input.aliasTable || "Default")
          : null;
      const { ref: real, members } = await opening;
      return searchFromServer(client, real, members, input, early);
    });
    return asked ?? super.searchMembers(session, ref, input);
  }

  async variables(session: ProviderSession): ReturnType<EssbaseOperations["variables"]> {
    throw missing(session.connector, "variables", "nav/variables");
  }

  async setVariable(session: ProviderSession): ReturnType<EssbaseOperations["setVariable"]> {
    throw missing(session.connector, "variablesSet", "action/setvariable");
  }

  override async memberUdas(session: ProviderSession): Promise<Record<string, readonly string[]>> {
    throw missing(session.connector, "metadata", "member UDAs", { because: "memberUdas" });
  }

  async scripts(session: ProviderSession, ref: CubeRef): Promise<Schemas["ScriptList"]> {
    const names = await this.scriptNames(session, await this.realCube(session, ref));
    return {
      cube: ref.cube,
      scripts: names.sort((a, b) => a.localeCompare(b)).map((name) => ({ name, description: null })),
    };
  }

  /**
   * The cube's real names, from the server's lists alone: scripts need no outline, so a calculation does not read
   * one first (on a session's first call, that is one call per dimension and level, each on a slow link).
   */
  private async realCube(session: ProviderSession, ref: CubeRef): Promise<CubeRef> {
    const { server, application, cube } = await this.p.resolve(session, ref);
    return { server, application, cube };
  }

  private async scriptNames(session: ProviderSession, real: CubeRef): Promise<string[]> {
    const answer = await this.p
      .client(session)
      .call("EnumBusinessRules", [leaf("cube", real.cube), leaf("runOnSave", 0)].join("\n"), real);
    return (svChild(answer, "rules")?.children ?? []).filter((r) => r.name === "rule").map((r) => r.text);
  }

  async calculate(
    session: ProviderSession,
    ref: CubeRef,
    script: string,
  ): Promise<Schemas["CalculateResponse"]> {
    // The calls that find the script share one PROVIDER_READ_TIMEOUT_SECONDS (`withinOneReadTimeout`): with the
    // launch's own wait, the call lasts at most CALC_JOB_TIMEOUT_SECONDS + PROVIDER_READ_TIMEOUT_SECONDS (and the
    // connect timeout), however slowly the server responds to each.
    const finding = { ...session, call: withinOneReadTimeout(session.call) };
    const real = await this.realCube(finding, ref);
    const name = (await this.scriptNames(finding, real)).find((s) => same(s, script));
    if (!name) {
      throw new ProviderError(
        "SCRIPT_UNKNOWN",
        `Unknown calculation script ${script}.`,
        { script, cube: real.cube },
        "action.script",
      );
    }
    const started = Date.now();
    const waitMs = this.p.jobTimeoutMs;
    try {
      await this.p
        .client(session)
        .call(
          "LaunchBusinessRule",
          [
            leaf("cube", real.cube),
            `<rule type="type">${name.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</rule>`,
            "<prompts/>",
          ].join("\n"),
          real,
          waitMs,
        );
    } catch (e) {
      if (e instanceof ProviderError && e.code === "PROVIDER_FAILED") {
        throw new ProviderError("CALC_FAILED", `${name}: ${e.message}`, {
          script: name,
          reason: e.params?.reason ?? e.message,
        });
      }
      // No answer within the wait: the server is still running the script (it answers only when it ends). Told
      // by the wait's own timer (`answerWaitEnded`), which ends at the wait and never before it.
      if (waitMs !== undefined && e instanceof ProviderError && e.answerWaitEnded === true) {
        const reason = scriptStillRunning(Math.round(waitMs / 1000));
        throw new ProviderError("CALC_FAILED", `The calculation ${name} was ${reason.en}.`, {
          script: name,
          reason,
        });
      }
      throw e;
    }
    return { script, status: "completed", durationMs: Date.now() - started };
  }

  /**
   * Reads `tuples` with one `Refresh` of a grid holding them (cell i is tuple i), Smart View's own message
   * for reading a sheet's data (agardiner/SmartView `refresh`, whose answer's grid it parses).
   */
  private async read(session: ProviderSession, real: CubeRef, remote: MdxOutline, tuples: Member[][]) {
    const q = cellQuery(remote, tuples);
    const answer = await this.p.client(session).call("Refresh", refreshBody(q.refreshGrid()), real);
    const g = readGrid(answer);
    if (!g) throw this.p.client(session).malformed(UNREADABLE.noGrid("Refresh"));
    return q.valuesOf(g);
  }

  /**
   * The server's default grid (`GetDefaultPOV`, then `GetDefaultGrid` with that POV, as agardiner/SmartView's
   * `open_app` and `default_grid` do) as a sheet; `null` when the server answers neither.
   */
  private async defaultSheet(session: ProviderSession, real: CubeRef): Promise<string[][] | null> {
    const client = this.p.client(session);
    try {
      const pov = await client.call(
        "GetDefaultPOV",
        [leaf("getAtts", 0), leaf("alsTbl", "none")].join("\n"),
        real,
      );
      const dims = svList(pov, "dims");
      const mbrs = svList(pov, "mbrs");
      const background = dims.map((dimension, i) => ({ dimension, member: mbrs[i] ?? dimension }));
      const g = readGrid(await client.call("GetDefaultGrid", defaultGridBody(background), real));
      return g && g.height > 0 ? sheetOf(g) : null;
    } catch (e) {
      if (e instanceof ProviderError && e.code === "PROVIDER_FAILED") return null;
      throw e;
    }
  }

  /** A grid call's reads share one budget of list answers (`withinOneBudget`). */
  protected override withinCall<T>(session: ProviderSession, work: () => Promise<T>): Promise<T> {
    return withinOneBudget(this.p.client(session), work);
  }

  /** Over the members the sheet names, its cells read with one `Refresh` (`read`). */
  protected operate(session: ProviderSession, grid: OpenedGrid<SvCube>, call: GridCall) {
    return engineGrid(grid, call, (t) => this.read(session, grid.cube.ref, grid.remote, t));
  }

  /**
   * The server's default grid as the sheet of a refresh; the engine's default grid (the dimensions' tops) when the
   * server answers none.
   */
  protected async initialGrid(session: ProviderSession, grid: OpenedGrid<SvCube>, call: GridCall) {
    const { ref: real, members } = grid.cube;
    const sheet = await this.defaultSheet(session, real);
    if (!sheet) return engineDefaultGrid(grid, (t) => this.read(session, real, grid.remote, t));
    await ensureSheetMembers(members, sheet, grid.resolved);
    const remote = await members.outline();
    return engineGrid(
      { ...grid, remote },
      { action: "refresh", input: { ...call.input, grid: sheet } },
      (t) => this.read(session, real, remote, t),
    );
  }

  /** The query sent as it is (`ExecuteQuery`), its answer's grid read back as the API's grid. */
  async mdx(
    session: ProviderSession,
    ref: CubeRef,
    input: MdxInput,
  ): Promise<GridAnswer<Schemas["GridResponse"]>> {
    const { ref: real, members } = await this.p.cubeMembers(session, ref);
    const { settings, aliasTable } = engineSettings(input as Partial<GridInput>);
    if (aliasTable)
      knownAliasTable((await members.dimensions()).aliasTables, aliasTable, "settings.aliasTable");
    const answer = await this.p
      .client(session)
      .call(
        "ExecuteQuery",
        executeQueryBody(
          input.query,
          aliasTable,
          ESS_INDENT[resolveSettings(settings, aliasTable).indentation],
        ),
        real,
      );
    const g = readGrid(answer);
    if (!g) throw this.p.client(session).malformed(UNREADABLE.noGrid("ExecuteQuery"));
    const cells = g.width * g.height;
    if (input.maxCells !== undefined && cells > input.maxCells) {
      throw new ProviderError(
        "GRID_TOO_LARGE",
        `The answer has ${cells} cells.`,
        { cells, max: input.maxCells },
        "query",
      );
    }
    // The slicer's members are shown by their aliases: only they are read, not the outline.
    const slicer = g.pov.filter((p) => !same(p.member, p.dimension)).map((p) => p.member);
    if (aliasTable && slicer.length > 0)
      await withinOneBudget(this.p.client(session), () => members.ensureLabels(slicer));
    const remote = await members.outline();
    return valueAnswer(mdxAnswer(g, remote, aliasTable, settings.missingLabel ?? "#Missing"));
  }

  async save(session: ProviderSession): Promise<GridAnswer<Schemas["SaveResponse"]>> {
    throw missing(session.connector, "writeBack", "action/save");
  }
}

/**
 * A Smart View grid as the API's grid: a POV row first with the POV members other than a dimension's top
 * (the slicer, when the query has one), then the slice as the server laid it out (its member labels as they
 * came), missing cells written with the caller's missing label.
 */
function mdxAnswer(
  g: SvGrid,
  remote: MdxOutline,
  aliasTable: string | null,
  missingLabel: string,
): Schemas["GridResponse"] {
  const label = (dimension: string, member: string) => {
    const m = remote.outline.resolve(member, "Default") ?? remote.outline.dimension(dimension)?.root;
    return (aliasTable && m?.alias(aliasTable)) || member;
  };
  const slicer = g.pov.filter((p) => !same(p.member, p.dimension));
  const pov = Object.fromEntries(slicer.map((p) => [p.dimension, p.member]));
  const grid: (string | number)[][] = [];
  const kinds: Schemas["CellKind"][][] = [];
  const top = g.columns.length;
  const left = g.rows.length;
  // The POV row starts after the row headers' columns, as the engine lays it out.
  const width = Math.max(g.width, left + slicer.length);
  if (slicer.length > 0) {
    const povRow: string[] = new Array(width).fill("");
    const povKinds: Schemas["CellKind"][] = new Array(width).fill("blank");
    for (let c = 0; c < left; c++) povKinds[c] = "corner";
    slicer.forEach((p, i) => {
      povRow[left + i] = label(p.dimension, p.member);
      povKinds[left + i] = "pov";
    });
    grid.push(povRow);
    kinds.push(povKinds);
  }
  for (let r = 0; r < g.height; r++) {
    const row: (string | number)[] = [];
    const kind: Schemas["CellKind"][] = [];
    for (let c = 0; c < width; c++) {
      const i = r * g.width + c;
      if (c >= g.width) {
        row.push("");
        kind.push("blank");
        continue;
      }
      const type = g.types[i];
      if (type === 2) {
        const v = cellOf(g, i);
        if (v === null) {
          row.push(missingLabel);
          kind.push("missing");
        } else if (v === "noaccess") {
          row.push(g.vals[i] ?? "");
          kind.push("no-access");
        } else {
          row.push(formatValue(v));
          kind.push("data");
        }
      } else if (type === 0) {
        // Labels as the server wrote them, indentation included.
        row.push(g.vals[i] ?? "");
        kind.push(r < top ? "column-header" : "row-header");
      } else {
        row.push("");
        kind.push(r < top && c < left ? "corner" : "blank");
      }
    }
    grid.push(row);
    kinds.push(kind);
  }
  return {
    grid: grid as Schemas["Grid"],
    cellKinds: kinds,
    layout: {
      pov,
      rowDimensions: g.rows,
      columnDimensions: g.columns,
      headerRows: top + (slicer.length > 0 ? 1 : 0),
      leftColumns: left,
    },
    rangesToDelete: [],
    rangeToDelete: null,
  };
}
