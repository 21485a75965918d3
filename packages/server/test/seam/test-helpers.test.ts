import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Test helpers stay out of what runs: no file a package runs (`packages/<name>/src`, and the launchers of
 * `bin/`) imports a `/testing` subpath of the workspace (`@qibates/embedded/testing`'s `memoryStore`), a file a
 * package exports as `./testing`, a file under a `test/` folder, or vitest. Read from the import lines of every
 * such file, so a new file is checked without being listed.
 */

const PACKAGES = fileURLToPath(new URL("../../../", import.meta.url));

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|mts|mjs|js)$/.test(e.name) ? [path] : [];
  });
}

/** Every module a text names in `import … from`, `export … from`, `import "…"` or `import("…")`. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g))
    found.push(m[1] as string);
  return found;
}

/** The files each package exports as `./testing` (absolute paths). */
function testingEntries(): string[] {
  return readdirSync(PACKAGES).flatMap((name) => {
    const manifest = join(PACKAGES, name, "package.json");
    if (!existsSync(manifest)) return [];
    const exports = (JSON.parse(readFileSync(manifest, "utf8")) as { exports?: Record<string, unknown> })
      .exports;
    const entry = exports?.["./testing"];
    return typeof entry === "string" ? [resolve(PACKAGES, name, entry)] : [];
  });
}

/** Why `spec`, imported by `file`, is a test helper in run-time code; null when it is not. */
function testHelper(file: string, spec: string, entries: readonly string[]): string | null {
  if (spec === "vitest" || spec.startsWith("vitest/") || spec.startsWith("@vitest/")) return "vitest";
  if (/^@qibates\/[^/]+\/testing(\/|$)/.test(spec)) return "a /testing subpath";
  const path = spec.startsWith(".") ? resolve(dirname(file), spec) : spec;
  const inWorkspace = spec.startsWith(".") ? relative(PACKAGES, path) : spec;
  if (inWorkspace.split(/[\\/]/).includes("test")) return "a file under test/";
  if (spec.startsWith(".") && entries.includes(path) && path !== file) return "a package's ./testing entry";
  return null;
}

/** `file → spec (why)` for every import of a test helper in the text of `file`. */
function offences(file: string, text: string, entries: readonly string[]): string[] {
  return specifiers(text).flatMap((spec) => {
    const why = testHelper(file, spec, entries);
    return why ? [`${relative(PACKAGES, file).split(sep).join("/")} → ${spec} (${why})`] : [];
  });
}

describe("test helpers", () => {
  const entries = testingEntries();
  const runtime = readdirSync(PACKAGES).flatMap((name) => [
    ...sources(join(PACKAGES, name, "src")),
    ...sources(join(PACKAGES, name, "bin")),
  ]);

  it("no run-time file imports a /testing subpath, a package's ./testing entry, a test/ file or vitest", () => {
    expect(runtime.length).toBeGreaterThan(200);
    expect(runtime.flatMap((f) => offences(f, readFileSync(f, "utf8"), entries))).toEqual([]);
  });

  it("memoryStore is served to tests by @qibates/embedded/testing, not by the package's root", async () => {
    expect(entries.map((e) => relative(PACKAGES, e).split(sep).join("/"))).toContain(
      "embedded/src/memory-store.ts",
    );
    const testing = await import("@qibates/embedded/testing");
    expect(typeof testing.memoryStore).toBe("function");
    const root = (await import("@qibates/embedded")) as Record<string, unknown>;
    expect(root.memoryStore).toBeUndefined();
  });

  it("finds a planted import of each kind (the check reads what it claims to)", () => {
    const file = join(PACKAGES, "embedded", "src", "provider.ts");
    const planted = [
      'import { memoryStore } from "@qibates/embedded/testing";',
      'import { vision } from "../test/support/vision.ts";',
      'import {\n  growRevenue410,\n} from "../../wire/test/support/index.ts";',
      'import { it } from "vitest";',
      'export { defineConfig } from "vitest/config";',
      'const m = await import("./memory-store.ts");',
    ].join("\n");
    expect(offences(file, planted, entries)).toEqual([
      "embedded/src/provider.ts → @qibates/embedded/testing (a /testing subpath)",
      "embedded/src/provider.ts → ../test/support/vision.ts (a file under test/)",
      "embedded/src/provider.ts → ../../wire/test/support/index.ts (a file under test/)",
      "embedded/src/provider.ts → vitest (vitest)",
      "embedded/src/provider.ts → vitest/config (vitest)",
      "embedded/src/provider.ts → ./memory-store.ts (a package's ./testing entry)",
    ]);
    // What run-time code may import is left alone: the workspace's packages, Node's, a sibling file.
    const allowed = [
      'import { Outline } from "@qibates/engine";',
      'import { readFileSync } from "node:fs";',
      'import type { EmbeddedStore } from "./store.ts";',
      'import { latest } from "./contest.ts";',
    ].join("\n");
    expect(offences(file, allowed, entries)).toEqual([]);
  });
});
