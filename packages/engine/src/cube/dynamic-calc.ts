import type { Member } from "../outline.ts";
import { combine, OP_SKIP, tbCode, timeBalance } from "./arithmetic.ts";
import { CubeError } from "./cube-error.ts";
import { type CubeLayout, isStorable } from "./layout.ts";
import type { BlockStore } from "./storage.ts";

/** Evaluates a member formula at an intersection (the calc-script evaluator). */
export interface MemberFormulas {
  memberValue(m: Member, coords: number[], depth: number): number;
}

/** How many dynamic members may be expanded inside one another before a read fails (a circular formula). */
export const MAX_DYNAMIC_DEPTH = 64;

/**
 * Dynamic calculation: the value of any intersection at retrieval. Members that are not stored (Dynamic Calc,
 * label only, member formulas) are expanded outermost-first in reverse calculation order, two-pass members last
 * of all (outermost); a label-only member shows its first child, a formula is evaluated, a dynamic parent
 * consolidates its children with the outline operators and time balance. Stored cells are read from the blocks.
 */
export class DynamicCalc {
  constructor(
    private readonly layout: CubeLayout,
    private readonly store: BlockStore,
    private readonly formulas: MemberFormulas,
  ) {}

  /** The value of an intersection given as stored ordinals (`coords` is restored before returning). */
  valueAt(coords: number[], depth = 0): number {
    if (depth > MAX_DYNAMIC_DEPTH)
      throw new CubeError("Dynamic calculation is too deep (circular formula?)", "CUBE_TOO_DEEP");
    const layout = this.layout;
    const order = layout.calcOrder;
    for (let k = order.length - 1; k >= 0; k--) {
      const i = order[k] as number;
      const m = layout.member(i, coords[i] as number);
      if (m.twoPass && !isStorable(m)) return this.expand(i, m, coords, depth);
    }
    for (let k = order.length - 1; k >= 0; k--) {
      const i = order[k] as number;
      const m = layout.member(i, coords[i] as number);
      if (!isStorable(m)) return this.expand(i, m, coords, depth);
    }
    return this.storedValue(coords);
  }

  /** The stored value of an intersection (no dynamic calculation). */
  storedValue(coords: readonly number[]): number {
    const b = this.store.index.get(this.layout.keyOf(coords));
    if (b < 0) return Number.NaN;
    const c = this.layout.cellOf(coords);
    return c < 0 ? Number.NaN : this.store.get(b, c);
  }

  private expand(i: number, m: Member, coords: number[], depth: number): number {
    const saved = coords[i] as number;
    try {
      if (m.storage === "label-only") {
        const first = m.children[0];
        if (!first) return Number.NaN;
        coords[i] = first.stored.ordinal;
        return this.valueAt(coords, depth + 1);
      }
      if (m.formula) return this.formulas.memberValue(m, coords, depth + 1);
      if (m.isLeaf) return Number.NaN;
      return this.consolidate(i, m, coords, depth);
    } finally {
      coords[i] = saved;
    }
  }

  /** A dynamic parent from its children: `^` members elsewhere in the tuple make it #Missing. */
  private consolidate(i: number, m: Member, coords: number[], depth: number): number {
    const layout = this.layout;
    for (let j = 0; j < coords.length; j++) {
      if (j !== i && layout.never[j]?.[coords[j] as number] === 1) return Number.NaN;
    }
    const ords = (layout.childOrds[i] as Int32Array[])[m.ordinal] as Int32Array;
    const ops = (layout.childOps[i] as Uint8Array[])[m.ordinal] as Uint8Array;
    const tb =
      i === layout.timeDim && layout.accountsDim >= 0
        ? layout.member(layout.accountsDim, coords[layout.accountsDim] as number)
        : null;
    if (tb && tb.timeBalance !== "none") {
      const vals: number[] = [];
      for (let k = 0; k < ords.length; k++) {
        coords[i] = ords[k] as number;
        vals.push(this.valueAt(coords, depth + 1));
      }
      return timeBalance(vals, tbCode(tb.timeBalance), tb.timeBalanceSkip);
    }
    let r = Number.NaN;
    for (let k = 0; k < ords.length; k++) {
      const op = ops[k] as number;
      if (op === OP_SKIP) continue;
      coords[i] = ords[k] as number;
      r = combine(r, this.valueAt(coords, depth + 1), op);
    }
    return r;
  }
}
