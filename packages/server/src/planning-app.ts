import type { CellWrite, PlanningApplication } from "@qibates/engine";
import type { Database } from "./database.ts";
import { type JournalEntry, JournaledApplication } from "./embedded.ts";

/** The demo Vision planning application, its journal of cell changes, rebuilt at start-up. */
export class PlanningDemoApplication extends JournaledApplication {
  private current: PlanningApplication | null = null;
  private version = 0;

  constructor(
    name: string,
    db: Database,
    private readonly create: () => PlanningApplication,
  ) {
    super(name, db);
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
    if (entry.kind !== "cells") throw new Error(`unknown journal entry ${entry.kind} for ${this.name}`);
    this.app.applyCellWrites((entry.payload as { writes: CellWrite[] }).writes);
  }
}
