import { type BlockPool, copyOfPool, poolBuffers } from "@qibates/engine";
import type { CellWrite, PlanningApplication, PlanningJournalStep } from "@qibates/engine/planning";
import { type ApplicationState, checkFits, outlineFingerprint } from "./checkpoint.ts";
import { JournaledApplication } from "./journal.ts";
import type { EmbeddedStore, JournalEntry } from "./store.ts";

/** Numbers for applications, in their stamps: two applications never share one. */
let nextApplicationId = 1;

/**
 * The demo Vision planning application and its journal (entered cells and launched rules, replayed in order;
 * older `cells` entries hold changed cells), rebuilt at start-up.
 */
export class PlanningDemoApplication extends JournaledApplication {
  private current: PlanningApplication | null = null;
  private version = 0;
  private readonly id = nextApplicationId++;
  /**
   * A session's view (`sessionView`): a rebuild with no entries of its own leaves it holding its base's state
   * uncopied ({@link pending}) until it is used.
   */
  private view = false;
  /** Reset, not built yet: built (and, for a view, its base's state copied in) at first use. */
  private unbuilt = false;
  /**
   * A view whose state is its base's as it is now, not copied yet: a demo session's first rule runs in a grid
   * worker from the base's state (which the worker may hold already) and its result is put in place uncopied,
   * so that a new session's view costs the event loop no copy of the demo's data.
   */
  private pending: PlanningDemoApplication | null = null;
  private outlineDigest: string | null = null;
  /** A demo application built for the fingerprint before the first load, used by that load. */
  private spare: PlanningApplication | null = null;
  /**
   * The demo application (`replica-bases.ts`) a grid worker can build this one from, to run its rules off the
   * event loop (`grid-workers.ts`); null when only the event loop can.
   */
  replica: string | null = null;

  constructor(
    name: string,
    store: EmbeddedStore,
    private readonly create: () => PlanningApplication,
    /** The same application without its demo data (for a view, whose data is copied in). */
    private readonly createEmpty: () => PlanningApplication = create,
  ) {
    super(name, store);
  }

  /** A session's own view of this application (`session-views.ts`), journaled as `name`. */
  sessionView(name: string, copied: (position: number) => void): PlanningDemoApplication {
    const view = new PlanningDemoApplication(name, this.store, this.createEmpty, this.createEmpty).copyOf(
      this,
      copied,
    );
    view.replica = this.replica;
    view.view = true;
    return view;
  }

  protected override copyFrom(base: JournaledApplication, lazily: boolean): void {
    if (!(base instanceof PlanningDemoApplication)) throw new Error(`${this.name} is not a view of Vision`);
    this.pending = base;
    if (!lazily) this.build();
  }

  /** Builds a reset application: the demo data, or a view's copy of its base's state as it is now. */
  private build(): void {
    this.unbuilt = false;
    this.current = this.spare ?? this.create();
    this.spare = null;
    const base = this.pending;
    if (!base) return;
    this.pending = null;
    // One copy of the base's blocks as they are held (bytes copied, no value read), taken as it is.
    takePlanningPools(this.current, planningPools(base.app));
    this.copiedNow();
  }

  /**
   * The application whose state a rule of this one runs on: this one, or, for a view that has not copied its
   * base's state yet, that base.
   */
  get stateOwner(): PlanningDemoApplication {
    return this.pending ?? this;
  }

  /** Whether this is a session's view (whose state no other session starts from). */
  get isView(): boolean {
    return this.view;
  }

  /** Says that grid workers can run this application's rules: it is built from the demo application `base`. */
  replicated(base: string): this {
    this.replica = base;
    return this;
  }

  get app(): PlanningApplication {
    if (this.unbuilt) this.build();
    if (!this.current) throw new Error(`application ${this.name} is not loaded`);
    return this.current;
  }

  /** Called by a mutation that changed cells, so a failure after it rebuilds the state. */
  changed(): void {
    this.version++;
  }

  protected reset(): void {
    this.pending = null;
    this.version++;
    // Built at first use: the demo data (a server that is never asked for this application never builds it), or
    // a view's copy of its base's state as it is then (or a worker's result put in place).
    this.current = null;
    this.unbuilt = true;
  }

  protected stateVersion(): number {
    return this.version;
  }

  protected fingerprint(): string {
    // Outlines never change: the demo application's (built now when it is not loaded yet).
    if (!this.outlineDigest) {
      if (!this.current && !this.spare) this.spare = this.create();
      const app = (this.current ?? this.spare) as PlanningApplication;
      this.outlineDigest = outlineFingerprint(
        app.cubes.map((name) => ({ name, cube: app.dataSource(name) })),
      );
    }
    return this.outlineDigest;
  }

  protected captureState(): ApplicationState {
    return capturePlanningState(this.app);
  }

  protected restoreState(state: ApplicationState): void {
    if (state.cubes.length !== this.app.cubes.length)
      throw new Error(`the state of ${this.name} lacks plan types`);
    restorePlanningState(this.app, state);
    this.version++;
  }

  /**
   * Which state the application is at (changes with every change): a worker's result fits only that state. A
   * view not copied yet is at its base's state: its stamp changes with the base's too.
   */
  get stamp(): string {
    const own = `${this.id}.${this.version}`;
    return this.pending ? `${own}/${this.pending.stamp}` : own;
  }

  /**
   * A copy of every plan type's blocks as they are held, and the text cells, to send to a grid worker (its
   * arrays then move there): bytes copied, no value read.
   */
  state(): PlanningPools {
    return planningPools(this.app);
  }

  /**
   * Puts in place the state a grid worker worked out (under the application's lock, at {@link stamp}): its
   * arrays, moved from the worker, become the plan types' own, uncopied and unread.
   */
  adopt(state: PlanningPools): void {
    if (this.pending) {
      // Worked out from the base's state at this stamp: it takes the place of the copy never made.
      this.pending = null;
      this.copiedNow();
    }
    if (state.cubes.length !== this.app.cubes.length)
      throw new Error(`the state of ${this.name} lacks plan types`);
    takePlanningPools(this.app, state);
    this.version++;
  }

  protected replay(entry: JournalEntry): void {
    this.version++;
    if (entry.kind === "planning")
      this.app.applyJournal((entry.payload as { steps: PlanningJournalStep[] }).steps);
    else if (entry.kind === "cells")
      this.app.applyCellWrites((entry.payload as { writes: CellWrite[] }).writes);
    else throw new Error(`unknown journal entry ${entry.kind} for ${this.name}`);
  }
}

/** Every plan type's stored values and the text cells of `app`. */
export function capturePlanningState(
  app: PlanningApplication,
  spare: ApplicationState | null = null,
): ApplicationState {
  const into = (name: string) => spare?.cubes.find((c) => c.name === name)?.snapshot;
  return {
    cubes: app.cubes.map((name) => ({ name, snapshot: app.dataSource(name).snapshot(into(name)) })),
    texts: app.cubes.flatMap((cube) => app.textCells(cube).map((t) => ({ cube, ...t }))),
  };
}

/**
 * Puts `state` in place in `app` (built from the same outlines); with `take`, its arrays become the plan types'
 * own, uncopied (the caller no longer uses them).
 */
export function restorePlanningState(app: PlanningApplication, state: ApplicationState, take = false): void {
  for (const { name, snapshot } of state.cubes) {
    checkFits(app.dataSource(name), snapshot);
    app.dataSource(name).restore(snapshot, take);
  }
  putTexts(app, state.texts);
}

/**
 * A planning application's data as its plan types hold it (`Cube.pool`: each block's values in 4 or 8 bytes a
 * cell, as stored) and its text cells: what a business rule's grid worker is sent and sends back. Copied and put
 * in place as bytes, without reading a value into a double and back as a checkpoint's {@link ApplicationState}
 * is.
 */
export interface PlanningPools {
  cubes: { name: string; pool: BlockPool }[];
  texts: ApplicationState["texts"];
}

/** A copy of every plan type's blocks of `app` as they are held, and its text cells. */
export function planningPools(app: PlanningApplication): PlanningPools {
  return {
    cubes: app.cubes.map((name) => ({ name, pool: app.dataSource(name).pool() })),
    texts: app.cubes.flatMap((cube) => app.textCells(cube).map((t) => ({ cube, ...t }))),
  };
}

/**
 * Puts `pools` in place in `app` (built from the same outlines): their arrays become the plan types' own,
 * uncopied (the caller no longer uses them).
 */
export function takePlanningPools(app: PlanningApplication, pools: PlanningPools): void {
  for (const { name, pool } of pools.cubes) app.dataSource(name).takePool(pool);
  putTexts(app, pools.texts);
}

/** A copy of `pools` in arrays of their own (for pools put in place more than once). */
export function copyOfPlanningPools(pools: PlanningPools): PlanningPools {
  return {
    cubes: pools.cubes.map(({ name, pool }) => ({ name, pool: copyOfPool(pool) })),
    texts: pools.texts.map((t) => ({ ...t, members: [...t.members] })),
  };
}

/** The arrays of `pools`, to move to another thread. */
export function planningPoolBuffers(pools: PlanningPools): ArrayBuffer[] {
  return pools.cubes.flatMap((c) => poolBuffers(c.pool));
}

/** Writes `texts` as `app`'s text cells: the ones it has and `texts` lacks are cleared. */
function putTexts(app: PlanningApplication, texts: ApplicationState["texts"]): void {
  const kept = new Set(texts.map((t) => `${t.cube.toLowerCase()}\n${t.members.join("\n")}`));
  for (const cube of app.cubes) {
    app.applyCellWrites(
      app
        .textCells(cube)
        .filter((t) => !kept.has(`${cube.toLowerCase()}\n${t.members.join("\n")}`))
        .map((t) => ({ cube, members: t.members, value: null, text: "" })),
    );
  }
  app.applyCellWrites(texts.map((t) => ({ cube: t.cube, members: t.members, value: null, text: t.text })));
}
