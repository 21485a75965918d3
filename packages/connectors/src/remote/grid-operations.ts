import type { components } from "@qibates/client/schema";
import type { CellValue, Member } from "@qibates/engine";
import {
  type GridResponse,
  initialGrid,
  type ResolvedGridSettings,
  resolveSettings,
} from "@qibates/engine/grid";
import {
  engineError,
  engineSettings,
  ensureGridOperation,
  ensureSheetMembers,
  gridAnswer,
  gridOverServer,
  gridRequestOf,
  knownAliasTable,
  layoutSource,
  type MdxOutline,
  type MembersOnDemand,
} from "@qibates/grid-bridge";
import type { CubeRef, GridCall, GridInput, ProviderSession } from "@qibates/provider";
import { type GridAnswer, gridIsEmpty, gridRows, valueAnswer } from "@qibates/provider";
import { RemoteOutlineOperations } from "./outline-operations.ts";
import { missing } from "./unsupported.ts";

type Schemas = components["schemas"];

/** A sheet as the caller sent it, parsed: its rows of cells. */
export type Sheet = readonly (readonly unknown[])[];

/** A grid call's settings as the engine reads them, and the alias table its labels are in. */
export interface GridCallSettings {
  resolved: ResolvedGridSettings;
  aliasTable: string | null;
}

/** A cube as a connector opens it for a grid call: what the connector needs of it, with its members on demand. */
export interface GridCubeBase {
  members: MembersOnDemand;
}

/**
 * A grid call's cube once its checks passed: the connector's cube, the call's settings, the sheet sent (empty
 * when none) and the outline of the members read for it (the sheet's, and those its operation needs).
 */
export interface OpenedGrid<C extends GridCubeBase> extends GridCallSettings {
  cube: C;
  sheet: Sheet;
  remote: MdxOutline;
}

/** Reads the values of cells, value i being tuple i's, from the server. */
export type CellReader = (tuples: Member[][]) => Promise<(CellValue | "noaccess")[]>;

/**
 * The ad hoc grid of the remote providers of the Essbase family (Smart View, XMLA, Essbase REST), written once:
 * the cube opened, the call's settings read and checked (an alias table the cube lacks, the formula level none
 * of them has, the connector's own refusals), the members the sheet names and its operation needs read, then
 * the grid made (the initial grid when the call sends no sheet) and answered as the API's grid. A connector
 * gives only what differs: how it opens a cube (`cubeMembers`), how it reads settings (`gridSettings`, when the
 * server has a part in them), what it sends while the sheet's members are read (`besideSheet`), how the grid is
 * made (`initialGrid`, `operate`: over the server's grid, or laid out by the engine with {@link engineGrid}), and
 * what holds the whole call (`withinCall`).
 */
export abstract class RemoteGridOperations<C extends GridCubeBase> extends RemoteOutlineOperations {
  /** The cube a call is about, its real names on the server and its members read on demand. */
  protected abstract cubeMembers(session: ProviderSession, ref: CubeRef): Promise<C>;

  /** The cube's real name on the server, as {@link cubeMembers} opened it. */
  protected abstract cubeName(cube: C): string;

  /** The grid of an `initgrid` that sends no sheet (or an empty one). */
  protected abstract initialGrid(
    session: ProviderSession,
    grid: OpenedGrid<C>,
    call: GridCall,
  ): Promise<GridResponse>;

  /** A grid operation on the sheet sent, its members read. */
  protected abstract operate(
    session: ProviderSession,
    grid: OpenedGrid<C>,
    call: GridCall,
  ): Promise<GridResponse>;

  /**
   * Whether the call's settings need the server (Essbase REST: the substitution variables a sheet names): the
   * sheet's members are then asked once they are read, else while the cube's dimensions are.
   */
  protected readonly settingsFromServer: boolean = false;

  /** The call's settings, checked: an alias table the cube lacks is refused. */
  protected async gridSettings(
    _session: ProviderSession,
    _ref: CubeRef,
    aliasTables: readonly string[],
    input: Partial<GridInput>,
    _sheet: Sheet,
  ): Promise<GridCallSettings> {
    const { settings, aliasTable } = engineSettings(input);
    if (aliasTable) knownAliasTable(aliasTables, aliasTable, "settings.aliasTable");
    return { resolved: resolveSettings(settings, aliasTable), aliasTable };
  }

  /** What the connector sends the server while the sheet's members are read (Essbase REST: its preferences). */
  protected async besideSheet(_session: ProviderSession, _settings: ResolvedGridSettings): Promise<void> {}

  /**
   * The session of a whole grid or metadata call, as its reads are made for it: its call's context, or one derived
   * from it (Smart View: with one budget of list answers).
   */
  protected forCall(session: ProviderSession): ProviderSession {
    return session;
  }

  /**
   * A metadata call reads the cube's dimensions and their tops, and the whole of the one dimension it is about
   * (every dimension when `null`, a search across the cube): never the whole outline for a list of dimensions or
   * one tree.
   */
  protected override async openedFor(given: ProviderSession, ref: CubeRef, dimension: string | null) {
    const session = this.forCall(given);
    const cube = await this.cubeMembers(session, ref);
    if (dimension !== "")
      await cube.members.ensureDimensions(dimension === null ? null : [dimension], session.call);
    return { cube: this.cubeName(cube), remote: await cube.members.outline(session.call) };
  }

  async grid(
    session: ProviderSession,
    ref: CubeRef,
    call: GridCall,
  ): Promise<GridAnswer<Schemas["GridResponse"]>> {
    return valueAnswer(await this.gridValue(this.forCall(session), ref, call));
  }

  /** A grid call's grid, as the API answers it. */
  protected async gridValue(
    session: ProviderSession,
    ref: CubeRef,
    call: GridCall,
  ): Promise<Schemas["GridResponse"]> {
    const { grid } = call.input;
    const initial = call.action === "initgrid" && (grid === undefined || gridIsEmpty(grid));
    // A grid left as the request's text is parsed here, once.
    const opened = await this.openGrid(session, ref, call, call.input, grid ? gridRows(grid) : []);
    try {
      return gridAnswer(
        initial ? await this.initialGrid(session, opened, call) : await this.operate(session, opened, call),
      );
    } catch (e) {
      engineError(e);
    }
  }

  /**
   * The cube of a grid call (`call`) or a save (`null`), its checks passed and the members `sheet` names (and the
   * call's operation needs) read. The sheet's labels are asked beside the cube's dimensions and alias tables
   * (a session's first grid waits for one round of reads, not two), unless the settings need the
   * server; what the call is refused for is still said first, once those are read, and a call refused asks
   * nothing more.
   */
  protected async openGrid(
    session: ProviderSession,
    ref: CubeRef,
    call: GridCall | null,
    input: Partial<GridInput>,
    sheet: Sheet,
  ): Promise<OpenedGrid<C>> {
    const cube = await this.cubeMembers(session, ref);
    const dimensions = cube.members.dimensions(session.call);
    let early: Promise<void> | null = null;
    if (!this.settingsFromServer) {
      try {
        const { settings, aliasTable } = engineSettings(input);
        const resolved = resolveSettings(settings, aliasTable);
        if (!this.refused(session, call, resolved))
          early = ensureSheetMembers(cube.members, sheet, resolved, session.call);
      } catch {
        // Settings the engine refuses are refused below, in their turn.
      }
      early?.catch(() => undefined);
    }
    const settings = await this.gridSettings(session, ref, (await dimensions).aliasTables, input, sheet);
    const refusal = this.refused(session, call, settings.resolved);
    if (refusal) throw refusal;
    await Promise.all([
      early ?? ensureSheetMembers(cube.members, sheet, settings.resolved, session.call),
      this.besideSheet(session, settings.resolved),
    ]);
    if (call) await ensureGridOperation(cube.members, call, sheet, settings.resolved, session.call);
    return { cube, sheet, ...settings, remote: await cube.members.outline(session.call) };
  }

  /** The refusal of a call no remote provider of the family can do: a zoom to the formula level. */
  private refused(session: ProviderSession, call: GridCall | null, resolved: ResolvedGridSettings) {
    if (call?.action !== "zoomin" || resolved.zoomInPreference !== "CALC_LEVEL") return null;
    return missing(session.connector, "zoomIn:CALC_LEVEL", "action/zoomin (CALC_LEVEL)", {
      field: "settings.zoomInMode",
    });
  }
}

/** A grid operation laid out by the engine over the outline read, the values of its cells read by `read`. */
export function engineGrid(
  grid: OpenedGrid<GridCubeBase>,
  call: GridCall,
  read: CellReader,
): Promise<GridResponse> {
  return gridOverServer(
    grid.remote,
    gridRequestOf(grid.remote.outline, grid.resolved, grid.aliasTable, call),
    read,
  );
}

/**
 * Essbase's default grid of a cube laid out by the engine (the first dimension down, the second across, the
 * others in the POV, each at its top), the values of its cells read by `read`.
 */
export function engineDefaultGrid(grid: OpenedGrid<GridCubeBase>, read: CellReader): Promise<GridResponse> {
  const { resolved, aliasTable } = grid;
  const first = initialGrid(layoutSource(grid.remote.outline), { ...resolved }, aliasTable);
  return gridOverServer(
    grid.remote,
    { action: "refresh", grid: first.grid, settings: resolved, aliasTable },
    read,
  );
}
