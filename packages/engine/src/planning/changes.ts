import type { CellValue, DataSource } from "../data-source.ts";
import type { Member } from "../outline.ts";

/**
 * One cell changed by a planning operation, in a form the server can journal and replay: the plan type, one
 * member name per base dimension (outline order) and the new value. Text cells carry `text` (the empty
 * string clears the text) and `value: null`.
 */
export interface CellWrite {
  cube: string;
  members: string[];
  value: number | null;
  text?: string;
}

/** The text of planning text cells, keyed by cell tuple; kept beside the numeric cube. */
export class TextStore {
  private readonly texts = new Map<string, string>();

  get size(): number {
    return this.texts.size;
  }

  get(tuple: readonly Member[]): string | null {
    return this.texts.get(textKey(tuple)) ?? null;
  }

  set(tuple: readonly Member[], text: string | null): void {
    const k = textKey(tuple);
    if (text === null || text === "") this.texts.delete(k);
    else this.texts.set(k, text);
  }
}

function textKey(tuple: readonly Member[]): string {
  let k = "";
  for (const m of tuple) k += `${m.stored.ordinal},`;
  return k;
}

interface PlanTypeStore {
  name: string;
  data: DataSource;
  texts: TextStore;
}

type Undo =
  | { store: PlanTypeStore; tuple: Member[]; kind: "value"; old: CellValue }
  | {
      store: PlanTypeStore;
      tuple: Member[];
      kind: "text";
      old: string | null;
    };

/**
 * The changes of one mutating operation. Every write goes through it: it remembers the old value (undo log)
 * and the final value of every changed cell (journal). `rollback()` restores the cube exactly; `writes()`
 * lists each changed cell once, with its final value, in first-change order.
 */
export class ChangeSet {
  private readonly undo: Undo[] = [];
  private readonly final = new Map<string, CellWrite>();

  writeValue(store: PlanTypeStore, tuple: readonly Member[], value: CellValue): boolean {
    const old = store.data.read(tuple);
    if (sameValue(old, value)) return false;
    this.undo.push({ store, tuple: [...tuple], kind: "value", old });
    store.data.write(tuple, value);
    this.record(store.name, tuple, { cube: store.name, members: tuple.map((m) => m.name), value });
    return true;
  }

  writeText(store: PlanTypeStore, tuple: readonly Member[], text: string | null): boolean {
    const old = store.texts.get(tuple);
    const next = text === "" ? null : text;
    if (old === next) return false;
    this.undo.push({ store, tuple: [...tuple], kind: "text", old });
    store.texts.set(tuple, next);
    this.record(store.name, tuple, {
      cube: store.name,
      members: tuple.map((m) => m.name),
      value: null,
      text: next ?? "",
    });
    return true;
  }

  /** Restores every changed cell to its value before the operation. */
  rollback(): void {
    for (let i = this.undo.length - 1; i >= 0; i--) {
      const u = this.undo[i] as Undo;
      if (u.kind === "value") u.store.data.write(u.tuple, u.old);
      else u.store.texts.set(u.tuple, u.old);
    }
    this.undo.length = 0;
    this.final.clear();
  }

  /** The changed cells with their final values. */
  writes(): CellWrite[] {
    return [...this.final.values()];
  }

  private record(cube: string, tuple: readonly Member[], w: CellWrite): void {
    const key = `${cube}|${tuple.map((m) => m.stored.ordinal).join(",")}|${w.text === undefined ? "v" : "t"}`;
    this.final.delete(key);
    this.final.set(key, w);
  }
}

function sameValue(a: CellValue, b: CellValue): boolean {
  if (a === null || b === null) return a === b;
  return a === b || Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
