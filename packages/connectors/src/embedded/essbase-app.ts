import { type CalcScript, type Cube, runCalcScript } from "@qibates/engine";
import { applyCellWrites, type CellWrite, JournaledApplication } from "./journal.ts";
import type { EmbeddedStore, JournalEntry } from "./store.ts";

/** An Essbase-family demo application with one cube (Sample.Basic), its calc scripts and its journal. */
export class EssbaseApplication extends JournaledApplication {
  private current: Cube | null = null;

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
    this.current = this.createCube();
  }

  protected stateVersion(): number {
    return this.current?.version ?? -1;
  }

  protected replay(entry: JournalEntry): void {
    if (entry.kind === "cells") applyCellWrites(this.cube, (entry.payload as { writes: CellWrite[] }).writes);
    else if (entry.kind === "calc") runCalcScript(this.cube, (entry.payload as { text: string }).text);
    else throw new Error(`unknown journal entry ${entry.kind} for ${this.name}`);
  }
}
