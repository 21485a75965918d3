import type { Work } from "@qibates/provider";

/** Array items written between two steps: a few hundred grid rows, well under a millisecond. */
const STEP_ITEMS = 128;

/**
 * `JSON.stringify(value)`, written a few array items at a time (a generator that yields between steps), so
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
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.push(",");
      const item: unknown = value[i];
      if (item === undefined || typeof item === "function" || typeof item === "symbol") parts.push("null");
      else if (flat(item)) parts.push(JSON.stringify(item));
      else yield* write(item, parts);
      if (i % STEP_ITEMS === STEP_ITEMS - 1) yield;
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

/** A value written at once: a primitive, or an array of primitives (a grid row). */
function flat(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  if (!Array.isArray(value)) return false;
  for (const item of value) if (item !== null && typeof item === "object") return false;
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
