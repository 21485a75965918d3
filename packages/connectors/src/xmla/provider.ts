import type { components } from "@qibates/client/schema";
import type { CellValue, Member } from "@qibates/engine";
import { runGridOperation } from "@qibates/engine/grid";
import { mdxGrid } from "@qibates/engine/mdx";
import {
  bracket,
  dataCellsOf,
  engineError,
  gridAnswer,
  layoutSource,
  type MembersOnDemand,
} from "@qibates/grid-bridge";
import type {
  ApplicationRef,
  CubeRef,
  EssbaseOperations,
  FilterInput,
  GridCall,
  LoginInput,
  MdxInput,
  Provider,
  ProviderSession,
  SaveInput,
  SearchInput,
} from "@qibates/provider";
import {
  afterCellsWritten,
  applicationUnknown,
  CELLS_MAYBE_WRITTEN,
  CELLS_WRITTEN_BEFORE_FAILURE,
  cubeUnknown,
  type GridAnswer,
  gridRows,
  ProviderError,
  serverUnknown,
  valueAnswer,
} from "@qibates/provider";
import { UNREADABLE } from "../net/unreadable.ts";
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
import { XmlaClient } from "./client.ts";
import { cellQueries, cellValue } from "./grid.ts";
import { mdxResultOfDataSet } from "./mdx.ts";
import { type XmlaMemberSource, xmlaMembers } from "./members.ts";
import { xmlaFilter, xmlaSearch } from "./selection.ts";

type Schemas = components["schemas"];

/**
 * The `ssas` connector: Microsoft Analysis Services (and any XMLA server) through XML for Analysis over HTTP.
 * The provider address (`…/aps/JAPI`) stands for an XMLA address: the one the `SSAS_XMLA_URLS` setting maps it
 * to, else `/olap/msmdpump.dll` on the same scheme, host and port. One XMLA session per QiBates session, HTTP
 * Basic on every request. Metadata through Discover (data sources → servers, catalogs → applications, cubes,
 * then each cube's dimensions and members once per session); every grid operation laid out by the engine over
 * that outline and its data read with one MDX `SELECT` (`grid.ts`); saves written back with `UPDATE CUBE`.
 */

export interface XmlaOptions extends RemoteProviderOptions {
  /** Provider address → XMLA address (`SSAS_XMLA_URLS`); addresses compared without case or trailing slash. */
  xmlaUrls?: ReadonlyMap<string, string>;
  /** How long a cube's outline read from the server is reused within one session. */
  outlineTtlMs?: number;
}

interface XmlaSession {
  client: XmlaClient;
  /** The data sources the server listed at login (`DataSourceName` → `DataSourceInfo`). */
  sources: { name: string; info: string }[];
  /** Each cube's members read as calls need them: grids and most metadata calls read only these. */
  members: CubeMembersCache<{
    app: string;
    cube: string;
    members: MembersOnDemand;
    source: XmlaMemberSource;
  }>;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A provider address as a key of the mapping: origin and path, lower case, without a trailing slash. */
export function addressKey(address: string | URL): string {
  const url = new URL(String(address));
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`.toLowerCase();
}

/** The XMLA address a provider address stands for: the mapping's, else `/olap/msmdpump.dll` on the same origin. */
export function xmlaUrlFor(address: string | URL, mapping?: ReadonlyMap<string, string>): URL {
  const mapped = mapping?.get(addressKey(address));
  return new URL(mapped ?? `${new URL(String(address)).origin}/olap/msmdpump.dll`);
}

export class XmlaProvider extends RemoteProvider<XmlaSession> implements Provider {
  readonly id = "xmla";
  readonly planning = null;
  readonly essbase: EssbaseOperations;

  constructor(private readonly options: XmlaOptions) {
    super(options, "XMLA");
    this.essbase = new XmlaOperations(this);
  }

  protected async open(input: LoginInput): Promise<XmlaSession> {
    const client = new XmlaClient(this.upstreams, xmlaUrlFor(input.address, this.options.xmlaUrls), input);
    const rows = await client.within(input.call).login();
    const sources = rows
      .filter((r) => r.DataSourceName)
      .map((r) => ({ name: r.DataSourceName as string, info: r.DataSourceInfo ?? "" }));
    if (sources.length === 0) sources.push({ name: client.url.hostname, info: "" });
    return {
      client,
      sources,
      members: new CubeMembersCache(this.options.outlineTtlMs),
    };
  }

  /** The `DataSourceInfo` and `Catalog` properties of requests about `server` and `catalog`. */
  properties(session: ProviderSession, server: string, catalog?: string): Record<string, string | undefined> {
    const s = this.upstream(session);
    const source = s.sources.find((d) => same(d.name, server));
    if (!source) throw serverUnknown(server);
    return { DataSourceInfo: source.info || undefined, Catalog: catalog };
  }

  async servers(session: ProviderSession) {
    return { servers: this.upstream(session).sources.map((d) => ({ name: d.name })) };
  }

  private async catalogs(session: ProviderSession, server: string): Promise<string[]> {
    const props = this.properties(session, server);
    const rows = await this.upstream(session).client.discover("DBSCHEMA_CATALOGS", {}, props);
    return rows.map((r) => r.CATALOG_NAME).filter((n): n is string => !!n);
  }

  async applications(session: ProviderSession, server: string, sort: boolean) {
    const names = await this.catalogs(session, server);
    if (sort) names.sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    const real = this.upstream(session).sources.find((d) => same(d.name, server))?.name ?? server;
    return { server: real, applications: names.map((name) => ({ name })) };
  }

  /** The catalog's real name and its cubes (dimension cubes left out), or `APPLICATION_UNKNOWN`. */
  async cubeNames(session: ProviderSession, ref: ApplicationRef): Promise<{ app: string; cubes: string[] }> {
    const client = this.upstream(session).client;
    // The cubes of the catalog as the caller spells it are asked while the catalogs are listed (one round, not
    // two); that answer is kept only when the caller spelt the name as the server does, the request then
    // being the one the catalogs' answer would have led to.
    const asSpelt = client.discover(
      "MDSCHEMA_CUBES",
      { CATALOG_NAME: ref.application },
      this.properties(session, ref.server, ref.application),
    );
    asSpelt.catch(() => undefined);
    const app = (await this.catalogs(session, ref.server)).find((n) => same(n, ref.application));
    if (!app) {
      throw applicationUnknown(ref.application, ref.server);
    }
    const rows =
      app === ref.application
        ? await asSpelt
        : await client.discover(
            "MDSCHEMA_CUBES",
            { CATALOG_NAME: app },
            this.properties(session, ref.server, app),
          );
    const cubes = rows
      .filter((r) => r.CUBE_NAME && (r.CUBE_TYPE ?? "CUBE").toUpperCase() === "CUBE")
      .map((r) => r.CUBE_NAME as string);
    return { app, cubes };
  }

  async cubes(session: ProviderSession, ref: ApplicationRef) {
    const { app, cubes } = await this.cubeNames(session, ref);
    return cubeList(ref.server, app, cubes);
  }

  /** The cube's real names and the members of it read so far in the session. */
  async cubeMembers(session: ProviderSession, ref: CubeRef) {
    // Kept beyond the call: its reads are made within the context of the call that reads through it.
    const s = this.unboundUpstream(session);
    const { app, cube, members, source } = await s.members.get(ref, session.call, async (call) => {
      const { app, cube } = await this.realCube({ ...session, call }, ref);
      const properties = this.properties(session, ref.server, app);
      const source = xmlaMembers(s.client, properties, app, cube);
      return { app, cube, members: membersOnDemand(source, `${app}.${cube}`, s.client), source };
    });
    return { app, cube, members, source, properties: this.properties(session, ref.server, app) };
  }

  /** The cube's real names on the server, or `CUBE_UNKNOWN`. */
  private async realCube(session: ProviderSession, ref: CubeRef) {
    const { app, cubes } = await this.cubeNames(session, ref);
    const cube = cubes.find((c) => same(c, ref.cube));
    if (!cube) {
      throw cubeUnknown(ref.cube, app);
    }
    return { app, cube };
  }
}

/** A cube as an XMLA grid call opens it: its real names, its members read so far, and its requests' properties. */
interface XmlaCube {
  app: string;
  cube: string;
  members: MembersOnDemand;
  source: XmlaMemberSource;
  properties: Record<string, string | undefined>;
}

class XmlaOperations extends RemoteGridOperations<XmlaCube> implements EssbaseOperations {
  constructor(private readonly p: XmlaProvider) {
    super();
  }

  protected cubeMembers(session: ProviderSession, ref: CubeRef): Promise<XmlaCube> {
    return this.p.cubeMembers(session, ref);
  }

  protected cubeName(cube: XmlaCube): string {
    return cube.cube;
  }

  /**
   * Member selection asked of the server in one MDX `Execute` (`selection.ts`), never by reading the dimension;
   * what the server cannot be asked so (a UDA filter, a dimension with several tops) by the outline read.
   */
  override async filterMembers(session: ProviderSession, ref: CubeRef, input: FilterInput) {
    const cube = await this.cubeMembers(session, ref);
    const answer = await xmlaFilter(this.p.upstream(session).client, cube, input);
    return answer ?? super.filterMembers(session, ref, input);
  }

  override async searchMembers(session: ProviderSession, ref: CubeRef, input: SearchInput) {
    const cube = await this.cubeMembers(session, ref);
    const answer = await xmlaSearch(this.p.upstream(session).client, cube, input);
    return answer ?? super.searchMembers(session, ref, input);
  }

  async variables(session: ProviderSession): ReturnType<EssbaseOperations["variables"]> {
    throw missing(session.connector, "variables", "nav/variables");
  }

  async setVariable(session: ProviderSession): ReturnType<EssbaseOperations["setVariable"]> {
    throw missing(session.connector, "variablesSet", "action/setvariable");
  }

  async scripts(session: ProviderSession): Promise<Schemas["ScriptList"]> {
    throw missing(session.connector, "calcScripts", "nav/scripts");
  }

  async calculate(session: ProviderSession): Promise<Schemas["CalculateResponse"]> {
    throw missing(session.connector, "calcScripts", "action/calculate");
  }

  /**
   * Reads `tuples` with MDX `SELECT`s of at most 64 KiB each (`cellQueries`: tiles of the grid's columns and
   * rows on two axes, or the tuples on one), one after the other; value i is tuple i's.
   */
  private async read(session: ProviderSession, grid: OpenedGrid<XmlaCube>, tuples: Member[][]) {
    const { cube, properties } = grid.cube;
    const client = this.p.upstream(session).client;
    const values: (CellValue | "noaccess")[] = new Array(tuples.length).fill(null);
    for (const { statement, cells, axes } of cellQueries(grid.remote, cube, tuples)) {
      const data = await client.execute(statement, properties);
      if (data.axes.length !== axes.length || data.axes.some((a, k) => a.length !== axes[k])) {
        const read = data.axes.length === 0 ? 0 : data.axes.reduce((n, a) => n * a.length, 1);
        throw client.malformed(UNREADABLE.columnTuples(read, cells.length));
      }
      cells.forEach((t, i) => {
        values[t] = cellValue(data, i);
      });
    }
    return values;
  }

  /** Laid out by the engine over the members read, its cells read with MDX `SELECT`s (`read`). */
  protected operate(session: ProviderSession, grid: OpenedGrid<XmlaCube>, call: GridCall) {
    return engineGrid(grid, call, (t) => this.read(session, grid, t));
  }

  /** Essbase's default grid of the cube (first dimension down, second across, the rest in the POV). */
  protected initialGrid(session: ProviderSession, grid: OpenedGrid<XmlaCube>) {
    return engineDefaultGrid(grid, (t) => this.read(session, grid, t));
  }

  /**
   * The query sent as it is in one `Execute`; the multidimensional answer read back as an MDX result
   * (`./mdx.ts`) and laid out by the engine as the demo lays out its own. The server's refusals (an MDX
   * error among them) come back as `PROVIDER_FAILED` with the server's own description.
   */
  async mdx(session: ProviderSession, ref: CubeRef, input: MdxInput) {
    const cube = await this.p.cubeMembers(session, ref);
    const { aliasTables } = await cube.members.dimensions();
    const { resolved } = await this.gridSettings(session, ref, aliasTables, input, []);
    const client = this.p.upstream(session).client;
    const data = await client.execute(input.query, cube.properties);
    // The members the answer names are read (with their ancestors) before it is read: a unique name the server
    // does not know is one of the query's calculated members.
    await cube.members.ensureUniqueNames([
      ...data.axes.flatMap((tuples) => tuples.flatMap((t) => t.map((m) => m.uniqueName))),
      ...data.slicer.map((m) => m.uniqueName),
    ]);
    const remote = await cube.members.outline();
    const result = mdxResultOfDataSet(remote, data, input.query);
    if (!result) throw client.malformed(UNREADABLE.memberOfNoDimension());
    try {
      return valueAnswer(gridAnswer(mdxGrid(layoutSource(remote.outline), result, resolved, input.maxCells)));
    } catch (e) {
      engineError(e);
    }
  }

  /**
   * The cells the engine would write (statuses checked with the outline's write rule), sent as one
   * `UPDATE CUBE … SET (tuple) = value, …`; then the sheet read back. A server that refuses the statement
   * answers the typed unsupported error, its own message as the reason.
   */
  async save(
    session: ProviderSession,
    ref: CubeRef,
    input: SaveInput,
  ): Promise<GridAnswer<Schemas["SaveResponse"]>> {
    // A grid left as the request's text is parsed here, once.
    const sheet = input.grid ? gridRows(input.grid) : [];
    const { resolved, aliasTable, remote, cube } = await this.openGrid(session, ref, null, input, sheet);
    const outline = remote.outline;
    const cells = input.cells ?? dataCellsOf(outline, sheet, resolved, aliasTable);
    const writes: { tuple: Member[]; value: number | null }[] = [];
    let submitted: ReturnType<typeof runGridOperation>;
    try {
      submitted = runGridOperation(
        {
          ...layoutSource(outline),
          write: (tuple, value) => {
            writes.push({ tuple: [...tuple], value });
          },
        },
        { action: "submit", grid: sheet, dirtyCells: cells, settings: resolved, aliasTable },
      );
    } catch (e) {
      engineError(e);
    }
    if (writes.length > 0) {
      const name = (m: Member) => remote.uniqueName(m);
      const sets = writes.map(
        (w) => `(${w.tuple.map(name).join(", ")}) = ${w.value === null ? "NULL" : String(w.value)}`,
      );
      const statement = `UPDATE CUBE ${bracket(cube.cube)} SET ${sets.join(", ")}`;
      try {
        await this.p.upstream(session).client.execute(statement, cube.properties);
      } catch (e) {
        if (e instanceof ProviderError && e.code === "PROVIDER_FAILED") {
          // The server's reason goes with the refusal, in the registry's message, in both languages.
          const reason = String(e.params?.reason ?? e.message);
          throw missing(session.connector, "writeBack", "action/save", {
            because: "serverRefused",
            values: { reason },
          });
        }
        // Lost after it was sent, the statement may have been applied: QiBates cannot tell.
        throw afterCellsWritten(e, CELLS_MAYBE_WRITTEN.grid);
      }
    }
    // Once UPDATE CUBE is answered the cells are written: a server lost while they are read back says so.
    const answered = await this.gridValue(session, ref, {
      action: "refresh",
      input: { ...input, grid: sheet },
    }).catch((e: unknown) => {
      throw writes.length > 0 ? afterCellsWritten(e, CELLS_WRITTEN_BEFORE_FAILURE.grid) : e;
    });
    const missingLabel = resolved.missingLabel;
    const statusOf = new Map((submitted.cellStatus ?? []).map((c) => [`${c.row},${c.column}`, c]));
    const written: Schemas["SubmittedCell"][] = cells.map((c) => {
      const s = statusOf.get(`${c.row},${c.column}`);
      // The engine's status as the contract names it (a listed cell outside the data is `not-data`).
      const status: Schemas["SubmittedCell"]["status"] = s?.status ?? "invalid";
      const value =
        status === "written"
          ? s?.value === null || s?.value === undefined
            ? missingLabel
            : String(s.value)
          : String(sheet[c.row]?.[c.column] ?? "");
      return { row: c.row, column: c.column, status, value };
    });
    return valueAnswer({
      submitted: written.filter((c) => c.status === "written").length,
      cells: written,
      ...answered,
    });
  }
}
