import type { CellValue, Cube, Member } from "@qibates/engine";
import type { GridDataSource } from "@qibates/engine/grid";
import type { EmbeddedStore, JournalEntry } from "./store.ts";

/**
 * The embedded demo applications, made durable by a journal: every change a call makes is appended to the
 * store's journal inside the same transaction as the change, before the call answers. At start-up each
 * application is rebuilt from its deterministic demo data and the journal is replayed in order.
 */

/** One cell write, by member names (one per base dimension, outline order). */
export interface CellWrite {
  members: string[];
  value: number | null;
}

/** Serialises the changes of one application: a change and its journal entry commit together. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

export abstract class JournaledApplication {
  private readonly mutex = new Mutex();

  constructor(
    readonly name: string,
    protected readonly store: EmbeddedStore,
  ) {}

  /** Builds the application's state from its demo data (no journal). */
  protected abstract reset(): void;
  /** Re-applies one journal entry during replay. */
  protected abstract replay(entry: JournalEntry): void;
  /** A number that changes whenever the in-memory state changes (to know whether a failed call touched it). */
  protected abstract stateVersion(): number;

  /** Rebuilds the state: demo data, then every journal entry in order. */
  async load(): Promise<void> {
    this.reset();
    for (const entry of await this.store.journal(this.name)) this.replay(entry);
  }

  /**
   * Runs a change and journals it atomically. `run` changes the in-memory state and returns the result and
   * the journal entry (or null when nothing changed). If anything fails after the state changed, the state
   * is rebuilt from the journal so memory and storage never disagree.
   */
  mutate<T>(writtenBy: string, run: () => { result: T; entry: JournalEntry | null }): Promise<T> {
    return this.mutex.run(async () => {
      const before = this.stateVersion();
      try {
        return await this.store.journaled(this.name, writtenBy, run);
      } catch (e) {
        if (this.stateVersion() !== before) await this.load();
        throw e;
      }
    });
  }
}

/** A data source over a cube that records every write, for the journal. */
export function recordingSource(cube: Cube): { source: GridDataSource; writes: CellWrite[] } {
  const writes: CellWrite[] = [];
  const source: GridDataSource = {
    outline: cube.outline,
    read: (tuple) => cube.read(tuple),
    writeBlocker: (tuple) => cube.writeBlocker(tuple),
    write: (tuple: readonly Member[], value: CellValue) => {
      cube.write(tuple, value);
      writes.push({ members: tuple.map((m) => m.name), value });
    },
  };
  return { source, writes };
}

export function applyCellWrites(cube: Cube, writes: readonly CellWrite[]): void {
  for (const w of writes) {
    const tuple = w.members.map((name) => {
      const m = cube.outline.member(name);
      if (!m) throw new Error(`journal names unknown member ${name}`);
      return m;
    });
    cube.write(tuple, w.value);
  }
}
