import type { Work } from "@qibates/provider";

/**
 * Cells (or items) written between two steps: a run of flat items (grid rows) goes to one `JSON.stringify`, which
 * writes a thousand cells in a few hundredths of a millisecond.
 */
const STEP_CELLS = 1024;

/**
 * `JSON.stringify(value)`, written a few hundred grid rows at a time (a generator that yields between steps), so
 * that the answer of a grid of 100,000 cells is serialised in slices (the server's `SliceScheduler`)
 * rather than in one 10-20 ms block of the event loop. Same text as `JSON.stringify`: only plain objects
 * and arrays are walked; anything else (strings, numbers, objects with `toJSON`) is left to `JSON.stringify`.
 */
export function jsonSteps(value: unknown): Work<string> {
  const parts: string[] = [];
  return (function* () {
    yield* write(value, parts);
    return parts.join("");
  })();
}

function* write(value: unknown, parts: string[]): Work<void> {
  if (Array.isArray(value)) {
    parts.push("[");
    let i = 0;
    while (i < value.length) {
      if (i > 0) parts.push(",");
      // A run of flat items (primitives, grid rows) is written by one JSON.stringify, without its brackets: an
      // array writes a hole, `undefined`, a function or a symbol as `null`, as it does here.
      let end = i;
      let cells = 0;
      for (; end < value.length && cells < STEP_CELLS; end++) {
        const n = flatCells(value[end]);
        if (n < 0) break;
        cells += n;
      }
      if (end > i) {
        const run = JSON.stringify(i === 0 && end === value.length ? value : value.slice(i, end));
        parts.push(run.slice(1, -1));
        i = end;
        if (cells >= STEP_CELLS) yield;
      } else {
        yield* write(value[i], parts);
        i++;
      }
    }
    parts.push("]");
    return;
  }
  if (isPlainObject(value)) {
    parts.push("{");
    let first = true;
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
      parts.push(first ? "" : ",", JSON.stringify(key), ":");
      first = false;
      yield* write(item, parts);
    }
    parts.push("}");
    return;
  }
  // Strings, numbers, booleans, null, and objects that say how to write themselves.
  parts.push(JSON.stringify(value) ?? "null");
}

/**
 * The cells of a value written at once: 1 for a primitive, the length of an array of primitives (a grid row, at
 * least 1); -1 for anything to walk.
 */
function flatCells(value: unknown): number {
  if (value === null || typeof value !== "object") return 1;
  if (!Array.isArray(value)) return -1;
  for (const item of value) if (item !== null && typeof item === "object") return -1;
  return value.length || 1;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
