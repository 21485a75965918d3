import type { BlockPool, Cube } from "../cube/cube.ts";
import type { CellValue } from "../data-source.ts";
import type { Member } from "../outline.ts";

/**
 * One cell changed by a planning operation, in a form the server can journal and replay: the plan type, one
 * member name per base dimension (outline order) and the new value. `stored: true` marks a stored cell set
 * exactly as it was left (value and `input` flag, totals included, nothing recalculated); without it the
 * value is written like a form entry (totals follow). Text cells carry `text` (the empty string clears the
 * text) and `value: null`.
 */
export interface CellWrite {
  cube: string;
  members: string[];
  value: number | null;
  text?: string;
  stored?: boolean;
  input?: boolean;
}

/** The text of planning text cells, keyed by cell tuple; kept beside the numeric cube. */
export class TextStore {
  private readonly texts = new Map<string, { tuple: readonly Member[]; text: string }>();

  get size(): number {
    return this.texts.size;
  }

  get(tuple: readonly Member[]): string | null {
    return this.texts.get(textKey(tuple))?.text ?? null;
  }

  set(tuple: readonly Member[], text: string | null): void {
    const k = textKey(tuple);
    if (text === null || text === "") this.texts.delete(k);
    else this.texts.set(k, { tuple: [...tuple], text });
  }

  /** Every text with its cell (as last written), in the order they were first written. */
  entries(): { tuple: readonly Member[]; text: string }[] {
    return [...this.texts.values()];
  }
}

function textKey(tuple: readonly Member[]): string {
  let k = "";
  for (const m of tuple) k += `${m.stored.ordinal},`;
  return k;
}

interface PlanTypeStore {
  name: string;
  data: Cube;
  texts: TextStore;
}

/**
 * One step of a planning operation as the server journals it: the cells a user entered (form semantics:
 * totals follow) and texts, or a business rule with its prompt values, replayed by running it again. Much
 * smaller than the cells a rule changes, and exact because replay starts from the same state.
 */
export type PlanningJournalStep =
  | { step: "cells"; writes: CellWrite[] }
  | { step: "rule"; cube: string; ruleName: string; prompts: PromptValue[] };

/** A prompt value as journaled: a name, a list of names, a number, a text, or null when left empty. */
export interface PromptValue {
  name: string;
  value: string | number | string[] | null;
}

/**
 * The changes of one mutating operation (a submit and its on-save rules, or a launched rule), all or
 * nothing. The first change to a plan type takes a copy of its cube's blocks as they are held (`Cube.pool`: bytes
 * copied, no value read); `rollback()` puts every touched cube back exactly (values, input flags, blocks) and
 * undoes the texts. `writes()` lists what changed, once
 * per cell with its final state: the stored cells of each cube that differ from the snapshot (totals
 * included, `stored: true`, replayed exactly by {@link PlanningApplication.applyCellWrites}) and the texts.
 */
export class ChangeSet {
  private readonly snapshots = new Map<PlanTypeStore, BlockPool>();
  private readonly textUndo: { store: PlanTypeStore; tuple: Member[]; old: string | null }[] = [];
  private readonly texts = new Map<string, CellWrite>();
  private readonly steps: PlanningJournalStep[] = [];
  /** Off while a rule runs: the rule's own effects are journaled as the rule, not as cells. */
  private recording = true;

  /** The operation's journal: entered cells and texts, then rules, in order. */
  journal(): PlanningJournalStep[] {
    return this.steps.map((s) => (s.step === "cells" ? { step: "cells", writes: [...s.writes] } : s));
  }

  /** Runs a rule's effects (recorded as one `rule` step, not as the cells it writes). */
  asRule<T>(step: Extract<PlanningJournalStep, { step: "rule" }>, run: () => T): T {
    const was = this.recording;
    this.recording = false;
    try {
      const result = run();
      if (was) this.steps.push(step);
      return result;
    } finally {
      this.recording = was;
    }
  }

  private recordCell(w: CellWrite): void {
    if (!this.recording) return;
    const last = this.steps[this.steps.length - 1];
    if (last?.step === "cells") last.writes.push(w);
    else this.steps.push({ step: "cells", writes: [w] });
  }

  /**
   * Snapshots a plan type before its cube is changed (by a write, a calc script or @XWRITE); answers true
   * when the snapshot is taken now, false when the operation had already touched the cube.
   */
  touch(store: PlanTypeStore): boolean {
    if (this.snapshots.has(store)) return false;
    this.snapshots.set(store, store.data.pool());
    return true;
  }

  writeValue(store: PlanTypeStore, tuple: readonly Member[], value: CellValue): boolean {
    const old = store.data.read(tuple);
    if (sameValue(old, value)) return false;
    this.touch(store);
    store.data.write(tuple, value);
    this.recordCell({ cube: store.name, members: tuple.map((m) => m.name), value });
    return true;
  }

  writeText(store: PlanTypeStore, tuple: readonly Member[], text: string | null): boolean {
    const old = store.texts.get(tuple);
    const next = text === "" ? null : text;
    if (old === next) return false;
    this.textUndo.push({ store, tuple: [...tuple], old });
    store.texts.set(tuple, next);
    const key = `${store.name}|${textKey(tuple)}`;
    const w: CellWrite = {
      cube: store.name,
      members: tuple.map((m) => m.name),
      value: null,
      text: next ?? "",
    };
    this.texts.delete(key);
    this.texts.set(key, w);
    this.recordCell(w);
    return true;
  }

  /** Restores every touched cube and every changed text to its state before the operation. */
  rollback(): void {
    // Each copy is taken as it is: the operation ends here, nothing reads it again.
    for (const [store, snap] of this.snapshots) store.data.takePool(snap);
    for (let i = this.textUndo.length - 1; i >= 0; i--) {
      const u = this.textUndo[i] as (typeof this.textUndo)[number];
      u.store.texts.set(u.tuple, u.old);
    }
    this.snapshots.clear();
    this.diffs.clear();
    this.textUndo.length = 0;
    this.texts.clear();
    this.steps.length = 0;
  }

  /** The changed cells with their final values (stored cells of the cubes, then texts). */
  writes(): CellWrite[] {
    return [
      ...[...this.snapshots.keys()].flatMap((store) => this.storedChanges(store)),
      ...this.texts.values(),
    ];
  }

  /** Number of stored cells changed in a plan type so far (for rule messages). */
  changedCells(store: PlanTypeStore): number {
    return this.storedChanges(store).length;
  }

  /** Diffs of each cube against its snapshot, kept while the cube's version does not move (one scan, not two). */
  private readonly diffs = new Map<PlanTypeStore, { version: number; cells: CellWrite[] }>();

  private storedChanges(store: PlanTypeStore): CellWrite[] {
    const snap = this.snapshots.get(store);
    if (!snap) return [];
    const cube = store.data;
    cube.flush();
    const hit = this.diffs.get(store);
    if (hit && hit.version === cube.version) return hit.cells;
    const cells: CellWrite[] = [];
    cube.changesSince(snap, (coords, value, input) => {
      cells.push({
        cube: store.name,
        members: coords.map((o, i) => cube.member(i, o).name),
        value: Number.isNaN(value) ? null : value,
        stored: true,
        input,
      });
    });
    this.diffs.set(store, { version: cube.version, cells });
    return cells;
  }
}

function sameValue(a: CellValue, b: CellValue): boolean {
  if (a === null || b === null) return a === b;
  return a === b || Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
