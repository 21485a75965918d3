import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The API reference's Scalar bundle is a committed copy of the unmodified browser build of
 * `@scalar/api-reference` (site/vendor/scalar-api-reference, written by scripts/vendor-scalar.mjs through
 * `npm pack`), not a dependency: every `@scalar` package asks for Node 22, and installing them made `npm install`
 * warn on Node 20, which the product supports (issue 71). Nothing is fetched at build time (issue 57, part 8).
 */
const site = resolve(import.meta.dirname, "..");
const root = resolve(site, "..");
const vendored = join(site, "vendor", "scalar-api-reference");

describe("the API reference's Scalar bundle", () => {
  it("is one exact version, every file as its SHA256SUMS lists it, and no other", () => {
    const version = readFileSync(join(vendored, "VERSION"), "utf8").trim();
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readFileSync(join(vendored, "NOTICE"), "utf8")).toMatch(
      new RegExp(
        `^@scalar/api-reference ${version.replaceAll(".", "\\.")} \\(MIT licence[^]*integrity: sha512-`,
      ),
    );
    const listed = readFileSync(join(vendored, "SHA256SUMS"), "utf8").trim().split("\n");
    const files = new Map(listed.map((line) => [line.slice(66), line.slice(0, 64)]));
    expect(files.has("standalone.esm.js")).toBe(true);
    const present = [
      "standalone.esm.js",
      ...readdirSync(join(vendored, "chunks")).map((name) => `chunks/${name}`),
    ].sort();
    expect(present).toEqual([...files.keys()].sort());
    for (const [file, sum] of files) {
      expect(
        createHash("sha256")
          .update(readFileSync(join(vendored, file)))
          .digest("hex"),
        file,
      ).toBe(sum);
    }
  });

  it("is no npm dependency: no @scalar package is installed with the workspace", () => {
    const manifest = JSON.parse(readFileSync(join(site, "package.json"), "utf8"));
    const named = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    expect(named.filter((name) => name.startsWith("@scalar/"))).toEqual([]);
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
    expect(Object.keys(lock.packages).filter((path) => path.includes("node_modules/@scalar/"))).toEqual([]);
  });

  it("is copied from the committed copy by the prebuild step, which fetches nothing", () => {
    const script = readFileSync(join(site, "scripts", "prepare-static.mjs"), "utf8");
    expect(script).not.toMatch(/npm["', ]+pack|fetch\(|https?:\/\/registry|node_modules/);
    const target = join(site, "static", "scalar");
    // The step copies the bundle again when its stamp is missing.
    if (existsSync(join(target, "VERSION"))) rmSync(join(target, "VERSION"));
    execFileSync("node", [join(site, "scripts", "prepare-static.mjs")], { cwd: site, stdio: "pipe" });
    const version = readFileSync(join(vendored, "VERSION"), "utf8").trim();
    expect(readFileSync(join(target, "VERSION"), "utf8").trim()).toBe(version);
    expect(readFileSync(join(target, "standalone.esm.js"))).toEqual(
      readFileSync(join(vendored, "standalone.esm.js")),
    );
    expect(existsSync(join(target, "SHA256SUMS"))).toBe(false);
  });
});
