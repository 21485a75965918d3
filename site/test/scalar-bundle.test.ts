import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 57 (part 8): the API reference's Scalar bundle comes from the lockfile, not from the network at build
 * time. It is a dependency of the site at one exact version, installed with its integrity checked by npm (and
 * seen by `npm audit`), and the prebuild step copies it from node_modules.
 */
const site = resolve(import.meta.dirname, "..");
const root = resolve(site, "..");

describe("the API reference's Scalar bundle", () => {
  it("is a dependency of the site at one exact version, locked with its integrity", () => {
    const version = JSON.parse(readFileSync(join(site, "package.json"), "utf8")).dependencies[
      "@scalar/api-reference"
    ];
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
    const locked = lock.packages["node_modules/@scalar/api-reference"];
    expect(locked.version).toBe(version);
    expect(locked.integrity).toMatch(/^sha512-/);
  });

  it("is copied from node_modules by the prebuild step, which fetches nothing", () => {
    const script = readFileSync(join(site, "scripts", "prepare-static.mjs"), "utf8");
    expect(script).not.toMatch(/npm["', ]+pack|fetch\(|https?:\/\/registry/);
    const target = join(site, "static", "scalar");
    // The step copies the bundle again when its stamp is missing.
    if (existsSync(join(target, "VERSION"))) rmSync(join(target, "VERSION"));
    execFileSync("node", [join(site, "scripts", "prepare-static.mjs")], { cwd: site, stdio: "pipe" });
    const version = JSON.parse(readFileSync(join(site, "package.json"), "utf8")).dependencies[
      "@scalar/api-reference"
    ];
    expect(readFileSync(join(target, "VERSION"), "utf8").trim()).toBe(version);
    expect(existsSync(join(target, "standalone.esm.js"))).toBe(true);
  });
});
