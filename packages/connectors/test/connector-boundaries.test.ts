import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PROTOCOLS as OPENERS } from "../src/protocols.ts";

/**
 * The protocol folders stand alone: each reaches what they share through `src/remote/` (sessions, outline
 * cache, unsupported()), `@qibates/grid-bridge` (grids and settings between the contract and the engine) and
 * `@qibates/protocols` (the codecs), never through another protocol's folder nor the engine host
 * (`@qibates/embedded`).
 * Read from the import lines of every source file, so a new file is checked without being listed.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");
/** The protocol folders: one per protocol client the product registers (`src/protocols.ts`). */
const PROTOCOLS = Object.keys(OPENERS);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every module a file names in `import … from`, `export … from`, `import "…"` or `import("…")`. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g))
    found.push(m[1] as string);
  return found;
}

/** The folder under `src/` a specifier of `file` lands in (`embedded`, `xmla`…), or the package path it names. */
function target(file: string, spec: string): string {
  if (spec === "@qibates/embedded" || spec.startsWith("@qibates/embedded/")) return "embedded";
  if (spec.includes("packages/embedded/") || spec.includes("/embedded/src")) return "embedded";
  if (spec.startsWith("@qibates/connectors/"))
    return spec.slice("@qibates/connectors/".length).split("/")[0] as string;
  if (!spec.startsWith(".")) return spec;
  const path = relative(SRC, resolve(dirname(file), spec));
  return path.startsWith("..") ? path : (path.split(sep)[0] as string);
}

/** `folder/file.ts → target` for every import of a file under `folder` that lands in another of `folders`. */
function crossings(folder: string, forbidden: readonly string[]): string[] {
  return sources(join(SRC, folder)).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return specifiers(text)
      .filter((spec) => {
        const t = target(file, spec);
        return t !== folder && forbidden.includes(t);
      })
      .map((spec) => `${relative(SRC, file)} → ${spec}`);
  });
}

describe("connector folders", () => {
  it("has a folder for every protocol", () => {
    expect(PROTOCOLS).toContain("planning-smartview");
    for (const folder of PROTOCOLS) expect(sources(join(SRC, folder)).length, folder).toBeGreaterThan(0);
  });

  it.each(PROTOCOLS)("%s imports no other protocol's folder", (folder) => {
    expect(crossings(folder, PROTOCOLS)).toEqual([]);
  });

  it.each([...PROTOCOLS, "remote", "net"])("%s imports nothing of the engine host", (folder) => {
    expect(crossings(folder, ["embedded"])).toEqual([]);
  });

  it("the package names no engine host among its run-time dependencies", () => {
    const pkg = JSON.parse(readFileSync(join(SRC, "..", "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies ?? {})).not.toContain("@qibates/embedded");
  });

  it("reads the import lines it checks", () => {
    const file = join(SRC, "xmla", "provider.ts");
    const specs = specifiers(readFileSync(file, "utf8"));
    expect(specs).toContain("@qibates/grid-bridge");
    expect(target(file, "../smartview/client.ts")).toBe("smartview");
    expect(target(file, "@qibates/embedded")).toBe("embedded");
    expect(target(file, "../../../embedded/src/provider.ts")).toBe("embedded");
    expect(specifiers('import {\n  a,\n} from "../x/y.ts";\nexport { b } from "./z.ts";')).toEqual([
      "../x/y.ts",
      "./z.ts",
    ]);
  });
});
