import type { components } from "@qibates/client/schema";
import { type Dimension, runCalcScript } from "@qibates/engine";
import {
  type GridRequest,
  type GridResponse,
  type GridSettings,
  gridOperationSteps,
  initialGrid,
  resolveSettings,
  runGridOperation,
  type Steps,
  StepTooLong,
  zoomCellsAtLeast,
} from "@qibates/engine/grid";
import { runMdxGridSteps } from "@qibates/engine/mdx";
import { outlineVariables } from "@qibates/engine/members";
import {
  cellKindsSteps,
  engineError,
  engineSettings,
  filterOutline,
  gridAnswer,
  knownAliasTable,
  memberNode,
  pivotSelection,
  savedAnswer,
  searchOutline,
  writtenCells,
} from "@qibates/grid-bridge";
import type {
  CubeRef,
  EssbaseOperations,
  GridCall,
  GridInput,
  GridRows,
  GridSource,
  GridText,
  JobAdmission,
  MdxInput,
  ProviderSession,
  SaveInput,
  SearchInput,
  VariableLevel,
  VariableSet,
} from "@qibates/provider";
import {
  cubeVariables,
  type GridAnswer,
  gridCells,
  gridIsEmpty,
  gridRows,
  isGridText,
  levelVariables,
  ProviderError,
  quantity,
  SESSION_VARIABLES_MAX,
  type SliceScheduler,
  supportOf,
  valueAnswer,
  variableRefusal,
  type Work,
  withDataVersion,
  withSessionVariable,
} from "@qibates/provider";
import type { EmbeddedCatalogue } from "./catalogue.ts";
import type { EssbaseApplication } from "./essbase-app.ts";
import { type GridWorkers, type SavePlan, stampOf, type WorkerRead } from "./grid-workers.ts";
import { applyCellWrites, type CellWrite, recordingSource } from "./journal.ts";
import type { DemoSessionViews } from "./session-views.ts";
import type { JournalEntry } from "./store.ts";

type Schemas = components["schemas"];

/**
 * Times a change (a save of a large sheet, a calculation) is worked out in a grid worker before it is done on the
 * event loop: each time the data changed between the worker's work and the lock, it is worked out again.
 */
const WORKER_PLANS = 3;

/** What `planned`'s step under the lock answers when the data changed since the worker's plan. */
const STALE = Symbol("stale plan");

/** A grid call whose sheet has at least this many cells goes to a grid worker at once, when there is one. */
export const WORKER_GRID_CELLS = 10_000;

/**
 * A read of `app` in slices on the event loop (`scheduler`), started again from the start should the cube
 * change meanwhile, and handed to `moveTo` (a grid worker) should it outlast the short slices.
 */
export async function readInSlices<T>(
  scheduler: SliceScheduler,
  app: EssbaseApplication,
  start: () => Work<T>,
  moveTo: (() => Promise<T>) | null,
): Promise<T> {
  let cube = app.cube;
  let version = cube.version;
  const run = scheduler.run({
    start: () => {
      cube = app.cube;
      version = cube.version;
      return start();
    },
    changed: () => app.cube !== cube || cube.version !== version,
    ...(moveTo ? { move: { after: scheduler.options.shortSlices, to: moveTo } } : {}),
  });
  if (!moveTo) return run;
  try {
    return await run;
  } catch (e) {
    // One step of the work would hold the event loop too long (an MDX query's set or calculated cell): the
    // work had no effect; the worker does it all again.
    if (e instanceof StepTooLong) return moveTo();
    throw e;
  }
}

/**
 * The longest step an MDX query may take on the event loop when a grid worker can take it instead (units of
 * `MdxOptions.maxWork`: about 5 ms at worst); past it, the query moves to the worker at once.
 */
export const MDX_LOOP_STEP_WORK = 20_000;

/** Sample.Basic (and any Essbase-family application of the catalogue) answered by the engine. */
export class EmbeddedEssbase implements EssbaseOperations {
  constructor(
    private readonly catalogue: EmbeddedCatalogue,
    private readonly views: DemoSessionViews | null = null,
    /** Where heavy reads run off the event loop (`grid-workers.ts`); null: in slices on the event loop. */
    private readonly workers: GridWorkers | null,
    /** Where reads take turns on the event loop with the rest of the process's long work. */
    private readonly scheduler: SliceScheduler,
    /** The queue calculations wait in (`job-queue.ts`), and whose job a session's is; none: at once. */
    private readonly jobs: JobAdmission | null = null,
    private readonly jobOwner: (session: ProviderSession) => string = (s) => s.ownerId,
  ) {}

  /** The grid workers that take a call on `app` at once: when there are some and the sheet is large. */
  private heavyWork(app: EssbaseApplication, grid: GridSource | undefined): GridWorkers | null {
    return this.workers?.accepts(app) && grid && gridCells(grid) >= WORKER_GRID_CELLS ? this.workers : null;
  }

  /**
   * A change of `app` worked out in a grid worker on a copy of the data as it is now (`plan`, when there is a
   * worker for it), then made here under the application's lock by `apply`: handed the plan when the cube is
   * still at the state the worker worked on, else the plan is made again on the new data, up to WORKER_PLANS
   * times in all, and at last `apply` is handed null and does the work itself, under the lock, as without workers.
   */
  private async planned<P extends { stamp: string }, R>(
    app: EssbaseApplication,
    ownerId: string,
    plan: (() => Promise<P>) | null,
    apply: (plan: P | null) => { result: R; entry: JournalEntry | null },
    failed: (e: unknown) => never,
  ): Promise<{ result: R; position: number }> {
    for (let attempt = 1; ; attempt++) {
      const p = plan && attempt <= WORKER_PLANS ? await plan() : null;
      // Under the application's lock, after every change journaled before: nothing can change in between.
      const outcome = await app
        .mutateAt(ownerId, (): { result: R | typeof STALE; entry: JournalEntry | null } =>
          p && p.stamp !== stampOf(app.cube) ? { result: STALE, entry: null } : apply(p),
        )
        .catch(failed);
      if (outcome.result !== STALE) return outcome as { result: R; position: number };
    }
  }

  /**
   * A read of `app`: in a grid worker at once when `heavy` and there is one, else in slices on the event loop
   * (`scheduler`), moved to a worker should it outlast the short slices. On the event loop, should the cube
   * change meanwhile, the read starts again from the start, at once; a worker reads the state of the moment it
   * is given the work.
   */
  private read(
    app: EssbaseApplication,
    work: WorkerRead,
    heavy: boolean,
    steps: () => Steps<Schemas["GridResponse"]>,
  ): Promise<GridAnswer<Schemas["GridResponse"]>> {
    const workers = this.workers?.accepts(app) ? this.workers : null;
    if (workers && heavy) return workers.run(app, work);
    return readInSlices(
      this.scheduler,
      app,
      function* () {
        const answer = yield* steps();
        // Read with the grid's last step: what a later save checks its cells against.
        return valueAnswer({ ...answer, dataVersion: String(app.position) });
      },
      workers ? () => workers.run(app, work) : null,
    );
  }

  private app(session: ProviderSession, ref: CubeRef): EssbaseApplication {
    return this.catalogue.essbaseCube(session, ref);
  }

  /** The application whose data a call reads or changes: the session's own view when it has one. */
  private data(session: ProviderSession, ref: CubeRef, write: boolean): Promise<EssbaseApplication> {
    const app = this.app(session, ref);
    return this.views ? this.views.data(session, app, write) : Promise.resolve(app);
  }

  private aliasTable(app: EssbaseApplication, value: string | undefined, field: string): string {
    return knownAliasTable(app.cube.outline.aliasTables, value, field);
  }

  private dimension(app: EssbaseApplication, name: string, field: string): Dimension {
    const dim = app.cube.outline.dimension(name);
    if (!dim) {
      throw new ProviderError(
        "DIMENSION_UNKNOWN",
        `Unknown dimension ${name}.`,
        { dimension: name, cube: app.cubeName },
        field,
      );
    }
    return dim;
  }

  /**
   * The engine's settings of a grid call: the alias table checked against the outline, and the substitution
   * variables of the cube with those the session set for itself.
   */
  private gridAliasTable(
    app: EssbaseApplication,
    input: Partial<GridInput>,
    session: ProviderSession,
    ref: CubeRef,
  ) {
    const resolved = engineSettings(input);
    if (resolved.aliasTable) this.aliasTable(app, resolved.aliasTable, "settings.aliasTable");
    // A connector whose servers have no substitution variables (SSAS) reads `&Name` as no member, as they do.
    const variables =
      supportOf(session.connector, "variables").status === "yes"
        ? cubeVariables(session.variables, ref, outlineVariables(app.cube.outline))
        : {};
    if (variables) resolved.settings.substitutionVariables = variables;
    return resolved;
  }

  async dimensions(session: ProviderSession, ref: CubeRef, aliasTable?: string) {
    const app = this.app(session, ref);
    const table = this.aliasTable(app, aliasTable, "aliastable");
    const outline = app.cube.outline;
    const dims = [...outline.baseDimensions, ...outline.attributeDimensions];
    return {
      cube: ref.cube,
      aliastable: table,
      dimensions: dims.map((d) => ({
        name: d.name,
        alias: d.root.alias(table) ?? null,
        type: d.type as Schemas["DimensionList"]["dimensions"][number]["type"],
        storage: d.density as Schemas["DimensionList"]["dimensions"][number]["storage"],
      })),
    };
  }

  async dimensionTree(
    session: ProviderSession,
    ref: CubeRef,
    input: { dimension: string; aliasTable?: string },
  ) {
    const app = this.app(session, ref);
    const table = this.aliasTable(app, input.aliasTable, "aliastable");
    const dim = this.dimension(app, input.dimension, "action.dimension");
    return { dimension: input.dimension, aliastable: table, root: memberNode(dim.root, table) };
  }

  async filterMembers(
    session: ProviderSession,
    ref: CubeRef,
    input: Parameters<EssbaseOperations["filterMembers"]>[2],
  ) {
    const app = this.app(session, ref);
    const table = this.aliasTable(app, input.aliasTable, "aliastable");
    const dim = this.dimension(app, input.dimension, "dimension");
    return filterOutline(app.cube.outline, dim, table, input);
  }

  async searchMembers(session: ProviderSession, ref: CubeRef, input: SearchInput) {
    const app = this.app(session, ref);
    const table = this.aliasTable(app, input.aliasTable, "aliastable");
    const dim = input.dimension === null ? null : this.dimension(app, input.dimension, "dimension");
    return searchOutline(app.cube.outline, dim, table, input);
  }

  /**
   * The demo defines its substitution variables on the cubes (each outline's own); the server and the
   * applications have none. A session sees those it set for itself too, in place of any of the same name at
   * the same level. The level is checked all the same: an unknown application or cube is refused.
   */
  async variables(session: ProviderSession, level: VariableLevel) {
    const { server, application, cube } = level;
    this.checkLevel(session, level);
    const own =
      application !== null && cube !== null
        ? outlineVariables(this.app(session, { server, application, cube }).cube.outline)
        : [];
    return { server, application, cube, variables: levelVariables(own, session.variables, level) };
  }

  /**
   * Sets a variable for the calling session only ({@link VariableSet}): the demo's outlines are shared by
   * every user, so a variable one user sets must change that user's grids and no one else's. The session may
   * set one at any level it can reach (the server, an application, a cube of it); the value is not checked
   * against the outline, as Essbase's is not (a grid naming a variable whose value is no member answers the
   * unknown member).
   */
  async setVariable(
    session: ProviderSession,
    level: VariableLevel,
    variable: Schemas["Variable"],
  ): Promise<VariableSet> {
    this.checkLevel(session, level);
    const refusal = variableRefusal(variable);
    if (refusal) {
      const { field, reason } = refusal;
      throw new ProviderError("INVALID_INPUT", refusal.message, { field, reason }, field);
    }
    const set = { ...level, name: variable.name, value: variable.value };
    const kept = withSessionVariable(session.variables, set);
    if (kept.length > SESSION_VARIABLES_MAX) {
      throw new ProviderError(
        "INVALID_INPUT",
        `A session keeps at most ${SESSION_VARIABLES_MAX} substitution variables of its own; change one it set, or log in again.`,
        {
          field: "name",
          reason: {
            en: `a session keeps at most ${SESSION_VARIABLES_MAX} substitution variables of its own; change one it set, or log in again`,
            fr: `une session garde au plus ${SESSION_VARIABLES_MAX}\u00a0variables de substitution qui lui sont propres\u202f; modifiez l'une de celles qu'elle a définies, ou reconnectez-vous`,
          },
        },
        "name",
      );
    }
    return { variable: { name: set.name, value: set.value }, session: set };
  }

  /** Refuses a level the session cannot reach: an unknown server, application or cube. */
  private checkLevel(session: ProviderSession, level: VariableLevel): void {
    const { server, application, cube } = level;
    this.catalogue.findServer(session, server);
    if (application === null) return;
    if (cube === null) this.catalogue.findApplication(session, { server, application });
    else this.app(session, { server, application, cube });
  }

  async memberUdas(session: ProviderSession, ref: CubeRef, dimension: string) {
    const app = this.app(session, ref);
    const dim = this.dimension(app, dimension, "dimension");
    const out: Record<string, readonly string[]> = {};
    for (const m of dim.members) if (m.udas.length > 0) out[m.name] = [...m.udas];
    return out;
  }

  async scripts(session: ProviderSession, ref: CubeRef) {
    const app = this.app(session, ref);
    return {
      cube: ref.cube,
      scripts: [...app.scripts]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((s) => ({ name: s.name, description: s.description ?? null })),
    };
  }

  /**
   * The shared application's outline object: every user who may open the cube sees all of it (access is per
   * application, never per member), and a session's own view keeps its outline. An outline never changes in
   * place; a rebuilt cube may hold another object.
   */
  outlineIdentity(session: ProviderSession, ref: CubeRef): object {
    return this.app(session, ref).cube.outline;
  }

  async aliasTables(session: ProviderSession, ref: CubeRef) {
    const app = this.app(session, ref);
    return { cube: ref.cube, aliasTables: app.cube.outline.aliasTables.map((name) => ({ name })) };
  }

  async calculate(
    session: ProviderSession,
    ref: CubeRef,
    name: string,
  ): Promise<{ script: string; status: "completed"; durationMs: number }> {
    // Admitted or refused before any work (no await before it); a step of a wire job (its call marked with the
    // job, `CallContext.ofJob`) runs in that job's turn.
    const run = () => this.runCalculation(session, ref, name);
    return this.jobs ? this.jobs.run(this.jobOwner(session), run, session.call) : run();
  }

  private async runCalculation(session: ProviderSession, ref: CubeRef, name: string) {
    const script = this.app(session, ref).scripts.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (!script) {
      throw new ProviderError(
        "SCRIPT_UNKNOWN",
        `Unknown calculation script "${name}".`,
        { script: name, cube: ref.cube },
        "action.script",
      );
    }
    const app = await this.data(session, ref, true);
    const started = performance.now();
    const entry: JournalEntry = { kind: "calc", payload: { script: script.name, text: script.text } };
    // With grid workers, the script runs in one and the state it ends with is put in place here (`planned`). The
    // journal keeps the script, which gives the same state when replayed from the same data.
    const workers = this.workers?.accepts(app) ? this.workers : null;
    await this.planned(
      app,
      session.ownerId,
      workers ? () => workers.calculate(app, script.name, script.text) : null,
      (plan) => {
        // The state's arrays were moved from the worker: the cube takes them uncopied.
        if (plan) app.cube.restore(plan.state, true);
        else runCalcScript(app.cube, script.text);
        return { result: null, entry };
      },
      (e) => engineError(e, { script: script.name }),
    );
    return {
      script: name,
      status: "completed" as const,
      durationMs: Math.round(performance.now() - started),
    };
  }

  async grid(
    session: ProviderSession,
    ref: CubeRef,
    call: GridCall,
  ): Promise<GridAnswer<Schemas["GridResponse"]>> {
    const app = await this.data(session, ref, false);
    const { settings, aliasTable } = this.gridAliasTable(app, call.input, session, ref);
    // Data written by another API node before this call is read too (outlines never change: other calls
    // need not look).
    await app.upToDate();
    try {
      // Read with the grid, in the same synchronous step: what a later save checks its cells against.
      const dataVersion = String(app.position);
      const source = call.input.grid;
      if (call.action === "initgrid" && (source === undefined || gridIsEmpty(source))) {
        return valueAnswer({
          ...gridAnswer(initialGrid(app.cube, settings, aliasTable, call.input.maxCells)),
          dataVersion,
        });
      }
      const sheet = sheetOf(source);
      const base: GridRequest = {
        action: call.action === "initgrid" ? "refresh" : call.action,
        grid: [],
        settings,
        aliasTable,
        ...(call.input.maxCells !== undefined ? { maxCells: call.input.maxCells } : {}),
        ...this.selection(app, call, settings, sheet),
      };
      // On the event loop, the rows (parsed there from a request's text); a worker gets the text, not the rows.
      let onLoop: GridRequest | null = null;
      const request = () => (onLoop ??= { ...base, grid: sheet() });
      const heavy =
        this.heavyWork(app, source) !== null ||
        (call.action === "zoomin" && zoomCellsAtLeast(app.cube.outline, request(), WORKER_GRID_CELLS));
      const work: WorkerRead = { kind: "grid", ...forWorker(base, source, sheet) };
      return await this.read(app, work, heavy, function* () {
        const r = yield* gridOperationSteps(app.cube, request());
        return gridAnswer(r, yield* cellKindsSteps(r));
      });
    } catch (e) {
      engineError(e);
    }
  }

  /** The cells, or the pivot's source and target, of a grid call in the engine's terms (`sheet`: its rows). */
  private selection(
    app: EssbaseApplication,
    call: GridCall,
    settings: GridSettings,
    sheet: () => GridRows,
  ): Partial<GridRequest> {
    switch (call.action) {
      case "zoomin":
      case "zoomout":
      case "keeponly":
      case "removeonly":
        return { cells: call.input.cells };
      case "pivottopov":
        return { row: call.input.row, column: call.input.column };
      case "pivot":
        // The rows are read (and a grid left as text parsed) only by a pivot to the columns.
        return pivotSelection(
          app.cube.outline,
          {
            ...call.input,
            get grid() {
              return sheet();
            },
          },
          settings,
        );
      default:
        return {};
    }
  }

  async mdx(
    session: ProviderSession,
    ref: CubeRef,
    input: MdxInput,
  ): Promise<GridAnswer<Schemas["GridResponse"]>> {
    // The session's own view of the data, when it has one, as its grids read.
    const app = await this.data(session, ref, false);
    const { settings, aliasTable } = this.gridAliasTable(app, input, session, ref);
    await app.upToDate();
    try {
      const options = {
        settings: resolveSettings(settings, aliasTable),
        application: ref.application,
        cube: ref.cube,
        ...(input.maxCells !== undefined ? { maxCells: input.maxCells } : {}),
      };
      // As a grid call: a few rows at a time, or in a grid worker should it outlast a few slices or one of
      // its steps be long (StepTooLong: the worker runs it without that limit).
      const onLoop = this.workers?.accepts(app) ? { ...options, stepWork: MDX_LOOP_STEP_WORK } : options;
      return await this.read(app, { kind: "mdx", query: input.query, options }, false, function* () {
        const r = yield* runMdxGridSteps(app.cube, input.query, onLoop);
        return gridAnswer(r, yield* cellKindsSteps(r));
      });
    } catch (e) {
      engineError(e);
    }
  }

  async save(
    session: ProviderSession,
    ref: CubeRef,
    input: SaveInput,
  ): Promise<GridAnswer<Schemas["SaveResponse"]>> {
    const app = await this.data(session, ref, true);
    const { settings, aliasTable } = this.gridAliasTable(app, input, session, ref);
    const readAt =
      input.overwrite === true || input.dataVersion === undefined ? null : version(input.dataVersion);
    const sent = input.dataVersion ?? "";
    const base: GridRequest = {
      action: "submit",
      grid: [],
      ...(input.cells ? { dirtyCells: input.cells } : {}),
      ...(input.maxCells !== undefined ? { maxCells: input.maxCells } : {}),
      settings,
      aliasTable,
    };
    const sheet = sheetOf(input.grid);
    // On the event loop, the rows (parsed there from a request's text); a worker gets the text, not the rows.
    let onLoop: GridRequest | null = null;
    const request = () => (onLoop ??= { ...base, grid: sheet() });
    const missingLabel = settings.missingLabel ?? "#Missing";
    // A large sheet is submitted in a grid worker (reading the sheet, deciding what to write, laying out the
    // answer), and its writes applied here (`planned`).
    const workers = this.heavyWork(app, input.grid);
    const toWorker = forWorker(base, input.grid, sheet);
    const { result, position } = await this.planned(
      app,
      session.ownerId,
      workers ? () => workers.save(app, toWorker.request, missingLabel, toWorker.gridText) : null,
      (plan): { result: GridResponse | SavePlan; entry: JournalEntry | null } => {
        if (plan) {
          if (readAt !== null) refuseConflicts(app, plan.written, plan.writes, readAt, sent);
          applyCellWrites(app.cube, plan.writes);
          return { result: plan, entry: plan.writes.length > 0 ? cellsEntry(plan.writes) : null };
        }
        if (readAt !== null) {
          const dry = recordingSource(app.cube, true);
          const would = runGridOperation(dry.source, request());
          refuseConflicts(app, writtenCells(would), dry.writes, readAt, sent);
        }
        const { source, writes } = recordingSource(app.cube);
        const r = runGridOperation(source, request());
        return { result: r, entry: writes.length > 0 ? cellsEntry(writes) : null };
      },
      (e) => engineError(e),
    );
    const dataVersion = String(position);
    if ("stamp" in result) return withDataVersion<Schemas["SaveResponse"]>(result.answer, dataVersion);
    return valueAnswer({ ...savedAnswer(result, sheet(), missingLabel), dataVersion });
  }
}

/**
 * The rows of a call's grid, read when first asked for: a grid left as the request's text is parsed then, on the
 * event loop, and only if the event loop reads it (a grid worker is sent the text: {@link forWorker}).
 */
function sheetOf(source: GridSource | undefined): () => GridRows {
  let rows: GridRows | null = source === undefined ? [] : isGridText(source) ? null : source;
  return () => {
    rows ??= gridRows(source as GridSource);
    return rows;
  };
}

/**
 * What a grid worker is sent of a call's request: a grid left as the request's text goes as that text and its
 * span (the request's own grid left empty), parsed by the worker; rows go as they are.
 */
function forWorker(
  base: GridRequest,
  source: GridSource | undefined,
  sheet: () => GridRows,
): { request: GridRequest; gridText?: GridText } {
  return source !== undefined && isGridText(source)
    ? { request: base, gridText: source }
    : { request: { ...base, grid: sheet() } };
}

const cellsEntry = (writes: CellWrite[]): JournalEntry => ({ kind: "cells", payload: { writes } });

/** A `dataVersion` as the journal position it names. */
function version(text: string): number {
  if (!/^[0-9]{1,15}$/.test(text)) {
    throw new ProviderError(
      "INVALID_INPUT",
      "dataVersion is not a data version this server answered.",
      {
        field: "dataVersion",
        reason: {
          en: "not a data version this server answered",
          fr: "ce n'est pas une version des données que ce serveur a renvoyée",
        },
      },
      "dataVersion",
    );
  }
  return Number(text);
}

/**
 * Refuses a save whose grid was read at `readAt` when a cell it writes changed since (a save or a calculation
 * by anyone): `written` are the cells a pass of the submit answered written, `writes` what it wrote for each,
 * in the same order; nothing is written.
 */
function refuseConflicts(
  app: EssbaseApplication,
  written: readonly { row: number; column: number }[],
  writes: readonly CellWrite[],
  readAt: number,
  sent: string,
): void {
  const conflicts = written.filter((_, i) => {
    const w = writes[i];
    return w !== undefined && app.changedSince(w.members, readAt);
  });
  if (conflicts.length === 0) return;
  // "1 cell changed" / « 1 cellule a changé », "2 cells changed" / « 2 cellules ont changé »: what the number counts.
  const n = quantity(conflicts.length);
  const changed =
    conflicts.length === 1
      ? { en: "1 cell changed", fr: "1\u00a0cellule a changé" }
      : { en: `${n.en} cells changed`, fr: `${n.fr}\u00a0cellules ont changé` };
  throw new ProviderError(
    "SAVE_CONFLICT",
    `${changed.en} since the grid was read (data version ${sent}): nothing was saved.`,
    { changed, dataVersion: sent },
    "dataVersion",
    conflicts,
  );
}
