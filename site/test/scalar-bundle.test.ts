import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The API reference's Scalar bundle comes from a lockfile, never from the network outside one (issue 57, part 8),
 * and a root `npm install` warns about nothing (issue 71): it is pinned at one exact version in
 * `site/api-reference-bundle/`, a project of its own with its own lockfile (integrity checked by npm, seen by
 * `npm audit --prefix site/api-reference-bundle`), outside the workspace, because every Scalar version with the
 * French localization asks for Node 22. The prebuild step installs it there with `npm ci` and copies the browser
 * build.
 */
const site = resolve(import.meta.dirname, "..");
const root = resolve(site, "..");
const bundle = join(site, "api-reference-bundle");
const pinned = (): string =>
  JSON.parse(readFileSync(join(bundle, "package.json"), "utf8")).dependencies["@scalar/api-reference"];

describe("the API reference's Scalar bundle", () => {
  it("is pinned at one exact version in a lockfile of its own, with its integrity", () => {
    expect(pinned()).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = JSON.parse(readFileSync(join(bundle, "package-lock.json"), "utf8"));
    const locked = lock.packages["node_modules/@scalar/api-reference"];
    expect(locked.version).toBe(pinned());
    expect(locked.integrity).toMatch(/^sha512-/);
  });

  it("is not in the workspace: the root install holds no Scalar package to warn about", () => {
    const rootLock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
    expect(Object.keys(rootLock.packages).filter((p) => p.includes("@scalar/"))).toEqual([]);
    const workspaces: string[] = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).workspaces;
    expect(workspaces.some((w) => w.includes("api-reference-bundle"))).toBe(false);
  });

  it("is installed from that lockfile and copied by the prebuild step, which fetches nothing else", () => {
    const script = readFileSync(join(site, "scripts", "prepare-static.mjs"), "utf8");
    expect(script).toMatch(/"ci"/);
    expect(script).not.toMatch(/npm["', ]+pack|fetch\(|https?:\/\/registry/);
    const target = join(site, "static", "scalar");
    // The step copies the bundle again when its stamp is missing.
    if (existsSync(join(target, "VERSION"))) rmSync(join(target, "VERSION"));
    execFileSync("node", [join(site, "scripts", "prepare-static.mjs")], { cwd: site, stdio: "pipe" });
    expect(readFileSync(join(target, "VERSION"), "utf8").trim()).toBe(pinned());
    expect(existsSync(join(target, "standalone.esm.js"))).toBe(true);
  }, 240_000);
});
