import type { CellWrite, PlanningApplication, PlanningJournalStep } from "@qibates/engine/planning";
import { JournaledApplication } from "./journal.ts";
import type { EmbeddedStore, JournalEntry } from "./store.ts";

/**
 * The demo Vision planning application and its journal (entered cells and launched rules, replayed in order;
 * older `cells` entries hold changed cells), rebuilt at start-up.
 */
export class PlanningDemoApplication extends JournaledApplication {
  private current: PlanningApplication | null = null;
  private version = 0;

  constructor(
    name: string,
    store: EmbeddedStore,
    private readonly create: () => PlanningApplication,
  ) {
    super(name, store);
  }

  get app(): PlanningApplication {
    if (!this.current) throw new Error(`application ${this.name} is not loaded`);
    return this.current;
  }

  /** Called by a mutation that changed cells, so a failure after it rebuilds the state. */
  changed(): void {
    this.version++;
  }

  protected reset(): void {
    this.current = this.create();
    this.version++;
  }

  protected stateVersion(): number {
    return this.version;
  }

  protected replay(entry: JournalEntry): void {
    if (entry.kind === "planning")
      this.app.applyJournal((entry.payload as { steps: PlanningJournalStep[] }).steps);
    else if (entry.kind === "cells")
      this.app.applyCellWrites((entry.payload as { writes: CellWrite[] }).writes);
    else throw new Error(`unknown journal entry ${entry.kind} for ${this.name}`);
  }
}
