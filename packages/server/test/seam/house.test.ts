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

/**
 * The house's floors: which workspace packages each package's run-time files (`src/`, `bin/`) may import. The
 * grid's rules (the zoom modes, the grid calls, the cells of a sheet and of a save, written once), the codecs and
 * the client stand alone; the engine stands on the grid's rules and the codecs (Planning's words, which its Planning
 * objects answer as the Planning endpoint does); the contract sees the client's types and the grid's rules;
 * every floor above may read those rules; the engine adapter
 * (grid-bridge) sees the engine and the contract, never a connector or the engine host; the engine host
 * (embedded) and the remote connectors never see each other nor the server; the wire endpoints see the contract
 * and the codecs, never an engine; only the command-line tools see the server.
 */
const FLOORS: Readonly<Record<string, readonly string[]>> = {
  client: [],
  "grid-rules": [],
  engine: ["grid-rules", "protocols"],
  protocols: [],
  provider: ["client", "grid-rules"],
  "grid-bridge": ["client", "engine", "grid-rules", "protocols", "provider"],
  embedded: ["client", "engine", "grid-bridge", "grid-rules", "protocols", "provider"],
  connectors: ["client", "engine", "grid-bridge", "grid-rules", "protocols", "provider"],
  wire: ["client", "grid-rules", "protocols", "provider"],
  server: ["client", "connectors", "embedded", "grid-rules", "protocols", "provider", "wire"],
  cli: ["client", "connectors", "embedded", "engine", "grid-rules", "provider", "server"],
};

/** `package/file → @qibates/x` for every import of a workspace package that `pkg`'s floor does not allow. */
function floorOffences(pkg: string, file: string, text: string): string[] {
  const allowed = FLOORS[pkg] ?? [];
  return specifiers(text).flatMap((spec) => {
    const name = /^@qibates\/([a-z-]+)/.exec(spec)?.[1];
    if (!name || name === pkg || allowed.includes(name)) return [];
    return [`${relative(PACKAGES, file).split(sep).join("/")} → ${spec}`];
  });
}

describe("each package imports only the floors below it", () => {
  it("every package of the workspace has its floor written down", () => {
    const packages = readdirSync(PACKAGES).filter((name) => existsSync(join(PACKAGES, name, "package.json")));
    expect(packages.sort()).toEqual(Object.keys(FLOORS).sort());
  });

  it("no run-time file imports a package above its floor", () => {
    const found = Object.keys(FLOORS).flatMap((pkg) =>
      [...sources(join(PACKAGES, pkg, "src")), ...sources(join(PACKAGES, pkg, "bin"))].flatMap((f) =>
        floorOffences(pkg, f, readFileSync(f, "utf8")),
      ),
    );
    expect(found).toEqual([]);
  });

  it("finds a planted import above a floor", () => {
    const planted = [
      'import { EmbeddedProvider } from "@qibates/embedded";',
      'import { openProvider } from "@qibates/connectors";',
      'import { Cube } from "@qibates/engine";',
      'import { answerValue } from "@qibates/provider";',
    ].join("\n");
    expect(floorOffences("grid-bridge", join(PACKAGES, "grid-bridge", "src", "answers.ts"), planted)).toEqual(
      ["grid-bridge/src/answers.ts → @qibates/embedded", "grid-bridge/src/answers.ts → @qibates/connectors"],
    );
    expect(floorOffences("wire", join(PACKAGES, "wire", "src", "index.ts"), planted)).toEqual([
      "wire/src/index.ts → @qibates/embedded",
      "wire/src/index.ts → @qibates/connectors",
      "wire/src/index.ts → @qibates/engine",
    ]);
  });
});

/**
 * No import circle inside a package: no two run-time files (`packages/<name>/src`) import each other, directly or
 * through others, type-only imports included (`import type`, `export type … from`): each file stands on files
 * below it, and a piece two files share lives in a third that both import. Read from the relative imports of every
 * `.ts` file, so a new file is checked unlisted.
 */
const SOURCE_EXTENSIONS = ["", ".ts", "/index.ts"];

/** The file of the same set that a relative `spec` of `file` names; null for a package, Node's, or a non-source. */
function importedFile(file: string, spec: string, files: ReadonlySet<string>): string | null {
  if (!spec.startsWith(".")) return null;
  const path = resolve(dirname(file), spec);
  for (const ending of SOURCE_EXTENSIONS) if (files.has(path + ending)) return path + ending;
  const ts = path.replace(/\.js$/, ".ts");
  return files.has(ts) ? ts : null;
}

/** Each file's imports of files of the same set, from the texts of the set. */
function importGraph(texts: ReadonlyMap<string, string>): Map<string, string[]> {
  const files = new Set(texts.keys());
  const graph = new Map<string, string[]>();
  for (const [file, text] of texts) {
    const out = specifiers(text).flatMap((spec) => importedFile(file, spec, files) ?? []);
    graph.set(file, [...new Set(out)]);
  }
  return graph;
}

/**
 * The circles of a graph, each as `a → b → … → a` (paths under `packages/`): a depth-first walk that meets a file
 * still on its path. Every circle of files holds at least one such meeting, so none is missed.
 */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const name = (f: string) => relative(PACKAGES, f).split(sep).join("/");
  const walk = (file: string): void => {
    path.push(file);
    onPath.add(file);
    for (const next of graph.get(file) ?? []) {
      if (onPath.has(next)) found.push([...path.slice(path.indexOf(next)), next].map(name).join(" → "));
      else if (!done.has(next)) walk(next);
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) if (!done.has(file)) walk(file);
  return found;
}

describe("no import circle inside a package", () => {
  const runtime = readdirSync(PACKAGES).flatMap((name) =>
    sources(join(PACKAGES, name, "src")).filter((f) => /\.[mc]?tsx?$/.test(f)),
  );
  const texts = new Map(runtime.map((f) => [f, readFileSync(f, "utf8")]));

  it("no run-time file imports itself through others", () => {
    const graph = importGraph(texts);
    expect(runtime.length).toBeGreaterThan(300);
    // The check reads the imports it claims to: most files import a sibling.
    expect([...graph.values()].filter((out) => out.length > 0).length).toBeGreaterThan(runtime.length / 2);
    expect(circles(graph)).toEqual([]);
  });

  it("finds a planted circle: direct, through others, type-only, across folders", () => {
    const engine = (path: string) => join(PACKAGES, "engine", "src", path);
    const planted = new Map(texts);
    // outline.ts ← members.ts already: outline.ts importing members.ts back closes a circle of two.
    planted.set(
      engine("outline.ts"),
      `import { levelMembers } from "./members.ts";\n${texts.get(engine("outline.ts"))}`,
    );
    // A type-only import from a folder up, closing a circle of three with an `export … from` and an index.
    const a = engine("grid/planted-a.ts");
    const b = engine("planted-b.ts");
    const c = engine("planted-c/index.ts");
    planted.set(a, 'import type { B } from "../planted-b.ts";\nexport type A = B;');
    planted.set(b, 'export { C as B } from "./planted-c";');
    planted.set(c, 'import type {\n  A,\n} from "../grid/planted-a";\nexport type C = A;');
    expect(circles(importGraph(planted)).sort()).toEqual([
      "engine/src/grid/planted-a.ts → engine/src/planted-b.ts → engine/src/planted-c/index.ts → engine/src/grid/planted-a.ts",
      "engine/src/outline.ts → engine/src/members.ts → engine/src/outline.ts",
    ]);
  });
});

/**
 * A call's context (its deadline, its signal, the client it is passed on for, whether it writes, the job it is a
 * step of) is passed from the route to the provider and on to each request, never read from an ambient store:
 * no file a package runs (`packages/<name>/src`) holds an AsyncLocalStorage or enters async hooks. Read from every
 * such file, so a new one is checked unlisted.
 */

/** The lines of `text` that hold an ambient store: Node's AsyncLocalStorage, async hooks, or their module. */
function ambientStores(text: string): string[] {
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

/**
 * One object seen for one call with a field or a method replaced (a client bound to a call, a held session
 * carrying a request's context, a provider whose operations are watched) is made in one place, `viewOf` of
 * `@qibates/provider`: no other file a package runs builds its own `Proxy`.
 */
describe("a view of an object has one maker", () => {
  it("no package's sources but provider/src/views.ts build a Proxy", () => {
    const found: string[] = [];
    for (const pkg of readdirSync(PACKAGES)) {
      for (const file of sources(join(PACKAGES, pkg, "src"))) {
        if (relative(PACKAGES, file) === join("provider", "src", "views.ts")) continue;
        for (const line of readFileSync(file, "utf8").split("\n")) {
          if (/\bnew Proxy\s*[(<]/.test(line) && !/^\s*(\*|\/\/)/.test(line)) {
            found.push(`${relative(ROOT, file)}: ${line.trim()}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
