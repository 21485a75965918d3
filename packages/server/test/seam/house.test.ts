import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The docs generator is the site's tool (`site/tools`: the capability pages and the feature matrix, written by
 * `site/scripts/write-capability-docs.ts`), not a part of what runs: no file a package runs (`packages/<name>/src`
 * and `bin/`) imports anything of the site, nor a generator module by its old subpaths, and no package holds the
 * generator's files again. Read from the import lines of every such file, so a new file is checked unlisted.
 */

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const PACKAGES = join(ROOT, "packages");
const SITE = join(ROOT, "site");
/** The generator's modules, by file name. */
const GENERATOR = ["capability-docs", "feature-matrix"];

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(path);
    return /\.(ts|mts|tsx|mjs|js)$/.test(e.name) ? [path] : [];
  });
}

/** Every module a text names in `import … from`, `export … from`, `import "…"` or `import("…")`. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g))
    found.push(m[1] as string);
  return found;
}

/** Why `spec`, imported by `file`, reaches the docs generator; null when it does not. */
function generatorImport(file: string, spec: string): string | null {
  if (/^@qibates\/site(\/|$)/.test(spec)) return "the site's package";
  if (spec.startsWith(".")) {
    const path = relative(SITE, resolve(dirname(file), spec));
    if (!path.startsWith("..") && !path.startsWith(sep)) return "a file of the site";
  }
  const name = basename(spec).replace(/\.[mc]?[jt]sx?$/, "");
  if (spec.startsWith("@qibates/") && GENERATOR.includes(name)) return "a generator subpath";
  return null;
}

/** `file → spec (why)` for every import of the docs generator in the text of `file`. */
function offences(file: string, text: string): string[] {
  return specifiers(text).flatMap((spec) => {
    const why = generatorImport(file, spec);
    return why ? [`${relative(PACKAGES, file).split(sep).join("/")} → ${spec} (${why})`] : [];
  });
}

describe("the docs generator stays out of the run-time packages", () => {
  const runtime = readdirSync(PACKAGES).flatMap((name) => [
    ...sources(join(PACKAGES, name, "src")),
    ...sources(join(PACKAGES, name, "bin")),
  ]);

  it("no run-time file imports the site, its tools or a generator subpath", () => {
    expect(runtime.length).toBeGreaterThan(200);
    expect(runtime.flatMap((f) => offences(f, readFileSync(f, "utf8")))).toEqual([]);
  });

  it("no package holds the generator's modules, and the site's tools do", () => {
    const held = readdirSync(PACKAGES).flatMap((name) =>
      sources(join(PACKAGES, name)).filter((f) => GENERATOR.includes(basename(f).replace(/\.ts$/, ""))),
    );
    expect(held.map((f) => relative(ROOT, f))).toEqual([]);
    for (const name of GENERATOR) expect(existsSync(join(SITE, "tools", `${name}.ts`)), name).toBe(true);
  });

  it("finds a planted import of each kind (the check reads what it claims to)", () => {
    const file = join(PACKAGES, "connectors", "src", "xmla", "provider.ts");
    const planted = [
      'import { featureMatrix } from "../../../../site/tools/feature-matrix.ts";',
      'import {\n  capabilitySection,\n} from "../../../../site/tools/capability-docs.ts";',
      'export { SERVER_NAME } from "../../../../site/scripts/print-matrix.ts";',
      'const docs = await import("@qibates/site/tools/capability-docs");',
      'import { reasonMarkdown } from "@qibates/connectors/capability-docs";',
      'import { matrixCell } from "@qibates/provider/feature-matrix.ts";',
    ].join("\n");
    expect(offences(file, planted)).toEqual([
      "connectors/src/xmla/provider.ts → ../../../../site/tools/feature-matrix.ts (a file of the site)",
      "connectors/src/xmla/provider.ts → ../../../../site/tools/capability-docs.ts (a file of the site)",
      "connectors/src/xmla/provider.ts → ../../../../site/scripts/print-matrix.ts (a file of the site)",
      "connectors/src/xmla/provider.ts → @qibates/site/tools/capability-docs (the site's package)",
      "connectors/src/xmla/provider.ts → @qibates/connectors/capability-docs (a generator subpath)",
      "connectors/src/xmla/provider.ts → @qibates/provider/feature-matrix.ts (a generator subpath)",
    ]);
    // What run-time code may import is left alone: the capability table, a sibling, Node's, a package's folder.
    const allowed = [
      'import { CONNECTOR_PROFILES, refusalReason } from "@qibates/provider";',
      'import { missing } from "../remote/unsupported.ts";',
      'import { readFileSync } from "node:fs";',
      'import { XmlaClient } from "./client.ts";',
    ].join("\n");
    expect(offences(file, allowed)).toEqual([]);
  });
});
