import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * A call's context (its deadline, its signal, the client it is passed on for, whether it writes, the job it is a
 * step of) is passed from the route to the provider and on to each request, never read from an ambient store:
 * no file a package runs (`packages/<name>/src`) holds an AsyncLocalStorage or enters async hooks. Read from every
 * such file, so a new one is checked unlisted.
 */

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const PACKAGES = join(ROOT, "packages");

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(path);
    return /\.(ts|mts|tsx|mjs|js)$/.test(e.name) ? [path] : [];
  });
}

/** The lines of `text` that hold an ambient store: Node's AsyncLocalStorage, async hooks, or their module. */
export function ambientStores(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => /\bAsyncLocalStorage\b|\bcreateHook\s*\(|["'](node:)?async_hooks["']/.test(line))
    .filter((line) => !/^\s*(\*|\/\/)/.test(line));
}

describe("the call's context is passed, not ambient", () => {
  it("is told apart from a comment that names an ambient store", () => {
    expect(ambientStores('import { AsyncLocalStorage } from "node:async_hooks";')).toHaveLength(1);
    expect(ambientStores("const s = new AsyncLocalStorage<number>();")).toHaveLength(1);
    expect(ambientStores("  * no AsyncLocalStorage here\n// nor async_hooks")).toHaveLength(0);
  });

  it("no package's sources hold an AsyncLocalStorage or async hooks", () => {
    const found: string[] = [];
    for (const pkg of readdirSync(PACKAGES)) {
      for (const file of sources(join(PACKAGES, pkg, "src"))) {
        for (const line of ambientStores(readFileSync(file, "utf8"))) {
          found.push(`${relative(ROOT, file)}: ${line.trim()}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
