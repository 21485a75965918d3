/**
 * When each cell of an application last changed, as journal positions: what a save checks to refuse a grid read
 * before another user changed the cells it writes (optimistic concurrency). Fed from the journal entries as they
 * are applied or appended, so every API node, and a node that replays the journal, holds the same sequences.
 *
 * Memory is bounded: past `limit` cells, the cells changed longest ago are forgotten and `floor` (the newest
 * position forgotten) stands for them. A grid read before `floor` then conflicts with those cells too: a
 * needless refusal for a very old grid, never a lost update.
 */

/** The sequences as saved in a checkpoint. */
export interface SequenceState {
  /** Cell key → position of its last write, oldest first. */
  cells: [string, number][];
  /** Position of the last change of the whole application (a calculation). */
  bulk: number;
  /** Every cell not in `cells` changed at or before this position. */
  floor: number;
}

/** The key of a cell: its member names, one per base dimension, in outline order. */
export function cellKey(members: readonly string[]): string {
  return members.join("\u0001");
}

export class ChangeSequence {
  private cells = new Map<string, number>();
  private bulk = 0;
  private floor = 0;

  constructor(private readonly limit = 65_536) {}

  /** Back to the demo data: nothing changed. */
  clear(): void {
    this.cells = new Map();
    this.bulk = 0;
    this.floor = 0;
  }

  /** The cells an entry at `position` wrote. */
  written(keys: Iterable<string>, position: number): void {
    for (const key of keys) {
      // Re-inserted, so the map stays in the order of the last write and the oldest come first.
      this.cells.delete(key);
      this.cells.set(key, position);
    }
    if (this.cells.size > this.limit) this.forgetOldest(this.cells.size - Math.floor((this.limit * 3) / 4));
  }

  /** An entry at `position` may have changed any cell (a calculation). */
  changedAll(position: number): void {
    this.bulk = position;
  }

  /** Whether the cell changed after `version` (a position the caller read the application at). */
  changedSince(key: string, version: number): boolean {
    return Math.max(this.bulk, this.cells.get(key) ?? this.floor) > version;
  }

  capture(): SequenceState {
    return { cells: [...this.cells], bulk: this.bulk, floor: this.floor };
  }

  /**
   * Takes the sequences a checkpoint saved; without them (a checkpoint of format 1), every cell counts as changed
   * at the checkpoint's `position`.
   */
  restore(state: SequenceState | null, position: number): void {
    if (!state) {
      this.clear();
      this.bulk = position;
      return;
    }
    this.cells = new Map(state.cells);
    this.bulk = state.bulk;
    this.floor = state.floor;
  }

  private forgetOldest(count: number): void {
    let left = count;
    for (const [key, position] of this.cells) {
      if (left-- <= 0) break;
      this.cells.delete(key);
      if (position > this.floor) this.floor = position;
    }
  }
}
