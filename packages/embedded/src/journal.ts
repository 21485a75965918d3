import type { CellValue, Cube, Member } from "@qibates/engine";
import type { GridDataSource } from "@qibates/engine/grid";
import type { CellWrite as PlanningCellWrite } from "@qibates/engine/planning";
import { ChangeSequence } from "./change-sequence.ts";
import { type ApplicationState, CheckpointError, decodeCheckpoint, encodeCheckpoint } from "./checkpoint.ts";
import type { EmbeddedStore, JournalEntry, JournalReader, StoredEntry } from "./store.ts";

/**
 * The embedded demo applications, made durable by a journal: every change a call makes is appended to the
 * store's journal inside the same transaction as the change, before the call answers. The state is saved as a
 * checkpoint now and then (and at shutdown); at start-up an application loads its newest checkpoint and replays
 * only the entries after it. Several API nodes over one database each apply the entries they have not applied
 * yet before a call, and write one at a time under the application's lock.
 */

/**
 * One cell write, by member names (one per base dimension, outline order): the planning journal's cell write
 * without its plan type and text, declared once in the engine.
 */
export type CellWrite = Pick<PlanningCellWrite, "members" | "value">;

/** Where the journal reports what an operator should know (a checkpoint that could not be used or saved). */
export interface JournalLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface JournalOptions {
  /** A checkpoint is saved once this many entries were applied since the last one. */
  checkpointEntries: number;
  /** … or once the entries applied since the last one hold this many bytes. */
  checkpointBytes: number;
  log?: JournalLog;
}

export const DEFAULT_JOURNAL_OPTIONS: JournalOptions = {
  checkpointEntries: 1000,
  checkpointBytes: 64 * 1024 * 1024,
};

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
  /** Position of the last journal entry in the in-memory state (0: none). */
  private applied = 0;
  /** Entries (and their bytes) applied since the newest checkpoint this process knows of. */
  private sinceCheckpoint = { entries: 0, bytes: 0 };
  private checkpointing: Promise<void> | null = null;
  /** A catch-up queued and not started yet: calls arriving meanwhile wait for it instead of queuing another. */
  private pendingCatchUp: Promise<void> | null = null;
  private options: JournalOptions = DEFAULT_JOURNAL_OPTIONS;
  private copySource: { base: JournaledApplication; copied: (position: number) => void } | null = null;
  /** When each cell last changed (journal positions), for the conflict check of a save. */
  protected readonly changes = new ChangeSequence();
  /**
   * Told after each change through {@link mutate}, done or failed: a session's view uses it to hold the views'
   * memory under their bound, since a change can make a view grow (a new data block).
   */
  onChanged: () => void = () => {};

  constructor(
    readonly name: string,
    protected readonly store: EmbeddedStore,
  ) {}

  /**
   * Makes this application a copy of `base` (a session's view, see `session-views.ts`): each rebuild starts from
   * `base`'s state as it is then, rather than from the demo data; `copied` hears `base`'s position.
   */
  copyOf(base: JournaledApplication, copied: (position: number) => void): this {
    this.copySource = { base, copied };
    return this;
  }

  /**
   * A view's rebuild: puts `base`'s state as it is now in place of the demo data. `lazily`: the view has no
   * entries of its own to replay on it, so an application may put off the copy until its state is first used
   * (it then says so through {@link copiedNow}), or never make it when a state worked out elsewhere replaces it.
   */
  protected copyFrom(base: JournaledApplication, _lazily: boolean): void {
    this.restoreState(base.captureState());
  }

  /** A view took its base's state as it is now (a copy put off by {@link copyFrom}): the position it is based on. */
  protected copiedNow(): void {
    this.copySource?.copied(this.copySource.base.position);
  }

  /** Checkpoint thresholds and where to warn (the server passes its settings and logger). */
  configure(options: Partial<JournalOptions>): this {
    this.options = { ...this.options, ...options };
    return this;
  }

  /** Builds the application's state from its demo data (no journal). */
  protected abstract reset(): void;
  /** Re-applies one journal entry during replay. */
  protected abstract replay(entry: JournalEntry): void;
  /** A number that changes whenever the in-memory state changes (to know whether a failed call touched it). */
  protected abstract stateVersion(): number;
  /** The outlines' fingerprint: a checkpoint taken from other outlines is not loaded. */
  protected abstract fingerprint(): string;
  /** A copy of the whole state (taken synchronously, so that it matches the position applied). */
  protected abstract captureState(): ApplicationState;
  /** Puts a state captured by {@link captureState} into a freshly reset application. */
  protected abstract restoreState(state: ApplicationState): void;
  /**
   * The cells an entry changes, as {@link cellKey}s, or `"all"` when it may change any cell (a calculation);
   * `null` for an application whose saves are not checked for conflicts.
   */
  protected changedCells(_entry: JournalEntry): Iterable<string> | "all" | null {
    return null;
  }

  /** Position of the last journal entry applied (0: none). */
  get position(): number {
    return this.applied;
  }

  private warn(details: Record<string, unknown>, message: string): void {
    this.options.log?.warn({ application: this.name, ...details }, message);
  }

  private track(entry: StoredEntry): void {
    const cells = this.changedCells(entry);
    if (cells === "all") this.changes.changedAll(entry.position);
    else if (cells) this.changes.written(cells, entry.position);
  }

  private apply(entry: StoredEntry): void {
    this.replay(entry);
    this.track(entry);
    this.applied = entry.position;
    this.sinceCheckpoint.entries++;
    this.sinceCheckpoint.bytes += entry.bytes;
  }

  /**
   * Rebuilds the state: the newest checkpoint that can be loaded, then every journal entry after it. A
   * checkpoint that cannot be loaded (corrupt, another format, other outlines) is skipped with a warning for the one
   * before it, or for the demo data and the whole journal, as long as the entries after it are all still
   * stored; otherwise the application refuses to load rather than serve a state that lacks acknowledged writes.
   */
  async load(journal: JournalReader = this.store): Promise<void> {
    await this.mutex.run(() => this.rebuild(journal));
    this.checkpointIfDue();
  }

  private async rebuild(journal: JournalReader): Promise<void> {
    for (;;) {
      const checkpoints = await journal.checkpoints(this.name);
      const compactedThrough = checkpoints[0]?.compactedThrough ?? 0;
      let base: { position: number; state: ApplicationState | null } | null = null;
      for (const c of checkpoints) {
        if (c.position < compactedThrough) break;
        const data = await journal.checkpointData(this.name, c.position);
        if (!data) continue;
        try {
          base = { position: c.position, state: decodeCheckpoint(data, this.name, this.fingerprint()) };
          break;
        } catch (e) {
          if (!(e instanceof CheckpointError)) throw e;
          this.warn(
            { checkpointPosition: c.position, reason: e.message },
            "journal checkpoint ignored: the state is rebuilt from an older one and the entries after it",
          );
        }
      }
      if (!base) {
        if (compactedThrough > 0) {
          throw new Error(
            `Application ${this.name}: no stored checkpoint can be loaded and the journal entries up to position ` +
              `${compactedThrough} were compacted into them, so its state cannot be rebuilt. Restore the database ` +
              // The checkpoints' table keeps its first name (database.ts).
              "from a backup, or delete the application's rows from journal_snapshots and journal to start again " +
              "from the demo data.",
          );
        }
        base = { position: 0, state: null };
      }
      const entries = await journal.entriesAfter(this.name, base.position);
      // Another node may have compacted entries after the checkpoint read above: read again if so.
      const after = await journal.checkpoints(this.name);
      if ((after[0]?.compactedThrough ?? 0) > base.position) continue;
      // Everything is read: the state changes in one synchronous step, never half-built under a reader.
      this.reset();
      this.changes.clear();
      if (this.copySource) {
        // A view: the shared application's state as it is now (the same on every node), its entries on top.
        this.copyFrom(this.copySource.base, !base.state && entries.length === 0);
        this.copySource.copied(this.copySource.base.position);
      }
      if (base.state) {
        this.restoreState(base.state);
        this.changes.restore(base.state.sequences ?? null, base.position);
      }
      this.applied = base.position;
      this.sinceCheckpoint = { entries: 0, bytes: 0 };
      for (const entry of entries) this.apply(entry);
      return;
    }
  }

  /** Applies what other processes appended since this one last looked (call it holding the mutex). */
  private async catchUp(journal: JournalReader): Promise<void> {
    if ((await journal.head(this.name)) <= this.applied) return;
    const entries = await journal.entriesAfter(this.name, this.applied);
    const checkpoints = await journal.checkpoints(this.name);
    if ((checkpoints[0]?.compactedThrough ?? 0) > this.applied) {
      await this.rebuild(journal);
      return;
    }
    for (const entry of entries) this.apply(entry);
  }

  /**
   * Brings the state up to every change committed before this call, by any process: a call that reads the
   * application awaits it first. Free when only this process writes the journal; otherwise one indexed query
   * when nothing changed.
   */
  upToDate(): Promise<void> {
    if (!this.store.shared) return Promise.resolve();
    if (this.pendingCatchUp) return this.pendingCatchUp;
    const run = this.mutex.run(async () => {
      // Started: a call arriving from now on may have been acknowledged after the query below, so it queues its own.
      if (this.pendingCatchUp === run) this.pendingCatchUp = null;
      await this.catchUp(this.store);
    });
    this.pendingCatchUp = run;
    return run.finally(() => this.checkpointIfDue());
  }

  /**
   * Runs a change and journals it atomically, under the application's lock across processes: the entries other
   * processes appended are applied first, then `run` changes the in-memory state and returns the result and the
   * journal entry (or null when nothing changed). If anything fails after the state changed, the state is rebuilt
   * from the store so memory and storage never disagree.
   */
  mutate<T>(writtenBy: string, run: () => { result: T; entry: JournalEntry | null }): Promise<T> {
    return this.mutateAt(writtenBy, run).then((r) => r.result);
  }

  /** {@link mutate}, also answering the position the state is at after the change (its data version). */
  mutateAt<T>(
    writtenBy: string,
    run: () => { result: T; entry: JournalEntry | null },
  ): Promise<{ result: T; position: number }> {
    return this.mutex
      .run(async () => {
        const before = this.stateVersion();
        const appliedBefore = this.applied;
        try {
          return await this.store.locked(this.name, async (journal) => {
            if (this.store.shared) await this.catchUp(journal);
            const { result, entry } = run();
            if (entry) this.noteAppended(await journal.append(this.name, writtenBy, entry));
            return { result, position: this.applied };
          });
        } catch (e) {
          if (this.stateVersion() !== before || this.applied !== appliedBefore)
            await this.rebuild(this.store);
          throw e;
        }
      })
      .finally(() => {
        this.checkpointIfDue();
        this.onChanged();
      });
  }

  private noteAppended(entry: StoredEntry): void {
    this.track(entry);
    this.applied = entry.position;
    this.sinceCheckpoint.entries++;
    this.sinceCheckpoint.bytes += entry.bytes;
  }

  private checkpointIfDue(): void {
    const { entries, bytes } = this.sinceCheckpoint;
    if (
      this.checkpointing ||
      (entries < this.options.checkpointEntries && bytes < this.options.checkpointBytes)
    ) {
      return;
    }
    this.checkpointing = this.checkpoint().then(
      () => {
        this.checkpointing = null;
        // Changes applied while it was saved may have made another one due.
        this.checkpointIfDue();
      },
      (e: unknown) => {
        this.checkpointing = null;
        this.warn(
          { error: e instanceof Error ? e.message : String(e) },
          "journal checkpoint not saved: the journal is kept and replayed instead",
        );
      },
    );
  }

  /**
   * Saves the state as a checkpoint of the journal at the position applied (compacting what an older checkpoint
   * covers). Answers false when there was nothing to save or a checkpoint at or beyond it already exists.
   */
  async checkpoint(): Promise<boolean> {
    const taken = await this.mutex.run(async () => ({
      position: this.applied,
      since: { ...this.sinceCheckpoint },
      state: this.applied > 0 ? { ...this.captureState(), sequences: this.changes.capture() } : null,
    }));
    if (!taken.state) return false;
    const data = await encodeCheckpoint(this.name, this.fingerprint(), taken.state);
    const saved = await this.store.saveCheckpoint(this.name, taken.position, data);
    // Whether this process saved it or another one had saved a newer one, those entries are covered.
    this.sinceCheckpoint.entries = Math.max(0, this.sinceCheckpoint.entries - taken.since.entries);
    this.sinceCheckpoint.bytes = Math.max(0, this.sinceCheckpoint.bytes - taken.since.bytes);
    return saved;
  }

  /** At shutdown: waits for a checkpoint under way, then saves one if anything was applied since the last. */
  async close(): Promise<void> {
    if (this.checkpointing) await this.checkpointing;
    if (this.sinceCheckpoint.entries > 0) await this.checkpoint();
  }
}

/**
 * A data source over a cube that records every write, for the journal; a `dry` one records without writing (to
 * know what a save would write before doing it).
 */
export function recordingSource(cube: Cube, dry = false): { source: GridDataSource; writes: CellWrite[] } {
  const writes: CellWrite[] = [];
  const source: GridDataSource = {
    outline: cube.outline,
    read: (tuple) => cube.read(tuple),
    writeBlocker: (tuple) => cube.writeBlocker(tuple),
    write: (tuple: readonly Member[], value: CellValue) => {
      if (!dry) cube.write(tuple, value);
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
