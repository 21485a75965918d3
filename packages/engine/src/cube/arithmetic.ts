import type { Consolidation } from "../outline.ts";

/**
 * The arithmetic of consolidation: outline operators as codes, #Missing arithmetic (`#Missing + 5` is 5, `#Missing - 5` is -5, `#Missing * 5` and `x / 0` are #Missing) and time
 * balance over periods. Shared by aggregation, dynamic calculation and Dynamic Time Series.
 */

export const OP_PLUS = 0;
export const OP_MINUS = 1;
export const OP_TIMES = 2;
export const OP_DIVIDE = 3;
export const OP_PERCENT = 4;
export const OP_SKIP = 5;

export function opCode(c: Consolidation): number {
  switch (c) {
    case "+":
      return OP_PLUS;
    case "-":
      return OP_MINUS;
    case "*":
      return OP_TIMES;
    case "/":
      return OP_DIVIDE;
    case "%":
      return OP_PERCENT;
    default:
      return OP_SKIP;
  }
}

/** Running result R combined with child value v under an operator, with #Missing arithmetic (see above). */
export function combine(r: number, v: number, op: number): number {
  switch (op) {
    case OP_PLUS:
      return Number.isNaN(r) ? v : Number.isNaN(v) ? r : r + v;
    case OP_MINUS:
      return Number.isNaN(r) ? -v : Number.isNaN(v) ? r : r - v;
    case OP_TIMES:
      return r * v;
    case OP_DIVIDE:
      return v === 0 ? Number.NaN : r / v;
    case OP_PERCENT:
      return v === 0 ? Number.NaN : (r / v) * 100;
    default:
      return r;
  }
}

export const TB_NONE = 0;
export const TB_FIRST = 1;
export const TB_LAST = 2;
export const TB_AVERAGE = 3;

export const SKIPS = ["none", "missing", "zeros", "missing-and-zeros"];

export function tbCode(tb: string): number {
  return tb === "first" ? TB_FIRST : tb === "last" ? TB_LAST : tb === "average" ? TB_AVERAGE : TB_NONE;
}

export function skipCode(s: string): number {
  const i = SKIPS.indexOf(s);
  return Math.max(i, 0);
}

/** Time balance over child periods in order: first, last or average, skipping #Missing and/or zeros. */
export function timeBalance(vals: readonly number[], tb: number, skip: string): number {
  const skipMissing = skip === "missing" || skip === "missing-and-zeros";
  const skipZeros = skip === "zeros" || skip === "missing-and-zeros";
  const keep = (v: number): boolean => !((skipMissing && Number.isNaN(v)) || (skipZeros && v === 0));
  if (tb === TB_FIRST) {
    for (const v of vals) if (keep(v)) return v;
    return Number.NaN;
  }
  if (tb === TB_LAST) {
    for (let k = vals.length - 1; k >= 0; k--) if (keep(vals[k] as number)) return vals[k] as number;
    return Number.NaN;
  }
  let sum = 0;
  let n = 0;
  let any = false;
  for (const v of vals) {
    if (!keep(v)) continue;
    n++;
    if (!Number.isNaN(v)) {
      sum += v;
      any = true;
    }
  }
  return any && n > 0 ? sum / n : Number.NaN;
}
