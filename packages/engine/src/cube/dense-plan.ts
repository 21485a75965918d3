import type { Dimension, Member } from "../outline.ts";
import { OP_SKIP, opCode, skipCode, tbCode } from "./arithmetic.ts";
import type { CubeLayout, Region } from "./layout.ts";
import { redoOverflow, runDenseBlocks } from "./parallel.ts";
import type { BlockStore } from "./storage.ts";

/**
 * Consolidation inside one block: the stored parents of the dense dimensions, compiled once into a flat
 * instruction array over block offsets, `[kind, target, n, child0, op0, …]` with kind = time balance code |
 * skip option << 2 (0 = the outline operators), then run block by block.
 */

/** Compiles the consolidation of the stored parents of dense dimensions `dims` (inside `region`, if any). */
export function compileDensePlan(
  layout: CubeLayout,
  dims: readonly number[],
  region: Region | null,
): Int32Array {
  const out: number[] = [];
  const { slotOf, denseStride, never } = layout;
  const denseSlots = (i: number): Member[] =>
    (layout.dims[i] as Dimension).members.filter(
      (m) => !m.isShared && (slotOf[i] as Int32Array)[m.ordinal] !== -1,
    );
  for (const d of dims) {
    const others = layout.denseDims.filter((i) => i !== d);
    const parents = (layout.aggParents[d] as Member[]).filter(
      (p) => !region?.[d] || region[d]?.[p.ordinal] === 1,
    );
    if (parents.length === 0) continue;
    // every combination of the other dense dimensions' stored members
    let combos: Map<number, number>[] = [new Map()];
    for (const o of others) {
      const next: Map<number, number>[] = [];
      for (const c of combos) {
        for (const m of denseSlots(o)) {
          if (region?.[o] && region[o]?.[m.ordinal] !== 1) continue;
          const n = new Map(c);
          n.set(o, m.ordinal);
          next.push(n);
        }
      }
      // Assigned, not spliced in: a spread of a large list overflows the stack.
      combos = next;
    }
    for (const combo of combos) {
      if ([...combo].some(([o, ord]) => never[o]?.[ord] === 1)) continue;
      let base = 0;
      for (const [o, ord] of combo)
        base += ((slotOf[o] as Int32Array)[ord] as number) * (denseStride[o] as number);
      const acct =
        d === layout.timeDim && layout.accountsDim >= 0 && combo.has(layout.accountsDim)
          ? layout.member(layout.accountsDim, combo.get(layout.accountsDim) as number)
          : null;
      const kind =
        acct && acct.timeBalance !== "none"
          ? tbCode(acct.timeBalance) | (skipCode(acct.timeBalanceSkip) << 2)
          : 0;
      for (const p of parents) {
        const target = base + ((slotOf[d] as Int32Array)[p.ordinal] as number) * (denseStride[d] as number);
        const kids: number[] = [];
        p.children.forEach((c) => {
          const s = (slotOf[d] as Int32Array)[c.stored.ordinal] as number;
          const op = opCode(c.consolidation);
          if (op === OP_SKIP && kind === 0) return;
          kids.push(s < 0 ? -1 : base + s * (denseStride[d] as number), op);
        });
        out.push(kind, target, kids.length / 2, ...kids);
      }
    }
  }
  return Int32Array.from(out);
}

/**
 * Runs a compiled plan in block `b`. With `keepInput` (AGGMISSG off), an all-#Missing result leaves a loaded
 * value at its target.
 */
export function runDensePlan(plan: Int32Array, store: BlockStore, b: number, keepInput: boolean): void {
  const task = {
    kind: "dense" as const,
    plan,
    values: store.values,
    overflow: new Int32Array(3),
    input: store.input,
    blockSize: store.blockSize,
    inputWords: store.inputWords,
    keepInput,
    blocks: store.blockCount,
  };
  runDenseBlocks(task, b, b + 1);
  redoOverflow(task, (more) => store.room(more));
}
