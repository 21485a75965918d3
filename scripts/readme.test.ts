import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The README is for a first reader: what QiBates is, the two commands, the settings of a first deployment, a map
 * of the repository that matches the tree, and where to read more. Everything else lives in the site,
 * CONTRIBUTING.md or ARCHITECTURE.md.
 */
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const readme = readFileSync(join(ROOT, "README.md"), "utf8");

/** The rows of the table under `## Map of the repository`: the folder cell and the description cell. */
function mapRows(): { folder: string; what: string }[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith("Map of the repository")) ?? "";
  return [...section.matchAll(/^\| `([^`]+)` \| (.+) \|$/gm)].map((m) => ({
    folder: m[1] ?? "",
    what: m[2] ?? "",
  }));
}

/** Top-level folders git keeps (not those .gitignore names, such as node_modules/ and data/). */
function trackedTopFolders(): string[] {
  const ignored = new Set(
    readFileSync(join(ROOT, ".gitignore"), "utf8")
      .split("\n")
      .map((l) => l.trim().replace(/^\//, ""))
      .filter((l) => /^[^/*]+\/$/.test(l))
      .map((l) => l.slice(0, -1)),
  );
  return readdirSync(ROOT).filter(
    (name) => name !== ".git" && !ignored.has(name) && statSync(join(ROOT, name)).isDirectory(),
  );
}

describe("README", () => {
  it("has at most 1,500 words", () => {
    expect(readme.split(/\s+/).filter((w) => w !== "").length).toBeLessThanOrEqual(1500);
  });

  it("gives the two set-up commands, verbatim, each in a shell block", () => {
    const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)\n```$/gm)].map((m) => m[1]);
    expect(blocks).toEqual(["npm install && npm start", "npm install && npm test"]);
  });

  it("names every package folder in its map, each with its package's name", () => {
    const rows = mapRows();
    const packages = readdirSync(join(ROOT, "packages")).filter((p) =>
      existsSync(join(ROOT, "packages", p, "package.json")),
    );
    expect(packages.length).toBeGreaterThan(0);
    for (const p of packages) {
      const row = rows.find((r) => r.folder === `packages/${p}/`);
      expect(row, `packages/${p}/ is missing from the README's map`).toBeDefined();
      const { name } = JSON.parse(readFileSync(join(ROOT, "packages", p, "package.json"), "utf8")) as {
        name: string;
      };
      expect(row?.what, `packages/${p}/`).toContain(`\`${name}\``);
    }
  });

  it("names every top-level folder git keeps in its map", () => {
    const folders = mapRows().map((r) => r.folder);
    const missing = trackedTopFolders().filter((top) => !folders.some((f) => f.startsWith(`${top}/`)));
    expect(missing).toEqual([]);
  });

  it("names in its map no path that does not exist", () => {
    const wrong: string[] = [];
    for (const { folder, what } of mapRows()) {
      if (!existsSync(join(ROOT, folder))) wrong.push(folder);
      // A path in a description is the repository's or the row's folder's (`src/remote/` of packages/connectors/).
      for (const [, code] of what.matchAll(/`([^`]+)`/g)) {
        if (!code || code.startsWith("/") || code.startsWith("@") || !/[./]/.test(code) || /\s/.test(code)) {
          continue;
        }
        const base = statSync(join(ROOT, folder)).isDirectory() ? folder : "";
        if (!existsSync(join(ROOT, code)) && !existsSync(join(ROOT, base, code)))
          wrong.push(`${folder}: ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
