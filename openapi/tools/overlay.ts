import { isObject, type Json, type JsonObject } from "./contract.ts";

/**
 * Applies an OpenAPI Overlay 1.0 document (`overlay`, `info`, `actions[{target, update}]`) to a
 * description. Targets use the JSONPath subset the French overlay needs: `$`, `.name`, `['any key']` and
 * `[index]` — each target selects exactly one node. `update` objects merge into the target recursively;
 * scalars replace. Arrays are not allowed in updates (the spec would append them, which is never what a
 * translation wants).
 */

export interface OverlayResult {
  readonly document: JsonObject;
  /** JSON pointers of every scalar the overlay set, e.g. `/paths/~1health/get/summary`. */
  readonly applied: ReadonlySet<string>;
}

export function parseTarget(target: string): (string | number)[] {
  if (!target.startsWith("$")) throw new Error(`Overlay target must start with $: ${target}`);
  const steps: (string | number)[] = [];
  let i = 1;
  while (i < target.length) {
    const ch = target[i];
    if (ch === ".") {
      const match = /^[A-Za-z0-9_$-]+/.exec(target.slice(i + 1));
      if (!match) throw new Error(`Bad name at ${i} in ${target}`);
      steps.push(match[0]);
      i += 1 + match[0].length;
    } else if (ch === "[" && target[i + 1] === "'") {
      let j = i + 2;
      let key = "";
      while (j < target.length && target[j] !== "'") {
        if (target[j] === "\\") j++;
        key += target[j] ?? "";
        j++;
      }
      if (target[j + 1] !== "]") throw new Error(`Unclosed bracket in ${target}`);
      steps.push(key);
      i = j + 2;
    } else if (ch === "[") {
      const match = /^\[(\d+)\]/.exec(target.slice(i));
      if (!match) throw new Error(`Bad index at ${i} in ${target}`);
      steps.push(Number(match[1]));
      i += match[0].length;
    } else {
      throw new Error(`Unexpected ${ch} at ${i} in ${target}`);
    }
  }
  return steps;
}

export function pointerOf(steps: readonly (string | number)[]): string {
  return steps.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

function clone<T extends Json>(value: T): T {
  return structuredClone(value);
}

function merge(target: JsonObject, update: JsonObject, at: string, applied: Set<string>): void {
  for (const [key, value] of Object.entries(update)) {
    const pointer = `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (Array.isArray(value)) throw new Error(`Arrays are not supported in overlay updates (${pointer})`);
    if (isObject(value)) {
      const existing = target[key];
      if (!isObject(existing)) {
        if (Array.isArray(existing)) throw new Error(`Overlay update object targets an array at ${pointer}`);
        target[key] = {};
      }
      merge(target[key] as JsonObject, value, pointer, applied);
    } else {
      target[key] = value;
      applied.add(pointer);
    }
  }
}

export function applyOverlay(document: JsonObject, overlay: JsonObject): OverlayResult {
  if (typeof overlay.overlay !== "string" || !overlay.overlay.startsWith("1.")) {
    throw new Error("Not an Overlay 1.x document");
  }
  const out = clone(document);
  const applied = new Set<string>();
  const actions = Array.isArray(overlay.actions) ? overlay.actions : [];
  for (const action of actions) {
    if (!isObject(action) || typeof action.target !== "string")
      throw new Error("Overlay action without target");
    const steps = parseTarget(action.target);
    let node: Json | undefined = out;
    for (const step of steps) {
      if (typeof step === "number") node = Array.isArray(node) ? node[step] : undefined;
      else node = isObject(node) ? node[step] : undefined;
    }
    if (!isObject(node)) throw new Error(`Overlay target does not select an object: ${action.target}`);
    if (action.remove === true) throw new Error(`Overlay remove is not supported: ${action.target}`);
    if (!isObject(action.update)) throw new Error(`Overlay action without update object: ${action.target}`);
    merge(node, action.update, pointerOf(steps), applied);
  }
  return { document: out, applied };
}
