import { type CalcScript, Cube, runCalcScript } from "@qibates/engine";
import { cellKey } from "./change-sequence.ts";
import { type ApplicationState, checkFits, outlineFingerprint } from "./checkpoint.ts";
import { applyCellWrites, type CellWrite, JournaledApplication } from "./journal.ts";
import { type JournaledAssignment, MDX_UPDATE_ENTRY, replayMdxUpdate } from "./mdx-writes.ts";
import type { EmbeddedStore, JournalEntry } from "./store.ts";

/** An Essbase-family demo application with one cube (Sample.Basic), its calc scripts and its journal. */
export class EssbaseApplication extends JournaledApplication {
  private current: Cube | null = null;
  private outlineDigest: string | null = null;
  /** A demo cube built for the fingerprint before the first load, used by that load. */
  private spare: Cube | null = null;
  /**
   * The demo cube (`replica-bases.ts`) this application's cube is built from, when a grid worker can build it
   * too (`grid-workers.ts`); null when only the event loop can read it.
   */
  replica: string | null = null;

  constructor(
    name: string,
    readonly cubeName: string,
    store: EmbeddedStore,
    private readonly createCube: () => Cube,
    readonly scripts: readonly CalcScript[],
  ) {
    super(name, store);
  }

  get cube(): Cube {
    if (!this.current) throw new Error(`application ${this.name} is not loaded`);
    return this.current;
  }

  protected reset(): void {
    this.current = this.spare ?? this.createCube();
    this.spare = null;
  }

  protected stateVersion(): number {
    return this.current?.version ?? -1;
  }

  /**
   * A session's own view of this application (`session-views.ts`), journaled as `name`: an empty cube of the
   * same outline, filled with this application's state at each rebuild.
   */
  sessionView(name: string, copied: (position: number) => void): EssbaseApplication {
    const outline = this.cube.outline;
    const aggMissing = this.cube.aggMissing;
    const view = new EssbaseApplication(
      name,
      this.cubeName,
      this.store,
      () => new Cube(outline, { aggMissing }),
      this.scripts,
    ).copyOf(this, copied);
    view.replica = this.replica;
    return view;
  }

  /** Says that grid workers can read this application: its cube is built from the demo cube `base`. */
  replicated(base: string): this {
    this.replica = base;
    return this;
  }

  protected fingerprint(): string {
    // Outlines never change: the demo cube's (built now when the application is not loaded yet).
    if (!this.outlineDigest) {
      if (!this.current && !this.spare) this.spare = this.createCube();
      const cube = (this.current ?? this.spare) as Cube;
      this.outlineDigest = outlineFingerprint([{ name: this.cubeName, cube }]);
    }
    return this.outlineDigest;
  }

  protected captureState(): ApplicationState {
    return { cubes: [{ name: this.cubeName, snapshot: this.cube.snapshot() }], texts: [] };
  }

  protected restoreState(state: ApplicationState): void {
    const saved = state.cubes.find((c) => c.name === this.cubeName);
    if (!saved || state.cubes.length !== 1)
      throw new Error(`the state of ${this.name} lacks cube ${this.cubeName}`);
    checkFits(this.cube, saved.snapshot);
    this.cube.restore(saved.snapshot);
  }

  /** Whether `members` (one cell) changed after the application was read at `version`. */
  changedSince(members: readonly string[], version: number): boolean {
    return this.changes.changedSince(cellKey(members), version);
  }

  protected override changedCells(entry: JournalEntry): Iterable<string> | "all" | null {
    if (entry.kind === "calc" || entry.kind === MDX_UPDATE_ENTRY) return "all";
    if (entry.kind === "cells")
      return (entry.payload as { writes: CellWrite[] }).writes.map((w) => cellKey(w.members));
    return null;
  }

  protected replay(entry: JournalEntry): void {
    if (entry.kind === "cells") applyCellWrites(this.cube, (entry.payload as { writes: CellWrite[] }).writes);
    else if (entry.kind === "calc") runCalcScript(this.cube, (entry.payload as { text: string }).text);
    else if (entry.kind === MDX_UPDATE_ENTRY)
      replayMdxUpdate(this.cube, (entry.payload as { assignments: JournaledAssignment[] }).assignments);
    else throw new Error(`unknown journal entry ${entry.kind} for ${this.name}`);
  }
}
