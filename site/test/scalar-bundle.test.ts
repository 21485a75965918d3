import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  copyScalar,
  integrityOf,
  lockedScalar,
  SCALAR_CACHE,
  scalarTarball,
} from "../scripts/prepare-static.mjs";

/**
 * The API reference's Scalar bundle comes from a lockfile, never from the network outside one, and a root
 * `npm install` warns about nothing: it is pinned at one exact version in
 * `site/api-reference-bundle/`, a project of its own with its own lockfile (integrity checked by npm, seen by
 * `npm audit --prefix site/api-reference-bundle`), outside the workspace, because every Scalar version with the
 * French localization asks for Node 22. The prebuild step takes that one package's tarball (`npm pack`, kept in
 * a cache), checks it against the lockfile's integrity, and copies its browser build, checked file by file at
 * every run: no second install of the package's 272 dependencies, none of which the browser build needs.
 */
const site = resolve(import.meta.dirname, "..");
const root = resolve(site, "..");
const bundle = join(site, "api-reference-bundle");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
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

  it("is taken from the pinned package's tarball, checked against the lockfile, with no install", () => {
    const script = readFileSync(join(site, "scripts", "prepare-static.mjs"), "utf8");
    expect(script).not.toMatch(/"(ci|install)"/);
    expect(script).not.toMatch(/fetch\(|https?:\/\/registry/);
    const target = join(site, "static", "scalar");
    // The step copies the bundle again when its stamp is missing.
    if (existsSync(join(target, "VERSION"))) rmSync(join(target, "VERSION"));
    execFileSync("node", [join(site, "scripts", "prepare-static.mjs")], { cwd: site, stdio: "pipe" });
    expect(readFileSync(join(target, "VERSION"), "utf8").trim()).toBe(pinned());
    expect(existsSync(join(target, "standalone.esm.js"))).toBe(true);
    const { version, integrity } = lockedScalar(bundle);
    expect(integrityOf(join(SCALAR_CACHE, `scalar-api-reference-${version}.tgz`))).toBe(integrity);
  }, 240_000);

  it("is fetched by the repository's install, so the first build does not wait for the registry", () => {
    const command: string | undefined = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts
      ?.postinstall;
    expect(command).toContain("prepare-static.mjs");
    // The install step only fetches and checks the tarball: the static files are the build's work.
    const out = execFileSync("sh", ["-c", command as string], { cwd: root, encoding: "utf8", stdio: "pipe" });
    expect(out).not.toMatch(/static\/(scalar|openapi)/);
    const { version, integrity } = lockedScalar(bundle);
    expect(integrityOf(join(SCALAR_CACHE, `scalar-api-reference-${version}.tgz`))).toBe(integrity);
  }, 240_000);

  it("puts back a tampered copy: a changed, a missing or an extra file", () => {
    const locked = lockedScalar(bundle);
    const tarball = scalarTarball(locked, { log: () => {} });
    const target = mkdtempSync(join(tmpdir(), "qibates-scalar-copy-"));
    dirs.push(target);
    expect(copyScalar(tarball, locked.version, target)).toBe(true);
    const entry = join(target, "standalone.esm.js");
    const original = readFileSync(entry);
    const chunk = readdirSync(join(target, "chunks"))[0] as string;
    const chunkBytes = readFileSync(join(target, "chunks", chunk));
    // Unchanged: nothing to write.
    expect(copyScalar(tarball, locked.version, target)).toBe(false);
    writeFileSync(entry, Buffer.concat([original, Buffer.from("\nfetch('https://example.invalid/');\n")]));
    expect(copyScalar(tarball, locked.version, target)).toBe(true);
    expect(readFileSync(entry).equals(original)).toBe(true);
    rmSync(join(target, "chunks", chunk));
    expect(copyScalar(tarball, locked.version, target)).toBe(true);
    expect(readFileSync(join(target, "chunks", chunk)).equals(chunkBytes)).toBe(true);
    writeFileSync(join(target, "chunks", "extra.js"), "alert(1)");
    expect(copyScalar(tarball, locked.version, target)).toBe(true);
    expect(existsSync(join(target, "chunks", "extra.js"))).toBe(false);
  }, 120_000);

  it("fetches the package again when its cached tarball does not match the lockfile, and refuses a wrong one", () => {
    const locked = lockedScalar(bundle);
    const good = readFileSync(scalarTarball(locked, { log: () => {} }));
    const cacheDir = mkdtempSync(join(tmpdir(), "qibates-scalar-cache-"));
    dirs.push(cacheDir);
    const fetched: string[] = [];
    /** A stand-in for `npm pack`: writes `bytes` as the fetched tarball. */
    const packing = (bytes: Buffer) => (spec: string, dir: string) => {
      fetched.push(spec);
      const file = join(dir, "fetched.tgz");
      writeFileSync(file, bytes);
      return file;
    };
    const cached = join(cacheDir, `scalar-api-reference-${locked.version}.tgz`);
    writeFileSync(cached, Buffer.concat([good, Buffer.from("tampered")]));
    expect(scalarTarball(locked, { cacheDir, pack: packing(good), log: () => {} })).toBe(cached);
    expect(fetched).toEqual([`@scalar/api-reference@${locked.version}`]);
    expect(integrityOf(cached)).toBe(locked.integrity);
    // A matching tarball is used as it is.
    scalarTarball(locked, { cacheDir, pack: packing(good), log: () => {} });
    expect(fetched).toHaveLength(1);
    // A fetched tarball that does not match the lockfile is refused, and nothing is kept.
    rmSync(cached);
    expect(() =>
      scalarTarball(locked, { cacheDir, pack: packing(Buffer.from("not the package")), log: () => {} }),
    ).toThrow(/not the lockfile's sha512-/);
    expect(existsSync(cached)).toBe(false);
  });
});
